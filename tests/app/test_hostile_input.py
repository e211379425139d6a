"""Hostile input in the app (issue 12), through AppTest: every URL parameter, share-link
scenario contents, pasted records, the builder's fields, the sidebar flag box and profile
names. The page never raises, every message is one line, and no text a user sent is
rendered as a live link, image or HTML: each element's Markdown is rendered the way
GitHub-flavoured Markdown does and checked (tests/hostile.py)."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tests.hostile import HOSTILE_HOST, HOSTILE_TEXTS, hostile_text, live_markup, seen
from tute_tutor.store import ENV_VAR
from tute_tutor.ui.layout import widget_key
from tute_tutor.ui.state import SETTINGS_ERROR

FEW = settings(max_examples=4, deadline=None,
               suppress_health_check=[HealthCheck.function_scoped_fixture])
TEXT_KINDS = ("markdown", "caption", "info", "success", "error", "warning", "header",
              "subheader", "title", "toast")


@pytest.fixture(autouse=True)
def _private_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, f"sqlite:///{tmp_path / 'progress.sqlite'}")


def open_page(page: str, params: dict[str, str]) -> AppTest:
    return open_app(page, params=params, check=False)


def assert_nothing_live(at: AppTest) -> None:
    """No exception; every message one line; no user text rendered as markup."""
    assert not at.exception, [e.message for e in at.exception]
    for kind in TEXT_KINDS:
        for element in at.get(kind):
            body = str(getattr(element, "value", "") or getattr(element, "body", ""))
            if getattr(element, "allow_html", False):
                assert HOSTILE_HOST not in body and "<script" not in body
            else:
                assert live_markup(body) == [], (kind, body[:300])
            if kind in ("error", "warning", "info", "success"):
                assert "\n" not in body.strip(), body[:300]


def _token(data: Any) -> str:
    packed = zlib.compress(json.dumps(data).encode("utf-8"))
    return "1" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


URL_PARAMS = {
    "lang": "home", "rules": "home", "deck": "home", "flags": "home", "lesson": "lessons",
    "profile": "progress", "kinds": "quiz", "s": "try_it", "h": "watch",
}


@pytest.mark.parametrize(("name", "page"), list(URL_PARAMS.items()))
@given(value=hostile_text())
@FEW
def test_fuzz_every_url_parameter_never_runs_as_markup(name: str, page: str,
                                                       value: str) -> None:
    at = open_page(page, {name: value})
    assert_nothing_live(at)


@pytest.mark.parametrize("text", [t for t in HOSTILE_TEXTS if HOSTILE_HOST in t])
def test_a_phishing_lesson_link_shows_as_plain_text(text: str) -> None:
    at = open_page("lessons", {"lesson": text})
    assert_nothing_live(at)
    assert any(text in seen(str(w.value)) for w in at.warning)


@pytest.mark.parametrize("flags", ["tute_award=²", "tute_award=" + "9" * 5000,
                                   "tute_award=٣", "match=[x](http://example.invalid)"])
def test_bad_flags_in_the_url_never_break_a_page(flags: str) -> None:
    for page in ("home", "rules", "quiz"):
        at = open_page(page, {"flags": flags})
        assert_nothing_live(at)
        assert at.session_state["overrides"] == {}


SCENARIO = {"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c"], "trick": ["10c"]}


@pytest.mark.parametrize("page", ["try_it", "teacher"])
@given(key=st.sampled_from(["hand", "trick", "trump", "ruleset", "overrides", "stock_left"]),
       value=st.one_of(hostile_text(), st.lists(hostile_text(), max_size=2)))
@FEW
def test_fuzz_share_link_scenario_contents_never_run_as_markup(page: str, key: str,
                                                               value: Any) -> None:
    token = _token({**SCENARIO, key: value})
    at = open_page(page, {"s": token})
    assert_nothing_live(at)


def test_a_share_link_hand_holding_an_image_shows_no_image() -> None:
    token = _token({**SCENARIO, "hand": [f"![x](http://{HOSTILE_HOST}/p.png)"]})
    for page in ("try_it", "teacher"):
        at = open_page(page, {"s": token})
        assert_nothing_live(at)
        assert at.error  # the link is refused, with its reason


@given(record=st.one_of(hostile_text(), st.builds(
    lambda key, value: json.dumps({"format": "tute-hand/1", "ruleset": "clasico", key: value}),
    st.sampled_from(["ruleset", "dealer", "hands", "events", "trump_card", "x"]),
    hostile_text())))
@FEW
def test_fuzz_a_pasted_record_never_runs_as_markup(record: str) -> None:
    at = open_page("teacher", {})
    at.radio(key="teacher_mode_w").set_value("record").run()
    at.text_area(key="rec_paste").set_value(record).run()
    assert_nothing_live(at)


@given(record=st.one_of(hostile_text(), st.builds(
    lambda key, value: json.dumps({"format": "tute-hand/1", "ruleset": "clasico", key: value}),
    st.sampled_from(["ruleset", "dealer", "hands", "events", "trump_card", "x"]),
    hostile_text())))
@FEW
def test_fuzz_a_record_pasted_to_watch_never_runs_as_markup(record: str) -> None:
    at = open_page("watch", {})
    at.radio(key="watch_source").set_value("record").run()
    at.text_area(key="watch_paste").set_value(record).run()
    assert_nothing_live(at)
    assert at.error or at.info  # refused in one line, or nothing to watch yet


@pytest.mark.parametrize("field", ["tb_trick", "tb_hand"])
@given(value=hostile_text())
@FEW
def test_fuzz_the_builder_fields_never_run_as_markup(field: str, value: str) -> None:
    at = open_page("teacher", {})
    at.text_input(key=field).set_value(value[:500]).run()
    assert_nothing_live(at)


@given(value=hostile_text())
@FEW
def test_fuzz_the_sidebar_flag_box_never_runs_as_markup(value: str) -> None:
    at = open_app(check=False)
    at.text_input(key=widget_key("flag_tute_award")).set_value(value[:500]).run()
    assert_nothing_live(at)
    message = at.session_state[SETTINGS_ERROR] if SETTINGS_ERROR in at.session_state \
        else ""  # noqa: SIM401 - AppTest's session state has no get()
    assert live_markup(str(message or "")) == []


@given(name=hostile_text())
@FEW
def test_fuzz_a_typed_profile_name_never_runs_as_markup(name: str) -> None:
    at = open_app(check=False)
    at.text_input(key="profile_new_name").set_value(name[:40]).run()
    assert not at.exception
    at.switch_page("pages/progress.py").run()
    assert_nothing_live(at)


@given(content=st.one_of(hostile_text(), st.builds(
    lambda key, value: json.dumps({**SCENARIO, key: value}),
    st.sampled_from(["hand", "trick", "trump", "ruleset", "overrides"]), hostile_text())))
@settings(max_examples=80, deadline=None)
def test_fuzz_an_uploaded_scenario_or_record_file_message_never_runs_as_markup(
        content: str) -> None:
    # AppTest cannot drive st.file_uploader: the page shows exactly these lines.
    from tute_tutor.engine.errors import TuteError
    from tute_tutor.formats.record import load_record_text, replay_game
    from tute_tutor.formats.share import ShareError, scenarios_from_file_bytes
    from tute_tutor.ui.builder import link_error_line
    from tute_tutor.ui.presenter import record_error_line

    for lang in ("es", "en"):
        try:
            scenarios_from_file_bytes(content.encode("utf-8"))
        except ShareError as error:
            line = link_error_line(error, lang, source="file")
            assert live_markup(line) == [] and "\n" not in line
        try:
            replay_game(load_record_text(content))
        except TuteError as error:
            line = record_error_line(error, lang)
            assert live_markup(line) == [] and "\n" not in line
