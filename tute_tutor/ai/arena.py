"""Duplicate-deal matches between two computer players, with a log to replay any deal.

Each deal is played twice with the same cards: first side a's player holds side a's
seats, then the players swap seats, so the luck of the cards cancels out. Side a is
seat 0 and its partner seat 2 in four players, seat 0 alone in two and three players (in
three players the other player holds the two remaining seats, so equal players win half
of the hands over both plays).

A side is a level with an optional configuration (:func:`make_player`): the settings of
that level's class, such as level 4's ``worlds``, so two configurations of one level can
be pitted against each other for tuning.

The summary gives the win share with its 95% Wilson interval (over hands) and the margin
per hand with its 95% interval; the margin's interval is taken over the deals (the mean of
a deal's two plays is one observation), since the two plays of a deal are not independent.
:func:`deal_log` gives the line the ``--log`` file keeps for a deal: its seed, the players
and each play's ``tute-hand/1`` record (every card, cante and swap), which
:func:`replay_deal` plays again and compares; :func:`logged_outcomes` reads a line back
so that a stopped run can be resumed from its log (``run_arena(..., done=...)``).

>>> from tute_tutor.engine.variants import find_rules
>>> summary = run_arena(find_rules("clasico"), 1, 1, deals=2, seed=3)
>>> summary["deals"], summary["hands"], summary["a_hands_won"] + summary["b_hands_won"]
(2, 4, 4)
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tute_tutor.ai.base import Player, play_hand
from tute_tutor.ai.levels import get_player
from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.limits import MAX_ARENA_DEALS

LOG_FORMAT = "tute-arena-deal/1"
Z95 = 1.959964


class ArenaError(TuteError):
    """Bad arena arguments (level, configuration, number of deals, log)."""

    code = "bad_arena"


@dataclass(frozen=True)
class Side:
    """One side's player: a level and the settings that differ from its defaults."""

    level: int
    config: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"level": L, "config": {...}}`` as the log keeps it."""
        return {"level": self.level, "config": dict(self.config)}


@dataclass(frozen=True)
class HandOutcome:
    """One hand of a duplicate pair, from side a's point of view."""

    deal: int
    swapped: bool
    a_won: bool
    a_margin: int


def settings_of(level: int) -> dict[str, Any]:
    """The tunable settings of ``level`` with their defaults (numbers and tables)."""
    kind = type(get_player(level))
    out: dict[str, Any] = {}
    for klass in reversed(kind.__mro__):
        for name, value in vars(klass).items():
            if name.startswith("_") or name == "level":
                continue
            if isinstance(value, bool) or not isinstance(value, int | float | dict):
                continue
            out[name] = value
    return out


def _setting_value(level: int, name: str, default: Any, value: Any) -> Any:
    where = f"setting {shown(name)} of level {level}"
    if isinstance(default, dict):
        if not isinstance(value, dict):
            raise ArenaError(f"{where} is a table like {default}, not {shown(value)}")
        table = dict(default)
        for key, item in value.items():
            if not (isinstance(key, str | int) and str(key).isdigit() and int(key) in default):
                raise ArenaError(f"{where} has no entry {shown(key)} (entries: {sorted(default)})")
            table[int(key)] = _setting_value(level, f"{name}[{key}]", default[int(key)], item)
        return table
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArenaError(f"{where} must be a number, not {shown(value)}")
    if isinstance(default, int) and not isinstance(value, int):
        raise ArenaError(f"{where} must be a whole number, not {shown(value)}")
    if value < 0:
        raise ArenaError(f"{where} must not be negative, not {shown(value)}")
    return value


def make_player(level: int, config: Mapping[str, Any] | None = None) -> Player:
    """The player of ``level`` with the settings of ``config`` changed (checked)."""
    if not isinstance(level, int) or level not in (1, 2, 3, 4):
        raise ArenaError(f"level {shown(level)}: computer levels are 1 to 4")
    player = get_player(level)
    if not config:
        return player
    known = settings_of(level)
    for name, value in config.items():
        if name not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise ArenaError(f"level {level} has no setting {shown(name)} (its settings: {listed})")
        setattr(player, name, _setting_value(level, name, known[name], value))
    return player


def a_seats(rules: Rules, swapped: bool) -> set[int]:
    """Seats played by side a: side a's seats, or the others once swapped."""
    side_a = {0, 2} if rules.players == 4 else {0}
    if not swapped:
        return side_a
    return set(range(rules.players)) - side_a


def score_for_a(rules: Rules, result: HandResult, seats: set[int]) -> tuple[bool, int]:
    """Did side a win this hand, and by how many points (negative when it lost)?"""
    sides_a = {rules.team_of(s) for s in seats}
    a_won = result.winner in sides_a
    if result.reason == "tute":
        return a_won, 130 if a_won else -130
    best_a = max(result.totals[s] for s in sides_a)
    best_b = max(t for s, t in enumerate(result.totals) if s not in sides_a)
    return a_won, best_a - best_b


def _games(rules: Rules, a: Side, b: Side, seed: int,
           deal: int) -> Iterator[tuple[bool, set[int], Game]]:
    for swapped in (False, True):
        game = Game.deal(rules, rng=random.Random(f"deal:{seed}:{deal}"),
                         dealer=deal % rules.players, first_hand=deal == 0)
        seats = a_seats(rules, swapped)
        players = [make_player(a.level, a.config) if s in seats
                   else make_player(b.level, b.config) for s in range(rules.players)]
        play_hand(game, players, random.Random(f"play:{seed}:{deal}:{int(swapped)}"))
        yield swapped, seats, game


def _side(level: int | Side) -> Side:
    return level if isinstance(level, Side) else Side(level)


def play_deal(rules: Rules, level_a: int | Side, level_b: int | Side, seed: int,
              deal: int) -> list[HandOutcome]:
    """Both plays of one deal."""
    return play_logged_deal(rules, _side(level_a), _side(level_b), seed, deal)[0]


def play_logged_deal(rules: Rules, a: Side, b: Side, seed: int,
                     deal: int) -> tuple[list[HandOutcome], dict[str, Any]]:
    """Both plays of one deal and the line the log keeps for it."""
    outcomes: list[HandOutcome] = []
    hands: list[dict[str, Any]] = []
    for swapped, seats, game in _games(rules, a, b, seed, deal):
        won, margin = score_for_a(rules, game.result(), seats)
        outcomes.append(HandOutcome(deal, swapped, won, margin))
        hands.append({"swapped": swapped, "a_seats": sorted(seats), "a_won": won,
                      "a_margin": margin, "record": game.to_record()})
    line = {"format": LOG_FORMAT, "ruleset": rules.ruleset,
            "overrides": rules.overrides_dict(),
            "seed": seed, "deal": deal, "a": a.to_json(), "b": b.to_json(), "hands": hands}
    return outcomes, line


def wilson_interval(wins: int, total: int, z: float = Z95) -> tuple[float, float]:
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


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float]:
    """The normal 95% interval of the mean of ``values`` (the mean itself for one value)."""
    if not values:
        return (0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


_Job = tuple[Rules, Side, Side, int, int]


def logged_outcomes(line: object, rules: Rules, a: Side, b: Side, seed: int,
                    deal: int) -> list[HandOutcome]:
    """The outcomes of both plays that a log line keeps, once it is checked to be deal
    ``deal`` of this run (same rule set, seed and players); raise :class:`ArenaError`
    saying what differs otherwise."""
    if not isinstance(line, dict) or line.get("format") != LOG_FORMAT:
        raise ArenaError(f"its line {deal + 1} is not a {LOG_FORMAT} line")
    expected = {"ruleset": rules.ruleset, "overrides": rules.overrides_dict(), "seed": seed,
                "deal": deal, "a": a.to_json(), "b": b.to_json()}
    for key, value in expected.items():
        if line.get(key) != value:
            raise ArenaError(f"its line {deal + 1} has {key} {_shown(line.get(key))} where "
                             f"this run has {_shown(value)}: it is another run's log")
    hands = line.get("hands")
    outcomes: list[HandOutcome] = []
    if isinstance(hands, list) and len(hands) == 2:
        for swapped, hand in zip((False, True), hands, strict=True):
            if not isinstance(hand, dict):
                break
            won, margin = hand.get("a_won"), hand.get("a_margin")
            if (hand.get("swapped") is not swapped or not isinstance(won, bool)
                    or isinstance(margin, bool) or not isinstance(margin, int)):
                break
            outcomes.append(HandOutcome(deal, swapped, won, margin))
    if len(outcomes) != 2:
        raise ArenaError(f"its line {deal + 1} does not hold the two plays of deal {deal}")
    return outcomes


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _deal_job(args: _Job) -> tuple[list[HandOutcome], dict[str, Any]]:
    return play_logged_deal(*args)


def iter_deals(rules: Rules, a: Side, b: Side, deals: int, seed: int, jobs: int = 1,
               first: int = 0) -> Iterator[tuple[list[HandOutcome], dict[str, Any]]]:
    """The outcomes and log line deal by deal, in order, from deal ``first`` (in
    parallel processes when ``jobs`` > 1)."""
    jobs_args = ((rules, a, b, seed, d) for d in range(first, deals))
    if jobs <= 1:
        for args in jobs_args:
            yield _deal_job(args)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap(_deal_job, jobs_args, chunksize=1)


def iter_outcomes(rules: Rules, level_a: int | Side, level_b: int | Side, deals: int,
                  seed: int, jobs: int = 1) -> Iterator[list[HandOutcome]]:
    """The outcomes deal by deal (in parallel processes when ``jobs`` > 1)."""
    for outcomes, _ in iter_deals(rules, _side(level_a), _side(level_b), deals, seed, jobs):
        yield outcomes


def check_arguments(level_a: int | Side, level_b: int | Side, deals: int) -> None:
    """Raise a clear error for a bad level, configuration or number of deals."""
    for name, side in (("--a", _side(level_a)), ("--b", _side(level_b))):
        if side.level not in (1, 2, 3, 4):
            raise ArenaError(f"{name} {side.level}: computer levels are 1 to 4")
        try:
            make_player(side.level, side.config)
        except ArenaError as error:
            raise ArenaError(f"{name}-config: {error.message}") from None
    if deals < 1:
        raise ArenaError(f"--deals {deals}: play at least one deal")
    if deals > MAX_ARENA_DEALS:
        raise ArenaError(f"--deals {deals}: at most {MAX_ARENA_DEALS} deals in one run")


def run_arena(rules: Rules, level_a: int | Side, level_b: int | Side, deals: int,
              seed: int = 0, *, jobs: int = 1,
              progress: Callable[[dict[str, Any]], None] | None = None,
              log: Callable[[dict[str, Any]], None] | None = None,
              done: Sequence[Sequence[HandOutcome]] = ()) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and sum them up as the ``arena`` command prints.

    ``progress`` is called after each deal with the running ``hands``, ``a_hands_won``
    and ``a_mean_margin``; ``log`` with each deal's log line, in deal order. ``done``
    holds the outcomes of the first deals when a run is resumed from its log
    (:func:`logged_outcomes`): those deals count and are not played again.
    """
    a, b = _side(level_a), _side(level_b)
    check_arguments(a, b, deals)
    if len(done) > deals:
        raise ArenaError(f"{len(done)} deals are done already, more than the {deals} asked")
    started = time.perf_counter()
    won = 0
    hands = 0
    per_deal: list[float] = []
    margins: list[int] = []

    def count(outcomes: Sequence[HandOutcome]) -> None:
        nonlocal won, hands
        for outcome in outcomes:
            hands += 1
            won += outcome.a_won
            margins.append(outcome.a_margin)
        per_deal.append(statistics.fmean(o.a_margin for o in outcomes))

    for outcomes in done:
        count(outcomes)
    for outcomes, line in iter_deals(rules, a, b, deals, seed, jobs, first=len(done)):
        count(outcomes)
        if log is not None:
            log(line)
        if progress is not None:
            progress({"hands": hands, "a_hands_won": won,
                      "a_mean_margin": round(sum(margins) / hands, 2)})
    low, high = wilson_interval(won, hands)
    margin_low, margin_high = mean_interval(per_deal)
    return {
        "deals": deals,
        "hands": hands,
        "a_hands_won": won,
        "b_hands_won": hands - won,
        "a_win_rate": round(won / hands, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "a_mean_margin": round(sum(margins) / hands, 2),
        "margin_ci95": [round(margin_low, 2), round(margin_high, 2)],
        "ruleset": rules.ruleset,
        "overrides": rules.overrides_dict(),
        "a": a.to_json(),
        "b": b.to_json(),
        "resumed": len(done),
        "seconds": round(time.perf_counter() - started, 2),
    }


def replay_deal(line: Mapping[str, Any]) -> dict[str, Any]:
    """Play the deal of a log line again with the same players and seeds.

    Returns ``deal``, ``identical`` (every event of both plays as logged), the first
    ``difference`` (play, event index, logged and replayed event) or None, and the
    replayed ``hands`` (their outcome and record).
    """
    try:
        ruleset = line["ruleset"]
        overrides = line.get("overrides") or {}
        seed, deal = line["seed"], line["deal"]
        a = Side(line["a"]["level"], line["a"].get("config") or {})
        b = Side(line["b"]["level"], line["b"].get("config") or {})
        logged = [hand["record"]["events"] for hand in line["hands"]]
    except (KeyError, TypeError) as error:
        raise ArenaError(f"the log line is not a {LOG_FORMAT} line (missing {error})") from None
    if not (isinstance(seed, int) and isinstance(deal, int) and isinstance(ruleset, str)):
        raise ArenaError(f"the log line is not a {LOG_FORMAT} line (seed, deal, ruleset)")
    check_arguments(a, b, 1)
    _, again = play_logged_deal(find_rules(ruleset, overrides), a, b, seed, deal)
    difference = None
    for play, (old, hand) in enumerate(zip(logged, again["hands"], strict=False)):
        new = hand["record"]["events"]
        for index in range(max(len(old), len(new))):
            was = old[index] if index < len(old) else None
            now = new[index] if index < len(new) else None
            if was != now:
                difference = {"play": play, "event": index, "logged": was, "replayed": now}
                break
        if difference:
            break
    if difference is None and len(logged) != len(again["hands"]):
        difference = {"play": len(logged), "event": 0, "logged": None, "replayed": None}
    return {"deal": deal, "identical": difference is None, "difference": difference,
            "hands": again["hands"]}
