"""Counts next to nouns follow each language's plural rules (Babel's CLDR data), never a
hand-rolled "s": one scenario, two scenarios, zero scenarios in English."""

from __future__ import annotations

import re

import pytest

from tute_tutor.engine.cards import Card
from tute_tutor.table.controller import Hint
from tute_tutor.table.review import ChoiceCost
from tute_tutor.ui.builder import scenario_problem
from tute_tutor.ui.layout import flag_value_label
from tute_tutor.words.catalog import LANGUAGES, catalogue, t_count


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_message_has_one_and_other_forms(lang: str) -> None:
    keys = catalogue(lang)
    # settings.choice.* holds flag values, some of them named "one"
    groups = {key.rsplit(".", 1)[0] for key in keys
              if key.endswith(".one") and not key.startswith("settings.choice.")}
    assert groups
    for group in groups:
        assert f"{group}.one" in keys and f"{group}.other" in keys, group


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_message_writes_a_plural_by_hand(lang: str) -> None:
    hand_rolled = re.compile(r"\w\((s|es)\)")
    assert [key for key, text in catalogue(lang).items() if hand_rolled.search(text)] == []


@pytest.mark.parametrize(("key", "values", "one", "two", "zero"), [
    ("teacher.link_loaded", {}, "The sequence from the link is loaded (1 scenario).",
     "The sequence from the link is loaded (2 scenarios).",
     "The sequence from the link is loaded (0 scenarios)."),
    ("teacher.file_ok", {}, "The file holds 1 valid scenario.",
     "The file holds 2 valid scenarios.", "The file holds 0 valid scenarios."),
    ("live.sequence_count", {}, "Your sequence has 1 scenario.",
     "Your sequence has 2 scenarios.", "Your sequence has 0 scenarios."),
    ("practice.page.stock", {}, "Stock: 1 card", "Stock: 2 cards", "Stock: 0 cards"),
    ("rooms.play.cards_left", {"name": "Ana"}, "Ana: 1 card", "Ana: 2 cards", "Ana: 0 cards"),
    ("worksheet.stock_left", {}, "1 card left to draw", "2 cards left to draw",
     "0 cards left to draw"),
])
def test_english_counts_say_one_thing_and_zero_or_two_things(
        key: str, values: dict[str, str], one: str, two: str, zero: str) -> None:
    assert t_count(key, 1, "en", **values) == one
    assert t_count(key, 2, "en", **values) == two
    assert t_count(key, 0, "en", **values) == zero


@pytest.mark.parametrize(("key", "values", "one", "two"), [
    ("teacher.link_loaded", {}, "Se ha cargado la secuencia del enlace (1 escenario).",
     "Se ha cargado la secuencia del enlace (2 escenarios)."),
    ("teacher.file_ok", {}, "El archivo tiene 1 escenario válido.",
     "El archivo tiene 2 escenarios válidos."),
    ("live.sequence_count", {}, "Tu secuencia tiene 1 situación.",
     "Tu secuencia tiene 2 situaciones."),
    ("practice.page.stock", {}, "Mazo: 1 carta", "Mazo: 2 cartas"),
    ("rooms.play.stock", {}, "Queda 1 carta en el monte", "Quedan 2 cartas en el monte"),
    ("rooms.play.cards_left", {"name": "Ana"}, "Ana: 1 carta", "Ana: 2 cartas"),
    ("lessons_page.stock_line", {}, "Queda 1 carta en el mazo.", "Quedan 2 cartas en el mazo."),
    ("worksheet.stock_left", {}, "Queda 1 carta por robar", "Quedan 2 cartas por robar"),
])
def test_spanish_counts_say_one_thing_and_two_things(
        key: str, values: dict[str, str], one: str, two: str) -> None:
    assert t_count(key, 1, "es", **values) == one
    assert t_count(key, 2, "es", **values) == two


def test_the_plural_can_follow_a_count_named_otherwise() -> None:
    assert t_count("practice.page.seat_note", 1, "en", cards=5, tricks=1) == \
        "5 in hand · 1 trick"
    assert t_count("practice.page.seat_note", 0, "en", cards=5, tricks=0) == \
        "5 in hand · 0 tricks"
    assert t_count("practice.page.seat_note", 1, "es", cards=5, tricks=1) == "5 en mano · 1 baza"
    assert t_count("practice.page.seat_note", 3, "es", cards=5, tricks=3) == \
        "5 en mano · 3 bazas"
    assert t_count("live.progress", 1, "es", sent=1, total=1) == "1 de 1 pregunta enviada."
    assert t_count("live.progress", 2, "es", sent=1, total=2) == "1 de 2 preguntas enviadas."
    assert t_count("live.progress", 1, "en", sent=0, total=1) == "0 of 1 question sent."
    assert t_count("live.join.score", 1, "es", score=1) == "1 punto"
    assert t_count("live.join.score", 0, "en", score=0) == "0 points"
    assert t_count("lessons_page.right_so_far", 1, "en", right=1, total=1) == \
        "1 of 1 question answered right."
    assert t_count("try_it.progress", 1, "es", number=1, total=3, right=1, answered=1) == \
        "Escenario 1 de 3 · aciertos: 1 de 1 respondido"
    assert t_count("try_it.progress", 2, "es", number=2, total=3, right=1, answered=2) == \
        "Escenario 2 de 3 · aciertos: 1 de 2 respondidos"


def test_a_key_without_forms_is_used_as_written() -> None:
    assert t_count("settings.match_mode.streak", 1, "en") == "streaks (two-player tute)"


def test_match_targets_and_tute_award_in_the_settings_read_one_or_many() -> None:
    assert flag_value_label("tute_award", 1, "en") == "1 match point"
    assert flag_value_label("tute_award", 2, "en") == "2 match points"
    assert flag_value_label("tute_award", 1, "es") == "1 punto de partida"
    assert flag_value_label("tute_award", 2, "es") == "2 puntos de partida"
    assert flag_value_label("match", "hands:1", "en") == "first to 1 hand"
    assert flag_value_label("match", "hands:3", "en") == "first to 3 hands"
    assert flag_value_label("match", "points:1", "es") == "a 1 punto"
    assert flag_value_label("match", "points:2", "es") == "a 2 puntos"


def test_the_hint_says_one_point_or_some_points_more() -> None:
    def hint(gain: float) -> Hint:
        return Hint(((Card.parse("1o"), 20.0), (Card.parse("4o"), 20.0 - gain)), reason="value")

    assert hint(1).why("en").endswith("worth one point more than the four of coins.")
    assert hint(2).why("en").endswith("worth 2 points more than the four of coins.")
    assert hint(0).why("en").endswith("the four of coins is worth just as much.")
    assert hint(1).why("es").endswith("vale un punto más que el cuatro de oros.")
    assert hint(2).why("es").endswith("vale 2 puntos más que el cuatro de oros.")


def test_the_review_says_a_card_cost_one_point_or_some_points() -> None:
    def cost(points: int, exact: bool = True) -> ChoiceCost:
        return ChoiceCost(3, Card.parse("3o"), Card.parse("1o"), points, exact)

    assert cost(1).text("en").startswith(
        "Trick 3: the three of coins cost one point (the ace of coins was better).")
    assert cost(2).text("en").startswith(
        "Trick 3: the three of coins cost 2 points (the ace of coins was better).")
    assert cost(1, exact=False).text("es").startswith(
        "Baza 3: el tres de oros costó cerca de un punto de media (era mejor el as de oros).")
    assert cost(10).text("es").startswith(
        "Baza 3: el tres de oros costó 10 puntos (era mejor el as de oros).")


def test_an_odd_stock_in_the_builder_is_one_card_or_several() -> None:
    assert scenario_problem("stock_left 1 cannot happen", "en").startswith(
        "1 card cannot be left to draw")
    assert scenario_problem("stock_left 3 cannot happen", "en").startswith(
        "3 cards cannot be left to draw")
    assert scenario_problem("stock_left 1 cannot happen", "es").startswith(
        "no puede quedar 1 carta por robar")
    assert scenario_problem("stock_left 3 cannot happen", "es").startswith(
        "no pueden quedar 3 cartas por robar")


def test_a_course_of_one_lesson_says_lesson() -> None:
    assert t_count("lessons_page.done_count", 1, "en", done=0, total=1) == \
        "You have completed 0 of 1 lesson."
    assert t_count("lessons_page.done_count", 12, "es", done=1, total=12) == \
        "Has completado 1 de 12 lecciones."
    assert t_count("home.all_done", 1, "es", total=1).startswith("¡Has hecho la lección!")
    assert t_count("home.all_done", 2, "en", total=2).startswith("You have done all 2 lessons!")
