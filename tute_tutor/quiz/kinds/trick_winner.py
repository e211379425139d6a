"""``trick_winner``: a finished trick of a real hand; click the card that won it."""

from __future__ import annotations

from tute_tutor.engine.cards import Card, suit_name
from tute_tutor.engine.errors import shown
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.play import pick_trick
from tute_tutor.quiz.question import Answering, Display, QuizQuestion, Reveal
from tute_tutor.quiz.wording import card_labels, player, tr, trick_board, trick_facts
from tute_tutor.words.explain import card_name, join_names


def _trick_rule(cards: tuple[Card, ...], trump: int) -> str:
    lead = cards[0].suit
    cut = lead != trump and any(c.suit == trump for c in cards)
    return "trick_trumped" if cut else "trick_lead_suit"


def build(ctx: Context) -> QuizQuestion:
    """A trick won by the suit led or cut by a trump, as the rule asks."""
    game, index, record = pick_trick(
        ctx.rng, ctx.deal, lambda cards, trump: _trick_rule(cards, trump) == ctx.rule,
        f"no trick for rule {shown(ctx.rule)} found")
    lang = ctx.lang
    trick = game.tricks[index]
    facts, labels = trick_facts(game, index, lang)
    winner = trick.cards[trick.seats(game.players).index(trick.winner)]
    lead = trick.cards[0]
    if ctx.rule == "trick_trumped":
        explanation = tr("why_trick_trumped", lang, trump=suit_name(game.trump, lang),
                         card=card_name(winner, lang), player=player(trick.winner, lang))
    else:
        explanation = tr("why_trick_lead", lang, suit=suit_name(lead.suit, lang),
                         card=card_name(winner, lang), player=player(trick.winner, lang))
        outsiders = [c for c in trick.cards if c.suit != lead.suit]
        if outsiders:
            explanation += " " + tr("why_trick_offsuit", lang,
                                    cards=join_names(outsiders, lang))
    return ctx.question(
        facts=tuple(facts), ask=tr("ask_trick_winner", lang),
        options=tuple(str(c) for c in trick.cards),
        option_labels=card_labels(trick.cards, lang), answer=(str(winner),),
        explanation=explanation, record=record, highlight=(str(winner),),
        board=trick_board(game, index, labels))


def trained(rules: Rules, difficulty: int) -> list[str]:
    """A trick won in the suit led, and one cut by a trump."""
    return ["trick_lead_suit", "trick_trumped"]


KIND = QuizKind(
    id="trick_winner", order=30, rules=trained, build=build, answer_type="card",
    checked_with="replay",
    display=Display(answering=Answering.CLICK_CARD, table=False,
                    reveal=Reveal.TRICK_WINNER))
