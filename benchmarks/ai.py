"""Speed of the computer players: the double-dummy solver and level-4 decisions.

    python benchmarks/ai.py --json

prints one JSON line:

- ``dd_ms_k5`` / ``dd_ms_k6``: mean milliseconds of an exact double-dummy solve (value
  of the remaining card points, diez de últimas included) over seeded random
  four-player positions with 5 and 6 tricks left, the leader to move (the positions
  come from random legal play of a seeded deal);
- ``dd_nodes_k5`` / ``dd_nodes_k6``: mean nodes searched;
- ``l4_decision_p95_s`` / ``l4_decision_max_s`` / ``l4_decision_mean_s``: level-4
  card choices over a few seeded hands (level 4 in every seat);
- ``l4_hand_max_s``: the most level-4 thinking one seat did in one of those hands;
- ``l4_ruleset``: the rule set of those hands (``--ruleset``, clasico by default);
  ``l4_overrides``: its flags changed by ``--set FLAG=VALUE`` (as the arena's).

``--l4-tricks N`` times only the first N tricks of each level-4 hand (and then prints
``l4_tricks``): the test of this script uses it to stay quick.

With ``--ceiling-deals N`` it also plays a full-information reference (it sees every
hand; it solves exactly once ``--ceiling-exact`` tricks or fewer remain, 3 by default,
and before that plays the card whose playout, handed to the exact solver for the last
three tricks, scores best) against level ``--ceiling-level`` (1 by default) over N
duplicate clasico deals: ``ceiling_win_rate`` and ``ceiling_margin`` show how far any
honest player can get against that level. ``--ceiling-player oracle`` replaces it by one
that also knows that level 1 plays at random (it plays each card on in
``--ceiling-rollouts`` random continuations and picks the likeliest to win);
``--ceiling-player reader`` knows that too but sees only its own hand (its continuations
start from deals consistent with what it saw). Between them they show what seeing the
cards is worth and what knowing the opponents' way of playing is worth.
``--ceiling-player cheat-early`` cheats while its hand holds more than
``--ceiling-split`` cards (6 by default) and plays level 4 after, ``cheat-late`` the
other way round, and ``level4`` plays level 4 throughout on the same deals (any level
to play against): they show in which part of the hand level 4 loses what seeing the
cards is worth. ``--ceiling-jobs`` plays the deals in that many processes; the win rate
and the margin come with their 95% intervals (Wilson's over the hands, the margin's
over the deals, as the arena's).

Times are CPU seconds of this process (``time.process_time``), so a busy machine does
not inflate them; on an idle machine wall time is the same.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from typing import Any

from tute_tutor.ai import get_player
from tute_tutor.ai.arena import a_seats, mean_interval, score_for_a, wilson_interval
from tute_tutor.ai.base import (
    Action,
    Decision,
    PlayAction,
    Player,
    apply_action,
    computer_turn,
    declare_for_all,
)
from tute_tutor.ai.knowledge import World, infer, sample_world
from tute_tutor.ai.simulate import Table, playout, table_from
from tute_tutor.ai.solver import Position, Solver
from tute_tutor.cli.common import overrides_from
from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import Game, SeatView
from tute_tutor.engine.tricks import SUIT, deal, legal_mask, pick_bit, play_into_trick
from tute_tutor.engine.variants import Rules, find_rules


def random_position(rng: random.Random, tricks_left: int) -> Position:
    """A four-player clasico position after random legal play, a trick about to be led."""
    hands, trump_card, _ = deal(rng, 4, rng.randrange(4))
    trump = SUIT[trump_card]
    leader = rng.randrange(4)
    for _ in range(10 - tricks_left):
        lead = high = best = -1
        seat = winner = leader
        for _ in range(4):
            allowed = hands[seat] if lead < 0 else legal_mask(hands[seat], lead, high, best,
                                                               trump)
            card = pick_bit(allowed, rng.random)
            hands[seat] ^= 1 << card
            lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
            if wins:
                winner = seat
            seat = (seat + 1) % 4
        leader = winner
    return Position(hands=hands, trump=trump, leader=leader)


def solve_times(tricks_left: int, count: int, seed: int) -> tuple[float, float]:
    """Mean milliseconds and nodes of solving ``count`` seeded positions."""
    rng = random.Random(f"dd:{seed}:{tricks_left}")
    positions = [random_position(rng, tricks_left) for _ in range(count)]
    # The compiled search is loaded (or compiled, in a fresh checkout) and its table
    # allocated by the first solve of a process: once per process, not a cost of each
    # position, so one position of the same size is solved first, untimed.
    warm = random_position(random.Random(0), tricks_left)
    Solver(warm, warm.leader).value()
    elapsed = 0.0
    nodes = 0
    for position in positions:
        solver = Solver(position, position.leader)
        started = time.process_time()
        solver.value()
        elapsed += time.process_time() - started
        nodes += solver.nodes
    return elapsed / count * 1000, nodes / count


def level4_times(hands: int, seed: int, tricks: int | None = None,
                 ruleset: Rules | str = "clasico") -> tuple[list[float], float]:
    """Seconds of every level-4 card choice over ``hands`` seeded hands (their first
    ``tricks`` tricks if given), and the most one seat spent thinking in one hand."""
    player = get_player(4)
    decisions: list[float] = []
    worst_hand = 0.0
    for number in range(hands):
        game = Game.deal(ruleset, seed=seed * 1000 + number, dealer=number % 4)
        players = [player] * game.players
        rng = random.Random(number)
        per_seat = [0.0] * game.players
        while not game.finished and (tricks is None or len(game.tricks) < tricks):
            declare_for_all(game, players, rng)
            if game.finished:
                break
            game.close_moment()
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            started = time.process_time()
            card = player.choose_card(view, rng)
            spent = time.process_time() - started
            if len(view.legal) > 1:
                decisions.append(spent)
            per_seat[seat] += spent
            apply_action(game, seat, PlayAction(card))
        worst_hand = max(worst_hand, *per_seat)
    return decisions, worst_hand


class FullInformation:
    """A reference player that cheats: it reads every hand from the game."""

    level = 0

    def __init__(self, game: Game, exact: int = 3) -> None:
        self.game = game
        self.exact = exact

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        return get_player(1).declarations(view, rng)

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        world = World(list(self.game.hands), list(self.game.draw_pile))
        table = table_from(view, world)
        if len(view.hand) <= self.exact:
            values = Solver(table.position(), view.seat).card_values()
            return max(view.legal, key=lambda c: values[c.index])
        return max(view.legal, key=lambda c: playout(table.copy(), view.seat, first=c.index))

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        return Decision(self.choose_card(view, rng), "playouts")


class SplitReference:
    """Level 4 in one part of the hand and the cheat (:class:`FullInformation`) in the
    other: with ``phase`` ``early`` it cheats while its hand holds more than ``split``
    cards and plays level 4 after, with ``late`` the other way round. Against the cheat
    and level 4 on the same deals it shows in which part of the hand level 4 loses
    what seeing the cards is worth."""

    level = 0

    def __init__(self, game: Game, phase: str, split: int, exact: int = 3) -> None:
        self.cheat = FullInformation(game, exact)
        self.expert = get_player(4)
        self.phase = phase
        self.split = split

    def player_for(self, view: SeatView) -> Player:
        """The cheat in its part of the hand, level 4 in the other."""
        early = len(view.hand) > self.split
        return self.cheat if early == (self.phase == "early") else self.expert

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        return self.expert.declarations(view, rng)

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        return self.player_for(view).choose_card(view, rng)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        return self.player_for(view).decide(view, rng)


class RandomAware:
    """A reference player that knows its opponents play at random (level 1).

    For each legal card it plays ``rollouts`` continuations to the end of the hand in
    which the opponents pick random legal cards and its own side plays the rules of
    thumb. With ``sees_all`` it cheats on the cards too (every continuation starts from
    the real hands) and plays the card most likely to win the hand; without, each
    continuation starts from a deal consistent with what it saw, and it plays the card
    with the best mean margin.
    """

    level = 0

    def __init__(self, game: Game, rollouts: int, sees_all: bool) -> None:
        self.game = game
        self.rollouts = rollouts
        self.sees_all = sees_all

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        return get_player(1).declarations(view, rng)

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        return Decision(self.choose_card(view, rng), "playouts")

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        if len(view.legal) == 1:
            return view.legal[0]
        if self.sees_all:
            real = table_from(view, World(list(self.game.hands), list(self.game.draw_pile)))
            tables = [real] * self.rollouts
        else:
            knowledge = infer(view)
            tables = [table_from(view, sample_world(knowledge, view.hand_mask, rng))
                      for _ in range(self.rollouts)]
        so_far = self.game.points_so_far()
        side = view.rules.team_of(view.seat)
        ahead = so_far[side] - so_far[1 - side]

        def at_random(table: Table, seat: int, legal: int) -> int:
            return pick_bit(legal, rng.random)

        def score(card: Card) -> float:
            total = 0.0
            for table in tables:
                final = ahead + playout(table.copy(), view.seat, handoff=0, first=card.index,
                                        rivals=at_random, margin=True)
                if self.sees_all:  # the chance to win, ties broken by the margin
                    total += (final > 0) + (final == 0) / 2 + final / 10_000
                else:
                    total += final
            return total

        return max(view.legal, key=score)


REFERENCES = ("cheat", "oracle", "reader", "cheat-early", "cheat-late", "level4")


def _reference(player: str, game: Game, exact: int, rollouts: int, split: int) -> Player:
    if player == "cheat":
        return FullInformation(game, exact)
    if player in ("oracle", "reader"):
        return RandomAware(game, rollouts, player == "oracle")
    if player == "level4":
        return get_player(4)
    return SplitReference(game, player.removeprefix("cheat-"), split, exact)


def _ceiling_deal(job: tuple[int, int, int, int, str, int, int]) -> list[tuple[bool, int]]:
    """Both plays of one deal of the reference against the level: (won, margin) each."""
    number, seed, exact, level, player, rollouts, split = job
    rules = find_rules("clasico")
    out = []
    for swapped in (False, True):
        game = Game.deal("clasico", rng=random.Random(f"ceiling:{seed}:{number}"),
                         dealer=number % 4)
        seats = a_seats(rules, swapped)
        reference = _reference(player, game, exact, rollouts, split)
        players = [reference if s in seats else get_player(level) for s in range(4)]
        rng = random.Random(number)
        while not game.finished:
            computer_turn(game, players, rng)
        out.append(score_for_a(rules, game.result(), seats))
    return out


def ceiling(deals: int, seed: int, exact: int = 3, level: int = 1, player: str = "cheat",
            rollouts: int = 24, split: int = 6, jobs: int = 1) -> dict[str, Any]:
    """Win rate and mean margin, with their 95% intervals (Wilson's over the hands, the
    margin's over the deals), of a reference ``player`` against ``level``: ``cheat``
    (:class:`FullInformation`), ``oracle`` or ``reader`` (:class:`RandomAware` seeing
    every hand or only its own), ``cheat-early`` or ``cheat-late``
    (:class:`SplitReference` at ``split`` cards), or ``level4`` itself on the same
    deals; ``jobs`` processes play the deals."""
    work = [(number, seed, exact, level, player, rollouts, split) for number in range(deals)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            played = pool.map(_ceiling_deal, work, chunksize=1)
    else:
        played = [_ceiling_deal(job) for job in work]
    hands = [hand for deal in played for hand in deal]
    won = sum(w for w, _ in hands)
    per_deal = [statistics.fmean(m for _, m in deal) for deal in played]
    low, high = wilson_interval(won, len(hands))
    margin_low, margin_high = mean_interval(per_deal) if len(per_deal) > 1 else (0.0, 0.0)
    return {"win_rate": won / len(hands), "win_interval": [round(low, 4), round(high, 4)],
            "margin": statistics.fmean(per_deal),
            "margin_interval": [round(margin_low, 2), round(margin_high, 2)]}


def main(argv: list[str] | None = None) -> int:
    """Measure and print the figures (one JSON line with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30, help="positions per size")
    parser.add_argument("--hands", type=int, default=3, help="level-4 hands")
    parser.add_argument("--l4-tricks", type=int, default=None,
                        help="time only the first N tricks of each level-4 hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ruleset", default="clasico",
                        help="rule set of the level-4 hands (default clasico)")
    parser.add_argument("--set", action="append", metavar="FLAG=VALUE",
                        help="override a flag of --ruleset (as the arena's --set)")
    parser.add_argument("--ceiling-deals", type=int, default=0,
                        help="duplicate deals of the full-information reference vs level 1")
    parser.add_argument("--ceiling-exact", type=int, default=3,
                        help="tricks left from which the reference solves exactly")
    parser.add_argument("--ceiling-level", type=int, default=1, choices=(1, 2, 3, 4),
                        help="the level the reference plays against")
    parser.add_argument("--ceiling-player", default="cheat", choices=REFERENCES,
                        help="cheat: sees every hand; oracle: sees every hand and knows "
                             "level 1 plays at random; reader: knows that, sees its hand; "
                             "cheat-early / cheat-late: the cheat while its hand holds "
                             "more / at most --ceiling-split cards, level 4 otherwise; "
                             "level4: level 4 on the same deals")
    parser.add_argument("--ceiling-split", type=int, default=6,
                        help="cards in hand at which cheat-early and cheat-late change")
    parser.add_argument("--ceiling-jobs", type=int, default=1,
                        help="processes that play the reference's deals")
    parser.add_argument("--ceiling-rollouts", type=int, default=24,
                        help="continuations per card of the oracle and the reader")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if args.ceiling_player in ("oracle", "reader") and args.ceiling_level != 1:
        parser.error("the oracle and the reader only play against level 1")
    k5, nodes5 = solve_times(5, args.positions, args.seed)
    k6, nodes6 = solve_times(6, args.positions, args.seed)
    overrides = overrides_from(args.set)
    rules = find_rules(args.ruleset, overrides)
    decisions, worst_hand = level4_times(args.hands, args.seed, args.l4_tricks, rules)
    ordered = sorted(decisions)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    result = {
        "dd_ms_k5": round(k5, 2), "dd_ms_k6": round(k6, 2),
        "dd_nodes_k5": round(nodes5), "dd_nodes_k6": round(nodes6),
        "dd_positions": args.positions,
        "l4_ruleset": args.ruleset,
        "l4_overrides": overrides,
        "l4_decisions": len(decisions),
        "l4_decision_mean_s": round(statistics.fmean(decisions), 3),
        "l4_decision_p95_s": round(p95, 3),
        "l4_decision_max_s": round(ordered[-1], 3),
        "l4_hand_max_s": round(worst_hand, 2),
    }
    if args.l4_tricks is not None:
        result["l4_tricks"] = args.l4_tricks
    if args.ceiling_deals > 0:
        figures = ceiling(args.ceiling_deals, args.seed, args.ceiling_exact,
                          args.ceiling_level, args.ceiling_player, args.ceiling_rollouts,
                          args.ceiling_split, args.ceiling_jobs)
        result["ceiling_player"] = args.ceiling_player
        result["ceiling_deals"] = args.ceiling_deals
        result["ceiling_exact"] = args.ceiling_exact
        result["ceiling_level"] = args.ceiling_level
        if args.ceiling_player.startswith("cheat-"):
            result["ceiling_split"] = args.ceiling_split
        result["ceiling_win_rate"] = round(figures["win_rate"], 4)
        result["ceiling_win_interval"] = figures["win_interval"]
        result["ceiling_margin"] = round(figures["margin"], 2)
        result["ceiling_margin_interval"] = figures["margin_interval"]
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
