"""The coach's sentences: one for every reason kind and every mistake kind, in both
languages, naming cards in the deck spoken, bounded, with no field left unfilled."""

from __future__ import annotations

import random

import pytest

from tute_tutor.ai import get_player
from tute_tutor.ai.base import apply_action
from tute_tutor.coach.mistakes import MISTAKE_KINDS
from tute_tutor.coach.reasons import (
    DECLARATION_KINDS,
    KEEP_KINDS,
    PLAY_KINDS,
    Edge,
    Fact,
    Reason,
    declaration_reasons,
    reason_for,
)
from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import OBLIGATIONS
from tute_tutor.words.cards import deck_names
from tute_tutor.words.catalog import LANGUAGES
from tute_tutor.words.coach import (
    MAX_REASON_CHARS,
    edge_text,
    mistake_lesson,
    mistake_line,
    mistake_name,
    reason_text,
)

ACE_OF_CUPS = Card.parse("1c")
KING_OF_CUPS = Card.parse("12c")


def _fact(kind: str) -> Fact:
    return Fact(kind, card=KING_OF_CUPS, suit=1, count=3,  # type: ignore[arg-type]
                code="reyes" if kind == "declares_tute" else "")


def _clean(text: str) -> None:
    assert text and "coach." not in text and "{" not in text and "}" not in text
    assert len(text) <= MAX_REASON_CHARS


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", PLAY_KINDS + DECLARATION_KINDS)
def test_every_reason_kind_has_a_sentence_naming_the_player(kind: str, lang: str) -> None:
    card = None if kind in DECLARATION_KINDS else ACE_OF_CUPS
    text = reason_text(Reason(1, card, (_fact(kind),)), "Bruno", lang)
    _clean(text)
    assert text.startswith("Bruno ")
    if card is not None:
        assert ACE_OF_CUPS.name(lang) in text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", KEEP_KINDS)
def test_every_keep_kind_adds_its_own_sentence(kind: str, lang: str) -> None:
    alone = reason_text(Reason(1, ACE_OF_CUPS, (Fact("takes_last"),)), "Bruno", lang)
    both = reason_text(Reason(1, ACE_OF_CUPS, (Fact("takes_last"), _fact(kind))), "Bruno",
                       lang)
    _clean(both)
    assert both.startswith(alone) and len(both) > len(alone) + 10


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code", OBLIGATIONS)
def test_a_forced_card_says_the_obligation_behind_it(code: str, lang: str) -> None:
    text = reason_text(Reason(1, ACE_OF_CUPS, (Fact("forced", code=code),)), "Bruno", lang)
    _clean(text)


def test_the_sentences_of_the_issue_read_as_written() -> None:
    three = Card.parse("3o")
    keep = Reason(3, Card.parse("2b"), (Fact("throws_cheapest"), Fact("keeps_trump", card=three)))
    assert reason_text(keep, "Diego", "en").endswith(
        "The three of coins is kept for the last tricks.")
    feed = Reason(3, ACE_OF_CUPS, (Fact("feeds_safe", card=KING_OF_CUPS),))
    assert reason_text(feed, "Diego", "en") == (
        "Diego gives the partner the ace of cups: the partner's king of cups is winning and "
        "nobody still to play can beat it.")
    low = Reason(1, Card.parse("4c"), (Fact("leads_low", card=ACE_OF_CUPS),))
    assert reason_text(low, "Bruno", "es") == (
        "Bruno sale con una carta baja, el cuatro de copas: aún no ha salido el as de copas.")
    forty = Reason(1, None, (Fact("sings_forty", card=KING_OF_CUPS, suit=1),))
    assert reason_text(forty, "Bruno", "es") == "Bruno canta las cuarenta en copas: 40 puntos."


def test_a_rated_choice_says_its_margin_over_the_next_best_card() -> None:
    edge = Edge(6.2, ACE_OF_CUPS, "playouts", 24)
    assert edge_text(edge, "en") == (
        "Playing out 24 deals it could be, it is worth 6 points more than the ace of cups.")
    equal = edge_text(Edge(0.2, ACE_OF_CUPS, "exact", 8), "es")
    assert "vale más o menos lo mismo que el as de copas" in equal
    assert "1 point more" in edge_text(Edge(1.0, ACE_OF_CUPS, "exact", 8), "en")
    assert "3 points less" in edge_text(Edge(-3.0, ACE_OF_CUPS, "exact", 8), "en")


def test_a_card_chosen_though_worth_fewer_points_says_why() -> None:
    wins = Edge(-2.4, ACE_OF_CUPS, "playouts", 24, "wins", (15.0, 12.5))
    assert edge_text(wins, "en") == (
        "Playing out 24 deals it could be, it is worth 2 points less than the ace of cups. "
        "It was chosen because it wins the hand more often in those deals: in 62% of "
        "them, against 52% with the ace of cups.")
    assert "gana la mano más a menudo" in edge_text(wins, "es")
    sound = Edge(-3.0, ACE_OF_CUPS, "playouts", 24, "sound")
    assert "counted rules" in edge_text(sound, "en")
    assert "reglas contadas" in edge_text(sound, "es")
    # a card worth more, or as much, needs no why
    assert "chosen" not in edge_text(Edge(0.3, ACE_OF_CUPS, "playouts", 24, "sound"), "en")


def test_reasons_name_cards_in_the_deck_spoken() -> None:
    reason = Reason(1, KING_OF_CUPS, (Fact("takes_master"),))
    with deck_names("french"):
        text = reason_text(reason, "Bruno", "es")
    assert "rey de corazones" in text and "copas" not in text


def test_every_reason_of_real_hands_is_worded_in_both_languages() -> None:
    player = get_player(3)
    rng = random.Random(5)
    for seed in range(3):
        game = Game.deal("a-dos", seed=seed)
        while not game.finished:
            if game.moment is not None:
                seat = game.moment.winner
                view = game.view(seat)
                actions = player.declarations(view, rng)
                for reason in declaration_reasons(view, actions):
                    for lang in LANGUAGES:
                        _clean(reason_text(reason, "Bruno", lang))
                for action in actions:
                    apply_action(game, seat, action)
                if game.finished:
                    break
                game.close_moment()
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            decision = player.decide(view, rng)
            reason = reason_for(view, decision)
            for lang in LANGUAGES:
                _clean(reason_text(reason, "Bruno", lang))
            game.play(decision.card)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_mistake_kind_has_a_name_and_a_one_line_lesson(lang: str) -> None:
    names = {mistake_name(kind, lang) for kind in MISTAKE_KINDS}
    lessons = {mistake_lesson(kind, lang) for kind in MISTAKE_KINDS}
    assert len(names) == len(lessons) == len(MISTAKE_KINDS)
    for text in names | lessons:
        assert "coach." not in text and "\n" not in text and len(text) <= 200
    line = mistake_line("pair_broken", "Trick 3: ...", lang)
    assert line.startswith(mistake_name("pair_broken", lang)) and "Trick 3: ..." in line
