"""``renuncio``: a whole trick was played; click the card that broke an obligation."""

from __future__ import annotations

from tute_tutor.engine.cards import SUIT_LETTERS, Card, cards_of, suit_name
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import REASON_OBLIGATION, PlayAnalysis, analyse_play
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.kind import Context, QuizKind
from tute_tutor.quiz.play import scenario_and_analysis
from tute_tutor.quiz.question import Answering, Board, Display, QuizQuestion, Reveal
from tute_tutor.quiz.wording import (
    card_labels,
    cards_text,
    played_text,
    player,
    rules_fact,
    tr,
)
from tute_tutor.words.explain import card_name, explain_refusal


def _broken(a: PlayAnalysis, rule: str) -> list[Card]:
    """The cards of the hand whose play would break ``rule``."""
    return [c for c, reason in a.refused if REASON_OBLIGATION.get(reason) == rule]


def build(ctx: Context) -> QuizQuestion:
    """A real decision where a refused card breaks the rule, played out to a full trick."""
    rules = ctx.rules
    wanted = ctx.rule
    holder: dict[int, tuple[list[int], list[list[Card]], int]] = {}

    def accept(a: PlayAnalysis, game: Game) -> bool:
        if not _broken(a, wanted):
            return False
        holder[id(a)] = (game.trick_seats(), [game.hand(s) for s in range(game.players)],
                         game.turn)
        return True

    # A card of another suit is refused under asistir and under montar alike.
    wanted_obligation = ctx.rng.choice(["asistir", "montar"]) if wanted == "asistir" else wanted
    scenario, a = scenario_and_analysis(
        ctx.rng, ctx.rules, obligation=wanted_obligation,
        difficulty=ctx.difficulty, accept=accept)
    seats_before, hands_now, offender = holder[id(a)]
    bad = ctx.rng.choice(_broken(a, wanted))
    # The hands each player held when the trick began (cards on the table go back).
    start_hands = [list(h) for h in hands_now]
    for seat, card in zip(seats_before, a.trick, strict=True):
        start_hands[seat].append(card)
    start_hands[offender] = list(a.hand)
    trick = [*a.trick, bad]
    seats = [*seats_before, offender]
    seat = offender
    while len(trick) < rules.players:
        seat = (seat + 1) % rules.players
        follow = analyse_play(start_hands[seat], trick, a.trump, rules)
        trick.append(ctx.rng.choice(follow.legal))
        seats.append(seat)
    lang = ctx.lang
    labels = [player(s, lang) for s in seats]
    held = [cards_of(sum(c.bit for c in start_hands[s])) for s in seats]
    hands_text = [tr("fact_player_hand", lang, player=player(s, lang),
                     cards=cards_text(cards, lang)) for s, cards in zip(seats, held, strict=True)]
    facts = [tr("fact_trump", lang, suit=suit_name(a.trump, lang)),
             *hands_text, tr("fact_played", lang, cards=played_text(trick, labels, lang))]
    facts += rules_fact(rules, lang, "overtake", "low_trump", "exemption")
    explanation = tr("renuncio_by", lang, player=player(offender, lang),
                     card=card_name(bad, lang)) + " " + explain_refusal(a, bad, lang)
    board = Board(trump=SUIT_LETTERS[a.trump], trick=tuple(str(c) for c in trick),
                  trick_labels=tuple(labels),
                  hands=tuple(tuple(str(c) for c in cards) for cards in held),
                  hand_labels=tuple(labels),
                  # The page draws these hands as cards: their sentences can be left out.
                  drawn_facts=tuple(range(1, 1 + len(seats))))
    return ctx.question(
        facts=tuple(facts), ask=tr("ask_renuncio", lang),
        options=tuple(str(c) for c in trick), option_labels=card_labels(trick, lang),
        answer=(str(bad),), explanation=explanation, scenario=scenario, seat=offender,
        highlight=(str(bad), *(str(c) for c in a.legal)), board=board)


def trained(rules: Rules, difficulty: int) -> list[str]:
    """The obligations a renuncio can break (beginners: asistir only)."""
    codes = ["asistir", "montar", "fallar"]
    if rules.players >= 3:
        codes.append("pisar")
    return codes[:1] if difficulty <= 1 else codes


KIND = QuizKind(
    id="renuncio", order=70, rules=trained, build=build, answer_type="card",
    checked_with="legal",
    display=Display(answering=Answering.CLICK_CARD, hands=True, reveal=Reveal.TRICK))
