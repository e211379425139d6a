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
- ``ending``: every other position.

**Ratings** are Glicko-2 (the ``glicko2`` package, not written here): the learner and
each puzzle start at 1500 (deviation 350, volatility 0.06); an answer is one game between
them, won by the learner when the card is one of ``best`` (:func:`rate`). **The daily
puzzle** is the first puzzle of the seed made from the date (:func:`daily_seed`), so
every learner on every server sees the same one that day; **the streak** is the number
of days in a row, ending today or yesterday, with the daily puzzle solved (:func:`streak`).

Everything is a pure function of the seed: ``generate(seed, count, ruleset)`` gives the
same puzzles in the same order, and :func:`puzzle_by_id` makes one again from its id
(``ruleset/seed/index``).
"""

from __future__ import annotations

import random
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Final

import glicko2

from tute_tutor.ai import declare_for_all, get_player
from tute_tutor.ai.base import PlayAction, Player, apply_action
from tute_tutor.ai.levels import CountingPlayer
from tute_tutor.ai.solver import Position, Solver
from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, cards_of
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game
from tute_tutor.engine.tricks import ABOVE, POINTS, play_into_trick
from tute_tutor.engine.variants import Rules, find_rules, preset_ids

MIN_MARGIN: Final = 10
"""Points by which the best card beats every other legal card (a three, the últimas)."""
THEMES: Final = ("last-trick", "mistake", "partner", "counting", "ending")
"""Every theme, in the order a position is tested against them."""
TRICKS_LEFT: Final = {4: (2, 3, 4, 5), 3: (2, 3, 4, 5), 2: (2, 3, 4, 5, 6)}
"""Cards in the hand of the seat to play at the decision point, by players: few enough
that the exact solve takes milliseconds (6 tricks in four players is about 12 ms)."""
MAX_TRIES: Final = 400
"""Deals tried per puzzle asked for before the generator gives up (a rare theme)."""
DRY_SCAN: Final = 200
"""Puzzles a pool's scan lets go by, none of a theme still wanted, before that theme is
dry (:class:`PuzzlePool`)."""


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

    def to_json(self) -> dict[str, Any]:
        """The public form (docs/FORMATS.md, "tute-tutor puzzle"): cards by code."""
        return {
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
    lead = high = best = -1
    winner = 0
    for i, card in enumerate(trick):
        lead, high, best, wins = play_into_trick(card, lead, high, best, trump)
        if wins:
            winner = i
    return winner


def _takes(trick: tuple[int, ...], card: int, trump: int) -> bool:
    """Does ``card`` played now win the trick so far?"""
    whole = (*trick, card)
    return _winner_in_trick(whole, trump) == len(trick)


def classify(rules: Rules, trump: int, hands: tuple[int, ...], trick: tuple[int, ...],
             to_play: int, played: int, values: dict[int, int], best: tuple[int, ...]) -> str:
    """The theme of a position (the module doc lists them, in this order)."""
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
    return "ending"


def _decision_points(game: Game, players: list[Player], rng: random.Random,
                     cards_left: int, place: int) -> Iterator[Game]:
    """Play ``game`` with ``players``, stopping (yielding the game) at every turn from the
    one where the seat to play holds ``cards_left`` cards at ``place`` in the trick, with
    no stock and a choice of at least two legal cards, to the end of the hand."""
    while not game.finished:
        declare_for_all(game, players, rng)
        if game.finished:
            return
        game.close_moment()
        seat = game.to_move
        assert seat is not None
        held = game.hands[seat].bit_count()
        if (not game.draw_pile and (held < cards_left or (held == cards_left
                                    and len(game.trick) >= place))
                and held >= 2 and len(game.legal_plays()) >= 2):
            yield game
        card = players[seat].choose_card(game.view(seat), rng)
        apply_action(game, seat, PlayAction(card))


def _puzzle_here(rules: Rules, ruleset: str, game: Game, puzzle_id: str) -> Puzzle | None:
    """The puzzle of the seat to play in ``game``, or None when no card is clearly best."""
    position = _position(rules, game)
    values = Solver(position, position.to_move).card_values()
    top = max(values.values())
    best = tuple(sorted(c for c, v in values.items() if v == top))
    if len(best) > 2 or len(best) == len(values):
        return None
    if max(v for c, v in values.items() if c not in best) > top - MIN_MARGIN:
        return None
    hands = tuple(game.hands)
    trick = tuple(game.trick)
    played = game.played_mask() & ~sum(1 << c for c in trick)
    theme = classify(rules, game.trump, hands, trick, position.to_move, played, values, best)
    ordered = tuple(sorted(values.items(), key=lambda item: (-item[1], item[0])))
    return Puzzle(id=puzzle_id, ruleset=ruleset, theme=theme, trump=game.trump, hands=hands,
                  leader=position.leader, trick=trick, to_play=position.to_move,
                  values=ordered, best=best, played=played)


def puzzle_at(ruleset: str, seed: int, index: int) -> Puzzle | None:
    """The puzzle of deal ``index`` of ``seed`` under ``ruleset``: the first decision point
    from the one drawn from the seed where one card is clearly best, or None."""
    rules = find_rules(ruleset)
    rng = random.Random(f"puzzle/{ruleset}/{seed}/{index}")
    game = Game.deal(ruleset, rng=rng, dealer=rng.randrange(rules.players))
    computer = _players_for(rng, rules.players)
    cards_left = rng.choice(TRICKS_LEFT[rules.players])
    place = rng.randrange(rules.players)
    for point in _decision_points(game, computer, rng, cards_left, place):
        puzzle = _puzzle_here(rules, ruleset, point, f"{ruleset}/{seed}/{index}")
        if puzzle is not None:
            return puzzle
    return None


def check_request(ruleset: str, theme: str | None) -> None:
    """Refuse, in one line, a ruleset or theme no puzzle can have."""
    if ruleset not in preset_ids():
        raise PuzzleError(f"unknown ruleset {ruleset!r} (one of {', '.join(preset_ids())})")
    if theme is not None and theme not in THEMES:
        raise PuzzleError(f"unknown theme {theme!r} (one of {', '.join(THEMES)})")
    if theme == "partner" and find_rules(ruleset).players != 4:
        raise PuzzleError(f"theme 'partner' needs four players; {ruleset} has "
                          f"{find_rules(ruleset).players}")


def iter_puzzles(seed: int, ruleset: str = "clasico", theme: str | None = None, *,
                 start: int = 0) -> Iterator[Puzzle]:
    """Every puzzle of ``seed`` under ``ruleset`` (of ``theme``, when given), in order of
    their deal index from ``start``; it stops after :data:`MAX_TRIES` deals in a row
    without one."""
    check_request(ruleset, theme)
    index = start
    misses = 0
    while misses < MAX_TRIES:
        puzzle = puzzle_at(ruleset, seed, index)
        index += 1
        if puzzle is None or (theme is not None and puzzle.theme != theme):
            misses += 1
            continue
        misses = 0
        yield puzzle


def generate(seed: int, count: int, ruleset: str = "clasico",
             theme: str | None = None) -> list[Puzzle]:
    """``count`` puzzles of ``seed`` (the same seed, the same puzzles)."""
    out: list[Puzzle] = []
    for puzzle in iter_puzzles(seed, ruleset, theme):
        out.append(puzzle)
        if len(out) == count:
            return out
    raise PuzzleError(f"found only {len(out)} puzzles of theme {theme!r} under {ruleset} "
                      f"for seed {seed}")


def puzzle_by_id(puzzle_id: str) -> Puzzle:
    """Make the puzzle ``ruleset/seed/index`` again."""
    parts = puzzle_id.split("/") if isinstance(puzzle_id, str) else []
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit() \
            or parts[0] not in preset_ids():
        raise PuzzleError(f"unknown puzzle id {str(puzzle_id)[:60]!r}")
    puzzle = puzzle_at(parts[0], int(parts[1]), int(parts[2]))
    if puzzle is None:
        raise PuzzleError(f"no puzzle at {puzzle_id!r}")
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
    A theme the scan has not met in :data:`DRY_SCAN` puzzles in a row (one a rule set
    hardly ever has, such as ``mistake`` in tute a dos, where a card that can be thrown
    beside an opponent's winning trick is rare) is dry: the scan stops asking for it, so
    it never runs without end, and :meth:`take` says there is none. Thread-safe.
    """

    def __init__(self, ruleset: str, *, seed: int = 0, size: int = 8,
                 warm: bool = False) -> None:
        check_request(ruleset, None)
        self.ruleset = ruleset
        self.size = size
        self._source = iter_puzzles(seed, ruleset, None)
        self._queues: dict[str | None, deque[Puzzle]] = {}
        self._cond = threading.Condition()
        self._worker: threading.Thread | None = None
        self._exhausted = False
        self._dry: set[str | None] = set()
        self._missed = 0
        if warm:
            four = find_rules(ruleset).players == 4
            with self._cond:
                for theme in (None, *THEMES):
                    if four or theme != "partner":
                        self._queues[theme] = deque()
                self._wake()

    def ready(self, theme: str | None = None) -> int:
        """Puzzles of ``theme`` ready now."""
        with self._cond:
            return len(self._queues.get(theme, ()))

    def _wanted(self) -> bool:
        return any(len(queue) < self.size for theme, queue in self._queues.items()
                   if theme not in self._dry)

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
                self._missed += 1
                for theme in (None, puzzle.theme):
                    queue = self._queues.get(theme)
                    if queue is not None and len(queue) < self.size:
                        queue.append(puzzle)
                        self._missed = 0
                if self._missed >= DRY_SCAN:
                    self._dry.update(theme for theme, queue in self._queues.items()
                                     if len(queue) < self.size)
                    self._missed = 0
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
            self._wake()
            if not self._cond.wait_for(
                    lambda: bool(queue) or self._exhausted or theme in self._dry, timeout):
                raise PuzzleError(f"no puzzle of theme {theme!r} under {self.ruleset} "
                                  f"found in {timeout:g} s")
            if not queue:
                raise PuzzleError(f"no more puzzles of theme {theme!r} under "
                                  f"{self.ruleset}")
            puzzle = queue.popleft()
            self._wake()
            return puzzle

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait until the scan has filled every queue asked for or found it dry (tests,
        benchmarks); whether it stopped within ``timeout`` seconds."""
        with self._cond:
            return self._cond.wait_for(lambda: self._worker is None, timeout)


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


__all__ = ["DAILY_RULESET", "MIN_MARGIN", "THEMES", "Puzzle", "PuzzleError", "PuzzlePool",
           "Rating",
           "check_request", "classify", "daily_puzzle", "daily_seed", "generate",
           "iter_puzzles", "puzzle_at", "puzzle_by_id", "rate", "streak"]
