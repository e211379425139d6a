"""The engine's history: one record of what happened, as self-contained data."""

from __future__ import annotations

import random

from tute_tutor.engine.game import Game, PassEvent, PlayEvent
from tute_tutor.engine.variants import find_rules

from .helpers import declare_randomly


def _whole_hand(ruleset: str, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.deal(find_rules(ruleset), rng=rng, dealer=seed % find_rules(ruleset).players)
    while not game.finished:
        if game.moment is not None:
            declare_randomly(game, rng, 0.9)
            if game.finished:
                break
        game.play(rng.choice(game.legal_plays()))
    return game


def test_the_history_tells_the_deal_every_card_every_trick_and_the_end() -> None:
    for ruleset in ("clasico", "a-tres", "a-dos"):
        game = _whole_hand(ruleset, 3)
        history = game.history
        assert history[0].kind == "deal" and history[0].seat == game.dealer
        assert history[0].card is not None and history[0].card.index == game.trump_card
        plays = [h for h in history if h.kind == "play"]
        events = [e for e in game.events if isinstance(e, PlayEvent)]
        assert [(h.seat, h.card) for h in plays] == [(e.seat, e.card) for e in events]
        assert all(h.analysis is not None and h.card in h.analysis.legal for h in plays)
        tricks = [h for h in history if h.kind == "trick"]
        assert [(h.trick, h.seat) for h in tricks] == [(t.number, t.winner)
                                                         for t in game.tricks]
        assert history[-1].kind == "end" and history[-1].result == game.result()
        if game.result().reason != "tute":
            assert tricks[-1].last and tricks[-1].points == game.tricks[-1].points + 10


def test_each_play_names_its_trick_and_each_declaration_the_trick_that_opened_it() -> None:
    game = _whole_hand("clasico", 8)
    for entry in game.history:
        if entry.kind == "play":
            trick = game.tricks[entry.trick - 1]
            assert entry.card in trick.cards
        elif entry.kind in ("cante", "pass", "swap", "tute"):
            assert 1 <= entry.trick <= len(game.tricks)
    sung = [(h.seat, h.suit, h.points, h.trick) for h in game.history if h.kind == "cante"]
    assert sung == [(c.seat, c.suit, c.points, c.after_trick) for c in game.cantes]


def test_two_player_draws_are_private_but_the_face_up_card_drawn_last_is_public() -> None:
    game = _whole_hand("a-dos", 5)
    draws = [h for h in game.history if h.kind == "draw"]
    assert len(draws) == len(game.initial_stock) + 1
    assert all(h.private == h.seat for h in draws[:-1])
    assert draws[-1].private is None  # the face-up card everybody saw
    assert not draws[0].seen_by(1 - draws[0].seat) and draws[0].seen_by(draws[0].seat)


def test_undo_and_a_copy_up_to_an_event_rebuild_the_same_history() -> None:
    game = _whole_hand("a-dos", 2)
    for count in (0, 5, len(game.events) // 2, len(game.events)):
        copy = game.replayed(count)
        assert copy.events == game.events[:count]
        assert copy.history == [h for h in game.history if h.event <= count][:len(copy.history)]
    passes = [h for h in game.history if h.kind == "pass"]
    assert len(passes) == sum(isinstance(e, PassEvent) for e in game.events)
    before = list(game.history)
    last = game.undo()
    game.apply(last)
    assert game.history == before
