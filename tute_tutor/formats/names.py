"""One normaliser for every name a person types (profiles now, nicknames later).

A name is compared as it is stored, so two ways of typing the same thing must give one
string: Unicode NFC (an accent typed composed or as a combining mark is one letter),
no invisible format characters (zero-width spaces and joiners, direction overrides and
isolates, byte-order marks, soft hyphens), runs of any white space as one space, trimmed
at both ends, and a length limit counted after all that. Control characters are refused.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from tute_tutor.engine.errors import shown
from tute_tutor.formats.limits import MAX_NAME_CHARS

MAX_NAME: Final = MAX_NAME_CHARS


class BadName(ValueError):
    """A name that cannot be one; the message is one line and says why."""


def normalise_name(text: object, *, limit: int = MAX_NAME, what: str = "name") -> str:
    """``text`` as a name (see the module text), or :class:`BadName`.

    >>> normalise_name("  Jose\\u0301  Luis ") == "José Luis"
    True
    >>> normalise_name("Ana\\u200b\\u202e")
    'Ana'
    >>> normalise_name("\\u200b")
    Traceback (most recent call last):
    ...
    tute_tutor.formats.names.BadName: a name cannot be empty
    """
    if not isinstance(text, str):
        raise BadName(f"a {what} must be text, not {type(text).__name__}")
    composed = unicodedata.normalize("NFC", text)
    kept = []
    for ch in composed:
        category = unicodedata.category(ch)
        if category == "Cf":  # invisible format characters: dropped
            continue
        if ch.isspace():
            kept.append(" ")
        elif category in ("Cc", "Cs", "Co", "Cn"):
            raise BadName(f"the {what} {shown(text)} holds a control or unassigned character "
                          f"(U+{ord(ch):04X})")
        else:
            kept.append(ch)
    clean = " ".join("".join(kept).split())
    if not clean:
        raise BadName(f"a {what} cannot be empty")
    if len(clean) > limit:
        raise BadName(f"the {what} '{clean[:limit]}…' is too long (at most {limit} "
                      "characters)")
    return clean
