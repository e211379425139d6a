"""A real browser answers a quiz question by clicking a drawn card."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import app_drawn, until
from tute_tutor.engine.cards import Card, suit_name

pytestmark = pytest.mark.browser


def winner_of(codes: list[str], trump: int) -> str:
    """The card that takes a trick: highest trump, else highest card of the suit led."""
    cards = [Card.parse(c) for c in codes]
    trumps = [c for c in cards if c.suit == trump]
    pool = trumps or [c for c in cards if c.suit == cards[0].suit]
    return str(max(pool, key=lambda c: c.index))


def test_clicking_the_winning_card_answers_the_question(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    page.goto(f"{app_url}/quiz?kinds=trick_winner&lang=es")
    wait_for_app(page)
    cards = page.locator("button.tt-pick")
    cards.first.wait_for()
    codes = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    assert 2 <= len(codes) <= 4
    facts = page.get_by_text(re.compile(r"^Triunfo: [^.]+\.$")).first.inner_text()
    trump_name = facts.removeprefix("Triunfo: ").rstrip(".")
    trump = [suit_name(s, "es") for s in range(4)].index(trump_name)
    right = winner_of([c for c in codes if c], trump)
    screenshot(page, "quiz-before-click")
    page.locator(f"button.tt-pick[data-card='{right}']").click()
    page.get_by_text("¡Correcto!").wait_for()
    page.get_by_text("Por qué:").wait_for()
    wait_for_app(page)
    streak = page.locator("[data-testid='stMetric']").filter(has_text="Racha").first
    assert "1" in streak.inner_text()
    screenshot(page, "quiz-after-click")


def _shown_cards(page: Any) -> tuple[list[str], list[str]]:
    """The hand's cards and the other cards drawn (the hand is a component's shadow DOM,
    which Playwright's locators enter)."""
    codes = "(all) => all.map((el) => el.getAttribute('data-card'))"
    return (page.locator("button.tt-pick").evaluate_all(codes),
            page.locator("svg[data-card]:not(button.tt-pick svg)").evaluate_all(codes))


def _settled(page: Any, read: Callable[[Any], Any]) -> Any:
    """``read(page)`` once the app has drawn everything and a second read, after the next
    frames, gives the same (a busy browser draws a page in pieces); else None."""
    app_drawn(page)
    first = read(page)
    app_drawn(page)
    return first if read(page) == first and first[0] else None


def test_marking_the_legal_cards_then_checking_answers_a_legal_question(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    from tute_tutor.engine.cards import mask_of
    from tute_tutor.engine.tricks import legal_mask, play_into_trick

    page.goto(f"{app_url}/quiz?kinds=legal&lang=es&rules=clasico")
    page.locator("button.tt-pick").first.wait_for()
    hand_codes, trick_codes = until(
        page, lambda: _settled(page, _shown_cards), "the question never settled")
    hand = [Card.parse(c) for c in hand_codes]
    trick = [Card.parse(c) for c in trick_codes if c not in hand_codes]
    facts = page.get_by_text(re.compile(r"^Triunfo: [^.]+\.$")).first.inner_text()
    trump_name = facts.removeprefix("Triunfo: ").rstrip(".")
    trump = [suit_name(s, "es") for s in range(4)].index(trump_name)
    lead = high = best = -1
    for card in trick:
        lead, high, best, _ = play_into_trick(card.index, lead, high, best, trump)
    allowed = legal_mask(mask_of(hand), lead, high, best, trump)
    legal = [c for c in hand if allowed >> c.index & 1]
    for card in legal:
        page.locator(f"button.tt-pick[data-card='{card}']").click()
        page.locator(f"button.tt-pick[data-card='{card}'][aria-pressed='true']").wait_for()
        wait_for_app(page)
    page.get_by_role("button", name="Comprobar").click()
    verdict = page.get_by_text("¡Correcto!").or_(page.get_by_text(re.compile("^No. Elegiste")))
    verdict.first.wait_for()
    screenshot(page, "quiz-legal-after-check")
    assert verdict.first.inner_text() == "¡Correcto!", (
        f"hand {hand}, trick {trick}, trump {trump_name}, marked {legal}")


class HeldReplies:
    """Holds what the server sends the page while ``on``; lets it through run by run."""

    def __init__(self) -> None:
        self.on = False
        self.held: list[str | bytes] = []
        self.page_side: Any = None

    def route(self, ws: Any) -> None:
        self.page_side = ws
        server = ws.connect_to_server()
        server.on_message(self.from_server)

    def from_server(self, message: str | bytes) -> None:
        if self.on:
            self.held.append(message)
        else:
            self.page_side.send(message)

    def runs_held(self) -> int:
        return sum(ends_a_run(m) for m in self.held)

    def release_one_run(self) -> None:
        while self.held:
            message = self.held.pop(0)
            self.page_side.send(message)
            if ends_a_run(message):
                return

    def release_all(self) -> None:
        self.on = False
        while self.held:
            self.page_side.send(self.held.pop(0))


def ends_a_run(message: str | bytes) -> bool:
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    if isinstance(message, str):
        return False
    return ForwardMsg.FromString(message).WhichOneof("type") == "script_finished"


def test_a_card_marked_while_an_earlier_marks_rerun_is_on_its_way_stays_marked(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None]) -> None:
    replies = HeldReplies()
    page.route_web_socket(re.compile(r".*/_stcore/stream"), replies.route)
    page.goto(f"{app_url}/quiz?kinds=legal&lang=es&rules=clasico")
    wait_for_app(page)
    buttons = page.locator("button.tt-pick")
    for _ in range(20):  # a question late in a hand may leave fewer than three cards
        buttons.first.wait_for()
        if buttons.count() >= 3:
            break
        page.reload()  # a new session: a new question
        wait_for_app(page)
    assert buttons.count() >= 3
    first, second, third = (buttons.nth(i).get_attribute("data-card") for i in range(3))

    def pick(code: str | None) -> None:
        page.locator(f"button.tt-pick[data-card='{code}']").click()

    def until_runs_held(count: int) -> None:
        until(page, lambda: replies.runs_held() >= count,
              f"the server finished fewer than {count} runs")

    def mark_drawing() -> None:
        """Mark the hand's buttons as drawn so far (every drawing makes new buttons)."""
        buttons.evaluate_all("(all) => all.forEach((b) => { b.dataset.ttOld = '1'; })")

    redrawn = page.locator("button.tt-pick:not([data-tt-old])")
    replies.on = True
    pick(first)
    until_runs_held(1)
    pick(second)
    until_runs_held(2)
    # The page now draws the hand as the first click's run saw it, after the second click.
    mark_drawing()
    replies.release_one_run()
    redrawn.first.wait_for(state="attached")
    pick(third)
    mark_drawing()
    replies.release_all()
    # a drawing made after every reply shows the three marked, and stays so once idle
    until(page, lambda: redrawn.and_(page.locator("[aria-pressed='true']")).count() == 3,
          "no later drawing shows the three cards marked")
    wait_for_app(page)
    for code in (first, second, third):
        pressed = page.locator(f"button.tt-pick[data-card='{code}']").evaluate_all(
            "(all) => all.map((b) => b.getAttribute('aria-pressed'))")
        assert pressed and set(pressed) == {"true"}, (code, pressed)


PHONE = {"width": 390, "height": 844}


def _scrolled(page: Any) -> float:
    """How far the page has scrolled (Streamlit scrolls its main area, not the document)."""
    return float(page.evaluate("() => document.querySelector('.stMain').scrollTop"))


def _on_first_screen(box: dict[str, float] | None, height: int = PHONE["height"]) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


@pytest.mark.parametrize("kind", ["trick_winner", "legal"])
def test_on_a_phone_the_question_and_then_its_verdict_are_on_the_first_screen(
        chromium: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path], kind: str) -> None:
    context = chromium.new_context(viewport=PHONE, locale="es-ES", is_mobile=True,
                                   has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/quiz?kinds={kind}&lang=es&rules=clasico")
        wait_for_app(page)
        cards = page.locator("button.tt-pick:visible")
        cards.first.wait_for()
        app_drawn(page)  # the drawn cards take their phone size
        boxes = [cards.nth(i).bounding_box() for i in range(cards.count())]
        assert _scrolled(page) == 0
        assert all(_on_first_screen(box) for box in boxes), boxes
        # the page's settings wait folded under the question
        settings_box = page.locator(".st-key-quiz_settings").bounding_box()
        assert settings_box is not None and boxes[-1] is not None
        assert settings_box["y"] > boxes[-1]["y"]
        screenshot(page, f"quiz-phone-{kind}")
        cards.first.tap()
        if kind == "legal":  # "check" comes right under the cards, on the same screen
            check = page.get_by_role("button", name="Comprobar")
            assert _on_first_screen(check.bounding_box()), check.bounding_box()
            check.tap()
        verdict = page.get_by_text("¡Correcto!").or_(page.get_by_text(re.compile("^No. Elegiste")))
        verdict.first.wait_for()
        why = page.get_by_text("Por qué:").first
        why.wait_for()
        wait_for_app(page)
        top = page.locator("[data-testid='stAlert']").first.bounding_box()
        bottom = page.locator("[data-testid='stMarkdownContainer']").filter(has=why).first \
            .bounding_box()
        assert top is not None and bottom is not None
        # verdict and explanation together in one screen, and that screen the first one
        assert _on_first_screen(top) and _on_first_screen(bottom), (top, bottom,
                                                                    _scrolled(page))
        screenshot(page, f"quiz-phone-{kind}-answered")
    finally:
        context.close()
