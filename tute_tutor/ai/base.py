"""The computer-player interface and the actions it may answer."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from tute_tutor.cards import Card
from tute_tutor.game import Event, Game, SeatView


@dataclass(frozen=True, slots=True)
class PlayAction:
    card: Card


@dataclass(frozen=True, slots=True)
class CanteAction:
    suit: int


@dataclass(frozen=True, slots=True)
class TuteAction:
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class SwapAction:
    pass


Action = PlayAction | CanteAction | TuteAction | SwapAction


class Player(Protocol):
    """A computer player of one level."""

    level: int

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        """Tute, swap and cantes this seat makes in the open moment (may be empty)."""
        ...

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        """The card to play; ``view.legal`` is never empty when this is called."""
        ...


def apply_action(game: Game, seat: int, action: Action) -> Event:
    """Carry out a computer player's action on the game (checked like a human's)."""
    if isinstance(action, PlayAction):
        return game.play(action.card)
    if isinstance(action, CanteAction):
        return game.cante(seat, action.suit)
    if isinstance(action, TuteAction):
        return game.declare_tute(seat, action.kind)
    return game.swap(seat)
