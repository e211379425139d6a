"""A live class's deck (tute_tutor/live/deck.py): every spec makes the engine's question,
the same in both languages, and a broken spec is one ClassError."""

from __future__ import annotations

import pytest

from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.scenario import Scenario
from tute_tutor.live import classroom as cl
from tute_tutor.live.deck import generated_specs, question_for, scenario_specs
from tute_tutor.quiz.generator import check_answer


def test_generated_specs_take_turns_among_the_live_kinds_and_agree_across_languages() -> None:
    specs = generated_specs(list(cl.LIVE_KINDS), 8, rules=find_rules("clasico"),
                            difficulty=2, seed=11)
    assert [s["kind"] for s in specs] == list(cl.LIVE_KINDS) * 2
    for spec in specs:
        es, en = question_for(spec, "es"), question_for(spec, "en")
        assert (es.options, es.answer, es.rule) == (en.options, en.answer, en.rule)
        assert check_answer(es, es.answer) and es.explanation != en.explanation


def test_a_builder_scenario_is_asked_with_the_engines_legal_cards_and_obligation() -> None:
    scenario = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["1c", "3c", "5e"],
                                   "trick": ["7c"]})
    legal, obligation = (question_for(s, "en") for s in
                         scenario_specs([scenario], "legal") + scenario_specs([scenario],
                                                                              "obligation"))
    analysis = scenario.analyse()
    assert set(legal.answer) == {str(c) for c in analysis.legal} and legal.multi
    assert obligation.answer == (analysis.obligation,) and analysis.obligation in obligation.options


def test_a_spec_that_makes_no_question_is_one_class_error() -> None:
    bads: list[dict[str, object]] = [
        {"kind": "legal", "scenario": {"ruleset": "clasico", "trump": "x"}},
        {"kind": "swap", "seed": 1}, {"kind": "legal"}]
    for bad in bads:
        with pytest.raises(cl.ClassError) as error:
            question_for(bad, "es")
        assert error.value.reason in ("bad_question", "bad_kind")
        assert "\n" not in str(error.value)
