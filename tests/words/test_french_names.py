"""With the French deck chosen, text names cards and suits the way the cards are drawn:
diamantes, corazones, picas, tréboles; jota (J), reina (Q), rey (K), as (A)."""

from __future__ import annotations

import threading

import pytest

from tute_tutor.engine.cards import CARDS, Card, parse_cards, suit_name
from tute_tutor.engine.legal import analyse_play
from tute_tutor.engine.variants import find_rules
from tute_tutor.quiz.generator import generate_question
from tute_tutor.words.cards import deck_names, figure_words, set_spoken_deck, spoken_deck
from tute_tutor.words.explain import explain

SPANISH_WORDS = ("oros", "copas", "espadas", "bastos", "sota", "caballo", "coins", "cups",
                 "swords", "knight")


def test_french_names_in_spanish_with_their_articles() -> None:
    with deck_names("french"):
        names = [Card.parse(code).name_with_article("es")
                 for code in ("10e", "1o", "11c", "12b", "6o")]
    assert names == ["la jota de picas", "el as de diamantes", "la reina de corazones",
                     "el rey de tréboles", "el seis de diamantes"]


def test_french_names_in_english() -> None:
    with deck_names("french"):
        names = [Card.parse(code).name_with_article("en") for code in ("10e", "1o", "11c", "12b")]
        suits = [suit_name(suit, "en") for suit in range(4)]
    assert names == ["the jack of spades", "the ace of diamonds", "the queen of hearts",
                     "the king of clubs"]
    assert suits == ["diamonds", "hearts", "spades", "clubs"]


def test_french_rank_words_match_the_drawn_corner_letters() -> None:
    # french_label draws J for the sota, Q for the caballo, K for the rey, A for the as.
    letters = {"J": ("jota", "jack"), "Q": ("reina", "queen"), "K": ("rey", "king"),
               "A": ("as", "ace")}
    with deck_names("french"):
        for card in CARDS:
            letter = card.french_label()[:-1]
            if letter in letters:
                assert card.name("es").split(" de ")[0] == letters[letter][0]
                assert card.name("en").split(" of ")[0] == letters[letter][1]


def test_the_scope_ends_with_the_block_and_the_default_is_spanish() -> None:
    assert spoken_deck() == "spanish"
    with deck_names("french"):
        assert spoken_deck() == "french"
        with deck_names("spanish"):
            assert Card.parse("10c").name("es") == "sota de copas"
        assert Card.parse("10c").name("es") == "jota de corazones"
    assert Card.parse("10c").name("es") == "sota de copas"
    with deck_names("klingon"):  # an unknown deck speaks Spanish
        assert spoken_deck() == "spanish"


def test_a_new_thread_starts_at_the_spanish_deck() -> None:
    # Why the app sets the deck on every script and fragment run: Streamlit may run
    # each in a new thread, and a context variable starts at its default there.
    seen: list[str] = []
    with deck_names("french"):
        thread = threading.Thread(target=lambda: seen.append(Card.parse("1o").name("es")))
        thread.start()
        thread.join()
    assert seen == ["as de oros"]


def test_set_spoken_deck_lasts_in_its_context() -> None:
    def run() -> str:
        set_spoken_deck("french")
        return Card.parse("12e").name("en")

    seen: list[str] = []
    thread = threading.Thread(target=lambda: seen.append(run()))
    thread.start()
    thread.join()
    assert seen == ["king of spades"]
    assert spoken_deck() == "spanish"  # this thread was left alone


def test_an_explicit_deck_wins_over_the_spoken_one() -> None:
    with deck_names("french"):
        assert Card.parse("11o").name("es", "spanish") == "caballo de oros"
    assert Card.parse("11o").name_with_article("es", "french") == "la reina de diamantes"
    assert suit_name(3, "es", "french") == "tréboles"


def test_explanation_with_the_french_deck_agrees_with_feminine_cards() -> None:
    rules = find_rules("clasico")
    # Only the caballo de copas (la reina de corazones) beats the sota: montar "con ella".
    a = analyse_play(parse_cards("11c,4c,5b"), parse_cards("10c"), 0, rules)
    with deck_names("french"):
        text = explain(a, "es")
    assert text.startswith("Tienes corazones: debes asistir, y tu reina de corazones supera "
                           "a la jota de corazones de la mesa, así que debes montar con ella.")
    spanish = explain(a, "es")
    assert "tu caballo de copas supera a la sota de copas" in spanish
    assert spanish.split(". ")[0].endswith("montar con él")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("kind", ["legal", "trick_winner", "trick_points", "cante", "renuncio"])
def test_quiz_question_speaks_the_french_deck(kind: str, lang: str) -> None:
    with deck_names("french"):
        question = generate_question(kind, 3, "clasico", lang=lang)
    text = " ".join([*question.facts, question.ask, *question.option_labels,
                     question.explanation])
    words = set(text.lower().replace(",", " ").replace(".", " ").replace("(", " ")
                .replace(")", " ").replace(":", " ").split())
    assert not words & set(SPANISH_WORDS), (words & set(SPANISH_WORDS), text)
    trump = "Triunfo" if lang == "es" else "Trumps"
    assert any(fact.startswith(trump) for fact in question.facts)
    french_suits = {"diamantes", "corazones", "picas", "tréboles", "diamonds", "hearts",
                    "spades", "clubs"}
    assert words & french_suits


def test_quiz_explanation_of_a_trick_lists_the_french_order() -> None:
    with deck_names("french"):
        question = generate_question("trick_winner", 3, "clasico", lang="es")
    assert question.facts[0] == "Triunfo: tréboles."
    assert "as, tres, rey, reina, jota, 7" in question.explanation


def test_figure_words_follow_the_deck() -> None:
    assert figure_words("es")["the_knight"] == "el caballo"
    with deck_names("french"):
        words = figure_words("es")
    assert (words["the_king"], words["the_knight"], words["jack"], words["knights"]) == (
        "el rey", "la reina", "jota", "reinas")
    assert figure_words("en", "french")["knights"] == "queens"
