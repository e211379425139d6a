"""``hand_winner``: a whole real hand was played; which side won it?"""

from __future__ import annotations

from tute_tutor.engine.cards import SUIT_LETTERS, suit_name
from tute_tutor.engine.errors import shown
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.play import MAX_GAMES, deal_with_tute, play_randomly, search
from tute_tutor.quiz.question import Board, Display, QuizQuestion
from tute_tutor.quiz.wording import cante_words, player, side_label, tr
from tute_tutor.words.cards import tute_word

TIE = "tie"


def _hand_rule(result: HandResult) -> str:
    if result.reason == "tute":
        return "hand_tute"
    assert result.last_trick is not None
    without = list(result.totals)
    without[result.last_trick] -= 10
    top = max(without)
    leaders = [s for s, v in enumerate(without) if v == top]
    if result.reason == "tie_last_trick" or leaders != [result.winner]:
        return "hand_ultimas"
    return "hand_cantes" if any(result.cante_points) else "hand_points"


def _latest_trick(game: Game, side: int) -> int:
    """The number (1-based) of the latest trick a side won, 0 if it won none."""
    return max((n for n, trick in enumerate(game.tricks, 1)
                if game.side_of(trick.winner) == side), default=0)


def _why_won(game: Game, result: HandResult, lang: str) -> str:
    """The closing sentence: the winner and, in a tie, the fact that broke it."""
    rules = game.rules
    side = side_label(result.winner, rules, lang)
    total = result.totals[result.winner]
    if result.reason != "tie_last_trick":
        return tr("why_winner", lang, side=side, total=total)
    if not result.tie_looked_back:
        return tr("why_tie", lang, side=side, total=total)
    # The last trick went to a side outside the tie (three players): the engine looks
    # back to the latest trick won by one of the tied sides.
    other = max((s for s, points in enumerate(result.totals)
                 if points == total and s != result.winner),
                key=lambda s: _latest_trick(game, s))
    assert result.last_trick is not None
    return tr("why_tie_back", lang, side=side, total=total,
              other=side_label(other, rules, lang),
              last=side_label(result.last_trick, rules, lang),
              trick=_latest_trick(game, result.winner),
              other_trick=_latest_trick(game, other))


def _played_hand(ctx: Context) -> tuple[Game, HandResult]:
    def one_hand(attempt: int) -> list[tuple[Game, HandResult]]:
        protect = None
        if ctx.rule == "hand_tute":
            game, protect = deal_with_tute(ctx.rng, ctx.rules)
        else:
            game = ctx.deal()
        chance = {"hand_points": 0.0, "hand_cantes": 0.95}.get(ctx.rule, 0.6)
        play_randomly(game, ctx.rng, chance=chance if protect is None else 1.0,
                      protect=protect)
        result = game.result()
        return [(game, result)] if _hand_rule(result) == ctx.rule else []

    return search(ctx.rng, one_hand, f"no hand for rule {shown(ctx.rule)} found",
                  tries=MAX_GAMES * 2)


def build(ctx: Context) -> QuizQuestion:
    """A hand decided by points, cantes, the last trick or a tute, as the rule asks."""
    rules = ctx.rules
    game, result = _played_hand(ctx)
    lang = ctx.lang
    facts = [tr("fact_trump", lang, suit=suit_name(game.trump, lang))]
    lines = []
    if result.tute is not None:
        tute = result.tute
        facts.append(tr("fact_tute", lang, player=player(tute.seat, lang),
                        kind=tute_word(tute.kind, lang), n=len(game.tricks)))
        for side in range(rules.sides):
            facts.append(tr("fact_side_cards", lang, side=side_label(side, rules, lang),
                            points=result.card_points[side]))
        explanation = tr("why_tute", lang, player=player(tute.seat, lang),
                         side=side_label(result.winner, rules, lang))
    else:
        for side in range(rules.sides):
            facts.append(tr("fact_side_cards", lang, side=side_label(side, rules, lang),
                            points=result.card_points[side]))
        for cante in game.cantes:
            facts.append(tr("fact_cante", lang, player=player(cante.seat, lang),
                            what=cante_words(cante.suit, game.trump, lang),
                            n=cante.after_trick))
        if not game.cantes:
            facts.append(tr("fact_no_cantes", lang))
        last = game.tricks[-1]
        facts.append(tr("fact_last_trick", lang, player=player(last.winner, lang)))
        for side in range(rules.sides):
            parts = [str(result.card_points[side])]
            if result.cante_points[side]:
                parts.append(tr("plus_cantes", lang, n=result.cante_points[side]))
            if side == result.last_trick:
                parts.append(tr("plus_ultimas", lang))
            key = "why_side_total" if len(parts) > 1 else "why_side_plain"
            lines.append(tr(key, lang, side=side_label(side, rules, lang),
                            parts=" + ".join(parts), total=result.totals[side]))
        lines.append(_why_won(game, result, lang))
        explanation = " ".join(lines)
    options = [str(s) for s in range(rules.sides)] + [TIE]
    labels = [side_label(s, rules, lang) for s in range(rules.sides)] + [tr("tie", lang)]
    return ctx.question(
        facts=tuple(facts), ask=tr("ask_hand_winner", lang), options=tuple(options),
        option_labels=tuple(labels), answer=(str(result.winner),), explanation=explanation,
        record=game.to_record(), board=Board(trump=SUIT_LETTERS[game.trump]))


def trained(rules: Rules, difficulty: int) -> list[str]:
    """Points and cantes; the last trick and a tute from difficulty 2."""
    found = ["hand_points", "hand_cantes", "hand_ultimas"]
    if difficulty >= 2:
        found.append("hand_tute")
    return found if difficulty >= 2 else found[:2]


KIND = QuizKind(id="hand_winner", order=50, rules=trained, build=build, answer_type="side",
                checked_with="replay", display=Display())
