"""A tie in three players whose last trick went to the player outside the tie is won by
the tied player who won a trick most recently (docs/RULES.md "Ties"): the quiz, the practice
table and the rooms say so, and never that the last trick decided it."""

from __future__ import annotations

from typing import Any

from tute_tutor.engine.game import HandResult
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.record import replay
from tute_tutor.live.room import PublicSeat
from tute_tutor.live.words import outcome_text as room_outcome
from tute_tutor.quiz.generator import generate_question, generate_quiz, question_seed
from tute_tutor.table.controller import outcome_text
from tute_tutor.words.catalog import t

A_TRES = find_rules("a-tres")


def _look_back(summary: dict[str, Any]) -> tuple[int, int, dict[int, int]] | None:
    """(winner, last trick's seat, latest trick won per tied seat) of a look-back tie,
    counted from the replay alone; None for any other hand."""
    totals = summary["totals"]
    top = max(totals)
    tied = [s for s, points in enumerate(totals) if points == top]
    last = summary["tricks"][-1]["winner"]
    if summary["tute"] is not None or len(tied) < 2 or last in tied:
        return None
    latest = {s: max(n for n, trick in enumerate(summary["tricks"], 1)
                     if trick["winner"] == s) for s in tied}
    return max(tied, key=latest.__getitem__), last, latest


def _question(args: tuple[int, str | None], lang: str) -> Any:
    seed, rule = args
    return generate_question("hand_winner", seed, "a-tres", lang=lang, difficulty=2, rule=rule)


def test_a_look_back_tie_is_explained_by_the_tied_players_latest_tricks() -> None:
    # The repro's questions (seed 0, 100 questions) and 120 more hands decided at the end.
    asked: list[tuple[int, str | None]] = [(question_seed(0, i), None) for i in range(100)]
    asked += [(seed, "hand_ultimas") for seed in range(120)]
    found = []
    for args in asked:
        summary = replay(_question(args, "es").to_json()["record"])
        tie = _look_back(summary)
        if tie is not None:
            found.append((args, max(summary["totals"]), tie))
    assert len(found) >= 2  # question 84 of the repro and at least one more
    for args, total, (winner, last, latest) in found:
        other = next(s for s in latest if s != winner)
        assert latest[winner] > latest[other]
        for lang, label in (("es", "Jugador {}"), ("en", "Player {}")):
            q = _question(args, lang)
            assert list(q.answer) == [str(winner)]
            name = label.format(winner + 1)
            assert t("quiz.why_tie", lang, side=name, total=total) not in q.explanation
            assert q.explanation.endswith(t(
                "quiz.why_tie_back", lang, side=name, total=total,
                other=label.format(other + 1), last=label.format(last + 1),
                trick=latest[winner], other_trick=latest[other]))


def test_question_84_names_player_2_and_the_tricks_that_decided() -> None:
    q = generate_quiz("hand_winner", 0, 100, "a-tres", lang="en", difficulty=2)[84]
    assert q.answer == ("1",)
    assert "Player 3, who is not in the tie" in q.explanation
    assert "the latest trick Player 2 won was trick 12, and Player 1's was trick 11" \
        in q.explanation
    assert "goes to the side that won the last trick" not in q.explanation


LOOK_BACK = HandResult(totals=(48, 48, 34), card_points=(48, 48, 24), cante_points=(0, 0, 0),
                       last_trick=2, winner=1, reason="tie_last_trick")
"""Question 84's hand: players 1 and 2 tie at 48, player 3 takes the last trick."""


def test_the_look_back_is_known_from_the_result() -> None:
    assert LOOK_BACK.tie_looked_back
    plain = HandResult(totals=(48, 48, 24), card_points=(48, 38, 24), cante_points=(0, 0, 0),
                       last_trick=1, winner=1, reason="tie_last_trick")
    assert not plain.tie_looked_back


def test_the_practice_table_does_not_credit_the_last_trick_in_a_look_back_tie() -> None:
    assert outcome_text(LOOK_BACK, 3, "en") == (
        "A tie at 48: the last trick went to the player outside the tie, so Bruno wins, "
        "being the one of the two tied players who won a trick more recently.")
    assert "última baza se la llevó quien no está en el empate" in outcome_text(LOOK_BACK, 3)
    mine = HandResult(totals=(48, 48, 34), card_points=(48, 48, 24), cante_points=(0, 0, 0),
                      last_trick=2, winner=0, reason="tie_last_trick")
    assert outcome_text(mine, 3, "es").startswith(
        "Empate a 48: la última baza se la llevó quien no está en el empate, así que ganas tú")


def test_a_room_names_the_last_tricks_taker_outside_the_tie() -> None:
    seats = [PublicSeat(i, "human", name, away=False, host=i == 0, team=i)
             for i, name in enumerate(["Ana", "Luis", "Eva"])]
    assert room_outcome(LOOK_BACK, seats, "en") == (
        "A tie (Ana 48, Luis 48, Eva 34): the last trick went to Eva, who is not in the tie, "
        "so Luis takes the hand, having won a trick more recently than Ana.")
    assert room_outcome(LOOK_BACK, seats, "es") == (
        "Empate (Ana 48, Luis 48, Eva 34): la última baza fue de Eva, que no está en el "
        "empate, así que se lleva la mano Luis, que ganó una baza más tarde que Ana.")
