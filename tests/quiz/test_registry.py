"""Every registered quiz kind generates, checks and explains, in Spanish and in English."""

from __future__ import annotations

import pytest

from tests.quiz.test_generator import check_question
from tute_tutor.engine.cards import Card
from tute_tutor.engine.variants import PRESETS
from tute_tutor.quiz.generator import (
    check_answer,
    describe_kinds,
    generate_question,
    kind_label,
    rule_label,
)
from tute_tutor.quiz.question import Answering
from tute_tutor.quiz.registry import KINDS, REGISTRY, get_kind
from tute_tutor.words.catalog import t


def test_the_registry_holds_every_kind_module_in_teaching_order() -> None:
    assert KINDS == ("legal", "obligation", "trick_winner", "trick_points", "hand_winner",
                     "cante", "renuncio", "swap")
    assert [k["kind"] for k in describe_kinds("en")] == list(KINDS)


@pytest.mark.parametrize("kind", list(REGISTRY))
def test_every_registered_kind_generates_checks_and_explains_in_both_languages(
        kind: str) -> None:
    spec = get_kind(kind)
    presets = [p for p, rules in PRESETS.items() if spec.available(rules)]
    assert presets, "some rule set can ask it"
    for lang in ("es", "en"):
        assert not kind_label(kind, lang).startswith("quiz."), (kind, lang)
        assert not t(f"quiz.kind_{kind}_help", lang).startswith("quiz."), (kind, lang)
    for seed, preset in enumerate(presets[:3]):
        es = generate_question(kind, seed, preset, lang="es", difficulty=2)
        en = generate_question(kind, seed, preset, lang="en", difficulty=2)
        assert es.kind == en.kind == kind
        # The same question in two languages: the same cards, options and answer ...
        assert (es.options, es.answer, es.rule) == (en.options, en.answer, en.rule)
        assert es.board.hand == en.board.hand and es.board.trick == en.board.trick
        # ... worded twice.
        assert es.explanation and en.explanation and es.explanation != en.explanation
        assert es.prompt != en.prompt and es.option_labels and en.option_labels
        for lang in ("es", "en"):
            assert not rule_label(es.rule, lang).startswith("quiz.")
        # The kind's check takes the answer and refuses anything else.
        assert check_answer(es, es.answer)
        wrong = [o for o in es.options if o not in es.answer][:1]
        if wrong:
            assert not check_answer(es, wrong)
            assert not check_answer(es, [*es.answer, *wrong])
        if len(es.answer) > 1:
            assert not check_answer(es, es.answer[1:])
        if es.display.answering is not Answering.BUTTONS:
            assert all(Card.parse(o) for o in es.options), "card answers are card codes"
        assert es.multi == (es.display.answering is Answering.MARK_CARDS)
        check_question(es.to_json())
