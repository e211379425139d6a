"""``tute-tutor replay``: check and score a ``tute-hand/1`` hand record.

    tute-tutor replay hand.json --json
    tute-tutor replay --batch hands.jsonl --json
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from tute_tutor.cli.common import UsageError, add_output_options, emit, run_batch
from tute_tutor.engine.cards import parse_cards, suit_from_letter, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.formats.inputs import read_input
from tute_tutor.formats.record import load_record_text, replay
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import join_names


def add_command(subparsers: Any) -> None:
    """Add ``replay`` to the ``tute-tutor`` parser."""
    rep = subparsers.add_parser("replay", help="check and score a tute-hand/1 record")
    rep.add_argument("record", nargs="?", help="a hand record JSON file ('-': stdin)")
    rep.add_argument("--batch", metavar="FILE", help="one record JSON a line ('-': stdin)")
    add_output_options(rep)
    rep.set_defaults(func=cmd_replay)


def _invalid(error: TuteError, code: str | None = None) -> dict[str, Any]:
    return {"valid": False, "error": {"event": None, "code": code or error.code,
                                      "message": error.message}}


def _human(result: dict[str, Any], lang: str) -> str:
    if not result["valid"]:
        err = result["error"]
        key = "cli.invalid_record" if err["event"] is None else "cli.invalid"
        return t(key, lang, event=err["event"], code=err["code"], message=err["message"])
    lines = []
    for i, trick in enumerate(result["tricks"], 1):
        lines.append(t("cli.trick", lang, number=i, leader=trick["leader"],
                       cards=join_names(parse_cards(trick["cards"]), lang),
                       winner=trick["winner"], points=trick["points"]))
    for cante in result["cantes"]:
        lines.append(t("cli.cante", lang, seat=cante["seat"], points=cante["points"],
                       suit=suit_name(suit_from_letter(cante["suit"]), lang),
                       after=cante["after_trick"]))
    if result["tute"] is not None:
        lines.append(t("cli.tute", lang, seat=result["tute"]["seat"],
                       kind=result["tute"]["tute"]))
    if not result.get("finished", True):
        lines.append(t("cli.unfinished", lang))
    lines.append(t("cli.totals", lang, totals=result["totals"]))
    if result["winner"] is not None:
        key = "cli.winner_team" if result.get("players") == 4 else "cli.winner_seat"
        lines.append(t(key, lang, side=result["winner"]))
    return "\n".join(lines)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    """Check and score a record, or one answer per line of a batch."""
    if args.batch:
        return run_batch(args.batch, lambda text: replay(load_record_text(text)), _invalid,
                         out, is_good=lambda result: bool(result["valid"]))
    if not args.record:
        raise UsageError("replay needs a hand record file (or --batch FILE)")
    text = read_input(args.record)  # an unreadable file is an error, not a record
    try:
        result = replay(load_record_text(text))
    except TuteError as error:
        result = _invalid(error, "bad_record")
    if args.json:
        emit(result, out)
    else:
        out.write(_human(result, args.lang) + "\n")
    return 0 if result["valid"] else 2


__all__ = ["add_command", "cmd_replay"]
