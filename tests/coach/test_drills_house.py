"""Drills of the lessons about house flags, guarding a cante, the two-player stock and the
match (coach/drills.py, coach/match_points.py): the flag each drill is about is set
whatever the sidebar says, every decision it asks is one the flag changes (or one where
the pair of the suit led is at stake, or at the edge of the stock), the match points are
those of a real finished hand, and each item has the engine's answer right and another
answer wrong."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tute_tutor.coach.drills import (
    BEST_CARD,
    MATCH_POINTS,
    PAIR_LED,
    SPECS,
    STOCK_EDGE,
    SWITCHED,
    Sitting,
    accept_for,
    rules_for_skill,
    sitting,
)
from tute_tutor.engine.legal import analyse_play
from tute_tutor.engine.match import hand_points
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.record import replay_game
from tute_tutor.quiz import match_points
from tute_tutor.quiz.question import QuizQuestion

SIDEBARS = ["clasico", "a-dos", "estricto"]
SITTINGS = [("clasico", 1), ("clasico", 2), ("estricto", 3), ("a-dos", 4)]
"""(sidebar rule set, seed) of the sittings checked: a-dos stands for any other table."""
DECISIONS = ("legal", "obligation")


def _wrong_answer(question: QuizQuestion) -> list[str]:
    """A wrong answer: one card too many or one too few when every card is to be marked,
    another option otherwise."""
    wrong = [option for option in question.options if option not in question.answer]
    if question.multi:
        if wrong:
            return [*question.answer, wrong[0]]
        assert len(question.answer) > 1, "one card, and it is right: cannot be failed"
        return list(question.answer[1:])
    assert wrong, "every option is right: the item cannot be failed"
    return wrong[:1]


def _without(rules: Rules, skill: str) -> Rules:
    flags = dict(SPECS[skill].flags)
    off = {name: getattr(Rules(), name) for name in flags}
    return find_rules(rules.ruleset, {**rules.overrides_dict(), **off})


def _decisions(skill: str, sidebar: str, seed: int) -> Iterator[tuple[Sitting, QuizQuestion]]:
    drill = sitting(skill, seed, find_rules(sidebar))
    assert 6 <= len(drill) <= 10 and 1 <= drill.target <= len(drill)
    for index, item in enumerate(drill.items):
        if item.kind == BEST_CARD:  # a solver position (tests/coach/test_drills.py)
            continue
        question = drill.question(index, "en")
        assert (question.kind, question.rule) == (item.kind, item.rule)
        assert drill.is_right(index, question.answer)
        assert not drill.is_right(index, _wrong_answer(question))
        assert drill.question(index, "es").answer == question.answer  # made again
        yield drill, question


@pytest.mark.parametrize("sidebar", SIDEBARS)
def test_the_partner_exemption_drill_has_the_exemption_on_whatever_the_sidebar_says(
        sidebar: str) -> None:
    rules = rules_for_skill("exencion", find_rules(sidebar))
    assert rules.partner_exemption and rules.has_partner_exemption and rules.players == 4
    assert rules_for_skill("exencion", find_rules(sidebar)).ruleset == (
        sidebar if find_rules(sidebar).players == 4 else "clasico")


@pytest.mark.parametrize(("sidebar", "seed"), SITTINGS)
def test_the_partner_exemption_drill_asks_only_decisions_the_exemption_changes(
        sidebar: str, seed: int) -> None:
    for drill, question in _decisions("exencion", sidebar, seed):
        assert question.overrides["partner_exemption"] is True
        scenario = question.scenario
        assert scenario is not None
        flagged = scenario.analyse()
        assert flagged.obligation == "companero" and flagged.exemption_applies
        if question.kind == "legal":
            assert set(question.answer) == {str(c) for c in flagged.legal}
        else:
            assert question.answer == ("companero",)
        plain = analyse_play(scenario.hand, scenario.trick, scenario.trump,
                             _without(drill.rules, "exencion"), scenario.stock_left)
        assert plain.obligation in ("montar", "fallar", "pisar")
        assert set(plain.legal) < set(flagged.legal)  # the exemption frees some cards


@pytest.mark.parametrize(("sidebar", "seed"), SITTINGS)
def test_the_house_variants_drill_asks_only_decisions_the_strict_flags_change(
        sidebar: str, seed: int) -> None:
    rules = rules_for_skill("variantes", find_rules(sidebar))
    assert rules.overtake_when_trumped and rules.trump_when_cannot_overtrump
    for drill, question in _decisions("variantes", sidebar, seed):
        scenario = question.scenario
        assert scenario is not None
        flagged = scenario.analyse()
        plain = analyse_play(scenario.hand, scenario.trick, scenario.trump,
                             _without(drill.rules, "variantes"), scenario.stock_left)
        assert flagged.is_trumped and flagged.legal != plain.legal
        assert set(flagged.legal) < set(plain.legal)  # the strict flags forbid some cards
        if question.kind == "obligation":
            assert question.answer == (flagged.obligation,)
            assert plain.obligation != flagged.obligation


@pytest.mark.parametrize(("sidebar", "seed"), SITTINGS[1:3])
def test_the_guarding_a_cante_drill_asks_decisions_with_the_pair_of_the_suit_led(
        sidebar: str, seed: int) -> None:
    kinds = set()
    for _drill, question in _decisions("guardar-cante", sidebar, seed):
        kinds.add(question.kind)
        if question.kind == "cante":
            assert question.highlight  # the pair at stake
            continue
        scenario = question.scenario
        assert scenario is not None
        analysis = scenario.analyse()
        suit = analysis.lead_suit
        assert suit is not None
        pair = {c for c in analysis.hand if c.suit == suit and c.rank in (11, 12)}
        assert len(pair) == 2  # the rey and the caballo of the suit led
        assert set(question.answer) == {str(c) for c in analysis.legal}
    assert kinds == {"legal", "cante"}


@pytest.mark.parametrize(("sidebar", "seed"), SITTINGS)
def test_the_two_player_stock_drill_asks_the_last_trick_with_a_stock_and_the_first_without(
        sidebar: str, seed: int) -> None:
    rules = rules_for_skill("mazo-a-dos", find_rules(sidebar))
    assert rules.has_stock and rules.ruleset == "a-dos"
    kinds = set()
    for drill, question in _decisions("mazo-a-dos", sidebar, seed):
        assert question.ruleset == "a-dos" == drill.rules.ruleset
        kinds.add(question.kind)
        if question.kind not in DECISIONS:
            continue
        scenario = question.scenario
        assert scenario is not None
        analysis = scenario.analyse()
        if question.kind == "obligation":  # the last trick with a stock: still free play
            assert 0 < scenario.stock_left <= 2 and question.answer == ("robo",)
            assert set(analysis.legal) == set(scenario.hand)
        else:  # the stock just gone: full hands, and the duties are back
            assert scenario.stock_left == 0 and len(scenario.hand) == rules.hand_size
            assert analysis.obligation == question.rule in ("montar", "fallar")
            assert set(question.answer) == {str(c) for c in analysis.legal}
            assert set(analysis.legal) < set(scenario.hand)
    assert {"swap", "cante"} <= kinds


def test_the_accept_test_of_a_drill_is_the_one_its_spec_names() -> None:
    clasico = find_rules("clasico")
    assert SPECS["exencion"].accept == SWITCHED and SPECS["guardar-cante"].accept == PAIR_LED
    assert SPECS["mazo-a-dos"].accept == STOCK_EDGE
    assert accept_for("pisar", clasico) is None
    assert accept_for("exencion", rules_for_skill("exencion", clasico)) is not None
    assert {kind for kind, _ in SPECS["exencion"].items} <= set(DECISIONS)


@pytest.mark.parametrize("sidebar", ["clasico", "las40", "a-dos", "a-tres"])
def test_the_match_drill_counts_in_the_ludoteka_scale_unless_the_sidebar_does(
        sidebar: str) -> None:
    assert rules_for_skill("partida", find_rules(sidebar)).ruleset == "ludoteka"
    flagged = find_rules("ludoteka", {"partner_exemption": True})
    assert rules_for_skill("partida", flagged) == flagged


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_match_drill_gives_the_match_points_of_a_real_finished_hand(seed: int) -> None:
    rules_seen = set()
    for drill, question in _decisions("partida", "clasico", seed):
        assert question.kind == MATCH_POINTS and question.record is not None
        assert question.seat is not None
        game = replay_game(question.record)  # the hand is real and finished
        assert game.finished
        result = game.result()
        side = game.side_of(question.seat)
        points = hand_points(drill.rules, result)[side]
        assert question.answer == (str(points),)
        rules_seen.add(question.rule)
        if question.rule == "match_lost":
            assert result.winner != side and points == 0
        elif question.rule == "match_tute":
            assert result.winner == side and result.reason == "tute" and points == 2
        elif question.rule == "match_big":
            assert result.winner == side and result.totals[side] > 100 and points == 2
        else:
            assert result.winner == side and result.totals[side] <= 100 and points == 1
    assert len(rules_seen) >= 3


@pytest.mark.parametrize(("ruleset", "award"), [("clasico", 1), ("las40", 2)])
def test_a_tute_is_worth_the_award_of_the_rules_in_the_match(ruleset: str, award: int) -> None:
    rules = find_rules(ruleset)
    assert "match_big" not in match_points.rules_for(rules)  # only the Ludoteka scale
    question = match_points.match_question(4, rules, "match_tute", "en")
    assert question.answer == (str(award),)
    assert match_points.check(question, [str(award)])
    assert not match_points.check(question, [str(3 - award)])
    assert match_points.rules_for(find_rules("a-dos")) == []  # the streak: no match points
    with pytest.raises(match_points.MatchDrillError):
        match_points.match_question(4, find_rules("a-dos"), "match_small")
