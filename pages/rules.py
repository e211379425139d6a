"""Page: rules. The rule book, the glossary and, for each rule flag, a side-by-side
example computed live by the engine."""

from tute_tutor.ui.rules import render_rules_page

render_rules_page()
