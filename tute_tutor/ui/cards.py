"""Cards on the page: drawn hands and tricks, and hands the learner clicks.

The clickable hand has two paths that return the same thing:

* the real SVG cards through a small ``st.components.v2`` component (no iframe): each
  card is a ``<button>`` holding its drawing, with the card's name as its label, and a
  click reports the card's code as a one-run *trigger*. From the keyboard every card is a
  tab stop, the arrow keys move along the hand and Enter or Space press the card (never a
  page shortcut on the same key); when the turn comes back to a hand the learner played
  from, the focus that fell to the page goes back into it;
* an accessible fallback, one ``st.button`` per card labelled with its name (in an
  expander under the cards). AppTest drives this path: the button of card ``c`` under
  ``key`` has the widget key :func:`fallback_key` ``(key, c)``.

:func:`select_cards` is the multi-select twin (quiz "which cards may you play?"): the
component marks cards and one fallback button per card (key :func:`mark_key`) does too.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import cache
from typing import Any

import streamlit as st

from tute_tutor.engine.cards import Card
from tute_tutor.render import CardWords, card_label, card_svg, hand_html, trick_html
from tute_tutor.render.cards import spoken_label
from tute_tutor.words.catalog import catalogue, t


@cache
def card_words(lang: str) -> CardWords:
    """The words drawn cards carry, in ``lang``, from the message catalogue."""
    return CardWords.from_messages(lang, catalogue(lang))

_CSS = """
.tt-hand { display: flex; flex-wrap: wrap; gap: var(--tt-gap, 8px); align-items: flex-end;
  padding: 12px 2px 4px 2px; }
.tt-pick { appearance: none; border: none; background: none; padding: 0; margin: 0;
  cursor: pointer; border-radius: 10px; line-height: 0;
  transition: transform 120ms ease-out, box-shadow 120ms ease-out; }
.tt-pick:hover:not(:disabled), .tt-pick:focus-visible { transform: translateY(-8px);
  box-shadow: 0 6px 14px rgba(0, 0, 0, 0.25); }
.tt-pick:focus-visible { outline: 4px solid var(--st-primary-color, #1f6feb);
  outline-offset: 3px; }
.tt-pick:disabled { cursor: default; }
.tt-pick { position: relative; }
.tt-pick img { display: block; }
@media (max-width: 480px) { .tt-hand { gap: 5px; } }
/* Phones: six cards a row, so that a whole hand takes two rows. */
@media (max-width: 640px) { .tt-pick img { max-width: 14vw; height: auto; } }
.tt-pick.tt-hint { transform: translateY(-10px); outline: 4px dashed #8a5a00;
  outline-offset: 3px; }
.tt-pick[aria-pressed="true"] { transform: translateY(-12px);
  outline: 5px solid #1f4fbf; outline-offset: 2px; }
.tt-pick[aria-pressed="true"]::after { content: "✓"; position: absolute; top: -10px;
  right: -10px; width: 26px; height: 26px; border-radius: 50%; background: #1f4fbf;
  color: #ffffff; font: 700 17px/26px sans-serif; text-align: center;
  box-shadow: 0 0 0 2px #ffffff; }
"""

_JS = """
// After a click the hand is drawn again; keep the keyboard focus in the hand.
const focusAfterClick = new Map();
// Hands drawn disabled last time (the others' turn): when the turn comes back to a hand
// the learner has played from, the focus that fell to the page goes back into it.
const wasDisabled = new Map();
// The card each hand was pressed on with a pointer, until the press is released. The
// hand is drawn again whenever the others move, on new buttons: a press just before
// such a redraw and a release just after it fall on two elements, and the browser then
// sends no click at all. So a pointer plays the card on its release over a button of the
// same card (whichever drawing of it), and the click that follows is left alone.
const pressedCard = new Map();
// A press released anywhere else (dragged off the hand) is over: a later press begun
// outside the hand and released on that card must not play it. The buttons' own
// handlers run first; this one, on the way up, forgets whatever is left.
window.addEventListener("pointerup", () => pressedCard.clear());
window.addEventListener("pointercancel", () => pressedCard.clear());
// The last choice each marking hand reported, until the server says it has seen it: a
// drawing that left before that (a rerun still under way at the click) must not undo it.
const unseenChoice = new Map();

export default function ({ data, key, parentElement, setStateValue, setTriggerValue }) {
  let row = parentElement.querySelector(".tt-hand");
  if (!row) {
    row = document.createElement("div");
    row.className = "tt-hand";
    parentElement.appendChild(row);
  }
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", data.label);
  row.style.setProperty("--tt-gap", data.gap + "px");
  const toggle = data.mode === "toggle";
  const mine = unseenChoice.get(key);
  if (mine && mine.stamp === data.seen) unseenChoice.delete(key);
  const fresh = mine && mine.stamp !== data.seen;
  const chosen = new Set(fresh ? mine.codes : data.selected || []);
  const buttons = data.cards.map((card, index) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = card.hint ? "tt-pick tt-hint" : "tt-pick";
    button.dataset.card = card.code;
    button.setAttribute("aria-label", card.label);
    if (toggle) button.setAttribute("aria-pressed", String(chosen.has(card.code)));
    button.disabled = Boolean(data.disabled);
    // The drawing goes in as an image of the SVG drawn by tute_tutor.render (never user
    // text): its corner index is then no text of the button, whose name is the card's
    // whole name (WCAG 2.5.3, label in name), and the button alone speaks.
    const drawing = document.createElement("img");
    drawing.alt = "";
    drawing.draggable = false;
    drawing.dataset.card = card.code;
    drawing.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(card.svg);
    button.replaceChildren(drawing);
    // The arrow keys (and Home, End) move along the hand, round at the ends. Enter and
    // Space press the card itself: a page shortcut on the same key (Enter lets a
    // finished trick go) must not take the key from it.
    button.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.stopPropagation();
        return;
      }
      const all = [...row.querySelectorAll(".tt-pick")];
      const at = all.indexOf(button);
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      let target = null;
      if (step) target = all[(at + step + all.length) % all.length];
      else if (event.key === "Home") target = all[0];
      else if (event.key === "End") target = all[all.length - 1];
      if (!target || at < 0) return;
      event.preventDefault();
      event.stopPropagation();
      target.focus();
    });
    button.addEventListener("pointerdown", (event) => {
      if (event.button === 0 && event.isPrimary && !button.disabled) {
        pressedCard.set(key, card.code);
      }
    });
    button.addEventListener("pointercancel", () => pressedCard.delete(key));
    button.addEventListener("pointerup", (event) => {
      const pressed = pressedCard.get(key);
      pressedCard.delete(key);
      if (event.button !== 0 || pressed !== card.code || button.disabled) return;
      choose();
    });
    // A click with detail 0 comes from the keyboard (Enter, Space) or a script; a
    // pointer's click was handled on its release.
    button.addEventListener("click", (event) => {
      if (event.detail === 0) choose();
    });
    const choose = () => {
      focusAfterClick.set(key, { code: card.code, index, at: Date.now() });
      if (toggle) {
        const on = button.getAttribute("aria-pressed") !== "true";
        button.setAttribute("aria-pressed", String(on));
        // The whole choice as a state value: every later rerun (a "check" clicked at
        // once, say) carries it, even when this click's own rerun was folded into it.
        // The stamp makes each click a change, so choosing again what was undone counts.
        const codes = [...row.querySelectorAll(".tt-pick[aria-pressed='true']")]
          .map((b) => b.dataset.card);
        const stamp = Date.now() + "-" + Math.random();
        unseenChoice.set(key, { codes, stamp });
        setStateValue("selected", { codes, stamp });
      } else {
        setTriggerValue("clicked", card.code);
      }
    };
    return button;
  });
  row.replaceChildren(...buttons);
  // Only when the click was recent (or the turn came back to this hand) and the focus
  // fell to the page (never steal it).
  const wanted = focusAfterClick.get(key);
  const active = document.activeElement;
  const lost = !active || active === document.body || active === parentElement.host;
  const turnBack = Boolean(wasDisabled.get(key)) && !data.disabled;
  wasDisabled.set(key, Boolean(data.disabled));
  const recent = wanted && (turnBack || Date.now() - wanted.at < 5000);
  if (recent && lost && buttons.length && !data.disabled) {
    const again = buttons.find((b) => b.dataset.card === wanted.code)
      || buttons[Math.min(wanted.index, buttons.length - 1)];
    again.focus({ preventScroll: true });
  }
}
"""

_hand_component = st.components.v2.component("tute_tutor_hand", css=_CSS, js=_JS)


def component_key(key: str) -> str:
    """Widget key of the SVG component mounted under ``key``.

    Streamlit forbids ``__`` in a component's key, so every ``_`` of ``key`` becomes
    ``_.`` (an injective rewrite: two different keys never meet).
    """
    return "tt-hand." + key.replace("_", "_.")


def fallback_key(key: str, card: Card) -> str:
    """Widget key of the fallback button of ``card`` in the hand mounted under ``key``."""
    return f"{key}__btn_{card}"


def show_cards(
    cards: Sequence[Card | None],
    *,
    style: str,
    lang: str,
    width: int = 90,
    legal: Collection[Card] | None = None,
) -> None:
    """Draw a row of cards (``None`` shows a card back); ``legal`` highlights those."""
    st.markdown(
        hand_html(cards, style=style, width=width, words=card_words(lang), legal=legal),
        unsafe_allow_html=True,
    )


def show_trick(
    cards: Sequence[Card | None],
    *,
    labels: Sequence[str] = (),
    winning: int | None = None,
    style: str,
    lang: str,
    width: int = 90,
) -> None:
    """Draw the cards of a trick with a caption each, the winning one marked."""
    st.markdown(
        trick_html(cards, labels=labels, winning=winning, style=style, width=width,
                   words=card_words(lang)),
        unsafe_allow_html=True,
    )


def _component_data(
    cards: Sequence[Card],
    *,
    style: str,
    lang: str,
    width: int,
    legal: Collection[Card] | None,
    mode: str,
    selected: Collection[str] = (),
    seen: object = None,
    disabled: bool = False,
    recommended: Card | None = None,
) -> dict[str, Any]:
    legal_set = None if legal is None else set(legal)
    items = []
    for card in cards:
        highlight = legal_set is not None and card in legal_set
        dimmed = legal_set is not None and card not in legal_set
        label = spoken_label(card, card_words(lang), style, highlight=highlight, dimmed=dimmed)
        if card == recommended:
            label = f"{label}, {t('cards.recommended', lang)}"
        items.append(
            {
                "code": str(card),
                "hint": card == recommended,
                "label": label,
                "svg": card_svg(card, style=style, width=width, words=card_words(lang),
                                highlight=highlight, dimmed=dimmed),
            }
        )
    return {
        "cards": items,
        "label": t("cards.hand", lang),
        "gap": max(4, width // 10),
        "mode": mode,
        "selected": sorted(selected),
        "seen": seen,
        "disabled": disabled,
    }


def no_callback() -> None:
    """The callback of a component's trigger: Streamlit reports a trigger value (and
    reruns) only for an event that has one."""


def clickable_hand(
    cards: Sequence[Card],
    *,
    key: str,
    legal: Collection[Card] | None = None,
    show_legal: bool = True,
    style: str,
    lang: str,
    width: int = 90,
    disabled: bool = False,
    recommended: Card | None = None,
) -> Card | None:
    """Show a hand the learner clicks; return the card clicked in this run, else None.

    ``recommended`` (a hint's card) is raised with a dashed ring and says so to screen
    readers; its fallback button carries a light-bulb icon.

    A click is reported once (the next rerun returns None again). With ``legal`` and
    ``show_legal`` the legal cards are highlighted and the others dimmed, but every
    card stays clickable, so the page can explain why a click is refused. When every
    card is legal (a lead, say) nothing is marked: there is nothing to tell apart.
    """
    shown_legal = legal if show_legal else None
    if shown_legal is not None and all(card in shown_legal for card in cards):
        shown_legal = None
    by_code = {str(card): card for card in cards}
    result = _hand_component(
        key=component_key(key),
        data=_component_data(
            cards,
            style=style,
            lang=lang,
            width=width,
            legal=shown_legal,
            mode="click",
            disabled=disabled,
            recommended=recommended,
        ),
        on_clicked_change=no_callback,
    )
    clicked: Card | None = None
    code = result.get("clicked") if not disabled else None
    if isinstance(code, str) and code in by_code:
        clicked = by_code[code]
    if not cards:
        return None
    with st.expander(t("cards.choose_by_name", lang)), st.container(horizontal=True):
        for card in cards:
            pressed = st.button(
                card_label(card, lang, style),
                key=fallback_key(key, card),
                disabled=disabled,
                icon=":material/lightbulb:" if card == recommended else None,
                type="primary" if shown_legal is not None and card in shown_legal else "secondary",
            )
            if pressed and clicked is None:
                clicked = card
    return clicked


def _selection_key(key: str) -> str:
    return f"{key}__selected"


def _seen_key(key: str) -> str:
    return f"{key}__seen"


def mark_key(key: str, card: Card) -> str:
    """Widget key of the fallback button that marks or unmarks ``card`` under ``key``."""
    return f"{key}__mark_{card}"


def _sync_selection(key: str, codes: tuple[str, ...]) -> list[str]:
    """The choice under ``key``, brought up to date with the drawn cards' last report.

    The drawn cards report the whole choice with a fresh stamp at every click (a state
    value, so every later rerun carries it, even one that folded the click's own rerun
    into a "check" pressed at once). A report not seen before replaces the choice.
    Idempotent: each callback and the page may run it, in any order.
    """
    state = st.session_state
    chosen = [c for c in state.get(_selection_key(key), ()) if c in codes]
    value = state.get(component_key(key))
    reported = value.get("selected") if value is not None else None
    if isinstance(reported, dict) and reported.get("stamp") != state.get(_seen_key(key)):
        state[_seen_key(key)] = reported.get("stamp")
        picked = set(reported.get("codes") or ())
        chosen = [c for c in codes if c in picked]
    state[_selection_key(key)] = chosen
    return chosen


def _toggle(key: str, codes: tuple[str, ...], code: str) -> None:
    """Callback of a fallback button: flip one card in the (up to date) choice."""
    chosen = set(_sync_selection(key, codes)) ^ {code}
    st.session_state[_selection_key(key)] = [c for c in codes if c in chosen]


def selected_codes(key: str, cards: Sequence[Card]) -> list[str]:
    """The codes marked in the :func:`select_cards` under ``key``, read at call time.

    For a callback (a "check" button's, say) that runs before the page is drawn again.
    """
    return _sync_selection(key, tuple(str(card) for card in cards))


def clear_selection(key: str) -> None:
    """Unmark every card of the :func:`select_cards` under ``key`` (from a callback).

    The drawn cards' last report stays "seen", so it does not come back.
    """
    st.session_state[_selection_key(key)] = []


def select_cards(
    cards: Sequence[Card],
    *,
    key: str,
    style: str,
    lang: str,
    width: int = 90,
    disabled: bool = False,
    under: Callable[[], None] | None = None,
) -> list[Card]:
    """Let the learner mark several cards; return the marked ones in hand order.

    ``under`` draws what goes right under the drawn cards, before the fallback buttons
    (the page's "check", so that on a phone it stays on the screen with the cards).

    Clicking a drawn card marks or unmarks it; the fallback buttons under the cards (one
    per card, by name) do the same. No widget value is ever set from here, so nothing
    the browser sends late can undo a newer choice. Use a fresh ``key`` for each new
    question; ``disabled`` freezes the choice (after the answer was checked, say).
    """
    codes = tuple(str(card) for card in cards)
    by_code = {str(card): card for card in cards}
    chosen = _sync_selection(key, codes)

    def sync() -> None:
        _sync_selection(key, codes)

    _hand_component(
        key=component_key(key),
        data=_component_data(
            cards,
            style=style,
            lang=lang,
            width=width,
            legal=None,
            mode="toggle",
            selected=chosen,
            seen=st.session_state.get(_seen_key(key)),
            disabled=disabled,
        ),
        on_selected_change=sync,
    )
    if under is not None:
        under()
    if cards:
        with st.expander(t("cards.select_by_name", lang)), st.container(horizontal=True):
            for card in cards:
                marked = str(card) in chosen
                st.button(
                    card_label(card, lang, style),
                    key=mark_key(key, card),
                    icon=":material/check_box:" if marked
                    else ":material/check_box_outline_blank:",
                    type="primary" if marked else "secondary",
                    on_click=_toggle,
                    args=(key, codes, str(card)),
                    disabled=disabled,
                )
    return [by_code[c] for c in chosen]
