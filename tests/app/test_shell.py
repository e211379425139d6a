"""AppTest of the app shell: every page renders, the sidebar settings drive the pages and
the URL, the lessons page (every lesson, a broken file, picking a card, a lesson earned by
its answers) and the rules reference page.

AppTest quirk (Streamlit 1.67): the entrypoint's sidebar is only in the element tree of
the first run, so sidebar widgets are driven on that run and later settings are set
through ``at.session_state``, as a widget callback would.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tests.app import apptest
from tests.app.learners import profile_of, session_profile
from tests.app.marking import mark
from tests.hostile import seen
from tute_tutor.coach.drills import SKILLS
from tute_tutor.engine.variants import FLAG_NAMES, PRESETS
from tute_tutor.store import ENV_VAR, open_store
from tute_tutor.store.db import new_token
from tute_tutor.store.drills import record_sitting
from tute_tutor.teach.lessons import LESSONS_DIR, LESSONS_DIR_ENV, load_lessons
from tute_tutor.teach.rulebook import FLAG_VALUES, flag_examples
from tute_tutor.ui.state import format_flags, locale_language, parse_flags, settings_from_query
from tute_tutor.words.catalog import LANGUAGES, t, t_count
from tute_tutor.words.explain import explain, join_names

PAGES = ("home", "lessons", "quiz", "practice", "teacher", "try_it", "progress", "rules")
LESSONS, LESSON_ERRORS = load_lessons(LESSONS_DIR)


@pytest.fixture(autouse=True)
def _private_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test writes progress to its own throw-away SQLite file."""
    url = f"sqlite:///{tmp_path / 'progress.sqlite'}"
    monkeypatch.setenv(ENV_VAR, url)
    return url


def open_app(*, page: str = "home", lang: str | None = None, deck: str | None = None,
             params: dict[str, str] | None = None, locale: str | None = None,
             token: str | None = None) -> AppTest:
    """Run the app (URL parameters and browser locale as given) and open ``page``;
    ``token`` makes it the browser holding that learner token."""
    url = {**({"lang": lang} if lang else {}), **({"deck": deck} if deck else {}),
           **(params or {})}
    return apptest.open_app(page, token=token or None, params=url, locale=locale or None,
                            check=False)


def texts(at: AppTest, kind: str) -> list[str]:
    return [str(element.value) for element in at.get(kind)]


def all_text(at: AppTest) -> str:
    kinds = ("markdown", "header", "title", "subheader", "caption", "info", "success",
             "error", "warning")
    return "\n".join(text for kind in kinds for text in texts(at, kind))


# ------------------------------------------------------------------ settings, no app
flag_settings = st.dictionaries(
    st.sampled_from(list(FLAG_NAMES)), st.sampled_from([0, 1])
).map(lambda chosen: {name: FLAG_VALUES[name][side] for name, side in chosen.items()})


@given(flag_settings)
def test_flags_round_trip_through_the_url_value(overrides: dict[str, Any]) -> None:
    assert parse_flags(format_flags(overrides)) == overrides


@given(st.dictionaries(st.sampled_from(["lang", "deck", "rules", "flags"]), st.text()),
       st.one_of(st.none(), st.text()))
def test_any_url_gives_valid_settings_and_names_each_bad_value(
        params: dict[str, str], locale: str | None) -> None:
    settings, problems = settings_from_query(params, locale)
    assert settings.lang in LANGUAGES and settings.ruleset in PRESETS
    assert settings.deck_style in ("spanish", "french")
    assert settings.rules.players in (2, 3, 4)  # the overrides kept are valid
    for key in ("lang", "deck", "rules"):
        value = params.get(key)
        is_known = value in {"lang": LANGUAGES, "deck": ("spanish", "french"),
                             "rules": tuple(PRESETS)}[key]
        if value and not is_known:
            assert any(problem.startswith(f"{key}=") for problem in problems)
    assert all("\n" not in problem for problem in problems)


def test_locale_picks_the_language() -> None:
    assert [locale_language(x) for x in ("en", "en-US", "EN-gb", "es-ES", "ca", "", None)] \
        == ["en", "en", "en", "es", "es", "es", "es"]


# ------------------------------------------------------------------ every page
@pytest.mark.parametrize("deck", ["spanish", "french"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_renders_in_both_languages_and_deck_styles(page: str, lang: str,
                                                              deck: str) -> None:
    at = open_app(page=page, lang=lang, deck=deck)
    assert not at.exception, [e.message for e in at.exception]
    assert at.session_state["lang"] == lang
    assert at.session_state["deck_style"] == deck
    assert all_text(at).strip(), f"{page} shows nothing"


def test_navigation_lists_every_page_with_translated_titles() -> None:
    source = apptest.APP.read_text(encoding="utf-8")
    for page in PAGES:
        assert f'"{page}"' in source
        assert (apptest.APP.parent / "pages" / f"{page}.py").exists()
        titles = {lang: t(f"nav.{page}", lang) for lang in LANGUAGES}
        assert all(title != f"nav.{page}" for title in titles.values()), titles
        assert titles["es"] != titles["en"], titles


# ------------------------------------------------------------------ settings
def test_spanish_is_the_default_language() -> None:
    at = open_app()
    assert at.session_state["lang"] == "es"
    assert at.title[0].value == t("home.title", "es")


def test_browser_locale_picks_english_and_the_url_overrides_it() -> None:
    assert open_app(locale="en-GB").session_state["lang"] == "en"
    assert open_app(locale="en-GB", lang="es").session_state["lang"] == "es"
    assert open_app(locale="fr-FR").session_state["lang"] == "es"


def test_switching_language_in_the_sidebar_translates_the_page() -> None:
    at = open_app()
    assert at.title[0].value == t("home.title", "es")
    at.sidebar.radio(key="settings_w_lang").set_value("en").run()
    assert at.session_state["lang"] == "en"
    assert at.title[0].value == t("home.title", "en")
    at.switch_page("pages/rules.py").run()
    assert at.title[0].value == t("rules.title", "en")


def test_language_setting_changes_every_page_text() -> None:
    for page in ("lessons", "rules"):
        spanish, english = (open_app(page=page, lang=lang) for lang in LANGUAGES)
        assert all_text(spanish) != all_text(english)
        assert spanish.title[0].value != english.title[0].value


def test_deck_style_changes_the_drawn_cards() -> None:
    def drawings(at: AppTest) -> list[str]:
        return [text for text in texts(at, "markdown") if "<svg" in text]

    spanish, french = (open_app(deck=deck) for deck in ("spanish", "french"))
    assert drawings(spanish) and len(drawings(spanish)) == len(drawings(french))
    assert drawings(spanish) != drawings(french)
    assert any("♦" in text for text in drawings(french))  # oros drawn as diamonds
    assert not any("♦" in text for text in drawings(spanish))
    at = open_app()
    at.sidebar.radio(key="settings_w_deck").set_value("french").run()
    assert at.session_state["deck_style"] == "french"
    assert any("♦" in text for text in drawings(at))


def test_switching_the_rule_set_changes_what_pages_show() -> None:
    at = open_app()
    label = t("settings.preset.estricto.label", "es")
    assert label not in all_text(at)
    at.sidebar.selectbox(key="settings_w_ruleset").set_value("estricto").run()
    assert at.session_state["ruleset"] == "estricto"
    assert label in all_text(at)
    at.switch_page("pages/rules.py").run()
    assert t("rules.your_table", "es", ruleset=label) in texts(at, "caption")


def test_rules_page_marks_the_setting_your_table_plays() -> None:
    yours = t("rules.your_setting", "es")
    marked = {}
    for ruleset in ("clasico", "estricto"):
        at = open_app(page="rules", params={"rules": ruleset})
        headings = [text for text in texts(at, "markdown") if yours in text]
        assert len(headings) == len(FLAG_NAMES)
        marked[ruleset] = sorted(text.split("**")[1] for text in headings)
    on, off = t("rules.with_on", "es"), t("rules.with_off", "es")
    # clasico plays none of the three yes/no flags; estricto plays overtake_when_trumped.
    assert (marked["clasico"].count(on), marked["clasico"].count(off)) == (0, 3)
    assert (marked["estricto"].count(on), marked["estricto"].count(off)) == (1, 2)
    assert marked["clasico"] != marked["estricto"]


def test_flag_toggle_overrides_the_rule_set_and_goes_to_the_url() -> None:
    at = open_app()
    at.sidebar.toggle(key="settings_w_flag_partner_exemption").set_value(True).run()
    assert at.session_state["overrides"] == {"partner_exemption": True}
    again = open_app(params={"flags": "partner_exemption=true", "rules": "clasico"})
    assert again.session_state["overrides"] == {"partner_exemption": True}
    assert again.query_params["flags"] == "partner_exemption=true"
    assert again.sidebar.toggle(key="settings_w_flag_partner_exemption").value is True


def test_bad_override_typed_in_the_sidebar_gives_the_engine_message_and_changes_nothing() -> None:
    at = open_app()
    at.sidebar.text_input(key="settings_w_flag_tute_award").set_value("lots").run()
    assert at.session_state["overrides"] == {}
    message = at.session_state["settings_error"]
    assert message == t("settings.bad_text_flag", "es", value="lots",
                        flag=t("settings.flag.tute_award.label", "es"),
                        hint=t("settings.award_hint", "es"))
    at = open_app()
    at.sidebar.text_input(key="settings_w_flag_tute_award").set_value("2").run()
    assert at.session_state["overrides"] == {"tute_award": 2}


def test_bad_settings_in_the_link_are_ignored_with_a_clear_message() -> None:
    at = open_app(params={"rules": "nope", "flags": "tute_award=lots", "lang": "xx"})
    assert not at.exception
    assert at.session_state["ruleset"] == "clasico"
    assert at.session_state["overrides"] == {}
    errors = [seen(e.value) for e in at.sidebar.error]
    assert len(errors) == 1
    assert "nope" in errors[0] and "tute_award" in errors[0] and "xx" in errors[0]


def test_settings_travel_in_the_url() -> None:
    at = open_app(params={"lang": "en", "rules": "a-dos", "deck": "french",
                          "flags": "tute_award=2"})
    assert (at.session_state["lang"], at.session_state["ruleset"],
            at.session_state["deck_style"]) == ("en", "a-dos", "french")
    assert at.session_state["overrides"] == {"tute_award": 2}
    assert at.query_params["lang"] == "en" and at.query_params["rules"] == "a-dos"
    assert at.query_params["deck"] == "french"
    assert at.query_params["flags"] == "tute_award=2"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_shows_its_flags_in_the_sidebar(preset: str) -> None:
    at = open_app(params={"rules": preset})
    rules = PRESETS[preset]
    for name in ("overtake_when_trumped", "trump_when_cannot_overtrump", "partner_exemption"):
        assert at.sidebar.toggle(key=f"settings_w_flag_{name}").value is getattr(rules, name)
    for name in ("cante_by", "cantes_per_trick", "tute_timing", "next_dealer"):
        assert at.sidebar.selectbox(key=f"settings_w_flag_{name}").value == getattr(rules, name)
    assert at.sidebar.text_input(key="settings_w_flag_match").value == rules.match


# ------------------------------------------------------------------ lessons
def test_shipped_lessons_load_without_errors() -> None:
    assert LESSONS and not LESSON_ERRORS, [str(e) for e in LESSON_ERRORS]


def test_lessons_page_lists_every_lesson_in_order() -> None:
    at = open_app(page="lessons")
    shown = [text for text in texts(at, "markdown") if text.startswith(":material/")]
    titles = [lesson.title["es"] for lesson in LESSONS]
    assert [next(title for title in titles if title in text) for text in shown] == titles


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("lesson_id", [lesson.id for lesson in LESSONS])
def test_every_lesson_renders(lesson_id: str, lang: str) -> None:
    at = open_app(page="lessons", lang=lang, params={"lesson": lesson_id})
    # Read the file again: the list above was read when the tests were collected.
    lesson = next(item for item in load_lessons(LESSONS_DIR)[0] if item.id == lesson_id)
    assert not at.exception, [e.message for e in at.exception]
    assert at.title[0].value == lesson.title[lang]
    assert not at.error, [e.value for e in at.error]
    for block in lesson.blocks:
        if block.kind == "text":
            assert block.text[lang] in texts(at, "markdown")
    for question in lesson.questions:
        assert any(question.prompt[lang] in text for text in texts(at, "markdown"))


def test_open_a_lesson_from_the_list_and_go_back() -> None:
    lesson = LESSONS[0]
    at = open_app(page="lessons")
    at.button(key=f"lesson_open_{lesson.id}").click().run()
    assert at.query_params["lesson"] == lesson.id
    assert at.title[0].value == lesson.title["es"]
    at.button(key="lesson_back").click().run()
    assert "lesson" not in at.query_params
    assert at.title[0].value == t("lessons_page.title", "es")


def _first_scenario_lesson() -> tuple[Any, int, Any]:
    for lesson in LESSONS:
        for index, block in enumerate(lesson.blocks):
            if block.scenario is not None and block.scenario.trick and block.ask == "one":
                analysis = block.scenario.analyse()
                if len(analysis.legal) < len(block.scenario.hand):
                    return lesson, index, block
    raise AssertionError("no lesson has a scenario with a refused card")


@pytest.mark.parametrize("pick_legal", [True, False])
def test_picking_a_card_shows_the_verdict_then_the_engines_answer(pick_legal: bool) -> None:
    lesson, index, block = _first_scenario_lesson()
    scenario = block.scenario
    analysis = scenario.analyse()
    card = next(c for c in scenario.hand if analysis.is_legal(c) == pick_legal)
    at = open_app(page="lessons", params={"lesson": lesson.id})
    explanation = explain(analysis, "es")
    assert explanation not in texts(at, "info")  # the answer waits for the pick
    at.button(key=f"lesson_{lesson.id}_b{index}_hand__btn_{card}").click().run()
    assert explanation in texts(at, "info")
    assert explanation == scenario.answer("es")["explanation"]
    name = card.name_with_article("es")
    if pick_legal:
        assert any(name in text for text in texts(at, "success"))
    else:
        assert any(name in text for text in texts(at, "error"))
    at.button(key=f"lesson_{lesson.id}_b{index}_again").click().run()
    assert explanation not in texts(at, "info")


def _names(cards: Any) -> str:
    return join_names(list(cards), "es")


def _block_asking(ask: str) -> tuple[Any, int, Any]:
    for lesson in LESSONS:
        for index, block in enumerate(lesson.blocks):
            if block.scenario is not None and block.ask == ask:
                return lesson, index, block
    raise AssertionError(f"no lesson has a scenario block asking {ask!r}")


def test_a_worse_legal_card_is_not_right_in_a_best_block() -> None:
    lesson, index, block = _block_asking("best")
    key = f"lesson_{lesson.id}_b{index}"
    best = block.expected()
    worse = next(c for c in block.scenario.analyse().legal if c not in best)
    at = open_app(page="lessons", params={"lesson": lesson.id})
    at.button(key=f"{key}_hand__btn_{worse}").click().run()
    assert not at.exception
    names = _names(best)
    wrong = t("lessons_page.not_right_best", "es", cards=names).lstrip("✘ ")
    right = t("lessons_page.right_best", "es", cards=names).lstrip("✔ ")
    assert any(wrong in text for text in texts(at, "error"))
    assert not any(right in text for text in texts(at, "success"))
    assert block.explanation["es"] in texts(at, "info")  # shown only after the pick
    assert block.judgement("es")[0] in "\n".join(texts(at, "markdown"))
    at.button(key=f"{key}_again").click().run()
    assert block.explanation["es"] not in texts(at, "info")
    at.button(key=f"{key}_hand__btn_{best[0]}").click().run()
    assert any(right in text for text in texts(at, "success"))


def test_an_all_block_takes_every_legal_card() -> None:
    lesson, index, block = _block_asking("all")
    key = f"lesson_{lesson.id}_b{index}"
    legal = [str(c) for c in block.scenario.analyse().legal]
    at = open_app(page="lessons", params={"lesson": lesson.id})
    mark(at, legal, key=f"{key}_cards")
    at.button(key=f"{key}_check").click().run()
    assert not at.exception
    names = _names(block.scenario.analyse().legal)
    right = t("lessons_page.right_all", "es", cards=names).lstrip("✔ ")
    assert any(right in text for text in texts(at, "success"))


def test_choice_question_says_right_or_wrong_and_follows_a_changed_answer() -> None:
    lesson, number, question = next(
        (lesson, i, q) for lesson in LESSONS for i, q in enumerate(lesson.questions)
        if q.kind == "choice" and len(q.answer) == 1)
    key = f"lesson_{lesson.id}_q{number}"
    at = open_app(page="lessons", params={"lesson": lesson.id})
    wrong = next(i for i in range(len(question.options["es"])) if i not in question.answer)
    at.radio(key=f"{key}_choice").set_value(wrong).run()
    at.button(key=f"{key}_check").click().run()
    assert t("lessons_page.wrong_try_again", "es") in texts(at, "error")
    assert question.explanation["es"] not in texts(at, "info")  # the answer is earned
    # Changing the answer changes the verdict at once, without a second "check".
    at.radio(key=f"{key}_choice").set_value(question.answer[0]).run()
    assert t("lessons_page.correct", "es") in texts(at, "success")
    assert t("lessons_page.wrong_try_again", "es") not in texts(at, "error")
    assert question.explanation["es"] in texts(at, "info")
    # The verdict stays while the learner answers something else on the page.
    other = next(i for i, q in enumerate(lesson.questions) if i != number and q.kind == "choice"
                 and len(q.answer) == 1)
    at.radio(key=f"lesson_{lesson.id}_q{other}_choice").set_value(0).run()
    assert t("lessons_page.correct", "es") in texts(at, "success")


def test_check_with_nothing_chosen_asks_for_a_choice() -> None:
    lesson, number, _ = next(
        (lesson, i, q) for lesson in LESSONS for i, q in enumerate(lesson.questions)
        if q.kind == "legal")
    key = f"lesson_{lesson.id}_q{number}"
    at = open_app(page="lessons", params={"lesson": lesson.id})
    at.button(key=f"{key}_check").click().run()
    assert t("lessons_page.pick_a_card", "es") in texts(at, "warning")
    assert t("lessons_page.wrong_try_again", "es") not in texts(at, "error")


def test_legal_question_is_checked_against_the_engine() -> None:
    lesson, number, question = next(
        (lesson, i, q) for lesson in LESSONS for i, q in enumerate(lesson.questions)
        if q.kind == "legal")
    key = f"lesson_{lesson.id}_q{number}"
    legal = question.scenario.analyse().legal
    at = open_app(page="lessons", params={"lesson": lesson.id})
    mark(at, [str(c) for c in legal], key=f"{key}_cards")  # the fallback of select_cards
    at.button(key=f"{key}_check").click().run()
    assert t("lessons_page.correct", "es") in texts(at, "success")


def _legal_pick(question: Any, right: bool) -> list[str]:
    legal = [str(c) for c in question.scenario.analyse().legal]
    hand = [str(c) for c in question.scenario.hand]
    return legal if right else [c for c in hand if c not in legal] or legal[:-1] or hand


def answer_question(at: AppTest, key: str, question: Any, *, right: bool,
                    before: list[str] | None = None) -> None:
    """Answer one closing question through its widgets (right or wrong) and check it;
    ``before``: the cards marked already (a legal question answered once)."""
    if question.kind == "legal":
        chosen = set(_legal_pick(question, right)) ^ set(before or ())
        mark(at, sorted(chosen), key=f"{key}_cards")
    else:
        options = range(len(question.options["es"]))
        chosen_options = (list(question.answer) if right
                          else [next(i for i in options if i not in question.answer)])
        if len(question.answer) == 1:
            at.radio(key=f"{key}_choice").set_value(chosen_options[0]).run()
        else:
            for index in chosen_options:
                at.checkbox(key=f"{key}_choice_{index}").check().run()
    at.button(key=f"{key}_check").click().run()


def test_a_lesson_is_done_only_when_every_question_is_answered_right(
        _private_store: str) -> None:
    lesson = LESSONS[0]
    at = open_app(page="lessons", params={"lesson": lesson.id})
    store = open_store(_private_store)
    assert not [b for b in at.button if "done" in str(b.key)]  # no "mark as done" button
    last = len(lesson.questions) - 1
    for index, question in enumerate(lesson.questions):
        answer_question(at, f"lesson_{lesson.id}_q{index}", question, right=index != last)
        assert not at.exception
    assert lesson.id not in store.lessons_done(session_profile(at))  # one answer is still wrong
    final = lesson.questions[last]
    before = _legal_pick(final, False) if final.kind == "legal" else None
    if final.kind == "choice" and len(final.answer) > 1:
        for index in range(len(final.options["es"])):  # start again from nothing
            at.checkbox(key=f"lesson_{lesson.id}_q{last}_choice_{index}").uncheck().run()
    answer_question(at, f"lesson_{lesson.id}_q{last}", final, right=True, before=before)
    assert lesson.id in store.lessons_done(session_profile(at))  # its questions are right
    # The lesson has a drill: it is done once a sitting of the drill earned a star.
    assert lesson.id in SKILLS
    assert t("lessons_page.earned", "es") not in texts(at, "success")
    assert t("lessons_page.drill_needed", "es") in texts(at, "info")
    at.button(key="lesson_back").click().run()
    path = "\n".join(texts(at, "markdown"))
    assert t("lessons_page.status.done", "es") not in path
    record_sitting(store, session_profile(at), lesson.id, right=5, asked=8, stars=1)
    at.run()
    path = "\n".join(texts(at, "markdown"))
    assert t("lessons_page.status.done", "es") in path
    assert t("lessons_page.status.next", "es") in path


def test_a_lesson_without_a_drill_is_done_by_its_questions_alone(
        _private_store: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every lesson of the path has a drill: a lesson of one's own (a copy under a new id)
    # has none.
    source = next(lesson for lesson in LESSONS if lesson.questions)
    folder = tmp_path / "lessons"
    folder.mkdir()
    text = source.path.read_text(encoding="utf-8")
    (folder / "propia.toml").write_text(
        text.replace(f'id = "{source.id}"', 'id = "propia"', 1), encoding="utf-8")
    monkeypatch.setenv(LESSONS_DIR_ENV, str(folder))
    lessons, errors = load_lessons(folder)
    assert not errors and [lesson.id for lesson in lessons] == ["propia"]
    lesson = lessons[0]
    assert lesson.id not in SKILLS
    at = open_app(page="lessons", params={"lesson": lesson.id})
    for index, question in enumerate(lesson.questions):
        answer_question(at, f"lesson_{lesson.id}_q{index}", question, right=True)
    assert t("lessons_page.earned", "es") in texts(at, "success")
    assert not [link for link in at.get("page_link") if "drills" in str(link.proto.page)]


def test_the_path_marks_done_next_and_later() -> None:
    from tute_tutor.ui.lessons import lesson_status

    done = {LESSONS[0].id, LESSONS[2].id}
    status = lesson_status(LESSONS, done)
    assert status[LESSONS[0].id] == "done" and status[LESSONS[2].id] == "done"
    assert status[LESSONS[1].id] == "next"
    assert [s for s in status.values() if s == "next"] == ["next"]
    assert all(status[lesson.id] == "later" for lesson in LESSONS[3:])


def test_broken_lesson_file_shows_its_message_and_the_others_still_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "lessons"
    folder.mkdir()
    good = LESSONS[0]
    shutil.copy(good.path, folder / good.path.name)
    (folder / "roto.toml").write_text(
        'id = "roto"\norder = 1\ntitle = { es = "Roto", en = "Broken" }\n'
        'summary = { es = "x", en = "x" }\n[[block]]\nkind = "scenario"\n'
        'prompt = { es = "?", en = "?" }\n'
        'scenario = { ruleset = "clasico", trump = "o", hand = ["13c"] }\n',
        encoding="utf-8")
    (folder / "not-toml.toml").write_text("id = [unclosed", encoding="utf-8")
    monkeypatch.setenv(LESSONS_DIR_ENV, str(folder))
    at = open_app(page="lessons")
    assert not at.exception
    errors = [seen(e.value) for e in at.error]
    assert len(errors) == 2
    assert any("roto.toml" in e and "13c" in e for e in errors)
    assert any("not-toml.toml" in e for e in errors)
    assert all("\n" not in e for e in errors)
    at.button(key=f"lesson_open_{good.id}").click().run()
    assert at.title[0].value == good.title["es"]
    assert not at.error


def test_home_page_points_to_the_next_lesson_not_done(_private_store: str) -> None:
    def continue_label(at: AppTest) -> str:
        return next(str(link.label) for link in at.get("page_link")
                    if t("nav.lessons", "es") != link.label and "(" in str(link.label))

    token = new_token()
    assert LESSONS[0].title["es"] in continue_label(open_app(token=token))
    open_store(_private_store).record_lesson(profile_of(token), LESSONS[0].id)
    assert LESSONS[0].title["es"] in continue_label(open_app(token=token))  # its drill waits
    record_sitting(open_store(_private_store), profile_of(token), LESSONS[0].id, right=8,
                   asked=8, stars=3)
    label = continue_label(open_app(token=token))
    assert LESSONS[1].title["es"] in label
    assert t_count("home.continue", len(LESSONS), "es", title=LESSONS[1].title["es"], done=1,
                   total=len(LESSONS)) == label


def test_unknown_lesson_in_the_link_shows_a_message_and_the_list() -> None:
    at = open_app(page="lessons", params={"lesson": "no-such-lesson"})
    assert not at.exception
    assert any("no-such-lesson" in seen(w) for w in texts(at, "warning"))
    assert at.title[0].value == t("lessons_page.title", "es")


# ------------------------------------------------------------------ rules page
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_shows_book_glossary_and_every_flag_example(lang: str) -> None:
    at = open_app(page="rules", lang=lang)
    text = all_text(at)
    assert t("rules.book", lang).strip() in [text.strip() for text in texts(at, "markdown")]
    for flag in FLAG_NAMES:
        assert t(f"settings.flag.{flag}.label", lang) in text
    # The play examples show the engine's own explanation under each setting.
    for example in flag_examples():
        for side in example.sides:
            if side.analysis is not None:
                assert explain(side.analysis, lang) in texts(at, "info")


def test_rule_book_can_be_read_in_both_languages_side_by_side() -> None:
    at = open_app(page="rules")
    shown = [text.strip() for text in texts(at, "markdown")]
    assert t("rules.book", "es").strip() in shown
    assert t("rules.book", "en").strip() not in shown
    at.toggle(key="rules_both_languages").set_value(True).run()
    shown = [text.strip() for text in texts(at, "markdown")]
    assert t("rules.book", "es").strip() in shown and t("rules.book", "en").strip() in shown
