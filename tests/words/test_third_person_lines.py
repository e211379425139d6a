"""The practice log's and the presenter's third-person lines (``explain.play.*``) say
only what is true of the position."""

from __future__ import annotations

import pytest

from tute_tutor.engine.cards import parse_cards
from tute_tutor.engine.legal import analyse_play
from tute_tutor.engine.variants import find_rules
from tute_tutor.words.explain import describe_play


@pytest.mark.parametrize(("lang", "false", "true"), [
    ("es", "puede superar la baza", "puede superar la carta más alta de ese palo: debe montar"),
    ("en", "can beat the trick", "can beat the highest card of that suit: must do so"),
])
def test_montar_in_a_trumped_trick_under_estricto_does_not_claim_to_beat_the_trick(
        lang: str, false: str, true: str) -> None:
    # The 2 of coins (trumps) has cut the cups trick; Estricto still makes Bruno beat the jack.
    analysis = analyse_play(parse_cards("12c,4c,5b"), parse_cards("10c,2o"), 0,
                            find_rules("estricto"))
    assert analysis.obligation == "montar"
    text = describe_play("Bruno", analysis, parse_cards("12c")[0], lang)
    assert false not in text and true in text
