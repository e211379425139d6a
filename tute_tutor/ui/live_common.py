"""What the teacher's live class, the students' join page and the rooms share: the
store of classes, the one-line words of a class error, drawing a question's cards, the
pace of the polls, and the redraw once the store answers again."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Final, cast

import streamlit as st

from tute_tutor.engine.cards import SUIT_LETTERS, Card, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.live import classroom as cl
from tute_tutor.live.deck import question_for
from tute_tutor.quiz.question import QuizQuestion
from tute_tutor.store import StoreError
from tute_tutor.store.classes import Classes
from tute_tutor.ui import tr
from tute_tutor.ui.cards import show_cards, show_trick
from tute_tutor.ui.layout import draw_poller, fragment
from tute_tutor.ui.profile import get_store, store_message

PACE_VAR: Final = "TUTE_TUTOR_PACE"
"""The server setting that speeds up or slows down every shared screen: the polls of the
live class and the rooms, and the pauses before a room's computer seat plays."""
PACE_RANGE: Final = (0.1, 10.0)


def read_pace(environ: dict[str, str] | None = None) -> float:
    """The pace factor of this server (``TUTE_TUTOR_PACE``, 1 by default, kept within
    :data:`PACE_RANGE`; a value that is not a number is the default)."""
    raw = (os.environ if environ is None else environ).get(PACE_VAR, "").strip()
    try:
        factor = float(raw) if raw else 1.0
    except ValueError:
        return 1.0
    if factor != factor:  # NaN
        return 1.0
    return min(max(factor, PACE_RANGE[0]), PACE_RANGE[1])


PACE: Final = read_pace()
"""The pace factor read when the server started."""
POLL_SECONDS: Final = 1.0 * PACE
"""How often the projector, the phones and the rooms' pages read their version."""
REASONS = ("bad_code", "unknown_code", "ended", "locked", "nickname_taken", "bad_nickname",
           "removed", "not_joined", "no_question", "closed", "already", "bad_choice", "full",
           "deck_done", "bad_deck", "bad_kind", "bad_question", "busy", "bad_timer",
           "too_many_questions", "no_participant")


RETRY_KEY: Final = "live_retry_armed"
"""Set by :func:`redraw_when_back`'s first run inside the page's run: only its later,
timed runs ask the store again."""


def redraw_when_back(probe: Callable[[], object]) -> None:
    """Drawn under a "the database did not answer" line: asks again with ``probe`` (the
    read that failed) every poll and redraws the whole page as soon as it goes through,
    so a projector, a phone or a room never stays on the error until somebody reloads.
    Never sooner than one poll after the page's run: a page whose read keeps failing is
    redrawn at most once a poll; drawn, like every poll, with the stall guard that
    brings a lost timer back."""
    st.session_state[RETRY_KEY] = False
    draw_poller(_retry, probe)


@fragment(run_every=POLL_SECONDS)
def _retry(probe: Callable[[], object]) -> None:
    if not st.session_state.get(RETRY_KEY):
        st.session_state[RETRY_KEY] = True  # the page's own run: ask from the next poll
        return
    try:
        probe()
    except StoreError:
        return
    except TuteError:
        pass  # the store answered with a refusal: the redrawn page words it
    st.rerun(scope="app")


def kept_class(key: str, code: str, stamp: Callable[[cl.ClassSession], object],
               wanted: object) -> cl.ClassSession:
    """The class ``code`` as a polling screen last loaded it (kept in ``key``) while its
    ``stamp`` is still ``wanted`` (what the poll's cheap read says), else loaded again
    (raises ClassError, StoreError)."""
    kept = st.session_state.get(key)
    if kept is not None and kept[0] == (code, wanted):
        return cast(cl.ClassSession, kept[1])
    session, _now = classes().load(code)
    keep_class(key, code, stamp, session)
    return session


def keep_class(key: str, code: str, stamp: Callable[[cl.ClassSession], object],
               session: cl.ClassSession) -> None:
    """Keep ``session`` (just loaded) for :func:`kept_class`."""
    st.session_state[key] = ((code, stamp(session)), session)


def kept_message(key: str, version: int) -> str | None:
    """The one-line message an action left in ``key``, for a polling screen: shown on
    every poll while the class is still at the ``version`` it was first shown at, then
    dropped (a poll every second would otherwise show a refusal for one second)."""
    found = st.session_state.get(key)
    if isinstance(found, str):
        st.session_state[key] = (found, version)
        return found
    if isinstance(found, tuple) and found[1] == version:
        return str(found[0])
    st.session_state.pop(key, None)
    return None


def classes() -> Classes:
    """The live classes of the configured store (raises StoreError)."""
    return Classes(get_store())


def error_line(error: cl.ClassError | StoreError) -> str:
    """One line, in the session's language, for what went wrong."""
    if isinstance(error, StoreError):
        return store_message(error)
    reason = error.reason if error.reason in REASONS else "other"
    return tr(f"live.err.{reason}")


def question(posed: cl.Posed, lang: str) -> QuizQuestion:
    return question_for(posed.spec, lang)


def draw_board(q: QuizQuestion, *, style: str, lang: str, width: int) -> None:
    """The trump, the cards on the table and the hand, as the question's kind shows them."""
    board, display = q.board, q.display
    suit = SUIT_LETTERS.index(board.trump)
    st.markdown(f"### {tr('live.trump', suit=suit_name(suit, lang))}")
    if board.trick:
        st.caption(tr("live.table"))
        show_trick([Card.parse(c) for c in board.trick], labels=board.trick_labels,
                   style=style, lang=lang, width=width)
    if display.hand and board.hand and not q.option_cards:
        st.caption(tr("live.your_hand"))
        show_cards([Card.parse(c) for c in board.hand], style=style, lang=lang, width=width)
    if q.option_cards and set(q.options) != set(board.trick or ()):
        st.caption(tr("live.options_cards"))
        show_cards([Card.parse(c) for c in q.options], style=style, lang=lang, width=width)
