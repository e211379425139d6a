"""Computer players: one interface for every level (1 random ... 4 sampling + solver).

A player sees only a :class:`~tute_tutor.engine.game.SeatView` and an injected
``random.Random``; it answers one :data:`Action` at a time. Drive it with
:func:`computer_turn` (declarations of the open moment, then the card of a computer
seat) or :func:`play_hand` (computer players only), which work for every level.
Every level answers ``decide(view, rng)``: the card with its :class:`Decision` (how it
was chosen and, where the level rates cards, the value of every legal card); the coach
words its reasons from that. Level 4 also explains itself: ``get_player(4).evaluate(view,
rng)`` gives the expected points of each legal card, best first.
"""

from __future__ import annotations

from tute_tutor.ai.base import (
    Action,
    CanteAction,
    Decision,
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

__all__ = ["Action", "CanteAction", "Decision", "Evaluation", "ExpertPlayer", "PlayAction",
           "Player", "SwapAction", "TuteAction", "apply_action", "computer_turn", "declare_for_all",
           "get_player", "play_hand"]
