"""The Watch page's sentences: each step of a watched hand with its reason.

A step is worded as the practice table words a computer's card (:mod:`tute_tutor.words.log`
and :func:`tute_tutor.words.coach.reason_text`): a forced card with the engine's
explanation of the obligation behind it, a free card with that and the coach's reason,
a declaration with the coach's reason for it. The seats have names of their own
(``watch.seat.*``): nobody at this table is "you".

>>> from tute_tutor.coach.watch import play_watched
>>> from tute_tutor.engine.variants import find_rules
>>> hand = play_watched(find_rules("clasico"), seed=5, levels=(2,))
>>> step_text(hand.steps[0], 4, "en")
... # doctest: +NORMALIZE_WHITESPACE
'Ana leads the two of coins. Ana leads a low card, the two of coins: the ace of coins has
not been played yet. The king and the knight of clubs stay together: they may still be sung.'
"""

from __future__ import annotations

from tute_tutor.coach.watch import Step
from tute_tutor.engine.game import HandResult
from tute_tutor.engine.variants import Rules
from tute_tutor.words.catalog import t
from tute_tutor.words.coach import reason_text
from tute_tutor.words.explain import describe_play
from tute_tutor.words.log import line_text


def seat_name(seat: int, lang: str = "es") -> str:
    """The name of a seat at the watched table (seat 0 is Ana, then Bruno, Carmen, Diego)."""
    return t(f"watch.seat.name{seat}", lang)


def side_name(side: int, rules: Rules, lang: str = "es") -> str:
    """A scoring side: the two partners' names in pairs, the seat's name otherwise."""
    if rules.has_teams:
        return t("watch.side.pair", lang, a=seat_name(side, lang), b=seat_name(side + 2, lang))
    return seat_name(side, lang)


def step_text(step: Step, players: int, lang: str = "es") -> str:
    """The step in words: what the seat did and why."""
    name = seat_name(step.seat, lang)
    entry = step.entry
    reason = step.reason
    if step.card is None:
        if reason is not None:
            return reason_text(reason, name, lang)
        return line_text(entry, name, you=False, players=players, lang=lang) or ""
    if step.kind == "renuncio" and entry.analysis is not None:
        return describe_play(name, entry.analysis, step.card, lang)
    text = line_text(entry, name, you=False, players=players, lang=lang) or ""
    if reason is not None and reason.kind != "forced":
        text = f"{text} {reason_text(reason, name, lang)}"
    return text


def trick_text(step: Step, players: int, lang: str = "es") -> str:
    """Who took the trick this card completed, with its points ("" for any other card)."""
    if step.won is None:
        return ""
    return line_text(step.won, seat_name(step.won.seat, lang), you=False, players=players,
                     lang=lang) or ""


def outcome_text(result: HandResult, rules: Rules, lang: str = "es") -> str:
    """The end of the hand: who won, how, and every side's points."""
    totals = ", ".join(f"{side_name(side, rules, lang)} {total}"
                       for side, total in enumerate(result.totals))
    winner = side_name(result.winner, rules, lang)
    how = result.reason if result.reason in ("tute", "renuncio") else "points"
    return t(f"watch.end.{how}", lang, winner=winner, totals=totals)


__all__ = ["outcome_text", "seat_name", "side_name", "step_text", "trick_text"]
