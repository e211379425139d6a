"""``tute-tutor puzzle``: puzzles from real deals (docs/FORMATS.md, "tute-tutor puzzle").

    tute-tutor puzzle --seed 7 --count 5 --ruleset clasico --theme counting --json

The command is listed in :data:`tute_tutor.cli.main.COMMANDS`; bad flags exit 2
with ``{"error": {...}}`` like every other command.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from tute_tutor.coach.puzzles import THEMES, Puzzle, PuzzleError, check_request, generate
from tute_tutor.engine.cards import CARDS
from tute_tutor.engine.variants import preset_ids
from tute_tutor.formats.inputs import parse_whole
from tute_tutor.formats.limits import MAX_PUZZLE_COUNT, MAX_SEED


def add_command(subparsers: Any) -> None:
    """Add the ``puzzle`` sub-command to the ``tute-tutor`` parser."""
    puzzle = subparsers.add_parser("puzzle", help="puzzles from real deals, solved exactly")
    puzzle.add_argument("--seed", default="0", help="whole number; the same seed, the same "
                        "puzzles")
    puzzle.add_argument("--count", default="1", help=f"how many puzzles (1-{MAX_PUZZLE_COUNT})")
    puzzle.add_argument("--ruleset", default="clasico", help=f"one of {', '.join(preset_ids())}")
    puzzle.add_argument("--theme", help=f"only this theme: one of {', '.join(THEMES)}")
    puzzle.add_argument("--json", action="store_true", help="print one JSON document")
    puzzle.set_defaults(func=cmd_puzzle)


def cmd_puzzle(args: argparse.Namespace, out: TextIO) -> int:
    """Print the puzzles as docs/FORMATS.md, "tute-tutor puzzle", describes."""
    seed = parse_whole(args.seed, name="--seed", low=0, high=MAX_SEED, error=PuzzleError,
                       code=PuzzleError.code)
    count = parse_whole(args.count, name="--count", low=1, high=MAX_PUZZLE_COUNT,
                        error=PuzzleError, code=PuzzleError.code)
    check_request(args.ruleset, args.theme)
    puzzles = generate(seed, count, args.ruleset, args.theme)
    if args.json:
        data = {"puzzles": [p.to_json() for p in puzzles]}
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        out.write("\n\n".join(_human(p) for p in puzzles) + "\n")
    return 0


def _human(puzzle: Puzzle) -> str:
    data = puzzle.to_json()
    lines = [f"{puzzle.id} ({puzzle.theme}), trumps {data['trump']}, seat {puzzle.to_play} "
             f"to play"]
    for seat, cards in data["hands"].items():
        lines.append(f"  seat {seat}: {' '.join(cards)}")
    lines.append(f"  trick: {' '.join(data['trick']) or '-'} (led by seat {puzzle.leader})")
    lines.append("  values: " + ", ".join(f"{CARDS[c]} {v}" for c, v in puzzle.values))
    lines.append("  best: " + " ".join(data["best"]))
    return "\n".join(lines)


__all__ = ["MAX_PUZZLE_COUNT", "add_command", "cmd_puzzle"]
