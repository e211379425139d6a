"""A room's log and refusals in words, for one seat, with the practice table's sentences.

The sentences are the practice table's (:func:`tute_tutor.words.log.line_text`, catalogue
``practice.log.*``, and :func:`~tute_tutor.words.explain.explain`, :func:`describe_play` and
:func:`explain_refusal` for the obligation behind every card); only the names differ:
each seat is its nickname, the reader is "you".
"""

from __future__ import annotations

from collections.abc import Sequence

from tute_tutor.coach.watch import watch_game
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.live.room import LogEntry, PublicSeat, RoomError
from tute_tutor.words.catalog import t
from tute_tutor.words.coach import reason_text
from tute_tutor.words.explain import explain_refusal
from tute_tutor.words.log import line_text


def seat_name(seat: PublicSeat, lang: str) -> str:
    """A seat's nickname, or "Ordenador 2" for a computer seat."""
    if seat.kind == "human" and seat.nickname:
        return seat.nickname
    return t("rooms.seat.computer", lang, number=seat.index + 1)


def side_name(side: int, seats: Sequence[PublicSeat], lang: str) -> str:
    """A scoring side: the two partners' names in pairs, a seat's name otherwise."""
    if len(seats) == 4:
        a, b = seats[side], seats[side + 2]
        return t("rooms.side.pair", lang, a=seat_name(a, lang), b=seat_name(b, lang))
    return seat_name(seats[side], lang)


def outcome_text(result: HandResult, seats: Sequence[PublicSeat], lang: str) -> str:
    """Who won the hand and why, with the totals of every side."""
    sides = len(result.totals)
    totals = ", ".join(f"{side_name(s, seats, lang)} {result.totals[s]}" for s in range(sides))
    winner = side_name(result.winner, seats, lang)
    one = "" if len(seats) == 4 else "_seat"  # one player, not a pair: the verb agrees
    if result.reason == "tute" and result.tute is not None:
        return t("rooms.outcome.tute" + one, lang, winner=winner,
                 name=seat_name(seats[result.tute.seat], lang))
    if result.reason == "tie_last_trick" and result.tie_looked_back:
        assert result.last_trick is not None
        other = next(s for s in range(sides) if s != result.winner
                     and result.totals[s] == result.totals[result.winner])
        return t("rooms.outcome.tie_back_seat", lang, winner=winner, totals=totals,
                 last=side_name(result.last_trick, seats, lang),
                 other=side_name(other, seats, lang))
    if result.reason == "tie_last_trick":
        return t("rooms.outcome.tie" + one, lang, winner=winner, totals=totals)
    return t("rooms.outcome.points" + one, lang, winner=winner, totals=totals)


def entry_text(entry: LogEntry, seats: Sequence[PublicSeat], viewer: int | None,
               lang: str) -> str:
    """One log line for the player at ``viewer`` (second person for their own actions)."""
    text = line_text(entry.entry, seat_name(seats[entry.seat], lang),
                     you=entry.seat == viewer, players=len(seats), lang=lang)
    if text is not None:
        return text
    result = entry.entry.result
    if entry.kind == "end" and result is not None:
        return t("practice.log.end", lang) + " " + outcome_text(result, seats, lang)
    return ""


def computer_reasons(game: Game, seats: Sequence[PublicSeat], lang: str) -> list[str]:
    """Why each computer seat played each of its cards and made each declaration, in
    order, for the hand's end review: empty while the hand goes on (a reason tells what a
    seat holds, which the humans at the table must not learn before the end). Seats a
    computer took over from an idle human are left out: their cards are the human's too.
    """
    if not game.finished:
        return []
    lines = []
    for step in watch_game(game).steps:
        seat = seats[step.seat]
        if seat.kind != "computer" or step.reason is None:
            continue
        lines.append(t("rooms.play.reason_line", lang, trick=step.trick,
                       reason=reason_text(step.reason, seat_name(seat, lang), lang)))
    return lines


def error_text(err: RoomError, lang: str) -> str:
    """A refused action in one line; an illegal card with the practice table's reason."""
    analysis = err.data.get("analysis")
    card = err.data.get("card")
    if err.code == "illegal_card" and analysis is not None and card is not None:
        from tute_tutor.engine.cards import Card

        return explain_refusal(analysis, Card.parse(card), lang)
    if err.code in ("bad_settings", "bad_nickname", "bad_room"):
        return t(f"rooms.error.{err.code}", lang, detail=err.message)
    key = f"rooms.error.{err.code}"
    text = t(key, lang, card=card or "", nickname=err.data.get("nickname", ""))
    return text if text != key else t("rooms.error.other", lang, detail=err.message)


__all__ = ["computer_reasons", "entry_text", "error_text", "outcome_text", "seat_name", "side_name"]
