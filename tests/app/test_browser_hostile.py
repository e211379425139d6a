"""Hostile URLs in a real Chromium (marker ``browser``, issue 12): no exception box, no
link or image to another host anywhere on the page, and no request leaves the machine.

Chromium resolves no host but 127.0.0.1 here (``--host-resolver-rules`` in conftest), and
every request to another host is recorded and refused, so a live image would fail this
test without sending traffic anywhere.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

from tests.app.conftest import run_streamlit
from tests.hostile import HOSTILE_HOST

pytestmark = pytest.mark.browser

SCENARIO = {"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c"], "trick": ["10c"]}


def _token(data: Any) -> str:
    packed = zlib.compress(json.dumps(data).encode("utf-8"))
    return "1" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


LINK = f"[Log in](http://{HOSTILE_HOST}/login)"
IMAGE = f"![x](http://{HOSTILE_HOST}/p.png)"
HTML = f"<img src=http://{HOSTILE_HOST}/i.png><a href=http://{HOSTILE_HOST}>x</a>"
BARE = f"http://{HOSTILE_HOST}/x www.{HOSTILE_HOST} me@{HOSTILE_HOST}"

HOSTILE_URLS = [
    f"/lessons?lesson={quote(LINK)}",
    f"/lessons?lesson={quote(BARE)}",
    "/?flags=tute_award%3D%C2%B2",
    f"/?lang={quote(HTML)}&rules={quote(LINK)}&deck={quote(IMAGE)}",
    f"/?flags={quote('match=' + LINK)}",
    f"/progress?profile={quote(IMAGE)}",
    f"/quiz?kinds={quote(HTML)}",
    f"/try_it?s={_token({**SCENARIO, 'hand': [IMAGE]})}",
    f"/try_it?s={_token({**SCENARIO, 'ruleset': LINK})}",
    f"/teacher?s={_token({**SCENARIO, 'trick': [BARE]})}",
    f"/try_it?s={quote(LINK)}",
]

_SELECTOR = ("a[href], img[src], iframe[src], link[href], script[src], source[src], "
             "video[src], audio[src]")
_OUTSIDE = f"""() => [...document.querySelectorAll("{_SELECTOR}")]
    .map(e => e.href || e.src || '')
    .filter(u => /^(https?|ftp):/i.test(u) && new URL(u).hostname !== location.hostname)"""


def test_hostile_urls_show_no_exception_and_nothing_from_another_host(
    page: Any,
    app_url: str,
    wait_until_drawn: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    local = urlsplit(app_url).hostname
    outside: list[str] = []

    def refuse_outside(route: Any) -> None:
        if urlsplit(route.request.url).hostname != local:
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    # only requests to another host come to Python (the driver matches the pattern)
    page.route(re.compile(rf"^(?!https?://{re.escape(local)}[:/])"), refuse_outside)
    for number, path in enumerate(HOSTILE_URLS):
        page.goto(app_url + path)
        wait_until_drawn(page)  # late elements too (images, components)
        assert page.locator("[data-testid='stException']").count() == 0, path
        links = page.evaluate(_OUTSIDE)
        assert links == [], (path, links)
        if number == 0:
            screenshot(page, "hostile-lesson-link")
    assert outside == []


def test_a_failure_shows_one_generic_line_and_no_server_path(
    chromium: Any, tmp_path: Path, wait_for_app: Callable[[Any], None],
) -> None:
    secret = tmp_path / "secret-server-folder" / "missing.txt"
    script = tmp_path / "fails.py"
    script.write_text(f"import streamlit as st\nst.title('x')\nopen({str(secret)!r})\n",
                      encoding="utf-8")
    with run_streamlit(tmp_path, script) as url:  # run from the repository: its config
        context = chromium.new_context()
        try:
            page = context.new_page()
            page.goto(url)
            box = page.locator("[data-testid='stException']")
            box.wait_for()
            text = box.inner_text()
            outside = page.evaluate(_OUTSIDE)
        finally:
            context.close()
    assert "secret-server-folder" not in text and "FileNotFoundError" not in text
    assert "Traceback" not in text and len(text.strip().splitlines()) <= 2, text
    assert "Ask Google" not in text and outside == []
    assert "secret-server-folder" in (tmp_path / "server.log").read_text()  # it is logged
