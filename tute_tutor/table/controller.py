"""The guided practice table: the learner against computer players, every card explained.

A :class:`Table` plays whole hands and whole matches of any preset through
:class:`~tute_tutor.engine.game.Game`: the learner sits at seat 0 (in four players with a
computer partner at seat 2), every other seat is a computer player of level 1-4.
The table never decides a rule itself: legality, obligations, cantes, tute and the
swap all come from the game, and so does the turn (:attr:`Game.to_act`); the table lets
the computers act when the engine asks them, remembers the learner's decisions (for
undo) and shows the engine's history as a log of announcements, turned into sentences
in the learner's language when they are shown.

>>> table = Table(TableConfig(find_rules("clasico"), seed=5))
>>> table.waiting_for_learner, table.game.to_move
(True, 0)
>>> card = table.legal_cards()[0]
>>> table.click(card, "en").played
True
>>> _ = table.run()
>>> table.game.to_move == 0 or table.game.finished
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol

from tute_tutor.ai import get_player
from tute_tutor.ai.base import (
    Action,
    Basis,
    CanteAction,
    Decision,
    Player,
    Preferred,
    SwapAction,
    TuteAction,
    apply_action,
)
from tute_tutor.ai.levels import ExpertPlayer
from tute_tutor.coach.reasons import Edge, Reason, reason_for
from tute_tutor.engine.cards import Card, suit_from_letter
from tute_tutor.engine.errors import RulesError, TuteError, shown
from tute_tutor.engine.game import Game, HandResult, HistoryEntry, OfEntry, SeatView
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.engine.match import Match
from tute_tutor.engine.variants import PRESETS, Rules, find_rules
from tute_tutor.words.cards import tute_word
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.coach import reason_text
from tute_tutor.words.explain import card_name, explain_refusal, join_names
from tute_tutor.words.log import line_text

LEARNER: Final = 0
"""The learner's seat: seat 0 (mano in the first hand, partner of seat 2 in pairs)."""

LEVELS: Final = (1, 2, 3, 4)
PACES: Final = ("instant", "step")


class Evaluator(Protocol):
    """Anything that rates each legal card for the seat to move (level 4 does)."""

    def evaluate(self, view: SeatView, rng: random.Random) -> list[tuple[Card, float]]:
        """Expected points for the seat's side after each legal card."""
        ...


class Advisor(Protocol):
    """Anything that chooses a card with the values behind it (level 4 does)."""

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        """The card to play, the value of every legal card and why the card."""
        ...


@dataclass(frozen=True, slots=True)
class TableConfig:
    """How a practice table is set up: rule set, computer levels, seed, referee mode.

    ``levels`` lists the level of each computer seat in seat order (seats 1, 2, ...);
    a shorter tuple repeats its last value, an empty one means level 1 everywhere.
    ``computer_renuncio`` is, in referee mode, the chance that a computer seat that
    could break a rule does so (so the learner sees renuncios flagged).
    """

    rules: Rules = PRESETS["clasico"]
    seed: int = 0
    levels: tuple[int, ...] = ()
    referee: bool = False
    computer_renuncio: float = 0.0
    think_seconds: float | None = None
    """Time budget of level-4 players per decision (None: the level's own default)."""
    ladder: bool = False
    """Two players (match mode ``streak``): the computer's level follows the learner's
    streak (:func:`ladder_level`) instead of ``levels``."""

    @property
    def ruleset(self) -> str:
        """The preset id of the table's rules."""
        return self.rules.ruleset

    @property
    def climbs(self) -> bool:
        """The ladder is on and the rule set plays a two-player streak."""
        return self.ladder and self.rules.match == "streak"

    def level_of(self, seat: int, streak: int = 0) -> int:
        """Level of the computer at ``seat`` (1-4); on the ladder, set by ``streak``."""
        if self.climbs:
            return ladder_level(streak)
        if not self.levels:
            return 1
        return self.levels[min(seat - 1, len(self.levels) - 1)]


def ladder_level(streak: int) -> int:
    """The two-player ladder of the source game: the computer starts at level 1 and
    rises one level for each hand the learner wins in a row, up to level 4 from the
    fourth hand on.

    >>> [ladder_level(streak) for streak in range(6)]
    [1, 2, 3, 4, 4, 4]
    """
    return max(1, min(LEVELS[-1], streak + 1))


@dataclass(frozen=True, slots=True)
class LadderBest:
    """The learner's best two-player ladder: its score and the streak behind it."""

    score: int = 0
    streak: int = 0

    def after(self, score: int, streak: int) -> LadderBest:
        """The best once a ladder reached ``score`` (kept when it is not higher)."""
        return LadderBest(score, streak) if score > self.score else self

    def to_json(self) -> dict[str, int]:
        """Plain data for the store."""
        return {"score": self.score, "streak": self.streak}

    @classmethod
    def from_json(cls, data: object) -> LadderBest:
        """What :meth:`to_json` gave; nothing usable (missing, edited) is no best yet."""
        if not isinstance(data, Mapping):
            return cls()
        score, streak = data.get("score"), data.get("streak")
        if type(score) is not int or type(streak) is not int or score < 0 or streak < 0:
            return cls()
        return cls(score, streak)


def _name_key(seat: int) -> str:
    return "practice.seat.you" if seat == LEARNER else f"practice.seat.name{seat}"


def seat_name(seat: int, lang: str = "es", *, mid_sentence: bool = False) -> str:
    """The name shown for a seat: "Tú" for the learner, a person's name otherwise.

    ``mid_sentence`` gives the learner's form after a preposition inside a sentence
    ("para ti", "to you") instead of the label's.

    >>> seat_name(0, "en"), seat_name(0, "en", mid_sentence=True)
    ('You', 'you')
    >>> seat_name(0, "es", mid_sentence=True), seat_name(1, "es", mid_sentence=True)
    ('ti', 'Bruno')
    """
    if mid_sentence and seat == LEARNER:
        return t("practice.seat.you_mid", lang)
    return t(_name_key(seat), lang)


def seat_label(seat: int, rules: Rules, lang: str = "es") -> str:
    """The seat's name with its role at the table ("Carmen (tu compañera)")."""
    name = seat_name(seat, lang)
    if seat == LEARNER:
        return name
    if rules.partner_of(LEARNER) == seat:
        return t("practice.seat.partner_label", lang, name=name)
    return t("practice.seat.opponent_label", lang, name=name)


def side_name(side: int, rules: Rules, lang: str = "es", *, mid_sentence: bool = False) -> str:
    """The name of a scoring side: your pair / the other pair, or a seat's name (as
    :func:`seat_name`, ``mid_sentence`` after a preposition)."""
    if rules.has_teams:
        return t("practice.side.us" if side == rules.team_of(LEARNER) else "practice.side.them",
                 lang, partner=seat_name(2, lang), a=seat_name(1, lang), b=seat_name(3, lang))
    return seat_name(side, lang, mid_sentence=mid_sentence)


@dataclass(frozen=True, slots=True)
class Announcement(OfEntry):
    """One line of the table's log: an entry of the engine's history the learner may see
    (no passes, no card the other player drew unseen), worded when shown."""

    entry: HistoryEntry
    players: int = 4
    reason: Reason | None = None
    """Why a computer seat played its card when it had a choice (the coach's reason)."""

    def text(self, lang: str = "es") -> str:
        """The announcement in ``lang``."""
        entry = self.entry
        text = line_text(entry, seat_name(entry.seat, lang), you=entry.seat == LEARNER,
                         players=self.players, lang=lang)
        if text is not None and self.reason is not None and self.reason.kind != "forced":
            return text + " " + reason_text(self.reason, seat_name(entry.seat, lang), lang)
        if text is not None:
            return text
        if entry.kind == "renuncio":
            assert entry.analysis is not None and entry.card is not None
            return renuncio_text(entry.seat, entry.analysis, entry.card, lang)
        assert entry.result is not None
        return t("practice.log.end", lang) + " " + outcome_text(entry.result, self.players, lang)


def renuncio_text(seat: int, analysis: PlayAnalysis, card: Card, lang: str = "es") -> str:
    """A renuncio flagged: who broke which rule with which card, and what was allowed."""
    reason = analysis.refused_reason(card) or "must_follow"
    rule = t(f"practice.rule.{reason}", lang)
    why = explain_refusal(analysis, card, lang).split(": ", 1)[-1]
    you = "_you" if seat == LEARNER else ""
    return t("practice.log.renuncio" + you, lang, name=seat_name(seat, lang),
             card=card_name(card, lang), rule=rule, why=why,
             allowed=join_names(analysis.legal, lang))


def _rules_for(players: int) -> Rules:
    return find_rules({4: "clasico", 3: "a-tres", 2: "a-dos"}[players])


def totals_text(totals: Sequence[int], players: int, lang: str = "es") -> str:
    """"vosotros 78, ellos 52" or "Tú 40, Bruno 90": the totals with their sides."""
    rules = _rules_for(players)
    if rules.has_teams:
        names = [t("practice.side.us_short", lang), t("practice.side.them_short", lang)]
    else:
        names = [seat_name(seat, lang) for seat in range(players)]
    return ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))


def outcome_text(result: HandResult, players: int, lang: str = "es") -> str:
    """Who won the hand and why, in one sentence (it may open with a side's name, "your
    pair", so its first letter is raised)."""
    text = _outcome_sentence(result, players, lang)
    return text[:1].upper() + text[1:]


def _outcome_sentence(result: HandResult, players: int, lang: str) -> str:
    rules = _rules_for(players)
    winner = side_name(result.winner, rules, lang)
    you = "_you" if not rules.has_teams and result.winner == LEARNER else ""
    totals = totals_text(result.totals, players, lang)
    if result.reason == "tute" and result.tute is not None:
        kind = tute_word(result.tute.kind, lang)
        by_you = "_by_you" if not you and result.tute.seat == LEARNER else ""
        return t("practice.outcome.tute" + (you or by_you), lang, winner=winner, kind=kind,
                 name=seat_name(result.tute.seat, lang))
    if result.reason == "renuncio" and result.renuncio is not None:
        by_you = "_by_you" if result.renuncio.seat == LEARNER else ""
        return t("practice.outcome.renuncio" + (by_you or you), lang, winner=winner,
                 name=seat_name(result.renuncio.seat, lang), totals=totals)
    if result.reason == "tie_last_trick":
        back = "_back" if result.tie_looked_back else ""
        return t("practice.outcome.tie" + back + you, lang, winner=winner,
                 total=result.totals[result.winner])
    return t("practice.outcome.points" + you, lang, winner=winner, totals=totals,
             points=result.totals[result.winner])


@dataclass(frozen=True, slots=True)
class ClickResult:
    """What became of a click on a card of the learner's hand."""

    played: bool
    message: str = ""
    renuncio: bool = False


@dataclass(frozen=True, slots=True)
class Offers:
    """What the learner may declare right now (empty outside their moment)."""

    cantes: tuple[int, ...] = ()
    tute: bool = False
    swap: Card | None = None
    swap_for: Card | None = None

    def __bool__(self) -> bool:
        """True when the learner has anything to declare."""
        return bool(self.cantes) or self.tute or self.swap is not None


@dataclass(frozen=True, slots=True)
class Hint:
    """Level 4's advice for the learner: the card it would play first, then every other
    legal card, each with its expected points, and why the card."""

    ratings: tuple[tuple[Card, float], ...]
    """Each legal card with the points its side takes from here on average, the advised
    card first (a forced card alone, unrated)."""
    reason: str = "value"
    """What the card does at the table, as a code of :func:`hint_reason` (worded by
    :meth:`why`)."""
    points: int = 0
    """The number the reason names (points on the trick, points added), if any."""
    chosen: Preferred = ""
    """Why the card when another is worth more points (:attr:`Decision.why`): "wins"
    (the side wins the hand more often with it), "sound" (the counted rules' card, kept
    when the others are not clearly better); "" when it is worth the most points."""
    wins: tuple[float, float] = (0.0, 0.0)
    """With ``chosen`` "wins": the shares (0-1) of the deals tried in which the side
    wins the hand with the card and with the card worth the most points."""

    @property
    def best(self) -> Card:
        """The card level 4 would play."""
        return self.ratings[0][0]

    @property
    def richest(self) -> tuple[Card, float]:
        """The other card worth the most points, and its value (the card compared)."""
        return max(self.ratings[1:], key=lambda pair: pair[1], default=self.ratings[0])

    def why(self, lang: str = "es") -> str:
        """One sentence: which card, why, and what it is worth next to the second best."""
        card = card_name(self.best, lang)
        if len(self.ratings) == 1 or self.reason == "only":
            return t("practice.hint.sentence_only", lang, card=card)
        why = t(f"practice.hint.why.{self.reason}", lang, points=self.points)
        other, value = self.richest
        gain = round(self.ratings[0][1]) - round(value)
        names = {"card": card, "why": why, "other": card_name(other, lang)}
        if gain < 0 and self.chosen:
            own, theirs = (round(100 * share) for share in self.wins)
            return t_count(f"practice.hint.sentence_{self.chosen}", -gain, lang, **names,
                           loss=-gain, own=own, theirs=theirs)
        key = "practice.hint.sentence" if gain > 0 else "practice.hint.sentence_same"
        return t_count(key, gain, lang, **names, gain=gain)

    def text(self, lang: str = "es") -> str:
        """"Best: the as (21 points on average); the 4 gets 13, 8 fewer."""
        best_card, best_value = self.ratings[0]
        if len(self.ratings) == 1:  # a forced card is not rated
            return t("practice.hint.sentence_only", lang, card=card_name(best_card, lang))
        best = round(best_value)
        lines = [t("practice.hint.best", lang, card=card_name(best_card, lang), points=best)]
        for card, value in self.ratings[1:]:
            # the difference of the numbers shown, so the sentence adds up as read
            shown = round(value)
            key = ("practice.hint.other" if shown < best else "practice.hint.same"
                   if shown == best else "practice.hint.more")
            lines.append(t(key, lang, card=card_name(card, lang), points=shown,
                           loss=best - shown, gain=shown - best))
        if self.chosen and round(self.richest[1]) > best:
            own, theirs = (round(100 * share) for share in self.wins)
            lines.append(t(f"practice.hint.chosen_{self.chosen}", lang,
                           card=card_name(best_card, lang), own=own, theirs=theirs,
                           other=card_name(self.richest[0], lang)))
        return " ".join(lines)


@dataclass(frozen=True, slots=True)
class TableStatus:
    """Everything the page shows about the table at one moment."""

    hand_number: int
    dealer: int
    to_move: int | None
    trump: int
    trump_card: Card
    face_up: Card | None
    stock_left: int
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    winning_seat: int | None
    winning_is_partner: bool
    winning_is_learner: bool
    points: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    tricks_won: tuple[int, ...]
    match_scores: tuple[int, ...]
    finished: bool


STATE_FORMAT: Final = "tute-table/1"
"""The ``format`` of :meth:`Table.to_state`'s data."""


class TableStateError(TuteError):
    """Saved table data that cannot be restored (another version, damaged, edited)."""

    code = "bad_table_state"


def _events_json(record: Mapping[str, Any]) -> list[Any]:
    events = record.get("events", [])
    return list(events) if isinstance(events, list) else []


@dataclass(frozen=True, slots=True)
class _Snapshot:
    events: int


class Table:
    """A practice table for one learner: whole hands and a whole match, step by step."""

    def __init__(self, config: TableConfig | None = None) -> None:
        self.config = config or TableConfig()
        self.rules = self.config.rules
        self.players = self.rules.players
        # The last seat deals the first hand, so the learner (seat 0) leads it; then the
        # deal passes on as the rules say (in two players it alternates).
        self.match = Match.new(self.rules, seed=self.config.seed, dealer=self.players - 1)
        self.computers = self._computers(self.config)
        self.hand_number = 1
        self._start_hand()

    def _computers(self, config: TableConfig) -> dict[int, Player]:
        computers: dict[int, Player] = {}
        for seat in range(1, self.players):
            level = config.level_of(seat, self.match.streak)
            if level not in LEVELS:
                raise RulesError(f"computer level {shown(level)} does not exist: choose 1 to 4")
            player = get_player(level)
            if config.think_seconds is not None and hasattr(player, "time_budget"):
                player.time_budget = config.think_seconds
            computers[seat] = player
        return computers

    def reconfigure(self, *, levels: tuple[int, ...] | None = None,
                    referee: bool | None = None, computer_renuncio: float | None = None,
                    think_seconds: float | None = None, ladder: bool | None = None) -> None:
        """Change the computers' levels, the ladder or referee mode without dealing again."""
        changes: dict[str, Any] = {}
        if ladder is not None:
            changes["ladder"] = ladder
        if levels is not None:
            changes["levels"] = tuple(levels)
        if referee is not None:
            changes["referee"] = referee
        if computer_renuncio is not None:
            changes["computer_renuncio"] = computer_renuncio
        if think_seconds is not None:
            changes["think_seconds"] = think_seconds
        config = replace(self.config, **changes)
        self.computers = self._computers(config)
        self.config = config

    # ----------------------------------------------------------------- hands
    @property
    def game(self) -> Game:
        """The hand being played."""
        return self.match.current

    def _start_hand(self) -> None:
        self._undo: list[_Snapshot] = []
        self._reasons: dict[int, Reason] = {}
        """The coach's reason for each computer card, by the event count once it was played."""
        self._edges: dict[int, Edge] = {}
        """For a computer card chosen by its own evaluation, its edge over the next best
        (saved with the table: a reload words the same reasons)."""
        self.hand_recorded = False
        self.collected = 0
        """Tricks of this hand the learner has seen and let go (see :attr:`trick_held`)."""
        self._settle()

    def next_hand(self) -> bool:
        """Score the finished hand in the match and deal the next one.

        Returns False (and changes nothing) when the hand is not over or the match is.
        """
        if not self.game.finished or self.match_finished:
            return False
        self.match.finish_hand()
        if self.match.finished:
            return False
        self.match.next_hand()
        self.hand_number += 1
        if self.config.climbs:  # the ladder: the computer rises with the streak
            self.computers = self._computers(self.config)
        self._start_hand()
        return True

    @property
    def computer_level(self) -> int:
        """The level of the first computer seat now (on the ladder, the streak's)."""
        return self.config.level_of(1, self.match.streak)

    @property
    def streak(self) -> int:
        """Two players: hands won in a row by the learner in this match (ties end it)."""
        return self.match.streak

    @property
    def streak_score(self) -> int:
        """Two players: streak x 10,000 + the winning margins (capped)."""
        return self.match.streak_score

    # ----------------------------------------------------------------- the trick shown
    @property
    def trick_held(self) -> bool:
        """A finished trick is still on the table: the latest trick is complete, the learner
        has not let it go (:meth:`collect`) and no card of the next trick is down yet.

        The table itself never waits for this; the page does not let the computers lead
        the next trick while it holds (a real table: the trick stays until collected).
        """
        game = self.game
        return bool(game.tricks) and not game.trick and self.collected < len(game.tricks) \
            and not game.finished

    def collect(self) -> bool:
        """The learner lets the finished trick go (the next one may start)."""
        if not self.trick_held:
            return False
        self.collected = len(self.game.tricks)
        return True

    @property
    def match_finished(self) -> bool:
        """The match is decided (the finished hand included once it is over)."""
        if self.match.finished:
            return True
        if not self.game.finished:
            return False
        return self.match.would_finish()

    def match_scores(self) -> tuple[int, ...]:
        """Match score per side, counting the current hand once it is finished."""
        return tuple(self.match.scores_with_current())

    # ----------------------------------------------------------------- turns
    def _rng(self, purpose: str, seat: int) -> random.Random:
        """A generator fixed by the seed and the position: undo replays the same choices."""
        return random.Random(f"{self.config.seed}/{self.hand_number}/{purpose}/"
                             f"{len(self.game.events)}/{seat}")

    @property
    def waiting_for_learner(self) -> bool:
        """The next action is the learner's (a card to play or a declaration offered)."""
        return self.game.to_act == LEARNER

    @property
    def finished(self) -> bool:
        """The current hand is over."""
        return self.game.finished

    def thinking_seat(self) -> int | None:
        """The computer seat whose action comes next, if any."""
        if self.waiting_for_learner:
            return None
        return self.game.to_act

    @property
    def log(self) -> list[Announcement]:
        """The hand's log: the engine's history as the learner may see it."""
        return [Announcement(entry, self.players, self._reason(entry))
                for entry in self.game.history
                if entry.kind != "pass" and entry.seen_by(LEARNER)]

    def _reason(self, entry: HistoryEntry) -> Reason | None:
        """The coach's reason for a computer seat's card. Cards played in this session
        keep the reason their computer gave (with its evaluation); cards replayed from a
        saved table get theirs from the position alone, once."""
        if entry.kind != "play" or entry.seat == LEARNER or entry.card is None:
            return None
        reason = self._reasons.get(entry.event)
        if reason is None or reason.card != entry.card:
            before = self.game.replayed(entry.event - 1)
            before.close_moment()  # the draws of two players happen before the lead
            view = before.view(entry.seat)
            basis: Basis = "forced" if len(view.legal) <= 1 else "rules"
            reason = reason_for(view, Decision(entry.card, basis))
            edge = self._edges.get(entry.event)
            if edge is not None and reason.kind != "forced":
                reason = replace(reason, edge=edge)
            self._reasons[entry.event] = reason
        return reason

    def _settle(self) -> None:
        """Close a moment in which the engine asks nobody any more (in two players the
        draws happen then: the history tells the learner the card drawn)."""
        game = self.game
        if not game.finished and game.moment is not None and game.declarer is None:
            game.close_moment()

    def _play(self, seat: int, card: Card, analysis: PlayAnalysis) -> None:
        self.game.play(card, referee=card not in analysis.legal)  # passes all still asked
        self._settle()

    def _declare(self, seat: int, action: Action) -> bool:
        try:
            apply_action(self.game, seat, action)
        except TuteError:
            return False
        return True

    @property
    def held_up(self) -> bool:
        """A computer would lead the next trick, but the finished one is still shown
        (:attr:`trick_held`): a ``hold`` step waits for :meth:`collect`."""
        return self.trick_held and self.game.declarer is None and not self.waiting_for_learner

    def step(self, *, hold: bool = False) -> bool:
        """Carry out the next computer action that shows on the table.

        A computer's declarations in a moment count as one step, a card as another.
        Returns False when the learner must act or the hand is over, and with ``hold``
        also while a finished trick waits to be collected (:attr:`held_up`).
        """
        game = self.game
        while not game.finished and not self.waiting_for_learner:
            if hold and self.held_up:
                return False
            seat = game.declarer
            if seat is not None:
                made = self._computer_declares(seat)
                self._settle()
                if made:
                    return True
                continue
            mover = game.to_move
            assert mover is not None
            self._computer_play(mover)
            return True
        return False

    def run(self, limit: int = 1000, *, hold: bool = False) -> int:
        """Advance the computers until the learner must act or the hand ends (with
        ``hold``, or a finished trick waits to be collected); steps taken."""
        steps = 0
        while steps < limit and self.step(hold=hold):
            steps += 1
        return steps

    def _computer_declares(self, seat: int) -> bool:
        """The computer at ``seat``, asked by the engine, declares what it chooses (asked
        again after a swap, which can complete a pair) and then passes; True when it
        declared anything."""
        game = self.game
        made = False
        for _ in range(4):
            if game.finished or game.declarer != seat:
                return made
            view = game.view(seat)
            actions = self.computers[seat].declarations(view, self._rng("declare", seat))
            done = [self._declare(seat, action) for action in actions]
            made = made or any(done)
            if not any(done):
                break
        if not game.finished and game.declarer == seat:
            game.pass_turn(seat)
        return made

    def _computer_play(self, seat: int) -> None:
        game = self.game
        analysis = game.analyse(seat)
        rng = self._rng("play", seat)
        card: Card | None = None
        if self.config.referee and self.config.computer_renuncio > 0:
            illegal = [c for c in analysis.hand if c not in analysis.legal]
            if illegal and rng.random() < self.config.computer_renuncio:
                card = rng.choice(illegal)
        decision: Decision | None = None
        view = game.view(seat)
        if card is None:
            decision = self.computers[seat].decide(view, rng)
            card = decision.card
        self._play(seat, card, analysis)
        if decision is not None:
            reason = reason_for(view, decision)
            self._reasons[len(game.events)] = reason
            if reason.edge is not None:
                self._edges[len(game.events)] = reason.edge

    # ----------------------------------------------------------------- learner
    def learner_hand(self) -> list[Card]:
        """The learner's cards as they should be shown now.

        In two players, while the learner may still declare, the hand is the one before
        the draw; otherwise it includes the card drawn after the last trick.
        """
        game = self.game
        if game.moment is not None:
            return game.hand(LEARNER)
        return list(game.analyse(LEARNER).hand) if not game.finished else game.hand(LEARNER)

    def learner_analysis(self) -> PlayAnalysis | None:
        """The obligation and legal cards for the learner, when it is the learner's card."""
        game = self.game
        if game.finished or game.to_move != LEARNER:
            return None
        return game.analyse(LEARNER)

    def legal_cards(self) -> list[Card]:
        """The learner's legal cards right now (empty when it is not the learner's card)."""
        analysis = self.learner_analysis()
        return list(analysis.legal) if analysis is not None else []

    def offers(self, *, check_turn: bool = True) -> Offers:
        """Cantes, tute and swap the learner may declare at this moment."""
        game = self.game
        if game.finished or game.moment is None:
            return Offers()
        if check_turn and game.declarer != LEARNER:
            return Offers()
        swap = game.swap_card(LEARNER) if game.can_swap(LEARNER) else None
        return Offers(tuple(game.declarable_cantes(LEARNER)), game.can_tute(LEARNER), swap,
                      game.face_up if swap is not None else None)

    def _remember(self) -> None:
        self._undo.append(_Snapshot(len(self.game.events)))

    def click(self, card: Card, lang: str = "es") -> ClickResult:
        """The learner clicks ``card``: play it when allowed, else say why (nothing played).

        In referee mode an illegal card is played and flagged as a renuncio.
        """
        game = self.game
        if game.finished:
            return ClickResult(False, t("practice.refuse.hand_over", lang))
        if game.to_move != LEARNER or game.to_act != LEARNER:
            return ClickResult(False, t("practice.refuse.not_your_turn", lang))
        analysis = game.analyse(LEARNER)
        if card not in analysis.hand:
            return ClickResult(False, t("practice.refuse.not_in_hand", lang,
                                        card=card_name(card, lang)))
        legal = card in analysis.legal
        if not legal and not self.config.referee:
            return ClickResult(False, explain_refusal(analysis, card, lang))
        self.collect()  # playing on lets the finished trick go
        self._remember()
        if game.declarer == LEARNER:  # leading passes the learner's own declarations
            game.pass_turn(LEARNER)
        self._play(LEARNER, card, analysis)
        if not legal:
            return ClickResult(True, renuncio_text(LEARNER, analysis, card, lang), renuncio=True)
        return ClickResult(True)

    def pass_moment(self) -> bool:
        """The learner declares nothing (more) after this trick (a pass, for the engine)."""
        if self.game.declarer != LEARNER:
            return False
        self._remember()
        self.game.pass_turn(LEARNER)
        self._settle()
        return True

    def _learner_declares(self, action: Action) -> bool:
        if not self.offers():
            return False
        self._remember()
        if not self._declare(LEARNER, action):
            self._undo.pop()
            return False
        self._settle()
        return True

    def sing(self, suit: int) -> bool:
        """The learner sings the rey and caballo of ``suit`` (only when offered)."""
        if suit not in self.offers().cantes:
            return False
        return self._learner_declares(CanteAction(suit))

    def declare_tute(self) -> bool:
        """The learner declares a tute (only when offered): the hand ends."""
        if not self.offers().tute:
            return False
        return self._learner_declares(TuteAction())

    def swap(self) -> bool:
        """The learner swaps the 7 (or the 2) of trumps for the face-up card, when offered."""
        if self.offers().swap is None:
            return False
        return self._learner_declares(SwapAction())

    @property
    def can_undo(self) -> bool:
        """There is a decision of the learner's to go back to."""
        return bool(self._undo)

    def undo(self) -> bool:
        """Go back to the learner's previous decision (the computers' answers go too)."""
        if not self._undo:
            return False
        snapshot = self._undo.pop()
        self.game.undo_to(snapshot.events)
        self._reasons = {at: r for at, r in self._reasons.items() if at <= snapshot.events}
        self._edges = {at: e for at, e in self._edges.items() if at <= snapshot.events}
        self._settle()
        self.collected = len(self.game.tricks)  # back at the learner's decision
        return True

    # ----------------------------------------------------------------- saving
    def to_state(self) -> dict[str, Any]:
        """The whole table as plain JSON data: the set-up, every action of every hand of
        the match so far (passes included), and where the learner stands (undo points,
        tricks let go). :meth:`from_state` rebuilds the same table from it."""
        config = self.config
        return {
            "format": STATE_FORMAT,
            "config": {
                "ruleset": config.rules.ruleset, "overrides": config.rules.overrides_dict(),
                "seed": config.seed, "levels": list(config.levels),
                "referee": config.referee, "computer_renuncio": config.computer_renuncio,
                "think_seconds": config.think_seconds, "ladder": config.ladder,
            },
            "past_hands": [_events_json(outcome.record) for outcome in self.match.hands],
            "events": [event.to_json() for event in self.game.events],
            "undo": [[s.events] for s in self._undo],
            "collected": self.collected,
            "recorded": self.hand_recorded,
            "edges": [[at, *edge.to_json()] for at, edge in sorted(self._edges.items())],
        }

    @classmethod
    def from_state(cls, data: object) -> Table:
        """The table :meth:`to_state` saved; a :class:`TableStateError` naming what is
        wrong when the data is not such a state (never a half-built table)."""
        if not isinstance(data, Mapping) or data.get("format") != STATE_FORMAT:
            raise TableStateError(f"not a saved practice table (format {STATE_FORMAT})")
        try:
            raw = data["config"]
            config = TableConfig(
                find_rules(str(raw["ruleset"]), dict(raw["overrides"])), seed=int(raw["seed"]),
                levels=tuple(int(level) for level in raw["levels"]),
                referee=bool(raw["referee"]),
                computer_renuncio=float(raw["computer_renuncio"]),
                think_seconds=None if raw.get("think_seconds") is None
                else float(raw["think_seconds"]),
                ladder=bool(raw.get("ladder", False)))
            table = cls(config)
            for events in data["past_hands"]:
                table._replay(events)
                if not table.next_hand():
                    raise TableStateError("a finished hand of the saved match is not over")
            table._replay(data["events"])
            table._settle()
            # an older state also kept the turns still to be asked and the log's length:
            # the engine knows both
            table._undo = [_Snapshot(int(point[0])) for point in data["undo"]]
            if any(s.events > len(table.game.events) for s in table._undo):
                raise TableStateError("the saved undo points lie beyond the hand")
            table.collected = min(int(data["collected"]), len(table.game.tricks))
            table.hand_recorded = bool(data["recorded"])
            table._edges = _edges_from(data.get("edges", []), len(table.game.events))
        except TableStateError:
            raise
        except (KeyError, TypeError, ValueError, TuteError) as error:
            raise TableStateError(f"the saved practice table cannot be restored: "
                                  f"{error}") from None
        return table

    def _replay(self, events: object) -> None:
        """Play saved actions again through the table (the log is rebuilt as it was told)."""
        if not isinstance(events, list):
            raise TableStateError("the saved actions must be a list")
        game = self.game
        for index, event in enumerate(events):
            if not isinstance(event, Mapping) or game.finished:
                raise TableStateError(f"saved action {index} does not fit the hand")
            if "play" in event:
                seat = game.to_move
                assert seat is not None
                analysis = game.analyse(seat)
                card = Card.parse(str(event["play"]))
                if card not in analysis.hand:
                    raise TableStateError(f"saved action {index}: {card} is not in the "
                                          f"hand of seat {seat}")
                self._play(seat, card, analysis)
                continue
            seat = int(event["seat"])
            if event.get("pass") is True:
                if not game.can_pass(seat):
                    raise TableStateError(f"saved action {index}: seat {seat} is not asked "
                                          f"to declare there")
                game.pass_turn(seat)
                self._settle()
                continue
            action: Action
            if "cante" in event:
                action = CanteAction(suit_from_letter(str(event["cante"])))
            elif "tute" in event:
                action = TuteAction()
            elif event.get("swap") is True:
                action = SwapAction()
            else:
                raise TableStateError(f"saved action {index} is not a play or a declaration")
            if not 0 <= seat < self.players or not self._declare(seat, action):
                raise TableStateError(f"saved action {index} is not allowed there")

    # ----------------------------------------------------------------- hint
    def hint(self, advisor: Advisor | None = None) -> Hint | None:
        """Level 4's advice for the learner (None off turn): the card it would play and
        the expected points of every legal card."""
        game = self.game
        if game.finished or game.to_move != LEARNER or game.declarer is not None:
            return None
        if advisor is None:
            advisor = ExpertPlayer()
        view = game.view(LEARNER)
        decision = advisor.decide(view, self._rng("hint", LEARNER))
        values = dict(decision.values) or {card: 0.0 for card in view.legal}
        chosen = decision.card
        others = sorted((card for card in values if card != chosen),
                        key=lambda card: (-values[card], card.sort_key()))
        ratings = tuple((card, float(values[card])) for card in (chosen, *others))
        reason, points = hint_reason(view, chosen)
        worlds = decision.worlds or 1
        wins = (decision.wins[0] / worlds, decision.wins[1] / worlds)
        return Hint(ratings, reason, points, decision.why, wins)

    # ----------------------------------------------------------------- reading
    def status(self) -> TableStatus:
        """The public table: turn, trick, who is winning, trump, stock, points, scores."""
        game = self.game
        winning = game.winning_seat
        partner = self.rules.partner_of(LEARNER)
        tricks_won = [0] * self.players
        for trick in game.tricks:
            tricks_won[trick.winner] += 1
        points = game.result().totals if game.finished else game.points_so_far()
        return TableStatus(
            hand_number=self.hand_number, dealer=game.dealer, to_move=game.to_move,
            trump=game.trump, trump_card=shown_trump_card(game), face_up=game.face_up,
            stock_left=game.stock_left, trick=tuple(game.trick_cards),
            trick_seats=tuple(game.trick_seats()), winning_seat=winning,
            winning_is_partner=winning is not None and winning == partner,
            winning_is_learner=winning == LEARNER, points=tuple(points),
            hand_sizes=tuple(len(game.hand(s)) for s in range(self.players)),
            tricks_won=tuple(tricks_won), match_scores=self.match_scores(),
            finished=game.finished)

    def result(self) -> HandResult | None:
        """The score of the current hand once it is over."""
        return self.game.result() if self.game.finished else None

    def learner_won(self) -> bool:
        """The finished hand went to the learner's side."""
        result = self.result()
        return result is not None and result.winner == self.rules.team_of(LEARNER)

    def record(self) -> dict[str, Any]:
        """The ``tute-hand/1`` record of the current hand (to download or store)."""
        return self.game.to_record()

    def log_texts(self, lang: str = "es") -> list[str]:
        """Every announcement of the hand, worded in ``lang``."""
        return [a.text(lang) for a in self.log]


def _edges_from(data: object, events: int) -> dict[int, Edge]:
    """The saved edges of the computers' rated cards (:meth:`Table.to_state`), checked."""
    if not isinstance(data, list):
        raise TableStateError("the saved reasons must be a list")
    edges: dict[int, Edge] = {}
    for item in data:
        if not isinstance(item, list) or len(item) not in (5, 8):
            raise TableStateError("a saved reason is not [event, margin, card, basis, worlds]"
                                  " or that followed by [why, wins, runner-up's wins]")
        at, *rest = item
        edge = Edge.from_json(rest)
        if not (isinstance(at, int) and 0 < at <= events) or edge is None:
            raise TableStateError(f"a saved reason does not fit the hand: {item!r:.80}")
        edges[at] = edge
    return edges


def _trump_card(game: Game) -> Card:
    from tute_tutor.engine.cards import CARDS

    return CARDS[game.trump_card]


def shown_trump_card(game: Game) -> Card:
    """The card that shows the trump suit now: the turned card, or in two players the
    seven (or two) that was swapped for it and now lies face up in its place."""
    if game.swaps:
        return game.swaps[-1].given
    return _trump_card(game)


HINT_REASONS: Final = ("only", "wins_last", "wins", "feeds", "partner", "cheap", "trumps",
                       "cash", "low_lead", "value")
"""The codes :func:`hint_reason` gives (``practice.hint.why.CODE`` words each)."""


def hint_reason(view: SeatView, card: Card) -> tuple[str, int]:
    """What playing ``card`` does at the table now, as a code and a number of points.

    Read off the public table and the seat's own cards only (the hint must not tell
    what the learner cannot see): whether it takes the trick, feeds a partner who is
    winning it, throws the cheapest card on a lost trick, or what kind of lead it is.
    """
    from tute_tutor.engine.tricks import play_into_trick

    legal = view.legal
    if len(legal) <= 1:
        return ("only", 0)
    trump = view.trump
    if not view.trick:
        if card.suit == trump:
            return ("trumps", 0)
        if card.points >= 10:
            return ("cash", card.points)
        if card.points == 0:
            return ("low_lead", 0)
        return ("value", 0)
    lead = high = best = -1
    winner = view.trick_seats[0]
    for seat, played in zip(view.trick_seats, view.trick, strict=True):
        lead, high, best, wins = play_into_trick(played.index, lead, high, best, trump)
        if wins:
            winner = seat
    on_table = sum(c.points for c in view.trick) + card.points
    if play_into_trick(card.index, lead, high, best, trump)[3]:
        last = len(view.trick) == view.players - 1
        return ("wins_last" if last else "wins", on_table)
    partner = view.rules.partner_of(view.seat)
    if partner is not None and winner == partner:
        return ("feeds", card.points) if card.points else ("partner", 0)
    if card.points == min(c.points for c in legal):
        return ("cheap", card.points)
    return ("value", 0)

