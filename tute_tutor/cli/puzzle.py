"""``tute-tutor puzzle``: puzzles from real deals (docs/FORMATS.md, "tute-tutor puzzle").

    tute-tutor puzzle --seed 7 --count 5 --ruleset clasico --theme counting --json

The command is listed in :data:`tute_tutor.cli.main.COMMANDS`; bad flags exit 2
with ``{"error": {...}}`` like every other command.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from tute_tutor.cli.common import add_output_options
from tute_tutor.coach.puzzles import THEMES, Puzzle, PuzzleError, check_request, generate
from tute_tutor.engine.cards import CARDS, cards_of, suit_name
from tute_tutor.engine.variants import preset_ids
from tute_tutor.formats.inputs import parse_whole
from tute_tutor.formats.limits import MAX_PUZZLE_COUNT, MAX_SEED
from tute_tutor.words.catalog import t


def add_command(subparsers: Any) -> None:
    """Add the ``puzzle`` sub-command to the ``tute-tutor`` parser."""
    puzzle = subparsers.add_parser("puzzle", help="puzzles from real deals, solved exactly")
    puzzle.add_argument("--seed", default="0", help="whole number; the same seed, the same "
                        "puzzles")
    puzzle.add_argument("--count", default="1", help=f"how many puzzles (1-{MAX_PUZZLE_COUNT})")
    puzzle.add_argument("--ruleset", default="clasico", help=f"one of {', '.join(preset_ids())}")
    puzzle.add_argument("--theme", help=f"only this theme: one of {', '.join(THEMES)}")
    puzzle.add_argument("--sampled", action="store_true",
                        help="hide the other hands: solve deals sampled from what the seat "
                             "to play can see (the best card best in every one)")
    add_output_options(puzzle)
    puzzle.set_defaults(func=cmd_puzzle)


def cmd_puzzle(args: argparse.Namespace, out: TextIO) -> int:
    """Print the puzzles as docs/FORMATS.md, "tute-tutor puzzle", describes."""
    seed = parse_whole(args.seed, name="--seed", low=0, high=MAX_SEED, error=PuzzleError,
                       code=PuzzleError.code)
    count = parse_whole(args.count, name="--count", low=1, high=MAX_PUZZLE_COUNT,
                        error=PuzzleError, code=PuzzleError.code)
    check_request(args.ruleset, args.theme)
    puzzles = generate(seed, count, args.ruleset, args.theme, sampled=args.sampled)
    if args.json:
        data = {"puzzles": [p.to_json() for p in puzzles]}
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        out.write("\n\n".join(_human(p, args.lang) for p in puzzles) + "\n")
    return 0


def _human(puzzle: Puzzle, lang: str) -> str:
    def names(cards: list[int] | tuple[int, ...]) -> str:
        return ", ".join(CARDS[c].name(lang) for c in cards) or "-"

    lines = [t("puzzles.cli.head", lang, id=puzzle.id,
               theme=t(f"puzzles.theme.{puzzle.theme}", lang),
               suit=suit_name(puzzle.trump, lang), seat=puzzle.to_play + 1)]
    for seat, hand in enumerate(puzzle.hands):
        lines.append("  " + t("puzzles.cli.hand", lang, seat=seat + 1,
                              cards=names([c.index for c in cards_of(hand)])))
    lines.append("  " + t("puzzles.cli.trick", lang, cards=names(puzzle.trick),
                          seat=puzzle.leader + 1))
    lines.append("  " + t("puzzles.cli.values", lang, values=", ".join(
        t("puzzles.value_row", lang, card=CARDS[c].name(lang), value=v)
        for c, v in puzzle.values)))
    lines.append("  " + t("puzzles.cli.best", lang, cards=names(puzzle.best)))
    return "\n".join(lines)


__all__ = ["MAX_PUZZLE_COUNT", "add_command", "cmd_puzzle"]
