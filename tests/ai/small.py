"""A level-4 player on a smaller budget, for tests of properties that do not depend on
how many deals it samples (legality, reproducibility, what the seat sees)."""

from __future__ import annotations

from typing import ClassVar

from tute_tutor.ai import get_player
from tute_tutor.ai.base import Player
from tute_tutor.ai.levels import ExpertPlayer


class SmallExpert(ExpertPlayer):
    """Level 4 with 4 worlds out of a pool of 40 (the real one: 24 of 400), a lower node
    budget and exact solving from fewer tricks; every code path of level 4 still runs."""

    worlds = 4
    pool = 40
    node_budget = 20_000
    exact_tricks: ClassVar[dict[int, int]] = {4: 4, 3: 3, 2: 4}


def player_of(level: int) -> Player:
    """The computer player of ``level``, level 4 on the small budget."""
    return SmallExpert() if level == 4 else get_player(level)
