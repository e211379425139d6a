"""Seat names read right inside a sentence: the learner is "Tú"/"You" as a label and
"ti"/"you" after a preposition, the verb follows "you", and a room's single winner
takes a singular verb."""

from __future__ import annotations

import random

from tests.table.helpers import play_hand
from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import HandResult, PlayEvent, TuteEvent
from tute_tutor.engine.variants import find_rules
from tute_tutor.live.room import PublicSeat
from tute_tutor.live.words import outcome_text as room_outcome
from tute_tutor.table.controller import LEARNER, Table, TableConfig, outcome_text, seat_name
from tute_tutor.table.review import hand_review
from tute_tutor.words.explain import card_name


def _finished_two_player_hands() -> list[Table]:
    tables = []
    for seed in range(12):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed))
        play_hand(table, random.Random(seed))
        if table.game.result().last_trick is not None:
            tables.append(table)
    return tables


def test_the_diez_de_ultimas_goes_to_you_not_to_you_capitalised() -> None:
    tables = _finished_two_player_hands()
    mine = [t for t in tables if t.game.tricks[-1].winner == LEARNER]
    theirs = [t for t in tables if t.game.tricks[-1].winner != LEARNER]
    assert mine and theirs
    game = mine[0].game
    assert hand_review(game, "en").last_trick == \
        "Diez de últimas: to you (you took the last trick)."
    assert hand_review(game, "es").last_trick == \
        "Diez de últimas: para ti (la última baza la ganaste tú)."
    other = seat_name(theirs[0].game.tricks[-1].winner, "en")
    assert hand_review(theirs[0].game, "en").last_trick == \
        f"Diez de últimas: to {other} (last trick taken by {other})."


def test_in_pairs_the_learners_last_trick_is_said_in_the_second_person() -> None:
    for seed in range(12):
        table = Table(TableConfig(find_rules("clasico"), seed=seed))
        play_hand(table, random.Random(seed))
        game = table.game
        if game.result().last_trick is not None and game.tricks[-1].winner == LEARNER:
            break
    else:
        raise AssertionError("no deal where the learner takes the last trick")
    text = hand_review(game, "en").last_trick
    assert text == "Diez de últimas: to your pair (Carmen and you) (you took the last trick)."
    assert "You" not in text and "Tú" not in hand_review(game, "es").last_trick


def test_a_renuncio_by_the_other_player_makes_you_win_in_the_second_person() -> None:
    result = HandResult(totals=(30, 0), card_points=(30, 0), cante_points=(0, 0),
                        last_trick=None, winner=LEARNER, reason="renuncio",
                        renuncio=PlayEvent(1, Card.parse("4o"), "must_follow", legal=False))
    assert outcome_text(result, 2, "en") == \
        "You win: Bruno made a renuncio and that side loses the hand (You 30, Bruno 0)."
    assert outcome_text(result, 2, "es") == \
        "Ganas tú: Bruno hizo renuncio y su lado pierde la mano (Tú 30, Bruno 0)."


def test_your_tute_in_pairs_is_your_tute_not_yous() -> None:
    result = HandResult(totals=(0, 0), card_points=(0, 0), cante_points=(0, 0),
                        last_trick=None, winner=0, reason="tute",
                        tute=TuteEvent(LEARNER, "reyes"))
    assert outcome_text(result, 4, "en") == \
        "Your pair (Carmen and you) wins by your tute of kings."
    assert outcome_text(result, 4, "es") == \
        "Gana vuestra pareja (Carmen y tú) por tu tute de reyes."
    partner = HandResult(totals=(0, 0), card_points=(0, 0), cante_points=(0, 0),
                         last_trick=None, winner=0, reason="tute", tute=TuteEvent(2, "reyes"))
    assert outcome_text(partner, 4, "es") == \
        "Gana vuestra pareja (Carmen y tú) por el tute de reyes de Carmen."


def _seats(count: int) -> list[PublicSeat]:
    names = ["Ana", "Luis", "Eva", "Juan"]
    return [PublicSeat(i, "human", names[i], away=False, host=i == 0, team=i % 2)
            for i in range(count)]


def test_a_rooms_single_winner_takes_a_singular_verb_and_a_pair_a_plural_one() -> None:
    one = HandResult(totals=(70, 60), card_points=(60, 60), cante_points=(0, 0),
                     last_trick=0, winner=0, reason="points")
    assert room_outcome(one, _seats(2), "en") == "Ana takes the hand (Ana 70, Luis 60)."
    assert room_outcome(one, _seats(2), "es") == "Se lleva la mano Ana (Ana 70, Luis 60)."
    assert room_outcome(one, _seats(4), "en") == \
        "Ana and Eva take the hand (Ana and Eva 70, Luis and Juan 60)."
    assert room_outcome(one, _seats(4), "es") == \
        "Se llevan la mano Ana y Eva (Ana y Eva 70, Luis y Juan 60)."


def test_a_card_not_in_your_hand_is_named_with_its_article() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=3))
    held = table.game.hand(LEARNER)
    missing = next(card for code in ("1o", "3o", "12o", "1c", "3c", "12c", "1e", "3e", "12e")
                   if (card := Card.parse(code)) not in held)
    assert table.click(missing, "es").message == f"No tienes {card_name(missing, 'es')} en tu mano."
    assert card_name(missing, "es").startswith("el ")
    assert table.click(missing, "en").message == f"You do not hold {card_name(missing, 'en')}."


def test_after_the_swap_the_status_names_the_card_now_face_up() -> None:
    for seed in range(40):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed))
        rng = random.Random(seed)
        turned = table.status().trump_card
        for _ in range(60):
            table.run()
            if table.finished:
                break
            offers = table.offers()
            if offers.swap is not None:
                given = offers.swap
                assert table.swap()
                status = table.status()
                assert status.trump_card == given != turned
                assert status.face_up == given
                return
            legal = table.legal_cards()
            if legal:
                table.click(rng.choice(legal), "es")
            else:
                table.pass_moment()
    raise AssertionError("no deal offered the learner the swap")
