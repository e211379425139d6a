"""A match: hands of Tute one after another until the match mode of the rules is won.

Match modes (flag ``match``, docs/RULES.md, "The match"):

- ``hands:N``: a hand won is 1 point (a tute is worth ``tute_award`` points when that
  flag is a number, else one hand); first side to N.
- ``points:N``: a hand won is 1 point, a tute ``tute_award`` points; first to N.
- ``ludoteka:N``: the winning side gets 2 points when its total exceeds 100, else 1
  (a tute ``tute_award``); first to N. Its first hand has the trump of
  ``first_hand_trump`` (oros).
- ``streak`` (two players): one player (seat 0 unless told) plays hands until they
  lose one; a tied hand ends the streak too, whoever took the last trick (the source
  game's rule: only a hand won outright adds to the streak). Score = streak x 10,000 +
  the sum of winning margins (a tute counts 130), that sum capped at 9,999.

The next dealer follows the flag ``next_dealer``: ``next`` passes the deal to the
next seat, ``last_trick_winner`` gives it to whoever won the last trick.

>>> m = Match.new(find_rules("clasico"), seed=5)
>>> game = m.current
>>> while not game.finished:
...     _ = game.play(game.legal_plays()[0])
>>> outcome = m.finish_hand()
>>> sum(m.scores), m.finished
(1, False)
>>> m.next_hand().dealer
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.engine.variants import Rules, find_rules, match_target

STREAK_UNIT = 10_000
"""A streak of one hand is worth this many points in the two-player score."""
MARGIN_CAP = 9_999
"""The sum of winning margins never goes above this in the two-player score."""
LUDOTEKA_BIG_WIN = 100
"""A ludoteka side whose total exceeds this gets 2 points instead of 1."""


class MatchError(TuteError):
    """An action the match cannot take now (next hand before the last one ended, ...)."""

    code = "bad_match"


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One finished hand of a match: its result, the match points it gave, its record."""

    number: int
    dealer: int
    result: HandResult
    points: tuple[int, ...]
    """Match points this hand gave each side (the two-player streak: 1 to the winner)."""
    record: dict[str, Any]

    @property
    def winner(self) -> int:
        """Side that won the hand."""
        return self.result.winner


def hand_points(rules: Rules, result: HandResult) -> tuple[int, ...]:
    """Match points a finished hand gives each side under ``rules.match``.

    >>> from tute_tutor.engine.game import HandResult
    >>> r = HandResult((98, 72), (58, 62), (40, 0), 1, 0, "points")
    >>> hand_points(find_rules("ludoteka"), r), hand_points(find_rules("clasico"), r)
    ((1, 0), (1, 0))
    >>> big = HandResult((129, 61), (79, 41), (40, 20), 0, 0, "points")
    >>> hand_points(find_rules("ludoteka"), big)
    (2, 0)
    """
    kind, _target = match_target(rules)
    award = 1
    if result.reason == "tute":
        award = rules.tute_award if isinstance(rules.tute_award, int) else 1
    elif kind == "ludoteka":
        award = 2 if result.totals[result.winner] > LUDOTEKA_BIG_WIN else 1
    points = [0] * rules.sides
    points[result.winner] = award
    return tuple(points)


def next_dealer(rules: Rules, game: Game) -> int:
    """The dealer of the hand after ``game`` (flag ``next_dealer``).

    With ``last_trick_winner`` the deal goes to the seat that won the latest trick
    (the last one, or the latest before a tute ended the hand); with no trick at all
    it passes to the next seat.
    """
    if rules.next_dealer == "last_trick_winner" and game.tricks:
        return game.tricks[-1].winner
    return (game.dealer + 1) % rules.players


class Match:
    """Hands of one rule set until a side wins the match. Seeded and reproducible."""

    def __init__(self, rules: Rules, *, seed: int | None = None,
                 rng: random.Random | None = None, dealer: int = 0, player: int = 0) -> None:
        self.rules = rules
        self.rng = rng or random.Random(seed)
        self.kind, self.target = match_target(rules)
        if not 0 <= player < rules.sides:
            raise MatchError(reason="no_side", side=player)
        self.player = player
        """The side whose streak is counted in ``streak`` mode."""
        self.hands: list[HandOutcome] = []
        self.scores: tuple[int, ...] = (0,) * rules.sides
        self.streak = 0
        self.margin_sum = 0
        self.finished = False
        self.winner: int | None = None
        self._dealt = 1
        self.current = self._deal(dealer % rules.players, first=True)

    @classmethod
    def new(cls, rules: Rules | str = "clasico", *, seed: int | None = None,
            rng: random.Random | None = None, dealer: int = 0, player: int = 0) -> Match:
        """A new match under ``rules`` (or a preset id); the first hand is dealt."""
        if isinstance(rules, str):
            rules = find_rules(rules)
        return cls(rules, seed=seed, rng=rng, dealer=dealer, player=player)

    @property
    def ruleset(self) -> str:
        """The preset id of the rules (``rules.ruleset``)."""
        return self.rules.ruleset

    def _deal(self, dealer: int, *, first: bool) -> Game:
        return Game.deal(self.rules, rng=self.rng, dealer=dealer, first_hand=first)

    @property
    def streak_score(self) -> int:
        """Two-player score: streak x 10,000 + winning margins (sum capped at 9,999)."""
        return self.streak * STREAK_UNIT + min(self.margin_sum, MARGIN_CAP)

    @property
    def hand_over(self) -> bool:
        """The current hand is finished and scored (call :meth:`next_hand`)."""
        return len(self.hands) == self._dealt

    def _pending_points(self) -> tuple[int, ...] | None:
        """Points of the current hand when it is finished but not scored yet."""
        if self.hand_over or not self.current.finished:
            return None
        return hand_points(self.rules, self.current.result())

    def scores_with_current(self) -> tuple[int, ...]:
        """Match scores counting the current hand once it is finished (scored or not)."""
        pending = self._pending_points()
        if pending is None:
            return self.scores
        return tuple(s + p for s, p in zip(self.scores, pending, strict=True))

    def would_finish(self) -> bool:
        """Whether scoring the finished current hand ends the match (nothing changes)."""
        if self.finished:
            return True
        if self._pending_points() is None:
            return False
        if self.kind == "streak":
            return not self.keeps_streak(self.current.result())
        return any(s >= self.target for s in self.scores_with_current())

    def finish_hand(self) -> HandOutcome:
        """Score the finished current hand into the match and return its outcome."""
        game = self.current
        if not game.finished:
            raise MatchError(reason="hand_not_over")
        if len(self.hands) == self._dealt:
            raise MatchError(reason="already_scored")
        result = game.result()
        points = hand_points(self.rules, result)
        outcome = HandOutcome(len(self.hands) + 1, game.dealer, result, points,
                              game.to_record())
        self.hands.append(outcome)
        self.scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        if self.kind == "streak":
            if self.keeps_streak(result):
                self.streak += 1
                self.margin_sum += result.margin
            else:
                self.finished = True
                # a tie has no winner of the match: the streak just ends
                self.winner = None if result.reason == "tie_last_trick" else result.winner
        else:
            leaders = [side for side, s in enumerate(self.scores) if s >= self.target]
            if leaders:
                self.finished = True
                self.winner = max(leaders, key=lambda side: self.scores[side])
        return outcome

    def keeps_streak(self, result: HandResult) -> bool:
        """Streak mode: the hand adds to the streak (won outright by the player's side;
        a tie, even one won on the last trick, ends it)."""
        return result.winner == self.player and result.reason != "tie_last_trick"

    def next_hand(self) -> Game:
        """Deal the next hand (the dealer follows ``next_dealer``) and make it current."""
        if self.finished:
            raise MatchError(reason="match_over")
        if len(self.hands) != self._dealt:
            raise MatchError(reason="score_first")
        dealer = next_dealer(self.rules, self.current)
        self._dealt += 1
        self.current = self._deal(dealer, first=False)
        return self.current

    def to_json(self) -> dict[str, Any]:
        """A summary: mode, target, scores, winner and every hand's record."""
        out: dict[str, Any] = {
            "ruleset": self.rules.ruleset, "overrides": self.rules.overrides_dict(),
            "match": self.rules.match, "scores": list(self.scores),
            "finished": self.finished, "winner": self.winner,
            "hands": [{"dealer": h.dealer, "winner": h.winner, "reason": h.result.reason,
                       "totals": list(h.result.totals), "points": list(h.points),
                       "record": h.record} for h in self.hands],
        }
        if self.kind == "streak":
            out["streak"] = self.streak
            out["streak_score"] = self.streak_score
        return out


__all__ = ["HandOutcome", "Match", "MatchError", "hand_points", "next_dealer"]
