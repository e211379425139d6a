"""Message catalogues: every user-facing string, in Spanish and English.

Each language has a folder of TOML files (``words/es/*.toml``, ``words/en/*.toml``); a
file holds one area's keys and its name is the keys' prefix, so ``quiz.toml`` holds
``quiz.title``. Both languages must have exactly the same keys (a test checks).

A message that puts a count next to a noun holds one text per plural category,
``stock = { one = "Mazo: {count} carta", other = "Mazo: {count} cartas" }``, and is read
with :func:`t_count`, never with a hand-made "s".

>>> t("app.name", "es")
'Tute Tutor'
>>> t("app.missing_key_for_doctest", "en")
'app.missing_key_for_doctest'
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("es", "en")
DEFAULT_LANGUAGE = "es"
_HERE = Path(__file__).parent


def _flatten(prefix: str, data: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in data.items():
        full = f"{prefix}.{key}"
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@cache
def catalogue(lang: str) -> dict[str, str]:
    """Every key of ``lang`` (``es`` or ``en``), flattened to ``area.key``."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    messages: dict[str, str] = {}
    for path in sorted((_HERE / lang).glob("*.toml")):
        with path.open("rb") as handle:
            _flatten(path.stem, tomllib.load(handle), messages)
    return messages


def t(key: str, lang: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``{name}`` fields filled from ``values``.

    A missing key returns the key itself (tests fail on that); a missing value leaves
    the field as written rather than raising in front of a learner.
    """
    text = catalogue(lang).get(key)
    if text is None:
        return key
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text


def plural_form(count: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (Babel): ``one``, ``other``...

    >>> plural_form(1, "en"), plural_form(0, "en"), plural_form(1_000_000, "es")
    ('one', 'other', 'many')
    """
    from babel import Locale

    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    form: str = Locale.parse(lang).plural_form(count)
    return form


def t_count(key: str, count: float, lang: str = DEFAULT_LANGUAGE, /, **values: object) -> str:
    """The message ``key`` for ``count`` things, by the language's plural rules.

    The catalogue holds ``key.one``, ``key.other`` (and any other CLDR category the
    language uses); a missing category falls back to ``other``, and a key written as a
    single text (no forms) is used as it is. ``{count}`` is filled unless ``values``
    gives it; the count may also go by another name (``points=count``).

    >>> t_count("teacher.deck_count", 1, "en"), t_count("teacher.deck_count", 3, "en")
    ('The sequence has 1 scenario.', 'The sequence has 3 scenarios.')
    >>> t_count("practice.page.seat_note", 1, "es", cards=3, tricks=1)
    '3 en mano · 1 baza'
    """
    form = plural_form(count, lang)
    if has_key(f"{key}.{form}", lang):
        chosen = f"{key}.{form}"
    elif has_key(f"{key}.other", lang):
        chosen = f"{key}.other"
    else:
        chosen = key
    return t(chosen, lang, **{"count": count, **values})


def has_key(key: str, lang: str) -> bool:
    return key in catalogue(lang)
