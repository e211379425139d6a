"""The project's errors: one base class, a subclass per kind of bad input or move.

Every message names the offending input and reads as one line for a learner.
"""

from __future__ import annotations


class TuteError(ValueError):
    """Base of every error the engine raises on bad input or an illegal move."""

    code = "bad_input"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        """The one-line message."""
        return str(self.args[0]) if self.args else ""


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
    """A card that may not be played now; carries the rule broken and the reason."""

    code = "renuncio"

    def __init__(self, message: str, *, code: str = "renuncio", rule: str = "",
                 message_es: str = "") -> None:
        super().__init__(message, code=code)
        self.rule = rule
        self.message_es = message_es or message


class BadCanteError(TuteError):
    """A cante that may not be made now."""
    code = "bad_cante"


class BadTuteError(TuteError):
    """A tute that may not be declared now."""
    code = "bad_tute"


class BadSwapError(TuteError):
    """A swap of the 7 (or 2) of trumps that may not be made now."""
    code = "bad_swap"


class HandOverError(TuteError):
    """An action after the hand has ended."""
    code = "hand_over"


class RecordError(TuteError):
    """A hand record that is not a well-formed ``tute-hand/1`` document."""

    code = "bad_record"
