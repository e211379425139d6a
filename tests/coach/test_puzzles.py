"""Puzzles (coach/puzzles.py): every value is the exact one, the best card is clearly best,
the themes are true of their positions, and the same seed gives the same puzzles."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.ai.bruteforce import minimax
from tests.conftest import WAIT_S
from tute_tutor.ai.solver import Position
from tute_tutor.coach.puzzles import (
    MIN_MARGIN,
    THEMES,
    Puzzle,
    PuzzleError,
    PuzzlePool,
    Rating,
    classify,
    daily_puzzle,
    daily_seed,
    generate,
    iter_puzzles,
    puzzle_by_id,
    rate,
    streak,
)
from tute_tutor.engine.cards import mask_of, parse_cards
from tute_tutor.engine.variants import find_rules

SMALL = {4: 3, 3: 4, 2: 4}
"""Cards in the hand to play at most, by players, for the brute-force check."""


def brute_values(puzzle: Puzzle) -> dict[int, int]:
    """Every legal card's value by the plain minimax (no pruning, no table)."""
    rules = find_rules(puzzle.ruleset)
    out = {}
    for card, _ in puzzle.values:
        hands = list(puzzle.hands)
        hands[puzzle.to_play] ^= 1 << card
        after = Position.from_rules(rules, hands, puzzle.trump, puzzle.leader,
                                    [*puzzle.trick, card])
        out[card] = minimax(after, puzzle.to_play)
    return out


def small_puzzles(ruleset: str, count: int) -> list[Puzzle]:
    out = []
    for puzzle in iter_puzzles(11, ruleset):
        if puzzle.hands[puzzle.to_play].bit_count() <= SMALL[puzzle.players]:
            out.append(puzzle)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("ruleset", ["clasico", "estricto", "a-tres", "a-dos"])
def test_puzzle_values_and_best_agree_with_brute_force_minimax(ruleset: str) -> None:
    puzzles = small_puzzles(ruleset, 4)
    assert len(puzzles) == 4
    for puzzle in puzzles:
        brute = brute_values(puzzle)
        assert dict(puzzle.values) == brute, puzzle.id
        top = max(brute.values())
        assert set(puzzle.best) == {c for c, v in brute.items() if v == top}


@pytest.mark.parametrize("ruleset", ["clasico", "las40", "a-tres", "a-dos"])
def test_best_card_beats_every_other_legal_card_by_the_margin(ruleset: str) -> None:
    for puzzle in generate(5, 6, ruleset):
        values = dict(puzzle.values)
        assert len(values) >= 2
        assert 1 <= len(puzzle.best) <= 2 < len(values) + 2
        top = values[puzzle.best[0]]
        assert all(values[c] == top for c in puzzle.best)
        assert all(v <= top - MIN_MARGIN for c, v in values.items() if c not in puzzle.best)


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_every_card_is_in_a_hand_the_trick_or_played_before(ruleset: str) -> None:
    """Every seat's hand is known; in two players the stock is gone."""
    deck = find_rules(ruleset).deck_size
    for puzzle in generate(2, 5, ruleset):
        held = 0
        for hand in puzzle.hands:
            assert not held & hand
            held |= hand
        table = mask_of([]) | sum(1 << c for c in puzzle.trick)
        stock = sum(1 << c for c in puzzle.stock)  # the stock's last trick: two to draw
        assert not held & table and not (held | table) & puzzle.played
        assert not (held | table | puzzle.played) & stock
        assert (held | table | puzzle.played | stock).bit_count() == deck
        assert len(puzzle.stock) in (0, 2)


def test_the_same_seed_gives_the_same_puzzles_and_an_id_makes_its_puzzle_again() -> None:
    first = generate(9, 3, "clasico")
    assert first == generate(9, 3, "clasico")
    assert generate(10, 3, "clasico") != first
    for puzzle in first:
        assert puzzle_by_id(puzzle.id) == puzzle
        assert puzzle.id.startswith("clasico/9/")


def test_the_public_form_names_cards_by_code_and_seats_by_number() -> None:
    puzzle = generate(3, 1, "clasico")[0]
    data = puzzle.to_json()
    assert set(data) == {"id", "ruleset", "theme", "trump", "hands", "leader", "trick",
                         "to_play", "values", "best"}
    assert set(data["hands"]) == {"0", "1", "2", "3"}
    assert set(data["best"]) <= set(data["values"])
    legal = mask_of(parse_cards(list(data["values"])))
    assert legal & puzzle.hands[puzzle.to_play] == legal


@pytest.mark.parametrize("theme", [t for t in THEMES if t not in ("partner", "stock")])
def test_a_theme_filter_gives_only_that_theme(theme: str) -> None:
    # a card worth 10 thrown beside the opponent's winning trick is rare: the first such
    # puzzle of seed 4 comes after 3 s of scanning, the second after 14
    count = 1 if theme == "mistake" else 2
    for puzzle in generate(4, count, "clasico", theme):
        assert puzzle.theme == theme


def test_partner_puzzles_are_found_in_four_players() -> None:
    puzzle = generate(1, 1, "clasico", "partner")[0]
    assert puzzle.trick and puzzle.players == 4


@pytest.mark.parametrize(("ruleset", "theme", "fragment"), [
    ("mus", None, "unknown ruleset"),
    ("clasico", "swap", "unknown theme"),
    ("a-tres", "partner", "needs four players"),
    ("clasico", "stock", "needs a stock"),
])
def test_a_request_no_puzzle_can_meet_is_refused_in_one_line(
        ruleset: str, theme: str | None, fragment: str) -> None:
    with pytest.raises(PuzzleError, match=fragment):
        generate(1, 1, ruleset, theme)


@pytest.mark.parametrize("puzzle_id", ["clasico/1", "mus/1/2", "clasico/x/2", 7])
def test_a_bad_puzzle_id_is_refused(puzzle_id: object) -> None:
    with pytest.raises(PuzzleError):
        puzzle_by_id(puzzle_id)  # type: ignore[arg-type]


# ----------------------------------------------------------------- themes on positions
CLASICO = find_rules("clasico")


def hands_of(*texts: str) -> tuple[int, ...]:
    return tuple(mask_of(parse_cards(t)) if t else 0 for t in texts)


def card(text: str) -> int:
    return parse_cards(text)[0].index


def test_theme_last_trick_when_the_seat_holds_two_cards() -> None:
    hands = hands_of("1o,2c", "3o,4c", "5o,6c", "7o,12c")
    values = {card("1o"): 25, card("2c"): 10}
    assert classify(CLASICO, 1, hands, (), 0, 0, values, (card("1o"),)) == "last-trick"
    three = hands_of("1o,2c,4b", "3o,4c,5b", "5o,6c,6b", "7o,12c,7b")
    assert classify(CLASICO, 1, three, (), 0, 0, values, (card("1o"),)) != "last-trick"


def test_theme_mistake_when_a_three_thrown_on_an_opponents_trick_costs_points() -> None:
    # Seat 1 leads the ace of espadas; seat 2, void in espadas and in trumps (oros), may
    # throw the 3 of copas on it (a mistake) or a card without points.
    hands = hands_of("", "4o,5o,6o", "3c,4c,7b", "5c,6c,7c")
    trick = (card("1e"),)
    values = {card("3c"): 5, card("4c"): 15, card("7b"): 15}
    best = (card("4c"),)
    assert classify(CLASICO, 0, hands, trick, 2, 0, values, best) == "mistake"
    # The same cards when the three costs nothing: not a mistake.
    cheap = {card("3c"): 8, card("4c"): 15, card("7b"): 15}
    assert classify(CLASICO, 0, hands, trick, 2, 0, cheap, best) != "mistake"


def test_theme_partner_when_the_best_card_loads_the_partners_winning_trick() -> None:
    hands = hands_of("1c,4c,5b", "6o", "7o", "")
    # Seat 1 leads the 2 of bastos, seat 2 (the partner) wins with the ace, seat 3 follows.
    trick = (card("2b"), card("1b"), card("12b"))
    values = {card("1c"): 40, card("4c"): 20, card("5b"): 18}
    assert classify(CLASICO, 0, hands, trick, 0, 0, values, (card("1c"),)) == "partner"
    # The opponent winning: loading is not playing with the partner.
    against = (card("2b"), card("12b"), card("1b"))
    assert classify(CLASICO, 0, hands, against, 0, 0, values, (card("1c"),)) != "partner"


def test_theme_counting_when_the_best_lead_is_master_because_higher_cards_have_gone() -> None:
    hands = hands_of("12c,4b,5b", "2c,4o,5o", "6o,7o,6b", "10o,11o,7b")
    played = mask_of(parse_cards("1c,3c"))
    values = {card("12c"): 30, card("4b"): 10, card("5b"): 10}
    assert classify(CLASICO, 0, hands, (), 0, played, values, (card("12c"),)) == "counting"
    # The ace of copas still out: the rey is not master.
    out = hands_of("12c,4b,5b", "1c,4o,5o", "6o,7o,6b", "10o,11o,7b")
    assert classify(CLASICO, 0, out, (), 0, mask_of(parse_cards("3c")), values,
                    (card("12c"),)) == "ending"


# ----------------------------------------------------------------- pool, ratings, daily
def test_a_pool_hands_out_the_seeds_puzzles_in_order_and_fills_itself_again() -> None:
    pool = PuzzlePool("a-dos", seed=4, size=3)
    first = pool.take()  # none ready yet: the scan finds the first
    pool.wait()
    assert pool.ready() == 3
    taken = [first, *(pool.take() for _ in range(3))]
    assert taken == generate(4, 4, "a-dos")
    pool.wait()


def test_a_pools_theme_queue_gives_that_themes_puzzles_in_the_seeds_order() -> None:
    pool = PuzzlePool("clasico", seed=2, size=2)
    taken = [pool.take("counting"), pool.take("counting")]
    assert taken == generate(2, 2, "clasico", "counting")
    pool.wait()
    assert pool.ready("counting") == 2 and pool.ready() == 0


def test_a_closed_pool_stops_its_scan_and_hands_out_only_what_is_ready() -> None:
    pool = PuzzlePool("a-tres", seed=6, size=8, warm=True)
    first = pool.take()
    assert pool.close(timeout=WAIT_S)
    ready = pool.ready()
    rest = [pool.take() for _ in range(ready)]
    assert [first, *rest] == generate(6, 1 + ready, "a-tres")
    with pytest.raises(PuzzleError, match="no more puzzles"):
        pool.take(timeout=WAIT_S)  # at once: a closed pool makes nothing new
    assert pool.wait(timeout=0)


def test_a_pool_refuses_a_theme_its_rule_set_cannot_have() -> None:
    with pytest.raises(PuzzleError, match="needs four players"):
        PuzzlePool("a-tres", seed=1).take("partner")


def test_a_right_answer_raises_the_learner_and_lowers_the_puzzle_by_glicko_2() -> None:
    learner, puzzle = rate(Rating(), Rating(), True)
    assert learner.rating > 1500 > puzzle.rating
    assert learner.rd < 350 and puzzle.rd < 350
    # Losing to a much weaker puzzle costs more than losing to a stronger one.
    weak_loss, _ = rate(Rating(), Rating(1200, 50), False)
    strong_loss, _ = rate(Rating(), Rating(1800, 50), False)
    assert weak_loss.rating < strong_loss.rating < 1500


def test_the_daily_puzzle_is_the_dates_puzzle_for_everyone() -> None:
    day = date(2026, 12, 2)
    assert daily_seed(day) == 20261202
    assert daily_puzzle(day) == generate(20261202, 1, "clasico")[0]
    assert daily_puzzle(day + timedelta(days=1)) != daily_puzzle(day)


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday() -> None:
    today = date(2026, 12, 2)
    days = [today - timedelta(days=n) for n in (1, 2, 3, 5)]
    assert streak(days, today) == 3
    assert streak([*days, today], today) == 4
    assert streak(days[1:], today) == 0
    assert streak([], today) == 0


@pytest.fixture(scope="module")
def warm_a_dos() -> PuzzlePool:
    """A warm tute a dos pool of one puzzle per theme, its first scan over."""
    pool = PuzzlePool("a-dos", seed=3, size=1, warm=True)
    assert pool.wait(timeout=WAIT_S)
    return pool


def test_a_warm_pool_stops_scanning_for_a_theme_it_does_not_meet(
        warm_a_dos: PuzzlePool) -> None:
    """In tute a dos a card worth 10 thrown beside the opponent's winning trick is so rare
    that no ``mistake`` puzzle turns up: the warm scan ends instead of running for ever."""
    assert warm_a_dos.ready("mistake") == 0


def test_a_warm_pool_fills_every_theme_of_its_rule_set_from_the_start(
        warm_a_dos: PuzzlePool) -> None:
    pool = warm_a_dos
    assert all(pool.ready(theme) == 1 for theme in (None, "last-trick", "ending", "counting",
                                                    "cantes", "stock"))
    assert pool.ready("partner") == 0
    assert pool.take("ending").theme == "ending"
    assert pool.wait(timeout=WAIT_S)
    assert pool.ready("ending") == 1

