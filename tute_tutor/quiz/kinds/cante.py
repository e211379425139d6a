"""``cante``: at some moment of a real hand, what may you sing (20, 40, tute, nothing)?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, Card, suit_name
from tute_tutor.engine.errors import shown
from tute_tutor.engine.game import CABALLO, REY, Game
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.play import deal_with_tute, holds, pair, play_randomly, search
from tute_tutor.quiz.question import Board, Display, QuizQuestion, Reveal
from tute_tutor.quiz.wording import cards_text, player, rules_fact, stock_fact, tr
from tute_tutor.words.cards import tute_word
from tute_tutor.words.explain import join_names

NONE = "none"
Case = tuple[str, tuple[str, ...], str, tuple[Card, ...]]


def _cante_case(game: Game, seat: int) -> Case | None:
    """(rule, answer, why-key, cards that matter) for ``seat`` now, or None to skip.

    The answer is the engine's (``can_tute``, ``declarable_cantes``); the rule and the
    reason only choose the words of the explanation.
    """
    rules = game.rules
    trump = game.trump
    if game.can_tute(seat):
        kind = game.tute_kind(seat)
        rank = REY if kind == "reyes" else CABALLO
        return "cante_tute", ("tute",), "why_cante_tute", tuple(CARDS[10 * s + rank]
                                                              for s in range(4))
    declarable = game.declarable_cantes(seat)
    if len(declarable) > 1:
        return None
    if declarable:
        suit = declarable[0]
        if suit == trump:
            return "cante_40", ("40",), "why_cante_40", pair(suit)
        return "cante_20", (f"20{SUIT_LETTERS[suit]}",), "why_cante_20", pair(suit)
    if game.tute_kind(seat) is not None:
        return None
    pairs = [s for s in range(4) if all(holds(game, seat, c) for c in pair(s))]
    open_pairs = [s for s in pairs if s not in game.sung_suits]
    moment = game.moment
    if open_pairs:
        cards = pair(open_pairs[0])
        if moment is None:
            return "cante_timing", (NONE,), "why_cante_after_trick", cards
        if rules.has_stock and not moment.stock_open:
            return "cante_timing", (NONE,), "why_cante_stock", cards
        if seat != moment.winner and (rules.cante_by == "trick_winner"
                                      or not rules.has_teams):
            return "cante_timing", (NONE,), "why_cante_winner", cards
        if game.team_of(seat) != game.team_of(moment.winner):
            return "cante_timing", (NONE,), "why_cante_side", cards
        return None
    allowed = moment is not None and game._may_declare(seat) is None
    if not allowed:
        return None
    sung = [s for s in pairs if s in game.sung_suits]
    if sung:
        return "cante_sung", (NONE,), "why_cante_sung", pair(sung[0])
    partner = rules.partner_of(seat)
    if partner is not None:
        for s in range(4):
            if s in game.sung_suits:
                continue
            rey, caballo = pair(s)
            mine = [c for c in (rey, caballo) if holds(game, seat, c)]
            theirs = [c for c in (rey, caballo) if holds(game, partner, c)]
            if len(mine) == 1 and len(theirs) == 1:
                return "cante_split", (NONE,), "why_cante_split", (rey, caballo)
    return None


def _situation(game: Game, seat: int, lang: str) -> str:
    moment = game.moment
    if moment is None:
        return tr("sit_mid_trick", lang, n=len(game.tricks) + 1)
    winner = moment.winner
    if winner == seat:
        who = "you"
    elif game.rules.has_teams and game.team_of(winner) == game.team_of(seat):
        who = "partner"
    else:
        who = "opponent"
    return tr(f"sit_won_{who}", lang, n=moment.trick_number)


def _cante_options(trump: int, lang: str) -> tuple[list[str], list[str]]:
    options = [NONE, *[f"20{SUIT_LETTERS[s]}" for s in range(4) if s != trump], "40", "tute"]
    labels = [tr("cante_none", lang)]
    labels += [tr("cante_20_in", lang, suit=suit_name(s, lang)) for s in range(4) if s != trump]
    labels += [tr("cante_40_in", lang, suit=suit_name(trump, lang)), tr("cante_tute", lang)]
    return options, labels


@dataclass(frozen=True)
class _Snapshot:
    """The moment asked about, as the seat sees it."""

    trump: int
    hand: list[Card]
    sung: list[int]
    situation: str
    partner_figures: list[Card]
    stock_left: int
    tute_kind: str | None
    trick: list[Card]
    trick_seats: list[int]


def _snapshot(game: Game, seat: int, lang: str) -> _Snapshot:
    partner = game.rules.partner_of(seat)
    figures: list[Card] = []
    if partner is not None:
        figures = [c for c in game.hand(partner) if c.strength in (REY, CABALLO)]
    return _Snapshot(trump=game.trump, hand=game.hand(seat), sung=sorted(game.sung_suits),
                     situation=_situation(game, seat, lang), partner_figures=figures,
                     stock_left=game.stock_left, tute_kind=game.tute_kind(seat),
                     trick=list(game.trick_cards), trick_seats=list(game.trick_seats()))


def build(ctx: Context) -> QuizQuestion:
    """A moment of a real hand where the seat's case is the rule's."""
    rules = ctx.rules

    def one_hand(attempt: int) -> list[tuple[int, Case, dict[str, Any], _Snapshot]]:
        found: list[tuple[int, Case, dict[str, Any], _Snapshot]] = []

        def visit(game: Game, moment: str) -> bool:
            if moment == "play" and game.moment is not None:
                return False  # the same instant was seen as a moment
            seats = list(range(game.players)) if moment == "moment" else [game.turn]
            for seat in seats:
                case = _cante_case(game, seat)
                if case is not None and case[0] == ctx.rule:
                    found.append((seat, case, game.to_record(), _snapshot(game, seat, ctx.lang)))
            return False

        protect = None
        if ctx.rule == "cante_tute":
            game, protect = deal_with_tute(ctx.rng, rules)
        else:
            game = ctx.deal()
        play_randomly(game, ctx.rng, protect=protect, visit=visit)
        return found

    seat, case, record, snap = search(
        ctx.rng, one_hand, f"no position for rule {shown(ctx.rule)} found under {rules.ruleset}")
    _, answer, why, cards = case
    lang = ctx.lang
    trump = snap.trump
    facts = [tr("fact_trump", lang, suit=suit_name(trump, lang)),
             tr("fact_you_are", lang, player=player(seat, lang)),
             tr("fact_hand", lang, cards=cards_text(snap.hand, lang)),
             snap.situation,
             tr("fact_sung", lang, suits=", ".join(suit_name(s, lang) for s in snap.sung))
             if snap.sung else tr("fact_none_sung", lang)]
    if rules.has_teams:
        facts.append(tr("fact_partner_figures", lang,
                        cards=cards_text(snap.partner_figures, lang)))
    if rules.has_stock:
        facts.append(stock_fact(snap.stock_left, lang))
    facts += rules_fact(rules, lang, "cante_by")
    options, labels = _cante_options(trump, lang)
    suit = cards[0].suit
    explanation = tr(why, lang, suit=suit_name(suit, lang), cards=join_names(cards, lang),
                     kind=tute_word(snap.tute_kind, lang) if snap.tute_kind else "")
    board = Board(trump=SUIT_LETTERS[trump], hand=tuple(str(c) for c in snap.hand),
                  trick=tuple(str(c) for c in snap.trick),
                  trick_labels=tuple(player(s, lang) for s in snap.trick_seats))
    return ctx.question(
        facts=tuple(facts), ask=tr("ask_cante", lang), options=tuple(options),
        option_labels=tuple(labels), answer=answer, explanation=explanation,
        record=record, seat=seat, highlight=tuple(str(c) for c in cards), board=board)


def trained(rules: Rules, difficulty: int) -> list[str]:
    """20, 40, when you may sing, a suit already sung; split pairs with teams; tute."""
    found = ["cante_20", "cante_40", "cante_timing", "cante_sung"]
    if rules.has_teams:
        found.append("cante_split")
    if difficulty >= 2:
        found.append("cante_tute")
    return found


KIND = QuizKind(id="cante", order=60, rules=trained, build=build,
                answer_type="none | 20<suit> | 40 | tute", checked_with="replay",
                display=Display(reveal=Reveal.HAND))
