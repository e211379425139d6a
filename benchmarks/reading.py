"""How much level 4's reading of the others' play tells it about where the cards are.

    python benchmarks/reading.py --json --deals 100

plays ``--deals`` seeded hands of ``--ruleset`` with level 2 on the other side (in three
players, the two other seats) and level 3 beside seat 0, up to the moment seat 0 is first
to play with the exact endgame's cards in hand (6 in four players, 9 in three; two
players are left out: every card is known there once the stock is gone). There it
compares, for every card seat 0 has not seen, how often a world puts it in the hand
that really holds it:

- ``placed_uniform``: ``--pool`` worlds that respect only what the rules prove (voids,
  missing trumps, the cards shown);
- ``placed_exact``: those of them in which every play of the other side is the one
  level 2's own rules choose (read exactly: the others *are* level 2 here), over the
  positions where at least one of the pool's worlds fits so
  (``positions_without_exact_fit`` counts the others);
- ``placed_level4``: the worlds level 4 itself keeps (:meth:`ExpertPlayer.sample`, its
  default settings, reading everyone as a player who counts).

It also prints how many of the pool's worlds fit level 2's plays exactly (median share)
and ``true_misfits``: positions whose real deal level 2's rules do not explain, a check
of the exact reading (0 expected). It prints one JSON line (``--json``) or a short
table. The gap between ``placed_exact`` and 1 is what no reading of these players can
learn; level 4's distance to the reference that sees every card (README) comes from it.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

from tute_tutor.ai import get_player
from tute_tutor.ai.base import computer_turn
from tute_tutor.ai.knowledge import World, infer, sample_world
from tute_tutor.ai.levels import CountingPlayer, ExpertPlayer
from tute_tutor.ai.reading import PlayObservation, observations, play_weight
from tute_tutor.engine.game import Game, SeatView
from tute_tutor.engine.variants import find_rules


def _fits(hands: list[int], seen: list[PlayObservation], view: SeatView) -> bool:
    """Whether every play of ``seen`` is the card level 2's rules choose holding
    ``hands``: level 4's own reading (:func:`play_weight`) with every seat read as one
    who does not count, whose weight is 1 only when no play misses."""
    world = World(hands, [])
    return play_weight(world, seen, view, mismatch=0.5,
                       endgame=CountingPlayer.endgame_tricks, uncounted=1.0) == 1.0


def _placed(worlds: list[World], real: list[int], cards: list[int]) -> float | None:
    """Share of ``cards`` that ``worlds`` put in the hand really holding them."""
    if not worlds or not cards:
        return None
    right = sum(1 for world in worlds for card in cards
                if any(hand >> card & 1 and real[seat] >> card & 1
                       for seat, hand in enumerate(world.hands)))
    return right / (len(worlds) * len(cards))


def _endgame(ruleset: str, seed: int) -> tuple[Game, SeatView] | None:
    """The hand of ``seed`` played up to seat 0's first card of the exact endgame."""
    rules = find_rules(ruleset)
    game = Game.deal(rules, seed=seed, dealer=0)
    players = [get_player(3 if rules.team_of(s) == rules.team_of(0) else 2)
               for s in range(rules.players)]
    rng = random.Random(seed)
    cards = ExpertPlayer.exact_tricks[rules.players]
    while not game.finished:
        game.close_moment()
        if game.finished:
            break
        seat = game.to_move
        if seat == 0 and len(game.hand(0)) <= cards:
            return game, game.view(0)
        computer_turn(game, players, rng)
    return None


def measure(ruleset: str, deals: int, pool: int) -> dict[str, Any]:
    """The figures of the module's docstring over ``deals`` seeded hands."""
    uniform: list[float] = []
    exact: list[float] = []
    level4: list[float] = []
    fitting: list[float] = []
    true_misfits = 0
    player = ExpertPlayer()
    for seed in range(deals):
        found = _endgame(ruleset, seed)
        if found is None:
            continue
        game, view = found
        others = {s for s in range(game.players)
                  if game.rules.team_of(s) != game.rules.team_of(0)}
        seen = [o for o in observations(view) if o.seat in others]
        knowledge = infer(view)
        hidden = [c for c in range(40) if knowledge.unseen >> c & 1]
        rng = random.Random(seed)
        worlds = [sample_world(knowledge, view.hand_mask, rng) for _ in range(pool)]
        fit = [w for w in worlds if _fits(w.hands, seen, view)]
        true_misfits += not _fits(game.hands, seen, view)
        fitting.append(len(fit) / pool)
        for out, kept in ((uniform, worlds), (exact, fit),
                          (level4, player.sample(view, knowledge, rng))):
            share = _placed(kept, game.hands, hidden)
            if share is not None:
                out.append(share)
    return {
        "ruleset": ruleset, "positions": len(uniform), "pool": pool,
        "placed_uniform": round(statistics.mean(uniform), 3) if uniform else None,
        "placed_exact": round(statistics.mean(exact), 3) if exact else None,
        "placed_level4": round(statistics.mean(level4), 3) if level4 else None,
        "exact_fit_share_median": round(statistics.median(fitting), 3) if fitting else None,
        "positions_without_exact_fit": len(uniform) - len(exact),
        "true_misfits": true_misfits,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="clasico", choices=["clasico", "a-tres"])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--pool", type=int, default=400)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.pool < 1:
        parser.error("--deals and --pool must be at least 1")
    figures = measure(args.ruleset, args.deals, args.pool)
    if args.json:
        print(json.dumps(figures))
    else:
        for name, value in figures.items():
            print(f"{name:28} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
