"""Session settings every page obeys: language, deck style, rule set and its overrides.

The settings live in ``st.session_state`` under :data:`LANG`, :data:`DECK_STYLE`,
:data:`RULESET` and :data:`OVERRIDES`. They start from the URL (``?lang=en&rules=estricto
&flags=partner_exemption=true``) or the browser's locale, Spanish by default, and are
written back to the URL on every run so a copied link keeps them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import streamlit as st
from streamlit import config
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner import get_script_run_ctx

from tute_tutor.engine.cards import known_deck
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import PRESETS, Rules, find_rules, overrides_of
from tute_tutor.formats.inputs import parse_flag_text, shown
from tute_tutor.formats.limits import MAX_PARAM_CHARS
from tute_tutor.render.cards import DECK_STYLES
from tute_tutor.words.cards import set_spoken_deck
from tute_tutor.words.catalog import DEFAULT_LANGUAGE, LANGUAGES, t, t_count
from tute_tutor.words.markup import escape_markdown

DEFAULT_RULESET = "clasico"

LANG = "lang"
DECK_STYLE = "deck_style"
RULESET = "ruleset"
OVERRIDES = "overrides"
SETTINGS_ERROR = "settings_error"
"""Session key of the last bad setting (a one-line message), shown in the sidebar."""

QUERY_LANG = "lang"
QUERY_RULES = "rules"
QUERY_FLAGS = "flags"
QUERY_DECK = "deck"


@dataclass(frozen=True)
class Settings:
    """What the learner chose: language, deck style, rule set and flag overrides."""

    lang: str = DEFAULT_LANGUAGE
    deck_style: str = "spanish"
    ruleset: str = DEFAULT_RULESET
    overrides: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        """The rule set with the overrides applied (validated by the engine)."""
        return find_rules(self.ruleset, self.overrides)


def locale_language(locale: str | None) -> str:
    """The app language for a browser locale: English for ``en*``, else Spanish.

    >>> locale_language("en-GB"), locale_language("es-ES"), locale_language(None)
    ('en', 'es', 'es')
    """
    return "en" if (locale or "").lower().startswith("en") else DEFAULT_LANGUAGE


def format_flags(overrides: Mapping[str, Any]) -> str:
    """Overrides as the ``flags`` URL value: ``name=value`` pairs joined by commas.

    >>> format_flags({"partner_exemption": True, "tute_award": 2, "first_hand_trump": None})
    'partner_exemption=true,tute_award=2,first_hand_trump=null'
    """
    def text(value: Any) -> str:
        """One value as the command line writes it (``true``, ``null``, ``2``)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if value is None:
            return "null"
        return str(value)

    return ",".join(f"{name}={text(value)}" for name, value in overrides.items())


def parse_flags(text: str) -> dict[str, Any]:
    """Read the ``flags`` URL value back; a bad pair raises the engine's ``RulesError``.

    >>> parse_flags("partner_exemption=true, tute_award=2")
    {'partner_exemption': True, 'tute_award': 2}
    >>> parse_flags("")
    {}
    """
    overrides: dict[str, Any] = {}
    for part in text.split(","):
        if part.strip():
            name, value = parse_flag_text(part)
            overrides[name] = value
    return overrides


def settings_from_query(params: Mapping[str, str], locale: str | None) -> tuple[
        Settings, list[str]]:
    """Settings read from URL parameters and the browser locale, plus one message per
    bad parameter (the bad value is ignored, never raised)."""
    problems: list[str] = []
    lang = locale_language(locale)
    wanted_lang = params.get(QUERY_LANG)
    if wanted_lang in LANGUAGES:
        lang = str(wanted_lang)
    elif wanted_lang:
        problems.append(f"lang={shown(wanted_lang)}: use es or en")
    deck_style = "spanish"
    wanted_deck = params.get(QUERY_DECK)
    if wanted_deck in DECK_STYLES:
        deck_style = str(wanted_deck)
    elif wanted_deck:
        problems.append(f"deck={shown(wanted_deck)}: use spanish or french")
    ruleset = DEFAULT_RULESET
    wanted_rules = params.get(QUERY_RULES)
    if wanted_rules in PRESETS:
        ruleset = str(wanted_rules)
    elif wanted_rules:
        problems.append(f"rules={shown(wanted_rules)}: use one of {', '.join(PRESETS)}")
    overrides: dict[str, Any] = {}
    flags_text = params.get(QUERY_FLAGS)
    if flags_text and len(str(flags_text)) > MAX_PARAM_CHARS:
        problems.append(f"flags: {len(str(flags_text))} characters, at most {MAX_PARAM_CHARS}")
    elif flags_text:
        try:
            wanted = parse_flags(str(flags_text))
            overrides = overrides_of(find_rules(ruleset, wanted), ruleset)
        except TuteError as error:
            problems.append(f"flags: {' '.join(error.message.split())}")
    return Settings(lang, deck_style, ruleset, overrides), problems


def init_session_defaults() -> None:
    """Set the settings once per browser session, from the URL or the browser's locale."""
    state = st.session_state
    if LANG in state and RULESET in state and DECK_STYLE in state and OVERRIDES in state:
        return
    try:
        locale = st.context.locale
    except Exception:  # no browser context (bare script run): Spanish
        locale = None
    params = {key: st.query_params.get(key) or "" for key in
              (QUERY_LANG, QUERY_DECK, QUERY_RULES, QUERY_FLAGS)}
    start, problems = settings_from_query(params, locale)
    state.setdefault(LANG, start.lang)
    state.setdefault(DECK_STYLE, start.deck_style)
    state.setdefault(RULESET, start.ruleset)
    state.setdefault(OVERRIDES, dict(start.overrides))
    if problems:
        state[SETTINGS_ERROR] = t("settings.bad_link", start.lang,
                                  error=escape_markdown("; ".join(problems)))


_last_settings: list[Settings] = [Settings()]
"""The settings of the latest script run in this process.

Streamlit (AppTest in particular) may call a widget's ``format_func`` after the run,
outside any session; labels then come out in the language the run used.
"""


def leave_pages_folder_mode() -> None:
    """Rerun through ``streamlit_app.py`` when Streamlit ran a page file on its own.

    A fresh Streamlit process treats the ``pages/`` folder as a legacy multipage app
    until the entry point has called ``st.navigation`` once. A deep link such as
    ``/lessons?lesson=x`` opened first after a restart would then run
    ``pages/lessons.py`` alone: no settings sidebar, the folder's page names. The
    first page run that finds that mode switches it off and reruns, so the entry
    point draws the app around the same page.
    """
    # AppTest resets the mode before every run, and a rerun there would drop the
    # clicks of that run: under AppTest pages keep running on their own.
    if PagesManager.uses_pages_directory and not config.get_option("global.appTest"):
        PagesManager.uses_pages_directory = False
        st.rerun()


def settings() -> Settings:
    """The current settings (defaults filled in if a page is opened first).

    Reading them also makes card and suit names follow the deck style (``seis de
    diamantes`` with the French deck): the spoken deck is a context variable, and
    Streamlit may run each script run and each fragment rerun in a new thread where it
    starts at the Spanish deck, so every run that reads its settings sets it again (the
    entry point does first, and :func:`tute_tutor.ui.layout.fragment` at the start of
    every fragment run).
    """
    if get_script_run_ctx(suppress_warning=True) is None:
        # No run to follow: the thread's spoken deck is left alone (setting it from the
        # process's last run would leak one session's deck into unrelated code).
        return _last_settings[0]
    leave_pages_folder_mode()
    init_session_defaults()
    state = st.session_state
    lang = state[LANG] if state[LANG] in LANGUAGES else DEFAULT_LANGUAGE
    deck_style = known_deck(state[DECK_STYLE])
    ruleset = state[RULESET] if state[RULESET] in PRESETS else DEFAULT_RULESET
    overrides = dict(state[OVERRIDES]) if isinstance(state[OVERRIDES], Mapping) else {}
    try:
        find_rules(ruleset, overrides)
    except TuteError:
        overrides = {}
    current = Settings(lang, deck_style, ruleset, overrides)
    _last_settings[0] = current
    set_spoken_deck(deck_style)
    return current


def set_ruleset(ruleset: str) -> None:
    """Switch to the preset ``ruleset``; its own flags replace any earlier overrides."""
    if ruleset in PRESETS:
        st.session_state[RULESET] = ruleset
        st.session_state[OVERRIDES] = {}


def set_flag(name: str, value: Any) -> str | None:
    """Override one flag of the current rule set; the engine validates it.

    Returns None when the value was taken, else the engine's one-line message (the
    settings stay as they were).
    """
    current = settings()
    try:
        rules = find_rules(current.ruleset, {**current.overrides, name: value})
    except TuteError as error:
        return str(error)
    st.session_state[OVERRIDES] = overrides_of(rules, current.ruleset)
    return None


def sync_query_params() -> None:
    """Write the settings to the URL (only our keys; other pages' parameters stay)."""
    current = settings()
    wanted = {QUERY_LANG: current.lang, QUERY_RULES: current.ruleset}
    if current.deck_style != "spanish":
        wanted[QUERY_DECK] = current.deck_style
    if current.overrides:
        wanted[QUERY_FLAGS] = format_flags(current.overrides)
    for key in (QUERY_LANG, QUERY_DECK, QUERY_RULES, QUERY_FLAGS):
        if key in wanted:
            if st.query_params.get(key) != wanted[key]:
                st.query_params[key] = wanted[key]
        elif key in st.query_params:
            del st.query_params[key]


def keep_choices(*keys: str) -> None:
    """Give these keyed choice widgets (select boxes, radios, pills, segmented controls)
    their value again before they are drawn, so it goes to the browser under this run's
    label.

    Streamlit carries such a choice by the label it shows. After the learner switches
    language the browser would still hold the label of the old language, send it back
    on the next click, and the choice would fall back to another option (Watch went back
    to level 1 and its first card). Call it every run, before the widgets.
    """
    state = st.session_state
    for key in keys:
        if key in state:
            state[key] = state[key]


def session_lang() -> str:
    """The session's language: :func:`settings`'s, read the short way once the run has
    its settings (a page asks for it hundreds of times a run)."""
    if get_script_run_ctx(suppress_warning=True) is not None:
        lang = st.session_state.get(LANG)
        if lang in LANGUAGES:
            return str(lang)
    return settings().lang


def tr(key: str, **values: object) -> str:
    """The message ``key`` in the session's language."""
    return t(key, session_lang(), **values)


def tr_count(key: str, count: float, /, **values: object) -> str:
    """The message ``key`` for ``count`` things in the session's language (plural rules)."""
    return t_count(key, count, session_lang(), **values)
