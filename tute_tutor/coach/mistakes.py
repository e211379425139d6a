"""What mistake a learner's costly card was: a kind, each a predicate on the position.

:func:`tute_tutor.table.review.choice_costs` measures what a card cost (the solver with
few cards left, level 4's estimate before); this module names it. A :class:`Play` is one
card in its position: the seat's view just before it (only what the learner could know),
the card, the better card the measure found, and what the finished hand shows after it
(the trick it went to, the last trick, the cantes made later). Each kind of
:data:`MISTAKE_KINDS` but ``other`` has a predicate in :data:`PREDICATES`;
:func:`mistake_of` gives the first kind whose predicate holds, in the order of the list
(the more telling first), ``other`` when none does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from tute_tutor.ai.knowledge import infer
from tute_tutor.coach.reasons import (
    is_last_to_play,
    pair_suits,
    partner_winning_card,
    wins_now,
)
from tute_tutor.engine.cards import CARDS, Card
from tute_tutor.engine.game import CABALLO, REY, CanteRecord, Game, SeatView, TrickRecord

MistakeKind = Literal["pair_broken", "three_on_opponent", "last_trick_lost",
                      "early_strong_two", "led_into_void", "fed_opponent",
                      "partner_not_loaded", "missed_trick", "pair_held_dead", "other"]
MISTAKE_KINDS: Final[tuple[MistakeKind, ...]] = (
    "pair_broken",         # a rey or caballo played from a pair it could still sing
    "three_on_opponent",   # a tres or an as thrown on a trick the other side took
    "last_trick_lost",     # no stock: a trump spent when a plain card was better, the
                           # last trick lost
    "early_strong_two",    # tute a dos: an as, a tres or a trump spent while the stock lasts
    "led_into_void",       # led a suit an opponent is known void in while it may trump
    "fed_opponent",        # points on a trick the other side took, a cheaper card was better
    "partner_not_loaded",  # the partner was winning, a card with more points was better
    "missed_trick",        # last to play, lost the trick to the other side when the better
                           # card took it
    "pair_held_dead",      # kept a pair the hand never sang, when playing it was better
    "other",
)


PRACTICE: Final[dict[MistakeKind, tuple[str, str]]] = {
    "pair_broken": ("cantes", "cantes"),
    "three_on_opponent": ("mistake", "errores"),
    "last_trick_lost": ("last-trick", "diez-de-ultimas"),
    "early_strong_two": ("stock", "tute-a-dos"),
    "led_into_void": ("counting", "contar-cartas"),
    "fed_opponent": ("mistake", "errores"),
    "partner_not_loaded": ("partner", "jugar-en-pareja"),
    "missed_trick": ("counting", "contar-cartas"),
    "pair_held_dead": ("cantes", "cantes"),
    "other": ("ending", "errores"),
}
"""What teaches each kind: the puzzle theme (:data:`tute_tutor.coach.puzzles.THEMES`)
and the lesson id (``lessons/*.toml``, also the id of its drills)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One card of ``view.seat`` in its position, with what the hand showed after it."""

    view: SeatView
    card: Card
    best: Card
    trick: TrickRecord | None
    """The trick the card went to (None when the hand ended before it was complete)."""
    last_trick: TrickRecord | None
    """The hand's last trick, when the hand was played to its end."""
    later_cantes: tuple[CanteRecord, ...]
    """Cantes made after this card."""

    @property
    def side(self) -> int:
        """The side of the seat."""
        return self.view.rules.team_of(self.view.seat)

    def lost_by_side(self, trick: TrickRecord | None) -> bool:
        """Whether another side took ``trick``."""
        return trick is not None and self.view.rules.team_of(trick.winner) != self.side


@dataclass(frozen=True, slots=True)
class Mistake:
    """The kind of mistake a costly card was, with the suit or card it is about."""

    kind: MistakeKind
    card: Card
    suit: int | None = None


def _pair_of(suit: int) -> frozenset[Card]:
    return frozenset({CARDS[10 * suit + REY], CARDS[10 * suit + CABALLO]})


def is_pair_broken(play: Play) -> bool:
    """The card is the rey or caballo of a pair the seat may still sing, the better card
    was not of that pair."""
    return any(play.card in _pair_of(s) and play.best not in _pair_of(s)
               for s in pair_suits(play.view))


def is_three_on_opponent(play: Play) -> bool:
    """A tres or an as, not led, on a trick the other side took."""
    return (play.card.points >= 10 and bool(play.view.trick)
            and play.lost_by_side(play.trick) and play.best.points < play.card.points)


def is_last_trick_lost(play: Play) -> bool:
    """With no stock left, a trump spent when a card that is not one was better, and the
    last trick lost."""
    view, trump = play.view, play.view.trump
    return (not (view.rules.has_stock and view.stock_left > 0)
            and play.card.suit == trump and play.best.suit != trump
            and play.last_trick is not None and play.lost_by_side(play.last_trick))


def is_early_strong_two(play: Play) -> bool:
    """Two players, stock still there: an as, a tres or a trump played when the better
    card was none of those."""
    def strong(card: Card) -> bool:
        return card.points >= 10 or card.suit == play.view.trump

    return (play.view.rules.has_stock and play.view.stock_left > 0
            and strong(play.card) and not strong(play.best))


def is_led_into_void(play: Play) -> bool:
    """Led a plain suit that an opponent is known (from the play) to be void in while
    it may still hold a trump."""
    view = play.view
    if view.trick or play.card.suit == view.trump:
        return False
    knowledge = infer(view)
    return any(view.rules.team_of(seat) != play.side
               and knowledge.is_void(seat, play.card.suit)
               and not knowledge.is_void(seat, view.trump)
               for seat in range(view.players) if seat != view.seat)


def is_fed_opponent(play: Play) -> bool:
    """Points on a trick the other side took, when the better card had fewer."""
    return (play.card.points > 0 and play.lost_by_side(play.trick)
            and play.best.points < play.card.points)


def is_partner_not_loaded(play: Play) -> bool:
    """The partner's card was winning the trick as it stood, the trick stayed with the
    side, and the better card held more points."""
    return (partner_winning_card(play.view) is not None and play.trick is not None
            and not play.lost_by_side(play.trick) and play.best.points > play.card.points)


def is_missed_trick(play: Play) -> bool:
    """Last to play, the card let the other side take the trick, and the better card
    would have taken it."""
    view = play.view
    return (is_last_to_play(view) and play.lost_by_side(play.trick)
            and wins_now(view, play.best))


def is_pair_held_dead(play: Play) -> bool:
    """The better card was the rey or caballo of a pair the seat held and never sang
    afterwards in the hand."""
    for suit in pair_suits(play.view):
        if play.best in _pair_of(suit) and play.card not in _pair_of(suit) and not any(
                c.suit == suit and c.seat == play.view.seat for c in play.later_cantes):
            return True
    return False


PREDICATES: Final[dict[MistakeKind, Callable[[Play], bool]]] = {
    "pair_broken": is_pair_broken,
    "three_on_opponent": is_three_on_opponent,
    "last_trick_lost": is_last_trick_lost,
    "early_strong_two": is_early_strong_two,
    "led_into_void": is_led_into_void,
    "fed_opponent": is_fed_opponent,
    "partner_not_loaded": is_partner_not_loaded,
    "missed_trick": is_missed_trick,
    "pair_held_dead": is_pair_held_dead,
}
"""The predicate of each mistake kind but ``other``, in the order they are tried."""


def _suit_of(kind: MistakeKind, play: Play) -> int | None:
    if kind in ("pair_broken", "pair_held_dead"):
        return play.card.suit if kind == "pair_broken" else play.best.suit
    if kind == "led_into_void":
        return play.card.suit
    return None


def classify(play: Play) -> Mistake:
    """The first mistake kind whose predicate holds for ``play`` (``other`` if none)."""
    for kind, holds in PREDICATES.items():
        if holds(play):
            return Mistake(kind, play.card, _suit_of(kind, play))
    return Mistake("other", play.card)


def play_in(game: Game, view: SeatView, card: Card, best: Card) -> Play:
    """The :class:`Play` of ``card`` in the finished (or stopped) ``game``, ``view`` being
    its seat's view just before it."""
    number = len(view.tricks) + 1
    trick = game.tricks[number - 1] if number <= len(game.tricks) else None
    complete = game.finished and game.tute is None and game.renuncio is None
    last = game.tricks[-1] if complete and game.tricks else None
    earlier = len(view.cantes)
    return Play(view, card, best, trick, last, tuple(game.cantes[earlier:]))


def mistake_of(game: Game, view: SeatView, card: Card, best: Card) -> Mistake:
    """The mistake ``card`` was, played from ``view`` in ``game`` when ``best`` was better."""
    return classify(play_in(game, view, card, best))


__all__ = ["MISTAKE_KINDS", "PRACTICE", "PREDICATES", "Mistake", "MistakeKind", "Play", "classify",
           "mistake_of", "play_in"]
