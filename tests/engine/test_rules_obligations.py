"""docs/RULES.md, "What you may play", clause by clause, with every example of the
rule book and of the source texts' tables (trump oros unless a test says otherwise)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, Card, deck
from tute_tutor.engine.errors import IllegalPlayError
from tute_tutor.engine.legal import analyse_play, trick_state
from tute_tutor.engine.tricks import legal_mask, play_into_trick
from tute_tutor.engine.variants import PLAY_FLAGS, find_rules
from tute_tutor.words.errors import error_text
from tute_tutor.words.explain import explain, explain_refusal

from .helpers import card, cards, mask, reference_legal, reference_winner, scripted_game


def legal(hand: str, trick: str = "", trump: str = "o", ruleset: str = "clasico",
          stock_left: int = 0, **flags: Any) -> tuple[set[str], str]:
    """Legal codes and obligation code for one decision, through the explaining layer."""
    rules = find_rules(ruleset, flags)
    a = analyse_play(cards(hand), cards(trick), SUIT_LETTERS.index(trump), rules, stock_left)
    return {str(c) for c in a.legal}, a.obligation


# --------------------------------------------------------------------------- 1. salida
def test_salida_leader_may_play_any_card() -> None:
    assert legal("1o,3c,12e,2b") == ({"1o", "3c", "12e", "2b"}, "salida")


# --------------------------------------------------------------------------- 2. asistir
def test_asistir_must_follow_the_suit_led_when_held() -> None:
    got, code = legal("2c,1o,5b", "12c")
    assert got == {"2c"}
    assert code == "asistir"


def test_asistir_any_card_of_the_suit_when_none_beats() -> None:
    assert legal("2c,4c,1b", "1c") == ({"2c", "4c"}, "asistir")


# --------------------------------------------------------------------------- 3. montar
def test_montar_must_beat_the_highest_card_of_the_suit_led() -> None:
    # 10c led then 11c: the highest copa on the table is the caballo; only 12c and 3c beat it.
    assert legal("12c,3c,10c,2c", "4c,11c") == ({"12c", "3c"}, "montar")


def test_montar_applies_even_when_every_card_of_the_suit_beats_the_table() -> None:
    # You hold a card that beats the table, so montar is the rule in force (as pisar is
    # for trumps), even though no card of the suit is refused for being low.
    assert legal("12c,3c,5b", "10c") == ({"12c", "3c"}, "montar")
    assert legal("12c,5b", "10c") == ({"12c"}, "montar")
    a = analyse_play(cards("12c,5b"), cards("10c"), 0, find_rules("clasico"))
    assert "supera" in explain(a, "es") and "no supera" not in explain(a, "es")
    assert "beats" in explain(a, "en") and "does not beat" not in explain(a, "en")
    assert a.refused_reason(cards("5b")[0]) == "must_follow"
    cut = analyse_play(cards("12c,3c"), cards("10c,2o"), 0,
                       find_rules("clasico", {"overtake_when_trumped": True}))
    assert cut.obligation == "montar"
    assert "no hace falta" not in explain(cut, "es") and "need not" not in explain(cut, "en")


def test_cut_trick_without_overtake_is_asistir_with_any_card_of_the_suit() -> None:
    assert legal("12c,4c,5b", "10c,2o") == ({"12c", "4c"}, "asistir")


def test_montar_when_trump_is_led_beat_the_highest_trump() -> None:
    assert legal("3o,4o,2c", "12o") == ({"3o"}, "montar")


def test_three_beats_the_king_when_deciding_montar() -> None:
    # The classic beginner mistake: the 3 is above the rey.
    assert legal("3c,2c", "12c") == ({"3c"}, "montar")


# ----------------------------------------------------- 3. overtake_when_trumped (cut trick)
def test_cut_and_overtrumped_trick_follow_suit_without_beating_by_default() -> None:
    # 12c led, cut with 4o and overtrumped with 7o: you hold copas, so you follow suit,
    # with any copa (the 3 would beat the rey but need not), and never trump.
    got, code = legal("3c,2c,5o", "12c,4o,7o")
    assert got == {"3c", "2c"}
    assert code == "asistir"


def test_overtake_when_trumped_flag_still_forces_beating_the_suit_led() -> None:
    assert legal("12c,4c,2b", "10c,2o", overtake_when_trumped=True) == ({"12c"}, "montar")


def test_cut_trick_never_allows_leaving_the_suit_led() -> None:
    got, _ = legal("12c,4c,1o", "10c,2o")
    assert "1o" not in got


# --------------------------------------------------------------------------- 4. fallar
def test_fallar_must_trump_when_void_and_no_trump_yet() -> None:
    got, code = legal("2o,1o,5b,1e", "3c")
    assert got == {"2o", "1o"}  # any trump wins there
    assert code == "fallar"


# --------------------------------------------------------------------------- 5. pisar
def test_must_overtrump_when_trick_is_trumped() -> None:
    got, code = legal("12o,2o,5b", "1c,4o")
    assert got == {"12o"}
    assert code == "pisar"


def test_overtrump_beats_the_highest_trump_not_the_first() -> None:
    # 4o then 10o on the table: 7o no longer overtrumps.
    got, code = legal("7o,11o,5b", "1c,4o,10o")
    assert got == {"11o"}
    assert code == "pisar"


def test_cannot_overtrump_may_play_any_card() -> None:
    got, code = legal("2o,5b,4e", "1c,1o")
    assert got == {"2o", "5b", "4e"}
    assert code == "libre"


def test_trump_when_cannot_overtrump_flag_forces_a_lower_trump() -> None:
    got, code = legal("2o,5b,4e", "1c,1o", trump_when_cannot_overtrump=True)
    assert got == {"2o"}
    assert code == "fallar"


# --------------------------------------------------------------------------- 6. libre
def test_libre_with_neither_the_suit_led_nor_a_trump() -> None:
    assert legal("5b,4e,7b", "3c") == ({"5b", "4e", "7b"}, "libre")


# ----------------------------------------------------------------- 7. partner exemption
def test_partner_exemption_off_by_default_must_beat_the_partner() -> None:
    # Trick: partner led 1b? No: the partner played two cards before us and is winning.
    got, code = legal("3c,2c", "10c,12c,4c")
    assert got == {"3c"}
    assert code == "montar"


def test_partner_exemption_follow_suit_but_need_not_beat() -> None:
    got, code = legal("3c,2c,5b", "10c,12c,4c", partner_exemption=True)
    assert got == {"3c", "2c"}
    assert code == "companero"


def test_partner_exemption_need_not_trump_when_void() -> None:
    got, code = legal("2o,5b", "10c,12c,4c", partner_exemption=True)
    assert got == {"2o", "5b"}
    assert code == "companero"


def test_partner_exemption_is_companero_even_when_following_suit_already_beats() -> None:
    # Espadas trump; the partner's 5c wins over the opponent's 1o. The caballo is your only
    # copa: you play it because you follow suit, not because you must beat the partner.
    rules = find_rules("clasico", {"partner_exemption": True})
    a = analyse_play(cards("11c,3b,4o"), cards("5c,1o"), SUIT_LETTERS.index("e"), rules)
    assert [str(c) for c in a.legal] == ["11c"]
    assert a.obligation == "companero"
    es, en = explain(a, "es"), explain(a, "en")
    assert "asistir" in es and "compañero va ganando" in es and "debes montar" not in es
    assert "follow" in en and "partner is winning" in en and "must beat" not in en


def test_partner_exemption_is_companero_when_void_holding_only_trumps() -> None:
    # Copas trump, your whole hand trumps. The partner's as de bastos wins (fallar would
    # allow both cards), or the partner's 2c has cut the trick (pisar would allow both):
    # the exemption allows the same cards, and the exemption is what holds.
    for trick in ("1b,10b", "5b,2c,4b"):
        a = analyse_play(cards("7c,4c"), cards(trick), SUIT_LETTERS.index("c"),
                         find_rules("clasico", {"partner_exemption": True}))
        assert {str(c) for c in a.legal} == {"7c", "4c"}
        assert a.obligation == "companero"
        for lang, words in (("es", ("debes fallar", "debes pisar")),
                            ("en", ("must trump", "must overtrump"))):
            assert not any(w in explain(a, lang) for w in words), explain(a, lang)
    assert legal("7c,4c", "1b,10b", trump="c") == ({"7c", "4c"}, "fallar")
    assert legal("7c,4c", "5b,2c,4b", trump="c") == ({"7c", "4c"}, "pisar")


def test_partner_exemption_is_companero_when_void_with_neither_suit_nor_trump() -> None:
    assert legal("5e,7o", "1b,10b", trump="c", partner_exemption=True) == (
        {"5e", "7o"}, "companero")


def test_partner_exemption_does_not_apply_when_an_opponent_wins() -> None:
    # 10c partner, 12c opponent... here the opponent (last card) is winning.
    got, code = legal("3c,2c", "4c,10c,12c", partner_exemption=True)
    assert got == {"3c"}
    assert code == "montar"


def test_partner_exemption_only_with_partners() -> None:
    # Three players: nobody is a partner, the flag changes nothing.
    assert legal("3c,2c", "10c,12c", ruleset="a-tres", partner_exemption=True) == (
        {"3c"}, "montar")


# --------------------------------------------------------------- 8. two players, stock
def test_two_players_free_play_while_the_stock_lasts() -> None:
    got, code = legal("12c,4c,5b,1o,2e,3e,4e,5e", "10c", ruleset="a-dos", stock_left=10)
    assert got == {"12c", "4c", "5b", "1o", "2e", "3e", "4e", "5e"}
    assert code == "robo"


def test_two_players_arrastre_obligations_once_the_stock_is_empty() -> None:
    assert legal("12c,4c,5b", "10c", ruleset="a-dos", stock_left=0) == ({"12c"}, "montar")
    assert legal("2o,5b", "10c", ruleset="a-dos") == ({"2o"}, "fallar")


def test_two_players_game_switches_to_arrastre_after_the_last_draw() -> None:
    game = scripted_game("a-dos", dealer=1, hands={}, trump_card="5o", seed=4)
    codes = []
    while not game.finished:
        game.close_moment()
        codes.append((game.stock_left, game.analyse().obligation))
        game.play(game.legal_plays()[0])
    for stock_left, code in codes:
        if stock_left > 0:
            assert code in ("robo", "salida")
        else:
            assert code != "robo"
    assert sum(1 for s, _ in codes if s == 0) == 8 * 2  # the last 8 tricks


# ----------------------------------------------------------------- 9. trick winner
def test_trick_winner_is_the_highest_trump_when_trumped() -> None:
    assert trick_state([c.index for c in cards("1c,2o,3c,4o")], 0).winner_position == 3


def test_trick_winner_is_the_highest_card_of_the_suit_led_without_trumps() -> None:
    assert trick_state([c.index for c in cards("12c,3c,1b,11c")], 0).winner_position == 1


def test_a_card_of_a_third_suit_never_wins() -> None:
    assert trick_state([c.index for c in cards("2c,1b,1e,4c")], 0).winner_position == 3


def test_trick_winner_leads_the_next_trick() -> None:
    game = scripted_game("clasico", dealer=3, hands={0: "2b", 1: "1b", 2: "4b", 3: "5b"},
                         trump_card="7o")
    game.play(card("2b"))
    game.play(card("1b"))
    for _ in range(2):
        game.play(game.legal_plays()[0])
    assert game.tricks[0].winner == 1
    assert game.to_move == 1


# ----------------------------------------------------------------- renuncio
def test_renuncio_is_refused_with_its_reason() -> None:
    game = scripted_game("clasico", dealer=3, hands={0: "10c", 1: "12c,4c,5b"},
                         trump_card="7o")
    game.play(card("10c"))
    with pytest.raises(IllegalPlayError) as info:
        game.play(card("4c"))
    assert info.value.code == "renuncio"
    assert info.value.rule == "must_beat"
    assert "montar" in error_text(info.value, "es")
    assert game.to_move == 1 and len(game.trick) == 1  # nothing changed


def test_renuncio_in_referee_mode_loses_the_hand_for_the_offending_side() -> None:
    game = scripted_game("clasico", dealer=3, hands={0: "10c", 1: "12c,4c,5b"},
                         trump_card="7o")
    game.play(card("10c"))
    event = game.play(card("5b"), referee=True)
    assert not event.legal
    assert game.finished
    result = game.result()
    assert result.reason == "renuncio"
    assert result.winner == 0  # seat 1 (team 1) broke the rule


# ------------------------------------------------------------ docs/RULES.md examples
def test_example_sota_led_rey_and_cuatro_only_the_rey() -> None:
    assert legal("12c,4c", "10c") == ({"12c"}, "montar")


def test_example_as_led_only_the_cuatro_of_that_suit() -> None:
    assert legal("4c,5b,7e", "1c") == ({"4c"}, "asistir")


def test_example_cuatro_de_oros_played_must_overtrump_with_the_rey() -> None:
    assert legal("12o,2o,5b", "3c,4o") == ({"12o"}, "pisar")


def test_example_as_de_oros_played_only_the_dos_any_card() -> None:
    got, code = legal("2o,5b,7e", "3c,1o")
    assert got == {"2o", "5b", "7e"}
    assert code == "libre"


def test_example_cut_trick_either_copa_never_bastos() -> None:
    got, _ = legal("12c,4c,5b", "10c,2o")
    assert got == {"12c", "4c"}
    got, _ = legal("12c,4c,5b", "10c,2o", overtake_when_trumped=True)
    assert got == {"12c"}


def test_example_espadas_trump_caballo_must_beat_the_cinco() -> None:
    assert legal("11c,4c,1o", "5c", trump="e") == ({"11c"}, "montar")


def test_example_espadas_trump_void_in_copas_must_trump() -> None:
    got, code = legal("2e,5e,1o,3b", "5c,11c", trump="e")
    assert got == {"2e", "5e"}
    assert code == "fallar"


def test_example_espadas_trump_must_overtrump_the_dos_with_the_siete() -> None:
    assert legal("7e,1o,3b", "5c,11c,2e", trump="e") == ({"7e"}, "pisar")


def test_example_espadas_trump_as_already_played_anything() -> None:
    got, code = legal("7e,1o,3b", "5c,11c,1e", trump="e")
    assert got == {"7e", "1o", "3b"}
    assert code == "libre"


def test_guide_four_situations_table() -> None:
    table = [
        ("12c,4c", "10c", {"12c"}),
        ("4c,12b,5e", "1c", {"4c"}),
        ("12o,2o,5b", "5c,4o", {"12o"}),
        ("2o,5b,6e", "5c,1o", {"2o", "5b", "6e"}),
    ]
    for hand, trick, expected in table:
        assert legal(hand, trick)[0] == expected, (hand, trick)


def test_guide_quiz_sota_led_three_options() -> None:
    got, code = legal("12c,4c,5b", "10c")
    assert (got, code) == ({"12c"}, "montar")


def test_legal_cards_are_sorted_by_suit_then_strength() -> None:
    a = analyse_play(cards("5b,2o,1o,12o"), cards("3c"), 0, find_rules("clasico"))
    assert [str(c) for c in a.legal] == ["1o", "12o", "2o"]


# ----------------------------------------------------------------- refusal reasons
def test_every_refused_card_has_a_reason_and_a_sentence() -> None:
    a = analyse_play(cards("12c,4c,5b"), cards("10c"), 0, find_rules("clasico"))
    assert dict((str(c), r) for c, r in a.refused) == {"4c": "must_beat", "5b": "must_follow"}
    for refused, _ in a.refused:
        for lang in ("es", "en"):
            sentence = explain_refusal(a, refused, lang)
            assert refused.name(lang) in sentence


def test_refusal_naming_several_beating_cards_uses_a_plural_verb() -> None:
    many = analyse_play(cards("12c,3c,4c"), cards("10c"), 0, find_rules("clasico"))
    low = cards("4c")[0]
    assert "superan a la sota de copas" in explain_refusal(many, low, "es")
    assert "and the king of cups beat the jack of cups" in explain_refusal(many, low, "en")
    one = analyse_play(cards("12c,4c"), cards("10c"), 0, find_rules("clasico"))
    assert "supera a la sota de copas" in explain_refusal(one, low, "es")
    assert "the king of cups beats the jack of cups" in explain_refusal(one, low, "en")


def test_a_first_trump_takes_the_lead_for_now_rather_than_winning_the_trick() -> None:
    # Later players may still overtrump, so the sentence does not promise the trick.
    a = analyse_play(cards("2o,1o,5b"), cards("3c"), 0, find_rules("clasico"))
    assert a.obligation == "fallar"
    rule_es = explain(a, "es").split(". Ahora")[0]
    rule_en = explain(a, "en").split(". The trick")[0]
    assert "se pone por delante" in rule_es and "gana la baza" not in rule_es
    assert "takes the lead" in rule_en and "wins the trick" not in rule_en


# ----------------------------------------------------------------- properties
PLAYERS_OF = {"clasico": 4, "estricto": 4, "a-tres": 3, "a-dos": 2}


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], int, str, Mapping[str, bool],
                                          int]:
    ruleset = draw(st.sampled_from(sorted(PLAYERS_OF)))
    players = PLAYERS_OF[ruleset]
    pool = draw(st.permutations(deck(players)))
    trick_len = draw(st.integers(0, players - 1))
    hand_len = draw(st.integers(1, find_rules(ruleset).hand_size))
    flags = {name: draw(st.booleans()) for name in PLAY_FLAGS}
    trump = draw(st.integers(0, 3))
    stock_left = draw(st.sampled_from([0, 0, 8])) if players == 2 else 0
    if stock_left:
        hand_len = 8
    return (list(pool[:hand_len]), list(pool[hand_len:hand_len + trick_len]), trump, ruleset,
            flags, stock_left)


def reference_obligation(hand: list[Card], trick: list[Card], trump: int, rules: Any,
                         stock_left: int, a: Any) -> str:
    """The obligation code by the words of docs/RULES.md, "What you may play"."""
    if not trick:
        return "salida"
    if rules.has_stock and stock_left:
        return "robo"
    lead = trick[0].suit
    follow = [c for c in hand if c.suit == lead]
    trumps_on_table = [c for c in trick if c.suit == trump]
    partner_wins = rules.players == 4 and len(trick) >= 2 and \
        reference_winner(trick, trump) == len(trick) - 2
    assert a.exemption_applies == (rules.partner_exemption and partner_wins)
    if rules.partner_exemption and partner_wins:
        return "companero"  # in force whether or not it changes the legal cards
    if follow:
        # montar whenever the duty to beat is in force and you hold a card that beats
        high = max((c for c in trick if c.suit == lead), key=lambda c: c.strength)
        duty = not trumps_on_table or lead == trump or rules.overtake_when_trumped
        beats = any(c.strength > high.strength for c in follow)
        return "montar" if duty and beats else "asistir"
    own_trumps = [c for c in hand if c.suit == trump]
    if not own_trumps:
        return "libre"
    if not trumps_on_table:
        return "fallar"
    if any(c.strength > max(t.strength for t in trumps_on_table) for c in own_trumps):
        return "pisar"
    return "fallar" if rules.trump_when_cannot_overtrump else "libre"


@given(positions())
def test_legal_plays_match_the_words_of_the_rules(position: Any) -> None:
    hand, trick, trump, ruleset, flags, stock_left = position
    rules = find_rules(ruleset, flags)
    a = analyse_play(hand, trick, trump, rules, stock_left)
    expected = reference_legal(hand, trick, trump, rules, stock_left)
    assert set(a.legal) == expected
    assert set(a.legal) | {c for c, _ in a.refused} == set(hand)
    assert all(reason for _, reason in a.refused)
    if trick:
        assert a.winning == trick[reference_winner(trick, trump)]
    if not rules.partner_exemption and not (rules.has_stock and stock_left):
        lead = high = best = -1
        for c in trick:
            lead, high, best, _ = play_into_trick(c.index, lead, high, best, trump)
        got = legal_mask(mask(hand), lead, high, best, trump, rules.overtake_when_trumped,
                         rules.trump_when_cannot_overtrump)
        assert got == mask(expected)
    assert a.obligation == reference_obligation(hand, trick, trump, rules, stock_left, a)
    for lang in ("es", "en"):
        sentence = explain(a, lang)
        assert sentence and "{" not in sentence and "explain." not in sentence
        assert re.search(r"\bNone\b(?! of)", sentence) is None, sentence


def test_every_card_is_a_possible_lead() -> None:
    hand = list(CARDS[:10])
    assert legal_mask(mask(hand), -1, -1, -1, 0) == mask(hand)
