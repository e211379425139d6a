"""Drills (coach/drills.py): every skill is a lesson and gives 6 to 10 variants, each
answered by the engine, the stars rule, the early end, the rules a sitting is played
under, and best-card positions that are clearly best by the solver."""

from __future__ import annotations

import pytest

from tests.coach.test_puzzle_themes import stock_value
from tests.conftest import WAIT_S
from tute_tutor.ai.solver import Position, Solver
from tute_tutor.coach.drills import (
    BEST_CARD,
    CANTES_INDICES,
    CANTES_SEED,
    SKILLS,
    SPECS,
    DrillError,
    best_card,
    card_codes,
    make_ahead,
    rules_for_skill,
    score,
    sitting,
    stars,
)
from tute_tutor.coach.puzzles import MIN_MARGIN, puzzle_by_id
from tute_tutor.engine.game import CABALLO, REY
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.scenario import Scenario
from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons

CLASICO = find_rules("clasico")
QUIZ_SKILLS = [skill for skill in SKILLS if SPECS[skill].items[0][0] != BEST_CARD]
BEST_SKILLS = [skill for skill in SKILLS if SPECS[skill].items[0][0] == BEST_CARD]


def test_every_skill_is_the_id_of_a_lesson_of_the_path() -> None:
    lessons, errors = load_lessons(LESSONS_DIR)
    assert not errors
    assert set(SKILLS) <= {lesson.id for lesson in lessons}
    assert len(SKILLS) >= 15


@pytest.mark.parametrize("ruleset", ["clasico", "a-dos"])
@pytest.mark.parametrize("skill", QUIZ_SKILLS)
def test_a_sitting_gives_6_to_10_variants_each_answered_by_the_engine(skill: str,
                                                                       ruleset: str) -> None:
    drill = sitting(skill, 5, find_rules(ruleset))
    assert 6 <= len(drill) <= 10
    assert 1 <= drill.target <= len(drill)
    asked = set(SPECS[skill].items)
    for index, item in enumerate(drill.items):
        if item.kind == BEST_CARD:  # a position of the solver's (tested below)
            continue
        question = drill.question(index, "es")
        assert (question.kind, question.rule) == (item.kind, item.rule) in asked
        assert question.ruleset == drill.rules.ruleset
        assert drill.is_right(index, question.answer)
        wrong = [option for option in question.options if option not in question.answer]
        if question.multi:  # every legal card and one more, or one legal card short
            assert not drill.is_right(index, [*question.answer, *wrong[:1]]) or not wrong
            assert not drill.is_right(index, question.answer[1:]) or not question.answer[1:]
        else:
            assert wrong and not drill.is_right(index, wrong[:1])
        if question.kind == "legal" and question.scenario is not None:
            scenario: Scenario = question.scenario
            assert set(question.answer) == {str(c) for c in scenario.analyse().legal}
        assert question == drill.question(index, "es")  # made again from its seed
        assert drill.question(index, "en").answer == question.answer


def test_the_same_seed_gives_the_same_sitting_and_another_seed_another() -> None:
    assert sitting("pisar", 3, CLASICO) == sitting("pisar", 3, CLASICO)
    assert sitting("pisar", 3, CLASICO).items != sitting("pisar", 4, CLASICO).items


@pytest.mark.parametrize(("answers", "expected"), [
    ([True] * 8, 3),
    ([False] + [True] * 7, 2),
    ([True] * 5 + [False, True, True], 2),
    ([False, False] + [True] * 6, 1),
    ([True, True, True, True, False] * 2, 0),
    ([True] * 4 + [False] * 4, 0),
])
def test_stars_three_with_no_miss_two_with_one_one_with_more_none_short_of_the_target(
        answers: list[bool], expected: int) -> None:
    assert stars(answers, 5) == expected


def test_a_sitting_ends_early_once_the_target_is_out_of_reach() -> None:
    assert not score([True, True, False], 5, 8).finished  # five in a row still fit
    assert not score([True, False, False, True], 5, 8).finished  # 1 + 4 left = 5
    done = score([True, False, False, False], 5, 8)
    assert done.finished and not done.reached and done.stars == 0
    assert score([True] * 5, 5, 8).reached and not score([True] * 5, 5, 8).finished
    whole = score([True] * 8, 5, 8)
    assert whole.finished and (whole.right, whole.asked, whole.misses, whole.stars) == (8, 8, 0, 3)


def test_a_sitting_follows_the_sidebar_rules_and_flags_when_they_fit() -> None:
    flagged = find_rules("clasico", {"overtake_when_trumped": True})
    assert sitting("asistir-montar", 1, flagged).rules == flagged
    assert rules_for_skill("cantes", find_rules("a-tres")).ruleset == "a-tres"


def test_a_skill_about_another_table_or_a_missing_rule_uses_its_own_rules() -> None:
    assert rules_for_skill("tute-a-dos", CLASICO).ruleset == "a-dos"
    assert rules_for_skill("tute-a-tres", CLASICO).ruleset == "a-tres"
    assert rules_for_skill("companero", find_rules("a-dos")).players == 4
    assert rules_for_skill("pisar", find_rules("a-dos")).ruleset == "clasico"  # no pisar


def test_an_unknown_skill_is_refused_in_one_line() -> None:
    with pytest.raises(DrillError) as caught:
        sitting("no-such\nskill", 1, CLASICO)
    assert "\n" not in str(caught.value) and "no-such" in str(caught.value)


@pytest.mark.parametrize("skill", BEST_SKILLS)
def test_best_card_positions_are_clearly_best_by_the_exact_solver(skill: str) -> None:
    drill = sitting(skill, 2, CLASICO)
    assert 6 <= len(drill) <= 10
    for index in range(2):  # two positions each: a solve per position keeps it quick
        puzzle = drill.position(index)
        assert puzzle.theme == drill.items[index].rule or not drill.items[index].rule
        position = Position.from_rules(CLASICO, puzzle.hands, puzzle.trump, puzzle.leader,
                                       puzzle.trick)
        assert position.to_move == puzzle.to_play == 0
        values = Solver(position, 0).card_values()
        assert dict(puzzle.values) == values
        top = max(values.values())
        assert set(puzzle.best) == {c for c, v in values.items() if v == top}
        assert all(v <= top - MIN_MARGIN for c, v in values.items() if c not in puzzle.best)
        best = card_codes(puzzle.best)
        assert drill.is_right(index, best[:1])
        others = card_codes(c for c in values if c not in puzzle.best)
        assert not drill.is_right(index, others[:1])
        assert not drill.is_right(index, ["not-a-card"]) and not drill.is_right(index, [])
    with pytest.raises(DrillError):
        drill.question(0)


def test_a_best_card_position_made_ahead_is_the_one_the_learner_gets() -> None:
    drill = sitting("errores", 9, CLASICO)
    assert make_ahead(drill, len(drill)) is None  # no such item
    worker = make_ahead(drill, 1)
    assert worker is not None
    worker.join(WAIT_S)
    assert not worker.is_alive()
    assert drill.position(1) is drill.position(1)  # made once, kept
    assert drill.position(1) == best_card(drill.items[1].seed, CLASICO)
    quiz = sitting("pisar", 9, CLASICO)
    assert make_ahead(quiz, 0) is None


@pytest.mark.parametrize(("skill", "theme", "rules"), [
    ("guardar-cante", "cantes", CLASICO),
    ("guardar-cante", "cantes", find_rules("clasico", {"partner_exemption": True})),
    ("mazo-a-dos", "stock", CLASICO),
])
def test_guarding_a_cante_and_the_stock_ask_a_best_card_of_their_theme_by_the_solver(
        skill: str, theme: str, rules: Rules) -> None:
    """Both skills drill rule questions and one solver position of their theme: a cantes
    puzzle, whose best card keeps the seat's pair to sing, and the
    stock's last trick in tute a dos; the position is a puzzle of the sitting's rules,
    turned so that the learner (seat 0) plays, and comes after a question."""
    drill = sitting(skill, 1, rules)
    assert drill.items[0].kind != BEST_CARD
    index = next(i for i, item in enumerate(drill.items) if item.kind == BEST_CARD)
    assert drill.items[index].rule == theme
    puzzle = drill.position(index)
    assert puzzle.theme == theme and puzzle.to_play == 0
    assert puzzle.ruleset == drill.rules.ruleset and puzzle.overrides == drill.rules.overrides
    source = puzzle_by_id(puzzle.id, drill.rules.overrides_dict() or None)
    players = source.players
    turned = tuple(source.hands[(seat + source.to_play) % players] for seat in range(players))
    assert puzzle.hands == turned and puzzle.trick == source.trick
    assert (puzzle.values, puzzle.best, puzzle.theme) == (source.values, source.best,
                                                          source.theme)
    assert puzzle.leader == (source.leader - source.to_play) % players
    values = dict(puzzle.values)
    if theme == "stock":
        assert len(puzzle.stock) == 2 and drill.rules.ruleset == "a-dos"
        assert {card: stock_value(puzzle, card) for card in values} == values
    else:  # the best card keeps the seat's pair: neither its rey nor its caballo
        hand = puzzle.hands[0]
        assert any(hand >> (10 * suit + REY) & 1 and hand >> (10 * suit + CABALLO) & 1
                   and not {10 * suit + REY, 10 * suit + CABALLO} & set(puzzle.best)
                   for suit in range(4))
        position = Position.from_rules(drill.rules, puzzle.hands, puzzle.trump,
                                       puzzle.leader, puzzle.trick)
        assert position.to_move == 0
        assert Solver(position, 0).card_values() == values
    top = max(values.values())
    assert set(puzzle.best) == {c for c, v in values.items() if v == top}
    assert all(v <= top - MIN_MARGIN for c, v in values.items() if c not in puzzle.best)
    assert drill.is_right(index, card_codes(puzzle.best)[:1])
    assert not drill.is_right(index, card_codes(c for c in values if c not in puzzle.best)[:1])
    with pytest.raises(DrillError):
        drill.question(index)


@pytest.mark.parametrize("ruleset", sorted(CANTES_INDICES))
def test_the_listed_cantes_puzzles_are_cantes_puzzles_of_their_seed(ruleset: str) -> None:
    """Guarding a cante takes its positions from a list of known cantes puzzles (the
    search that finds one takes seconds); every one of the classic rules' is made again
    here, three of each other preset's."""
    indices = CANTES_INDICES[ruleset]
    assert len(indices) >= 16 and list(indices) == sorted(set(indices))
    checked = indices if ruleset == "clasico" else indices[::len(indices) // 3][:3]
    for index in checked:
        assert puzzle_by_id(f"{ruleset}/{CANTES_SEED}/{index}").theme == "cantes", index
