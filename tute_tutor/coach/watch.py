"""Watch a hand: every card and declaration of a whole hand as steps, each with its reason.

A :class:`WatchedHand` is a whole hand (played by computers with :func:`play_watched`, or
read from a ``tute-hand/1`` record and given to :func:`watch_game`) cut into
:class:`Step` values: one per card played and one per cante, tute or swap, in the order
they happened. Position ``p`` (0 to :attr:`WatchedHand.size`) is the hand after its
first ``p`` steps: :meth:`WatchedHand.at` rebuilds it through :meth:`Game.replayed`, so
the state shown is always the engine's. Moving is pure arithmetic on positions
(:meth:`~WatchedHand.forward`, :meth:`~WatchedHand.back`, a whole trick with
:meth:`~WatchedHand.trick_forward` and :meth:`~WatchedHand.trick_back`).

Every step carries the coach's :class:`~tute_tutor.coach.reasons.Reason`, read off the
acting seat's own view just before it acted (:func:`reason_before`): a forced card gets
the ``forced`` reason with the engine's obligation, a free card what it does and keeps,
and a card a level-4 computer rated also its edge over the next best card. Nothing here
looks at another seat's hidden cards, and nothing here has words.

>>> from tute_tutor.engine.variants import find_rules
>>> watched = play_watched(find_rules("a-dos"), seed=3, levels=(2,))
>>> watched.size == len(watched.steps) and watched.at(watched.size).game.finished
True
>>> all(step.reason is not None for step in watched.steps)
True
>>> watched.trick_forward(0) == watched.trick_ends[0]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Literal

from tute_tutor.ai import get_player
from tute_tutor.ai.base import (
    Action,
    Basis,
    CanteAction,
    Decision,
    Player,
    SwapAction,
    TuteAction,
    apply_action,
)
from tute_tutor.coach.reasons import Edge, Reason, declaration_reasons, reason_for
from tute_tutor.engine.cards import Card
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import (
    CanteEvent,
    Game,
    HistoryEntry,
    PassEvent,
    PlayEvent,
    SwapEvent,
    TuteEvent,
)
from tute_tutor.engine.variants import Rules

StepKind = Literal["play", "renuncio", "cante", "tute", "swap"]
STEP_KINDS: Final = ("play", "renuncio", "cante", "tute", "swap")
"""The history entries that are steps (the others, deals, tricks won, draws, passes,
come with them)."""
DEFAULT_LEVEL: Final = 4
Progress = Callable[[int, int], None]
"""Told (cards played so far, cards in the hand) while computers play a hand."""


@dataclass(frozen=True, slots=True)
class Step:
    """One thing a seat did: a card played or a declaration, with the coach's reason.

    ``entry`` is the engine's history entry of it; ``legal`` how many cards the seat
    could play (0 for a declaration); ``won`` the ``trick`` entry when this card
    completed a trick; ``reason`` None only for a renuncio (a rule broken has no
    reason to give).
    """

    entry: HistoryEntry
    reason: Reason | None
    legal: int = 0
    won: HistoryEntry | None = None

    @property
    def kind(self) -> StepKind:
        """What the seat did (the history entry's kind)."""
        kind = self.entry.kind
        assert kind in STEP_KINDS
        return kind

    @property
    def seat(self) -> int:
        """Who did it."""
        return self.entry.seat

    @property
    def card(self) -> Card | None:
        """The card played (None for a declaration)."""
        return self.entry.card if self.kind in ("play", "renuncio") else None

    @property
    def events(self) -> int:
        """The number of game events once this step was done."""
        return self.entry.event

    @property
    def trick(self) -> int:
        """The trick it belongs to (1-based): the one played, or the one whose win opened
        the moment of a declaration."""
        return self.entry.trick

    @property
    def is_free(self) -> bool:
        """A card played with more than one legal card to choose from."""
        return self.kind == "play" and self.legal > 1

    @property
    def closes_trick(self) -> bool:
        """This card was the last of its trick."""
        return self.won is not None


@dataclass(frozen=True)
class Position:
    """The hand after the first ``index`` steps: the game then, and the trick to show.

    ``trick`` is the open trick as (seat, card) pairs in playing order, or, right after
    a trick's last card (and while its moment of declarations lasts), the trick just
    completed; ``winning`` the seat winning (or that won) it; ``complete`` whether it is
    a finished trick. ``step`` is the step just made (None at the start).
    """

    index: int
    game: Game
    trick: tuple[tuple[int, Card], ...]
    winning: int | None
    complete: bool
    step: Step | None

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds at this position, sorted."""
        return self.game.hand(seat)


@dataclass(frozen=True)
class WatchedHand:
    """A whole hand as steps, ready to be stepped through (see the module text)."""

    game: Game
    steps: tuple[Step, ...]

    @property
    def size(self) -> int:
        """The last position (every step made)."""
        return len(self.steps)

    @property
    def rules(self) -> Rules:
        """The hand's rules."""
        return self.game.rules

    @property
    def trick_ends(self) -> tuple[int, ...]:
        """The positions right after the last card of each trick, in order."""
        return tuple(i + 1 for i, step in enumerate(self.steps) if step.closes_trick)

    def clamp(self, position: int) -> int:
        """``position`` kept inside 0..:attr:`size`."""
        return min(max(0, position), self.size)

    def events_at(self, position: int) -> int:
        """The number of game events at ``position``."""
        position = self.clamp(position)
        return 0 if position == 0 else self.steps[position - 1].events

    def forward(self, position: int) -> int:
        """One step on (the end stays the end)."""
        return self.clamp(position + 1)

    def back(self, position: int) -> int:
        """One step back (the start stays the start)."""
        return self.clamp(position - 1)

    def trick_forward(self, position: int) -> int:
        """On to the end of the trick being played (the next trick's end when the one
        shown is complete); the end of the hand after the last trick."""
        return next((end for end in self.trick_ends if end > position), self.size)

    def trick_back(self, position: int) -> int:
        """Back to the end of the previous trick, or to the start."""
        return max((end for end in self.trick_ends if end < position), default=0)

    def at(self, position: int) -> Position:
        """The hand at ``position``: the engine's game rebuilt from the events so far.

        In two players the draws after a trick are made once its moment of declarations
        is over (when the next step is a card), so that the hands show the cards drawn.
        """
        position = self.clamp(position)
        game = self.game.replayed(self.events_at(position))
        following = self.steps[position] if position < self.size else None
        if following is not None and following.kind in ("play", "renuncio"):
            game.close_moment()
        step = self.steps[position - 1] if position else None
        if game.trick or not game.tricks or step is None or step.trick > len(game.tricks):
            seats = game.trick_seats()
            trick = tuple(zip(seats, game.trick_cards, strict=True))
            return Position(position, game, trick, game.winning_seat, False, step)
        last = game.tricks[-1]
        trick = tuple(zip(last.seats(game.players), last.cards, strict=True))
        return Position(position, game, trick, last.winner, True, step)

    def reasons(self) -> list[Reason]:
        """Every step's reason, in order (a renuncio has none)."""
        return [step.reason for step in self.steps if step.reason is not None]


def _basis(legal: int) -> Basis:
    return "forced" if legal <= 1 else "rules"


def reason_before(game: Game, seat: int, card: Card, edge: Edge | None = None) -> Reason:
    """The coach's reason for ``seat`` playing ``card`` now (``game`` is the hand just
    before it, the seat to move; it is not changed). Read off the seat's own view; an
    ``edge`` from the computer's evaluation is added to a free card's reason."""
    before = game.replayed()
    before.close_moment()  # in two players the draws come before the lead
    view = before.view(seat)
    reason = reason_for(view, Decision(card, _basis(len(view.legal))))
    if edge is not None and reason.kind != "forced":
        reason = replace(reason, edge=edge)
    return reason


def _declaration_action(event: CanteEvent | TuteEvent | SwapEvent) -> Action:
    if isinstance(event, CanteEvent):
        return CanteAction(event.suit)
    if isinstance(event, TuteEvent):
        return TuteAction(event.kind)
    return SwapAction()


def watch_game(game: Game, edges: Mapping[int, Edge] | None = None) -> WatchedHand:
    """The steps of ``game`` (finished or not) with a reason each, read off each seat's
    view just before it acted. ``edges`` are the computers' edges of their rated cards,
    by the card's number in the hand (1 for the first card played; :func:`play_watched`
    gives them): a record keeps no passes, so event counts would not fit it."""
    edges = edges or {}
    walk = Game(game.rules, game.dealer, list(game.initial_hands), game.trump_card,
                list(game.initial_stock))
    steps: list[Step] = []
    cards = 0
    for event in game.events:
        reason: Reason | None = None
        legal = 0
        if isinstance(event, PlayEvent):
            walk.close_moment()  # what the play does first: the seat sees its draw
            view = walk.view(event.seat)
            legal = len(view.legal)
            cards += 1
            if event.legal:
                reason = reason_for(view, Decision(event.card, _basis(legal)))
                edge = edges.get(cards)
                if edge is not None and reason.kind != "forced":
                    reason = replace(reason, edge=edge)
        elif not isinstance(event, PassEvent):
            view = walk.view(event.seat)
            found = declaration_reasons(view, [_declaration_action(event)])
            reason = found[0] if found else None
        known = len(walk.history)
        walk.apply(event)
        if isinstance(event, PassEvent):
            continue
        new = walk.history[known:]
        entry = next(e for e in new if e.kind in STEP_KINDS)
        won = next((e for e in new if e.kind == "trick"), None)
        steps.append(Step(entry, reason, legal, won))
    return WatchedHand(walk, tuple(steps))


def _levels(players: int, levels: Sequence[int]) -> list[int]:
    chosen = list(levels) or [DEFAULT_LEVEL]
    return [chosen[min(seat, len(chosen) - 1)] for seat in range(players)]


def play_watched(rules: Rules, seed: int, levels: Sequence[int] = (DEFAULT_LEVEL,),
                 progress: Progress | None = None) -> WatchedHand:
    """Computers of ``levels`` (one per seat from seat 0, the last repeated) play a hand
    dealt from ``seed`` (the last seat deals, seat 0 leads); its steps with their reasons,
    a rated card's with the computer's edge. ``progress`` is told the cards played."""
    game, edges = play_for_watching(rules, seed, levels, progress)
    return watch_game(game, edges)


def play_for_watching(rules: Rules, seed: int, levels: Sequence[int] = (DEFAULT_LEVEL,),
                      progress: Progress | None = None) -> tuple[Game, dict[int, Edge]]:
    """The hand of :func:`play_watched` as a game and the edges of the rated cards (by
    the card's number in the hand, 1 first): plain data to keep (with the game's
    record), from which :func:`watch_game` rebuilds the steps."""
    players: list[Player] = [get_player(level) for level in _levels(rules.players, levels)]
    game = Game.deal(rules, seed=seed, dealer=rules.players - 1)
    total = sum(h.bit_count() for h in game.initial_hands) + game.stock_left
    edges: dict[int, Edge] = {}

    def rng(purpose: str, seat: int) -> random.Random:
        return random.Random(f"{seed}/{purpose}/{len(game.events)}/{seat}")

    played = 0
    while not game.finished:
        seat = game.declarer
        if seat is not None:
            actions = players[seat].declarations(game.view(seat), rng("declare", seat))
            done = False
            for action in actions:
                try:
                    apply_action(game, seat, action)
                except TuteError:
                    continue
                done = True
                if game.finished:
                    break
            if not done and not game.finished and game.declarer == seat:
                game.pass_turn(seat)
            continue
        game.close_moment()
        mover = game.to_move
        assert mover is not None
        view = game.view(mover)
        decision = players[mover].decide(view, rng("play", mover))
        game.play(decision.card)
        played += 1
        edge = reason_for(view, decision).edge if decision.values else None
        if edge is not None:
            edges[played] = edge
        if progress is not None:
            progress(played, total)
    return game, edges


def edges_to_json(edges: Mapping[int, Edge]) -> list[list[object]]:
    """The edges as plain JSON lists ``[card number, *Edge.to_json()]``."""
    return [[at, *edge.to_json()] for at, edge in sorted(edges.items())]


def edges_from_json(data: Sequence[Sequence[object]]) -> dict[int, Edge]:
    """What :func:`edges_to_json` gave (data this module wrote itself)."""
    out: dict[int, Edge] = {}
    for at, *rest in data:
        edge = Edge.from_json(rest)
        assert isinstance(at, int) and edge is not None
        out[at] = edge
    return out


__all__ = ["DEFAULT_LEVEL", "STEP_KINDS", "Position", "Step", "WatchedHand",
           "edges_from_json", "edges_to_json", "play_for_watching", "play_watched",
           "reason_before", "watch_game"]
