"""The clickable hand and the card multi-select, through AppTest and a real browser.

AppTest cannot click the SVG component, so it drives the accessible fallback (one
button per card, for the multi-select too). The browser test starts its own small
Streamlit script that mounts the component and clicks a drawn card in Chromium.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import run_streamlit
from tests.app.marking import mark
from tests.conftest import WAIT_S
from tute_tutor.engine.cards import Card, parse_cards
from tute_tutor.render import card_label
from tute_tutor.ui.cards import component_key, fallback_key, mark_key

REPO = Path(__file__).resolve().parents[2]

# The demo page: a hand with legal cards marked, a click log, and a multi-select.
DEMO = textwrap.dedent(
    """
    import streamlit as st

    from tute_tutor.engine.cards import parse_cards
    from tute_tutor.ui.cards import clickable_hand, select_cards

    def _others_moved() -> None:  # what a room's move by another seat does to the hand
        st.session_state["legal"] = "12c,4c,1o"

    st.button("redraw", key="redraw", on_click=_others_moved)
    hand = parse_cards(st.session_state.get("hand", "12c,4c,1o,3b"))
    legal = parse_cards(st.session_state.get("legal", "12c,4c"))
    log = st.session_state.setdefault("log", [])
    if st.query_params.get("play") == "1":  # played cards leave the hand
        hand = [c for c in hand if str(c) not in log]
    card = clickable_hand(
        hand,
        key=st.session_state.get("hand_key", "my_hand"),
        legal=legal,
        show_legal=st.session_state.get("show_legal", True),
        style=st.session_state.get("style", "spanish"),
        lang=st.session_state.get("lang", "es"),
        disabled=st.session_state.get("disabled", False),
    )
    if card is not None:
        log.append(str(card))
        if st.query_params.get("play") == "1":
            st.rerun()
    st.markdown("clicks: [" + ",".join(log) + "]")
    lang = st.session_state.get("lang", "es")
    chosen = select_cards(
        hand, key="pick", style="spanish", lang=lang,
        disabled=st.session_state.get("pick_disabled", False),
    )
    st.markdown("chosen: [" + ",".join(str(c) for c in chosen) + "]")
    """
)


def demo_app(**state: object) -> AppTest:
    at = AppTest.from_string(DEMO, default_timeout=WAIT_S)
    for name, value in state.items():
        at.session_state[name] = value
    return at.run()


def line(at: AppTest, prefix: str) -> str:
    texts = [m.value for m in at.markdown if m.value.startswith(prefix)]
    assert len(texts) == 1, texts
    return texts[0][len(prefix) :].strip("[]")


def test_clicking_a_card_returns_it_exactly_once() -> None:
    at = demo_app()
    assert not at.exception
    at.button(key=fallback_key("my_hand", Card.parse("1o"))).click().run()
    assert line(at, "clicks: ") == "1o"
    at.run()  # a rerun without a click returns None: the log does not grow
    assert line(at, "clicks: ") == "1o"
    at.button(key=fallback_key("my_hand", Card.parse("12c"))).click().run()
    assert line(at, "clicks: ") == "1o,12c"


def test_illegal_cards_stay_clickable() -> None:
    at = demo_app(legal="12c")
    button = at.button(key=fallback_key("my_hand", Card.parse("3b")))
    assert not button.disabled
    button.click().run()
    assert line(at, "clicks: ") == "3b"


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("style", ["spanish", "french"])
def test_fallback_buttons_are_named_after_the_cards(lang: str, style: str) -> None:
    hand = parse_cards("12c,4c,1o,3b")
    at = demo_app(lang=lang, style=style)
    labels = [at.button(key=fallback_key("my_hand", card)).label for card in hand]
    assert labels == [card_label(card, lang, style) for card in hand]
    wanted = {("es", "spanish"): "rey de copas", ("en", "spanish"): "king of cups",
              ("es", "french"): "K♥ · rey de corazones", ("en", "french"): "K♥ · king of hearts"}
    assert labels[0] == wanted[lang, style]


def test_legal_cards_are_marked_only_when_asked() -> None:
    hand = parse_cards("12c,4c,1o,3b")
    shown = demo_app(legal="12c,4c")
    kinds = [shown.button(key=fallback_key("my_hand", c)).proto.type for c in hand]
    assert kinds == ["primary", "primary", "secondary", "secondary"]
    hidden = demo_app(legal="12c,4c", show_legal=False)
    kinds = [hidden.button(key=fallback_key("my_hand", c)).proto.type for c in hand]
    assert kinds == ["secondary"] * 4


def test_nothing_is_marked_when_every_card_is_legal() -> None:
    hand = parse_cards("12c,4c,1o,3b")
    at = demo_app(legal="12c,4c,1o,3b")
    kinds = [at.button(key=fallback_key("my_hand", c)).proto.type for c in hand]
    assert kinds == ["secondary"] * 4


def test_a_disabled_hand_reports_no_click() -> None:
    at = demo_app(disabled=True)
    buttons = [at.button(key=fallback_key("my_hand", c)) for c in parse_cards("12c,4c,1o,3b")]
    assert all(b.disabled for b in buttons)


def test_keys_with_double_underscores_are_accepted() -> None:
    at = demo_app(hand_key="quiz__3_a")
    assert not at.exception
    at.button(key=fallback_key("quiz__3_a", Card.parse("4c"))).click().run()
    assert line(at, "clicks: ") == "4c"
    assert "__" not in component_key("quiz__3_a")
    assert component_key("a__b") != component_key("a_b") != component_key("ab")


def test_select_cards_returns_the_marked_cards_in_hand_order() -> None:
    at = demo_app()
    assert line(at, "chosen: ") == ""
    mark(at, ["3b", "12c"], key="pick")
    assert line(at, "chosen: ") == "12c,3b"
    mark(at, ["3b"], key="pick")  # a second press unmarks
    assert line(at, "chosen: ") == "12c"
    hand = parse_cards("12c,4c,1o,3b")
    buttons = [at.button(key=mark_key("pick", c)) for c in hand]
    assert [b.label for b in buttons] == [card_label(c, "es") for c in hand]
    assert [b.proto.type for b in buttons] == ["primary", "secondary", "secondary", "secondary"]


def test_a_frozen_selection_keeps_its_cards_and_takes_no_changes() -> None:
    at = demo_app()
    mark(at, ["4c"], key="pick")
    at.session_state["pick_disabled"] = True
    at.run()
    assert all(at.button(key=mark_key("pick", c)).disabled for c in parse_cards("12c,4c,1o,3b"))
    assert line(at, "chosen: ") == "4c"


def test_an_empty_hand_draws_nothing_to_click() -> None:
    at = demo_app(hand="", legal="")
    assert not at.exception
    assert not [b for b in at.button if b.key and b.key.startswith("my_hand")]
    assert line(at, "clicks: ") == "" and line(at, "chosen: ") == ""


def test_drawing_cards_does_not_import_streamlit() -> None:
    code = (
        "import sys, tute_tutor.render\n"
        "from tute_tutor.words.catalog import catalogue\n"
        "words = tute_tutor.render.CardWords.from_messages('es', catalogue('es'))\n"
        "tute_tutor.render.hand_html([], words=words)\n"
        "assert 'streamlit' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ---------------------------------------------------------------------------
# Real browser: click a drawn SVG card


@pytest.fixture(scope="module")
def demo_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A ``streamlit run`` server on the demo page (its own port and folder)."""
    folder = tmp_path_factory.mktemp("cards-demo")
    script = folder / "cards_demo.py"
    script.write_text(DEMO)
    with run_streamlit(folder, script) as url:
        yield url


@pytest.mark.browser
def test_clicking_a_drawn_card_in_the_browser(
    chromium: Any,
    demo_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    context = chromium.new_context(viewport={"width": 1100, "height": 900}, locale="es-ES")
    page = context.new_page()
    try:
        page.goto(demo_url)
        wait_for_app(page)
        page.locator("button.tt-pick[data-card='1o']").first.wait_for()
        # Legal cards carry the green ring; the others are dimmed but still buttons.
        drawn = page.locator("button.tt-pick img[data-card='1o']").first
        assert "tt-dimmed" in urllib.parse.unquote(drawn.get_attribute("src") or "")
        assert drawn.get_attribute("alt") == ""  # the button speaks, not its drawing
        assert page.get_by_role("button", name="as de oros, no se puede jugar").count() == 1
        assert page.get_by_role("button", name="rey de copas, se puede jugar").count() == 1
        page.locator("button.tt-pick[data-card='1o']").first.click()
        page.get_by_text("clicks: [1o]").wait_for()
        wait_for_app(page)
        page.locator("button.tt-pick[data-card='12c']").first.click()
        page.get_by_text("clicks: [1o,12c]").wait_for()
        wait_for_app(page)
        # Keyboard: Enter on a focused card plays it, and the focus stays in the hand.
        page.locator("button.tt-pick[data-card='4c']").first.focus()
        page.keyboard.press("Enter")
        page.get_by_text("clicks: [1o,12c,4c]").wait_for()
        wait_for_app(page)
        focused = page.evaluate(
            "() => { let a = document.activeElement;"
            " while (a && a.shadowRoot && a.shadowRoot.activeElement)"
            " a = a.shadowRoot.activeElement; return a ? a.dataset.card || '' : ''; }"
        )
        assert focused == "4c"
        # The multi-select: clicking a drawn card marks it.
        page.locator("button.tt-pick[data-card='4c']").nth(1).click()
        page.get_by_text("chosen: [4c]").wait_for()
        wait_for_app(page)
        pressed = page.locator("button.tt-pick[data-card='4c']").nth(1)
        assert pressed.get_attribute("aria-pressed") == "true"
        screenshot(page, "cards-component")
    finally:
        context.close()


@pytest.mark.browser
def test_keyboard_focus_stays_in_the_hand_when_the_played_card_leaves(
    chromium: Any, demo_url: str, wait_for_app: Callable[[Any], None]
) -> None:
    context = chromium.new_context(viewport={"width": 1100, "height": 900}, locale="es-ES")
    page = context.new_page()
    try:
        page.goto(f"{demo_url}/?play=1")
        wait_for_app(page)
        first_hand = page.locator(".tt-hand").first
        first_hand.locator("button.tt-pick[data-card='4c']").focus()
        page.keyboard.press("Enter")
        page.get_by_text("clicks: [4c]").wait_for()
        wait_for_app(page)
        first_hand.locator("button.tt-pick[data-card='4c']").wait_for(state="detached")
        focused = page.evaluate(
            "() => { let a = document.activeElement;"
            " while (a && a.shadowRoot && a.shadowRoot.activeElement)"
            " a = a.shadowRoot.activeElement; return a ? a.dataset.card || '' : ''; }"
        )
        assert focused == "1o"  # the card that took the played card's place
    finally:
        context.close()


def _rey_de_copas(chromium: Any, demo_url: str, wait_for_app: Callable[[Any], None]
                  ) -> tuple[Any, Any, Any, dict[str, float]]:
    """A new context on the demo page: the context, the page, the first hand's rey de
    copas and its box (for the mouse tests)."""
    context = chromium.new_context(viewport={"width": 1100, "height": 900}, locale="es-ES")
    page = context.new_page()
    page.goto(demo_url)
    wait_for_app(page)
    card = page.locator(".tt-hand").first.locator("button.tt-pick[data-card='12c']")
    box = card.bounding_box()
    assert box is not None
    return context, page, card, box


@pytest.mark.browser
def test_a_card_pressed_before_a_redraw_and_released_after_it_is_played(
    chromium: Any, demo_url: str, wait_for_app: Callable[[Any], None]
) -> None:
    """The hand is drawn again whenever the others move (a room's poll). A press on a
    card that lands just before such a redraw and a release just after it must still
    play the card: the browser sends no click when press and release fall on two
    different elements, and a lost click once left a room's seat idle until the
    computer took it over."""
    context, page, card, box = _rey_de_copas(chromium, demo_url, wait_for_app)
    try:
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        old = card.element_handle()
        page.evaluate("() => document.querySelector('.st-key-redraw button').click()")
        # the hand drawn again: the as de oros is now legal, on a new button
        page.get_by_role("button", name="as de oros, se puede jugar").wait_for()
        assert not old.evaluate("(b) => b.isConnected")  # the pressed button is gone
        page.mouse.up()
        page.get_by_text("clicks: [12c]").wait_for()
        wait_for_app(page)
        assert page.get_by_text("clicks: [12c]").count() == 1
    finally:
        context.close()


@pytest.mark.browser
def test_a_press_dragged_off_the_hand_plays_nothing_later(
    chromium: Any, demo_url: str, wait_for_app: Callable[[Any], None]
) -> None:
    """A press moved off its card and released elsewhere is over: a later press begun
    off the hand and released on that card plays nothing (a button's own rule), while
    a whole press on a card still plays it."""
    context, page, _card, box = _rey_de_copas(chromium, demo_url, wait_for_app)
    try:
        on_card = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        off_hand = (box["x"] + box["width"] / 2, box["y"] + box["height"] + 200)
        page.mouse.move(*on_card)
        page.mouse.down()
        page.mouse.move(*off_hand)
        page.mouse.up()
        page.mouse.down()
        page.mouse.move(*on_card)
        page.mouse.up()
        page.locator("button.tt-pick[data-card='4c']").first.click()  # a whole press
        page.get_by_text("clicks: [4c]").wait_for()
        wait_for_app(page)
        assert page.get_by_text("clicks: [4c]").count() == 1
    finally:
        context.close()
