"""Computer players: one interface for every level (1 random ... 4 sampling + solver).

A player sees only a :class:`~tute_tutor.engine.game.SeatView` and an injected
``random.Random``; it answers one :data:`Action` at a time. Drive it with
:func:`computer_turn` (declarations of the open moment, then the card of a computer
seat) or :func:`play_hand` (computer players only), which work for every level.
Level 4 also explains itself: ``get_player(4).evaluate(view, rng)`` gives the expected
points of each legal card, best first.
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
    computer_turn,
    declare_for_all,
    play_hand,
)
from tute_tutor.ai.levels import Evaluation, ExpertPlayer, get_player

__all__ = ["Action", "CanteAction", "Evaluation", "ExpertPlayer", "PlayAction", "Player",
           "SwapAction", "TuteAction", "apply_action", "computer_turn", "declare_for_all",
           "get_player", "play_hand"]
