"""The server's pace setting (``TUTE_TUTOR_PACE``): a factor on the polls of the shared
screens and on a room computer's pauses, 1 unless a number says otherwise."""

from __future__ import annotations

import pytest

from tute_tutor.ui import live_common, rooms
from tute_tutor.ui.live_common import PACE_RANGE, PACE_VAR, read_pace


@pytest.mark.parametrize(("raw", "factor"), [
    ("", 1.0), ("  ", 1.0), ("0.5", 0.5), ("2", 2.0), (" 0.3 ", 0.3),
    ("fast", 1.0), ("nan", 1.0), ("0", PACE_RANGE[0]), ("-3", PACE_RANGE[0]),
    ("1e9", PACE_RANGE[1]), ("inf", PACE_RANGE[1]),
])
def test_the_pace_is_a_bounded_factor_and_anything_else_is_the_normal_pace(
        raw: str, factor: float) -> None:
    assert read_pace({PACE_VAR: raw}) == pytest.approx(factor)
    assert read_pace({}) == 1.0


def test_the_polls_and_a_rooms_computer_pauses_follow_the_pace() -> None:
    pace = live_common.PACE
    assert pytest.approx(1.0 * pace) == live_common.POLL_SECONDS
    assert pytest.approx(0.8 * pace) == rooms.COMPUTER_PAUSE
    assert pytest.approx(1.5 * pace) == rooms.TRICK_PAUSE
    assert rooms.TRICK_PAUSE > rooms.COMPUTER_PAUSE  # a finished trick stays longest
