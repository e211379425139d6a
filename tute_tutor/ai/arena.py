"""Duplicate-deal matches between two computer levels.

Each deal is played twice with the same cards: first level ``a`` holds side a's seats,
then the levels swap seats, so the luck of the cards cancels out. Side a is seat 0 and
its partner seat 2 in four players, seat 0 alone in two and three players (in three
players the other level holds the two remaining seats, so equal players win half of
the hands over both plays).

>>> from tute_tutor.engine.variants import find_rules
>>> summary = run_arena(find_rules("clasico"), 1, 1, deals=2, seed=3)
>>> summary["deals"], summary["hands"], summary["a_hands_won"] + summary["b_hands_won"]
(2, 4, 4)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from tute_tutor.ai.base import play_hand
from tute_tutor.ai.levels import get_player
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.engine.variants import Rules
from tute_tutor.formats.limits import MAX_ARENA_DEALS


class ArenaError(TuteError):
    """Bad arena arguments (level, number of deals)."""

    code = "bad_arena"


@dataclass(frozen=True)
class HandOutcome:
    """One hand of a duplicate pair, from level a's point of view."""

    deal: int
    swapped: bool
    a_won: bool
    a_margin: int


def a_seats(rules: Rules, swapped: bool) -> set[int]:
    """Seats played by level a: side a's seats, or the others once swapped."""
    side_a = {0, 2} if rules.players == 4 else {0}
    if not swapped:
        return side_a
    return set(range(rules.players)) - side_a


def _side_of(rules: Rules, seat: int) -> int:
    return rules.team_of(seat)


def score_for_a(rules: Rules, result: HandResult, seats: set[int]) -> tuple[bool, int]:
    """Did level a win this hand, and by how many points (negative when it lost)?"""
    sides_a = {_side_of(rules, s) for s in seats}
    a_won = result.winner in sides_a
    if result.reason == "tute":
        return a_won, 130 if a_won else -130
    best_a = max(result.totals[s] for s in sides_a)
    best_b = max(t for s, t in enumerate(result.totals) if s not in sides_a)
    return a_won, best_a - best_b


def play_deal(rules: Rules, level_a: int, level_b: int, seed: int,
              deal: int) -> list[HandOutcome]:
    """Both plays of one deal."""
    outcomes = []
    for swapped in (False, True):
        game = Game.deal(rules, rng=random.Random(f"deal:{seed}:{deal}"),
                         dealer=deal % rules.players, first_hand=deal == 0)
        seats = a_seats(rules, swapped)
        players = [get_player(level_a if s in seats else level_b) for s in range(rules.players)]
        play_hand(game, players, random.Random(f"play:{seed}:{deal}:{int(swapped)}"))
        won, margin = score_for_a(rules, game.result(), seats)
        outcomes.append(HandOutcome(deal, swapped, won, margin))
    return outcomes


def wilson_interval(wins: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if total == 0:
        return (0.0, 1.0)
    p = wins / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == total else min(1.0, centre + half)
    return (low, high)


def _deal_job(args: tuple[Rules, int, int, int, int]) -> list[HandOutcome]:
    return play_deal(*args)


def iter_outcomes(rules: Rules, level_a: int, level_b: int, deals: int, seed: int,
                  jobs: int = 1) -> Iterator[list[HandOutcome]]:
    """The outcomes deal by deal (in parallel processes when ``jobs`` > 1)."""
    jobs_args = ((rules, level_a, level_b, seed, d) for d in range(deals))
    if jobs <= 1:
        for args in jobs_args:
            yield _deal_job(args)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_deal_job, jobs_args, chunksize=1)


def check_arguments(level_a: int, level_b: int, deals: int) -> None:
    """Raise a clear error for a bad level or number of deals."""
    for name, level in (("--a", level_a), ("--b", level_b)):
        if level not in (1, 2, 3, 4):
            raise ArenaError(f"{name} {level}: computer levels are 1 to 4")
    if deals < 1:
        raise ArenaError(f"--deals {deals}: play at least one deal")
    if deals > MAX_ARENA_DEALS:
        raise ArenaError(f"--deals {deals}: at most {MAX_ARENA_DEALS} deals in one run")


def run_arena(rules: Rules, level_a: int, level_b: int, deals: int, seed: int = 0, *,
              jobs: int = 1,
              progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and sum them up as the ``arena`` command prints.

    ``progress`` is called after each deal with the running ``hands``, ``a_hands_won``
    and ``a_mean_margin``.
    """
    check_arguments(level_a, level_b, deals)
    started = time.perf_counter()
    won = 0
    margin = 0
    hands = 0
    for outcomes in iter_outcomes(rules, level_a, level_b, deals, seed, jobs):
        for outcome in outcomes:
            hands += 1
            won += outcome.a_won
            margin += outcome.a_margin
        if progress is not None:
            progress({"hands": hands, "a_hands_won": won,
                      "a_mean_margin": round(margin / hands, 2)})
    low, high = wilson_interval(won, hands)
    return {
        "deals": deals,
        "hands": hands,
        "a_hands_won": won,
        "b_hands_won": hands - won,
        "a_win_rate": round(won / hands, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "a_mean_margin": round(margin / hands, 2),
        "seconds": round(time.perf_counter() - started, 2),
    }
