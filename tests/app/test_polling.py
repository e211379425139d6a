"""A polling fragment asks for a whole-page run only from its own polls: while the
page's run draws it, a change it sees waits for the next poll, so the page's run is
never stopped half-drawn (`tute_tutor.ui.layout.draw_poller`, `redraw_page`)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def _page() -> None:
    import streamlit as st

    from tute_tutor.ui.layout import draw_poller, fragment, redraw_page

    @fragment(run_every=60)
    def poller() -> None:
        st.session_state["polls"] = st.session_state.get("polls", 0) + 1
        redraw_page()  # the page is always out of date for this poller

    st.session_state["runs"] = st.session_state.get("runs", 0) + 1
    draw_poller(poller)
    st.button("drawn after the poller")


def test_the_pages_own_run_draws_its_poller_to_the_end_without_rerunning() -> None:
    app = AppTest.from_function(_page, default_timeout=60).run()
    assert not app.exception
    assert app.session_state["runs"] == 1 and app.session_state["polls"] == 1
    assert [b.label for b in app.button] == ["drawn after the poller"]


def _two_pollers() -> None:
    from tute_tutor.ui.layout import draw_poller, fragment

    @fragment(run_every=0.5)
    def quick() -> None:
        pass

    @fragment(run_every=60)
    def slow() -> None:
        pass

    draw_poller(quick)
    draw_poller(slow)


def test_a_stall_guard_waits_eight_seconds_or_four_polls_when_they_are_slower() -> None:
    """The guard asks for a whole-page run after 8 s without any run; a page polled
    less often (``TUTE_TUTOR_PACE`` up to 10) would be redrawn after every poll, so
    there it waits four polls."""
    import json

    from tests.app.apptest import stall_guards
    from tute_tutor.ui.layout import STALL_POLLS, STALL_SECONDS

    app = AppTest.from_function(_two_pollers, default_timeout=60).run()
    assert not app.exception
    assert stall_guards(app) == ["tt-stall-quick", "tt-stall-slow"]
    waits = {str(e.key): json.loads(e.proto.json)["ms"] for e in app.get("bidi_component")}
    assert waits == {"tt-stall-quick": STALL_SECONDS * 1000,
                     "tt-stall-slow": STALL_POLLS * 60 * 1000}
