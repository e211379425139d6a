"""The practice table behaves like a table, in a real browser on a laptop (1280x800) and a
phone (390x844): a reload mid-hand keeps the hand, a rule change asks first, a finished
trick stays on the table until the learner continues, a switch of language mid-hand keeps
the hand and the table's choices (marker ``browser``)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import (
    app_drawn,
    click_away,
    click_now,
    save_screenshot,
    switch_to_english,
    until,
)
from tute_tutor.words.catalog import t

pytestmark = pytest.mark.browser

VIEWPORTS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LEGAL = "button.tt-pick:not([disabled]):not([aria-label$=', no se puede jugar'])"
HAND = "button.tt-pick"
ON_TABLE = ".tt-table:visible svg.tt-card:not(.tt-slot)"
CONTINUE = ".st-key-practice_continue button:visible"
PASS = ".st-key-practice_pass button:visible"
FOCUSED = """() => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) {
    active = active.shadowRoot.activeElement;
  }
  return active ? active.outerHTML.slice(0, 200) : null;
}"""


@pytest.fixture(params=list(VIEWPORTS))
def device(request: pytest.FixtureRequest, chromium: Any) -> Iterator[tuple[str, Any]]:
    """A page of its own on a laptop or a phone viewport."""
    name = str(request.param)
    phone = name == "phone"
    context = chromium.new_context(viewport=VIEWPORTS[name], locale="es-ES",
                                   is_mobile=phone, has_touch=phone)
    page = context.new_page()
    try:
        yield name, page
    finally:
        context.close()


def _open(page: Any, app_url: str, wait: Callable[[Any], None], profile: str,
          rules: str = "clasico") -> None:
    page.goto(f"{app_url}/practice?lang=es&rules={rules}&profile={profile}")
    wait(page)
    page.locator(HAND).first.wait_for()


def _hand(page: Any) -> list[str]:
    return [str(b.get_attribute("aria-label") or "").split(",")[0]
            for b in page.locator(HAND).all()]


def _settle(page: Any, wait: Callable[[Any], None], legal: str = LEGAL) -> None:
    """Wait until the learner may act: a card, a declaration, or a held trick."""

    def learner_may_act() -> bool:
        wait(page)
        return bool(page.locator(legal).count() or page.locator(PASS).count()
                    or page.locator(CONTINUE).count())

    try:
        until(page, learner_may_act, "the table never came back to the learner")
    except AssertionError as stuck:  # say what the page showed instead
        save_screenshot(page, "table-keeps-stuck")
        shown = page.locator("[data-testid='stMain']").inner_text()[:600]
        raise AssertionError(f"{stuck}; the page showed: {shown!r}") from stuck


def _play_one(page: Any, wait: Callable[[Any], None], legal: str = LEGAL) -> None:
    """Let a held trick go, pass a declaration, or play the first legal card (looking
    again when the page was redrawn under the click); ``legal`` finds the legal cards
    (their labels are in the page's language)."""
    for _ in range(20):
        _settle(page, wait, legal)
        if page.locator(PASS).count():
            if click_away(page, page.locator(PASS), "the declaration offered"):
                break
        elif page.locator(legal).count():
            before = page.locator(HAND).count()
            if click_now(page.locator(legal)) is not None:
                until(page, lambda before=before: page.locator(HAND).count() < before,
                      "the clicked card never left the hand")
                break
        elif click_away(page, page.locator(CONTINUE), "the Continue of a finished trick"):
            break
    wait(page)


# What a reload and a rule change keep depends on no screen size: each is played on one
# (the held trick, whose layout does, on both).
@pytest.mark.parametrize("device", ["phone"], indirect=True)
def test_a_reload_mid_hand_keeps_the_hand(
    device: tuple[str, Any], app_url: str, wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    name, page = device
    _open(page, app_url, wait_for_app, f"reload-{name}-{uuid.uuid4().hex[:6]}")
    for _ in range(3):
        _play_one(page, wait_for_app)
    _settle(page, wait_for_app)
    hand = _hand(page)
    on_table = page.locator(ON_TABLE).count()
    assert len(hand) < 10, "no card was played"
    page.reload()
    wait_for_app(page)
    page.locator(HAND).first.wait_for()
    _settle(page, wait_for_app)
    assert _hand(page) == hand
    assert page.locator(ON_TABLE).count() == on_table
    screenshot(page, f"practice-after-reload-{name}")


@pytest.mark.parametrize("device", ["laptop"], indirect=True)
def test_a_rule_change_mid_hand_asks_first(
    device: tuple[str, Any], app_url: str, wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    name, page = device
    profile = f"rules-{name}-{uuid.uuid4().hex[:6]}"
    _open(page, app_url, wait_for_app, profile)
    _play_one(page, wait_for_app)
    _settle(page, wait_for_app)
    hand = _hand(page)
    # the same learner opens a link with other rules: the hand is not thrown away
    _open(page, app_url, wait_for_app, profile, rules="estricto")
    prompt = page.locator(".st-key-practice_rules_prompt")
    prompt.wait_for()
    assert "Estricto" in prompt.inner_text()
    assert _hand(page) == hand
    screenshot(page, f"practice-rules-prompt-{name}")
    page.locator(".st-key-practice_rules_keep button:visible").click()
    wait_for_app(page)
    page.locator(".st-key-practice_rules_prompt").wait_for(state="detached")
    _settle(page, wait_for_app)
    assert _hand(page) == hand  # finishing this hand: the same cards
    page.get_by_text("Esta mano sigue con").first.wait_for()
    _play_one(page, wait_for_app)
    # asked again in a new visit, the learner starts anew: a new deal of ten cards
    _open(page, app_url, wait_for_app, profile, rules="estricto")
    page.locator(".st-key-practice_rules_new button:visible").click()
    page.locator(".st-key-practice_rules_prompt").wait_for(state="detached")
    wait_for_app(page)
    until(page, lambda: page.locator(HAND).count() == 10, "no new deal of ten cards came")


def test_a_finished_trick_stays_until_the_learner_continues(
    device: tuple[str, Any], app_url: str, wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    name, page = device
    _open(page, app_url, wait_for_app, f"trick-{name}-{uuid.uuid4().hex[:6]}")
    for _ in range(30):
        _settle(page, wait_for_app)
        # a held trick with nothing else to decide: while a cante is offered, Enter is the
        # offer's key, not Continue's (the offer is passed first)
        if page.locator(CONTINUE).count() and not page.locator(PASS).count():
            break
        _play_one(page, wait_for_app)
    else:
        raise AssertionError("no finished trick waited on the table")
    # the whole trick is there, and it stays there while the learner looks at it
    assert page.locator(ON_TABLE).count() == 4
    page.wait_for_timeout(2_500)  # a while on purpose: nothing takes the trick away
    app_drawn(page)
    assert page.locator(ON_TABLE).count() == 4 and page.locator(CONTINUE).count() == 1
    box = page.locator(".tt-table").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= \
        VIEWPORTS[name]["width"]
    if name == "phone":  # the whole trick, its Continue and the hand, on the first screen
        # (at the top of the page: on a busy machine a click may land while the page is
        # still growing, and Playwright scrolls a card into view before it clicks)
        page.evaluate("() => document.querySelector('.stMain').scrollTo(0, 0)")
        until(page, lambda: page.evaluate(
            "() => document.querySelector('.stMain').scrollTop") == 0, "no scroll to the top")
        box = page.locator(".tt-table").bounding_box()
        hand = page.locator(f"{HAND}:visible")
        boxes = [box, page.locator(CONTINUE).first.bounding_box()]
        boxes += [hand.nth(i).bounding_box() for i in range(hand.count())]
        assert all(b is not None and b["y"] >= 0 and b["y"] + b["height"] <=
                   VIEWPORTS[name]["height"] for b in boxes), boxes
    seats = {p: page.locator(f".tt-table figure[data-place='{p}']").bounding_box()
             for p in ("bottom", "right", "top", "left")}
    assert all(seats.values())
    assert seats["top"]["y"] < seats["left"]["y"] < seats["bottom"]["y"]  # type: ignore[index]
    assert seats["left"]["x"] < seats["bottom"]["x"] < seats["right"]["x"]  # type: ignore[index]
    screenshot(page, f"practice-trick-held-{name}")
    if name == "laptop":
        # the key shortcut, pressed on the page: a card that has the focus takes Enter
        # itself (the focus may be back in the hand when the learner leads next)
        page.get_by_role("heading", name="Mesa de práctica").click()
    focused = page.evaluate(FOCUSED)
    if name == "laptop":
        page.keyboard.press("Enter")
    else:
        page.locator(CONTINUE).first.tap()
    until(page, lambda: not page.locator(CONTINUE).count(),
          f"the trick stayed after {'Enter' if name == 'laptop' else 'a tap'} "
          f"(the focus was on {focused})")
    wait_for_app(page)
    assert page.locator(ON_TABLE).count() < 4


def _codes(page: Any) -> list[str]:
    """The cards in the learner's hand, by code (the same in every language)."""
    return [str(code) for code in page.locator(HAND).evaluate_all(
        "(all) => all.map((b) => b.dataset.card)")]


def _levels(page: Any, lang: str) -> list[int]:
    """The computers' levels the table's setup shows (opened if it is closed), read in
    ``lang`` (each select box shows its choice in its input)."""
    if not page.locator(".st-key-practice_level_1").is_visible():
        page.get_by_text(t("practice.page.setup", lang)).click()
    names = {t(f"practice.page.level.{level}", lang): level for level in range(1, 5)}

    def shown() -> list[int] | None:
        texts = [page.locator(f".st-key-practice_level_{seat} input").input_value()
                 for seat in (1, 2, 3)]
        return [names[text] for text in texts] if all(t in names for t in texts) else None

    return until(page, shown, f"the setup never showed three levels in {lang}")


def test_a_language_switch_mid_hand_keeps_the_hand_and_the_tables_choices(
    page: Any, app_url: str, wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    # Streamlit carries a select box's or a radio's choice by the label it shows: before
    # the mend, the first card played after a switch to English sent back the Spanish
    # labels, the computers' levels changed to none of the options and a new hand was
    # dealt, the pace radios left with nothing chosen.
    _open(page, app_url, wait_for_app, f"lang-{uuid.uuid4().hex[:6]}")
    _play_one(page, wait_for_app)
    _settle(page, wait_for_app)
    before = _codes(page)
    assert len(before) < 10, "no card was played"
    levels = _levels(page, "es")
    switch_to_english(page)
    assert _codes(page) == before
    legal = f"{HAND}:not([disabled]):not([aria-label$=', {t('cards.not_legal', 'en')}'])"
    while len(_codes(page)) == len(before):  # a held trick or a cante may come first
        _play_one(page, wait_for_app, legal)
    _settle(page, wait_for_app, legal)
    after = _codes(page)
    assert len(after) == len(before) - 1 and set(after) < set(before), (before, after)
    assert _levels(page, "en") == levels
    for radio in ("practice_pace", "practice_trick_pace"):
        assert page.locator(f".st-key-{radio} input:checked").count() == 1, radio
    screenshot(page, "practice-after-switch-to-english")
