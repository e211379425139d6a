"""Playouts on guessed tables: whose cards a rival policy plays, and the margin."""

from __future__ import annotations

import random

from tute_tutor.ai.knowledge import World
from tute_tutor.ai.simulate import Table, playout, table_from
from tute_tutor.engine.game import Game
from tute_tutor.engine.tricks import POINTS, pick_bit


def _tables(ruleset: str, count: int) -> list[Table]:
    out = []
    for number in range(count):
        game = Game.deal(ruleset, rng=random.Random(f"sim:{number}"), dealer=number % 4)
        seat = game.to_move
        assert seat is not None
        out.append(table_from(game.view(seat), World(list(game.hands), [])))
    return out


def test_margin_playout_is_my_points_less_the_other_sides_points() -> None:
    for table in _tables("clasico", 30):
        me = table.to_move
        mine = playout(table.copy(), me, handoff=0)
        theirs = playout(table.copy(), (me + 1) % 4, handoff=0)
        assert mine + theirs >= 130  # every card point and the last trick, cantes on top
        assert playout(table.copy(), me, handoff=0, margin=True) == mine - theirs


class _RandomRival:
    """A rival policy that notes every seat it plays for."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.asked: list[int] = []

    def __call__(self, table: Table, seat: int, legal: int) -> int:
        self.asked.append(seat)
        assert legal and not legal & ~table.hands[seat]
        return pick_bit(legal, self.rng.random)


def test_rivals_policy_plays_every_card_of_the_other_side_and_only_those() -> None:
    for players, ruleset in ((4, "clasico"), (3, "a-tres")):
        for table in _tables(ruleset, 10):
            me = table.to_move
            rival = _RandomRival(me)
            rival_cards = sum(table.hands[s].bit_count() for s in range(players)
                              if not table.same_side(s, me))
            playout(table.copy(), me, handoff=0, rivals=rival)
            assert len(rival.asked) == rival_cards
            assert not any(table.same_side(seat, me) for seat in rival.asked)


def test_a_margin_playout_hands_off_to_the_solvers_margin() -> None:
    # With every suit sung nobody sings any more: each side's own best is the other's
    # worst, so the margin of the hand-off is one side's points less the other's.
    for table in _tables("clasico", 20):
        table.sung = 0b1111
        me = table.to_move
        mine = playout(table.copy(), me, handoff=4)
        theirs = playout(table.copy(), (me + 1) % 4, handoff=4)
        assert mine + theirs == sum(POINTS) + 10
        assert playout(table.copy(), me, handoff=4, margin=True) == mine - theirs


def test_a_playout_counts_the_nodes_of_its_solver_hand_off() -> None:
    for table in _tables("clasico", 3):
        counted = [0]
        plain = playout(table.copy(), table.to_move, handoff=4)
        assert playout(table.copy(), table.to_move, handoff=4, nodes=counted) == plain
        assert counted[0] > 0
        none = [0]
        playout(table.copy(), table.to_move, handoff=0, nodes=none)
        assert none == [0]
