"""The ``tute-tutor`` command line (docs/FORMATS.md, "The command line"): parse, dispatch,
and turn every error into one line.

With ``--json`` every command prints one JSON document; bad input exits 2 with
``{"error": {"code": ..., "message": ...}}`` and never a traceback. Each subcommand is a
module of this package with ``add_command(subparsers)``; :data:`COMMANDS` lists them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from tute_tutor.cli import arena, legal, puzzle, quiz, replay, serve
from tute_tutor.cli.common import UsageError, emit, error_json
from tute_tutor.engine.errors import TuteError

COMMANDS: list[Callable[[Any], None]] = [
    legal.add_command,
    replay.add_command,
    quiz.add_command,
    puzzle.add_command,
    arena.add_command,
    serve.add_command,
]
"""Every subcommand, in the order ``--help`` lists them."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Turn argparse's exit into a UsageError (exit 2, JSON error)."""
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command."""
    parser = _Parser(prog="tute-tutor", description="The Tute rules engine on the command line.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for add in COMMANDS:
        add(sub)
    return parser


def _one_line(text: str) -> str:
    return " ".join(text.split()) or text


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line on ``argv``; returns the exit status."""
    out = out or sys.stdout
    argv = list(sys.argv[1:] if argv is None else argv)
    wants_json = "--json" in argv
    try:
        args = build_parser().parse_args(argv)
        if not getattr(args, "command", None):
            raise UsageError("give a command: legal, replay, quiz, puzzle, arena or serve "
                             "(see --help)")
        code: int = args.func(args, out)
        return code
    except TuteError as error:
        if wants_json:
            emit(error_json(error), out)
        else:
            sys.stderr.write(f"tute-tutor: {_one_line(error.message)}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except SystemExit as done:  # --help prints its text and ends here
        return done.code if isinstance(done.code, int) else 0
    except (MemoryError, RecursionError) as error:
        message = f"the input is too big to handle ({type(error).__name__})"
        if wants_json:
            emit({"error": {"code": "too_big", "message": message}}, out)
        else:
            sys.stderr.write(f"tute-tutor: {message}\n")
        return 2
    except Exception as error:  # a bug, not bad input: still one line, never a traceback
        message = _one_line(f"internal error ({type(error).__name__}): {error}")[:300]
        if wants_json:
            emit({"error": {"code": "internal_error", "message": message}}, out)
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
