"""The computer-player interface and the actions it may answer."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

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

Basis = Literal["forced", "random", "rules", "exact", "playouts"]
"""How a card was chosen: the only legal card, at random (level 1), by the rules of
thumb (levels 2 and 3), by the exact solver over deals consistent with the seat's view,
or by playouts of such deals (level 4 before the endgame)."""

Preferred = Literal["", "wins", "sound"]


@dataclass(frozen=True, slots=True)
class Decision:
    """A card a computer chose, with the evaluation behind it (what the coach reads).

    ``values`` rates every legal card for the mover's side when the level rates cards
    (expected card points plus the diez de últimas from now to the end of the hand, with
    the side's cantes and, at level 4, less the other side's cantes, counted at half when
    level 4 weighs the lead of two sides; mean over ``worlds`` deals consistent with what
    the seat has seen), best first; it is empty
    for a forced card and for the levels that choose by rule. Everything here comes from
    the seat's own view: nothing in it may depend on a hidden hand.
    """

    card: Card
    basis: Basis
    values: tuple[tuple[Card, float], ...] = ()
    worlds: int = 0
    why: Preferred = ""
    """Why the card was chosen when another is worth more points, by however little
    (whoever shows the values says it when its figures differ): "wins" (level 4 weighs
    winning the hand, and the card wins it in more of the worlds), "sound" (the card of
    level 3's counted rules, given the benefit of the doubt before the endgame); ""
    otherwise."""
    wins: tuple[float, float] = (0.0, 0.0)
    """With ``why`` "wins": in how many of the ``worlds`` the side wins the hand with the
    card, and with the card worth the most points (a tied hand counts half)."""

    def value_of(self, card: Card) -> float | None:
        """The rated value of ``card``, or None when it was not rated."""
        for rated, value in self.values:
            if rated == card:
                return value
        return None


class Player(Protocol):
    """A computer player of one level."""

    level: int

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        """Tute, swap and cantes this seat makes in the open moment (may be empty)."""
        ...

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        """The card to play; ``view.legal`` is never empty when this is called."""
        ...

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The card to play with its basis and, where the level rates cards, the value
        of every legal card. ``choose_card`` returns ``decide(...).card`` for the same rng
        state."""
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
    """Let the computer seats make their declarations in the open moment.

    Seats are asked as the engine asks them (:attr:`Game.declarer`: from the seat after
    the trick's winner, the winner last); ``None`` marks a human seat, and asking stops
    at a human's turn. A seat is asked again after its actions (a swap can complete a
    pair to sing) until it declares nothing more, which is its pass. Returns the events
    made (passes included).
    """
    events: list[Event] = []
    for _ in range(4 * game.players):  # tute, swap, cante and a pass per seat at most
        seat = game.declarer
        if seat is None or game.finished:
            break
        player = players[seat]
        if player is None:
            break
        actions = player.declarations(game.view(seat), rng)
        if not actions:
            events.append(game.pass_turn(seat))
            continue
        for action in actions:
            events.append(apply_action(game, seat, action))
            if game.finished:
                return events
    return events


def computer_turn(game: Game, players: Sequence[Player | None],
                  rng: random.Random) -> list[Event]:
    """Declarations of the open moment, then the card of the seat to move if it is a
    computer. Returns the events made (none of them a card when a human is to act)."""
    events = declare_for_all(game, players, rng)
    if game.finished or game.declarer is not None:  # a human is asked to declare
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
