"""Every link meant for other people (the teacher's sequence, a live class, a room) is
built on the address the browser used, never on the server's own ``localhost``."""

from __future__ import annotations

import pytest
import streamlit as st

from tute_tutor.ui import builder, live_class, rooms

HEADERS = {"Host": "localhost:8501", "X-Forwarded-Host": "aula.example",
           "X-Forwarded-Proto": "https"}


class _Context:
    url = "http://localhost:8501/tute/teacher?s=abc"
    headers = HEADERS


@pytest.fixture
def behind_a_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(st, "context", _Context())


@pytest.mark.usefixtures("behind_a_proxy")
def test_live_class_and_room_links_name_the_address_the_browser_used() -> None:
    assert builder.public_root() == "https://aula.example/tute"
    assert live_class.join_link("K7MXQ4") == "https://aula.example/tute/join?class=K7MXQ4"
    assert rooms.room_link("K7MXQ4") == "https://aula.example/tute/rooms?room=K7MXQ4"


def test_the_host_the_browser_sent_wins_over_the_servers_url() -> None:
    assert builder.root_from("http://localhost:8501/rooms", {"Host": "192.168.1.20:8501"}) \
        == "http://192.168.1.20:8501"
