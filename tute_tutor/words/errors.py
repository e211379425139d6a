"""Errors in words: the sentence of an engine error, from its code, reason and data.

The engine raises errors that carry no text (:mod:`tute_tutor.engine.errors`); the
sentence of ``errors.<code>.<reason>`` in the catalogue is filled from the error's data,
and a refused card is explained by :func:`~tute_tutor.words.explain.explain_refusal`
from the analysis it carries. Importing :mod:`tute_tutor.words` installs
:func:`error_text` as the engine's renderer, so ``str(error)`` is the English sentence.

>>> from tute_tutor.engine.cards import Card
>>> try:
...     Card.parse("8c")
... except TuteError as error:
...     print(error_text(error, "es"))
'8c' no es una carta: los números son 1-7, 10, 11 y 12 (no hay 8 ni 9)
"""

from __future__ import annotations

from tute_tutor.engine.cards import suit_name
from tute_tutor.engine.errors import SHOWN_CHARS, TuteError, set_renderer, shown
from tute_tutor.words.cards import figure_words
from tute_tutor.words.catalog import has_key, t


def error_text(error: BaseException, lang: str = "en") -> str:
    """The one-line sentence of ``error`` in ``lang`` (English unless asked)."""
    if not isinstance(error, TuteError) or error.given_message or not error.reason:
        return str(error)
    data = dict(error.data)
    if error.reason == "refused" and "analysis" in data:
        from tute_tutor.words.explain import explain_refusal

        return explain_refusal(data["analysis"], data["card"], lang)
    key = f"errors.{error.code}.{error.reason}"
    if not has_key(key, lang):
        return f"{error.code}: {error.reason}"
    if isinstance(data.get("suit"), int):
        data["suit"] = suit_name(data["suit"], lang)
    if "known" in data:
        data["known"] = ", ".join(str(value) for value in data["known"])
    for name, value in data.items():  # a bad value is quoted, never pasted whole
        if name == "known":
            continue
        if isinstance(value, str) and len(value) > SHOWN_CHARS:
            data[name] = value[: SHOWN_CHARS - 3] + "..."
        elif isinstance(value, list | tuple | dict | set) and len(repr(value)) > SHOWN_CHARS:
            data[name] = _Shown(shown(value))
    return t(key, lang, **{**figure_words(lang), **data})


class _Shown(str):
    """A value already quoted by :func:`~tute_tutor.engine.errors.shown`: ``!r`` keeps it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


set_renderer(error_text)
