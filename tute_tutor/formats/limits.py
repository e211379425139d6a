"""Every upper limit on input, in one place (listed in docs/FORMATS.md, "Limits").

Each entry point (the command line, share links, uploads, pasted records, lesson files,
URL parameters, profile names) reads through :mod:`tute_tutor.formats.inputs` with these
numbers, so nothing a user sends can take unbounded time or memory. Past a limit the
input is refused with a one-line message that names the limit.
"""

from __future__ import annotations

from typing import Final

MAX_FILE_BYTES: Final = 200_000
"""Largest scenario file, hand record, lesson file, upload or standard input (bytes)."""

MAX_JSON_BYTES: Final = MAX_FILE_BYTES
"""Largest JSON text accepted anywhere, a share link's unpacked content included."""

MAX_NUMBER_DIGITS: Final = 18
"""Most digits of a number in JSON or in a whole-number field (fits a 64-bit integer)."""

MAX_JSON_DEPTH: Final = 32
"""Deepest nesting of JSON arrays and objects (the formats need 4 levels)."""

MAX_BATCH_LINES: Final = 10_000
"""Most non-blank lines in one ``--batch`` input; the rest is refused with one error line."""

MAX_LINE_BYTES: Final = 65_536
"""Longest line of a ``--batch`` input (bytes, newline excluded)."""

MAX_BATCH_BYTES: Final = 64 * 1024 * 1024
"""Most bytes read from one ``--batch`` input, long lines that are skipped included."""

MAX_TOKEN_CHARS: Final = 8000
"""Longest share-link token (the ``?s=`` value)."""

MAX_SCENARIOS: Final = 100
"""Most scenarios in one share link or scenario file."""

MAX_QUIZ_COUNT: Final = 100
"""Most questions one ``tute-tutor quiz`` run generates (``--count``)."""

MAX_PUZZLE_COUNT: Final = 50
"""Most puzzles one ``tute-tutor puzzle`` run makes (``--count``)."""

MAX_ARENA_DEALS: Final = 10_000
"""Most duplicate deals of one ``tute-tutor arena`` run (``--deals``)."""

MAX_ARENA_JOBS: Final = 64
"""Most processes of one ``tute-tutor arena`` run (``--jobs``)."""

MAX_SEED: Final = 10**MAX_NUMBER_DIGITS - 1
"""Largest seed of a quiz, an arena run or a practice deal."""

MAX_NAME_CHARS: Final = 40
"""Longest profile name (and nickname), counted after normalising."""

MAX_PARAM_CHARS: Final = 500
"""Longest URL parameter other than a share link (``?flags=``, ``?lesson=``, ...)."""

MAX_FIELD_CHARS: Final = 500
"""Longest one-line form field (a hand, a trick, a flag typed in the sidebar)."""

LIMITS: Final[dict[str, int]] = {
    "file_bytes": MAX_FILE_BYTES,
    "json_bytes": MAX_JSON_BYTES,
    "number_digits": MAX_NUMBER_DIGITS,
    "json_depth": MAX_JSON_DEPTH,
    "batch_lines": MAX_BATCH_LINES,
    "line_bytes": MAX_LINE_BYTES,
    "batch_bytes": MAX_BATCH_BYTES,
    "token_chars": MAX_TOKEN_CHARS,
    "scenarios": MAX_SCENARIOS,
    "quiz_count": MAX_QUIZ_COUNT,
    "puzzle_count": MAX_PUZZLE_COUNT,
    "arena_deals": MAX_ARENA_DEALS,
    "arena_jobs": MAX_ARENA_JOBS,
    "seed": MAX_SEED,
    "name_chars": MAX_NAME_CHARS,
    "param_chars": MAX_PARAM_CHARS,
    "field_chars": MAX_FIELD_CHARS,
}
"""Every limit by a short name (a test checks that the README lists each one)."""
