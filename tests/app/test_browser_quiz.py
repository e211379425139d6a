"""A real browser answers a quiz question by clicking a drawn card."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

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
    facts = page.get_by_text(re.compile(r"^Triunfo: \w+\.$")).first.inner_text()
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


def test_marking_the_legal_cards_then_checking_answers_a_legal_question(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    from tute_tutor.engine.cards import mask_of
    from tute_tutor.engine.tricks import legal_mask, play_into_trick

    page.goto(f"{app_url}/quiz?kinds=legal&lang=es&rules=clasico")
    wait_for_app(page)
    hand_buttons = page.locator("button.tt-pick")
    hand_buttons.first.wait_for()
    hand = [Card.parse(hand_buttons.nth(i).get_attribute("data-card") or "")
            for i in range(hand_buttons.count())]
    table = page.locator("svg[data-card]:not(button.tt-pick svg)")
    trick = [Card.parse(table.nth(i).get_attribute("data-card") or "")
             for i in range(table.count())]
    trick = [c for c in trick if c not in hand]
    facts = page.get_by_text(re.compile(r"^Triunfo: \w+\.$")).first.inner_text()
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
    page.get_by_text("¡Correcto!").wait_for()
    screenshot(page, "quiz-legal-after-check")
