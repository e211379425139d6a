"""The one validation layer every entry point reads through.

Bounded reads of files and standard input, batches read line by line with a line limit,
JSON parsed with bounded numbers, whole numbers that accept only ASCII digits within a
range, and ``FLAG=VALUE`` text. Every refusal is an :class:`InputError` (or the caller's
own :class:`~tute_tutor.engine.errors.TuteError` subclass) with a code and a one-line
message naming what is wrong; the limits are those of :mod:`tute_tutor.formats.limits`.

>>> parse_whole("12", name="--count", low=1, high=100)
12
>>> parse_whole("²", name="--count", low=1, high=100)
Traceback (most recent call last):
...
tute_tutor.formats.inputs.InputError: --count takes a whole number written with 0-9, not '²'
>>> parse_json('{"stock_left": ' + "9" * 40 + '}', what="the scenario")
Traceback (most recent call last):
...
tute_tutor.formats.inputs.InputError: the scenario holds a number of 40 digits: at most 18
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

from tute_tutor.engine.errors import RulesError, TuteError, shown
from tute_tutor.engine.variants import validate_flag
from tute_tutor.formats.limits import (
    MAX_BATCH_BYTES,
    MAX_BATCH_LINES,
    MAX_FILE_BYTES,
    MAX_JSON_BYTES,
    MAX_JSON_DEPTH,
    MAX_LINE_BYTES,
    MAX_NUMBER_DIGITS,
)

_ASCII_DIGITS: Final = frozenset("0123456789")
_JSON_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET: Final = re.compile(r"[\[\]{}]")
_CHUNK: Final = 65_536


class InputError(TuteError):
    """Input refused by the validation layer: too big, not UTF-8, not a number, ..."""

    code = "bad_input"


def is_ascii_whole(text: str) -> bool:
    """True for a non-empty run of ASCII digits 0-9 (``str.isdigit`` also takes ``²``).

    >>> is_ascii_whole("42"), is_ascii_whole("²"), is_ascii_whole("٣"), is_ascii_whole("")
    (True, False, False, False)
    """
    return bool(text) and all(c in _ASCII_DIGITS for c in text)


def parse_whole(value: object, *, name: str, low: int, high: int,
                code: str = "bad_number", error: type[TuteError] = InputError) -> int:
    """The whole number ``low``..``high`` written in ``value`` (text or an int).

    Text takes ASCII digits only, with a leading ``-`` when ``low`` is negative, and at
    most :data:`MAX_NUMBER_DIGITS` digits; anything else raises ``error`` with ``code``.
    """
    if isinstance(value, bool):
        raise error(f"{name} takes a whole number, not {shown(value)}", code=code)
    if isinstance(value, int):
        number = value
    elif isinstance(value, str):
        text = value.strip(" \t")
        digits = text[1:] if text.startswith("-") and low < 0 else text
        if not is_ascii_whole(digits):
            raise error(f"{name} takes a whole number written with 0-9, not {shown(value)}",
                        code=code)
        if len(digits) > MAX_NUMBER_DIGITS:
            raise error(f"{name} has {len(digits)} digits: at most {MAX_NUMBER_DIGITS}",
                        code=code)
        number = int(text)
    else:
        raise error(f"{name} takes a whole number, not {shown(value)}", code=code)
    if not low <= number <= high:
        raise error(f"{name} {number} is out of range: {low}-{high}", code=code)
    return number


# ------------------------------------------------------------------------------ JSON
class _NumberTooLong(Exception):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_NUMBER_DIGITS:
        raise _NumberTooLong(digits)
    return int(text)


def _bounded_float(text: str) -> float:
    mantissa = text.lstrip("-").split("e")[0].split("E")[0].replace(".", "")
    if len(mantissa) > MAX_NUMBER_DIGITS or len(text) > MAX_NUMBER_DIGITS + 8:
        raise _NumberTooLong(len(mantissa))
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise _NumberTooLong(len(text))
    return number


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not a JSON number")


def json_depth(text: str) -> int:
    """How deeply arrays and objects nest in JSON ``text`` (brackets in strings skipped).

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    for bracket in _JSON_BRACKET.findall(_JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse_json(text: str, *, what: str, limit: int = MAX_JSON_BYTES) -> object:
    """JSON ``text`` parsed with bounded size and numbers; ``what`` names it in messages.

    Refuses more than ``limit`` characters, numbers of more than :data:`MAX_NUMBER_DIGITS`
    digits (Python's ``int`` gives up at 4,300), ``NaN`` and ``Infinity``, and nesting
    deeper than :data:`MAX_JSON_DEPTH`.
    """
    if not isinstance(text, str):
        raise InputError(f"{what} must be text, not {type(text).__name__}", code="bad_json")
    if len(text) > limit:
        raise InputError(f"{what} is {len(text)} characters long: at most {limit}",
                         code="too_big")
    depth = json_depth(text)
    if depth > MAX_JSON_DEPTH:
        raise InputError(f"{what} is nested {depth} levels deep: at most {MAX_JSON_DEPTH}",
                         code="bad_json")
    try:
        return json.loads(text, parse_int=_bounded_int, parse_float=_bounded_float,
                          parse_constant=_no_constant)
    except _NumberTooLong as error:
        raise InputError(f"{what} holds a number of {error.digits} digits: "
                         f"at most {MAX_NUMBER_DIGITS}", code="bad_json") from None
    except json.JSONDecodeError as error:
        raise InputError(f"{what} is not valid JSON (line {error.lineno} column "
                         f"{error.colno}: {error.msg})", code="bad_json") from None
    except RecursionError:
        raise InputError(f"{what} is not valid JSON: nested too deeply",
                         code="bad_json") from None
    except ValueError as error:
        raise InputError(f"{what} is not valid JSON: {error}", code="bad_json") from None


# ------------------------------------------------------------------------------ files
def _quoted_path(path: str) -> str:
    return path if path.isprintable() and len(path) <= 200 else shown(path)


def _binary_stdin() -> IO[bytes]:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream put in place by a caller: read it as UTF-8
        import io

        return io.BytesIO(sys.stdin.read(MAX_BATCH_BYTES + 1).encode("utf-8", "replace"))
    return buffer  # type: ignore[no-any-return]


def _open(path: str) -> IO[bytes]:
    if path == "-":
        return _binary_stdin()
    try:
        return open(path, "rb")
    except OSError as error:
        raise InputError(f"cannot read {_quoted_path(path)}: {error.strerror or error}",
                         code="bad_file") from None


def _where(path: str) -> str:
    return "standard input" if path == "-" else _quoted_path(path)


def decode_text(raw: bytes, *, what: str, limit: int = MAX_FILE_BYTES) -> str:
    """Bytes of an upload or a file as text: at most ``limit`` bytes of UTF-8 (BOM dropped)."""
    if len(raw) > limit:
        raise InputError(f"{what} is more than {limit} bytes", code="too_big")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InputError(f"{what} is not UTF-8 text (byte {error.start})",
                         code="bad_file") from None


def read_input(path: str, *, limit: int = MAX_FILE_BYTES) -> str:
    """The text of file ``path`` (``-``: standard input), at most ``limit`` bytes of UTF-8."""
    stream = _open(path)
    try:
        raw = stream.read(limit + 1)
    except OSError as error:
        raise InputError(f"cannot read {_where(path)}: {error.strerror or error}",
                         code="bad_file") from None
    finally:
        if path != "-":
            stream.close()
    return decode_text(raw, what=_where(path), limit=limit)


@dataclass(frozen=True)
class BatchLine:
    """One non-blank line of a batch: its text, or the error that stands for it."""

    number: int
    text: str | None
    error: InputError | None = None


def read_batch(path: str, *, max_lines: int = MAX_BATCH_LINES,
               max_line_bytes: int = MAX_LINE_BYTES,
               max_bytes: int = MAX_BATCH_BYTES) -> Iterator[BatchLine]:
    """The non-blank lines of ``path`` (``-``: standard input), read one at a time.

    A line that is not UTF-8 or longer than ``max_line_bytes`` comes as an error of its
    own and reading goes on. Past ``max_lines`` lines or ``max_bytes`` bytes one last
    error line ends the batch. Memory stays within one line whatever the input.
    """
    stream = _open(path)
    total = 0
    count = 0
    number = 0
    try:
        while True:
            raw = stream.readline(max_line_bytes + 2)
            if not raw:
                return
            number += 1
            total += len(raw)
            too_long = len(raw.rstrip(b"\r\n")) > max_line_bytes
            while too_long and not raw.endswith(b"\n") and total <= max_bytes:
                raw = stream.readline(_CHUNK)
                if not raw:
                    break
                total += len(raw)
            if total > max_bytes:
                yield BatchLine(number, None, InputError(
                    f"the batch stops at line {number}: more than {max_bytes} bytes",
                    code="too_big"))
                return
            if not too_long and not raw.strip():
                continue
            count += 1
            if count > max_lines:
                yield BatchLine(number, None, InputError(
                    f"the batch stops at line {number}: at most {max_lines} lines",
                    code="too_big"))
                return
            if too_long:
                yield BatchLine(number, None, InputError(
                    f"line {number} is longer than {max_line_bytes} bytes", code="too_big"))
                continue
            try:
                text = raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError as error:
                yield BatchLine(number, None, InputError(
                    f"line {number} is not UTF-8 text (byte {error.start})", code="bad_file"))
                continue
            yield BatchLine(number, text.rstrip("\r\n"))
    except OSError as error:
        yield BatchLine(number, None, InputError(
            f"cannot read {_where(path)}: {error.strerror or error}", code="bad_file"))
    finally:
        if path != "-":
            stream.close()


# ------------------------------------------------------------------------------ flags
MAX_FLAG_TEXT: Final = 100
"""Longest ``FLAG=VALUE`` pair (no flag or value comes near)."""


def parse_flag_text(assignment: object) -> tuple[str, Any]:
    """Read ``FLAG=VALUE`` (command line, URL, sidebar) into a validated pair.

    ``true``/``false`` are booleans, ``null``/``none`` nothing, ASCII digits a number,
    anything else text; the engine's :func:`~tute_tutor.engine.variants.validate_flag`
    then checks the value.

    >>> parse_flag_text("tute_award=2"), parse_flag_text("partner_exemption=true")
    (('tute_award', 2), ('partner_exemption', True))
    """
    if not isinstance(assignment, str) or "=" not in assignment:
        raise RulesError(reason="not_assignment", shown=shown(assignment))
    if len(assignment) > MAX_FLAG_TEXT:
        raise RulesError(f"{shown(assignment)} is {len(assignment)} characters long: "
                         f"a FLAG=VALUE pair has at most {MAX_FLAG_TEXT}")
    name, text = (part.strip() for part in assignment.split("=", 1))
    value: Any = text
    if text.lower() in ("true", "false"):
        value = text.lower() == "true"
    elif is_ascii_whole(text):
        value = int(text)
    elif text.lower() in ("null", "none"):
        value = None
    return name, validate_flag(name, value)


__all__ = ["BatchLine", "InputError", "decode_text", "is_ascii_whole", "parse_flag_text",
           "parse_json", "parse_whole", "read_batch", "read_input", "shown"]
