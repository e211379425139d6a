"""Computer players: one interface for every level (1 random ... 4 sampling + solver).

A player sees only a :class:`~tute_tutor.game.SeatView` and an injected
``random.Random``; it answers one :data:`Action` at a time. Drive it with
:func:`next_action` / :func:`play_computer_turn`, which work for every level.
"""

from __future__ import annotations

from tute_tutor.ai.base import (
    Action,
    CanteAction,
    PlayAction,
    Player,
    SwapAction,
    TuteAction,
    apply_action,
)
from tute_tutor.ai.levels import get_player

__all__ = ["Action", "CanteAction", "PlayAction", "Player", "SwapAction", "TuteAction",
           "apply_action", "get_player"]
