"""The one way the AppTest tests open the app: through its entry point, as a browser, with
URL parameters and session values, on a page. :func:`new_app` gives it not run yet (for a
test that times or changes its first run), :func:`open_app` run and on its page.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from streamlit.testing.v1 import AppTest

from tests.app.learners import as_browser
from tests.conftest import WAIT_S

APP: Final = Path(__file__).resolve().parents[2] / "streamlit_app.py"
RUN_TIMEOUT: Final = WAIT_S
"""Seconds one run of the script may take: the suite's one wait bound, so a busy machine
is slow, not wrong."""


def new_app(*, token: str | None = None, params: Mapping[str, str] | None = None,
            state: Mapping[str, Any] | None = None, locale: str | None = None) -> AppTest:
    """The app's AppTest, not run yet: the browser holding ``token`` (if given), with the
    URL parameters ``params``, the session values ``state`` and the browser ``locale``."""
    at = AppTest.from_file(str(APP), default_timeout=RUN_TIMEOUT)
    if token is not None:
        as_browser(at, token)
    for key, value in (state or {}).items():
        at.session_state[key] = value
    for key, value in (params or {}).items():
        at.query_params[key] = value
    if locale is not None:
        at.context = {"locale": locale}
    return at


def open_app(page: str = "home", *, token: str | None = None,
             params: Mapping[str, str] | None = None, state: Mapping[str, Any] | None = None,
             locale: str | None = None, page_params: Mapping[str, str] | None = None,
             check: bool = True) -> AppTest:
    """:func:`new_app` run once, then switched to ``pages/PAGE.py`` (``page_params`` set
    only then, as a link followed from the home page) and run again; with ``check``, no
    exception was raised on the way."""
    at = new_app(token=token, params=params, state=state, locale=locale)
    at.run()
    if page != "home" or page_params:
        if page != "home":
            at.switch_page(f"pages/{page}.py")
        for key, value in (page_params or {}).items():
            at.query_params[key] = value
        at.run()
    if check:
        assert not at.exception, [e.value for e in at.exception]
    return at


def stall_guards(at: AppTest) -> list[str]:
    """The keys of the stall guards the page drew (one for each polling fragment it drew,
    see :func:`tute_tutor.ui.layout.stall_guard`)."""
    return [str(e.key) for e in at.get("bidi_component")
            if getattr(e.proto, "component_name", "") == "tute_tutor_stall_guard"]
