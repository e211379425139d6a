"""A whole hand of Tute: deal, turns, tricks, cantes, tute, the two-player stock and swap.

Every action has three faces (``check_*`` raises a learner-readable error, ``can_*``
answers a bool, the action itself checks, changes the state and returns a frozen
event). The event log is the hand record, the replay and the undo stack.

The engine owns the turn: :attr:`Game.to_act` is the seat whose decision is next, in
the order of docs/RULES.md, "Whose turn it is": after a trick, the seats that may declare
are asked in playing order from the seat after the winner, the winner last; a seat with
nothing to declare is skipped; then the winner leads. Passing is an event
(:meth:`Game.pass_turn`); a card played passes every seat still to be asked, and a
declaration passes the seats asked before it.

>>> game = Game.deal(find_rules("clasico"), seed=7, dealer=3)
>>> game.to_move, len(game.hand(0))
(0, 10)
>>> first = game.legal_plays()[0]
>>> game.play(first).seat
0
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Literal

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, SUIT_MASKS, Card, cards_of
from tute_tutor.engine.errors import (
    BadCanteError,
    BadPassError,
    BadSwapError,
    BadTuteError,
    HandOverError,
    IllegalPlayError,
    TuteError,
)
from tute_tutor.engine.legal import PlayAnalysis, analyse_play
from tute_tutor.engine.tricks import POINTS, SUIT, deal, play_into_trick
from tute_tutor.engine.variants import Rules, find_rules

REY, CABALLO = 7, 6  # strengths of the rey and the caballo inside a suit
SWAP_WITH_SEVEN = frozenset({9, 8, 7, 6, 5})  # face-up as, 3, rey, caballo, sota
SWAP_WITH_TWO = frozenset({4, 3, 2, 1})  # face-up 7, 6, 5, 4


@dataclass(frozen=True, slots=True)
class PlayEvent:
    """A card played by the seat to move (``legal`` False for a renuncio)."""
    seat: int
    card: Card
    obligation: str
    legal: bool = True

    def to_json(self) -> dict[str, Any]:
        """This item in the JSON shape of docs/FORMATS.md, "Hand record (tute-hand/1)"."""
        return {"play": str(self.card)}


@dataclass(frozen=True, slots=True)
class CanteEvent:
    """A cante: rey and caballo of ``suit`` shown for 20 or 40 points."""
    seat: int
    suit: int
    points: int

    def to_json(self) -> dict[str, Any]:
        """This item in the JSON shape of docs/FORMATS.md, "Hand record (tute-hand/1)"."""
        return {"cante": SUIT_LETTERS[self.suit], "seat": self.seat}


@dataclass(frozen=True, slots=True)
class TuteEvent:
    """A tute declared: four reyes or four caballos in one hand."""
    seat: int
    kind: Literal["reyes", "caballos"]

    def to_json(self) -> dict[str, Any]:
        """This item in the JSON shape of docs/FORMATS.md, "Hand record (tute-hand/1)"."""
        return {"tute": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class SwapEvent:
    """Two players: the 7 (or 2) of trumps exchanged for the face-up card."""
    seat: int
    given: Card
    taken: Card

    def to_json(self) -> dict[str, Any]:
        """This item in the JSON shape of docs/FORMATS.md, "Hand record (tute-hand/1)"."""
        return {"swap": True, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class PassEvent:
    """The seat asked to declare after a trick declares nothing (more).

    Not part of the public hand record (``tute-hand/1`` holds no passes: a card played
    passes every seat still to be asked), but kept in :attr:`Game.events` for undo and
    saved states.
    """
    seat: int

    def to_json(self) -> dict[str, Any]:
        """This item as saved states write it (never in a ``tute-hand/1`` record)."""
        return {"pass": True, "seat": self.seat}


Event = PlayEvent | CanteEvent | TuteEvent | SwapEvent | PassEvent


HistoryKind = Literal["deal", "play", "renuncio", "trick", "cante", "tute", "swap", "pass",
                      "draw", "end"]


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One thing that happened in a hand, self-contained: who, what, which trick.

    ``trick`` is the 1-based number of the trick it belongs to: the trick being played
    (a card), the trick won (``trick``), or the trick that opened the moment (cantes,
    tute, swap, pass, draws). ``event`` is the number of events in :attr:`Game.events`
    once it happened. ``private`` is the only seat that may see it (a card drawn from
    the stock; the face-up card drawn last is public), None for everyone.

    By kind: ``deal`` (seat the dealer, ``card`` the trump card, ``suit`` trumps),
    ``play``/``renuncio`` (``card``, its ``analysis``), ``trick`` (seat the winner,
    ``card`` the winning card, ``points`` with the diez de últimas when ``last``),
    ``cante`` (``suit``, ``points``), ``tute`` (``points`` 12 for reyes, 11 for
    caballos), ``swap`` (``card`` given, ``other`` taken), ``pass``, ``draw`` (``card``),
    ``end`` (seat the last trick's winner, ``result``).
    """

    kind: HistoryKind
    seat: int
    trick: int
    event: int
    card: Card | None = None
    analysis: PlayAnalysis | None = None
    suit: int | None = None
    points: int = 0
    other: Card | None = None
    last: bool = False
    result: HandResult | None = None
    private: int | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether the player at ``seat`` may see this entry (None: only public ones)."""
        return self.private is None or self.private == seat


class OfEntry:
    """What a line built on one :class:`HistoryEntry` reads from it (the table's and the
    rooms' logs): its kind, who did it, who alone may see it and when it happened."""

    __slots__ = ()
    entry: HistoryEntry

    @property
    def kind(self) -> str:
        """What happened (the history entry's kind)."""
        return self.entry.kind

    @property
    def seat(self) -> int:
        """Who did it."""
        return self.entry.seat

    @property
    def private(self) -> int | None:
        """The only seat that may read it (a card drawn from the stock), None for all."""
        return self.entry.private

    @property
    def at(self) -> int:
        """The number of game events once it happened."""
        return self.entry.event


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards in playing order, who won, its points."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def seats(self, players: int) -> list[int]:
        """Seat of each card of the trick, in playing order."""
        return [(self.leader + i) % players for i in range(len(self.cards))]

    def to_json(self) -> dict[str, Any]:
        """This item in the JSON shape of docs/FORMATS.md, "tute-tutor replay"."""
        return {"leader": self.leader, "cards": [str(c) for c in self.cards],
                "winner": self.winner, "points": self.points}


@dataclass(frozen=True, slots=True)
class CanteRecord:
    """A cante made in this hand, with the trick that opened its moment."""
    seat: int
    suit: int
    points: int
    after_trick: int  # 1-based number of the trick that opened the moment

    def to_json(self) -> dict[str, Any]:
        """This item in the JSON shape of docs/FORMATS.md, "tute-tutor replay"."""
        return {"seat": self.seat, "suit": SUIT_LETTERS[self.suit], "points": self.points,
                "after_trick": self.after_trick}


@dataclass(frozen=True, slots=True)
class HandResult:
    """The score of a finished hand, per side (teams in 4 players, seats otherwise)."""

    totals: tuple[int, ...]
    card_points: tuple[int, ...]
    cante_points: tuple[int, ...]
    last_trick: int | None  # side that took the diez de últimas
    winner: int  # side
    reason: Literal["points", "tie_last_trick", "tute", "renuncio"]
    tute: TuteEvent | None = None
    renuncio: PlayEvent | None = None

    @property
    def margin(self) -> int:
        """Winner's total minus the best other side; a tute counts 130."""
        if self.reason == "tute":
            return 130
        others = [t for side, t in enumerate(self.totals) if side != self.winner]
        return max(0, self.totals[self.winner] - max(others))

    @property
    def tie_looked_back(self) -> bool:
        """A tie that the last trick did not break: its taker is outside the tie (three
        players), so the tied side that won the latest trick won."""
        return (self.reason == "tie_last_trick" and self.last_trick is not None
                and self.totals[self.last_trick] != self.totals[self.winner])


@dataclass
class _Moment:
    """The time after a trick is won and before the next lead: cantes, tute, swap."""

    trick_number: int
    winner: int
    stock_open: bool
    singers: set[int] = field(default_factory=set)
    cantes: int = 0
    swapped: bool = False
    passed: set[int] = field(default_factory=set)
    """Seats that declare nothing more in this moment (a pass, or a later seat declared)."""


class Game:
    """One hand of Tute for 2, 3 or 4 players under a rule set."""

    def __init__(self, rules: Rules, dealer: int, hands: list[int], trump_card: int,
                 stock: list[int] | None = None) -> None:
        self.rules = rules
        self.players = rules.players
        self.dealer = dealer
        self.trump_card = trump_card
        self.trump = SUIT[trump_card]
        self.initial_hands = list(hands)
        self.initial_stock = list(stock or [])
        self.events: list[Event] = []
        self._reset()

    # ----------------------------------------------------------------- set-up
    @classmethod
    def deal(cls, rules: Rules | str = "clasico", *, seed: int | None = None,
             rng: random.Random | None = None, dealer: int = 0,
             first_hand: bool = False) -> Game:
        """Shuffle and deal a new hand under ``rules``, reproducible from ``seed`` or ``rng``.

        ``rules`` may be a preset id, short for ``find_rules(id)``.
        How: docs/RULES.md, "Seats, the deal and trumps".
        """
        if isinstance(rules, str):
            rules = find_rules(rules)
        rng = rng or random.Random(seed)
        force = None
        if first_hand and rules.first_hand_trump is not None:
            force = SUIT_LETTERS.index(rules.first_hand_trump)
        hands, trump_card, stock = deal(rng, rules.players, dealer % rules.players, force)
        return cls(rules, dealer % rules.players, hands, trump_card, stock)

    def _reset(self) -> None:
        self.hands = list(self.initial_hands)
        self.draw_pile: list[int] = (
            [*self.initial_stock, self.trump_card] if self.rules.has_stock else []
        )
        self.leader = (self.dealer + 1) % self.players
        self.turn = self.leader
        self.trick: list[int] = []
        self._lead = self._high = self._best = -1
        self._winning_seat = -1
        self.tricks: list[TrickRecord] = []
        self.captured = [0] * self.players
        self.cantes: list[CanteRecord] = []
        self.sung_suits: set[int] = set()
        self.swaps: list[SwapEvent] = []
        self.moment: _Moment | None = None
        self.tute: TuteEvent | None = None
        self.renuncio: PlayEvent | None = None
        self.finished = False
        self.history: list[HistoryEntry] = [
            HistoryEntry("deal", self.dealer, 1, 0, card=CARDS[self.trump_card], suit=self.trump)]
        """What happened so far, as data (rebuilt with the state on undo)."""

    # ----------------------------------------------------------------- reading
    @property
    def to_move(self) -> int | None:
        """Seat whose card is next, or None once the hand is over."""
        return None if self.finished else self.turn

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is next: :attr:`declarer` while a seat is asked to
        declare after a trick, else the seat to play; None once the hand is over."""
        if self.finished:
            return None
        asked = self.declarer
        return self.turn if asked is None else asked

    @property
    def declarer(self) -> int | None:
        """The seat asked to declare now (cantes, tute, swap), or None when nobody is.

        After a trick the seats are asked in playing order from the seat after the
        winner, the winner last; a seat that passed, or has nothing to declare, is
        skipped (docs/RULES.md, "Whose turn it is").
        """
        if self.finished or self.moment is None:
            return None
        for seat in self.declaring_order():
            if seat not in self.moment.passed and self.has_offers(seat):
                return seat
        return None

    def declaring_order(self) -> list[int]:
        """The seats in the order they are asked in the open moment (the winner last)."""
        if self.moment is None:
            return []
        winner = self.moment.winner
        return [(winner + i) % self.players for i in range(1, self.players + 1)]

    def has_offers(self, seat: int) -> bool:
        """``seat`` may sing, declare a tute or swap now."""
        return bool(self.declarable_cantes(seat)) or self.can_tute(seat) \
            or self.can_swap(seat)

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, sorted."""
        return cards_of(self.hands[seat])

    @property
    def stock_left(self) -> int:
        """Cards still to draw in two players, the face-up trump card included."""
        return len(self.draw_pile)

    @property
    def face_up(self) -> Card | None:
        """The face-up card under the stock (two players) while it is still there."""
        return CARDS[self.draw_pile[-1]] if self.draw_pile else None

    @property
    def trick_cards(self) -> list[Card]:
        """Cards of the trick in progress, in playing order."""
        return [CARDS[c] for c in self.trick]

    def trick_seats(self) -> list[int]:
        """Seat of each card of the trick in progress."""
        return [(self.leader + i) % self.players for i in range(len(self.trick))]

    @property
    def winning_seat(self) -> int | None:
        """Seat winning the trick in progress (None before the lead)."""
        return self._winning_seat if self.trick else None

    def team_of(self, seat: int) -> int:
        """Side of ``seat``: its team in 4 players, the seat itself otherwise."""
        return self.rules.team_of(seat)

    def analyse(self, seat: int | None = None) -> PlayAnalysis:
        """Legal cards for the seat to move (after any pending draw), with their reasons."""
        seat = self.turn if seat is None else seat
        stock = self.stock_left if self._moment_pending_draw() is False else self._draws_after()
        return analyse_play(self._hand_for_play(seat), self.trick_cards, self.trump, self.rules,
                            stock)

    def legal_plays(self) -> list[Card]:
        """Cards the seat to move may play now (empty once the hand is over)."""
        if self.finished:
            return []
        return list(self.analyse().legal)

    # Pending draws (two players): they happen when the moment closes.
    def _moment_pending_draw(self) -> bool:
        return self.moment is not None and bool(self.draw_pile)

    def _draws_after(self) -> int:
        return max(0, len(self.draw_pile) - 2)

    def _hand_for_play(self, seat: int) -> list[Card]:
        if not self._moment_pending_draw():
            return cards_of(self.hands[seat])
        assert self.moment is not None
        winner = self.moment.winner
        mask = self.hands[seat]
        if seat == winner:
            mask |= 1 << self.draw_pile[0]
        else:
            mask |= 1 << self.draw_pile[1]
        return cards_of(mask)

    # ----------------------------------------------------------------- plays
    def check_play(self, card: Card, *, referee: bool = False) -> PlayAnalysis:
        """Raise unless the seat to move may play ``card``; its analysis when it may.

        A refused card raises :class:`IllegalPlayError` with the rule it breaks and the
        analysis (words/ explains it to the learner from those).
        """
        if self.finished:
            raise HandOverError(reason="play", card=card)
        seat = self.turn
        analysis = self.analyse()
        if card not in analysis.hand:
            raise IllegalPlayError(code="not_in_hand", rule="not_in_hand", reason="not_in_hand",
                                   card=card, seat=seat)
        if not referee and card not in analysis.legal:
            raise IllegalPlayError(rule=analysis.refused_reason(card) or analysis.obligation,
                                   reason="refused", card=card, analysis=analysis)
        return analysis

    def can_play(self, card: Card) -> bool:
        """Whether the seat to move may play ``card``."""
        try:
            self.check_play(card)
        except TuteError:
            return False
        return True

    def play(self, card: Card, *, referee: bool = False) -> PlayEvent:
        """Play ``card`` for the seat to move. With ``referee`` an illegal card is taken,
        flagged as a renuncio, and the offending side loses the hand at once."""
        analysis = self.check_play(card, referee=referee)
        self.close_moment()
        seat = self.turn
        event = PlayEvent(seat, card, analysis.obligation, card in analysis.legal)
        self.events.append(event)
        number = len(self.tricks) + 1
        self.history.append(HistoryEntry("play" if event.legal else "renuncio", seat, number,
                                         len(self.events), card=card, analysis=analysis))
        self._apply_play(event)
        if len(self.tricks) == number and self.renuncio is None:
            trick = self.tricks[-1]
            last = self.finished
            self.history.append(HistoryEntry(
                "trick", trick.winner, number, len(self.events),
                card=trick.cards[(trick.winner - trick.leader) % self.players],
                points=trick.points + (10 if last else 0), last=last))
        if self.finished:
            self._history_end()
        return event

    def _history_end(self) -> None:
        seat = self.tricks[-1].winner if self.tricks else 0
        self.history.append(HistoryEntry("end", seat, max(1, len(self.tricks)),
                                         len(self.events), result=self.result()))

    def _apply_play(self, event: PlayEvent) -> None:
        card = event.card.index
        seat = event.seat
        self.hands[seat] ^= 1 << card
        self.trick.append(card)
        self._lead, self._high, self._best, wins = play_into_trick(
            card, self._lead, self._high, self._best, self.trump)
        if wins:
            self._winning_seat = seat
        if not event.legal:
            self.renuncio = event
            self.finished = True
            return
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return
        winner = self._winning_seat
        points = sum(POINTS[c] for c in self.trick)
        record = TrickRecord(len(self.tricks) + 1, self.leader, tuple(self.trick_cards),
                             winner, points)
        self.tricks.append(record)
        self.captured[winner] += points
        self.trick = []
        self._lead = self._high = self._best = -1
        self.leader = self.turn = winner
        if not any(self.hands) and not self.draw_pile:
            self.finished = True
            self.moment = None
            return
        self.moment = _Moment(record.number, winner, bool(self.draw_pile))

    def close_moment(self) -> None:
        """End the time for cantes, tute and swap; in two players the draws happen now."""
        if self.moment is None:
            return
        if self.draw_pile:
            winner = self.moment.winner
            number, at = self.moment.trick_number, len(self.events)
            public = len(self.draw_pile) == 2  # the face-up card is the last one drawn
            first, second = self.draw_pile.pop(0), self.draw_pile.pop(0)
            self.hands[winner] |= 1 << first
            self.hands[1 - winner] |= 1 << second
            self.history.append(HistoryEntry("draw", winner, number, at, card=CARDS[first],
                                             private=winner))
            self.history.append(HistoryEntry("draw", 1 - winner, number, at,
                                             card=CARDS[second],
                                             private=None if public else 1 - winner))
        self.moment = None

    # ----------------------------------------------------------------- cantes
    def _may_declare(self, seat: int) -> str | None:
        """Why ``seat`` may not declare now, a reason code (None when it may)."""
        if self.finished:
            return "hand_over"
        moment = self.moment
        if moment is None:
            return "no_moment"
        if self.rules.has_stock and not moment.stock_open:
            return "stock_empty"
        if not 0 <= seat < self.players:
            return "no_seat"
        if seat in moment.passed:
            return "passed"
        if self.rules.cante_by == "trick_winner" or not self.rules.has_teams:
            if seat != moment.winner:
                return "winner_only"
        elif self.team_of(seat) != self.team_of(moment.winner):
            return "team_only"
        return None

    def _pair_suits(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        return [s for s in range(4)
                if s not in self.sung_suits
                and hand >> (10 * s + REY) & 1 and hand >> (10 * s + CABALLO) & 1]

    def tute_kind(self, seat: int) -> Literal["reyes", "caballos"] | None:
        """"reyes" or "caballos" when the seat holds all four, else None."""
        hand = self.hands[seat]
        if all(hand >> (10 * s + REY) & 1 for s in range(4)):
            return "reyes"
        if all(hand >> (10 * s + CABALLO) & 1 for s in range(4)):
            return "caballos"
        return None

    def declarable_cantes(self, seat: int) -> list[int]:
        """Suits ``seat`` may sing right now, after the priority tute > 40 > 20."""
        if self._may_declare(seat) is not None or self.can_tute(seat):
            return []
        assert self.moment is not None
        if seat in self.moment.singers:
            return []
        if self.rules.cantes_per_trick == "one" and self.moment.cantes:
            return []
        suits = self._pair_suits(seat)
        if self.trump in suits:
            return [self.trump]
        return suits

    def check_cante(self, seat: int, suit: int) -> None:
        """Raise :class:`BadCanteError` unless ``seat`` may sing ``suit`` now."""
        why = self._may_declare(seat)
        if why is not None:
            winner = None if self.moment is None else self.moment.winner
            raise BadCanteError(reason=f"cannot_sing_{why}", seat=seat, winner=winner)
        assert self.moment is not None
        if self.can_tute(seat):
            raise BadCanteError(reason="holds_tute", seat=seat)
        if seat in self.moment.singers:
            raise BadCanteError(reason="already_sang", seat=seat)
        if self.rules.cantes_per_trick == "one" and self.moment.cantes:
            raise BadCanteError(reason="one_per_trick")
        if suit in self.sung_suits:
            raise BadCanteError(reason="already_sung", suit=suit)
        if suit not in self._pair_suits(seat):
            raise BadCanteError(reason="no_pair", seat=seat, suit=suit)
        if suit != self.trump and self.trump in self._pair_suits(seat):
            raise BadCanteError(reason="forty_first", seat=seat, suit=suit)

    def can_cante(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may sing ``suit`` now."""
        try:
            self.check_cante(seat, suit)
        except TuteError:
            return False
        return True

    def cante(self, seat: int, suit: int) -> CanteEvent:
        """Sing the rey and caballo of ``suit``: 40 in trumps, 20 otherwise."""
        self.check_cante(seat, suit)
        event = CanteEvent(seat, suit, 40 if suit == self.trump else 20)
        self.events.append(event)
        self._apply_cante(event)
        return event

    def _pass_before(self, seat: int) -> None:
        """A declaration by ``seat`` passes the seats asked before it."""
        assert self.moment is not None
        for other in self.declaring_order():
            if other == seat:
                return
            self.moment.passed.add(other)

    def _apply_cante(self, event: CanteEvent) -> None:
        assert self.moment is not None
        self._pass_before(event.seat)
        self.moment.singers.add(event.seat)
        self.moment.cantes += 1
        self.sung_suits.add(event.suit)
        self.cantes.append(CanteRecord(event.seat, event.suit, event.points,
                                       self.moment.trick_number))
        self.history.append(HistoryEntry("cante", event.seat, self.moment.trick_number,
                                         len(self.events), suit=event.suit,
                                         points=event.points))

    # ----------------------------------------------------------------- tute
    def check_tute(self, seat: int, kind: str | None = None) -> Literal["reyes", "caballos"]:
        """Raise unless ``seat`` may declare a tute now; return its kind."""
        if self.finished:
            raise BadTuteError(reason="hand_over")
        moment = self.moment
        if moment is None:
            raise BadTuteError(reason="no_moment")
        if not 0 <= seat < self.players:
            raise BadTuteError(reason="no_seat", seat=seat)
        if seat in moment.passed:
            raise BadTuteError(reason="passed", seat=seat)
        held = self.tute_kind(seat)
        if held is None or (kind is not None and kind != held):
            if kind is None:
                raise BadTuteError(reason="not_held", seat=seat)
            raise BadTuteError(reason="not_held_kind", seat=seat, kind=kind)
        if self.rules.has_stock and not moment.stock_open:
            raise BadTuteError(reason="stock_empty")
        if self.team_of(seat) != self.team_of(moment.winner):
            raise BadTuteError(reason="side_did_not_win", seat=seat)
        if self.rules.tute_timing == "team_first_trick":
            team = self.team_of(seat)
            won = sum(1 for t in self.tricks if self.team_of(t.winner) == team)
            if won != 1:
                raise BadTuteError(reason="first_trick_only")
        elif (self.rules.cante_by == "trick_winner" or not self.rules.has_teams) \
                and seat != moment.winner:
            raise BadTuteError(reason="winner_only", winner=moment.winner)
        return held

    def can_tute(self, seat: int) -> bool:
        """Whether ``seat`` may declare a tute now."""
        try:
            self.check_tute(seat)
        except TuteError:
            return False
        return True

    def declare_tute(self, seat: int, kind: str | None = None) -> TuteEvent:
        """Declare a tute: the hand ends at once, won by the seat's side."""
        held = self.check_tute(seat, kind)
        event = TuteEvent(seat, held)
        self.events.append(event)
        self._pass_before(seat)
        assert self.moment is not None
        self.history.append(HistoryEntry("tute", seat, self.moment.trick_number,
                                         len(self.events), points=12 if held == "reyes" else 11))
        self.tute = event
        self.finished = True
        self._history_end()
        return event

    # ----------------------------------------------------------------- swap
    def swap_card(self, seat: int) -> Card | None:
        """The trump card ``seat`` would give in a swap now (7 or 2), if any."""
        if not self.rules.has_stock or not self.draw_pile:
            return None
        face_strength = self.draw_pile[-1] % 10
        if face_strength in SWAP_WITH_SEVEN:
            needed = self.trump * 10 + 4  # the 7
        elif face_strength in SWAP_WITH_TWO:
            needed = self.trump * 10  # the 2
        else:
            return None
        return CARDS[needed] if self.hands[seat] >> needed & 1 else None

    def check_swap(self, seat: int) -> Card:
        """Raise :class:`BadSwapError` unless ``seat`` may swap now; the card given."""
        if not self.rules.has_stock:
            raise BadSwapError(reason="two_players_only")
        moment = self.moment
        if self.finished or moment is None or not self.draw_pile:
            raise BadSwapError(reason="not_now")
        if seat != moment.winner:
            raise BadSwapError(reason="winner_only", winner=moment.winner)
        if seat in moment.passed:
            raise BadSwapError(reason="passed", seat=seat)
        if moment.swapped:
            raise BadSwapError(reason="one_per_trick")
        card = self.swap_card(seat)
        if card is None:
            face = CARDS[self.draw_pile[-1]]
            needed = CARDS[self.trump * 10 + (0 if face.strength in SWAP_WITH_TWO else 4)]
            raise BadSwapError(reason="wrong_card", seat=seat, card=face, needed=needed)
        return card

    def can_swap(self, seat: int) -> bool:
        """Whether ``seat`` may swap the 7 (or 2) of trumps now."""
        try:
            self.check_swap(seat)
        except TuteError:
            return False
        return True

    def swap(self, seat: int) -> SwapEvent:
        """Exchange the 7 (or the 2) of trumps for the face-up trump card."""
        given = self.check_swap(seat)
        event = SwapEvent(seat, given, CARDS[self.draw_pile[-1]])
        self.events.append(event)
        self._apply_swap(event)
        return event

    def _apply_swap(self, event: SwapEvent) -> None:
        assert self.moment is not None
        self._pass_before(event.seat)
        self.hands[event.seat] ^= (1 << event.given.index) | (1 << event.taken.index)
        self.draw_pile[-1] = event.given.index
        self.moment.swapped = True
        self.swaps.append(event)
        self.history.append(HistoryEntry("swap", event.seat, self.moment.trick_number,
                                         len(self.events), card=event.given,
                                         other=event.taken))

    # ----------------------------------------------------------------- passing
    def check_pass(self, seat: int) -> None:
        """Raise :class:`BadPassError` unless ``seat`` is the seat asked to declare now."""
        if self.finished:
            raise BadPassError(reason="hand_over", seat=seat)
        asked = self.declarer
        if asked is None:
            raise BadPassError(reason="nobody_asked", seat=seat)
        if seat != asked:
            raise BadPassError(reason="not_asked", seat=seat, asked=asked)

    def can_pass(self, seat: int) -> bool:
        """Whether ``seat`` may pass now (it is the seat asked to declare)."""
        try:
            self.check_pass(seat)
        except TuteError:
            return False
        return True

    def pass_turn(self, seat: int) -> PassEvent:
        """The seat asked to declare declares nothing (more) after this trick."""
        self.check_pass(seat)
        event = PassEvent(seat)
        self.events.append(event)
        assert self.moment is not None
        self.moment.passed.add(seat)
        self.history.append(HistoryEntry("pass", seat, self.moment.trick_number,
                                         len(self.events)))
        return event

    # ----------------------------------------------------------------- copies
    def replayed(self, count: int | None = None) -> Game:
        """A new game of the same deal with the first ``count`` events (all by default)
        applied: a copy to look ahead in, or this hand as it stood at an earlier event."""
        copy = Game(self.rules, self.dealer, list(self.initial_hands), self.trump_card,
                    list(self.initial_stock))
        for event in self.events[:count]:
            copy.apply(event)
        return copy

    # ----------------------------------------------------------------- undo
    def undo(self) -> Event:
        """Take back the last action (the state is rebuilt from the event log)."""
        if not self.events:
            raise TuteError(reason="nothing_to_undo")
        events = self.events[:-1]
        last = self.events[-1]
        self.events = []
        self._reset()
        for event in events:
            self.apply(event)
        return last

    def undo_to(self, count: int) -> None:
        """Keep only the first ``count`` events (the state is rebuilt once)."""
        if count >= len(self.events):
            return
        events = self.events[:max(0, count)]
        self.events = []
        self._reset()
        for event in events:
            self.apply(event)

    def apply(self, event: Event) -> Event:
        """Apply an event as the matching action would (used by replay and undo)."""
        if isinstance(event, PlayEvent):
            return self.play(event.card, referee=not event.legal)
        if isinstance(event, CanteEvent):
            return self.cante(event.seat, event.suit)
        if isinstance(event, TuteEvent):
            return self.declare_tute(event.seat, event.kind)
        if isinstance(event, PassEvent):
            return self.pass_turn(event.seat)
        return self.swap(event.seat)

    # ----------------------------------------------------------------- scoring
    def side_of(self, seat: int) -> int:
        """Side of ``seat`` (same as :meth:`team_of`)."""
        return self.rules.team_of(seat)

    def points_so_far(self) -> tuple[int, ...]:
        """Card points plus cantes per side so far (no diez de últimas before the end)."""
        totals = [0] * self.rules.sides
        for seat, points in enumerate(self.captured):
            totals[self.side_of(seat)] += points
        for cante in self.cantes:
            totals[self.side_of(cante.seat)] += cante.points
        return tuple(totals)

    def result(self) -> HandResult:
        """The score of the finished hand."""
        if not self.finished:
            raise TuteError(reason="hand_not_over")
        sides = self.rules.sides
        cards = [0] * sides
        for seat, points in enumerate(self.captured):
            cards[self.side_of(seat)] += points
        cantes = [0] * sides
        for cante in self.cantes:
            cantes[self.side_of(cante.seat)] += cante.points
        last = None
        totals = [cards[i] + cantes[i] for i in range(sides)]
        if self.tute is None and self.renuncio is None:
            last = self.side_of(self.tricks[-1].winner)
            totals[last] += 10
        if self.tute is not None:
            return HandResult(tuple(totals), tuple(cards), tuple(cantes), None,
                              self.side_of(self.tute.seat), "tute", tute=self.tute)
        if self.renuncio is not None:
            offender = self.side_of(self.renuncio.seat)
            others = [s for s in range(sides) if s != offender]
            winner = max(others, key=lambda s: (totals[s], -((s - offender) % sides)))
            return HandResult(tuple(totals), tuple(cards), tuple(cantes), None, winner,
                              "renuncio", renuncio=self.renuncio)
        top = max(totals)
        leaders = [s for s in range(sides) if totals[s] == top]
        if len(leaders) == 1:
            return HandResult(tuple(totals), tuple(cards), tuple(cantes), last, leaders[0],
                              "points")
        # A tie goes to the tied side that won the latest trick.
        for trick in reversed(self.tricks):
            if self.side_of(trick.winner) in leaders:
                winner = self.side_of(trick.winner)
                break
        else:  # pragma: no cover - a tied side always won some trick when totals > 0
            winner = leaders[0]
        return HandResult(tuple(totals), tuple(cards), tuple(cantes), last, winner,
                          "tie_last_trick")

    # ----------------------------------------------------------------- records
    def to_record(self) -> dict[str, Any]:
        """The ``tute-hand/1`` record of this hand so far."""
        return {
            "format": "tute-hand/1",
            "ruleset": self.rules.ruleset,
            "overrides": self.rules.overrides_dict(),
            "dealer": self.dealer,
            "trump_card": str(CARDS[self.trump_card]),
            "hands": [[str(c) for c in cards_of(h)] for h in self.initial_hands],
            "stock": [str(CARDS[c]) for c in self.initial_stock],
            "events": [e.to_json() for e in self.events if not isinstance(e, PassEvent)],
        }

    @property
    def ruleset(self) -> str:
        """The preset id of the rules (``rules.ruleset``)."""
        return self.rules.ruleset

    def played_mask(self) -> int:
        """Mask of every card already played in this hand (tricks and the open trick)."""
        played = 0
        for trick in self.tricks:
            for card in trick.cards:
                played |= card.bit
        for index in self.trick:
            played |= 1 << index
        return played

    def known_cards(self) -> list[int]:
        """Per seat, a mask of cards every player knows that seat holds.

        The dealer's trump card until it is played, sung reyes and caballos still in hand,
        the card taken in a swap, and in two players the face-up card drawn last.
        """
        known = [0] * self.players
        played = self.played_mask()
        if not self.rules.has_stock:
            known[self.dealer] |= 1 << self.trump_card
        for cante in self.cantes:
            pair = (1 << (10 * cante.suit + REY)) | (1 << (10 * cante.suit + CABALLO))
            known[cante.seat] |= pair
        for swap in self.swaps:
            known[swap.seat] |= swap.taken.bit
        if self.rules.has_stock and not self.draw_pile and self.tricks:
            last_draw_trick = (len(self.initial_stock) + 1) // 2
            if len(self.tricks) >= last_draw_trick:
                loser = 1 - self.tricks[last_draw_trick - 1].winner
                face = self.swaps[-1].given.index if self.swaps else self.trump_card
                known[loser] |= 1 << face
        return [k & ~played for k in known]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: its own hand and the public table, no other hand."""
        legal: tuple[Card, ...] = ()
        if not self.finished and self.turn == seat and not self._moment_pending_draw():
            legal = tuple(self.analyse().legal)
        played = self.played_mask()
        return SeatView(
            seat=seat, rules=self.rules, ruleset=self.rules.ruleset, dealer=self.dealer,
            hand=tuple(cards_of(self.hands[seat])), hand_mask=self.hands[seat],
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            trump=self.trump, trump_card=CARDS[self.trump_card], face_up=self.face_up,
            stock_left=self.stock_left, leader=self.leader,
            to_move=None if self.finished else self.turn,
            trick=tuple(self.trick_cards), trick_seats=tuple(self.trick_seats()),
            tricks=tuple(self.tricks), cantes=tuple(self.cantes),
            swaps=tuple(self.swaps), sung_suits=frozenset(self.sung_suits),
            played_mask=played, known=tuple(self.known_cards()),
            points=self.points_so_far(), legal=legal,
            moment_open=self.moment is not None,
            moment_winner=None if self.moment is None else self.moment.winner,
            declarable_cantes=tuple(self.declarable_cantes(seat)),
            can_tute=self.can_tute(seat), can_swap=self.can_swap(seat),
            finished=self.finished,
        )


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a hand (OpenSpiel's observer): no other seat's cards."""

    seat: int
    rules: Rules
    ruleset: str
    dealer: int
    hand: tuple[Card, ...]
    hand_mask: int
    hand_sizes: tuple[int, ...]
    trump: int
    trump_card: Card
    face_up: Card | None
    stock_left: int
    leader: int
    to_move: int | None
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    tricks: tuple[TrickRecord, ...]
    cantes: tuple[CanteRecord, ...]
    swaps: tuple[SwapEvent, ...]
    sung_suits: frozenset[int]
    played_mask: int
    known: tuple[int, ...]
    points: tuple[int, ...]
    legal: tuple[Card, ...]
    moment_open: bool
    moment_winner: int | None
    declarable_cantes: tuple[int, ...]
    can_tute: bool
    can_swap: bool
    finished: bool

    @property
    def players(self) -> int:
        """Number of players of the rule set."""
        return self.rules.players

    def unseen_mask(self) -> int:
        """Cards this seat has not seen: not in its hand, not played, not the face-up."""
        full = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
        if self.rules.players == 3:
            full &= ~1
        seen = self.hand_mask | self.played_mask
        if self.face_up is not None:
            seen |= self.face_up.bit
        return full & ~seen
