"""AppTest: the teacher's page (builder, presenter, sequence, links, files, worksheets,
hand records) and the students' try-it view opened from a shared link."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import APP, open_app
from tests.app.marking import mark, selection_keys
from tests.hostile import seen
from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import Game
from tute_tutor.formats.scenario import Scenario
from tute_tutor.formats.share import encode_link, scenarios_to_file_text
from tute_tutor.ui.builder import pick_key
from tute_tutor.ui.cards import fallback_key
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import explain

LANG = "es"

MONTAR = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"],
                             "trick": ["10c"]})
PARTNER = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["1c", "4c", "5b"],
                              "trick": ["10c", "2o", "7c"]})


@pytest.fixture(autouse=True)
def _own_progress_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Answers given in these tests go to a throw-away database."""
    monkeypatch.setenv("TUTE_TUTOR_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")


def _open(page: str, **params: str) -> AppTest:
    """``pages/PAGE.py`` opened from a link with ``params``."""
    return open_app(Path(page).stem, params={"lang": LANG, **params})


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error]
    parts += [e.value for e in at.success] + [e.value for e in at.warning]
    parts += [e.value for e in at.info] + [e.value for e in at.subheader]
    parts += [e.value for e in at.caption]
    return "\n".join(str(p) for p in parts)


def _click_card(at: AppTest, suit_letter: str, code: str) -> None:
    suit = "oceb".index(suit_letter)
    at.button(key=fallback_key(pick_key(suit), Card.parse(code))).click().run()
    assert not at.exception


def _mode(at: AppTest, mode: str) -> None:
    at.radio(key="teacher_mode_w").set_value(mode).run()
    assert not at.exception


def test_build_a_scenario_by_clicks_and_see_the_engines_answer() -> None:
    at = _open("pages/teacher.py")
    at.button(key="tb_clear_trick").click().run()
    at.button(key="tb_clear_hand").click().run()
    at.radio(key="tb_target").set_value("trick").run()
    _click_card(at, "c", "10c")
    at.radio(key="tb_target").set_value("hand").run()
    for code in ("12c", "4c", "5b"):
        _click_card(at, code[-1], code)
    assert at.text_input(key="tb_trick").value == "10c"
    assert at.text_input(key="tb_hand").value == "12c, 4c, 5b"
    text = _texts(at)
    analysis = MONTAR.analyse()
    name = t(f"worksheet.obligation.{analysis.obligation}", LANG)
    assert t("presenter.obligation", LANG, name=name) in text
    assert explain(analysis, LANG) in text
    assert "(12c)" in text and "(4c)" not in text.split("Cartas legales")[1].split("\n")[0]
    # who is winning, and that it is an opponent's card
    assert any("de un rival" in w.value for w in at.warning)
    # a clicked card leaves the picker
    keys = {b.key for b in at.button}
    assert fallback_key(pick_key(1), Card.parse("12c")) not in keys
    assert fallback_key(pick_key(1), Card.parse("1c")) in keys


def test_partner_winning_is_said_to_be_the_partners() -> None:
    at = _open("pages/teacher.py")
    at.text_input(key="tb_trick").set_value("10c, 2o, 7c").run()
    at.text_input(key="tb_hand").set_value("1c, 4c, 5b").run()
    assert PARTNER.analyse().winning_by == "partner"
    assert any("de tu compañero" in s.value for s in at.success)


@pytest.mark.parametrize(("trick", "hand", "words"), [
    ("10c", "10c, 4c", t("teacher.problem.twice", LANG, card="10c")),
    ("1c, 2c, 3c, 4c", "5c", t("teacher.problem.trick_too_long", LANG, count=4, most=3)),
    ("", "1o,3o,12o,11o,10o,7o,6o,5o,4o,2o,1c",
     t("teacher.problem.hand_too_big", LANG, count=11, most=10)),
    ("9x", "1o", t("teacher.problem.bad_code", LANG, code="'9x'")),
    ("", "", t("teacher.problem.empty_hand", LANG)),
])
def test_every_impossible_scenario_gets_a_one_line_message(trick: str, hand: str,
                                                           words: str) -> None:
    at = _open("pages/teacher.py")
    at.text_input(key="tb_trick").set_value(trick).run()
    at.text_input(key="tb_hand").set_value(hand).run()
    assert not at.exception
    errors = [seen(e.value) for e in at.error]
    assert len(errors) == 1
    assert words in errors[0] and "\n" not in errors[0]
    assert errors[0].startswith(t("teacher.invalid", LANG, error="").strip())


def test_generate_fills_a_scenario_of_the_chosen_topic() -> None:
    at = _open("pages/teacher.py")
    at.selectbox(key="tb_topic").set_value("pisar").run()
    at.button(key="tb_generate").click().run()
    assert not at.exception
    trick = at.text_input(key="tb_trick").value
    hand = at.text_input(key="tb_hand").value
    scenario = Scenario.from_json({"ruleset": "clasico", "trump": at.selectbox(key="tb_trump")
                                   .value, "trick": trick, "hand": hand})
    assert scenario.analyse().obligation == "pisar"
    assert t("teacher.generated", LANG) in _texts(at)


def test_presenter_reveals_step_by_step_and_walks_the_sequence() -> None:
    at = _open("pages/teacher.py")
    at.button(key="tb_add").click().run()  # slide 1: the default example (montar)
    at.text_input(key="tb_trick").set_value("10c, 2o, 7c").run()
    at.text_input(key="tb_hand").set_value("1c, 4c, 5b").run()
    at.button(key="tb_add").click().run()  # slide 2
    _mode(at, "deck")
    assert t("teacher.deck_title", LANG, count=2) in _texts(at)
    at.button(key="deck_present").click().run()
    obligation_line = t("presenter.obligation", LANG, name="")
    seen = []
    for _ in range(8):
        text = _texts(at)
        seen.append((t("presenter.slide_of", LANG, number=1, total=2) in text,
                     obligation_line.strip() in text))
        at.button(key="pr_next").click().run()
        assert not at.exception
    # slide 1 for four steps, the answer only on the last of them; then slide 2
    assert seen[:4] == [(True, False), (True, False), (True, False), (True, True)]
    assert not any(first for first, _ in seen[4:])
    text = _texts(at)
    assert t("presenter.slide_of", LANG, number=2, total=2) in text
    assert explain(PARTNER.analyse(), LANG) in text
    at.button(key="pr_next").click().run()  # past the end: stays on the last step
    assert t("presenter.slide_of", LANG, number=2, total=2) in _texts(at)
    at.button(key="pr_back").click().run()
    at.button(key="pr_back").click().run()
    at.button(key="pr_back").click().run()
    at.button(key="pr_back").click().run()  # back across the slide boundary
    text = _texts(at)
    assert t("presenter.slide_of", LANG, number=1, total=2) in text
    assert explain(MONTAR.analyse(), LANG) in text
    at.button(key="pr_exit").click().run()
    assert at.radio(key="teacher_mode_w").value == "deck"  # back to the sequence


def test_teacher_link_restores_the_sequence() -> None:
    token = encode_link([MONTAR, PARTNER])
    at = _open("pages/teacher.py", s=token)
    text = _texts(at)
    assert t_count("teacher.link_loaded", 2, LANG) in text
    assert at.radio(key="teacher_mode_w").value == "deck"
    assert "10c,2o,7c" in text  # the second slide's table in the list
    assert any(f"?s={token}" in c.value for c in at.code)


@pytest.mark.parametrize("token", ["1" + "A" * 30, "9abc", "1eJz%%%"])
def test_bad_teacher_link_gives_one_line_message(token: str) -> None:
    at = _open("pages/teacher.py", s=token)
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "\n" not in errors[0]


def test_scenario_file_loads_and_bad_file_is_reported() -> None:
    at = _open("pages/teacher.py")
    _mode(at, "deck")
    at.file_uploader(key="deck_upload").upload(
        "s.json", scenarios_to_file_text([MONTAR, PARTNER]).encode(), "application/json").run()
    assert t_count("teacher.file_ok", 2, LANG) in _texts(at)
    at.button(key="deck_replace").click().run()
    assert t("teacher.deck_title", LANG, count=2) in _texts(at)
    at.file_uploader(key="deck_upload").clear().run()
    at.file_uploader(key="deck_upload").upload(
        "s.json", b'[{"ruleset": "clasico", "trump": "o", "hand": ["1o", "1o"]}]',
        "application/json").run()
    errors = [e.value for e in at.error]
    assert errors == [t("teacher.file_error.scenario", LANG,
                        detail=t("teacher.problem.twice", LANG, card="1o"))]


def test_student_opens_a_link_picks_an_answer_then_sees_it() -> None:
    token = encode_link([MONTAR, PARTNER])
    at = _open("pages/try_it.py", s=token)
    text = _texts(at)
    assert explain(MONTAR.analyse(), LANG) not in text  # the answer waits for the student
    assert len(selection_keys(at)) == 1
    mark(at, ["12c", "4c"])
    at.button(key="try_check_0").click().run()
    text = _texts(at)
    assert explain(MONTAR.analyse(), LANG) in text
    assert t("try_it.wrong", LANG) in text
    assert t("try_it.extra", LANG, cards="cuatro de copas") in text
    at.button(key="try_again_0").click().run()
    mark(at, ["12c"])  # a fresh try starts with nothing marked
    at.button(key="try_check_0").click().run()
    assert t("try_it.right", LANG) in _texts(at)
    at.button(key="try_next").click().run()
    text = _texts(at)
    assert t_count("try_it.progress", 1, LANG, number=2, total=2, right=1, answered=1) in text
    legal = [str(c) for c in PARTNER.analyse().legal]
    mark(at, legal)
    at.button(key="try_check_1").click().run()
    assert t("try_it.right", LANG) in _texts(at)
    # the three answers count in the learner's progress, right or wrong
    from tute_tutor.store import open_store

    store = open_store(os.environ["TUTE_TUTOR_DB"])
    profile = at.session_state["profile"]  # this browser's learner's profile
    answers = [(a.kind, a.rule, a.correct) for a in store.answers(profile)]
    assert store.profiles() == []  # nothing landed outside this browser's learner
    store.close()
    assert answers == [("legal", "montar", False), ("legal", "montar", True),
                       ("legal", PARTNER.analyse().obligation, True)]


@pytest.mark.parametrize(("token", "reason"), [
    ("1" + "A" * 30, "checksum"),
    ("7abc", "version"),
    (encode_link([MONTAR])[:-6], "checksum"),
])
def test_student_with_a_broken_link_gets_one_clear_line(token: str, reason: str) -> None:
    at = _open("pages/try_it.py", s=token)
    errors = [e.value for e in at.error]
    assert errors == [t(f"teacher.link_error.{reason}", LANG, detail="")]


def test_student_without_a_link_can_paste_one() -> None:
    at = _open("pages/try_it.py")
    assert t("try_it.no_link", LANG) in _texts(at)
    token = encode_link([MONTAR])
    at.text_input(key="try_paste").set_value("http://x:8501/try_it?lang=es").run()
    assert [e.value for e in at.error] == [t("teacher.link_error.empty", LANG)]
    at.text_input(key="try_paste").set_value(f"http://x:8501/try_it?s={token}&lang=es").run()
    assert not at.exception
    assert t("try_it.question", LANG) in _texts(at)


def test_worksheet_mode_offers_html_and_pdf_downloads() -> None:
    at = _open("pages/teacher.py")
    at.button(key="tb_add").click().run()
    _mode(at, "worksheet")
    assert t_count("teacher.ws_ready", 1, LANG) in _texts(at)
    previews = at.get("iframe")  # st.iframe, the replacement of components.v1.html
    assert len(previews) == 1
    assert t("worksheet.title", LANG) in previews[0].proto.srcdoc
    at.radio(key="ws_source").set_value("generate").run()
    at.number_input(key="ws_count").set_value(4).run()
    assert not at.exception
    assert t_count("teacher.ws_ready", 4, LANG) in _texts(at)
    labels = {b.label for b in at.get("download_button")}  # type: ignore[attr-defined]
    assert t("teacher.ws_pdf", LANG) in labels and t("teacher.ws_html", LANG) in labels


def _played_record() -> dict[str, object]:
    game = Game.deal("clasico", seed=11)
    rng = random.Random(5)
    while not game.finished:
        game.play(rng.choice(game.legal_plays()))
    return game.to_record()


def test_hand_record_steps_trick_by_trick() -> None:
    record = _played_record()
    at = _open("pages/teacher.py")
    _mode(at, "record")
    at.text_area(key="rec_paste").set_value(json.dumps(record)).run()
    assert not at.exception
    text = _texts(at)
    assert t("presenter.trick_of", LANG, number=1, total=10) in text
    first = record["events"][0]["play"]  # type: ignore[index]
    assert Card.parse(first).name_with_article("es") in text
    at.button(key="rec_next").click().run()
    assert t("presenter.trick_of", LANG, number=2, total=10) in _texts(at)


def test_a_hand_record_gives_free_cards_their_reason_and_links_to_watch_it() -> None:
    from tute_tutor.coach.watch import watch_game
    from tute_tutor.formats.record import replay_game
    from tute_tutor.formats.share import HAND_QUERY_KEY, decode_hand_link
    from tute_tutor.ui.presenter import seat_name
    from tute_tutor.words.coach import reason_text

    record = _played_record()
    at = _open("pages/teacher.py")
    _mode(at, "record")
    at.text_area(key="rec_paste").set_value(json.dumps(record)).run()
    steps = [s for s in watch_game(replay_game(record)).steps if s.card is not None][:4]
    text = _texts(at)
    for step in steps:
        assert step.reason is not None
        said = reason_text(step.reason, seat_name(step.seat, 4, LANG), LANG)
        assert (said in text) == step.is_free
    link = next(e for e in at.get("page_link") if e.proto.page == "watch")
    query = dict(part.split("=", 1) for part in link.proto.query_string.split("&"))
    assert decode_hand_link(query[HAND_QUERY_KEY]) == record and query["lang"] == LANG


def test_bad_hand_record_is_one_line() -> None:
    record = _played_record()
    record["events"] = [{"play": "1o"}, {"play": "1o"}]  # type: ignore[index]
    at = _open("pages/teacher.py")
    _mode(at, "record")
    at.text_area(key="rec_paste").set_value(json.dumps(record)).run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "\n" not in errors[0]
    at.text_area(key="rec_paste").set_value("{not json").run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "JSON" in errors[0]


def test_ten_generated_scenarios_of_a_topic_fill_the_sequence_in_one_click() -> None:
    at = _open("pages/teacher.py")
    at.selectbox(key="tb_topic").set_value("fallar").run()
    at.button(key="tb_generate_many").click().run()
    assert not at.exception
    assert t_count("teacher.added", 10, LANG) in _texts(at)
    deck = [Scenario.from_json(d) for d in at.session_state["teacher_deck"]]
    assert len(deck) == 10
    assert all(s.analyse().obligation == "fallar" for s in deck)


def test_builder_keeps_its_scenario_across_tools_and_pages() -> None:
    at = _open("pages/teacher.py")
    at.text_input(key="tb_trick").set_value("1o, 2o").run()
    _mode(at, "deck")
    _mode(at, "build")
    assert at.text_input(key="tb_trick").value == "1o, 2o"
    at.switch_page("pages/home.py").run()
    at.switch_page("pages/teacher.py").run()
    assert not at.exception
    assert at.text_input(key="tb_trick").value == "1o, 2o"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_tool_renders_in_both_languages_without_raw_keys(lang: str) -> None:
    at = open_app("teacher", params={"lang": lang, "deck": "french",
                                     "s": encode_link([MONTAR, PARTNER])})
    record = json.dumps(_played_record())
    for mode in ("build", "deck", "worksheet", "record", "present"):
        _mode(at, mode)
        if mode == "record":
            at.text_area(key="rec_paste").set_value(record).run()
        text = _texts(at)
        labels = " ".join(str(w.label) for w in (*at.button, *at.radio, *at.text_input))
        for prefix in ("teacher.", "presenter.", "worksheet.", "try_it."):
            assert prefix not in text and prefix not in labels, (mode, prefix)
        assert not at.exception
        if mode == "present":
            at.button(key="pr_exit").click().run()
    at.switch_page("pages/try_it.py").run()
    assert not at.exception
    assert t("try_it.title", lang) in [h.value for h in at.title]


def test_student_link_with_an_impossible_second_scenario_names_it() -> None:
    import base64
    import zlib

    payload = [MONTAR.to_json(), {"ruleset": "clasico", "trump": "o", "hand": ["1o", "1o"]}]
    token = "1" + base64.urlsafe_b64encode(zlib.compress(json.dumps(payload).encode())) \
        .decode().rstrip("=")
    at = _open("pages/try_it.py", s=token)
    problem = t("teacher.scenario_number", LANG, number=2,
                problem=t("teacher.problem.twice", LANG, card="1o"))
    assert [e.value for e in at.error] == [t("teacher.link_error.scenario", LANG,
                                             detail=problem)]


@pytest.mark.parametrize("name", ["teacher.py", "try_it.py"])
def test_pages_hold_no_stray_strings_that_streamlit_magic_would_print(name: str) -> None:
    import ast

    tree = ast.parse((APP.parent / "pages" / name).read_text())
    docstrings = {id(tree.body[0])}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.body:
            docstrings.add(id(node.body[0]))
    stray = [node.lineno for node in ast.walk(tree)
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
             and isinstance(node.value.value, str) and id(node) not in docstrings]
    assert stray == []


def test_hand_record_on_the_projector_shows_only_the_tricks() -> None:
    record = _played_record()
    at = _open("pages/teacher.py")
    _mode(at, "record")
    at.text_area(key="rec_paste").set_value(json.dumps(record)).run()
    at.button(key="rec_next").click().run()
    at.toggle(key="rec_project").set_value(True).run()
    assert not at.exception
    assert not [r for r in at.radio if r.key == "teacher_mode_w"]  # no page chrome
    assert not [a for a in at.text_area if a.key == "rec_paste"]
    assert t("presenter.trick_of", LANG, number=2, total=10) in _texts(at)
    at.button(key="rec_next").click().run()
    assert t("presenter.trick_of", LANG, number=3, total=10) in _texts(at)
    at.toggle(key="rec_project").set_value(False).run()
    assert at.radio(key="teacher_mode_w").value == "record"
    assert t("presenter.trick_of", LANG, number=3, total=10) in _texts(at)


def test_the_student_link_comes_with_its_qr_code() -> None:
    from tute_tutor.render.qr import qr_svg

    token = encode_link([MONTAR, PARTNER])
    at = _open("pages/teacher.py", s=token)
    student = next(c.value for c in at.code if "/try_it?" in c.value)
    assert at.get("image"), "the QR code is drawn"
    svg = qr_svg(student)
    assert svg.startswith("<svg") and "#fff" in svg.lower()
    assert qr_svg(student + "x") != svg  # the drawing follows the link


def test_deck_counts_follow_the_language_plural_rules() -> None:
    assert t_count("teacher.deck_count", 1, "en") == "The sequence has 1 scenario."
    assert t_count("teacher.deck_count", 2, "en") == "The sequence has 2 scenarios."
    assert t_count("teacher.deck_count", 1, "es") == "La secuencia tiene 1 escenario."
    assert t_count("teacher.deck_count", 0, "es") == "La secuencia tiene 0 escenarios."
