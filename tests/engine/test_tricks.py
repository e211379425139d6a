"""The bitmask hot path on its own: deals, trick resolution, random playouts."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import CARDS, Card, deck
from tute_tutor.engine.tricks import ABOVE, deal, pick_bit, play_into_trick, random_playout

from .helpers import reference_winner


def test_random_playouts_give_130_points_for_every_player_count() -> None:
    rng = random.Random(4)
    for players in (4, 3, 2):
        for k in range(300):
            points = random_playout(rng, players, k % players)
            assert len(points) == players and sum(points) == 130
            assert all(p >= 0 for p in points)


def test_random_playouts_with_both_flags() -> None:
    rng = random.Random(5)
    for k in range(200):
        assert sum(random_playout(rng, 4, k % 4, overtake=True, low_trump=True)) == 130


def test_deal_partitions_the_deck() -> None:
    rng = random.Random(6)
    for players in (4, 3, 2):
        for dealer in range(players):
            hands, trump_card, stock = deal(rng, players, dealer)
            union = 0
            for hand in hands:
                assert union & hand == 0
                union |= hand
            for card in stock:
                assert not union >> card & 1
                union |= 1 << card
            if players == 2:
                assert not union >> trump_card & 1
                union |= 1 << trump_card
                assert len(stock) == 23
            else:
                assert hands[dealer] >> trump_card & 1 and stock == []
            assert union == sum(c.bit for c in deck(players))


def test_above_holds_exactly_the_stronger_cards_of_the_suit() -> None:
    for card in CARDS:
        above = {c for c in CARDS if ABOVE[card.index] >> c.index & 1}
        assert above == {c for c in CARDS if c.beats(card)}


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=4, unique=True),
       st.integers(0, 3))
def test_trick_resolution_matches_the_rule(trick: list[Card], trump: int) -> None:
    lead = high = best = -1
    winner = -1
    for i, card in enumerate(trick):
        lead, high, best, wins = play_into_trick(card.index, lead, high, best, trump)
        if wins:
            winner = i
    assert winner == reference_winner(trick, trump)
    assert CARDS[best] == trick[winner]
    assert lead == trick[0].suit
    assert CARDS[high] == max((c for c in trick if c.suit == lead), key=lambda c: c.strength)


@given(st.integers(1, (1 << 40) - 1), st.floats(0, 0.999999))
def test_pick_bit_returns_a_set_bit(mask: int, r: float) -> None:
    assert mask >> pick_bit(mask, lambda: r) & 1
