"""The statements the lessons audit of 1 December 2026 found false (FS2-FS7), pinned in
their true form, in both languages (docs/RULES.md is the reference)."""

from __future__ import annotations

import re

import pytest

from tute_tutor.teach.lessons import LESSONS_DIR, Lesson, load_lessons
from tute_tutor.words.catalog import t

LESSONS = {lesson.id: lesson for lesson in load_lessons(LESSONS_DIR)[0]}


def book(lang: str) -> str:
    return " ".join(t("rules.book", lang).split())


def texts(lesson: Lesson, lang: str) -> list[str]:
    return [" ".join(block.text[lang].split()) for block in lesson.blocks if block.kind == "text"]


@pytest.mark.parametrize(("lang", "false", "true"), [
    ("es", "cualquiera gana la baza", "cualquiera se pone por delante, de momento"),
    ("en", "any trump wins the trick", "any trump takes the lead, for now"),
])
def test_the_rule_book_says_a_trump_on_an_untrumped_trick_only_takes_the_lead(
        lang: str, false: str, true: str) -> None:
    assert false not in book(lang) and true in book(lang)


@pytest.mark.parametrize(("lang", "false", "true"), [
    ("es", "solo gana a otra de su mismo palo",
     "La baza solo la puede ganar una carta del palo que ha salido o un triunfo"),
    ("en", "only beats another card of its own suit",
     "Only a card of the suit led or a trump can win the trick"),
])
def test_the_rule_book_says_a_card_of_the_suit_led_beats_the_discards(
        lang: str, false: str, true: str) -> None:
    assert false not in book(lang) and true in book(lang)


@pytest.mark.parametrize(("lang", "false", "true"), [
    ("es", "la primera que se aplica decide", "Asistir y montar van juntos"),
    ("en", "the first one that applies decides", "Following suit and beating go together"),
])
def test_the_rule_book_says_following_and_beating_apply_together(
        lang: str, false: str, true: str) -> None:
    assert false not in book(lang) and true in book(lang)


@pytest.mark.parametrize(("lang", "dropped", "tie"), [
    ("es", "de una en una", "se mira hacia atrás hasta la última baza que ganó uno de los"),
    ("en", "one at a time", "you look back to the latest trick won by one of the tied"),
])
def test_the_rule_book_breaks_a_three_player_tie_as_the_engine_does(
        lang: str, dropped: str, tie: str) -> None:
    assert dropped not in book(lang) and tie in book(lang)
    assert "a tie goes to the side that won the last trick" not in book(lang)
    assert "en caso de empate gana quien se llevó la última baza" not in book(lang)


REFEREE = {"es": r"\bmodo árbitro\b", "en": r"\breferee mode\b"}
REFUSES = {"es": r"no te deja hacerlo", "en": r"(does not|will not) let you do it"}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_lesson_that_says_the_app_refuses_a_renuncio_names_the_referee_mode(
        lang: str) -> None:
    said = 0
    for lesson in LESSONS.values():
        for text in texts(lesson, lang):
            for match in re.finditer(REFUSES[lang], text):
                said += 1
                assert re.search(REFEREE[lang], text[match.start():match.end() + 200]), (
                    lesson.id, text[match.start():match.end() + 80])
    assert said >= 2  # asistir-montar and recuento


@pytest.mark.parametrize(("lang", "partner", "load"), [
    ("es", "Si es de tu compañero", "échale una carta con puntos"),
    ("en", "If your partner did", "give it a card with points"),
])
def test_pisar_advises_loading_points_when_the_partners_trump_is_top(
        lang: str, partner: str, load: str) -> None:
    text = " ".join(texts(LESSONS["pisar"], lang))
    assert partner in text and load in text
    assert "no hay forma de ganar la baza" not in text
    assert "Then you cannot win the trick, and" not in text


@pytest.mark.parametrize(("lang", "exception"), [
    ("es", "quien tenga el dos de triunfo puede, tras ganar otra baza, quedarse tu siete"),
    ("en", "whoever holds the two of trumps may, after winning another trick, take your seven"),
])
def test_a_seven_face_up_after_the_swap_may_still_be_swapped_by_the_two(
        lang: str, exception: str) -> None:
    assert exception in " ".join(text for lesson in LESSONS.values() if
                                 lesson.id.startswith("tute-a-dos")
                                 for text in texts(lesson, lang))
