"""The practice table in a real browser (marker ``browser``): cards are played by clicking
the drawn SVG cards, an illegal click is explained, a whole hand reaches its review;
screenshots of the table (desktop and phone width) and of the review."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import (
    app_drawn,
    app_ready,
    click_away,
    click_now,
    save_screenshot,
    until,
)

pytestmark = pytest.mark.browser

LEGAL = "button.tt-pick:not([disabled]):not([aria-label$=', no se puede jugar'])"
"""A card the learner may play: marked legal, or unmarked when every card is legal."""
ILLEGAL = "button.tt-pick:not([disabled])[aria-label$=', no se puede jugar']"
REVIEW = "Repaso de la mano"
PASS = "Seguir sin cantar"
CONTINUE = ".st-key-practice_continue button:visible"
"""The Continue button that lets a finished trick go (found by its widget key)."""


def _main(page: Any) -> Any:
    return page.locator("[data-testid='stMain']")


def _open_practice(page: Any, app_url: str, wait_for_app: Callable[[Any], None]) -> None:
    """Open the app as a newcomer does and go to the practice table from the menu."""
    # a profile of its own: the table is saved per learner and would come back
    page.goto(f"{app_url}/?lang=es&rules=clasico&profile=review-{uuid.uuid4().hex[:8]}")
    wait_for_app(page)
    page.get_by_role("link", name="Mesa de práctica").first.click()
    page.get_by_role("heading", name="Mesa de práctica").wait_for()
    wait_for_app(page)


def _count(page: Any, selector: str) -> int:
    return int(page.locator(selector).count())


def _play(page: Any) -> str:
    """Click a playable card (re-found if a rerun redraws it), wait until it has left the
    hand; return its name."""
    for _ in range(20):
        app_ready(page)  # a click during a run could land on a drawing about to go
        before = _count(page, "button.tt-pick")
        clicked = click_now(page.locator(LEGAL))
        if clicked is None:  # redrawn under the click: look again
            continue
        label = clicked.get_attribute("aria-label") or ""
        until(page, lambda before=before: _count(page, "button.tt-pick") < before,
              "the clicked card never left the hand")
        return label.split(",")[0]
    raise AssertionError("could not play a card by clicking it")


def _pass(page: Any) -> None:
    click_away(page, page.get_by_role("button", name=PASS), "the declaration offered")


def _next_decision(page: Any) -> str:
    """Wait until the learner may act: 'card', 'offer' or 'review' (a finished trick
    on the table is let go with Continue)."""
    def decision() -> str | None:
        app_ready(page)
        if page.get_by_text(REVIEW, exact=True).count():
            return "review"
        go_on = page.locator(CONTINUE)
        if go_on.count() and not _count(page, LEGAL):
            click_away(page, go_on, "the Continue of a finished trick")
            return None
        if page.get_by_role("button", name=PASS).count():
            return "offer"
        if _count(page, LEGAL):
            return "card"
        return None

    try:
        return until(page, decision, "the table never came back to the learner")
    except AssertionError as error:
        save_screenshot(page, "practice-stuck")
        hand = page.locator("button.tt-pick").evaluate_all(
            "(all) => all.map((b) => [b.dataset.card, b.disabled, b.getAttribute('aria-label')])")
        raise AssertionError(f"{error}; the hand drawn: {hand}") from None


def test_play_cards_by_clicking_them_and_review_the_hand(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    _open_practice(page, app_url, wait_for_app)
    assert _next_decision(page) == "card"
    main = _main(page)

    played = 0
    refused = False
    for _ in range(40):
        state = _next_decision(page)
        if state == "review":
            break
        if state == "offer":
            _pass(page)
            continue
        if not refused and _count(page, ILLEGAL):
            # An illegal click is refused with the reason and nothing is played.
            hand_before = _count(page, "button.tt-pick")
            page.locator(ILLEGAL).first.click()
            alert = main.locator("[data-testid='stAlert']").filter(has_text="No puedes jugar")
            alert.first.wait_for()
            assert _count(page, "button.tt-pick") == hand_before
            screenshot(page, "practice-refused")
            refused = True
            continue
        name = _play(page)
        if played < 2:
            main.get_by_text(re.compile(rf"Juegas (el|la) {re.escape(name)}\.")).first \
                .wait_for()
        played += 1
        if played == 2:
            wait_for_app(page)
            screenshot(page, "practice-table")
    assert played >= 2
    assert _next_decision(page) == "review"
    main.get_by_text("Fin de la mano").first.wait_for(state="attached")
    main.get_by_text("Descargar el registro de la mano").first.wait_for()
    page.locator("[data-testid='stPlotlyChart']").first.wait_for()
    wait_for_app(page)
    page.get_by_text(REVIEW, exact=True).scroll_into_view_if_needed()
    screenshot(page, "practice-review")
    page.locator("[data-testid='stPlotlyChart']").first.scroll_into_view_if_needed()
    screenshot(page, "practice-review-chart")


def test_practice_table_fits_a_phone(
    chromium: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    width = 390
    context = chromium.new_context(viewport={"width": width, "height": 844}, locale="es-ES",
                                   is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/practice?lang=es&rules=clasico"
                  f"&profile=phone-{uuid.uuid4().hex[:8]}")
        wait_for_app(page)
        assert _next_decision(page) == "card"
        wait_for_app(page)
        # the drawn hand (a copy Streamlit keeps hidden while it redraws does not count)
        cards = page.locator("button.tt-pick:visible")
        assert cards.count() == 10
        app_drawn(page)  # the drawn cards take their phone size
        # the table and the whole hand are on the first screen, nothing scrolled: the page
        # title, the status and the trump card are all that come before them
        assert page.evaluate("() => document.querySelector('.stMain').scrollTop") == 0
        table = page.locator(".tt-table:visible").bounding_box()
        assert table is not None and table["y"] >= 0
        for index in range(cards.count()):  # the hand wraps instead of running off-screen
            box = cards.nth(index).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["y"] > table["y"] + table["height"] and box["y"] + box["height"] <= 844, \
                (table, box)
        setup = page.get_by_text("Preparar la mesa").first.bounding_box()
        assert setup is not None and setup["y"] > box["y"]  # the settings come under the hand
        card = page.locator(LEGAL).first
        name = (card.get_attribute("aria-label") or "").split(",")[0]
        card.tap()
        _main(page).get_by_text(re.compile(rf"Juegas (el|la) {re.escape(name)}\.")).first \
            .wait_for()
        wait_for_app(page)
        screenshot(page, "practice-table-phone")
    finally:
        context.close()


ACTIVE = """() => {
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) {
    active = active.shadowRoot.activeElement;
  }
  if (!active || active === document.body) return null;
  return {card: active.dataset ? active.dataset.card || null : null,
          name: active.getAttribute("aria-label") || active.innerText || "",
          disabled: Boolean(active.disabled), tag: active.tagName};
}"""
"""What has the keyboard focus (inside the hand's shadow root too), or None."""


LOOK_AT_TRICK_MS = 5_500
"""Longer than the hand's memory of a recent click (5 s)."""


def _focused(page: Any) -> dict[str, Any] | None:
    found: dict[str, Any] | None = page.evaluate(ACTIVE)
    return found


def _is_playable(focused: dict[str, Any] | None) -> bool:
    return bool(focused and focused["card"] and not focused["disabled"]
                and not focused["name"].endswith(", no se puede jugar"))


def _tab_to(page: Any, wanted: Callable[[dict[str, Any] | None], bool], *,
            card: bool = False) -> dict[str, Any]:
    """Press Tab until the focus is on what is wanted; for a ``card``, once in the hand,
    the arrow key moves along it."""
    for _ in range(80):
        focused = _focused(page)
        if wanted(focused):
            assert focused is not None
            return focused
        in_hand = bool(focused and focused["card"])
        page.keyboard.press("ArrowRight" if card and in_hand else "Tab")
    raise AssertionError(f"the keyboard never reached it (focus on {_focused(page)})")


def _wait_for_change(page: Any, before: int) -> None:
    try:
        until(page, lambda: _count(page, "button.tt-pick:visible") != before
              or page.get_by_text(REVIEW, exact=True).count(),
              f"the card pressed with Enter was not played ({before} cards before)")
    except AssertionError as error:
        save_screenshot(page, "practice-keyboard-stuck")
        raise AssertionError(f"{error} (focus on {_focused(page)})") from None


def test_a_whole_hand_is_played_with_the_keyboard_alone(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page.goto(f"{app_url}/practice?lang=es&rules=clasico&profile=keys-{uuid.uuid4().hex[:8]}")
    wait_for_app(page)
    page.locator(LEGAL).first.wait_for()
    # Streamlit's first tab stop is its "skip to main content" link, past the sidebar
    page.keyboard.press("Tab")
    assert (_focused(page) or {}).get("tag") == "A"
    page.keyboard.press("Enter")
    played = continued = passed = 0
    back_in_hand = []
    last = ""
    for _ in range(80):
        state = _next_decision_by_keyboard(page)
        if state == "review":
            break
        if last == "continue" and state == "card":
            # the turn came back after the others played: the focus is in the hand again
            back_in_hand.append(bool((_focused(page) or {}).get("card")))
        last = state
        if state == "continue":
            # the hand is not the learner's to play: the focus left it, and the key
            # shortcut lets the trick go
            focused = _focused(page)
            assert not (focused and focused["tag"] in ("BUTTON", "INPUT")), focused
            if not continued:
                # a learner looks at the trick for a while: the focus still comes back
                page.wait_for_timeout(LOOK_AT_TRICK_MS)
            page.keyboard.press("Enter")
            page.locator(CONTINUE).wait_for(state="detached")
            continued += 1
        elif state == "offer":
            _tab_to(page, lambda f: bool(f and PASS in f["name"]))
            page.keyboard.press("Enter")
            page.get_by_role("button", name=PASS).wait_for(state="detached")
            passed += 1
        else:
            before = _count(page, "button.tt-pick:visible")
            _tab_to(page, _is_playable, card=True)
            page.keyboard.press("Enter")
            _wait_for_change(page, before)
            played += 1
            if played == 3:
                screenshot(page, "practice-keyboard")
    else:
        raise AssertionError(f"no review after {played} cards played with the keyboard")
    # ten cards each at four players, unless a tute ended the hand early; whenever a
    # computer led the next trick, Enter let the finished one go
    assert played == 10 or _main(page).get_by_text(re.compile("tute", re.IGNORECASE)).count()
    assert continued >= 1
    assert back_in_hand and all(back_in_hand), back_in_hand
    page.get_by_text("Descargar el registro de la mano").first.wait_for()
    screenshot(page, "practice-keyboard-review")


def _next_decision_by_keyboard(page: Any) -> str:
    """Wait until the learner may act: 'card', 'offer', 'continue' or 'review'."""

    def decision() -> str | None:
        app_ready(page)
        if page.get_by_text(REVIEW, exact=True).count():
            return "review"
        if page.get_by_role("button", name=PASS).count():
            return "offer"  # first: while a cante is offered, Enter is the offer's key
        if page.locator(CONTINUE).count() and not _count(page, LEGAL):
            return "continue"
        if _count(page, LEGAL):
            return "card"
        return None

    return until(page, decision, "the table never came back to the learner")
