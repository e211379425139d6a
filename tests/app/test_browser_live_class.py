"""A live class in a real Chromium (marker ``browser``): a projector context and two
student contexts (one a 390x844 phone) run three questions; one student reloads in the
middle of a question and comes back to it; the phone loses its polling timer before the
first question and is shown it all the same; the projector's chart counts each answer."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.conftest import KEEP_POLLS_JS, app_ready, save_screenshot, stop_polls, until
from tute_tutor.live import classroom as cl
from tute_tutor.live.deck import question_for
from tute_tutor.store import open_store
from tute_tutor.store.classes import Classes
from tute_tutor.words.catalog import t

pytestmark = pytest.mark.browser
LANG = "en"


@pytest.fixture
def server(app_url: str, app_db: str) -> tuple[str, str]:
    """The shared app and its database (a class is its own, by its code)."""
    return app_url, app_db


_KEEP_CONSOLE = """
window.__ttConsole = [];
for (const level of ["log", "info", "warn", "error"]) {
  const write = console[level].bind(console);
  console[level] = (...args) => {
    window.__ttConsole.push(level + ": " + args.map(String).join(" ").slice(0, 200));
    write(...args);
  };
}
"""
"""Kept in the page, so a failure can say what the app logged (see :func:`_follows`)."""


@pytest.fixture
def opened() -> Iterator[list[Any]]:
    """The browser contexts a test opened, closed when it ends, passed or failed: a
    polling page left open would go on running the class for the rest of the worker's
    tests, on the same two cores."""
    contexts: list[Any] = []
    yield contexts
    for context in contexts:
        context.close()


def _context(chromium: Any, opened: list[Any], **options: Any) -> Any:
    context = chromium.new_context(locale="en-GB", **options)
    context.add_init_script(_KEEP_CONSOLE)
    opened.append(context)
    return context


def _current(classes: Classes, code: str) -> cl.Posed:
    posed = classes.load(code)[0].current
    assert posed is not None
    return posed


def _posed_index(classes: Classes, code: str) -> int:
    """The index of the question the class is on, -1 before the first."""
    posed = classes.load(code)[0].current
    return -1 if posed is None else posed.index


def _tap(page: Any, posed: cl.Posed, choice: list[str]) -> None:
    """Tap the choice on a phone: the option buttons, or the card pills and Send."""
    q = question_for(posed.spec, LANG)
    main = page.locator("[data-testid='stMain']")
    if posed.multi:
        for value in choice:
            main.get_by_role("button", name=q.label_of(value), exact=True).click()
        main.get_by_role("button", name=t("live.join.send", LANG)).click()
    else:
        main.get_by_role("button", name=q.label_of(choice[0]), exact=True).click()
    page.get_by_text("Answer received").wait_for()


def _wrong(posed: cl.Posed) -> list[str]:
    others = [o for o in posed.options if o not in posed.answer]
    if others:
        return others[:1]
    return list(posed.answer[:-1]) if len(posed.answer) > 1 else list(posed.answer)


def _follows(page: Any, heading: str, who: str) -> None:
    """Wait until the phone ``who`` shows ``heading``; if it never does, say what it
    showed instead (its main area, its status widget, the console's last lines)."""
    try:
        until(page, page.get_by_text(heading, exact=True).count,
              f"{who}'s phone never showed {heading!r}")
    except AssertionError as missing:
        save_screenshot(page, f"live-phone-{who}")
        shown = page.locator("[data-testid='stMain']").inner_text()[:600]
        status = page.locator("[data-testid='stStatusWidget']")
        state = status.inner_text() if status.count() else "-"
        console = page.evaluate("window.__ttConsole || []")[-10:]
        raise AssertionError(f"{missing}; it showed: {shown!r}; status: {state!r}; "
                             f"console: {console!r}") from missing


def _press(page: Any, name: str) -> None:
    """Click the button ``name``; if it never comes, say what the page showed instead."""
    button = page.get_by_role("button", name=name)
    try:
        until(page, button.count, f"no button {name!r} on the projector")
    except AssertionError as missing:
        save_screenshot(page, "live-projector-missing-button")
        shown = page.locator("[data-testid='stMain']").inner_text()[:600]
        raise AssertionError(f"{missing}; it showed: {shown!r}") from missing
    button.click()


def test_three_questions_on_two_phones_with_a_reload(chromium: Any, server: tuple[str, str],
                                                     opened: list[Any]) -> None:
    url, db = server
    classes = Classes(open_store(db))
    projector = _context(chromium, opened, viewport={"width": 1280, "height": 900}).new_page()
    projector.goto(f"{url}/teacher?lang={LANG}")
    app_ready(projector)
    projector.get_by_text(t("teacher.mode_live", LANG), exact=True).click()
    projector.get_by_role("button", name=t("live.open", LANG)).click()
    code_box = projector.locator(".tt-live-code")
    code_box.wait_for()
    code = code_box.inner_text().strip()
    assert re.fullmatch(r"[A-Z2-9]{6}", code)
    assert projector.locator(".tt-live-qr svg").count() == 1

    phone = _context(chromium, opened, viewport={"width": 390, "height": 844}, is_mobile=True,
                     has_touch=True).new_page()
    phone.add_init_script(KEEP_POLLS_JS)
    laptop = _context(chromium, opened, viewport={"width": 1024, "height": 768}).new_page()
    for page, nickname in ((phone, "Ana"), (laptop, "Luis")):
        page.goto(f"{url}/join?class={code}&lang={LANG}")
        app_ready(page)
        page.get_by_label(t("live.join.nickname", LANG)).fill(nickname)
        page.get_by_role("button", name=t("live.join.enter", LANG)).click()
        page.get_by_text(t("live.join.waiting_first", LANG)).wait_for()
    # The phone loses its poll's timer, as Streamlit loses it when a whole-page run stops
    # before it draws the poll: its stall guard asks for a whole-page run, which sets
    # the timer again, so the phone still follows the class (the first question below).
    stop_polls(phone)
    # The teacher sends once the projector shows both students: a join redraws the
    # whole projector page, and a press that lands in that redraw may be dropped.
    joined = projector.locator("[data-testid='stMetric']",
                               has_text=t("live.joined", LANG))
    until(projector, lambda: joined.count() == 1 and joined.locator(
        "[data-testid='stMetricValue']").inner_text().strip() == "2",
        "the projector never showed the two students joined")

    for index in range(3):
        send = t("live.send_first" if index == 0 else "live.send_next", LANG)
        _press(projector, send)
        until(projector, lambda i=index: _posed_index(classes, code) == i,
              f"the class never posed question {index + 1} after {send!r} was pressed")
        heading = t("live.question_n", LANG, n=index + 1)
        for page, who in ((phone, "Ana"), (laptop, "Luis")):  # they follow by polling
            _follows(page, heading, who)
        posed = _current(classes, code)
        right, wrong = list(posed.answer), _wrong(posed)
        _tap(phone, posed, right)
        if index == 1:  # Luis's phone reloads mid-question and finds it again
            laptop.reload()
            app_ready(laptop)
            laptop.get_by_text(heading, exact=True).wait_for()
            assert laptop.get_by_text("Luis", exact=True).count() >= 1
        _tap(laptop, posed, wrong)
        projector.get_by_text("2 / 2").wait_for()
        assert projector.locator(".js-plotly-plot").count() == 0  # hidden until reveal
        projector.get_by_role("button", name=t("live.reveal", LANG)).click()
        expected = [(o in right) + (o in wrong) for o in posed.options]
        # the chart of the previous question can linger in the page while the reveal
        # redraws, so wait for a chart with these counts; if the counts were wrong it
        # never comes and the wait fails (the last chart drawn is then reported)
        find = (f"[...document.querySelectorAll('.js-plotly-plot')].map(d => d.data && "
                f"d.data[0] && d.data[0].y).filter(y => y && y.length === "
                f"{len(posed.options)})")
        try:
            projector.wait_for_function(
                f"() => {find}.some(y => JSON.stringify([...y]) === "
                f"{json.dumps(json.dumps(expected).replace(' ', ''))})")
        except Exception:
            shown = projector.evaluate(f"() => {find}.map(y => [...y])")
            stored = sorted((a.participant, a.choice) for (q, _), a in
                            classes.load(code)[0].answers.items() if q == index)
            save_screenshot(projector, "live-projector-no-chart")
            raise AssertionError(
                f"chart counts {shown}, expected {expected}; answers stored {stored}, "
                f"tapped {right} and {wrong}; revealed in the class: "
                f"{_current(classes, code).revealed}; the projector showed: "
                f"{projector.locator('[data-testid=stMain]').inner_text()[:400]!r}") from None
        phone.get_by_text(t("live.join.was_right", LANG)).wait_for()
    save_screenshot(projector, "live-class-projector")
    save_screenshot(phone, "live-class-phone")
    state = classes.load(code)[0]
    assert len(state.answers) == 6
    assert [r.right for r in cl.results(state)] == [3, sum(
        set(_wrong(p)) == set(p.answer) for p in state.questions)]
    # Leave (a button of the projector's polling fragment) brings the whole page back to
    # the form, and the class is no longer in the address
    projector.get_by_role("button", name=t("live.leave", LANG)).click()
    projector.get_by_role("button", name=t("live.open", LANG)).wait_for()
    assert projector.locator(".tt-live-code").count() == 0
    assert f"live={code}" not in projector.url
