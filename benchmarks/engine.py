"""Speed of the engine's hot path: random playouts and legal-play calls.

    python benchmarks/engine.py --json      # one JSON line
    python benchmarks/engine.py             # a readable table

Figures:

- ``playouts_per_s_4p`` / ``_3p`` / ``_2p``: whole random hands per second, deal
  included (:func:`tute_tutor.engine.tricks.random_playout`, rule set ``clasico`` flags, no
  cantes): every card a random legal one.
- ``legal_per_s`` (4 players) / ``legal_per_s_3p`` / ``legal_per_s_2p``: calls of
  :func:`tute_tutor.engine.tricks.legal_mask` per second on positions collected beforehand from
  random hands (every decision of those hands; in two players only the arrastre, the
  part of the hand where the obligations apply).

Each figure is the best of a few timed rounds, so a busy machine lowers it less.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable

from tute_tutor.engine.tricks import (
    SUIT,
    deal,
    legal_mask,
    pick_bit,
    play_into_trick,
    random_playout,
)

Position = tuple[int, int, int, int, int]
"""(hand, lead, high_lead, best, trump): the arguments of one legal_mask call."""


def collect_positions(players: int, hands: int, seed: int) -> list[Position]:
    """Every decision position of ``hands`` random legal hands (arrastre only in 2p)."""
    rng = random.Random(seed)
    rand = rng.random
    positions: list[Position] = []
    for n in range(hands):
        dealer = n % players
        seat_hands, trump_card, stock = deal(rng, players, dealer)
        trump = SUIT[trump_card]
        pile = [*stock, trump_card] if players == 2 else []
        leader = (dealer + 1) % players
        while seat_hands[leader]:
            lead = high = best = -1
            winner = seat = leader
            stock_open = bool(pile)
            for _ in range(players):
                hand = seat_hands[seat]
                if not stock_open:
                    positions.append((hand, lead, high, best, trump))
                allowed = hand if stock_open else legal_mask(hand, lead, high, best, trump)
                card = pick_bit(allowed, rand)
                seat_hands[seat] = hand ^ (1 << card)
                lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
                if wins:
                    winner = seat
                seat = (seat + 1) % players
            leader = winner
            if pile:
                seat_hands[winner] |= 1 << pile.pop(0)
                seat_hands[1 - winner] |= 1 << pile.pop(0)
    return positions


def _best_rate(run: Callable[[], int], seconds: float, rounds: int) -> float:
    """Best units-per-second over ``rounds`` timed runs of about ``seconds`` each."""
    best = 0.0
    for _ in range(rounds):
        done = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            done += run()
            now = time.perf_counter()
            if now >= deadline:
                break
        best = max(best, done / (now - start))
    return best


def playouts_per_s(players: int, seconds: float, rounds: int, seed: int) -> float:
    """Random legal whole hands per second (deal included, no cantes)."""
    rng = random.Random(seed)

    def batch() -> int:
        for k in range(200):
            random_playout(rng, players, k % players)
        return 200

    return _best_rate(batch, seconds, rounds)


def legal_per_s(positions: list[Position], seconds: float, rounds: int) -> float:
    """legal_mask calls per second over pre-collected positions."""
    fn = legal_mask

    def batch() -> int:
        for hand, lead, high, best, trump in positions:
            fn(hand, lead, high, best, trump)
        return len(positions)

    return _best_rate(batch, seconds, rounds)


def measure(seconds: float = 1.0, rounds: int = 3, seed: int = 2026) -> dict[str, object]:
    """Every figure of the benchmark as a JSON-ready dict."""
    out: dict[str, object] = {}
    for players, suffix in ((4, "4p"), (3, "3p"), (2, "2p")):
        out[f"playouts_per_s_{suffix}"] = round(playouts_per_s(players, seconds, rounds, seed))
    for players, key in ((4, "legal_per_s"), (3, "legal_per_s_3p"), (2, "legal_per_s_2p")):
        positions = collect_positions(players, 400, seed + players)
        out[key] = round(legal_per_s(positions, seconds, rounds))
        out[f"positions_{players}p"] = len(positions)
    out["seconds_per_round"] = seconds
    out["rounds"] = rounds
    out["python"] = platform.python_version()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of a timed round")
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds (best one kept)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    figures = measure(max(0.05, args.seconds), max(1, args.rounds), args.seed)
    if args.json:
        sys.stdout.write(json.dumps(figures) + "\n")
    else:
        for key, value in figures.items():
            shown = f"{value:>12,}" if isinstance(value, int) else f"{value!s:>12}"
            sys.stdout.write(f"{key:<22}{shown}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
