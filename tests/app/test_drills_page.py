"""The drills page under AppTest: a sitting answered right earns its stars and is saved,
misses end it and "try again" deals a new one, a link opens its skill, best-card items,
an ending played with the solver's best cards reaches its target with a verdict after each
card, a worse card is named with its exact loss, and the lesson path shows the stars."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.app import apptest
from tests.app.learners import session_profile
from tests.app.marking import mark
from tests.hostile import seen
from tute_tutor.coach.drills import BEST_CARD, card_codes, sitting
from tute_tutor.coach.endings import LEARNER, EndingPlay, ending_at
from tute_tutor.engine.cards import CARDS
from tute_tutor.engine.variants import find_rules
from tute_tutor.store import ENV_VAR, open_store
from tute_tutor.store.drills import best_stars, ending_results, record_sitting
from tute_tutor.ui.cards import fallback_key
from tute_tutor.ui.drills import (
    NEXT_KEY,
    RETRY_KEY,
    SITTING,
    cards_key,
    ending_hand_key,
    option_key,
    stars_text,
)
from tute_tutor.words.catalog import t, t_count


@pytest.fixture(autouse=True)
def store_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test writes progress to its own throw-away SQLite file."""
    url = f"sqlite:///{tmp_path / 'progress.sqlite'}"
    monkeypatch.setenv(ENV_VAR, url)
    return url


def open_drills(lang: str, **params: str) -> AppTest:
    return apptest.open_app("drills", params={"lang": lang}, page_params=params)


def texts(at: AppTest, kind: str) -> list[str]:
    return [str(getattr(element, "value", "")) for element in at.get(kind)]


def run(at: AppTest) -> None:
    at.run()
    assert not at.exception, [e.value for e in at.exception]


def answer_sitting(at: AppTest, lang: str, right: list[bool]) -> Any:
    """Answer the current sitting's items through its buttons, right or wrong as given."""
    entry = at.session_state[SITTING]
    drill = sitting(entry["skill"], entry["seed"], find_rules(entry["ruleset"]))
    for index, want in enumerate(right):
        question = drill.question(index, lang)
        assert question.display.answering.value == "buttons", question.kind
        values = list(question.answer) if want else [
            next(v for v in question.options if v not in question.answer)]
        at.button(key=option_key(index, values[0])).click()
        run(at)
        verdict = t("drills.right", lang)
        assert (verdict in texts(at, "success")) == want
        if at.session_state[SITTING]["answers"] != [*right[:index + 1]]:
            raise AssertionError(at.session_state[SITTING]["answers"])
        if index + 1 < len(right) and any(b.key == NEXT_KEY for b in at.button):
            at.button(key=NEXT_KEY).click()
            run(at)
    return drill


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_sitting_answered_right_earns_three_stars_and_is_saved(lang: str,
                                                                  store_url: str) -> None:
    at = open_drills(lang, skill="puntos")
    entry = at.session_state[SITTING]
    assert entry["skill"] == "puntos"
    drill = sitting("puntos", entry["seed"], find_rules("clasico"))
    assert t("drills.target", lang, target=drill.target, count=len(drill)) in texts(
        at, "markdown")
    answer_sitting(at, lang, [True] * len(drill))
    assert t_count("drills.earned", 3, lang, stars=stars_text(3), count=3) in texts(
        at, "success")
    assert best_stars(open_store(store_url), session_profile(at)) == {"puntos": 3}
    seed = entry["seed"]
    at.button(key=RETRY_KEY).click()
    run(at)
    assert at.session_state[SITTING]["seed"] != seed
    assert at.session_state[SITTING]["answers"] == []


def test_misses_end_a_sitting_without_stars_and_try_again_deals_a_new_one(
        store_url: str) -> None:
    at = open_drills("es", skill="puntos")
    drill = answer_sitting(at, "es", [True, False, False, False])  # 1 + 4 left < 5
    assert t("drills.missed", "es", target=drill.target) in texts(at, "error")
    assert best_stars(open_store(store_url), session_profile(at)) == {"puntos": 0}
    assert not any(b.key == NEXT_KEY for b in at.button)
    at.button(key=RETRY_KEY).click()
    run(at)
    assert at.session_state[SITTING]["answers"] == []


def test_one_miss_still_reaches_the_target_for_two_stars(store_url: str) -> None:
    at = open_drills("en", skill="puntos")
    entry = at.session_state[SITTING]
    count = len(sitting("puntos", entry["seed"], find_rules("clasico")))
    answer_sitting(at, "en", [False] + [True] * (count - 1))
    assert best_stars(open_store(store_url), session_profile(at)) == {"puntos": 2}


def test_a_link_opens_its_skill_and_an_unknown_one_says_so() -> None:
    at = open_drills("en", skill="fallar")
    assert at.session_state[SITTING]["skill"] == "fallar"
    assert at.selectbox(key="drills_skill_pick").value == "fallar"
    at = open_drills("en", skill="no-such-skill")
    assert any("no-such-skill" in seen(w) for w in texts(at, "warning"))
    at.selectbox(key="drills_skill_pick").set_value("cantes")
    run(at)
    assert at.session_state[SITTING]["skill"] == "cantes"
    assert at.query_params["skill"] in ("cantes", ["cantes"])


def test_a_skill_of_another_table_says_which_rules_it_uses() -> None:
    at = open_drills("en", skill="tute-a-dos")
    assert at.session_state[SITTING]["skill"] == "tute-a-dos"
    assert t("drills.own_rules", "en", ruleset=t("settings.preset.a-dos.label", "en")) in \
        texts(at, "caption")


def test_a_best_card_item_is_judged_by_the_solver() -> None:
    at = open_drills("en", skill="estrategia")
    entry = at.session_state[SITTING]
    drill = sitting("estrategia", entry["seed"], find_rules("clasico"))
    assert drill.items[0].kind == BEST_CARD
    puzzle = drill.position(0)
    best = CARDS[puzzle.best[0]]
    at.button(key=fallback_key(cards_key(entry["seed"], 0), best)).click()
    run(at)
    assert t("drills.right", "en") in texts(at, "success")
    text = "\n".join(texts(at, "markdown"))
    for card, value in puzzle.values:
        assert t("drills.value_row", "en", card=CARDS[card].name("en"), value=value) in text
    assert card_codes(puzzle.best)[0] == str(best)


def _mirror(at: AppTest) -> EndingPlay:
    """The page's ending made again from its id, the computers' first cards played."""
    play: EndingPlay = at.session_state["drills_ending"]["play"]
    ruleset, seed, attempt = play.ending.id.split("/")
    start = ending_at(int(seed), find_rules(ruleset), int(attempt))
    assert start == play.ending
    mirror = EndingPlay(start)
    mirror.advance()
    return mirror


def _click_ending_card(at: AppTest, mirror: EndingPlay, card: int) -> None:
    key = ending_hand_key(mirror.ending.id, len(mirror.verdicts))
    at.button(key=fallback_key(key, CARDS[card])).click()
    run(at)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_ending_played_with_the_best_cards_reaches_its_target(lang: str,
                                                                 store_url: str) -> None:
    at = open_drills(lang)
    mirror = _mirror(at)
    target = mirror.ending.target
    wanted = (t("drills.ending_target_ultimas", lang) if target.kind == "ultimas" else
              t("drills.ending_target_points", lang, points=target.points))
    assert f"**{wanted}**" in texts(at, "markdown")
    while not mirror.finished:
        values = mirror.values()
        card = max(values, key=lambda c: (values[c], -c))
        _click_ending_card(at, mirror, card)
        verdict = mirror.play(card)
        mirror.advance()
        line = t("drills.verdict_best", lang, card=CARDS[card].name_with_article(lang),
                 value=verdict.value)
        assert line in texts(at, "success") or line in "\n".join(texts(at, "markdown"))
    assert t("drills.ending_reached", lang, points=mirror.taken[0]) in texts(at, "success")
    results = ending_results(open_store(store_url), session_profile(at))
    assert [(r["ending"], r["reached"], r["points"]) for r in results] == [
        (mirror.ending.id, True, mirror.taken[0])]
    at.button(key="drills_new_ending").click()
    run(at)
    assert at.session_state["drills_ending"]["play"].ending.id != mirror.ending.id


def test_a_worse_card_in_an_ending_is_named_with_its_exact_loss() -> None:
    at = open_drills("en")
    mirror = _mirror(at)
    values = mirror.values()
    worst = min(values, key=lambda c: values[c])
    _click_ending_card(at, mirror, worst)
    verdict = mirror.play(worst)
    assert verdict.loss > 0
    best = ", ".join(CARDS[c].name_with_article("en") for c, v in verdict.values
                     if v == verdict.best)
    assert t("drills.verdict_loses", "en", card=CARDS[worst].name_with_article("en"),
             loss=verdict.loss, best=best, value=verdict.value,
             best_value=verdict.best) in texts(at, "warning")
    assert at.session_state["drills_ending"]["play"].hands == mirror.hands or \
        mirror.to_move != LEARNER


def test_the_lesson_path_links_each_drilled_lesson_with_its_stars(store_url: str) -> None:
    at = apptest.open_app("lessons", params={"lang": "en"})
    record_sitting(open_store(store_url), session_profile(at), "pisar", right=7, asked=8,
                   stars=2)
    run(at)
    labels = [str(link.proto.label) for link in at.get("page_link")]
    assert t("lessons_page.drill_link", "en", stars=stars_text(2), count=2) in labels
    assert t("lessons_page.drill_link", "en", stars=stars_text(0), count=0) in labels
    pages = {str(link.proto.page) for link in at.get("page_link")}
    assert any("drills" in page for page in pages)


def test_the_sidebar_rule_set_and_flags_are_obeyed_by_drills_and_endings() -> None:
    at = apptest.open_app("drills", params={"lang": "en", "rules": "a-tres",
                                            "flags": "overtake_when_trumped=true"},
                          page_params={"skill": "asistir-montar"})
    entry = at.session_state[SITTING]
    assert (entry["ruleset"], entry["overrides"]) == ("a-tres",
                                                      {"overtake_when_trumped": True})
    drill = sitting("asistir-montar", entry["seed"],
                    find_rules("a-tres", {"overtake_when_trumped": True}))
    assert drill.rules.players == 3 and drill.rules.overtake_when_trumped
    play: EndingPlay = at.session_state["drills_ending"]["play"]
    assert play.ending.id.startswith("a-tres/") and play.rules.overtake_when_trumped
    assert len(play.hands) == 3


def _answer_any(at: AppTest, drill: Any, index: int, lang: str) -> None:
    """Answer item ``index`` right through the widgets its kind draws."""
    question = drill.question(index, lang)
    answering = question.display.answering.value
    key = cards_key(drill.seed, index)
    if answering == "mark_cards":
        mark(at, question.answer, key=key)
        at.button(key=f"drills_check_{index}").click()
    elif answering == "click_card":
        at.button(key=fallback_key(key, CARDS_BY_CODE[question.answer[0]])).click()
    else:
        at.button(key=option_key(index, question.answer[0])).click()
    run(at)


CARDS_BY_CODE = {str(card): card for card in CARDS}


@pytest.mark.parametrize("skill", ["baraja", "asistir-montar", "tute-a-dos-cambio", "partida"])
def test_every_way_of_answering_earns_the_stars(skill: str, store_url: str) -> None:
    at = open_drills("es", skill=skill)
    entry = at.session_state[SITTING]
    drill = sitting(skill, entry["seed"], find_rules(entry["ruleset"]))
    for index in range(len(drill)):
        _answer_any(at, drill, index, "es")
        assert at.session_state[SITTING]["answers"] == [True] * (index + 1)
        if index + 1 < len(drill):
            at.button(key=NEXT_KEY).click()
            run(at)
    assert best_stars(open_store(store_url), session_profile(at)) == {skill: 3}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_skill_about_a_house_flag_says_it_is_on_and_earns_the_stars_with_it(
        lang: str, store_url: str) -> None:
    at = open_drills(lang, skill="exencion")
    entry = at.session_state[SITTING]
    assert (entry["skill"], entry["overrides"]) == ("exencion", {})  # the sidebar's: off
    assert t("drills.own_flags", lang, flags=t("settings.flag.partner_exemption.label",
                                               lang)) in texts(at, "caption")
    drill = sitting("exencion", entry["seed"], find_rules(entry["ruleset"]))
    assert drill.rules.partner_exemption
    for index in range(len(drill)):
        _answer_any(at, drill, index, lang)
        assert at.session_state[SITTING]["answers"] == [True] * (index + 1)
        if index + 1 < len(drill):
            at.button(key=NEXT_KEY).click()
            run(at)
    assert best_stars(open_store(store_url), session_profile(at)) == {"exencion": 3}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_stock_position_of_tute_a_dos_shows_the_two_cards_left_to_draw(lang: str) -> None:
    at = open_drills(lang, skill="mazo-a-dos")
    entry = at.session_state[SITTING]
    drill = sitting("mazo-a-dos", entry["seed"], find_rules(entry["ruleset"]))
    index = next(i for i, item in enumerate(drill.items) if item.kind == BEST_CARD)
    for before in range(index):  # the items before it, answered right
        _answer_any(at, drill, before, lang)
        at.button(key=NEXT_KEY).click()
        run(at)
    puzzle = drill.position(index)
    assert len(puzzle.stock) == 2, "a stock position holds the two cards left to draw"
    hidden, face = (CARDS[c] for c in puzzle.stock)
    told = t("drills.stock_left", lang, hidden=hidden.name_with_article(lang),
             face=face.name_with_article(lang))
    assert told in texts(at, "caption")
    # and the trump face up is the one the position's trump suit says
    assert face.suit == puzzle.trump
