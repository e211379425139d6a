"""What every subcommand shares: usage errors, JSON output, options, flags and numbers.

Input itself is read through :mod:`tute_tutor.formats.inputs` (bounded files, standard
input and batches); this module only adapts it to argparse.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable
from typing import Any, TextIO

from tute_tutor.engine.errors import TuteError
from tute_tutor.formats.inputs import parse_flag_text, parse_whole, read_batch


class UsageError(TuteError):
    """Bad command-line usage (unknown option, missing argument)."""

    code = "usage"


def emit(data: Any, out: TextIO) -> None:
    """Print one JSON document on one line."""
    out.write(json.dumps(data, ensure_ascii=False) + "\n")


def error_json(error: TuteError) -> dict[str, Any]:
    """The ``{"error": {"code": ..., "message": ...}}`` document of an error."""
    return {"error": {"code": error.code, "message": error.message}}


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """``--json`` and ``--lang``, the same on every subcommand."""
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--lang", choices=("es", "en"), default="es",
                        help="language of explanations (default es)")


def overrides_from(assignments: Iterable[str] | None) -> dict[str, Any]:
    """The flags of repeated ``--set FLAG=VALUE`` options, each one validated."""
    return dict(parse_flag_text(a) for a in assignments or [])


def whole(option: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number ``low``-``high`` (ASCII digits only)."""
    def convert(text: str) -> int:
        try:
            return parse_whole(text, name=option, low=low, high=high)
        except TuteError as error:  # argparse words it as "argument --x: <message>"
            raise argparse.ArgumentTypeError(error.message) from None

    convert.__name__ = option.lstrip("-")
    return convert


__all__ = ["UsageError", "add_output_options", "emit", "error_json", "overrides_from",
           "whole"]


def run_batch(path: str, answer: Callable[[str], dict[str, Any]],
              refused: Callable[[TuteError], dict[str, Any]], out: TextIO,
              is_good: Callable[[dict[str, Any]], bool] = lambda _: True) -> int:
    """One JSON line per line of the batch at ``path`` (``-`` for stdin): ``answer`` of
    the line, or ``refused`` of its error (a bad line, non-UTF-8 or too long included).
    Every line is answered; the exit code is 2 when any line was refused or not good."""
    failed = False
    for line in read_batch(path):
        try:
            if line.error is not None:
                raise line.error
            assert line.text is not None
            result = answer(line.text)
        except TuteError as error:
            result = refused(error)
            failed = True
        failed = failed or not is_good(result)
        emit(result, out)
    return 2 if failed else 0
