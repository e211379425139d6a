"""The rule book's flag examples: one per flag, each showing the two settings apart, with
the answers docs/RULES.md gives for those positions."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import CARDS, Card, parse_cards, suit_from_letter
from tute_tutor.engine.variants import FLAG_NAMES, PRESETS, find_rules
from tute_tutor.teach.rulebook import (
    _CANTE_DEAL,
    _TUTE_DEAL,
    FLAG_VALUES,
    flag_example,
    flag_examples,
    play_out,
    trick_roles,
)


def codes(cards: tuple[Card, ...] | list[Card]) -> set[str]:
    return {str(card) for card in cards}


def test_every_rule_flag_has_an_example_that_tells_its_settings_apart() -> None:
    examples = flag_examples()
    assert [example.flag for example in examples] == list(FLAG_NAMES)
    assert set(FLAG_VALUES) == set(FLAG_NAMES)
    for example in examples:
        assert example.differs, example.flag
        first, second = example.sides
        assert first.value == find_rules("clasico").flags()[example.flag]
        assert getattr(second.rules, example.flag) == second.value != first.value


def test_cut_trick_example_follows_rules_md() -> None:
    # docs/RULES.md, "Rule flags": sota de copas led, 2 de oros played; rey and 4 de copas, bastos:
    # either copa by default, only the rey with overtake_when_trumped.
    example = flag_example("overtake_when_trumped")
    default, strict = (side.analysis for side in example.sides)
    assert default is not None and strict is not None
    assert codes(default.legal) == {"12c", "4c"}
    assert codes(strict.legal) == {"12c"}
    assert str(example.card) == "4c"


def test_cannot_overtrump_example_follows_rules_md() -> None:
    # docs/RULES.md, "What you may play": copas led, as de oros played; only the 2 de oros
    # as trump: any card, unless trump_when_cannot_overtrump forces the lower trump.
    example = flag_example("trump_when_cannot_overtrump")
    default, forced = (side.analysis for side in example.sides)
    assert default is not None and forced is not None
    assert codes(default.legal) == codes(default.hand)
    assert codes(forced.legal) == {"2o"}


def test_partner_exemption_example_follows_rules_md() -> None:
    example = flag_example("partner_exemption")
    assert trick_roles(example.sides[0].rules, len(example.trick))[0] == "lead_partner"
    default, exempt = (side.analysis for side in example.sides)
    assert default is not None and exempt is not None
    # The partner leads the as de copas and wins; no copas in hand.
    assert default.winning_by == exempt.winning_by == "partner"
    assert codes(default.legal) == {card for card in codes(default.hand) if card.endswith("o")}
    assert codes(exempt.legal) == codes(exempt.hand)


@pytest.mark.parametrize("deal", [_CANTE_DEAL, _TUTE_DEAL])
def test_scripted_deals_hold_every_card_once(deal: tuple[str, ...]) -> None:
    cards = [card for hand in deal for card in parse_cards(hand)]
    assert len(cards) == 40 and set(cards) == set(CARDS)
    assert all(len(parse_cards(hand)) == 10 for hand in deal)
    assert Card.parse("4o") in parse_cards(deal[3])  # the dealer keeps the trump card


def test_cante_examples_turn_on_a_trick_the_partner_won() -> None:
    for flag in ("cante_by", "cantes_per_trick"):
        example = flag_example(flag)
        assert all(side.facts["winner"] == 2 for side in example.sides)
        assert example.trick[2] == max(example.trick, key=lambda c: c.index)
        assert codes(example.facts["pair"]) <= set(_CANTE_DEAL[0].split(","))
    # team: either partner sings; trick_winner: only the winner.
    assert [s.allowed for s in flag_example("cante_by").sides] == [True, False]
    # per_player: both partners sing; one: your cante (asked first) uses up the trick.
    assert [s.allowed for s in flag_example("cantes_per_trick").sides] == [True, False]


def test_tute_timing_example_is_after_the_sides_second_trick() -> None:
    example = flag_example("tute_timing")
    assert all(side.facts["tricks_won"] == 2 for side in example.sides)
    assert [side.allowed for side in example.sides] == [False, True]
    assert {card.rank for card in example.facts["reyes"]} == {12}


def test_tute_award_example_gives_one_hand_or_the_award_in_points() -> None:
    example = flag_example("tute_award")
    assert [side.facts["points"] for side in example.sides] == [1, 2]


def test_match_example_is_a_big_win_worth_two_only_in_ludoteka() -> None:
    example = flag_example("match")
    winner, loser = example.facts["winner_total"], example.facts["loser_total"]
    assert winner > 100 and winner + loser == 130  # no cantes in an engine play-out
    assert [side.facts["points"] for side in example.sides] == [1, 2]
    assert [side.facts["target"] for side in example.sides] == [3, 6]


def test_next_dealer_example_passes_the_deal_or_gives_it_to_the_last_trick() -> None:
    example = flag_example("next_dealer")
    dealer, last = example.facts["dealer"], example.facts["last_winner"]
    game = play_out(example.facts["seed"])
    assert (game.dealer, game.tricks[-1].winner) == (dealer, last)
    assert [side.facts["next"] for side in example.sides] == [(dealer + 1) % 4, last]


def test_first_hand_trump_example_fixes_oros_only_with_the_flag() -> None:
    example = flag_example("first_hand_trump")
    free, fixed = (side.facts["trump"] for side in example.sides)
    assert fixed == suit_from_letter("o") != free
    assert example.sides[1].facts["trump_card"].suit == fixed


def test_play_out_plays_every_card_once() -> None:
    game = play_out(3)
    played = Counter(card for trick in game.tricks for card in trick.cards)
    assert len(played) == 40 and set(played.values()) == {1}
    assert sum(game.result().totals) == 130


@given(st.sampled_from(list(PRESETS)), st.integers(min_value=0, max_value=3))
def test_trick_roles_name_the_partner_two_cards_before_you(preset: str, on_table: int) -> None:
    rules = find_rules(preset)
    on_table = min(on_table, rules.players - 1)
    roles = trick_roles(rules, on_table)
    assert len(roles) == on_table
    if roles:
        assert roles[0].startswith("lead_")
        assert not any(role.startswith("lead_") for role in roles[1:])
    partners = [i for i, role in enumerate(roles) if role.endswith("partner")]
    if rules.players == 4 and on_table >= 2:
        assert partners == [on_table - 2]
    else:
        assert partners == []
