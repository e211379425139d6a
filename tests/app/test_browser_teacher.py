"""Real-browser tests of the teacher's tools (marker ``browser``): a shared link opened by a
student, and the presenter stepped with the keyboard, with screenshots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.app.conftest import app_drawn
from tute_tutor.formats.scenario import Scenario
from tute_tutor.formats.share import encode_link
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import explain

pytestmark = pytest.mark.browser

MONTAR = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"],
                             "trick": ["10c"]})
PISAR = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12o", "2o", "5b"],
                            "trick": ["10c", "4o"]})
TOKEN = encode_link([MONTAR, PISAR])


def _main(page: Any) -> Any:
    return page.locator("[data-testid='stMain']")


def test_student_opens_a_share_link_and_answers(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page.goto(f"{app_url}/try_it?s={TOKEN}&lang=es")
    wait_for_app(page)
    main = _main(page)
    main.get_by_text(t("try_it.question", "es")).wait_for()
    main.locator("button.tt-pick[data-card='5b']").wait_for()  # the drawn hand, clickable
    assert main.locator("button.tt-pick").count() == len(MONTAR.hand)
    screenshot(page, "teacher-try-it-question")
    main.locator("button.tt-pick[data-card='12c']").click()  # click the drawn card itself
    main.locator("button.tt-pick[data-card='12c'][aria-pressed='true']").wait_for()
    # "check" at once, as a quick student does, before the card's own rerun has ended:
    # the marked card still counts
    main.get_by_role("button", name=t("try_it.check", "es")).click()
    main.get_by_text(t("try_it.right", "es")).wait_for()
    main.get_by_text(explain(MONTAR.analyse(), "es")).wait_for()
    wait_for_app(page)
    # once answered, the check button goes (wait: the page may still be redrawing)
    expect(main.get_by_role("button", name=t("try_it.check", "es"))).to_have_count(0)
    screenshot(page, "teacher-try-it-answer")


PROJECTOR = {"width": 1280, "height": 720}


def _answer_fits_the_projector(page: Any, scenario: Scenario) -> None:
    """The answer step of a slide needs no scrolling on a 1280x720 projector: the page is
    no taller than the screen and the table, the hand and the explanation are on it."""
    from tute_tutor.words.explain import explain

    main = _main(page)
    app_drawn(page)
    high, shown = page.evaluate(
        "() => { const m = document.querySelector('.stMain'); "
        "return [m.scrollHeight, m.clientHeight]; }")
    assert high <= shown <= PROJECTOR["height"], (high, shown)
    seen = [main.get_by_text(explain(scenario.analyse(), "es")).first]
    seen += [main.locator(f"svg.tt-card[data-card='{card}']").first
             for card in (*scenario.trick, *scenario.hand)]
    for part in seen:
        box = part.bounding_box()
        assert box is not None and box["y"] >= 0, box
        assert box["y"] + box["height"] <= PROJECTOR["height"], box


def test_presenter_steps_with_the_keyboard(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page.set_viewport_size(PROJECTOR)
    page.goto(f"{app_url}/teacher?s={TOKEN}&lang=es")
    wait_for_app(page)
    main = _main(page)

    def press(key: str) -> None:
        # A key pressed while the last key's run is still going is folded into that run
        # (Streamlit merges the two presses of one button): wait for each run to end, and
        # look at the page only then, when no element of the slide before is left on it.
        page.keyboard.press(key)
        wait_for_app(page)

    main.get_by_text(t_count("teacher.link_loaded", 2, "es")).wait_for()
    main.get_by_role("button", name=t("teacher.present", "es")).click()
    slide_1 = t("presenter.slide_of", "es", number=1, total=2)
    main.get_by_text(slide_1).wait_for()
    # presenter mode hides the sidebar
    page.locator("[data-testid='stSidebar']").first.wait_for(state="hidden")
    screenshot(page, "teacher-presenter-step-1")
    obligation = t("presenter.obligation", "es",
                   name=t("worksheet.obligation.montar", "es"))
    assert main.get_by_text(obligation).count() == 0
    main.get_by_text(slide_1).click()  # focus the page, not a widget
    # each step reveals one more thing: the table, the hand, then the legal cards and why
    revealed = [t("worksheet.table", "es"), t("worksheet.hand", "es"), obligation]
    for step, text in enumerate(revealed, start=2):
        assert main.get_by_text(text, exact=True).count() == 0
        press("ArrowRight")
        main.get_by_text(text, exact=True).wait_for()
        screenshot(page, f"teacher-presenter-step-{step}")
    _answer_fits_the_projector(page, MONTAR)
    press("ArrowRight")
    main.get_by_text(t("presenter.slide_of", "es", number=2, total=2)).wait_for()
    screenshot(page, "teacher-presenter-slide-2")
    press("ArrowLeft")
    main.get_by_text(slide_1).wait_for()
    main.get_by_text(obligation).wait_for()
    screenshot(page, "teacher-presenter-back")
    # a presentation clicker's keys step the same way, and their buttons stay hidden
    expect(main.get_by_role("button", name=t("teacher.next", "es"))).to_have_count(1)
    press("PageDown")
    main.get_by_text(t("presenter.slide_of", "es", number=2, total=2)).wait_for()
    press("PageUp")
    main.get_by_text(slide_1).wait_for()
    # the second slide's answer step fits the projector too
    press("PageDown")
    main.get_by_text(t("presenter.slide_of", "es", number=2, total=2)).wait_for()
    pisar = t("presenter.obligation", "es", name=t("worksheet.obligation.pisar", "es"))
    for text in (t("worksheet.table", "es"), t("worksheet.hand", "es"), pisar):
        press("ArrowRight")
        main.get_by_text(text, exact=True).wait_for()
    _answer_fits_the_projector(page, PISAR)
    screenshot(page, "teacher-presenter-slide-2-answer")


def test_builder_takes_clicked_drawn_cards(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page.goto(f"{app_url}/teacher?lang=es")
    wait_for_app(page)
    main = _main(page)
    hand = main.get_by_role("textbox", name=t("teacher.hand_codes", "es"), exact=True)
    hand.wait_for()
    main.get_by_role("button", name=t("teacher.clear", "es")).nth(1).click()
    # wait for this very field: other inputs on the page (a new profile's name) are empty too
    expect(hand).to_have_value("")
    wait_for_app(page)
    typed = ""
    for code in ("1o", "3c"):
        typed = f"{typed}, {code}" if typed else code
        # the page is idle (waited below), so the click is taken: the field shows it
        main.locator(f"button.tt-pick[data-card='{code}']").first.click()
        expect(hand).to_have_value(typed)
        wait_for_app(page)
    # the engine's answer follows at once: the table holds the sota de copas, so 3c must win it
    main.get_by_text(t("presenter.obligation", "es",
                       name=t("worksheet.obligation.montar", "es"))).wait_for()
    expect(main.locator("button.tt-pick[data-card='1o']")).to_have_count(0)  # used cards leave
    screenshot(page, "teacher-builder-clicked")
