"""Every computer card with a choice is logged with the coach's reason, true of the
position that seat saw; a reloaded table words the same cards from the position alone."""

from __future__ import annotations

import random

import pytest

from tests.table.helpers import play_hand
from tute_tutor.ai.base import Decision
from tute_tutor.coach.reasons import reason_for
from tute_tutor.engine.variants import find_rules
from tute_tutor.table.controller import LEARNER, Table, TableConfig, seat_name
from tute_tutor.words.coach import reason_text


def _free_computer_plays(table: Table) -> list[tuple[int, str]]:
    """(index in the log, the reason's sentence) for each computer card with a choice."""
    out = []
    for index, line in enumerate(table.log):
        entry = line.entry
        if entry.kind == "play" and entry.seat != LEARNER:
            assert line.reason is not None and line.reason.card == entry.card
            assert entry.analysis is not None
            if len(entry.analysis.legal) > 1:
                assert line.reason.kind != "forced"
                out.append((index, reason_text(line.reason, seat_name(entry.seat, "en"),
                                               "en")))
            else:
                assert line.reason.kind == "forced"
    return out


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_every_free_computer_card_is_logged_with_its_reason(ruleset: str) -> None:
    table = Table(TableConfig(find_rules(ruleset), seed=4, levels=(3,)))
    play_hand(table, random.Random(4))
    free = _free_computer_plays(table)
    assert free, "a whole hand always holds a computer card with a choice"
    texts = table.log_texts("en")
    for index, sentence in free:
        assert texts[index].endswith(sentence)


def test_a_logged_reason_is_the_one_read_off_the_seats_view_before_its_card() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=9, levels=(2,)))
    play_hand(table, random.Random(9))
    game = table.game
    for line in table.log:
        entry = line.entry
        if entry.kind != "play" or entry.seat == LEARNER or entry.card is None:
            continue
        before = game.replayed(entry.event - 1)
        before.close_moment()
        view = before.view(entry.seat)
        again = reason_for(view, Decision(entry.card, "rules" if len(view.legal) > 1
                                          else "forced"))
        assert line.reason is not None and line.reason.facts == again.facts


def test_a_reloaded_table_gives_every_computer_card_its_reason_again() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=2, levels=(3,)))
    play_hand(table, random.Random(2))
    before = [(line.entry.event, line.reason.facts if line.reason else None)
              for line in table.log]
    again = Table.from_state(table.to_state())
    after = [(line.entry.event, line.reason.facts if line.reason else None)
             for line in again.log]
    assert after == before  # level 3 rates no card before the endgame: the same facts
