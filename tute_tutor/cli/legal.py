"""``tute-tutor legal``: the legal cards of a scenario, with the obligation and why.

    tute-tutor legal --ruleset clasico --trump o --hand 12c,4c,5b --trick 10c --json
    tute-tutor legal scenario.json --lang en
    tute-tutor legal --batch scenarios.jsonl --json
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from tute_tutor.cli.common import (
    UsageError,
    add_output_options,
    emit,
    error_json,
    overrides_from,
    run_batch,
    whole,
)
from tute_tutor.engine.cards import parse_cards, suit_from_letter, suit_name
from tute_tutor.engine.variants import find_rules, preset_ids
from tute_tutor.formats.inputs import read_input
from tute_tutor.formats.scenario import Scenario
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import explain, join_names


def add_command(subparsers: Any) -> None:
    """Add ``legal`` to the ``tute-tutor`` parser."""
    legal = subparsers.add_parser("legal", help="which cards may be played, and why")
    legal.add_argument("scenario", nargs="?", help="a scenario JSON file ('-': stdin)")
    legal.add_argument("--ruleset", help=f"one of {', '.join(preset_ids())}")
    legal.add_argument("--set", action="append", metavar="FLAG=VALUE", help="override a flag")
    legal.add_argument("--trump", help="trump suit: o, c, e or b")
    legal.add_argument("--hand", help="cards in hand, like 12c,4c,5b")
    legal.add_argument("--trick", default="", help="cards on the table, lead first")
    legal.add_argument("--stock-left", type=whole("--stock-left", 0, 24), default=0,
                       help="cards left to draw (a-dos)")
    legal.add_argument("--batch", metavar="FILE", help="one scenario JSON a line ('-': stdin)")
    add_output_options(legal)
    legal.set_defaults(func=cmd_legal)


def _scenario_from_args(args: argparse.Namespace) -> Scenario:
    if args.scenario:
        return Scenario.from_text(read_input(args.scenario))
    if args.ruleset is None or args.trump is None or args.hand is None:
        raise UsageError("legal needs a scenario file, or --ruleset, --trump and --hand")
    overrides = overrides_from(args.set)
    find_rules(args.ruleset, overrides)
    return Scenario(ruleset=args.ruleset, trump=suit_from_letter(args.trump),
                    hand=tuple(parse_cards(args.hand)), trick=tuple(parse_cards(args.trick or "")),
                    overrides=overrides, stock_left=args.stock_left)


def _human(scenario: Scenario, lang: str) -> str:
    answer = scenario.analyse()
    table = (t("cli.table", lang, cards=join_names(scenario.trick, lang)) if scenario.trick
             else t("cli.table_empty", lang))
    lines = [
        t("cli.trump", lang, suit=suit_name(scenario.trump, lang)),
        table,
        t("cli.hand", lang, cards=join_names(answer.hand, lang)),
        t("cli.legal", lang, cards=join_names(answer.legal, lang)),
        t("cli.obligation", lang, code=answer.obligation),
        explain(answer, lang),
    ]
    return "\n".join(lines)


def cmd_legal(args: argparse.Namespace, out: TextIO) -> int:
    """The legal cards of a scenario, or one answer (or error) per line of a batch."""
    if args.batch:
        return run_batch(args.batch, lambda text: Scenario.from_text(text).answer(args.lang),
                         error_json, out)
    scenario = _scenario_from_args(args)
    if args.json:
        emit(scenario.answer(args.lang), out)
    else:
        out.write(_human(scenario, args.lang) + "\n")
    return 0


__all__ = ["add_command", "cmd_legal"]
