"""Session settings every page obeys: language, deck style, rule set and its overrides."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from tute_tutor.i18n import DEFAULT_LANGUAGE, LANGUAGES, t
from tute_tutor.rules import PRESETS, Rules, find_rules

DECK_STYLES = ("spanish", "french")


@dataclass(frozen=True)
class Settings:
    lang: str = DEFAULT_LANGUAGE
    deck_style: str = "spanish"
    ruleset: str = "clasico"
    overrides: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return find_rules(self.ruleset, self.overrides)


def init_session_defaults() -> None:
    """Set the defaults once per browser session (language from the browser's locale)."""
    state = st.session_state
    if "lang" not in state:
        lang = DEFAULT_LANGUAGE
        try:
            locale = st.context.locale or ""
        except Exception:
            locale = ""
        if locale.lower().startswith("en"):
            lang = "en"
        wanted = st.query_params.get("lang")
        if wanted in LANGUAGES:
            lang = wanted
        state["lang"] = lang
    state.setdefault("deck_style", "spanish")
    state.setdefault("ruleset", "clasico")
    state.setdefault("overrides", {})


def settings() -> Settings:
    """The current settings (defaults filled in if a page is opened first)."""
    init_session_defaults()
    state = st.session_state
    ruleset = state["ruleset"] if state["ruleset"] in PRESETS else "clasico"
    return Settings(state["lang"], state["deck_style"], ruleset, dict(state["overrides"]))


def tr(key: str, **values: object) -> str:
    """The message ``key`` in the session's language."""
    return t(key, settings().lang, **values)
