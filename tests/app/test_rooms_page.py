"""AppTest of the rooms page: two app sessions (two browsers) share one store. A opens a
room, B joins by the link's ``?room=``, A starts; each move of one shows on the other's
next run, and each page holds only its own hand."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app, stall_guards
from tests.app.learners import profile_of
from tute_tutor.engine.cards import CARDS, Card
from tute_tutor.live import room as R
from tute_tutor.render.cards import card_label
from tute_tutor.store import Store, StoreError, open_store
from tute_tutor.store import rooms as room_store
from tute_tutor.store.rooms import create_room, load_room
from tute_tutor.ui.cards import fallback_key
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import explain_refusal


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    url = f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    monkeypatch.setenv("TUTE_TUTOR_DB", url)
    return url


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


def session(token: str, *, room: str | None = None, ruleset: str = "a-dos",
            lang: str = "es") -> AppTest:
    return open_app("rooms", token=token, state={"ruleset": ruleset, "lang": lang},
                    params={} if room is None else {"room": room})


def texts(at: AppTest) -> str:
    """Every text the page shows (text, markdown, captions, buttons, messages)."""
    parts: list[str] = []
    for kind in ("text", "markdown", "caption", "code", "success", "info", "warning",
                 "error", "button", "radio", "subheader", "header"):
        for element in at.get(kind):
            proto = getattr(element, "proto", None)
            for attr in ("body", "label", "value", "text"):
                value = getattr(proto, attr, None) if proto is not None else None
                if isinstance(value, str):
                    parts.append(value)
            parts.append(str(getattr(element, "value", "")))
            parts.append(str(getattr(element, "label", "")))
    return "\n".join(parts)


def hand_keys(at: AppTest, hand: int) -> set[str]:
    prefix = f"rooms_hand_{hand}__btn_"
    return {b.key[len(prefix):] for b in at.button if b.key and b.key.startswith(prefix)}


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click()
    return ok(at.run())


def test_two_sessions_share_a_room_and_see_only_their_own_hand(db: str) -> None:
    a_token, b_token = "browser-a-token-0123456789", "browser-b-token-0123456789"
    a = session(a_token)
    a.text_input(key="rooms_create_nick").input("Ana")
    a = click(a, next(b.key for b in a.button if b.label == t("rooms.create.submit", "es")))
    code = a.query_params["room"][0] if isinstance(a.query_params["room"], list) \
        else a.query_params["room"]
    assert R.clean_code(code) == code
    assert code in texts(a)

    b = session(b_token, room=code)
    b.text_input(key="rooms_sit_nick").input("  Bea  <b>x</b> ")
    b = click(b, next(x.key for x in b.button if x.label == t("rooms.lobby.sit", "es")))
    store = open_store(db)
    room = load_room(store, code)
    assert room is not None and room.seats[1].nickname == "Bea <b>x</b>"
    a = ok(a.run())
    assert "Bea <b>x</b>" in texts(a)  # shown as plain text, never as HTML
    assert not any("<b>x</b>" in m.value and m.proto.allow_html for m in a.markdown
                   if "Bea" in m.value)
    a = click(a, "rooms_start")
    room = load_room(store, code)
    assert room is not None and room.status == "playing"
    sessions = {0: a, 1: b}
    moves = 0
    while moves < 6:
        room = load_room(store, code)
        assert room is not None
        seat = R.to_act(room)
        assert seat is not None
        mover, other = sessions[seat], sessions[1 - seat]
        mover = ok(mover.run())
        view = R.seat_view(room, seat)
        game = R.replay(room).game
        for s, at in sessions.items():
            at = ok(at.run())
            shown = hand_keys(at, view.hand_number)
            own = {str(c) for c in R.seat_view(room, s).hand}
            assert shown == own
            hidden = {str(c) for c in game.hand(1 - s)} - {str(c) for c in R.seat_view(
                room, s).hand}
            page_text = texts(at)
            for code_ in hidden:
                card = Card.parse(code_)
                assert card_label(card, "es", "spanish") not in page_text, code_
        if view.legal:
            card = view.legal[0]
            mover = click(mover, fallback_key(f"rooms_hand_{view.hand_number}", card))
            after = load_room(store, code)
            assert after is not None and after.version == room.version + 1
            assert after.actions[-1] == R.Action(seat, "play", str(card))
            other = ok(other.run())
            said = texts(other)
            assert card_label(card, "es", "spanish") in said or \
                card.name_with_article("es") in said
        else:
            click(mover, "rooms_pass")
        moves += 1
    assert CARDS  # the deck module is loaded (labels above come from it)


def test_a_wrong_or_unknown_code_gets_one_line(db: str) -> None:
    at = session("browser-c-token-0123456789", room="ZZ0ZZZ")
    assert [e.value for e in at.error] == [t("rooms.error.bad_code", "es")]
    at = session("browser-c-token-0123456789", room="ABCDEF", lang="en")
    assert [w.value for w in at.warning] == [t("rooms.error.no_room", "en")]


def test_a_reload_finds_the_seat_again(db: str) -> None:
    token = "browser-d-token-0123456789"
    a = session(token)
    a.text_input(key="rooms_create_nick").input("Dora")
    a = click(a, next(b.key for b in a.button if b.label == t("rooms.create.submit", "es")))
    code: Any = a.query_params["room"]
    code = code[0] if isinstance(code, list) else code
    again = session(token, room=code)  # a new session of the same browser
    assert "rooms_start" in {b.key for b in again.button}  # still the host, seated
    stranger = session("browser-e-token-0123456789", room=code)
    assert "rooms_start" not in {b.key for b in stranger.button}
    assert stranger.text_input(key="rooms_sit_nick") is not None


def test_a_database_that_does_not_answer_leaves_the_player_in_the_room(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """One line while the room cannot be read, no other way out offered; the next run
    (the page's retry fragment, in a browser) shows the seat again. Both the room's poll
    and the retry are drawn with the guard that brings a lost poll back."""
    token = "browser-f-token-0123456789"
    a = session(token)
    a.text_input(key="rooms_create_nick").input("Fran")
    a = click(a, next(b.key for b in a.button if b.label == t("rooms.create.submit", "es")))
    assert "rooms_start" in {b.key for b in a.button}
    loaded = room_store.load_room

    def away(store: Store, code: str) -> Any:
        raise StoreError("the database did not answer", reason="unavailable", where="db")

    assert stall_guards(a) == ["tt-stall-poll"]  # brings the room's poll back if lost
    monkeypatch.setattr(room_store, "load_room", away)
    a = ok(a.run())
    assert [e.value for e in a.error] == [t("profile.err_unavailable", "es", where="db")]
    assert stall_guards(a) == ["tt-stall-_retry"]
    assert "rooms_start" not in {b.key for b in a.button}
    assert a.query_params["room"]  # still the room's page
    monkeypatch.setattr(room_store, "load_room", loaded)
    a = ok(a.run())
    assert not a.error and "rooms_start" in {b.key for b in a.button}


def _saved(db: str, token: str, build: Any) -> str:
    """Save the room ``build(code, seat_hash)`` made; its code."""
    store = open_store(db)
    made = create_room(store, lambda code: build(code, R.hash_token(f"{token}:{code}")))
    store.close()
    return made.code


def _solo(code: str, mine: str, *, now: float = 0.0, idle_limit: int = 120) -> R.Room:
    """Clasico, one hand: this browser at seat 0, computers elsewhere, started."""
    settings = R.make_settings("clasico", {"match": "hands:1"}, level=1,
                               idle_limit=idle_limit)
    room = R.create(settings, "Ana", mine, seed=21, code=code, now=now)
    return R.start(room, mine, now=now)


def test_an_illegal_click_is_explained_with_the_practice_tables_words(db: str) -> None:
    token = "browser-f-token-0123456789"

    # The seat's last move is now and its idle limit the longest: however slow the
    # machine, the computer never takes the seat over before the click.
    now = time.time()

    def build(code: str, mine: str) -> R.Room:
        room = _solo(code, mine, now=now, idle_limit=R.IDLE_LIMITS[1])
        while True:
            moved = R.computer_move(room, now=now)
            if moved is not None:
                room = moved
                continue
            view = R.seat_view(room, 0)
            if view.trick and any(c not in view.legal for c in view.hand):
                return room
            room = R.play(room, mine, str(view.legal[0]), now=now) if view.legal \
                else R.pass_turn(room, mine, now=now)

    code = _saved(db, token, build)
    at = session(token, room=code, ruleset="clasico")
    store = open_store(db)
    room = load_room(store, code)
    assert room is not None
    view = R.seat_view(room, 0)
    illegal = next(c for c in view.hand if c not in view.legal)
    at = click(at, fallback_key(f"rooms_hand_{view.hand_number}", illegal))
    assert view.analysis is not None
    assert explain_refusal(view.analysis, illegal, "es") in [w.value for w in at.warning]
    after = load_room(store, code)
    assert after is not None and after.version == room.version  # nothing was sent


def test_a_finished_match_is_downloadable_and_feeds_progress_once(db: str) -> None:
    token = "browser-g-token-0123456789"

    def build(code: str, mine: str) -> R.Room:
        room = _solo(code, mine)
        while room.status == "playing":
            room = (R.take_over_idle(room, now=room.moved_at + 1e6)
                    or R.computer_move(room, now=room.moved_at + 1) or room)
        return R.reclaim(room, mine, now=room.moved_at)

    code = _saved(db, token, build)
    at = session(token, room=code, ruleset="clasico")
    assert t("rooms.play.match_over", "es") in texts(at)
    assert at.get("download_button")
    store = open_store(db)
    room = load_room(store, code)
    assert room is not None
    hands = store.hands(profile_of(token))
    assert len(hands) == 1
    # the hand is over: the end review tells why each computer played each card
    from tute_tutor.live.words import computer_reasons

    reasons = computer_reasons(R.replay(room).game, R.seat_view(room, 0).seats, "es")
    assert reasons and all(line in texts(at) for line in reasons)
    outcome = R.replay(room).match.hands[0]
    assert hands[0].record == outcome.record
    assert hands[0].won == (outcome.winner == 0)
    ok(at.run())
    again = session(token, room=code, ruleset="clasico")  # a reload: not stored twice
    assert again is not None
    assert len(store.hands(profile_of(token))) == 1
