"""``legal``: which cards may you play? Mark every legal card of the hand."""

from __future__ import annotations

from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.play import obligations_for, scenario_and_analysis
from tute_tutor.quiz.question import Answering, Display, QuizQuestion, Reveal
from tute_tutor.quiz.wording import (
    card_labels,
    decision_board,
    decision_facts,
    decision_highlight,
    tr,
)
from tute_tutor.words.explain import explain


def build(ctx: Context) -> QuizQuestion:
    """A real decision with the rule's obligation; the answer is every legal card."""
    scenario, a = scenario_and_analysis(ctx.rng, ctx.rules,
                                        obligation=ctx.rule, difficulty=ctx.difficulty,
                                        accept=ctx.accept)
    return ctx.question(
        facts=tuple(decision_facts(a, ctx.rules, ctx.lang)), ask=tr("ask_legal", ctx.lang),
        options=tuple(str(c) for c in a.hand), option_labels=card_labels(a.hand, ctx.lang),
        answer=tuple(str(c) for c in a.legal), explanation=explain(a, ctx.lang),
        scenario=scenario, highlight=decision_highlight(a),
        board=decision_board(a, ctx.rules, ctx.lang))


def trained(rules: Rules, difficulty: int) -> list[str]:
    """Every obligation the rules produce at this difficulty."""
    return obligations_for(rules, difficulty)


KIND = QuizKind(
    id="legal", order=10, rules=trained, build=build, answer_type="cards",
    checked_with="legal", multi=True,
    display=Display(answering=Answering.MARK_CARDS, hand=False, reveal=Reveal.HAND))
