"""``obligation``: which obligation holds? One obligation code among likely confusions."""

from __future__ import annotations

from typing import Final

from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.kinds.legal import trained
from tute_tutor.quiz.play import obligations_for, scenario_and_analysis
from tute_tutor.quiz.question import Display, QuizQuestion, Reveal
from tute_tutor.quiz.wording import decision_board, decision_facts, decision_highlight, tr
from tute_tutor.words.explain import explain

DISTRACTORS: Final = {
    "salida": ("libre", "asistir", "montar"),
    "asistir": ("montar", "libre", "fallar"),
    "montar": ("asistir", "pisar", "libre"),
    "fallar": ("pisar", "libre", "asistir"),
    "pisar": ("fallar", "libre", "montar"),
    "libre": ("fallar", "pisar", "asistir"),
    "companero": ("fallar", "montar", "libre"),
    "robo": ("libre", "asistir", "salida"),
}
"""Wrong options: the confusions listed in docs/RULES.md, "Mistakes the lessons warn
against"."""
ORDER: Final = ("salida", "asistir", "montar", "fallar", "pisar", "libre", "companero", "robo")


def build(ctx: Context) -> QuizQuestion:
    """A real decision; the answer is its obligation code."""
    scenario, a = scenario_and_analysis(ctx.rng, ctx.rules,
                                        obligation=ctx.rule, difficulty=ctx.difficulty,
                                        accept=ctx.accept)
    possible = set(obligations_for(ctx.rules, 2) + obligations_for(ctx.rules, 3))
    wrong = [c for c in DISTRACTORS[a.obligation] if c in possible]
    options = [c for c in ORDER if c == a.obligation or c in wrong]
    return ctx.question(
        facts=tuple(decision_facts(a, ctx.rules, ctx.lang)),
        ask=tr("ask_obligation", ctx.lang), options=tuple(options),
        option_labels=tuple(tr(f"ob_{c}", ctx.lang) for c in options),
        answer=(a.obligation,), explanation=explain(a, ctx.lang), scenario=scenario,
        highlight=decision_highlight(a), board=decision_board(a, ctx.rules, ctx.lang))


KIND = QuizKind(id="obligation", order=20, rules=trained, build=build,
                answer_type="obligation code", checked_with="legal",
                display=Display(reveal=Reveal.HAND))
