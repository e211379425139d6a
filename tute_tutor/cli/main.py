"""The ``tute-tutor`` command line, exactly as docs/FORMATS.md, "The command line", describes it.

With ``--json`` every command prints one JSON document; bad input exits 2 with
``{"error": {"code": ..., "message": ...}}`` and never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from tute_tutor.cli import arena as arena_command
from tute_tutor.cli import quiz as quiz_command
from tute_tutor.cli import serve as serve_command
from tute_tutor.engine.cards import parse_cards, suit_from_letter, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import find_rules, parse_flag_text, preset_ids
from tute_tutor.formats.record import load_record_text, replay
from tute_tutor.formats.scenario import Scenario
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import join_names


class UsageError(TuteError):
    """Bad command-line usage (unknown option, missing argument)."""
    code = "usage"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Turn argparse's exit into a UsageError (exit 2, JSON error)."""
        raise UsageError(f"{self.prog}: {message}")


def _emit(data: Any, out: TextIO) -> None:
    out.write(json.dumps(data, ensure_ascii=False) + "\n")


def _error_json(error: TuteError) -> dict[str, Any]:
    return {"error": {"code": error.code, "message": error.message}}


def _quoted(text: str) -> str:
    """A path or value on one line: as written when printable, else its repr."""
    return text if text.isprintable() else repr(text)


def _read_text(path: str) -> str:
    if path == "-":
        try:
            return sys.stdin.read()
        except UnicodeDecodeError:
            raise TuteError("cannot read standard input: it is not UTF-8 text",
                            code="bad_file") from None
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise TuteError(f"cannot read {_quoted(path)}: {error.strerror or error}",
                        code="bad_file") from None
    except UnicodeDecodeError:
        raise TuteError(f"cannot read {_quoted(path)}: it is not UTF-8 text",
                        code="bad_file") from None


def _batch_lines(path: str) -> Iterator[str]:
    for line in _read_text(path).splitlines():
        if line.strip():
            yield line


# --------------------------------------------------------------------- legal
def _scenario_from_args(args: argparse.Namespace) -> Scenario:
    if args.scenario:
        return Scenario.from_text(_read_text(args.scenario))
    if args.ruleset is None or args.trump is None or args.hand is None:
        raise UsageError("legal needs a scenario file, or --ruleset, --trump and --hand")
    overrides = dict(parse_flag_text(a) for a in args.set or [])
    find_rules(args.ruleset, overrides)
    return Scenario(ruleset=args.ruleset, trump=suit_from_letter(args.trump),
                    hand=tuple(parse_cards(args.hand)), trick=tuple(parse_cards(args.trick or "")),
                    overrides=overrides, stock_left=args.stock_left)


def _legal_human(scenario: Scenario, lang: str) -> str:
    answer = scenario.analyse()
    from tute_tutor.words.explain import explain

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
    """``tute-tutor legal``: the legal cards of a scenario (or a batch)."""
    if args.batch:
        failed = False
        for line in _batch_lines(args.batch):
            try:
                _emit(Scenario.from_text(line).answer(args.lang), out)
            except TuteError as error:
                failed = True
                _emit(_error_json(error), out)
        return 2 if failed else 0
    scenario = _scenario_from_args(args)
    if args.json:
        _emit(scenario.answer(args.lang), out)
    else:
        out.write(_legal_human(scenario, args.lang) + "\n")
    return 0


# --------------------------------------------------------------------- replay
def _replay_human(result: dict[str, Any], lang: str) -> str:
    if not result["valid"]:
        err = result["error"]
        return t("cli.invalid", lang, event=err["event"], code=err["code"],
                 message=err["message"])
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
    """``tute-tutor replay``: check and score a hand record (or a batch)."""
    if args.batch:
        failed = False
        for line in _batch_lines(args.batch):
            try:
                result = replay(load_record_text(line))
            except TuteError as error:
                result = {"valid": False, "error": {"event": None, "code": error.code,
                                                    "message": error.message}}
            failed = failed or not result["valid"]
            _emit(result, out)
        return 2 if failed else 0
    if not args.record:
        raise UsageError("replay needs a hand record file (or --batch FILE)")
    try:
        result = replay(load_record_text(_read_text(args.record)))
    except TuteError as error:
        if error.code == "bad_file":
            raise
        result = {"valid": False, "error": {"event": None, "code": "bad_record",
                                            "message": error.message}}
    if args.json:
        _emit(result, out)
    else:
        out.write(_replay_human(result, args.lang) + "\n")
    return 0 if result["valid"] else 2


# --------------------------------------------------------------------- parser
Command = Callable[[argparse.Namespace, TextIO], int]


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--lang", choices=("es", "en"), default="es",
                        help="language of explanations (default es)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = _Parser(prog="tute-tutor", description="The Tute rules engine on the command line.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    legal = sub.add_parser("legal", help="which cards may be played, and why")
    legal.add_argument("scenario", nargs="?", help="a scenario JSON file")
    legal.add_argument("--ruleset", choices=None, help=f"one of {', '.join(preset_ids())}")
    legal.add_argument("--set", action="append", metavar="FLAG=VALUE", help="override a flag")
    legal.add_argument("--trump", help="trump suit: o, c, e or b")
    legal.add_argument("--hand", help="cards in hand, like 12c,4c,5b")
    legal.add_argument("--trick", default="", help="cards on the table, lead first")
    legal.add_argument("--stock-left", type=int, default=0, help="cards left to draw (a-dos)")
    legal.add_argument("--batch", metavar="FILE", help="one scenario JSON a line ('-': stdin)")
    _common(legal)
    legal.set_defaults(func=cmd_legal)

    rep = sub.add_parser("replay", help="check and score a tute-hand/1 record")
    rep.add_argument("record", nargs="?", help="a hand record JSON file")
    rep.add_argument("--batch", metavar="FILE", help="one record JSON a line ('-': stdin)")
    _common(rep)
    rep.set_defaults(func=cmd_replay)

    quiz_command.add_command(sub)
    arena_command.add_command(sub)
    serve_command.add_command(sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line on ``argv``; returns the exit status."""
    out = out or sys.stdout
    argv = list(sys.argv[1:] if argv is None else argv)
    wants_json = "--json" in argv
    try:
        args = build_parser().parse_args(argv)
        if not getattr(args, "command", None):
            raise UsageError("give a command: legal, replay, quiz, arena or serve (see --help)")
        code: int = args.func(args, out)
        return code
    except TuteError as error:
        if wants_json:
            _emit(_error_json(error), out)
        else:
            sys.stderr.write(f"tute-tutor: {error.message}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except SystemExit as done:  # --help prints its text and ends here
        return done.code if isinstance(done.code, int) else 0
    except Exception as error:  # a bug, not bad input: still one line, never a traceback
        message = f"internal error ({type(error).__name__}): {error}".splitlines()[0]
        if wants_json:
            _emit({"error": {"code": "internal_error", "message": message}}, out)
        else:
            sys.stderr.write(f"tute-tutor: {message}\n")
        return 1


def run() -> NoReturn:
    """Console-script entry point: UTF-8 output, quiet on a closed pipe."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8")
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        code = 0
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the final flush
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    run()
