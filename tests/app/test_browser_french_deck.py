"""The French deck in a real browser (marker ``browser``): chosen in the link
(``?deck=french``), the cards are drawn French and the text names them the French way,
in the quiz (its question, then its explanation) and in the practice table's log."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.test_browser_quiz import winner_of

pytestmark = pytest.mark.browser

FRENCH_SUITS = ("diamantes", "corazones", "picas", "tréboles")
SPANISH_WORDS = re.compile(r"\b(oros|copas|espadas|bastos|sota|caballo)\b")
FRENCH_NAME = re.compile(r"\b(el|la) (as|dos|tres|cuatro|cinco|seis|siete|jota|reina|rey) "
                         r"de (diamantes|corazones|picas|tréboles)\b")
LEGAL = "button.tt-pick:not([disabled]):not([aria-label$=', no se puede jugar'])"


def _main(page: Any) -> Any:
    return page.locator("[data-testid='stMain']")


def test_quiz_with_the_french_deck_speaks_french_names(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    page.goto(f"{app_url}/quiz?kinds=trick_winner&lang=es&deck=french")
    wait_for_app(page)
    cards = page.locator("button.tt-pick")
    cards.first.wait_for()
    # The cards are drawn French and labelled the French way.
    label = cards.first.get_attribute("aria-label") or ""
    assert re.match(r"^([2-7]|[AJQK])[♦♥♠♣] · ", label), label
    facts = page.get_by_text(re.compile(r"^Triunfo: [^.]+\.$")).first.inner_text()
    trump_name = facts.removeprefix("Triunfo: ").rstrip(".")
    assert trump_name in FRENCH_SUITS
    question = _main(page).inner_text()
    assert not SPANISH_WORDS.search(question), SPANISH_WORDS.search(question)
    codes = [cards.nth(i).get_attribute("data-card") or "" for i in range(cards.count())]
    right = winner_of([c for c in codes if c], FRENCH_SUITS.index(trump_name))
    page.locator(f"button.tt-pick[data-card='{right}']").click()
    page.get_by_text("¡Correcto!").wait_for()
    why = page.get_by_text("Por qué:").first
    why.wait_for()
    wait_for_app(page)
    screenshot(page, "quiz-french-deck-explained")
    answered = _main(page).inner_text()
    assert FRENCH_NAME.search(answered), answered
    if "orden dentro del palo" in answered:  # said when the trick is won within a suit
        assert "El orden dentro del palo es as, tres, rey, reina, jota" in answered
    assert not SPANISH_WORDS.search(answered), SPANISH_WORDS.search(answered)


def test_practice_log_with_the_french_deck_names_cards_the_french_way(
        page: Any, app_url: str, wait_for_app: Callable[[Any], None],
        screenshot: Callable[[Any, str], Path]) -> None:
    profile = f"french-{uuid.uuid4().hex[:8]}"
    page.goto(f"{app_url}/practice?lang=es&deck=french&rules=clasico&profile={profile}")
    wait_for_app(page)
    page.get_by_role("heading", name="Mesa de práctica").wait_for()
    target = page.locator(LEGAL).first
    target.wait_for()
    label = target.get_attribute("aria-label") or ""
    name = label.split(",")[0].split(" · ", 1)[1]  # "K♥ · rey de corazones" -> the name
    assert re.fullmatch(FRENCH_NAME.pattern.split(" ", 1)[1], name), name
    target.click()
    main = _main(page)
    main.get_by_text(re.compile(rf"Juegas (el|la) {re.escape(name)}\.")).first.wait_for()
    wait_for_app(page)
    screenshot(page, "practice-french-deck-log")
    text = main.inner_text()
    assert any(f"de {suit}" in text for suit in FRENCH_SUITS)
    assert not SPANISH_WORDS.search(text), SPANISH_WORDS.search(text)
