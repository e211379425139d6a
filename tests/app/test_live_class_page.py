"""AppTest: a live class run from the teacher's page while students answer on the join
page. Each AppTest is one browser; they share one database, as a projector and phones
share the school's server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app, stall_guards
from tests.app.learners import as_browser, session_profile
from tute_tutor.engine.variants import find_rules
from tute_tutor.live import classroom as cl
from tute_tutor.live.deck import generated_specs
from tute_tutor.store import StoreError, open_store
from tute_tutor.store.classes import Classes
from tute_tutor.store.db import new_token
from tute_tutor.store.tables import ClassQuestionRow
from tute_tutor.ui.live_class import CODE_KEY
from tute_tutor.words.catalog import t

LANG = "en"


@pytest.fixture
def db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    monkeypatch.setenv("TUTE_TUTOR_DB", url)
    return url


def _open(page: str, **params: str) -> AppTest:
    """``pages/PAGE.py`` in a new browser, followed there by a link with ``params``."""
    return open_app(Path(page).stem, token=new_token(), params={"lang": LANG},
                    page_params=params)


def _button(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception


def _send(at: AppTest) -> None:
    """Press the teacher's Send (one button per question: its key names how many were
    sent)."""
    keys = [b.key for b in at.button if b.key and b.key.startswith("live_send_")]
    assert len(keys) == 1, keys
    _button(at, keys[0])


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for e in (*at.success, *at.error, *at.info, *at.warning)]
    return "\n".join(str(p) for p in parts)


def teacher_with_class(count: int = 3,
                       kinds: tuple[str, ...] = ("obligation", "trick_winner")) -> tuple[
        AppTest, str]:
    """The teacher's page with a class open (single-answer kinds: a wrong tap exists)."""
    at = _open("pages/teacher.py")
    at.radio(key="teacher_mode_w").set_value("live").run()
    at.pills(key="live_kinds").set_value(list(kinds)).run()
    at.number_input(key="live_count").set_value(count).run()
    _button(at, "live_open")
    code = at.session_state[CODE_KEY]
    assert isinstance(code, str) and len(code) == cl.CODE_LENGTH
    return at, code


def student(code: str, nickname: str) -> AppTest:
    at = _open("pages/join.py", **{"class": code})
    at.text_input(key="join_nickname").input(nickname)
    _button(at, "join_enter")
    return at


def tap_right(at: AppTest, classes: Classes, code: str) -> None:
    posed = classes.load(code)[0].current
    assert posed is not None
    if posed.multi:
        at.pills(key=f"join_pick_{posed.index}").set_value(list(posed.answer))
        _button(at, f"join_send_{posed.index}")
    else:
        _button(at, f"join_opt_{posed.index}_{posed.answer[0]}")


def tap_wrong(at: AppTest, classes: Classes, code: str) -> None:
    posed = classes.load(code)[0].current
    assert posed is not None
    wrong = next(o for o in posed.options if o not in posed.answer)
    if posed.multi:
        at.pills(key=f"join_pick_{posed.index}").set_value([wrong])
        _button(at, f"join_send_{posed.index}")
    else:
        _button(at, f"join_opt_{posed.index}_{wrong}")


def test_a_class_from_opening_to_results_with_two_students(db: str) -> None:
    teacher, code = teacher_with_class(2)
    assert code in _texts(teacher)  # the code on the projector
    assert any(code in c.value for c in teacher.code)  # and the link
    classes = Classes(open_store(db))
    ana, luis = student(code, "Ana"), student(code, "  Luis ")
    assert t("live.join.waiting_first", LANG) in _texts(ana)
    teacher.run()
    assert [m.value for m in teacher.metric][:1] == ["2"]
    _send(teacher)
    ana.run()
    luis.run()
    tap_right(ana, classes, code)
    assert "Answer received" in _texts(ana)
    tap_wrong(luis, classes, code)
    teacher.run()
    assert "2 / 2" in [m.value for m in teacher.metric]
    assert not teacher.get("plotly_chart")  # hidden until reveal
    _button(teacher, "live_reveal")
    charts = [c for c in teacher.get("plotly_chart") if c.key == "live_chart_0"]
    assert len(charts) == 1
    first = classes.load(code)[0].questions[0]
    wrong = next(o for o in first.options if o not in first.answer)
    expected = [(o in first.answer) + (o == wrong) for o in first.options]
    assert json.loads(charts[0].proto.spec)["data"][0]["y"] == expected
    ana.run()
    assert t("live.join.was_right", LANG) in _texts(ana)
    # Too late: the question is closed, the change is refused in one line.
    posed = classes.load(code)[0].current
    assert posed is not None
    _button(teacher, "live_explain")
    assert t("live.why", LANG) in _texts(teacher)
    _send(teacher)
    luis.run()
    tap_right(luis, classes, code)
    _button(teacher, "live_end")
    table = teacher.dataframe[0].value
    assert list(table["Student"]) == ["Ana", "Luis"]
    assert list(table["Right"]) == [1, 1]
    assert teacher.get("download_button")
    # Each student's answers count in their own progress.
    store = open_store(db)
    assert [a.correct for a in store.answers(session_profile(ana))] == [True]
    assert [a.correct for a in store.answers(session_profile(luis))] == [False, True]


def test_a_student_who_reloads_gets_back_nickname_and_answer(db: str) -> None:
    teacher, code = teacher_with_class(1, ("legal",))  # pick cards
    _send(teacher)
    classes = Classes(open_store(db))
    ana = student(code, "Ana")
    tap_right(ana, classes, code)
    token = ana.session_state["learner_token"]
    # a new session of the same browser
    again = open_app("join", token=token, params={"lang": LANG}, page_params={"class": code})
    assert "Ana" in [x.value for x in again.text]
    assert "Answer received" in _texts(again)
    assert classes.poll(code).answered == 1


def test_wrong_and_unknown_codes_and_a_taken_nickname_get_one_line(db: str) -> None:
    teacher, code = teacher_with_class(1)
    del teacher
    for bad, key in [("<b>0O1</b>", "live.err.bad_code"), ("ZZZZZZ", "live.err.unknown_code")]:
        at = _open("pages/join.py", **{"class": bad})
        assert [e.value for e in at.error] == [t(key, LANG)]
    student(code, "Ana")
    other = student(code, "ANA")
    assert [e.value for e in other.error] == [t("live.err.nickname_taken", LANG)]
    at = _open("pages/join.py")
    at.text_input(key="join_code_input").input(code.lower()).run()
    assert at.text_input(key="join_nickname") is not None


def _one_card_question(db: str) -> tuple[Classes, str, AppTest, cl.Posed]:
    """A class whose one question is fixed (seed 0: eight cards to pick from, as a random
    one may offer a single card), posed, and Ana's phone in it."""
    classes = Classes(open_store(db))
    deck = generated_specs(["legal"], 1, rules=find_rules("clasico"), difficulty=1, seed=0)
    code = classes.open(cl.Settings(), deck, teacher=new_token())
    classes.send_next(code)
    ana = student(code, "Ana")
    posed = classes.load(code)[0].current
    assert posed is not None and posed.multi and len(posed.options) >= 2
    return classes, code, ana, posed


def test_a_card_picked_in_the_same_moment_as_send_is_part_of_the_answer(db: str) -> None:
    # A fast tap on a last card, then Send: the taps stay in the phone's form until Send
    # carries them, and the answer must hold the choice as sent.
    classes, code, ana, posed = _one_card_question(db)
    first, last = posed.options[0], posed.options[1]
    ana.pills(key=f"join_pick_{posed.index}").set_value([first])
    ana.pills(key=f"join_pick_{posed.index}").set_value([first, last])
    _button(ana, f"join_send_{posed.index}")
    answers = classes.load(code)[0].answers
    assert [a.choice for a in answers.values()] == [(first, last)]


def test_send_with_no_card_tapped_says_so_and_stores_nothing(db: str) -> None:
    classes, code, ana, posed = _one_card_question(db)
    _button(ana, f"join_send_{posed.index}")
    assert [e.value for e in ana.error] == [t("live.join.pick_first", LANG)]
    assert classes.load(code)[0].answers == {}
    ana.pills(key=f"join_pick_{posed.index}").set_value([posed.options[0]])
    _button(ana, f"join_send_{posed.index}")
    assert [a.choice for a in classes.load(code)[0].answers.values()] == [(posed.options[0],)]


def test_every_polled_screen_draws_the_guard_that_brings_its_poll_back(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The projector, a phone before and after joining, and both while the database does
    not answer: each page run draws, after its polling fragment, the one stall guard that
    asks for a whole-page run when the poll's timer is lost."""
    teacher, code = teacher_with_class(1)
    assert stall_guards(teacher) == ["tt-stall-projector"]
    before = _open("pages/join.py", **{"class": code})
    assert stall_guards(before) == ["tt-stall-watch"]
    ana = student(code, "Ana")
    assert stall_guards(ana) == ["tt-stall-seat_poller"]

    def away(self: Classes, wanted: str) -> Any:
        raise StoreError("the database did not answer", reason="unavailable", where="db")

    monkeypatch.setattr(Classes, "load", away)
    for at in (ana.run(), teacher.run()):
        assert at.error and stall_guards(at) == ["tt-stall-_retry"]


def test_a_database_that_does_not_answer_keeps_phone_and_projector_in_the_class(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One line on both screens, the phone not sent back to the code form; once the
    database answers again both show the class as before (the page's retry fragment
    reruns them by itself in a browser; here the next run stands for it)."""
    teacher, code = teacher_with_class(1)
    _send(teacher)
    ana = student(code, "Ana")
    heading = t("live.question_n", LANG, n=1)
    assert heading in _texts(ana)
    loaded = Classes.load

    def away(self: Classes, wanted: str) -> Any:
        raise StoreError("the database did not answer", reason="unavailable", where="db")

    monkeypatch.setattr(Classes, "load", away)
    for at in (ana.run(), teacher.run()):
        assert not at.exception
        assert [e.value for e in at.error] == [t("profile.err_unavailable", LANG, where="db")]
    assert not ana.get("text_input")  # not sent back to the code form
    assert heading not in _texts(ana)
    monkeypatch.setattr(Classes, "load", loaded)
    for at in (ana.run(), teacher.run()):
        assert not at.exception and not at.error
    assert heading in _texts(ana)
    assert any(b.key == "live_reveal" for b in teacher.button)


def _phone() -> None:
    """The join page as the app's entry point runs it, or (``poll_only``) only one poll
    of the phone's polling fragment: what a browser gets from a fragment's timer."""
    import streamlit as st

    from tute_tutor.ui.join import render_join_page, seat_poller
    from tute_tutor.ui.state import init_session_defaults

    init_session_defaults()
    if st.session_state.get("poll_only"):
        seat_poller(st.query_params["class"])
    else:
        st.session_state["page_runs"] = st.session_state.get("page_runs", 0) + 1
        render_join_page()


def _joined_phone(db: str) -> tuple[Classes, str, AppTest]:
    """A class of two questions with the first sent, and a phone joined as Ana that has
    drawn it once (a page run)."""
    classes = Classes(open_store(db))
    deck = generated_specs(["obligation", "trick_winner"], 2, rules=find_rules("clasico"),
                           difficulty=1, seed=0)
    code = classes.open(cl.Settings(), deck, teacher=new_token())
    classes.send_next(code)
    phone = AppTest.from_function(_phone, default_timeout=60)
    token = as_browser(phone)
    phone.query_params["class"] = code
    phone.query_params["lang"] = LANG
    classes.join(code, "Ana", f"{token}:{code}")
    phone.run()
    return classes, code, phone


def test_a_phones_poll_alone_draws_the_next_question_and_its_own_answer(db: str) -> None:
    """The phone's view is drawn by its poll, not by a whole-page run the poll asks for:
    a busy browser once kept the old question while the server had run the new page."""
    classes, code, phone = _joined_phone(db)
    assert not phone.exception
    assert t("live.question_n", LANG, n=1) in _texts(phone)
    classes.send_next(code)
    phone.session_state["poll_only"] = True
    phone.run()
    assert not phone.exception
    assert t("live.question_n", LANG, n=2) in _texts(phone)
    assert t("live.question_n", LANG, n=1) not in _texts(phone)
    tap_right(phone, classes, code)  # the tap reruns only the fragment, as in a browser
    assert "Answer received" in _texts(phone)
    assert phone.session_state["page_runs"] == 1


def test_a_refused_tap_stays_on_the_phone_until_the_class_moves_on(db: str) -> None:
    """A refusal is drawn by the phone's poll: it stays on every poll (not one second)
    and goes when the next question comes."""
    classes, code, phone = _joined_phone(db)
    phone.session_state["poll_only"] = True
    classes.close(code)  # the teacher closes while the phone still shows the options
    tap_right(phone, classes, code)
    too_late = t("live.err.closed", LANG)
    assert too_late in [e.value for e in phone.error]
    phone.run()  # the next poll
    assert too_late in [e.value for e in phone.error]
    classes.send_next(code)
    phone.run()
    assert too_late not in [e.value for e in phone.error]
    assert t("live.question_n", LANG, n=2) in _texts(phone)


def test_send_pressed_on_two_screens_showing_the_same_question_sends_one(db: str) -> None:
    """The projector and the teacher's laptop both show "Send first question": both
    pressed, or one press carried twice, poses one question, not two."""
    projector, code = teacher_with_class(3)
    laptop = open_app("teacher", token=str(projector.session_state["learner_token"]),
                      params={"lang": LANG}, page_params={"live": code})
    assert any(b.key == "live_send_0" for b in laptop.button)
    _send(projector)
    _button(laptop, "live_send_0")  # drawn before the projector's press
    classes = Classes(open_store(db))
    assert [q.index for q in classes.load(code)[0].questions] == [0]
    _send(laptop)  # now it shows question 1 sent: the next one goes out
    assert [q.index for q in classes.load(code)[0].questions] == [0, 1]


def test_a_question_whose_timer_ran_out_says_time_is_up_on_both_screens(db: str) -> None:
    at = _open("pages/teacher.py")
    at.radio(key="teacher_mode_w").set_value("live").run()
    at.selectbox(key="live_timer").set_value(cl.TIMER_CHOICES[0]).run()
    _button(at, "live_open")
    code = at.session_state[CODE_KEY]
    _send(at)
    ana = student(code, "Ana")
    assert [m.label for m in at.metric][-1] == t("live.time_left", LANG)
    assert t("live.time_up", LANG) not in _texts(at)
    classes = Classes(open_store(db))
    with classes.store.engine.begin() as connection:  # the timer runs out
        connection.execute(update(ClassQuestionRow).values(
            deadline=ClassQuestionRow.opened_at - 1))
    at.run()
    ana.run()
    assert t("live.time_up", LANG) in _texts(at)
    assert t("live.time_left", LANG) not in [m.label for m in at.metric]
    assert t("live.join.closed", LANG) in _texts(ana)
    _button(at, "live_reveal")
    assert t("live.time_up", LANG) not in _texts(at)  # the answer is shown instead


def _projector() -> None:
    """The live class's projector as its page draws it, or (``poll_only``) one poll of
    its polling fragment alone."""
    import streamlit as st

    from tute_tutor.ui.live_class import CODE_KEY, projector, render_live_class
    from tute_tutor.ui.state import init_session_defaults

    init_session_defaults()
    if st.session_state.get("poll_only"):
        projector(st.session_state[CODE_KEY], 2)
    else:
        render_live_class()


def test_a_projectors_poll_alone_draws_what_the_class_did(db: str) -> None:
    """Counts, controls, the question and the revealed chart come from the poll, not from
    a page run it asks for (a busy browser once kept a revealed question without its
    chart)."""
    classes = Classes(open_store(db))
    deck = generated_specs(["obligation", "trick_winner"], 2, rules=find_rules("clasico"),
                           difficulty=1, seed=0)
    teacher = new_token()
    code = classes.open(cl.Settings(), deck, teacher=teacher)
    screen = AppTest.from_function(_projector, default_timeout=60)
    as_browser(screen, teacher)
    screen.session_state[CODE_KEY] = code
    screen.query_params["lang"] = LANG
    screen.run()
    assert not screen.exception and t("live.lobby", LANG) in _texts(screen)
    screen.session_state["poll_only"] = True
    classes.send_next(code, sent=0)
    classes.join(code, "Ana", "ana")
    screen.run()
    assert t("live.question_n", LANG, n=1) in _texts(screen)
    assert [m.value for m in screen.metric][:2] == ["1", "0 / 1"]
    tap = classes.load(code)[0].current
    assert tap is not None
    classes.answer(code, "ana", list(tap.answer))
    screen.run()
    assert [m.value for m in screen.metric][:2] == ["1", "1 / 1"]
    _button(screen, "live_reveal")  # the button is the fragment's: a poll's run
    assert "live_chart_0" in [c.key for c in screen.get("plotly_chart")]
    assert classes.load(code)[0].questions[0].revealed


def test_a_refusal_stays_on_the_projector_until_the_class_moves_on(db: str) -> None:
    """The projector still shows Send when the teacher's laptop ends the class: its
    press is refused, and the refusal stays on every poll (not one second) until the
    class changes again."""
    classes = Classes(open_store(db))
    deck = generated_specs(["obligation", "trick_winner"], 2, rules=find_rules("clasico"),
                           difficulty=1, seed=0)
    teacher = new_token()
    code = classes.open(cl.Settings(), deck, teacher=teacher)
    classes.join(code, "Ana", "ana")
    screen = AppTest.from_function(_projector, default_timeout=60)
    as_browser(screen, teacher)
    screen.session_state[CODE_KEY] = code
    screen.query_params["lang"] = LANG
    screen.run()
    screen.session_state["poll_only"] = True
    classes.end(code)  # from the laptop, after the projector drew its Send
    _button(screen, "live_send_0")
    ended = t("live.err.ended", LANG)
    assert ended in [w.value for w in screen.warning]
    screen.run()  # the next poll
    assert ended in [w.value for w in screen.warning]
    ana = classes.load(code)[0].participants[0]
    classes.remove(code, ana.id)  # the class moves on
    screen.run()
    assert ended not in [w.value for w in screen.warning]
    assert not classes.load(code)[0].questions
