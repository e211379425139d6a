"""Real-browser tests of the app shell (marker ``browser``): Chromium against streamlit run."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_app_opens_in_spanish_with_navigation(
    page: Any,
    app_url: str,
    wait_for_app: Callable[[Any], None],
    screenshot: Callable[[Any, str], Path],
) -> None:
    page.goto(app_url)
    wait_for_app(page)
    nav = page.locator("[data-testid='stSidebarNav']")
    nav.wait_for()
    assert "Lecciones" in nav.inner_text()
    screenshot(page, "home-es")
