"""The sidebar every page shares (language, deck, rule set and its flags) and page helpers.

``streamlit_app.py`` calls :func:`render_sidebar` on every run before the page; pages
call :func:`page_header`, :func:`draw_cards` and :func:`draw_trick`, which draw the cards
of :mod:`tute_tutor.ui.cards` in the session's deck style and language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta
from functools import wraps
from typing import Any, Final, TypeVar, cast

import streamlit as st

from tute_tutor.engine.cards import Card
from tute_tutor.engine.variants import (
    CHOICES,
    FLAG_NAMES,
    PLAY_FLAGS,
    PRESETS,
    find_rules,
    match_target,
)
from tute_tutor.formats.inputs import is_ascii_whole
from tute_tutor.formats.limits import MAX_FIELD_CHARS, MAX_NUMBER_DIGITS
from tute_tutor.render.cards import DECK_STYLES
from tute_tutor.ui.cards import (
    clickable_hand,
    no_callback,
    select_cards,
    show_cards,
    show_trick,
)
from tute_tutor.ui.profile import profile_picker
from tute_tutor.ui.state import (
    DECK_STYLE,
    LANG,
    SETTINGS_ERROR,
    set_flag,
    set_ruleset,
    settings,
    sync_query_params,
    tr,
)
from tute_tutor.words.catalog import LANGUAGES, t, t_count
from tute_tutor.words.markup import escape_markdown

F = TypeVar("F", bound=Callable[..., Any])

WIDGET_PREFIX = "settings_w_"
"""Sidebar widgets keep their own keys; callbacks copy the value into the settings."""

TEXT_FLAGS = ("tute_award", "match")
NO_TRUMP = "none"


def widget_key(name: str) -> str:
    """The session key of the sidebar widget ``name`` (tests drive widgets by it)."""
    return WIDGET_PREFIX + name


# --------------------------------------------------------------------------- fragments
def fragment(*, run_every: float | timedelta | None = None) -> Callable[[F], F]:
    """``st.fragment`` that reads the settings before the body on every run.

    A fragment rerun runs only the decorated function, possibly in a new thread, so
    what the entry point set up for the run (the deck whose card names are spoken, see
    :func:`tute_tutor.ui.state.settings`) would otherwise be back at its default there.
    """
    def decorate(func: F) -> F:
        @wraps(func)
        def run(*args: Any, **kwargs: Any) -> Any:
            settings()
            return func(*args, **kwargs)

        made = st.fragment(run, run_every=run_every)
        if run_every is not None:  # for draw_poller's stall guard
            every = run_every.total_seconds() if isinstance(run_every, timedelta) \
                else float(run_every)
            setattr(made, _POLL_SECONDS, every)
        return cast(F, made)

    return decorate


_PAGE_DRAWS_POLLER = "_tt_page_draws_poller"
_POLL_SECONDS = "tt_poll_seconds"


def draw_poller(poller: Callable[..., None], *args: Any) -> None:
    """Call the polling fragment ``poller`` from the page's own run (see
    :func:`redraw_page`), with the :func:`stall_guard` that brings its timer back.
    Draw it last: the guard's empty element then adds no gap under the page."""
    st.session_state[_PAGE_DRAWS_POLLER] = True
    try:
        poller(*args)
    finally:
        st.session_state[_PAGE_DRAWS_POLLER] = False
    stall_guard(f"tt-stall-{getattr(poller, '__name__', 'poll')}",
                float(getattr(poller, _POLL_SECONDS, 0.0)))


def redraw_page() -> None:
    """From a polling fragment that saw the page out of date: run the whole page again,
    unless the page's own run is drawing the fragment now. That run is drawing what it
    loaded a moment ago and the fragment's next poll asks again, so the run is never
    stopped half way (a student joining while the projector redraws)."""
    if not st.session_state.get(_PAGE_DRAWS_POLLER):
        st.rerun()


_STALL_JS = """
// A page kept up to date by a polling fragment: the fragment's timer lives in the
// browser, and Streamlit drops every such timer when a whole-page run begins, setting
// it again when the run draws the fragment. A run stopped before that leaves the page
// still for good. This guard watches the page's runs (Streamlit marks each run, a
// fragment's too, on its app element); after data.ms with none, and none under way
// (running, or asked for and not begun: a busy server may take a while to begin), it
// asks for a whole-page run, and again each data.ms. A page whose poll runs is never
// asked for more. Without that mark it counts only the whole-page runs.
const guards = new Map();
export default function ({ data, key, setTriggerValue }) {
  guards.get(key)?.stop();
  guards.delete(key);
  if (!data.ms) return;
  const app = document.querySelector('[data-testid="stApp"]');
  const state = "data-test-script-state";
  let last = Date.now();
  let timer = 0;
  const runs = app ? new MutationObserver(() => { last = Date.now(); }) : null;
  runs?.observe(app, { attributes: true, attributeFilter: [state] });
  const check = () => {
    const quiet = Date.now() - last;
    const now = app?.getAttribute(state);
    const idle = now == null || now === "notRunning";
    if (quiet < data.ms || !idle) {
      timer = setTimeout(check, Math.max(data.ms - quiet, 250));
      return;
    }
    last = Date.now();
    timer = setTimeout(check, data.ms);
    setTriggerValue("stalled", data.token);
  };
  timer = setTimeout(check, data.ms);
  const guard = { stop() { clearTimeout(timer); runs?.disconnect(); } };
  guards.set(key, guard);
  return () => {
    guard.stop();
    if (guards.get(key) === guard) guards.delete(key);
  };
}
"""

_stall_guard = st.components.v2.component("tute_tutor_stall_guard", js=_STALL_JS)
_STALL_RUNS = "_tt_stall_guard_runs"
STALL_SECONDS: Final = 8.0
"""How long a polled page may go without any run before :func:`stall_guard` asks for
a whole-page run: several polls missed, and far more than a busy server's answer."""
STALL_POLLS: Final = 4
"""With slow polls (``TUTE_TUTOR_PACE`` up to 10), the guard waits this many polls."""


def stall_guard(key: str, poll_seconds: float, armed: bool = True) -> None:
    """Ask the browser for a whole-page run when this page has had no run at all (a
    fragment's or the page's) for :data:`STALL_SECONDS`, or :data:`STALL_POLLS` polls
    of ``poll_seconds`` when that is longer. :func:`draw_poller` draws it.

    For a page whose changes come through a polling fragment: Streamlit (1.67) keeps
    the fragment's timer in the browser, clears every such timer when a whole-page run
    starts and sets it again only when that run draws the fragment, so a run stopped
    earlier can leave the page without a poll for good (seen under load: a room's page
    that sent nothing for minutes while the others played on). A whole-page run draws
    the fragment again, and with it its timer. While the poll runs the guard asks for
    nothing. Draw it in every whole-page run. Not ``armed``: drawn, asking for nothing
    (a page that runs again by itself only at some moments arms it at those).
    """
    runs = int(st.session_state.get(_STALL_RUNS, 0)) + 1
    st.session_state[_STALL_RUNS] = runs
    seconds = max(STALL_SECONDS, STALL_POLLS * poll_seconds) if armed else 0.0
    _stall_guard(key=key, data={"ms": int(seconds * 1000), "token": runs},
                 on_stalled_change=no_callback)


# --------------------------------------------------------------------------- callbacks
def _on_language() -> None:
    value = st.session_state.get(widget_key("lang"))
    if value in LANGUAGES:
        st.session_state[LANG] = value
        st.session_state.pop(SETTINGS_ERROR, None)


def _on_deck() -> None:
    value = st.session_state.get(widget_key("deck"))
    if value in DECK_STYLES:
        st.session_state[DECK_STYLE] = value
        st.session_state.pop(SETTINGS_ERROR, None)


def _on_ruleset() -> None:
    value = st.session_state.get(widget_key("ruleset"))
    if isinstance(value, str):
        set_ruleset(value)
        st.session_state.pop(SETTINGS_ERROR, None)


def _on_flag(name: str) -> None:
    raw = st.session_state.get(widget_key(f"flag_{name}"))
    value: Any = raw
    if name == "first_hand_trump" and raw == NO_TRUMP:
        value = None
    if name in TEXT_FLAGS:
        value = _text_flag_value(str(raw or ""))
    problem = set_flag(name, value)
    if problem is None:
        st.session_state.pop(SETTINGS_ERROR, None)
    elif name in TEXT_FLAGS:
        # The engine refused it; say so in the learner's language with what is allowed.
        hint = tr("settings.award_hint" if name == "tute_award" else "settings.match_hint")
        st.session_state[SETTINGS_ERROR] = tr(
            "settings.bad_text_flag", flag=tr(f"settings.flag.{name}.label"),
            value=escape_markdown(str(raw)[:MAX_FIELD_CHARS]), hint=hint)
    else:
        st.session_state[SETTINGS_ERROR] = tr("settings.bad_override",
                                              error=escape_markdown(problem))


def _on_reset_flags() -> None:
    set_ruleset(settings().ruleset)
    st.session_state.pop(SETTINGS_ERROR, None)


def _text_flag_value(text: str) -> Any:
    """What the learner typed for ``tute_award`` or ``match``: a number or the text."""
    text = text.strip()
    return int(text) if is_ascii_whole(text) and len(text) <= MAX_NUMBER_DIGITS else text


def _flag_text(value: Any) -> str:
    return str(value)


# --------------------------------------------------------------------------- sidebar
def render_sidebar() -> None:
    """Language, deck style, rule set and every flag of it, in the sidebar.

    Each widget writes the settings through a callback, so the change is visible to the
    page in the same run; the settings then go to the URL.
    """
    current = settings()
    state = st.session_state
    with st.sidebar:
        st.subheader(tr("settings.title"))
        state[widget_key("lang")] = current.lang
        st.radio(tr("settings.language"), LANGUAGES, key=widget_key("lang"),
                 format_func=labeller("settings.lang_name.", lang=current.lang),
                 horizontal=True, on_change=_on_language)
        state[widget_key("deck")] = current.deck_style
        st.radio(tr("settings.deck_style"), DECK_STYLES, key=widget_key("deck"),
                 format_func=labeller("settings.deck.", lang=current.lang),
                 horizontal=True, on_change=_on_deck)
        state[widget_key("ruleset")] = current.ruleset
        st.selectbox(tr("settings.ruleset"), list(PRESETS), key=widget_key("ruleset"),
                     format_func=labeller("settings.preset.", ".label", lang=current.lang),
                     on_change=_on_ruleset)
        st.caption(tr(f"settings.preset.{current.ruleset}.summary") + " · "
                   + tr("settings.players", players=current.rules.players))
        error = state.get(SETTINGS_ERROR)
        if error:
            st.error(str(error), icon=":material/warning:")
        with st.expander(tr("settings.flags"), expanded=bool(current.overrides)):
            st.caption(tr("settings.flags_help"))
            _flag_widgets()
        profile_picker()
    phone_styles()
    sync_query_params()


PAGE_CSS = """<style>
.st-key-practice_status { padding-bottom: 0.5rem; }
.st-key-practice_status, .st-key-practice_caption { overflow: visible !important; }
@media (max-width: 640px) {
  [data-testid='stMainBlockContainer'] { padding-top: 3.75rem; }
  [data-testid='stMainBlockContainer'] h1 { font-size: 1.9rem; padding: 0.25rem 0 0.5rem 0; }
  [data-testid='stMainBlockContainer'] h2 { font-size: 1.35rem; padding: 0.25rem 0 0.4rem 0; }
  [data-testid='stMainBlockContainer'] h3 { font-size: 1.2rem; padding: 0.25rem 0 0.25rem 0; }
  [data-testid='stMetricValue'] { font-size: 1.6rem; }
  .tt-hand svg.tt-card, .tt-trick svg.tt-card { max-width: 15vw !important; }
  .tt-table { padding: 4px 2px !important; row-gap: 4px !important; }
  .tt-table svg.tt-card { max-width: 12vw !important; }
  .st-key-practice_table { padding: 0.5rem !important; }
  .st-key-practice_play, .st-key-practice_table { gap: 0.5rem !important; }
  .st-key-practice_status p { font-size: 0.85rem; }
  .st-key-practice_status svg.tt-card { max-width: 10vw !important; }
  .tt-table figcaption { max-width: 36vw !important; font-size: 0.75rem !important;
    line-height: 1.1 !important; }
  .tt-table figcaption span { font-size: 0.7rem !important; }
}
</style>"""
"""Styles every page gets. The practice rows that never wrap (status and trump card,
the trick's line and Continue) do not scroll: a markdown block draws a little beyond its
box, which made them scroll areas, and so stray tab stops; the status row keeps room for
the card under it. At phone widths (where Streamlit stacks columns): less room above the
page, smaller headings and metrics, smaller cards (six a row in a hand) and tighter
practice table spacing, so that what the learner acts on comes on the first screen.
Laptops keep Streamlit's sizes."""


def phone_styles() -> None:
    """Add :data:`PAGE_CSS` to the page (a style-only ``st.html`` takes no room)."""
    st.html(PAGE_CSS)


def labeller(prefix: str, suffix: str = "", *, lang: str) -> Callable[[Any], str]:
    """A widget ``format_func`` showing ``t(prefix + value + suffix, lang)``.

    The language is fixed when the widget is built: Streamlit may call the function
    outside the script run (AppTest does), where the session is not readable.
    """
    def label(value: Any) -> str:
        """The translated label of ``value``."""
        return t(f"{prefix}{value}{suffix}", lang)

    return label


def _flag_widgets() -> None:
    current = settings()
    rules = current.rules
    values = rules.flags()
    state = st.session_state
    for name in FLAG_NAMES:
        key = widget_key(f"flag_{name}")
        label = tr(f"settings.flag.{name}.label")
        if name in current.overrides:
            label += f" ({tr('settings.changed')})"
        help_text = tr(f"settings.flag.{name}.help")
        value = values[name]
        if name in PLAY_FLAGS:
            state[key] = bool(value)
            st.toggle(label, key=key, help=help_text, on_change=_on_flag, args=(name,))
        elif name in CHOICES:
            state[key] = value
            st.selectbox(label, list(CHOICES[name]), key=key, help=help_text,
                         format_func=labeller(f"settings.choice.{name}.", lang=current.lang),
                         on_change=_on_flag, args=(name,))
        elif name == "first_hand_trump":
            state[key] = NO_TRUMP if value is None else value
            st.selectbox(label, (NO_TRUMP, "o", "c", "e", "b"), key=key, help=help_text,
                         format_func=labeller("settings.choice.first_hand_trump.",
                                              lang=current.lang),
                         on_change=_on_flag, args=(name,))
        else:
            hint = tr("settings.award_hint" if name == "tute_award" else "settings.match_hint")
            # A text box keeps what the learner typed until it is fixed; a valid value
            # replaces it with the engine's canonical form.
            if state.get(SETTINGS_ERROR) is None or key not in state:
                state[key] = _flag_text(value)
            st.text_input(label, key=key, help=f"{help_text} ({hint})",
                          max_chars=MAX_FIELD_CHARS, on_change=_on_flag, args=(name,))
    if current.overrides:
        st.button(tr("settings.reset_flags"), key=widget_key("reset_flags"),
                  on_click=_on_reset_flags)


def flag_value_label(name: str, value: Any, lang: str) -> str:
    """A flag's value in words: ``sí``, ``la pareja que gana la baza``, ``a 3 manos``."""
    if isinstance(value, bool):
        return t(f"settings.choice.bool.{str(value).lower()}", lang)
    if name == "first_hand_trump":
        return t(f"settings.choice.first_hand_trump.{value or NO_TRUMP}", lang)
    if name == "tute_award":
        if isinstance(value, int):
            return t_count("settings.value.award_points", value, lang, points=value)
        return t("settings.choice.tute_award.hand", lang)
    if name == "match":
        kind, number = match_target(find_rules("clasico", {"match": value}))
        return t_count(f"settings.match_mode.{kind}", number, lang, number=number)
    key = f"settings.choice.{name}.{value}"
    text = t(key, lang)
    return str(value) if text == key else text


# --------------------------------------------------------------------------- page helpers
def page_header(title_key: str, intro_key: str | None = None) -> None:
    """The page's title and an optional one-paragraph introduction."""
    st.title(tr(title_key))
    if intro_key:
        st.markdown(tr(intro_key))


def draw_cards(cards: Sequence[Card], *, legal: Sequence[Card] | None = None,
               width: int = 90) -> None:
    """Draw ``cards`` in the session's deck style (legal ones highlighted when given)."""
    current = settings()
    show_cards(list(cards), style=current.deck_style, lang=current.lang, width=width,
               legal=None if legal is None else list(legal))


def draw_trick(cards: Sequence[Card], *, labels: Sequence[str] = (),
               winning: int | None = None, width: int = 90) -> None:
    """Draw the cards on the table in order, with a caption each and the winner marked."""
    current = settings()
    show_trick(list(cards), labels=list(labels), winning=winning, style=current.deck_style,
               lang=current.lang, width=width)


def pick_card(cards: Sequence[Card], *, key: str, legal: Sequence[Card] | None = None,
              show_legal: bool = False, disabled: bool = False,
              width: int = 90) -> Card | None:
    """The card the learner clicked in this run (once per click), else None."""
    current = settings()
    return clickable_hand(list(cards), key=key, legal=None if legal is None else list(legal),
                          show_legal=show_legal, style=current.deck_style, lang=current.lang,
                          width=width, disabled=disabled)


def pick_cards(cards: Sequence[Card], *, key: str, width: int = 90) -> list[Card]:
    """A multi-selection of cards (``which cards may you play?``)."""
    current = settings()
    return select_cards(list(cards), key=key, style=current.deck_style, lang=current.lang,
                        width=width)
