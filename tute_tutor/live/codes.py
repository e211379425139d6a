"""Short codes and tokens shared by rooms and live classes.

A code is six characters a person can read aloud or copy by hand: no 0/O and no 1/I/L.
Tokens stay in the browser; the database keeps only their SHA-256.

>>> code = new_code(random.Random(1))
>>> len(code), read_code(code.lower()[:3] + "-" + code[3:]) == code, read_code("O0O0O0")
(6, True, None)
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Final

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters and digits of a code: no 0/O, no 1/I/L."""
CODE_LENGTH: Final = 6


def new_code(rng: random.Random | None = None) -> str:
    """A random code of :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`
    (from ``rng`` when given, else from the secure source)."""
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def read_code(text: object) -> str | None:
    """A typed or linked code as stored (upper case, spaces and dashes dropped), or None
    when it is not a code."""
    if not isinstance(text, str):
        return None
    code = "".join(text.split()).replace("-", "").upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def token_digest(token: str) -> str:
    """How a token is kept: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
