"""Names people type (profile names, later nicknames), made one form per name.

A name with an accent typed two ways (``é`` composed, or ``e`` plus a combining accent)
is the same learner; a name padded with zero-width or direction-override characters is
not a second one that looks the same.

>>> normalise_name("  Jose\u0301   María ") == normalise_name("José María")
True
>>> normalise_name("Ana\u200b") == "Ana"
True
>>> normalise_name("\u202e \u200d")
Traceback (most recent call last):
...
tute_tutor.formats.names.BadNameError: the name is empty: type at least one letter or digit
"""

from __future__ import annotations

import unicodedata
from typing import Final

from tute_tutor.engine.errors import TuteError
from tute_tutor.formats.limits import MAX_NAME_CHARS

_DROPPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (zero-width, direction marks and overrides, BOM), surrogate,
private-use and unassigned characters: none of them is part of a name."""

_SPACE_CATEGORIES: Final = frozenset({"Zs", "Zl", "Zp"})


class BadNameError(TuteError):
    """A name that is empty after cleaning, or too long."""

    code = "bad_name"


def normalise_name(text: object, *, max_length: int = MAX_NAME_CHARS) -> str:
    """The one form of a typed name: Unicode NFC, without control, zero-width or
    direction characters, trimmed, inner whitespace runs made one space.

    Raises :class:`BadNameError` (one line) when nothing is left or when the cleaned name
    is longer than ``max_length`` characters.
    """
    if not isinstance(text, str):
        raise BadNameError(f"a name must be text, not {type(text).__name__}")
    if len(text) > 16 * max_length:
        raise BadNameError(f"the name is {len(text)} characters long: at most {max_length}")
    kept: list[str] = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category in _SPACE_CATEGORIES or char in "\t\n\r\v\f\x1c\x1d\x1e\x1f\x85":
            kept.append(" ")
        elif category not in _DROPPED_CATEGORIES:
            kept.append(char)
    name = unicodedata.normalize("NFC", " ".join("".join(kept).split()))
    if not name or all(unicodedata.category(c).startswith("M") for c in name):
        raise BadNameError("the name is empty: type at least one letter or digit")
    if len(name) > max_length:
        raise BadNameError(f"the name is {len(name)} characters long: at most {max_length}")
    return name


__all__ = ["BadNameError", "normalise_name"]
