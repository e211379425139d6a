"""The match drill's item: a real hand has just ended; how many match points does it give
your side?

The hand is dealt and played to its end by the engine (random legal cards and
declarations, as the quiz plays them), and the answer is the engine's
(:func:`tute_tutor.engine.match.hand_points` under the rules' ``match`` mode). Its rules
(the spaced-repetition keys of the quiz, here only the drill's):

- ``match_small``: your side won the hand on points and it is worth 1 (in the Ludoteka
  scale: a total of 100 or less);
- ``match_big``: your side won with more than 100 points in the Ludoteka scale: 2;
- ``match_tute``: your side sang tute: the flag ``tute_award`` (one hand, or a number);
- ``match_lost``: the other side won the hand: nothing for yours.

>>> from tute_tutor.engine.variants import find_rules
>>> q = match_question(3, find_rules("ludoteka"), "match_big", "en")
>>> q.answer, q.options
(('2',), ('0', '1', '2'))
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from tute_tutor.engine.cards import SUIT_LETTERS, suit_name
from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.engine.match import LUDOTEKA_BIG_WIN, hand_points
from tute_tutor.engine.variants import Rules, match_target
from tute_tutor.quiz.play import MAX_GAMES, deal, deal_with_tute, play_randomly
from tute_tutor.quiz.question import Board, Display, QuizQuestion
from tute_tutor.quiz.wording import player, side_label, tr
from tute_tutor.words.catalog import t, t_count

KIND: Final = "match_points"
"""The item kind "how many match points does this hand give your side?"."""
RULES: Final = ("match_small", "match_big", "match_tute", "match_lost")
OPTIONS: Final = ("0", "1", "2")


class MatchDrillError(TuteError):
    """No hand of the wanted case was found (or the rules have no match points)."""

    code = "bad_drill"


def rules_for(rules: Rules) -> list[str]:
    """The cases ``rules`` can ask: none in the two-player streak; ``match_big`` only in
    the Ludoteka scale; ``match_tute`` only where a tute is worth at most 2 points."""
    kind, _ = match_target(rules)
    if kind == "streak":
        return []
    found = ["match_small", "match_lost"]
    if kind == "ludoteka":
        found.insert(1, "match_big")
    award = rules.tute_award if isinstance(rules.tute_award, int) else 1
    if award <= len(OPTIONS) - 1:
        found.append("match_tute")
    return found


def _case(result: HandResult, side: int, points: int) -> str:
    if result.winner != side:
        return "match_lost"
    if result.reason == "tute":
        return "match_tute"
    return "match_big" if points == 2 else "match_small"


def _hand(rng: random.Random, rules: Rules, rule: str) -> tuple[Game, HandResult, int]:
    """A finished hand and a seat whose side's case is ``rule``."""
    for _ in range(MAX_GAMES):
        protect = None
        if rule == "match_tute":
            game, protect = deal_with_tute(rng, rules)
        else:
            game = deal(rng, rules)
        play_randomly(game, rng, chance=1.0 if protect is not None else 0.85,
                      protect=protect)
        result = game.result()
        if result.reason == "renuncio":
            continue
        seats = list(range(rules.players))
        rng.shuffle(seats)
        for seat in seats:
            side = game.side_of(seat)
            if _case(result, side, hand_points(rules, result)[side]) == rule:
                return game, result, seat
    raise MatchDrillError(f"no hand for {shown(rule)} found under {rules.ruleset}")


def _tr(key: str, lang: str, **values: object) -> str:
    return t(f"drills.match_points.{key}", lang, **values)


def _mode(rules: Rules, lang: str) -> str:
    kind, target = match_target(rules)
    return t_count(f"drills.match_points.mode_{kind}", target, lang, n=target)


def match_question(seed: int, rules: Rules, rule: str, lang: str = "es") -> QuizQuestion:
    """The item of ``rule`` drawn from ``seed`` under ``rules`` (the same for the same
    arguments); a one-line :class:`MatchDrillError` when the rules cannot ask it."""
    if rule not in rules_for(rules):
        raise MatchDrillError(f"the match rules {rules.match} cannot ask {shown(rule)} "
                              f"(they ask: {', '.join(rules_for(rules)) or 'nothing'})")
    rng = random.Random(f"match/{seed}")
    game, result, seat = _hand(rng, rules, rule)
    side = game.side_of(seat)
    points = hand_points(rules, result)[side]
    you = (_tr("you_are", lang, player=player(seat, lang), side=side_label(side, rules, lang))
           if rules.has_teams else tr("fact_you_are", lang, player=player(seat, lang)))
    facts = [_mode(rules, lang), tr("fact_trump", lang, suit=suit_name(game.trump, lang)),
             you]
    facts += [_tr("side_total", lang, side=side_label(s, rules, lang), total=total)
              for s, total in enumerate(result.totals)]
    if result.tute is not None:
        facts.append(_tr("tute", lang, player=player(result.tute.seat, lang)))
    winner = side_label(result.winner, rules, lang)
    ours = result.totals[side]
    if rule == "match_lost":
        why = _tr("why_lost", lang, side=winner)
    elif rule == "match_tute":
        why = t_count("drills.match_points.why_tute", points, lang, n=points)
    elif rule == "match_big":
        why = _tr("why_big", lang, total=ours, limit=LUDOTEKA_BIG_WIN)
    elif match_target(rules)[0] == "ludoteka":
        why = _tr("why_small_ludoteka", lang, total=ours, limit=LUDOTEKA_BIG_WIN)
    else:
        why = _tr("why_small", lang, total=ours)
    return QuizQuestion(
        kind=KIND, ruleset=rules.ruleset, overrides=rules.overrides_dict(), rule=rule,
        difficulty=1, lang=lang, facts=tuple(facts), ask=_tr("ask", lang),
        options=OPTIONS, option_labels=tuple(t_count("drills.match_points.points", int(o), lang,
                                                     n=int(o)) for o in OPTIONS),
        answer=(str(points),), explanation=why, multi=False,
        board=Board(trump=SUIT_LETTERS[game.trump]), display=Display(),
        record=game.to_record(), seat=seat, seed=seed)


def check(question: QuizQuestion, chosen: Iterable[str]) -> bool:
    """Exactly the engine's number of match points."""
    return list(chosen) == list(question.answer)


__all__ = ["KIND", "OPTIONS", "RULES", "MatchDrillError", "check", "match_question",
           "rules_for"]
