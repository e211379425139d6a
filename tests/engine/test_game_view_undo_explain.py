"""A seat's view hides the other hands; undo takes back the last action; explanations
exist in both languages for every obligation."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import CARDS, Card, cards_of, deck
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import CanteEvent, Game, PlayEvent
from tute_tutor.engine.legal import OBLIGATIONS, analyse_play
from tute_tutor.engine.variants import find_rules
from tute_tutor.words.errors import error_text
from tute_tutor.words.explain import describe_play, explain, explain_refusal

from .helpers import card, cards, declare_randomly, random_game


def public_cards(game: Game) -> set[Card]:
    """Cards every player may know: played ones, the trump card while the dealer keeps it,
    sung pairs, swapped cards and the face-up card."""
    out = {c for t in game.tricks for c in t.cards} | set(game.trick_cards)
    out.add(CARDS[game.trump_card])
    for cante in game.cantes:
        out |= {CARDS[cante.suit * 10 + 7], CARDS[cante.suit * 10 + 6]}
    for swap in game.swaps:
        out |= {swap.given, swap.taken}
    return out


@given(st.sampled_from(["clasico", "a-tres", "a-dos"]), st.integers(0, 2000),
       st.integers(0, 30))
def test_a_seat_view_never_shows_another_hand(ruleset: str, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    game = Game.deal(ruleset, rng=rng)
    for _ in range(steps):
        if game.finished:
            break
        if game.moment is not None:
            declare_randomly(game, rng)
            if game.finished:
                break
        game.play(rng.choice(game.legal_plays()))
    public = public_cards(game)
    for seat in range(game.players):
        view = game.view(seat)
        own = set(game.hand(seat))
        shown = set(view.hand) | set(view.trick) | {c for t in view.tricks for c in t.cards}
        for known in view.known:
            shown |= set(cards_of(known))
        if view.face_up is not None:
            shown.add(view.face_up)
        assert shown <= own | public
        assert set(view.hand) == own
        assert view.hand_sizes == tuple(len(game.hand(s)) for s in range(game.players))
        everything = {c.index for c in deck(game.players)}
        unseen = {i for i in everything if view.unseen_mask() >> i & 1}
        seen = {c.index for c in own} | {c.index for t in game.tricks for c in t.cards} | {
            c.index for c in game.trick_cards}
        if view.face_up is not None:
            seen.add(view.face_up.index)
        assert unseen == everything - seen
        if seat == game.to_move and not (game.moment and game.stock_left):
            assert set(view.legal) == set(game.legal_plays())
        elif seat != game.to_move:
            assert view.legal == ()


def test_undo_takes_back_a_play() -> None:
    game = Game.deal("clasico", seed=12, dealer=0)
    before = game.to_record()
    hand = game.hand(1)
    event = game.play(game.legal_plays()[-1])
    assert isinstance(event, PlayEvent)
    assert game.undo() == event
    assert game.to_record() == before and game.hand(1) == hand and game.to_move == 1


def test_undo_takes_back_a_cante_and_a_finished_hand() -> None:
    for seed in range(400):
        game = random_game("clasico", seed)
        if game.cantes:
            break
    else:
        raise AssertionError("no cante in 400 hands")
    index = next(i for i, e in enumerate(game.events) if isinstance(e, CanteEvent))
    game.undo_to(index + 1)
    assert len(game.cantes) == sum(1 for e in game.events if isinstance(e, CanteEvent))
    assert not game.finished
    taken = game.undo()
    assert isinstance(taken, CanteEvent)
    assert taken.suit not in game.sung_suits
    assert game.moment is not None  # the moment is open again: the cante can be redone
    game.cante(taken.seat, taken.suit)


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(TuteError):
        Game.deal("clasico", seed=1).undo()


def test_every_obligation_is_explained_in_both_languages() -> None:
    cases = {
        "salida": ("clasico", "12c,4c", "", 0),
        "asistir": ("clasico", "4c,5b", "1c", 0),
        "montar": ("clasico", "12c,4c,5b", "10c", 0),
        "fallar": ("clasico", "2o,5b", "3c", 0),
        "pisar": ("clasico", "12o,2o", "3c,4o", 0),
        "libre": ("clasico", "5b,4e", "3c", 0),
        "companero": ("clasico", "3c,2c", "10c,12c,4c", 0),
        "robo": ("a-dos", "1c,2c,3c,4c,5c,6c,7c,1o", "10e", 10),
    }
    assert set(cases) == set(OBLIGATIONS)
    for code, (ruleset, hand, trick, stock) in cases.items():
        flags = {"partner_exemption": True} if code == "companero" else None
        a = analyse_play(cards(hand), cards(trick), 0, find_rules(ruleset, flags), stock)
        assert a.obligation == code
        es, en = explain(a, "es"), explain(a, "en")
        assert es and en and es != en
        assert " a el " not in es and " de el " not in es
        for c in a.legal:
            assert describe_play("Ana", a, c, "es").startswith("Ana")
            assert describe_play("Ana", a, c, "en").startswith("Ana")
        for c, _ in a.refused:
            assert "No puedes jugar" in explain_refusal(a, c, "es")
            assert "You cannot play" in explain_refusal(a, c, "en")
            assert "Renuncio" in describe_play("Ana", a, c, "en")


def test_explanation_names_who_is_winning() -> None:
    partner = analyse_play(cards("3c"), cards("4c,1c,5c"), 0, find_rules("clasico"))
    assert "compañero" in explain(partner, "es") and "partner" in explain(partner, "en")
    rival = analyse_play(cards("3c"), cards("4c,1c"), 0, find_rules("clasico"))
    assert "rival" in explain(rival, "es") and "opponent" in explain(rival, "en")


def test_cut_trick_explanation_says_no_need_to_beat() -> None:
    a = analyse_play(cards("12c,4c"), cards("10c,2o"), 0, find_rules("clasico"))
    assert "fallada" in explain(a, "es") and "trumped" in explain(a, "en")
    none_beats = analyse_play(cards("4c,5c"), cards("10c,2o"), 0, find_rules("clasico"))
    assert "Ninguna" in explain(none_beats, "es")


def test_game_refusal_messages_come_in_both_languages() -> None:
    game = Game.deal("clasico", seed=3)
    for _ in range(40):
        analysis = game.analyse()
        wrong = [c for c in analysis.hand if c not in analysis.legal]
        if wrong:
            with pytest.raises(TuteError) as info:
                game.play(wrong[0])
            error = info.value
            assert error.message.startswith("You cannot play")
            assert error_text(error, "es").startswith("No puedes jugar")
            assert error_text(error, "en") == error.message
            return
        game.play(analysis.legal[0])
    raise AssertionError("no refusal found")


def test_play_of_a_card_held_by_someone_else_is_not_in_hand() -> None:
    game = Game.deal("clasico", seed=3, dealer=3)
    other = game.hand(2)[0]
    with pytest.raises(TuteError) as info:
        game.play(other)
    assert info.value.code == "not_in_hand"
    assert card(str(other)) not in game.hand(0)
