"""The practice table saved as plain data and rebuilt; the two-player ladder; the trick
that stays on the table; the hint's reason; the face-up card after the swap."""

from __future__ import annotations

import json
import random

import pytest

from tests.table.helpers import learner_turn, play_hand
from tute_tutor.ai.base import Decision
from tute_tutor.engine.cards import SUIT_LETTERS, Card
from tute_tutor.engine.game import HandResult, SwapEvent
from tute_tutor.engine.variants import find_rules
from tute_tutor.table.controller import (
    HINT_REASONS,
    LEARNER,
    LadderBest,
    Table,
    TableConfig,
    TableStateError,
    hint_reason,
    ladder_level,
)
from tute_tutor.words.catalog import t

PRESETS = ["clasico", "las40", "ludoteka", "estricto", "a-tres", "a-dos"]


def _same_table(a: Table, b: Table) -> None:
    assert b.to_state() == a.to_state()
    assert b.status() == a.status()
    assert b.learner_hand() == a.learner_hand()
    assert b.legal_cards() == a.legal_cards()
    assert b.offers() == a.offers()
    assert b.log_texts("en") == a.log_texts("en")
    assert b.can_undo == a.can_undo
    assert b.trick_held == a.trick_held


def _through_json(table: Table) -> Table:
    return Table.from_state(json.loads(json.dumps(table.to_state())))


@pytest.mark.parametrize("ruleset", PRESETS)
@pytest.mark.parametrize("seed", [1, 7])
def test_a_saved_table_comes_back_identical_at_every_decision(ruleset: str, seed: int) -> None:
    table = Table(TableConfig(find_rules(ruleset), seed=seed, levels=(2, 3, 1)))
    rng = random.Random(seed)
    for _ in range(3):  # three hands of the match (or fewer when it ends)
        for _ in range(200):
            table.run()
            if table.finished:
                break
            _same_table(table, _through_json(table))
            learner_turn(table, rng)
        _same_table(table, _through_json(table))
        if not table.next_hand():
            break
        _same_table(table, _through_json(table))


def test_a_restored_table_plays_on_as_the_original_would() -> None:
    table = Table(TableConfig(find_rules("a-dos"), seed=4, levels=(3,)))
    rng = random.Random(4)
    for _ in range(6):
        table.run()
        learner_turn(table, rng)
    copy = _through_json(table)
    for one in (table, copy):
        play_hand(one, random.Random(9))
    assert copy.to_state() == table.to_state()
    assert copy.result() == table.result()


def test_undo_works_after_a_restore() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=2))
    rng = random.Random(2)
    for _ in range(3):
        table.run()
        learner_turn(table, rng, declare=0.0)
    before = table.to_state()
    copy = _through_json(table)
    assert copy.undo() and table.undo()
    assert copy.to_state() == table.to_state() != before


@pytest.mark.parametrize("data", [None, {}, {"format": "tute-table/0"}, [1, 2],
                                  "tute-table/1"])
def test_data_that_is_not_a_saved_table_is_refused(data: object) -> None:
    with pytest.raises(TableStateError):
        Table.from_state(data)


def test_a_damaged_saved_table_is_refused_with_a_reason() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=3))
    table.run()
    table.click(table.legal_cards()[0])
    state = table.to_state()
    bad_card = json.loads(json.dumps(state))
    bad_card["events"][0]["play"] = "9z"
    wrong_card = json.loads(json.dumps(state))
    others = table.game.initial_hands[2]  # a card only the partner was dealt
    wrong_card["events"][0]["play"] = str(Card((others & -others).bit_length() - 1))
    bad_rules = json.loads(json.dumps(state))
    bad_rules["config"]["ruleset"] = "whist"
    no_key = json.loads(json.dumps(state))
    del no_key["undo"]
    for data in (bad_card, wrong_card, bad_rules, no_key):
        with pytest.raises(TableStateError) as caught:
            Table.from_state(data)
        assert "\n" not in str(caught.value)
    for reason in ([1, 2], [1, 1.5, "1o", "exact", 4, "wins"], "1o"):
        short = json.loads(json.dumps(state))
        short["edges"] = [reason]
        with pytest.raises(TableStateError, match=r"worlds\].*\[why, wins"):
            Table.from_state(short)


def _moment_with_two_singers(seed: int) -> Table | None:
    """A table stopped where the seat asked first and the trick's winner, partners, may
    both sing (the learner sings whenever offered, so such moments come)."""
    table = Table(TableConfig(find_rules("clasico"), seed=seed, levels=(1,)))
    game = table.game
    for _ in range(60):
        table.run()
        if table.finished:
            return None
        if game.moment is not None and game.declarer is not None:
            winner = game.moment.winner
            first = game.declarer
            if first != winner and game.declarable_cantes(first) and \
                    game.declarable_cantes(winner):
                return table
        offers = table.offers()
        if offers.cantes and table.sing(offers.cantes[0]):
            continue
        if not table.pass_moment():
            table.click(table.legal_cards()[0])
    return None


def test_a_saved_state_with_passes_comes_back_the_same_and_an_old_order_is_refused() -> None:
    table = next(t for seed in range(200) if (t := _moment_with_two_singers(seed)))
    game = table.game
    assert game.moment is not None and game.declarer is not None
    first, winner = game.declarer, game.moment.winner
    state = table.to_state()
    again = Table.from_state(state)
    assert again.game.events == game.events and again.game.to_act == game.to_act
    # an older table asked the winner first: its partner sang after it, out of turn now
    old = json.loads(json.dumps(state))
    old["asks"] = [winner, first]
    old["events"] += [{"cante": SUIT_LETTERS[game.declarable_cantes(winner)[0]], "seat": winner},
                      {"cante": SUIT_LETTERS[game.declarable_cantes(first)[0]], "seat": first}]
    with pytest.raises(TableStateError, match="not allowed"):
        Table.from_state(old)


# --------------------------------------------------------------------------- the ladder
def test_ladder_levels_rise_with_the_streak_to_level_four_from_the_fourth_game() -> None:
    assert [ladder_level(streak) for streak in range(6)] == [1, 2, 3, 4, 4, 4]


def test_ladder_raises_the_computer_one_level_per_hand_won() -> None:
    seen = []
    for seed in range(40):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed, ladder=True, levels=(3,)))
        levels = [table.computers[1].level]
        assert table.computer_level == 1
        rng = random.Random(seed)
        while True:
            play_hand(table, rng, declare=1.0)
            if table.match_finished:
                break
            assert table.next_hand()
            levels.append(table.computers[1].level)
            assert table.computer_level == table.computers[1].level
        seen.append(levels)
        assert levels == [ladder_level(s) for s in range(len(levels))]
        if len(levels) >= 3:
            break
    assert max(len(levels) for levels in seen) >= 3, "no seed gave a streak of two"


def test_without_the_ladder_or_outside_two_players_the_chosen_levels_stay() -> None:
    fixed = Table(TableConfig(find_rules("a-dos"), seed=1, levels=(3,)))
    assert fixed.computer_level == 3 and not fixed.config.climbs
    four = Table(TableConfig(find_rules("clasico"), seed=1, levels=(2,), ladder=True))
    assert not four.config.climbs and four.computer_level == 2


def test_a_tied_hand_ends_the_ladder_streak() -> None:
    table = Table(TableConfig(find_rules("a-dos"), seed=5, ladder=True))
    tie = HandResult((65, 65), (55, 65), (0, 0), 0, LEARNER, "tie_last_trick")
    assert not table.match.keeps_streak(tie)
    won = HandResult((75, 55), (65, 55), (0, 0), 0, LEARNER, "points")
    assert table.match.keeps_streak(won)


def test_a_tie_played_out_at_the_table_ends_the_match_with_no_streak_added() -> None:
    # Look for a seeded two-player hand that ends tied, then check what the table does.
    for seed in range(400):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed, levels=(1,)))
        play_hand(table, random.Random(seed), declare=1.0)
        result = table.result()
        assert result is not None
        if result.reason != "tie_last_trick":
            continue
        assert table.match_finished
        assert not table.next_hand()
        assert table.streak == 0 and table.match_finished
        return
    pytest.fail("no tied two-player hand in 400 seeds")


def test_the_learner_leads_the_first_hand_then_the_deal_alternates() -> None:
    for ruleset in ("a-dos", "clasico", "a-tres"):
        table = Table(TableConfig(find_rules(ruleset), seed=11, ladder=True))
        assert table.game.dealer == table.players - 1
        assert table.game.to_move == LEARNER
    table = Table(TableConfig(find_rules("a-dos"), seed=0, ladder=True))
    dealers = [table.game.dealer]
    for seed in range(200):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed, levels=(1,)))
        dealers = [table.game.dealer]
        rng = random.Random(seed)
        while True:
            play_hand(table, rng, declare=1.0)
            if not table.next_hand():
                break
            dealers.append(table.game.dealer)
        if len(dealers) >= 3:
            assert dealers[:3] == [1, 0, 1]
            return
    pytest.fail("no seed gave three hands")


def test_best_ladder_score_is_kept_until_beaten() -> None:
    best = LadderBest()
    best = best.after(20_045, 2)
    assert best == LadderBest(20_045, 2)
    assert best.after(10_090, 1) == best  # a worse ladder does not replace it
    assert best.after(30_001, 3) == LadderBest(30_001, 3)
    assert LadderBest.from_json(best.to_json()) == best
    for junk in (None, {"score": "9"}, {"score": -1, "streak": 0}, [1]):
        assert LadderBest.from_json(junk) == LadderBest()


def test_ladder_state_survives_a_restore_mid_streak() -> None:
    for seed in range(60):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed, ladder=True))
        rng = random.Random(seed)
        play_hand(table, rng, declare=1.0)
        if table.match_finished:
            continue
        table.next_hand()
        copy = _through_json(table)
        assert copy.streak == table.streak == 1
        assert copy.computers[1].level == 2 and copy.streak_score == table.streak_score
        return
    pytest.fail("no seed gave a first hand won")


# --------------------------------------------------------------------------- the trick held
def test_a_finished_trick_stays_until_the_learner_lets_it_go() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=8, levels=(1,)))
    assert not table.trick_held
    table.click(table.legal_cards()[0])
    while table.game.tricks == [] and table.step():
        pass
    assert len(table.game.tricks) == 1 and table.trick_held
    assert table.collect() and not table.trick_held
    assert not table.collect()


def test_held_computers_do_not_lead_the_next_trick_until_it_is_collected() -> None:
    for seed in range(30):
        table = Table(TableConfig(find_rules("clasico"), seed=seed, levels=(1,)))
        table.click(table.legal_cards()[0])
        table.run(hold=True)
        if table.held_up:  # a computer won: it waits to lead
            assert table.trick_held and not table.game.trick
            assert not table.step(hold=True)
            assert table.collect() and table.step(hold=True)
            assert len(table.game.trick) == 1
            return
    pytest.fail("no computer won the first trick")


def test_playing_a_card_lets_the_finished_trick_go() -> None:
    for seed in range(30):
        table = Table(TableConfig(find_rules("clasico"), seed=seed, levels=(1,)))
        table.click(table.legal_cards()[0])
        table.run(hold=True)
        if table.waiting_for_learner and table.legal_cards():
            assert table.trick_held
            table.click(table.legal_cards()[0])
            assert not table.trick_held and table.collected == 1
            return
    pytest.fail("the learner never won the first trick")


# --------------------------------------------------------------------------- hint and status
def test_hint_says_why_in_one_sentence_in_both_languages() -> None:
    class ByPoints:
        def decide(self, view, rng):  # type: ignore[no-untyped-def]
            values = sorted(((card, 10.0 + card.points) for card in view.legal),
                            key=lambda pair: -pair[1])
            return Decision(values[0][0], "playouts", tuple(values), 24)

    for seed in range(12):
        table = Table(TableConfig(find_rules("clasico"), seed=seed, levels=(2,)))
        table.run()
        hint = table.hint(ByPoints())
        assert hint is not None and hint.reason in HINT_REASONS
        for lang in ("es", "en"):
            text = hint.why(lang)
            assert "practice." not in text and text.count(". ") == 0
            assert t(f"practice.hint.why.{hint.reason}", lang, points=hint.points) in text


def test_hint_reason_reads_the_trick() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=3, levels=(1,)))
    view = table.game.view(LEARNER)
    for card in view.legal:  # leading: the reason is about the kind of lead
        reason, _ = hint_reason(view, card)
        if card.suit == view.trump:
            assert reason == "trumps"
        elif card.points >= 10:
            assert reason == "cash"
        elif card.points == 0:
            assert reason == "low_lead"
    table.click(view.legal[0])
    table.run()
    later = table.game.view(LEARNER)
    if later.trick and len(later.legal) > 1:
        for card in later.legal:
            assert hint_reason(later, card)[0] in HINT_REASONS


def test_status_names_the_face_up_card_after_the_two_player_swap() -> None:
    for seed in range(300):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed, levels=(1,)))
        play_hand(table, random.Random(seed), declare=1.0)
        swaps = [e for e in table.game.events if isinstance(e, SwapEvent)]
        if not swaps:
            continue
        table.game.undo_to(table.game.events.index(swaps[0]) + 1)
        assert table.status().trump_card == swaps[0].given
        assert table.status().trump_card != Card(table.game.trump_card)
        return
    pytest.fail("no swap in 300 seeds")
