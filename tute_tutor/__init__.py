"""Tute Tutor: a rules engine for the Spanish card game Tute, and the app that teaches it.

The engine (cards, rules, legal plays with reasons, whole hands, records) never
imports Streamlit; only :mod:`tute_tutor.ui` does.
"""

import tute_tutor.words  # noqa: F401 - installs card names and error sentences in the engine
from tute_tutor.engine.cards import Card, parse_cards
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import analyse_play
from tute_tutor.engine.variants import PRESETS, Rules, find_rules
from tute_tutor.formats.scenario import Scenario

__all__ = ["PRESETS", "Card", "Game", "Rules", "Scenario", "TuteError", "analyse_play",
           "find_rules", "parse_cards"]
__version__ = "0.1.0"
