"""Hypothesis strategies for teacher tests: valid scenarios of every preset."""

from __future__ import annotations

from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from tute_tutor.engine.cards import deck
from tute_tutor.engine.errors import ScenarioError
from tute_tutor.engine.variants import PRESETS
from tute_tutor.formats.scenario import Scenario

PRESET_IDS = sorted(PRESETS)


@st.composite
def scenarios(draw: st.DrawFn, ruleset: str | None = None) -> Scenario:
    """A possible scenario: distinct cards, a trick shorter than the table, a legal hand."""
    ruleset = ruleset or draw(st.sampled_from(PRESET_IDS))
    rules = PRESETS[ruleset]
    cards = draw(st.permutations(deck(rules.players)))
    trick_len = draw(st.integers(0, rules.players - 1))
    hand_len = draw(st.integers(1, rules.hand_size))
    overrides: dict[str, Any] = {}
    if draw(st.booleans()):
        overrides["partner_exemption"] = draw(st.booleans())
    if draw(st.booleans()):
        overrides["overtake_when_trumped"] = draw(st.booleans())
    stock_left = 2 * draw(st.integers(0, 12)) if rules.has_stock else 0
    if stock_left:
        hand_len = rules.hand_size  # while the stock lasts every hand is full
    try:
        return Scenario(ruleset=ruleset, trump=draw(st.integers(0, 3)),
                        hand=tuple(cards[trick_len:trick_len + hand_len]),
                        trick=tuple(cards[:trick_len]), overrides=overrides,
                        stock_left=stock_left)
    except ScenarioError:  # the engine knows impossibilities this strategy does not
        reject()
