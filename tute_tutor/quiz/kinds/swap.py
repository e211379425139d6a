"""``swap``: two players, you just won a trick; which trump card may you swap for the
face-up card (the 7, the 2, or none)?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, Card, suit_name
from tute_tutor.engine.errors import shown
from tute_tutor.engine.game import SWAP_WITH_SEVEN, SWAP_WITH_TWO, Game
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.play import holds, play_randomly, search
from tute_tutor.quiz.question import Board, Display, QuizQuestion, Reveal
from tute_tutor.quiz.wording import cards_text, tr
from tute_tutor.words.catalog import t_count
from tute_tutor.words.explain import card_name

NONE = "none"


def _swap_case(game: Game, seat: int) -> str | None:
    if game.can_swap(seat):
        card = game.swap_card(seat)
        assert card is not None
        return "swap_seven" if card.rank == 7 else "swap_two"
    if game.moment is None or game.moment.swapped:
        return None
    trump = game.trump
    held = holds(game, seat, CARDS[10 * trump + 4]) or holds(game, seat, CARDS[10 * trump])
    return "swap_none" if held else None


@dataclass(frozen=True)
class _Snapshot:
    hand: list[Card]
    face_up: Card
    trump: int
    swap: Card | None
    stock_left: int
    trick_number: int


def build(ctx: Context) -> QuizQuestion:
    """The moment after a won trick where the winner's case is the rule's."""

    def one_hand(attempt: int) -> list[tuple[int, str, dict[str, Any], _Snapshot]]:
        found: list[tuple[int, str, dict[str, Any], _Snapshot]] = []

        def visit(game: Game, moment: str) -> bool:
            if moment != "moment" or not game.draw_pile or game.moment is None:
                return False
            seat = game.moment.winner
            case = _swap_case(game, seat)
            face = game.face_up
            if case == ctx.rule and face is not None:
                found.append((seat, case, game.to_record(), _Snapshot(
                    hand=game.hand(seat), face_up=face, trump=game.trump,
                    swap=game.swap_card(seat) if game.can_swap(seat) else None,
                    stock_left=game.stock_left, trick_number=len(game.tricks))))
            return False

        play_randomly(ctx.deal(), ctx.rng, visit=visit)
        return found

    seat, rule, record, snap = search(ctx.rng, one_hand,
                                      f"no position for rule {shown(ctx.rule)} found")
    lang = ctx.lang
    trump = snap.trump
    face = snap.face_up
    seven, two = CARDS[10 * trump + 4], CARDS[10 * trump]
    answer = (str(snap.swap),) if snap.swap is not None else (NONE,)
    needed = seven if face.strength in SWAP_WITH_SEVEN else two
    if rule == "swap_seven":
        why = "why_swap_seven"
    elif rule == "swap_two":
        why = "why_swap_two"
    elif face.strength not in SWAP_WITH_SEVEN | SWAP_WITH_TWO:
        why = "why_swap_face_two"
    else:
        why = "why_swap_missing"
    facts = [tr("fact_trump", lang, suit=suit_name(trump, lang)),
             tr("fact_face_up", lang, card=card_name(face, lang)),
             tr("fact_hand", lang, cards=cards_text(snap.hand, lang)),
             tr("sit_won_you", lang, n=snap.trick_number),
             t_count("quiz.fact_stock", snap.stock_left, lang, n=snap.stock_left)]
    options = [str(seven), str(two), NONE]
    labels = [seven.name(lang), two.name(lang), tr("swap_none", lang)]
    explanation = tr(why, lang, face=card_name(face, lang), card=card_name(needed, lang))
    return ctx.question(
        facts=tuple(facts), ask=tr("ask_swap", lang), options=tuple(options),
        option_labels=tuple(labels), answer=answer, explanation=explanation,
        record=record, seat=seat, highlight=(str(face), str(needed)),
        board=Board(trump=SUIT_LETTERS[trump], hand=tuple(str(c) for c in snap.hand),
                    face_up=str(face)))


def trained(rules: Rules, difficulty: int) -> list[str]:
    """Swapping the 7, the 2, or nothing to swap."""
    return ["swap_seven", "swap_two", "swap_none"]


KIND = QuizKind(id="swap", order=80, rules=trained, build=build, answer_type="card | none",
                checked_with="replay", needs_stock=True, display=Display(reveal=Reveal.HAND))
