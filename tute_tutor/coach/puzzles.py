"""Puzzles: positions of real deals where one card is clearly best by the exact solver.

A puzzle is made from one seeded deal: computer players (level 2 or 3, drawn from the
seed) play it until a decision point drawn from the seed (a number of tricks left and a
place in the trick; in two players always after the stock is gone), then the double-dummy
solver (:mod:`tute_tutor.ai.solver`) values every legal card of the seat to play with every
hand known. The value of a card is the card points plus the diez de últimas that the side
to play takes from there on with best play by everyone, cantes not counted (they are
sung only after a trick is won and would hide what the card itself does).

**Clearly best**: the position is a puzzle when the seat to play has at least two legal
cards, at most two cards share the highest value (``best``; two equal cards such as the 4
and 5 of a suit are both right), and every other legal card is worth at least
:data:`MIN_MARGIN` points less: the value of a three, or of the diez de últimas, so a
learner who picks another card visibly gives away a card's worth.

**Themes** (:data:`THEMES`), read off the position and the best card, first that fits:

- ``last-trick``: the seat holds two cards, the choice decides the last trick;
- ``mistake``: an opponent is winning the trick and a three or an ace of the seat may be
  thrown on it, at a cost of at least :data:`MIN_MARGIN` (the beginner's mistake of
  feeding an opponent's trick);
- ``partner``: four players, the partner is winning the trick and the best card either
  loads it with points or overtakes it;
- ``counting``: the best card is master of its suit only because the higher cards of
  that suit have gone in earlier tricks (it takes the trick);
- ``cantes``: the seat holds a rey and caballo it may still sing, and the best card keeps
  them together while one of them could be played, or makes the trick so far one after
  which the seat may sing (its own trick; in four players, where a side sings, its
  side's: the partner's winning trick left to it);
- ``ending``: every other position.

In two players, half the deals (drawn from the seed) are first looked at at the second
card of the stock's last trick, theme ``stock``: its winner draws the last hidden card
and the other player the face-up trump, the winner swapping the 7 (or 2) for it first
when that is better for it; each card is valued over those draws, then solved exactly
(:func:`_stock_puzzle`); one that takes the trick and keeps a pair to sing is ``cantes``.
With hidden hands such a position is valued in every deal the seat cannot tell from it
(:func:`stock_worlds`: each unseen card may be the hidden one still to draw).

**The cantes search.** A pair is seldom still unsung a few tricks from the end (a side
sings at its first trick won), so for a share of the deal indices
(:data:`CANTES_SHARE`, drawn from the seed) the puzzle is first looked for in deals of
its own (:data:`CANTES_DEALS`, each dealt from the seed and index): computers play them
with the sides that hold a pair to sing keeping out of tricks where a legal card lets
them (in Tute's obligations that is seldom; in the free play of the two players' stock
it is always) and the other seats taking the trick so far when they can and leading
their highest plain card; every turn where the seat holds a pair it may still sing
with at most :data:`PAIR_TRICKS` cards (in two players: the second card of the stock's
last trick) is solved, and the first ``cantes`` puzzle is the index's. Every card is
legal and every hand dealt from a shuffled deck; a deal stops as soon as nobody holds a
pair to sing. When the search finds none, the index's own deal gives its puzzle as
above.

**Hidden hands** (``sampled``): the position is solved on :data:`SAMPLES` deals
consistent with the seat's view (:func:`tute_tutor.ai.knowledge.sample_worlds`); it is a
puzzle when the best card(s) are best in every one of them and the mean values are
clearly apart; the values are the means. Such a puzzle also names, for each other seat,
the cards the seat to play can be certain are in that hand (:func:`known_holdings`:
worked out from its view, never from the sampled deals, which may agree on a card by
chance). **Flags**: a puzzle may be made under a preset with flags changed (the
sidebar's); its id then reads ``ruleset+TAG/seed/index`` (:func:`flags_tag`). Every
puzzle carries the coach's :class:`~tute_tutor.coach.reasons.Reason` for its first best
card, read off the seat's own view.

**Ratings** are Glicko-2 (the ``glicko2`` package, not written here): the learner and
each puzzle start at 1500 (deviation 350, volatility 0.06); an answer is one game between
them, won by the learner when the card is one of ``best`` (:func:`rate`). **The daily
puzzle** is the first puzzle of the seed made from the date (:func:`daily_seed`), so
every learner on every server sees the same one that day; **the streak** is the number
of days in a row, ending today or yesterday, with the daily puzzle solved (:func:`streak`).

Everything is a pure function of the seed: ``generate(seed, count, ruleset)`` gives the
same puzzles in the same order, and :func:`puzzle_by_id` makes one again from its id
(``ruleset/seed/index``, ``.../sampled``).
"""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from typing import Any, Final

import glicko2

from tute_tutor.ai import declare_for_all, get_player
from tute_tutor.ai.base import Decision, PlayAction, Player, apply_action
from tute_tutor.ai.knowledge import Knowledge, infer, sample_worlds
from tute_tutor.ai.levels import CountingPlayer
from tute_tutor.ai.solver import Position, Solver
from tute_tutor.coach.reasons import Reason, pair_suits, reason_for
from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, Card, cards_of
from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.engine.game import CABALLO, REY, Game, SeatView
from tute_tutor.engine.legal import trick_state
from tute_tutor.engine.tricks import ABOVE, POINTS
from tute_tutor.engine.variants import Rules, find_rules, preset_ids

MIN_MARGIN: Final = 10
"""Points by which the best card beats every other legal card (a three, the últimas)."""
THEMES: Final = ("stock", "last-trick", "mistake", "partner", "counting", "cantes", "ending")
"""Every theme, in the order a position is tested against them."""
SAMPLES: Final = 12
"""Deals consistent with the learner's view solved for a puzzle with hidden hands."""
CANTES_SHARE: Final = 0.25
"""The share of deal indices whose puzzle is first looked for by the cantes search
(:func:`_cantes_puzzle`), before the deal of the index itself is played."""
CANTES_DEALS: Final = {4: 40, 3: 32, 2: 8}
"""Deals the cantes search plays for one index, by players."""
PAIR_TRICKS: Final = {4: 7, 3: 7}
"""Most cards in hand at a turn the cantes search solves, three and four players (the
exact solve stays near a tenth of a second)."""
STOCK_SHARE: Final = 0.5
"""In two players, the share of deals whose puzzle is first looked for at the last trick
of the stock (the ``stock`` theme)."""
TRICKS_LEFT: Final = {4: (2, 3, 4, 5), 3: (2, 3, 4, 5), 2: (2, 3, 4, 5, 6)}
"""Cards in the hand of the seat to play at the decision point, by players: few enough
that the exact solve takes milliseconds (6 tricks in four players is about 12 ms)."""
POOL_PATIENCE: Final = 30
"""Puzzles a pool's scan goes past without one of a theme before it stops filling that
theme's queue while nobody has taken from it (it starts again when someone asks)."""
MAX_TRIES: Final = 400
"""Deals tried per puzzle asked for before the generator gives up (a theme the rule set
seldom or never gives, such as ``mistake`` in tute a dos)."""


class _RulesOnlyCounting(CountingPlayer):
    """Level 3 without its exact endgame: counted rules of thumb on every card."""

    endgame_tricks = 0
    endgame_tricks_two = 0


class PuzzleError(TuteError):
    """A puzzle request that cannot be met (bad ruleset, theme, count, unknown id)."""

    code = "bad_puzzle"


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One position with the solver's value of every legal card (see the module doc)."""

    id: str
    ruleset: str
    theme: str
    trump: int
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    to_play: int
    values: tuple[tuple[int, int], ...]
    best: tuple[int, ...]
    played: int = 0
    reason: Reason | None = field(default=None, compare=False)
    """The coach's reason for the (first) best card, from the seat's own view."""
    sampled: bool = False
    """The hidden hands were sampled from the seat's view: ``values`` are the mean over
    :attr:`samples`, each solved exactly, and every best card is best in each of them."""
    samples: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    """The hands of each sampled deal (a sampled puzzle)."""
    overrides: tuple[tuple[str, Any], ...] = ()
    """The sidebar's flags the puzzle was made under (the preset's changes, canonical)."""
    stock: tuple[int, ...] = ()
    """Two players, ``stock`` theme: the two cards still to draw, the face-up trump last
    (the winner of this trick draws the first, the other the face-up card)."""
    known: tuple[int, ...] = field(default=(), compare=False)
    """A sampled puzzle: for each seat, the cards of its hand the seat to play knows are
    there (:func:`known_holdings`; 0 for the seat to play); empty with every hand shown."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.hands)

    def value_of(self, card: int) -> int:
        """The solver's value of the legal card ``card``."""
        return dict(self.values)[card]

    def is_best(self, card: int) -> bool:
        """Is ``card`` one of the best cards?"""
        return card in self.best

    def known_cards(self, seat: int) -> int:
        """The cards of another ``seat`` that the seat to play knows it holds, as a mask
        (:attr:`known`, made by :func:`known_holdings` from the seat's view): a pair it
        sang and still holds, a card it took in a swap, the dealer's shown trump card,
        and cards the count and the play leave nowhere else. 0 for the seat to play
        itself and for a puzzle with every hand face up."""
        if not self.known or seat == self.to_play:
            return 0
        return self.known[seat]

    def to_json(self) -> dict[str, Any]:
        """The public form (docs/FORMATS.md, "tute-tutor puzzle"): cards by code; the
        optional keys ``stock`` (the ``stock`` theme), ``sampled`` and ``samples`` (a
        puzzle with hidden hands) only when they apply."""
        data: dict[str, Any] = {
            "id": self.id,
            "ruleset": self.ruleset,
            "theme": self.theme,
            "trump": SUIT_LETTERS[self.trump],
            "hands": {str(seat): [str(c) for c in cards_of(hand)]
                      for seat, hand in enumerate(self.hands)},
            "leader": self.leader,
            "trick": [str(CARDS[c]) for c in self.trick],
            "to_play": self.to_play,
            "values": {str(CARDS[c]): v for c, v in self.values},
            "best": [str(CARDS[c]) for c in self.best],
        }
        if self.overrides:
            data["overrides"] = dict(self.overrides)
        if self.stock:
            data["stock"] = [str(CARDS[c]) for c in self.stock]
        if self.sampled:
            data["sampled"] = True
            data["samples"] = [{str(seat): [str(c) for c in cards_of(hand)]
                                for seat, hand in enumerate(hands)} for hands in self.samples]
        return data


def _fits(counts: dict[int, int], rooms: list[int]) -> bool:
    """Can cards be dealt to places, each card to one of the places it may go to (``counts``:
    how many cards may go to each set of places, a bit per place) with every place filled
    to its room? Hall's condition: as many cards as room in all, and no set of places
    with more cards that can only go there than room."""
    if counts.get(0) or any(room < 0 for room in rooms) or sum(counts.values()) != sum(rooms):
        return False
    for places in range(1, 1 << len(rooms)):
        only_there = sum(n for allowed, n in counts.items() if not allowed & ~places)
        if only_there > sum(room for i, room in enumerate(rooms) if places >> i & 1):
            return False
    return True


def certain_holdings(knowledge: Knowledge) -> list[int]:
    """For each seat, the unseen cards certainly in its hand by ``knowledge``: its known
    cards, and every card that is in that hand in each deal of the unseen cards that
    respects the hand sizes, the stock's hidden cards, the known cards and the
    impossibilities (a card no other place may hold; a hand whose room is only just
    enough for the cards that may go nowhere else). 0 for the seat whose knowledge it is;
    only the known cards when no deal respects it all (never with a real view)."""
    me = knowledge.seat
    seats = [s for s in range(knowledge.players) if s != me]
    certain = [0 if s == me else knowledge.known[s] for s in range(knowledge.players)]
    rooms = [knowledge.sizes[s] - knowledge.known[s].bit_count() for s in seats]
    if knowledge.stock_unknown:
        rooms.append(knowledge.stock_unknown)  # the stock's hidden cards: a place too
    free = knowledge.unseen
    for s in seats:
        free &= ~knowledge.known[s]
    allowed: dict[int, int] = {}
    for card in range(40):
        if free >> card & 1:
            allowed[card] = sum(1 << i for i, s in enumerate(seats)
                                if not knowledge.excluded[s] >> card & 1)
            if knowledge.stock_unknown:
                allowed[card] |= 1 << len(seats)
    counts: dict[int, int] = {}
    for places in allowed.values():
        counts[places] = counts.get(places, 0) + 1
    if not _fits(counts, rooms):
        return certain
    for card, places in allowed.items():
        counts[places] -= 1
        could_be = []
        for i in range(len(rooms)):
            if places >> i & 1:
                rooms[i] -= 1
                if _fits(counts, rooms):
                    could_be.append(i)
                rooms[i] += 1
        counts[places] += 1
        if len(could_be) == 1 and could_be[0] < len(seats):
            certain[seats[could_be[0]]] |= 1 << card
    return certain


def known_holdings(view: SeatView) -> tuple[int, ...]:
    """The cards ``view``'s seat knows are in each other hand (0 for its own): the
    :func:`certain_holdings` of what it has seen (:func:`tute_tutor.ai.knowledge.infer`).
    In two players once the stock is gone every unseen card is in the other hand; naming
    them all would give away the count the puzzle asks for, so there only the cards the
    other player showed (a cante still held, a swap, the face-up trump it drew) are
    named."""
    knowledge = infer(view)
    if view.rules.has_stock and not view.stock_left:
        return tuple(0 if s == view.seat else known
                     for s, known in enumerate(knowledge.known))
    return tuple(certain_holdings(knowledge))


def _players_for(rng: random.Random, players: int) -> list[Player]:
    """Level 2 or 3 for each seat; level 3 plays by its counted rules to the end (its
    sampled exact endgame would cost more than the puzzle's own solve)."""
    seats: list[Player] = []
    for _ in range(players):
        level = rng.choice((2, 3))
        if level == 3:
            seats.append(_RulesOnlyCounting())
        else:
            seats.append(get_player(level))
    return seats


def _position(rules: Rules, game: Game) -> Position:
    seats = game.trick_seats()
    leader = seats[0] if seats else game.leader
    return Position.from_rules(rules, game.hands, game.trump, leader, game.trick, cantes=False)


def _winner_in_trick(trick: tuple[int, ...], trump: int) -> int:
    """Index in ``trick`` of the card winning it."""
    return trick_state(trick, trump).winner_position


def _takes(trick: tuple[int, ...], card: int, trump: int) -> bool:
    """Does ``card`` played now win the trick so far?"""
    whole = (*trick, card)
    return _winner_in_trick(whole, trump) == len(trick)


def classify(rules: Rules, trump: int, hands: tuple[int, ...], trick: tuple[int, ...],
             to_play: int, played: int, values: dict[int, int], best: tuple[int, ...],
             pairs: Iterable[int] = ()) -> str:
    """The theme of a position (the module doc lists them, in this order); ``pairs`` are
    the suits whose rey and caballo the seat holds and may still sing."""
    players = rules.players
    if hands[to_play].bit_count() == 2:
        return "last-trick"
    top = max(values.values())
    card = best[0]
    if trick:
        winner_seat = (to_play - len(trick) + _winner_in_trick(trick, trump)) % players
        opponent_winning = rules.team_of(winner_seat) != rules.team_of(to_play)
        if opponent_winning and any(
                POINTS[c] >= 10 and c not in best and values[c] <= top - MIN_MARGIN
                and not _takes(trick, c, trump) for c in values):
            return "mistake"
        partner_winning = players == 4 and not opponent_winning
        if partner_winning and (POINTS[card] >= 3 or _takes(trick, card, trump)):
            return "partner"
    others = 0
    for seat, hand in enumerate(hands):
        if seat != to_play:
            others |= hand
    if ((not trick or _takes(trick, card, trump)) and ABOVE[card] & played
            and not ABOVE[card] & others):
        return "counting"
    for suit in pairs:
        pair = {10 * suit + REY, 10 * suit + CABALLO}
        if card not in pair and (pair & values.keys()
                                 or _opens_singing(rules, trick, to_play, card, trump)):
            return "cantes"
    return "ending"


def _opens_singing(rules: Rules, trick: tuple[int, ...], to_play: int, card: int,
                   trump: int) -> bool:
    """Does ``card`` played now make the trick so far one after which ``to_play`` may
    sing: its own (the trick's winner sings: three and two players, ``cante_by``
    trick_winner) or its side's (four players, a side sings)?"""
    if not trick:
        return False
    whole = (*trick, card)
    winner = (to_play - len(trick) + _winner_in_trick(whole, trump)) % rules.players
    if rules.has_teams and rules.cante_by != "trick_winner":
        return rules.team_of(winner) == rules.team_of(to_play)
    return winner == to_play


def _singers(game: Game, seat: int) -> list[int]:
    """The seats that may sing after a trick ``seat``'s side wins: its partner too when a
    side sings (four players, ``cante_by`` team), else the seat alone."""
    rules = game.rules
    if rules.has_teams and rules.cante_by != "trick_winner":
        return [s for s in range(game.players) if rules.team_of(s) == rules.team_of(seat)]
    return [seat]


def _holds_pair(game: Game, seat: int) -> bool:
    """Does ``seat`` hold a rey and caballo it may still sing (:func:`pair_suits`)?"""
    if game.rules.has_stock and not game.draw_pile:
        return False
    hand = game.hands[seat]
    return any(s not in game.sung_suits and hand >> (10 * s + REY) & 1
               and hand >> (10 * s + CABALLO) & 1 for s in range(4))


def _ducked(game: Game, seat: int, card: Card) -> Card:
    """The card ``seat`` plays in the cantes search instead of its computer's ``card``.
    While a seat that sings with it holds a pair still to sing: a legal card that leaves
    the trick so far to the other side when ``card`` would not (fewest points, lowest,
    not of a pair), if there is one. Else, while another seat holds one: the lowest
    legal card that takes the trick so far for its side, when ``card`` would not, and on
    a lead its highest plain card. Every card is legal."""
    trick = tuple(game.trick)
    rules = game.rules
    seats = [*game.trick_seats(), seat]

    def side_wins(choice: int) -> bool:
        winner = seats[_winner_in_trick((*trick, choice), game.trump)]
        return rules.team_of(winner) == rules.team_of(seat)

    hand = game.hands[seat]
    if not any(_holds_pair(game, s) for s in _singers(game, seat)):
        if any(_holds_pair(game, s) for s in range(game.players)):
            legal = [c.index for c in game.legal_plays()]
            if not trick:
                plain = [c for c in legal if c // 10 != game.trump] or legal
                return CARDS[max(plain, key=lambda c: (c % 10, -c))]
            winning = [c for c in legal if side_wins(c)]
            if winning and not side_wins(card.index):
                return CARDS[min(winning, key=lambda c: (c // 10 == game.trump, c % 10))]
        return card
    if not trick:
        return card
    if not side_wins(card.index):
        return card
    losing = [c.index for c in game.legal_plays() if not side_wins(c.index)]
    if not losing:
        return card

    def cost(choice: int) -> tuple[int, int, int]:
        suit = choice // 10
        paired = choice % 10 in (REY, CABALLO) and all(
            hand >> (10 * suit + r) & 1 for r in (REY, CABALLO))
        return (paired, POINTS[choice], choice % 10)

    return CARDS[min(losing, key=cost)]


def _decision_points(game: Game, players: list[Player], rng: random.Random,
                     cards_left: int, place: int, *, stock: bool = False,
                     ) -> Iterator[tuple[Game, str]]:
    """Play ``game`` with ``players``, stopping (yielding the game and ``"drawn"``) at
    every turn from the one where the seat to play holds ``cards_left`` cards at
    ``place`` in the trick, with no stock and a choice of at least two legal cards, to
    the end of the hand; with ``stock`` (two players), first at the second card of the
    stock's last trick (``"stock"``)."""
    while not game.finished:
        declare_for_all(game, players, rng)
        if game.finished:
            return
        game.close_moment()
        seat = game.to_move
        assert seat is not None
        held = game.hands[seat].bit_count()
        if stock and len(game.draw_pile) == 2 and len(game.trick) == 1:
            yield game, "stock"
        choice = not game.draw_pile and held >= 2 and len(game.legal_plays()) >= 2
        if choice and (held < cards_left or (held == cards_left
                                             and len(game.trick) >= place)):
            yield game, "drawn"
        card = players[seat].choose_card(game.view(seat), rng)
        apply_action(game, seat, PlayAction(card))


def _pair_choice(game: Game, seat: int) -> bool:
    """At ``seat``'s turn: may the best card be a ``cantes`` one (:func:`classify`)? A
    legal card outside the seat's pairs still to sing that opens the singing, or one
    beside a legal card of such a pair (the pair may be kept or broken)."""
    legal = [c.index for c in game.legal_plays()]
    if len(legal) < 2:
        return False
    trick = tuple(game.trick)
    for suit in pair_suits(game.view(seat)):
        pair = (10 * suit + REY, 10 * suit + CABALLO)
        keep = [c for c in legal if c not in pair]
        if keep and (len(keep) < len(legal) or any(
                _opens_singing(game.rules, trick, seat, c, game.trump) for c in keep)):
            return True
    return False


def _cantes_points(game: Game, players: list[Player],
                   rng: random.Random) -> Iterator[tuple[Game, str]]:
    """The cantes search's turns of ``game`` (played by ``players``, the sides holding a
    pair to sing keeping out of tricks where a legal card lets them, :func:`_ducked`):
    in three and four players every turn with at most :data:`PAIR_TRICKS` cards where
    the seat holds a pair it may still sing (``"pair"``); in two players the second card
    of the stock's last trick when that seat holds one (``"stock"``). It stops when no
    seat holds a pair it may still sing."""
    while not game.finished:
        declare_for_all(game, players, rng)
        if game.finished:
            return
        game.close_moment()
        if not any(_holds_pair(game, s) for s in range(game.players)) and (
                not game.rules.has_stock or not game.draw_pile):
            return
        seat = game.to_move
        assert seat is not None
        if game.rules.has_stock:
            if (len(game.draw_pile) == 2 and len(game.trick) == 1
                    and _holds_pair(game, seat) and _pair_choice(game, seat)):
                yield game, "stock"
        elif (game.hands[seat].bit_count() <= PAIR_TRICKS[game.players]
              and _holds_pair(game, seat) and _pair_choice(game, seat)):
            yield game, "pair"
        card = players[seat].choose_card(game.view(seat), rng)
        apply_action(game, seat, PlayAction(_ducked(game, seat, card)))


def _cantes_puzzle(rules: Rules, ruleset: str, seed: int, index: int, puzzle_id: str, *,
                   sampled: bool) -> Puzzle | None:
    """The cantes search for deal index ``index``: up to :data:`CANTES_DEALS` deals of
    its own (each drawn from the seed and index), played by computers as in
    :func:`_cantes_points`, the first ``cantes`` puzzle met, or None. The puzzle is
    still one of a real deal: every card legal, every hand dealt from a shuffled deck;
    with ``sampled``, a turn is looked at with hidden hands only when it is a ``cantes``
    puzzle with every hand known."""
    for attempt in range(CANTES_DEALS[rules.players]):
        rng = random.Random(f"puzzle-cantes/{ruleset}/{seed}/{index}/{attempt}")
        game = Game.deal(rules, rng=rng, dealer=rng.randrange(rules.players))
        if not rules.has_stock and not any(_holds_pair(game, s)
                                           for s in range(rules.players)):
            continue
        computer = _players_for(rng, rules.players)
        for point, kind in _cantes_points(game, computer, rng):
            if kind == "stock":
                puzzle = _stock_puzzle(rules, ruleset, point, puzzle_id, cantes_only=True,
                                       sampled=sampled)
            else:
                puzzle = _puzzle_here(rules, ruleset, point, puzzle_id)
                if sampled and puzzle is not None and puzzle.theme == "cantes":
                    puzzle = _puzzle_here(rules, ruleset, point, puzzle_id, sampled=True)
            if puzzle is not None and puzzle.theme == "cantes":
                return puzzle
    return None


def _clear_best(values: dict[int, int]) -> tuple[int, ...] | None:
    """The best cards when one (or two equal ones) is clearly best, else None."""
    if len(values) < 2:
        return None
    top = max(values.values())
    best = tuple(sorted(c for c, v in values.items() if v == top))
    if len(best) > 2 or len(best) == len(values):
        return None
    if max(v for c, v in values.items() if c not in best) > top - MIN_MARGIN:
        return None
    return best


def _reason(game: Game, values: dict[int, float], best: tuple[int, ...],
            worlds: int) -> Reason:
    """The coach's reason for the first best card, read off the seat's view (with the
    edge over the next card only when the values are a mean over sampled deals)."""
    seat = game.to_move
    assert seat is not None
    rated = tuple(sorted(((CARDS[c], float(v)) for c, v in values.items()),
                         key=lambda item: -item[1]))
    decision = Decision(CARDS[best[0]], "exact", rated, worlds)
    reason = reason_for(game.view(seat), decision)
    return reason if worlds > 1 else replace(reason, edge=None)


def _solve(rules: Rules, hands: list[int] | tuple[int, ...], trump: int, leader: int,
           trick: tuple[int, ...] | list[int], seat: int) -> dict[int, int]:
    position = Position.from_rules(rules, list(hands), trump, leader, list(trick),
                                   cantes=False)
    return Solver(position, seat).card_values()


def _puzzle_here(rules: Rules, ruleset: str, game: Game, puzzle_id: str, *,
                 sampled: bool = False) -> Puzzle | None:
    """The puzzle of the seat to play in ``game``, or None when no card is clearly best
    (with ``sampled``, by the mean over deals consistent with the seat's view, the best
    card(s) best in every one of them)."""
    position = _position(rules, game)
    seat = position.to_move
    samples: tuple[tuple[int, ...], ...] = ()
    known: tuple[int, ...] = ()
    if sampled:
        view = game.view(seat)
        rng = random.Random(f"puzzle-worlds/{puzzle_id}")
        worlds = sample_worlds(view, rng, SAMPLES)
        samples = tuple(tuple(world.hands) for world in worlds)
        solved = [_solve(rules, hands, game.trump, position.leader, game.trick, seat)
                  for hands in samples]
        values = {card: round(sum(v[card] for v in solved) / len(solved))
                  for card in solved[0]}
        best = _clear_best(values)
        if best is None or not all(v[card] == max(v.values()) for v in solved
                                   for card in best):
            return None
        known = known_holdings(view)
    else:
        values = Solver(position, seat).card_values()
        best = _clear_best(values)
        if best is None:
            return None
    hands = tuple(game.hands)
    trick = tuple(game.trick)
    played = game.played_mask() & ~sum(1 << c for c in trick)
    theme = classify(rules, game.trump, hands, trick, seat, played, values, best,
                     pair_suits(game.view(seat)))
    ordered = tuple(sorted(values.items(), key=lambda item: (-item[1], item[0])))
    reason = _reason(game, dict(values), best, len(samples) or 1)
    return Puzzle(id=puzzle_id, ruleset=ruleset, theme=theme, trump=game.trump, hands=hands,
                  leader=position.leader, trick=trick, to_play=seat,
                  values=ordered, best=best, played=played, reason=reason,
                  sampled=sampled, samples=samples, known=known)


def _after_trick(game: Game, side_seat: int) -> int:
    """Two players, the stock's last trick just complete in ``game``: what ``side_seat``
    takes from the trick on (its points, then the rest solved exactly after the draws),
    the winner swapping the 7 (or 2) for the face-up trump when that is better for it."""
    moment = game.moment
    assert moment is not None
    winner = moment.winner
    trick_points = game.tricks[-1].points
    outcomes = []
    for swap in (False, True):
        after = game.replayed()
        if swap:
            if not after.can_swap(winner):
                continue
            after.swap(winner)
        after.close_moment()
        left = sum(POINTS[c] for hand in after.hands for c in range(40) if hand >> c & 1)
        leader_takes = max(_solve(after.rules, after.hands, after.trump, winner, (),
                                  winner).values())
        winner_takes = trick_points + leader_takes
        outcomes.append(winner_takes if winner == side_seat
                        else trick_points + left + 10 - winner_takes)
    # the winner picks what is best for itself
    return max(outcomes) if winner == side_seat else min(outcomes)


def _stock_values(game: Game, seat: int, legal: list[Card], stop: Any = None) -> dict[int, int]:
    """What each of ``legal`` gives ``seat`` at the second card of the stock's last trick
    (:func:`_after_trick`); ``stop(values, card)`` may end the valuing early (an empty
    dict)."""
    values: dict[int, int] = {}
    for choice in legal:
        after = game.replayed()
        after.play(choice)
        values[choice.index] = _after_trick(after, seat)
        if stop is not None and stop(values, choice.index):
            return {}
    return values


def stock_worlds(game: Game) -> list[Game]:
    """Two players, the stock's last trick: every deal the seat to play cannot tell from
    ``game``, one for each unseen card that may be the hidden card still to draw (the
    others are then the other player's hand; a card it showed, by a cante or a swap, stays
    in it). Each is ``game``'s deal with that card and the real hidden card exchanged,
    replayed to the same point (neither card was ever played or seen by the seat)."""
    seat = game.to_move
    assert seat is not None and game.rules.has_stock and len(game.draw_pile) == 2
    hidden = game.draw_pile[0]
    known = infer(game.view(seat)).known[1 - seat]
    worlds = [game]
    for card in cards_of(game.hands[1 - seat]):
        if known >> card.index & 1:
            continue
        swap = (1 << hidden) | (1 << card.index)

        def moved(index: int, other: int = card.index) -> int:
            return other if index == hidden else hidden if index == other else index

        hands = [hand ^ swap if (hand >> hidden & 1) != (hand >> card.index & 1) else hand
                 for hand in game.initial_hands]
        world = Game(game.rules, game.dealer, hands, game.trump_card,
                     [moved(c) for c in game.initial_stock])
        try:
            for event in game.events:
                world.apply(event)
        except TuteError:
            continue  # the other player could not have held the real hidden card
        worlds.append(world)
    return worlds


def _stock_puzzle(rules: Rules, ruleset: str, game: Game, puzzle_id: str, *,
                  cantes_only: bool = False, sampled: bool = False) -> Puzzle | None:
    """The puzzle of the second card of the stock's last trick (two players): the winner
    draws the last hidden card, the other the face-up trump; None when no card is
    clearly best. With ``cantes_only`` (the cantes search), None as soon as the cards
    valued so far show it cannot be a ``cantes`` puzzle (the cards that could be its
    best card are valued first); else the same puzzle. With ``sampled``, a puzzle with
    every hand known is then valued in every deal of :func:`stock_worlds` (the hidden
    card unknown): the values are the means, the best card best in each deal."""
    seat = game.to_move
    assert seat is not None and len(game.trick) == 1
    trick = tuple(game.trick)
    pairs = pair_suits(game.view(seat))

    def opens(card: int) -> bool:
        return _takes(trick, card, game.trump) and any(
            card not in (10 * suit + REY, 10 * suit + CABALLO) for suit in pairs)

    def hopeless(values: dict[int, int], card: int) -> bool:
        if opens(card):
            return False
        top = max((v for c, v in values.items() if opens(c)), default=None)
        value = values[card]
        return top is None or value > top or top - MIN_MARGIN < value < top

    legal = sorted(game.legal_plays(), key=lambda c: not opens(c.index)) if cantes_only \
        else game.legal_plays()
    values = _stock_values(game, seat, legal, hopeless if cantes_only else None)
    if not values:
        return None  # another card is best, or too near the best
    best = _clear_best(values)
    if best is None:
        return None
    samples: tuple[tuple[int, ...], ...] = ()
    known: tuple[int, ...] = ()
    if sampled:
        worlds = stock_worlds(game)
        solved = [values, *(_stock_values(world, seat, legal) for world in worlds[1:])]
        values = {card: round(sum(v[card] for v in solved) / len(solved)) for card in values}
        best = _clear_best(values)
        if best is None or not all(v[card] == max(v.values()) for v in solved
                                   for card in best):
            return None
        samples = tuple(tuple(world.hands) for world in worlds)
        known = known_holdings(game.view(seat))
    hands = tuple(game.hands)
    played = game.played_mask() & ~sum(1 << c for c in trick)
    ordered = tuple(sorted(values.items(), key=lambda item: (-item[1], item[0])))
    reason = _reason(game, dict(values), best, len(samples) or 1)
    leader = game.trick_seats()[0]
    theme = "stock"
    if opens(best[0]):
        theme = "cantes"  # the last trick that opens a cante, the pair kept for it
    return Puzzle(id=puzzle_id, ruleset=ruleset, theme=theme, trump=game.trump,
                  hands=hands, leader=leader, trick=trick, to_play=seat, values=ordered,
                  best=best, played=played, reason=reason, sampled=sampled, samples=samples,
                  stock=tuple(game.draw_pile), known=known)


def flags_tag(rules: Rules) -> str:
    """``""`` for a preset as it is, else ``+`` and 8 hex digits naming its overrides (in
    a puzzle's id: the same flags, the same tag)."""
    if not rules.overrides:
        return ""
    text = json.dumps(rules.overrides_dict(), sort_keys=True)
    return "+" + hashlib.sha256(text.encode()).hexdigest()[:8]


def _rules(ruleset: str, flags: Mapping[str, Any] | None) -> Rules:
    try:
        return find_rules(ruleset, flags)
    except TuteError as error:
        raise PuzzleError(f"bad flags for {ruleset}: {error}") from None


QUICK_THEMES: Final = ("cantes", "stock")
"""Themes whose puzzles may be looked for the quick way (``quick`` in
:func:`puzzle_at`): the ones a deal index looks for first."""


def puzzle_at(ruleset: str, seed: int, index: int, *, sampled: bool = False,
              flags: Mapping[str, Any] | None = None,
              quick: str | None = None) -> Puzzle | None:
    """The puzzle of deal ``index`` of ``seed`` under ``ruleset`` (with ``flags`` changed
    from the preset): for a share of the indices first the cantes search's, then the
    first decision point from the one drawn from the seed where one card is clearly
    best, or None (in two players, for a share of the deals, first the stock's last
    trick; ``sampled``: the hidden hands sampled from the seat's view, at the stock
    every deal it cannot tell apart, :func:`stock_worlds`). With ``quick`` (one of
    :data:`QUICK_THEMES`), only the puzzle the index looks for first, when it is of
    that theme: the cantes search's, or the stock's last trick of an index that runs no
    cantes search; None for every other index (the same puzzle as without ``quick``, or
    None)."""
    rules = _rules(ruleset, flags)
    rng = random.Random(f"puzzle/{ruleset}/{seed}/{index}")
    game = Game.deal(rules, rng=rng, dealer=rng.randrange(rules.players))
    computer = _players_for(rng, rules.players)
    cards_left = rng.choice(TRICKS_LEFT[rules.players])
    place = rng.randrange(rules.players)
    stock = (rules.has_stock
             and random.Random(f"puzzle-stock/{ruleset}/{seed}/{index}").random()
             < STOCK_SHARE)
    puzzle_id = (f"{ruleset}{flags_tag(rules)}/{seed}/{index}"
                 + ("/sampled" if sampled else ""))
    search = random.Random(f"puzzle-cantes/{ruleset}/{seed}/{index}").random() < CANTES_SHARE
    if search and quick != "stock":
        found = _cantes_puzzle(rules, ruleset, seed, index, puzzle_id, sampled=sampled)
        if found is not None:
            return replace(found, overrides=rules.overrides)
    if quick is not None and (quick != "stock" or search or not stock):
        return None
    for point, kind in _decision_points(game, computer, rng, cards_left, place,
                                        stock=stock):
        if kind == "stock":
            puzzle = _stock_puzzle(rules, ruleset, point, puzzle_id, sampled=sampled)
        elif quick is not None:
            return None
        else:
            puzzle = _puzzle_here(rules, ruleset, point, puzzle_id, sampled=sampled)
        if puzzle is not None:
            return replace(puzzle, overrides=rules.overrides)
    return None


def check_request(ruleset: str, theme: str | None) -> None:
    """Refuse, in one line, a ruleset or theme no puzzle can have."""
    if ruleset not in preset_ids():
        raise PuzzleError(f"unknown ruleset {shown(ruleset)} (one of {', '.join(preset_ids())})")
    if theme is not None and theme not in THEMES:
        raise PuzzleError(f"unknown theme {shown(theme)} (one of {', '.join(THEMES)})")
    if theme == "partner" and find_rules(ruleset).players != 4:
        raise PuzzleError(f"theme 'partner' needs four players; {ruleset} has "
                          f"{find_rules(ruleset).players}")
    if theme == "stock" and not find_rules(ruleset).has_stock:
        raise PuzzleError(f"theme 'stock' needs a stock (a-dos); {ruleset} has none")


def themes_of(ruleset: str) -> tuple[str, ...]:
    """The themes a puzzle of ``ruleset`` may have (``partner`` needs four players,
    ``stock`` the two players' stock)."""
    rules = find_rules(ruleset)
    return tuple(theme for theme in THEMES
                 if (theme != "partner" or rules.players == 4)
                 and (theme != "stock" or rules.has_stock))


def iter_puzzles(seed: int, ruleset: str = "clasico", theme: str | None = None, *,
                 start: int = 0, sampled: bool = False,
                 flags: Mapping[str, Any] | None = None,
                 quick: bool = False) -> Iterator[Puzzle]:
    """Every puzzle of ``seed`` under ``ruleset`` (of ``theme``, when given), in order of
    their deal index from ``start``; it stops after :data:`MAX_TRIES` deals in a row
    without one. With ``quick`` (a theme of :data:`QUICK_THEMES`), only those an index
    looks for first (:func:`puzzle_at`): some are left out, the others made in a
    fraction of the time (the drills' best-card positions of these themes)."""
    check_request(ruleset, theme)
    if quick and theme not in QUICK_THEMES:
        raise PuzzleError(f"no quick search for theme {shown(theme)} "
                          f"(one of {', '.join(QUICK_THEMES)})")
    index = start
    misses = 0
    while misses < MAX_TRIES:
        puzzle = puzzle_at(ruleset, seed, index, sampled=sampled, flags=flags,
                           quick=theme if quick else None)
        index += 1
        if puzzle is None or (theme is not None and puzzle.theme != theme):
            misses += 1
            continue
        misses = 0
        yield puzzle


def generate(seed: int, count: int, ruleset: str = "clasico",
             theme: str | None = None, *, sampled: bool = False,
             flags: Mapping[str, Any] | None = None) -> list[Puzzle]:
    """``count`` puzzles of ``seed`` (the same seed, the same puzzles)."""
    out: list[Puzzle] = []
    for puzzle in iter_puzzles(seed, ruleset, theme, sampled=sampled, flags=flags):
        out.append(puzzle)
        if len(out) == count:
            return out
    raise PuzzleError(f"found only {len(out)} puzzles of theme {shown(theme)} under {ruleset} "
                      f"for seed {seed}")


def puzzle_by_id(puzzle_id: str, flags: Mapping[str, Any] | None = None) -> Puzzle:
    """Make the puzzle ``ruleset/seed/index`` (or ``ruleset/seed/index/sampled``) again;
    one made with flags (``ruleset+TAG/...``) needs the same ``flags``."""
    parts = puzzle_id.split("/") if isinstance(puzzle_id, str) else []
    sampled = len(parts) == 4 and parts[3] == "sampled"
    ruleset, _, tag = parts[0].partition("+") if parts else ("", "", "")
    if len(parts) != 3 + sampled or not parts[1].isdigit() or not parts[2].isdigit() \
            or ruleset not in preset_ids():
        raise PuzzleError(f"unknown puzzle id {str(puzzle_id)[:60]!r}")
    if flags_tag(_rules(ruleset, flags)) != ("+" + tag if tag else ""):
        raise PuzzleError(f"the puzzle {shown(puzzle_id)} was made with other flags")
    puzzle = puzzle_at(ruleset, int(parts[1]), int(parts[2]), sampled=sampled, flags=flags)
    if puzzle is None:
        raise PuzzleError(f"no puzzle at {shown(puzzle_id)}")
    return puzzle


# ----------------------------------------------------------------- ready ahead
class PuzzlePool:
    """Puzzles of one rule set made ahead, a queue per theme, so the next one is there.

    One background scan goes through the puzzles of ``seed`` (:func:`iter_puzzles`) and
    puts each one in the queue of any theme (``None``: any theme) and in the queue of
    its own theme, while a queue somebody asked for holds fewer than :attr:`size`; a full
    queue lets the scan's puzzles go by. :meth:`take` hands out the oldest puzzle of a
    queue and wakes the scan; when the queue is empty (the first call of a theme, or a
    learner faster than the scan) it waits for the scan to find one. ``warm`` asks for
    every theme at once, so that the scan fills them all from the start (the page's
    pools, made on a server's first visit). So each theme's
    puzzles come in the seed's order, and the pool is shared by whoever takes from it.
    Thread-safe.
    """

    def __init__(self, ruleset: str, *, seed: int = 0, size: int = 8,
                 warm: bool = False, sampled: bool = False,
                 flags: Mapping[str, Any] | None = None) -> None:
        check_request(ruleset, None)
        self.ruleset = ruleset
        self.size = size
        self.sampled = sampled
        self.overrides = _rules(ruleset, flags).overrides
        self._source = iter_puzzles(seed, ruleset, None, sampled=sampled, flags=flags)
        self._queues: dict[str | None, deque[Puzzle]] = {}
        self._dry: dict[str | None, int] = {}
        self._waiting: dict[str | None, int] = {}
        self._taken: set[str | None] = set()
        self._cond = threading.Condition()
        self._worker: threading.Thread | None = None
        self._exhausted = False
        self._closed = False
        if warm:
            with self._cond:
                for theme in (None, *themes_of(ruleset)):
                    self._queues[theme] = deque()
                self._wake()

    def ready(self, theme: str | None = None) -> int:
        """Puzzles of ``theme`` ready now."""
        with self._cond:
            return len(self._queues.get(theme, ()))

    def _wanted(self) -> bool:
        """A queue is short and somebody took from it or waits on it, or its theme turned
        up in the last :data:`POOL_PATIENCE` puzzles scanned (a rare theme nobody plays
        does not keep the scan running for ever). Nothing once :meth:`close` was called."""
        return not self._closed and any(len(queue) < self.size and (theme in self._taken
                                               or self._waiting.get(theme, 0) > 0
                                               or self._dry.get(theme, 0) < POOL_PATIENCE)
                   for theme, queue in self._queues.items())

    def _scan(self) -> None:
        while True:
            with self._cond:
                if not self._wanted():
                    self._worker = None
                    return
            puzzle = next(self._source, None)
            with self._cond:
                if puzzle is None:
                    self._exhausted = True
                    self._worker = None
                    self._cond.notify_all()
                    return
                for theme in self._queues:
                    self._dry[theme] = self._dry.get(theme, 0) + 1
                for theme in (None, puzzle.theme):
                    self._dry[theme] = 0
                    queue = self._queues.get(theme)
                    if queue is not None and len(queue) < self.size:
                        queue.append(puzzle)
                self._cond.notify_all()

    def _wake(self) -> None:
        """Start the scan if a queue wants puzzles and it is not running (lock held)."""
        if self._worker is None and not self._exhausted and self._wanted():
            self._worker = threading.Thread(target=self._scan, name="puzzle-pool",
                                            daemon=True)
            self._worker.start()

    def take(self, theme: str | None = None, timeout: float = 120.0) -> Puzzle:
        """The next puzzle of ``theme`` (``None``: any); :class:`PuzzleError` when the
        scan finds none in ``timeout`` seconds or has nothing left to look at."""
        check_request(self.ruleset, theme)
        with self._cond:
            queue = self._queues.setdefault(theme, deque())
            self._waiting[theme] = self._waiting.get(theme, 0) + 1
            try:
                self._wake()
                found = self._cond.wait_for(
                    lambda: bool(queue) or self._exhausted or self._closed, timeout)
            finally:
                self._waiting[theme] -= 1
            if not found:
                raise PuzzleError(f"no puzzle of theme {shown(theme)} under {self.ruleset} "
                                  f"found in {timeout:g} s")
            if not queue:
                raise PuzzleError(f"no more puzzles of theme {shown(theme)} under "
                                  f"{self.ruleset}")
            puzzle = queue.popleft()
            self._taken.add(theme)
            self._wake()
            return puzzle

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait until the scan has filled every queue asked for or given up on the
        themes that do not turn up (tests, benchmarks); whether it stopped within
        ``timeout`` seconds."""
        with self._cond:
            return self._cond.wait_for(lambda: self._worker is None, timeout)

    def close(self, timeout: float = 120.0) -> bool:
        """Stop the scan after the puzzle it is making (the puzzles ready stay ready);
        whether it stopped within ``timeout`` seconds. A pool nobody will take from
        again (a benchmark's, a test's) leaves the machine to the next one."""
        with self._cond:
            self._closed = True
        return self.wait(timeout)


# ----------------------------------------------------------------- ratings
@dataclass(frozen=True, slots=True)
class Rating:
    """A Glicko-2 rating: the rating, its deviation and its volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06

    @property
    def shown(self) -> int:
        """The rating as a learner reads it (a whole number)."""
        return round(self.rating)


def _updated(player: Rating, opponent: Rating, score: float) -> Rating:
    """``player`` after one game against ``opponent`` (score 1 won, 0 lost)."""
    rated = glicko2.Player(rating=player.rating, rd=player.rd, vol=player.vol)
    rated.update_player([opponent.rating], [opponent.rd], [score])
    return Rating(float(rated.rating), float(rated.rd), float(rated.vol))


def rate(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one answer (both from the ratings
    before it)."""
    return (_updated(learner, puzzle, 1.0 if solved else 0.0),
            _updated(puzzle, learner, 0.0 if solved else 1.0))


DAILY_RULESET: Final = "clasico"
"""The rule set of the daily puzzle."""


def daily_seed(day: date) -> int:
    """The seed of ``day``'s puzzle: its date as a number (20261202)."""
    return day.year * 10_000 + day.month * 100 + day.day


def daily_puzzle(day: date, ruleset: str = DAILY_RULESET) -> Puzzle:
    """The puzzle of the day, the same for everyone."""
    return generate(daily_seed(day), 1, ruleset)[0]


def streak(solved_days: Iterable[date], today: date) -> int:
    """Days in a row with the daily puzzle solved, ending today (or yesterday, while
    today's is still open)."""
    days = set(solved_days)
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


__all__ = ["DAILY_RULESET", "MIN_MARGIN", "QUICK_THEMES", "THEMES", "Puzzle", "PuzzleError",
           "PuzzlePool", "Rating",
           "certain_holdings", "check_request", "classify", "daily_puzzle", "daily_seed",
           "flags_tag", "generate", "iter_puzzles", "known_holdings", "puzzle_at",
           "puzzle_by_id", "rate", "streak", "themes_of"]
