"""The project's errors: one base class, a subclass per kind of bad input or move.

The engine writes no words. An engine error carries a ``code`` (the kind of input or move
that is wrong: ``bad_card``, ``renuncio``, ...), a ``reason`` naming what exactly is wrong
and the ``data`` it is about (the card, the seat, the suit, the rule broken);
:mod:`tute_tutor.words.errors` turns them into a one-line sentence in Spanish or English
(``str(error)`` is the English one, which names the offending input).

Layers above the engine (formats, the command line, the store, ...) may still give a
ready-made ``message`` instead of a reason.

>>> error = BadCanteError(reason="already_sung", suit=1)
>>> error.code, error.reason, error.data
('bad_cante', 'already_sung', {'suit': 1})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Renderer = Callable[["TuteError", str], str]
"""``render(error, lang)``: the sentence of an error, installed by :mod:`tute_tutor.words`."""
_renderer: list[Renderer] = []


def set_renderer(render: Renderer) -> None:
    """Install the function that words an error's reason and data (words/ calls this)."""
    _renderer[:] = [render]


SHOWN_CHARS = 60
"""A bad value is quoted in a message up to this many characters."""


def shown(value: object, limit: int = SHOWN_CHARS) -> str:
    """A value quoted for a one-line message: its ``repr``, cut to ``limit`` characters.

    >>> shown("abc"), shown("x" * 100, 10)
    ("'abc'", "'xxxxxx...")
    """
    text = repr(value[: 4 * limit]) if isinstance(value, str) else repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class TuteError(ValueError):
    """Base of every error raised on bad input or an illegal move."""

    code = "bad_input"

    def __init__(self, message: str = "", *, code: str | None = None, reason: str = "",
                 **data: Any) -> None:
        super().__init__(message or reason)
        if code is not None:
            self.code = code
        self.reason = reason
        """What exactly is wrong: with ``code``, the key of its sentence in words/."""
        self.data: dict[str, Any] = data
        """What the error is about: cards, seats, suits, flags, the rule broken."""
        self.given_message = message
        """A ready-made sentence from a layer above the engine ("" for engine errors);
        when given it is the message, whatever the reason."""

    def __str__(self) -> str:
        if self.given_message or not self.reason:
            return self.given_message
        if _renderer:
            return _renderer[0](self, "en")
        return f"{self.code}: {self.reason} {self.data}"

    @property
    def message(self) -> str:
        """The one-line message (English; :func:`tute_tutor.words.errors.error_text` gives
        either language)."""
        return str(self)


class NotationError(TuteError):
    """A card code, suit letter or list of cards that cannot be read."""

    code = "bad_card"


class RulesError(TuteError):
    """An unknown preset or flag, or a flag value of the wrong type."""

    code = "bad_rules"


class ScenarioError(TuteError):
    """A scenario that cannot happen (a card twice, a trick too long, ...)."""

    code = "bad_scenario"


class IllegalPlayError(TuteError):
    """A card that may not be played now; carries the rule broken and the reason.

    ``rule`` is the refusal reason (``must_beat``, ...) or the obligation in force;
    ``data`` holds the ``card`` and, for a renuncio, the ``analysis`` it breaks.
    """

    code = "renuncio"

    def __init__(self, message: str = "", *, code: str = "renuncio", rule: str = "",
                 reason: str = "", **data: Any) -> None:
        super().__init__(message, code=code, reason=reason, **data)
        self.rule = rule


class BadCanteError(TuteError):
    """A cante that may not be made now."""
    code = "bad_cante"


class BadTuteError(TuteError):
    """A tute that may not be declared now."""
    code = "bad_tute"


class BadSwapError(TuteError):
    """A swap of the 7 (or 2) of trumps that may not be made now."""
    code = "bad_swap"


class BadPassError(TuteError):
    """A pass by a seat that is not the one asked to declare now."""
    code = "bad_pass"


class HandOverError(TuteError):
    """An action after the hand has ended."""
    code = "hand_over"


class RecordError(TuteError):
    """A hand record that is not a well-formed ``tute-hand/1`` document."""

    code = "bad_record"
