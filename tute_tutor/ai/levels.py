"""The levels of computer player. Level 1 plays a random legal card."""

from __future__ import annotations

import random

from tute_tutor.ai.base import Action, CanteAction, Player, SwapAction, TuteAction
from tute_tutor.cards import Card
from tute_tutor.errors import TuteError
from tute_tutor.game import SeatView


class RandomPlayer:
    """Level 1: any legal card; declares whatever it may (a person would too)."""

    level = 1

    def declarations(self, view: SeatView, rng: random.Random) -> list[Action]:
        actions: list[Action] = []
        if view.can_tute:
            return [TuteAction()]
        if view.can_swap:
            actions.append(SwapAction())
        if view.declarable_cantes:
            actions.append(CanteAction(view.declarable_cantes[0]))
        return actions

    def choose_card(self, view: SeatView, rng: random.Random) -> Card:
        return rng.choice(view.legal)


def get_player(level: int) -> Player:
    """The computer player of ``level`` (1-4)."""
    if level == 1:
        return RandomPlayer()
    raise TuteError(f"computer level {level} does not exist: choose 1 to 4")
