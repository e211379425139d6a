"""A real browser earns a drill's stars and plays out an ending to its target, each begun
in Spanish and finished in English after the learner switches language half way
(marker ``browser``).

The answers come from the engine, never from the test: the drill's items are made again
from the sitting's seed shown in its heading (``sitting(skill, seed, rules)``), and each
card of the ending is the best one by the solver, asked of the ending made again from its
id with the computers' cards played as the page plays them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import switch_to_english
from tute_tutor.coach.drills import sitting, star_symbols
from tute_tutor.coach.endings import EndingPlay, ending_at
from tute_tutor.engine.cards import CARDS
from tute_tutor.engine.variants import find_rules
from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons
from tute_tutor.words.catalog import t, t_count

pytestmark = pytest.mark.browser

SKILL = "puntos"
"""A drill answered with buttons (how many points is the trick worth?)."""
LESSONS = {lesson.id: lesson for lesson in load_lessons(LESSONS_DIR)[0]}


def test_answering_a_drill_right_earns_its_three_stars_on_the_lesson_path(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    lang = "es"
    page.goto(f"{app_url}/drills?lang={lang}&skill={SKILL}")
    wait_for_app(page)
    title = LESSONS[SKILL].title[lang]
    heading = page.get_by_role("heading", name=re.compile(re.escape(title) + r" · \w+ \d+$"))
    heading.first.wait_for()
    seed = int(heading.first.inner_text().rsplit(" ", 1)[1])
    drill = sitting(SKILL, seed, find_rules("clasico"))
    for index in range(len(drill)):
        if index == len(drill) // 2:  # half way, the learner switches to English
            lang = "en"
            switch_to_english(page)
            page.get_by_text(t("drills.item", lang, number=index + 1,
                               count=len(drill))).wait_for()
        question = drill.question(index, lang)
        label = question.label_of(question.answer[0])
        options = page.locator(f".st-key-drills_options_{index}")
        options.get_by_role("button", name=label, exact=True).click()
        page.get_by_text(t("drills.right", lang), exact=True).wait_for()
        wait_for_app(page)
        if index + 1 < len(drill):
            page.get_by_role("button", name=t("drills.next", lang)).click()
            page.get_by_text(t("drills.item", lang, number=index + 2,
                               count=len(drill))).wait_for()
            wait_for_app(page)
    page.get_by_text(t_count("drills.earned", 3, lang, stars=star_symbols(3))).wait_for()
    screenshot(page, f"drills-stars-{lang}")
    page.goto(f"{app_url}/lessons?lang={lang}")
    wait_for_app(page)
    page.locator(f".st-key-lesson_path_{SKILL}").get_by_role(
        "link", name=t("lessons_page.drill_link", lang, stars=star_symbols(3),
                       count=3)).wait_for()


def test_playing_the_solvers_best_cards_takes_an_ending_to_its_target(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    lang = "es"
    page.goto(f"{app_url}/drills?lang={lang}")
    wait_for_app(page)
    page.get_by_role("tab", name=t("drills.tab_endings", lang)).click()
    prefix = t("drills.ending_heading", lang, id="")
    heading = page.get_by_role("heading", name=re.compile(  # slashes escaped for Playwright
        "^" + re.escape(prefix.strip()) + r" [a-z0-9-]+\/\d+\/\d+$"))
    heading.first.wait_for()
    ending_id = heading.first.inner_text()[len(prefix):]
    ruleset, seed, attempt = ending_id.split("/")
    start = ending_at(int(seed), find_rules(ruleset), int(attempt))
    assert start is not None
    play = EndingPlay(start)
    play.advance()  # the computers before the learner, as the page plays them
    hand = page.locator(".st-key-drills_ending_hand")
    clicked = 0
    while not play.finished:
        if clicked == 1:  # after the learner's first card, in English
            lang = "en"
            switch_to_english(page)
            page.get_by_role("tab", name=t("drills.tab_endings", lang)).click()
            page.get_by_role("heading", name=t("drills.ending_heading", lang,
                                               id=ending_id)).wait_for()
        values = play.values()  # the solver's value of every legal card, asked now
        card = max(values, key=lambda c: (values[c], -c))
        verdict = play.play(card)
        play.advance()
        hand.locator(f"button.tt-pick[data-card='{CARDS[card]}']").click()
        clicked += 1
        page.get_by_text(t("drills.verdict_best", lang,
                           card=CARDS[card].name_with_article(lang),
                           value=verdict.value)).first.wait_for()
        wait_for_app(page)
    assert lang == "en", "the ending was over after one card"
    page.get_by_text(t("drills.ending_reached", lang, points=play.taken[0])).wait_for()
    assert play.reached
    screenshot(page, f"drills-ending-{lang}")
