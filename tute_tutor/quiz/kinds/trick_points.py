"""``trick_points``: a finished trick of a real hand; how many points does it hold?"""

from __future__ import annotations

from typing import Final

from tute_tutor.engine.cards import Card
from tute_tutor.engine.errors import shown
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.play import pick_trick
from tute_tutor.quiz.question import Display, QuizQuestion, Reveal
from tute_tutor.quiz.wording import tr, trick_board, trick_facts
from tute_tutor.words.explain import card_name

MISTAKE_VALUES: Final = {
    # The classic confusions: the 3 below the rey, the as worth one, sota and caballo
    # worth nothing, counting the diez de últimas into a single trick.
    "three_below_king": {3: 4, 12: 10},
    "ace_is_one": {1: 1},
    "no_faces": {10: 0, 11: 0},
}


def options_for(cards: tuple[Card, ...], points: int) -> list[int]:
    """The right total and three wrong ones, the classic miscounts first, sorted."""
    wrong: list[int] = []
    for values in MISTAKE_VALUES.values():
        wrong.append(sum(values.get(c.rank, c.points) for c in cards))
    wrong.append(points + 10)
    for step in (2, -2, 3, -3, 1, -1, 4, -4):
        wrong.append(points + step)
    options = [points]
    for value in wrong:
        if value >= 0 and value not in options:
            options.append(value)
        if len(options) == 4:
            break
    return sorted(options)


def build(ctx: Context) -> QuizQuestion:
    """A trick holding points (beginners) or at least 10 of them."""

    def worth_asking(cards: tuple[Card, ...], trump: int) -> bool:
        points = sum(c.points for c in cards)
        return points > 0 if ctx.difficulty <= 1 else points >= 10

    game, index, record = pick_trick(ctx.rng, ctx.deal, worth_asking,
                                     f"no trick for rule {shown(ctx.rule)} found")
    trick = game.tricks[index]
    facts, labels = trick_facts(game, index, ctx.lang)
    points = trick.points
    options = options_for(trick.cards, points)
    parts = [f"{card_name(c, ctx.lang)} {c.points}" for c in trick.cards]
    explanation = tr("why_points", ctx.lang, parts=", ".join(parts), total=points)
    return ctx.question(
        facts=tuple(facts), ask=tr("ask_trick_points", ctx.lang),
        options=tuple(str(v) for v in options), option_labels=tuple(str(v) for v in options),
        answer=(str(points),), explanation=explanation, record=record,
        highlight=tuple(str(c) for c in trick.cards if c.points),
        board=trick_board(game, index, labels))


def trained(rules: Rules, difficulty: int) -> list[str]:
    """Card points."""
    return ["card_points"]


KIND = QuizKind(id="trick_points", order=40, rules=trained, build=build,
                answer_type="number", checked_with="replay",
                display=Display(reveal=Reveal.TRICK))
