"""The computer-player interface and the actions it may answer."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import Event, Game, SeatView


@dataclass(frozen=True, slots=True)
class PlayAction:
    """Play ``card`` (the seat to move)."""

    card: Card


@dataclass(frozen=True, slots=True)
class CanteAction:
    """Sing the rey and caballo of ``suit`` (0 oros ... 3 bastos)."""

    suit: int


@dataclass(frozen=True, slots=True)
class TuteAction:
    """Declare a tute (``kind`` "reyes" or "caballos", None for whichever is held)."""

    kind: str | None = None


@dataclass(frozen=True, slots=True)
class SwapAction:
    """Two players: exchange the 7 (or the 2) of trumps for the face-up trump card."""


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


def declare_for_all(game: Game, players: Sequence[Player | None],
                    rng: random.Random) -> list[Event]:
    """Let every computer seat make its declarations in the open moment.

    Seats are asked in playing order from the trick's winner; ``None`` marks a human
    seat (skipped). A seat is asked again after its actions (a swap can complete a
    pair to sing) until it has nothing more to declare. Returns the events made.
    """
    events: list[Event] = []
    if game.finished or game.moment is None:
        return events
    winner = game.moment.winner
    for step in range(game.players):
        seat = (winner + step) % game.players
        player = players[seat]
        if player is None:
            continue
        for _ in range(4):  # tute, swap, cante: at most three rounds ever make sense
            actions = player.declarations(game.view(seat), rng)
            if not actions:
                break
            for action in actions:
                events.append(apply_action(game, seat, action))
                if game.finished:
                    return events
    return events


def computer_turn(game: Game, players: Sequence[Player | None],
                  rng: random.Random) -> list[Event]:
    """Declarations of the open moment, then the card of the seat to move if it is a
    computer. Returns the events made (empty when a human is to play)."""
    events = declare_for_all(game, players, rng)
    if game.finished:
        return events
    seat = game.to_move
    assert seat is not None
    player = players[seat]
    if player is None:
        return events
    game.close_moment()
    card = player.choose_card(game.view(seat), rng)
    events.append(apply_action(game, seat, PlayAction(card)))
    return events


def play_hand(game: Game, players: Sequence[Player], rng: random.Random) -> Game:
    """Play the hand to its end with computer players only (one per seat)."""
    while not game.finished:
        computer_turn(game, players, rng)
    return game
