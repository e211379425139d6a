"""The double-dummy solver against a plain minimax on small endings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.ai.bruteforce import minimax
from tute_tutor.ai.solver import PAIR_MASKS, Position, Solver, legal_cards
from tute_tutor.engine.cards import mask_of, parse_cards
from tute_tutor.engine.tricks import POINTS
from tute_tutor.engine.variants import find_rules


def _bits(mask: int) -> list[int]:
    return [i for i in range(40) if mask >> i & 1]


def build_position(rng: random.Random, players: int, tricks: int, *, kind: str,
                   **flags: bool) -> Position:
    """A random ending of ``tricks`` tricks, shaped so that ``kind`` happens.

    kind "trump_led": the leader holds only trumps; "trumped": the seat after the
    leader is void in the leader's suits and holds trumps; "pairs": reyes and caballos
    together in hands (cantes on); "any": no shaping.
    """
    trump = rng.randrange(4)
    deck = list(range(1, 40) if players == 3 else range(40))
    rng.shuffle(deck)
    leader = rng.randrange(players)
    open_cards = rng.randrange(players) if kind == "any" else 0
    sizes = {}
    for i in range(players):
        seat = (leader + i) % players
        sizes[seat] = tricks - 1 if i < open_cards else tricks
    hands = [0] * players
    if kind == "trump_led":
        trumps = [c for c in deck if c // 10 == trump][:sizes[leader]]
        for card in trumps:
            deck.remove(card)
            hands[leader] |= 1 << card
    if kind == "trumped":
        second = (leader + 1) % players
        lead_suit = (trump + 1 + rng.randrange(3)) % 4
        leads = [c for c in deck if c // 10 == lead_suit][:sizes[leader]]
        for card in leads:
            deck.remove(card)
            hands[leader] |= 1 << card
        cut = [c for c in deck if c // 10 == trump][:1]
        others = [c for c in deck if c // 10 not in (lead_suit,)]
        for card in cut + [c for c in others if c not in cut][:sizes[second] - 1]:
            deck.remove(card)
            hands[second] |= 1 << card
    if kind == "pairs":
        for seat in rng.sample(range(players), min(players, 2)):
            suit = rng.randrange(4)
            pair = [10 * suit + 6, 10 * suit + 7]
            if all(c in deck for c in pair) and sizes[seat] >= 2:
                for card in pair:
                    deck.remove(card)
                    hands[seat] |= 1 << card
    for seat in range(players):
        while hands[seat].bit_count() < sizes[seat]:
            hands[seat] |= 1 << deck.pop()
    trick = [deck.pop() for _ in range(open_cards)]
    return Position(hands=hands, trump=trump, leader=leader, players=players, trick=trick,
                    cantes=kind == "pairs" or flags.get("cantes", False),
                    **{k: v for k, v in flags.items() if k != "cantes"})


FLAGS = st.fixed_dictionaries({
    "overtake": st.booleans(),
    "low_trump": st.booleans(),
    "partner_exemption": st.booleans(),
    "cante_by_team": st.booleans(),
    "one_cante": st.booleans(),
    "rival_cantes": st.booleans(),
    "margin": st.booleans(),
})


@pytest.mark.parametrize("kind", ["trump_led", "trumped", "pairs", "any"])
@given(seed=st.integers(0, 10**9), players=st.sampled_from([2, 3, 4]), flags=FLAGS)
def test_solver_value_equals_minimax(kind: str, seed: int, players: int,
                                     flags: dict[str, bool]) -> None:
    rng = random.Random(seed)
    tricks = rng.randint(1, 3 if players == 4 else 4)
    if players != 4:
        flags = {**flags, "partner_exemption": False}
    position = build_position(rng, players, tricks, kind=kind, **flags)
    seat = rng.randrange(players)
    assert position.value_for(seat) == minimax(position, seat)


@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4]))
def test_each_card_value_equals_minimax_after_that_card(seed: int, players: int) -> None:
    rng = random.Random(seed)
    position = build_position(rng, players, rng.randint(1, 3), kind="any",
                              partner_exemption=players == 4 and rng.random() < 0.5)
    mover = position.to_move
    values = position.card_values()
    assert sorted(values) == legal_cards(position, mover)
    for card, value in values.items():
        after = Position(hands=list(position.hands), trump=position.trump,
                         leader=position.leader, players=players,
                         trick=[*position.trick, card],
                         partner_exemption=position.partner_exemption)
        after.hands[mover] ^= 1 << card
        assert value == minimax(after, mover)
    assert max(values.values()) == minimax(position, mover)


def test_four_trick_endings_with_partners_equal_minimax() -> None:
    rng = random.Random(2024)
    for _ in range(6):
        position = build_position(rng, 4, 4, kind="trumped",
                                  partner_exemption=rng.random() < 0.5)
        assert position.value_for(0) == minimax(position, 0)
        assert position.value_for(1) == minimax(position, 1)


def test_partners_share_the_value_and_opponents_take_the_rest() -> None:
    rng = random.Random(5)
    position = build_position(rng, 4, 3, kind="any")
    total = sum(_points(h) for h in position.hands) + sum(_points(1 << c)
                                                          for c in position.trick) + 10
    assert position.value_for(0) == position.value_for(2)
    # Zero-sum between the two teams when nothing can be sung.
    assert position.value_for(0) + position.value_for(1) == total


def _points(mask: int) -> int:
    from tute_tutor.engine.tricks import POINTS

    return sum(POINTS[c] for c in _bits(mask))


def test_trumping_an_as_is_worth_the_as_and_the_last_trick() -> None:
    # Copas led with the as; seat 1 has no copas and one trump (oros): it must cut.
    hands = [mask_of(parse_cards(h)) for h in ("1c", "2o", "4c", "5c")]
    position = Position(hands=hands, trump=0, leader=0)
    assert position.value_for(1) == 11 + 10
    assert position.value_for(0) == 0


def test_a_sung_pair_counts_when_its_side_wins_a_trick() -> None:
    # Seat 0 holds rey and caballo of oros (trump) and leads the as of copas: it wins,
    # sings the 40, then the last two tricks go by trump strength.
    hands = [mask_of(parse_cards(h)) for h in ("1c,12o,11o", "2c,4c,5c", "6c,7c,2b",
                                               "4b,5b,6b")]
    rules = find_rules("clasico")
    quiet = Position.from_rules(rules, hands, trump=0, leader=0)
    sung = Position.from_rules(rules, hands, trump=0, leader=0, cantes=True)
    assert sung.value_for(0) == quiet.value_for(0) + 40
    assert sung.value_for(0) == minimax(sung, 0)
    already = Position.from_rules(rules, hands, trump=0, leader=0, cantes=True, sung=1)
    assert already.value_for(0) == quiet.value_for(0)


def test_pairs_split_between_partners_are_never_sung() -> None:
    hands = [mask_of(parse_cards(h)) for h in ("1c,12o", "2c,4c", "6c,11o", "4b,5b")]
    rules = find_rules("clasico")
    with_cantes = Position.from_rules(rules, hands, trump=0, leader=0, cantes=True)
    without = Position.from_rules(rules, hands, trump=0, leader=0)
    assert with_cantes.value_for(0) == without.value_for(0)
    assert PAIR_MASKS[0] & hands[0] != PAIR_MASKS[0]


def test_two_player_rules_have_no_cantes_in_the_solver() -> None:
    rules = find_rules("a-dos")
    hands = [mask_of(parse_cards("12o,11o,1c")), mask_of(parse_cards("2c,4c,5c"))]
    position = Position.from_rules(rules, hands, trump=0, leader=0, cantes=True)
    assert not position.cantes


def test_equivalent_low_cards_have_equal_values_and_the_minimax_value() -> None:
    # Seat 0 leads from 2, 4, 5 de bastos with nothing between them: the search keeps
    # one of them, and each still gets the value the minimax gives it.
    hands = [mask_of(parse_cards(h)) for h in ("2b,4b,5b", "1c,3c,12c", "1e,3e,6b",
                                               "1o,3o,12o")]
    position = Position(hands=hands, trump=0, leader=0)
    solver = Solver(position, 0)
    assert solver.value() == minimax(position, 0)
    values = Position(hands=list(hands), trump=0, leader=0).card_values()
    assert len(set(values.values())) == 1
    for card, value in values.items():
        after = Position(hands=list(hands), trump=0, leader=0, trick=[card])
        after.hands[0] ^= 1 << card
        assert value == minimax(after, 0)
    # With the 7 instead of the 5, the 6 de bastos of seat 2 sits between them: the
    # run is split and the search still equals the minimax from every seat.
    hands[0] = mask_of(parse_cards("2b,4b,7b"))
    split = Position(hands=hands, trump=0, leader=0)
    for seat in range(4):
        assert split.value_for(seat) == minimax(split, seat)


# The compiled search keeps its own copies of the trick rules: they must be the engine's.

def _trick_states() -> list[tuple[int, int, int]]:
    """Every (lead, high_lead, best) an open trick can be in, and the empty trick."""
    states = [(-1, -1, -1)]
    for high in range(40):
        lead = high // 10
        states.append((lead, high, high))  # not cut
        states += [(lead, high, best) for best in range(40) if best // 10 != lead]
    return states


def test_the_compiled_legal_plays_are_the_engines_asistir_montar_fallar_pisar() -> None:
    from tute_tutor.ai.search import _legal_mask
    from tute_tutor.engine.tricks import legal_mask

    rng = random.Random(5)
    hands = [rng.getrandbits(40) & rng.getrandbits(40) for _ in range(12)] + [0, (1 << 40) - 1]
    for lead, high, best in _trick_states():
        for trump in range(4):
            if best // 10 != lead and best // 10 != trump:
                continue  # only a trump cuts
            for hand in hands:
                for overtake in (False, True):
                    for low_trump in (False, True):
                        assert _legal_mask(hand, lead, high, best, trump, overtake,
                                           low_trump) == legal_mask(
                            hand, lead, high, best, trump, overtake, low_trump)


def test_the_compiled_trick_is_won_as_the_engine_decides() -> None:
    from tute_tutor.ai.search import _play_into_trick
    from tute_tutor.engine.tricks import play_into_trick

    for lead, high, best in _trick_states():
        for trump in range(4):
            if best // 10 != lead and best // 10 != trump:
                continue
            for card in range(40):
                assert _play_into_trick(card, lead, high, best, trump) == play_into_trick(
                    card, lead, high, best, trump)


def test_the_compiled_card_points_and_bit_helpers_are_the_engines() -> None:
    from tute_tutor.ai.search import _above, _bit_count, _card_points, _low_bit
    from tute_tutor.engine.tricks import ABOVE, POINTS

    assert [_card_points(c) for c in range(40)] == list(POINTS)
    assert [_above(c) for c in range(40)] == list(ABOVE)
    rng = random.Random(9)
    for mask in [1, 1 << 39, (1 << 46) - 1] + [rng.getrandbits(46) | 1 << 45
                                               for _ in range(200)]:
        assert _bit_count(mask) == mask.bit_count()
        assert _low_bit(mask) == (mask & -mask).bit_length() - 1


def test_solvers_of_one_thread_share_its_table_without_mixing_their_positions() -> None:
    # Each solver marks the rows it writes; a solver made in between, on another
    # position, must leave the first one's answers exact.
    rng = random.Random(12)
    first = build_position(rng, 4, 5, kind="pairs")
    second = build_position(rng, 4, 5, kind="any")
    solver = Solver(first, first.to_move)
    before = solver.card_values()
    Solver(second, second.to_move).card_values()
    assert solver.card_values() == before
    for card, value in before.items():
        after = Position(hands=list(first.hands), trump=first.trump, leader=first.leader,
                         players=4, trick=[*first.trick, card], cantes=True, sung=first.sung)
        after.hands[first.to_move] ^= 1 << card
        assert value == minimax(after, first.to_move)


def test_solvers_in_threads_side_by_side_give_the_values_of_one_thread() -> None:
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(3)
    positions = [build_position(rng, 4, 6, kind="any") for _ in range(16)]
    alone = [Solver(p, p.to_move).card_values() for p in positions]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda p: Solver(p, p.to_move).card_values(), positions))
    assert together == alone


def test_with_rival_cantes_letting_the_other_side_win_a_trick_costs_what_it_sings() -> None:
    # Oros are trumps. If seat 0 leads the two of bastos, every card of the trick is
    # forced and seat 3 wins it with the ace of bastos: its partner, seat 1, still holds
    # the king and knight of cups and sings 20. With rival cantes those 20 count against
    # seat 0's side in every line after that lead; without, the value ignores them.
    hands = [mask_of(parse_cards(h)) for h in ("2b,1o,4e", "12c,11c,5b", "4b,5e,6e",
                                               "1b,7e,2e")]
    quiet = Position(hands=list(hands), trump=0, leader=0, cantes=True)
    counted = Position(hands=list(hands), trump=0, leader=0, cantes=True, rival_cantes=True)
    quiet_values = quiet.card_values(0)
    counted_values = counted.card_values(0)
    for position, values in ((quiet, quiet_values), (counted, counted_values)):
        assert values == {card: minimax(_after(position, card), 0) for card in values}
    two_bastos = parse_cards("2b")[0].index
    assert counted_values[two_bastos] <= quiet_values[two_bastos] - 20
    assert all(counted_values[c] <= quiet_values[c] for c in quiet_values)


def _after(position: Position, card: int) -> Position:
    """``position`` once its seat to move has played ``card``."""
    after = Position(hands=list(position.hands), trump=position.trump,
                     leader=position.leader, players=position.players,
                     trick=[*position.trick, card], cantes=position.cantes,
                     rival_cantes=position.rival_cantes, margin=position.margin,
                     sung=position.sung)
    after.hands[position.to_move] ^= 1 << card
    return after


def test_the_margin_is_the_sides_points_less_the_other_sides_from_now_on() -> None:
    # With every point counted, the margin of one side is minus the other's, and (the
    # card points being fixed) it is twice the side's own value less what is still out,
    # when nobody can sing.
    rng = random.Random(21)
    for _ in range(30):
        position = build_position(rng, 4, 3, kind="any")
        out = sum(POINTS[c] for c in range(40) if (position.hands[0] | position.hands[1]
                                                   | position.hands[2] | position.hands[3]
                                                   ) >> c & 1 or c in position.trick) + 10
        margin = Position(**{**vars(position), "margin": True})
        for seat in range(4):
            assert margin.value_for(seat) == minimax(margin, seat)
            assert margin.value_for(seat) == 2 * position.value_for(seat) - out
        assert margin.value_for(0) == -margin.value_for(1)
