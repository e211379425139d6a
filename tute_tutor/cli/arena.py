"""The ``tute-tutor arena`` command: two computer levels over duplicate deals.

    tute-tutor arena --ruleset clasico --a 4 --b 3 --deals 1000 --seed 1 --json

prints one JSON document (see :func:`tute_tutor.ai.arena.run_arena`) and shows a progress
bar on stderr for runs of 20 deals or more.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from tute_tutor.ai.arena import check_arguments, run_arena
from tute_tutor.cli.common import add_output_options, overrides_from, whole
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.limits import MAX_ARENA_DEALS, MAX_ARENA_JOBS, MAX_SEED
from tute_tutor.words.catalog import t_count

PROGRESS_FROM = 20


def add_command(subparsers: Any) -> None:
    """Add the ``arena`` subcommand to the ``tute-tutor`` parser."""
    arena = subparsers.add_parser("arena", help="two computer levels over duplicate deals")
    arena.add_argument("--ruleset", default="clasico", help="rule set id (default clasico)")
    arena.add_argument("--set", action="append", metavar="FLAG=VALUE", help="override a flag")
    arena.add_argument("--a", type=whole("--a", 0, MAX_SEED), required=True, metavar="LEVEL",
                       help="level of side a, 1-4 (seats 0 and 2 in four players)")
    arena.add_argument("--b", type=whole("--b", 0, MAX_SEED), required=True, metavar="LEVEL",
                       help="level of side b, 1-4")
    arena.add_argument("--deals", type=whole("--deals", 0, MAX_SEED),
                       default=100, help=f"duplicate deals, 2 hands each (1-{MAX_ARENA_DEALS})")
    arena.add_argument("--seed", type=whole("--seed", 0, MAX_SEED), default=0,
                       help="seed of the deals")
    arena.add_argument("--jobs", type=whole("--jobs", 1, MAX_ARENA_JOBS), default=1,
                       help=f"processes to play in parallel (1-{MAX_ARENA_JOBS})")
    arena.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_output_options(arena)
    arena.set_defaults(func=cmd_arena)


def cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    """Run the arena and print its summary."""
    rules = find_rules(args.ruleset, overrides_from(args.set))
    check_arguments(args.a, args.b, args.deals)
    bar = None
    if args.deals >= PROGRESS_FROM and not args.no_progress:
        from tqdm import tqdm

        bar = tqdm(total=args.deals, unit="deal", file=sys.stderr, desc="arena")

    def progress(running: dict[str, Any]) -> None:
        if bar is not None:
            rate = running["a_hands_won"] / running["hands"]
            bar.set_postfix(a_win=f"{rate:.3f}", margin=running["a_mean_margin"],
                            refresh=False)
            bar.update(1)

    try:
        summary = run_arena(rules, args.a, args.b, args.deals, args.seed, jobs=args.jobs,
                            progress=progress)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        out.write(json.dumps(summary) + "\n")
    else:
        low, high = summary["ci95"]
        text = t_count("cli.arena", summary["deals"], args.lang, a=args.a, b=args.b,
                       deals=summary["deals"],
                 hands=summary["hands"], won=summary["a_hands_won"],
                 rate=f"{summary['a_win_rate']:.1%}", low=f"{low:.1%}", high=f"{high:.1%}",
                 margin=f"{summary['a_mean_margin']:+.1f}", seconds=summary["seconds"])
        out.write(text + "\n")
    return 0
