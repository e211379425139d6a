"""Endings: the last tricks of a real deal, played out by the learner against the solver.

An ending is made from one seeded deal: computer players (level 2) play it through the
engine until every hand holds :data:`TRICKS` (3 or 4, drawn from the seed) cards at the
start of a trick, with no stock left. From there every hand is known and shown; the
learner plays seat 0 (:data:`LEARNER`), the double-dummy solver
(:mod:`tute_tutor.ai.solver`) plays every other seat, the learner's partner included,
each picking the card of highest value for its own side (the lowest such card on a tie).

**Points** are card points plus the diez de últimas taken from the start of the ending;
cantes are not counted (as in the puzzles: they would hide what the cards do).

An ending is kept only when the learner's side can take at least :data:`MIN_POINTS` and
the learner's first card matters (some legal card then loses points).

**The target** (:class:`Target`) is reachable with best play, checked by the solver:

- ``points``: take at least ``points`` points, the solver's value of the ending for the
  learner's side (best play by everyone), so every card short of best loses it;
- ``ultimas``: take the last trick (the diez de últimas), chosen only when every line of
  best play by everyone (by the solver's values) ends with the learner's side taking
  it (:func:`best_play_takes_last`).

**The verdict** on each card of the learner (:class:`Verdict`) is the solver's value of
that card against the best value among the legal cards at that moment: ``loss`` is the
points it gives away (0: a best card).

Everything is a pure function of the seed: ``ending(seed, rules)`` makes the same ending
again, and an :class:`EndingPlay` replays the same way for the same cards.

>>> from tute_tutor.engine.variants import find_rules
>>> play = EndingPlay(ending(3, find_rules("clasico")))
>>> play.advance()  # the computers before the learner play their cards
>>> card = max(play.values().items(), key=lambda item: item[1])[0]
>>> play.play(card).loss
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from tute_tutor.ai import declare_for_all, get_player
from tute_tutor.ai.base import PlayAction, apply_action
from tute_tutor.ai.solver import LAST_TRICK_BONUS, Position, Solver, legal_cards
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import trick_state
from tute_tutor.engine.tricks import POINTS
from tute_tutor.engine.variants import Rules

LEARNER: Final = 0
"""The learner's seat."""
TRICKS: Final = (3, 4)
"""Tricks left at the start of an ending (one of them, drawn from the seed)."""
MIN_POINTS: Final = 10
"""Smallest ``points`` target: an ending worth nothing to the learner is skipped."""
MAX_TRIES: Final = 200
"""Deals tried for one ending before giving up (never seen: most deals serve)."""
_NODE_CAP: Final = 4000
"""Positions the best-play check of an ``ultimas`` target looks at before giving up (the
target then stays ``points``)."""
TARGET_KINDS: Final = ("points", "ultimas")


class EndingError(TuteError):
    """A card the ending does not allow now (not the learner's turn, not legal)."""

    code = "bad_ending"


@dataclass(frozen=True, slots=True)
class Target:
    """What the learner must do: ``points`` (take at least ``points``) or ``ultimas``
    (take the last trick; ``points`` is then the solver's value, shown as a guide)."""

    kind: str
    points: int


@dataclass(frozen=True, slots=True)
class Ending:
    """The start of an ending: every hand, the trump and the seat to lead."""

    id: str
    rules: Rules
    trump: int
    hands: tuple[int, ...]
    leader: int
    target: Target
    best: int
    """The solver's value of the whole ending for the learner's side."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def tricks(self) -> int:
        """Tricks to play."""
        return self.hands[LEARNER].bit_count()


@dataclass(frozen=True, slots=True)
class Verdict:
    """The solver on one card of the learner: its value and the best value then."""

    card: int
    value: int
    best: int
    values: tuple[tuple[int, int], ...]
    """Every legal card with its value, best first."""

    @property
    def loss(self) -> int:
        """Points the card gives away against the best card (0: a best card)."""
        return self.best - self.value

    @property
    def is_best(self) -> bool:
        """Is the card one of the best?"""
        return self.value == self.best


@dataclass(frozen=True, slots=True)
class TrickDone:
    """A finished trick: its cards in play order, from ``leader``, and who took it."""

    leader: int
    cards: tuple[int, ...]
    winner: int
    points: int


def same_side(rules: Rules, seat: int, other: int) -> bool:
    """Are ``seat`` and ``other`` on one side (partners, or the same seat)?"""
    return rules.team_of(seat) == rules.team_of(other)


def _winner(trick: list[int] | tuple[int, ...], trump: int) -> int:
    """Index in ``trick`` of the card winning it."""
    return trick_state(trick, trump).winner_position


def _position(rules: Rules, hands: list[int] | tuple[int, ...], trump: int, leader: int,
              trick: list[int] | tuple[int, ...] = ()) -> Position:
    return Position.from_rules(rules, list(hands), trump, leader, list(trick), cantes=False)


def best_play_takes_last(rules: Rules, hands: tuple[int, ...], trump: int,
                         leader: int) -> bool | None:
    """Does every line of best play by every seat (the solver's highest value for the
    seat's own side at each card) end with the learner's side taking the last trick?
    None when the check looked at too many positions to say."""
    seen = 0

    def walk(hands_now: list[int], lead: int, trick: list[int]) -> bool | None:
        nonlocal seen
        seen += 1
        if seen > _NODE_CAP:
            return None
        position = _position(rules, hands_now, trump, lead, trick)
        seat = position.to_move
        values = Solver(position, seat).card_values()
        top = max(values.values())
        for card in (c for c, v in values.items() if v == top):
            after = list(hands_now)
            after[seat] &= ~(1 << card)
            played = [*trick, card]
            if len(played) == rules.players:
                winner = (lead + _winner(played, trump)) % rules.players
                if not any(after):
                    if not same_side(rules, winner, LEARNER):
                        return False
                    continue
                result = walk(after, winner, [])
            else:
                result = walk(after, lead, played)
            if result is not True:
                return result
        return True

    return walk(list(hands), leader, [])


def _has_choice(rules: Rules, hands: tuple[int, ...], trump: int, leader: int) -> bool:
    """Does the learner's first card matter (some legal card loses points)?"""
    play = EndingPlay(Ending(id="", rules=rules, trump=trump, hands=hands, leader=leader,
                             target=Target("points", 0), best=0))
    play.advance()
    values = play.values()
    return len(set(values.values())) > 1


def _deal_to_ending(rules: Rules, rng: random.Random, tricks: int) -> Game | None:
    """A deal played by level-2 computers until every hand holds ``tricks`` cards at the
    start of a trick with no stock, or None when the hand ends first (a tute)."""
    game = Game.deal(rules, rng=rng, dealer=rng.randrange(rules.players))
    players = [get_player(2) for _ in range(rules.players)]
    while not game.finished:
        declare_for_all(game, players, rng)
        if game.finished:
            return None
        if (not game.trick and not game.draw_pile
                and game.hands[LEARNER].bit_count() == tricks):
            return game
        game.close_moment()
        seat = game.to_move
        assert seat is not None
        apply_action(game, seat, PlayAction(players[seat].choose_card(game.view(seat), rng)))
    return None


def ending_at(seed: int, rules: Rules, attempt: int = 0) -> Ending | None:
    """The ending of deal ``attempt`` of ``seed``, or None when that deal gives none."""
    rng = random.Random(f"ending/{rules.ruleset}/{seed}/{attempt}")
    tricks = rng.choice(TRICKS)
    game = _deal_to_ending(rules, rng, tricks)
    if game is None:
        return None
    hands = tuple(game.hands)
    leader = game.leader
    best = Solver(_position(rules, hands, game.trump, leader), LEARNER).value()
    if best < MIN_POINTS or not _has_choice(rules, hands, game.trump, leader):
        return None
    target = Target("points", best)
    if rng.random() < 0.5 and best_play_takes_last(rules, hands, game.trump, leader):
        target = Target("ultimas", best)
    return Ending(id=f"{rules.ruleset}/{seed}/{attempt}", rules=rules, trump=game.trump,
                  hands=hands, leader=leader, target=target, best=best)


def ending(seed: int, rules: Rules) -> Ending:
    """The ending of ``seed`` under ``rules``: the first deal of the seed that gives one."""
    for attempt in range(MAX_TRIES):
        found = ending_at(seed, rules, attempt)
        if found is not None:
            return found
    raise EndingError(f"no ending found for seed {seed} under {rules.ruleset}")  # pragma: no cover


@dataclass
class EndingPlay:
    """An ending being played: the cards left, the open trick, the points, the verdicts."""

    ending: Ending
    hands: list[int] = field(default_factory=list)
    leader: int = 0
    trick: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=lambda: [0, 0])
    """Points taken from the start: the learner's side, then the other seats."""
    tricks: list[TrickDone] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.hands:
            self.hands = list(self.ending.hands)
            self.leader = self.ending.leader

    @property
    def rules(self) -> Rules:
        """The ending's rules."""
        return self.ending.rules

    @property
    def finished(self) -> bool:
        """Every card played?"""
        return not any(self.hands)

    @property
    def to_move(self) -> int | None:
        """The seat to play, None once finished."""
        if self.finished:
            return None
        return (self.leader + len(self.trick)) % self.rules.players

    @property
    def trick_seats(self) -> list[int]:
        """Who played each card of the open trick."""
        return [(self.leader + i) % self.rules.players for i in range(len(self.trick))]

    def position(self) -> Position:
        """The solver's position now."""
        return _position(self.rules, self.hands, self.ending.trump, self.leader, self.trick)

    def legal(self) -> list[int]:
        """The legal cards of the seat to move."""
        seat = self.to_move
        return [] if seat is None else legal_cards(self.position(), seat)

    def values(self) -> dict[int, int]:
        """The solver's value of each legal card for the side of the seat to move."""
        seat = self.to_move
        if seat is None:
            return {}
        return Solver(self.position(), seat).card_values()

    def _put(self, card: int) -> None:
        seat = self.to_move
        assert seat is not None
        self.hands[seat] &= ~(1 << card)
        self.trick.append(card)
        if len(self.trick) < self.rules.players:
            return
        winner = (self.leader + _winner(self.trick, self.ending.trump)) % self.rules.players
        points = sum(POINTS[c] for c in self.trick)
        if self.finished:
            points += LAST_TRICK_BONUS
        self.taken[0 if same_side(self.rules, winner, LEARNER) else 1] += points
        self.tricks.append(TrickDone(self.leader, tuple(self.trick), winner, points))
        self.leader = winner
        self.trick = []

    def play(self, card: int) -> Verdict:
        """The learner plays ``card``; returns the solver's verdict on it."""
        if self.to_move != LEARNER:
            raise EndingError("it is not the learner's turn")
        values = self.values()
        if card not in values:
            raise EndingError(f"card {card} is not a legal card now")
        ordered = tuple(sorted(values.items(), key=lambda item: (-item[1], item[0])))
        verdict = Verdict(card=card, value=values[card], best=ordered[0][1], values=ordered)
        self.verdicts.append(verdict)
        self._put(card)
        return verdict

    def computer_card(self) -> int:
        """The card the computer to move plays: its side's highest value, lowest card."""
        values = self.values()
        top = max(values.values())
        return min(c for c, v in values.items() if v == top)

    def step(self) -> int:
        """A computer seat plays its card (returned)."""
        if self.to_move in (None, LEARNER):
            raise EndingError("no computer is to play")
        card = self.computer_card()
        self._put(card)
        return card

    def advance(self) -> None:
        """The computers play until the learner is to move or the ending is over."""
        while self.to_move not in (None, LEARNER):
            self.step()

    @property
    def last_trick_ours(self) -> bool | None:
        """Did the learner's side take the last trick (None before it is played)?"""
        if not self.finished:
            return None
        return same_side(self.rules, self.tricks[-1].winner, LEARNER)

    @property
    def reached(self) -> bool | None:
        """Is the target met (None while it is open)?"""
        if not self.finished:
            return None
        target = self.ending.target
        if target.kind == "ultimas":
            return bool(self.last_trick_ours)
        return self.taken[0] >= target.points


__all__ = ["LEARNER", "MIN_POINTS", "TARGET_KINDS", "TRICKS", "Ending", "EndingError",
           "EndingPlay", "Target", "TrickDone", "Verdict", "best_play_takes_last", "ending",
           "ending_at", "same_side"]
