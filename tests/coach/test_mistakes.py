"""Each mistake kind on a position where it is true and on one where it is not.

Hands are short deals set up by hand (four players, trumps oros, seats Ana 0, Bruno 1,
Carmen 2, Diego 3; Ana and Carmen are partners, Bruno and Diego), played card by card;
the card under review is the one at position ``at`` of the plays, ``best`` the card the
measure found better there.
"""

from __future__ import annotations

import pytest

from tests.engine.helpers import scripted_game
from tute_tutor.coach.mistakes import (
    MISTAKE_KINDS,
    PREDICATES,
    Play,
    classify,
    mistake_of,
    play_in,
)
from tute_tutor.engine.cards import Card, mask_of, parse_cards, suit_from_letter
from tute_tutor.engine.game import Game, SeatView
from tute_tutor.engine.variants import find_rules


def _run(game: Game, plays: str, at: int) -> tuple[SeatView, Card]:
    """Play ``plays`` (cards, or ``sing:SEAT:SUIT``) on ``game``; the view and card at
    the ``at``-th card."""
    found: tuple[SeatView, Card] | None = None
    index = 0
    for token in plays.split(","):
        if token.startswith("sing:"):
            _, seat, suit = token.split(":")
            game.cante(int(seat), suit_from_letter(suit))
            continue
        game.close_moment()
        card = Card.parse(token)
        if index == at:
            seat = game.to_move
            assert seat is not None
            found = (game.view(seat), card)
        game.play(card)
        index += 1
    assert found is not None
    return found


def _play(hands: str, plays: str, at: int, best: str, dealer: int = 3) -> Play:
    masks = [mask_of(parse_cards(h)) for h in hands.split("/")]
    game = Game(find_rules("clasico"), dealer, masks, Card.parse("7o").index)
    view, card = _run(game, plays, at)
    return play_in(game, view, card, Card.parse(best))


PAIR = "12c,11c,5e/6e,4b,5b/7e,6b,7b/1e,2b,3b"
THREE = "1c,5e/2c,6e/4c,7e/3c,5c"
THREE_FOR_PARTNER = "4c,5e/1c,6e/2c,7e/3c,5c"
LAST = "4o,5c/5o,6c/6o,7c/2o,4b"
VOID = "4c,1e,7c,2b/4o,5e,5o,3b/5c,6e,6o,4b/6c,7e,7b,5b"
FED = "1c,5e/2c,6e/4c,7e/12c,5c"
LOAD = "4c,5e/1c,6e/2c,7e/3c,5c"

CASES: dict[str, tuple[Play, Play]] = {}


def _cases() -> dict[str, tuple[Play, Play]]:
    """For each kind: a play where it is true, one where it is not."""
    if CASES:
        return CASES
    early = scripted_game("a-dos", dealer=1, hands={0: "1c,4b,5e,6e,7e,2c,4c,5c"},
                          trump_card="7o")
    view, card = _run(early, "1c", 0)
    early_true = play_in(early, view, card, Card.parse("4b"))
    # two players, stock open: Bruno, last to play, lets the 4 de copas go with the 2 de
    # bastos when his 5 de copas took it
    free = scripted_game("a-dos", dealer=1, hands={0: "4c,6b,5e,6e,7e,2c,10c,11c",
                                                  1: "5c,2b,3b,4b,5b,2e,4e,1b"},
                         trump_card="7o")
    view, card = _run(free, "4c,2b", 1)
    missed = (play_in(free, view, card, Card.parse("5c")),
              play_in(free, view, card, Card.parse("3b")))
    # with no stock (four players) the as spent on the first lead is not "early"
    four = _play(THREE, "1c,2c,4c,3c", 0, "5e", dealer=3)
    CASES.update({
        "pair_broken": (_play(PAIR, "11c,6e,7e,1e", 0, "5e"),
                        _play(PAIR, "11c,6e,7e,1e", 0, "12c")),
        "three_on_opponent": (_play(THREE, "1c,2c,4c,3c", 3, "5c"),
                              _play(THREE_FOR_PARTNER, "4c,1c,2c,3c", 3, "5c")),
        "last_trick_lost": (_play(LAST, "2o,4o,5o,6o,7c,4b,5c,6c", 0, "4b", dealer=2),
                            _play(LAST, "4b,4o,5o,6o,7c,2o,5c,6c", 0, "2o", dealer=2)),
        "early_strong_two": (early_true, four),
        "led_into_void": (_play(VOID, "4c,4o,5c,6c,5e,6e,7e,1e,7c", 8, "2b"),
                          _play(VOID, "4c,4o,5c,6c,5e,6e,7e,1e,2b", 8, "7c")),
        "fed_opponent": (_play(FED, "1c,2c,4c,12c", 3, "5c"),
                         _play("4c,5e/1c,6e/2c,7e/12c,5c", "4c,1c,2c,12c", 3, "5c")),
        "partner_not_loaded": (_play(LOAD, "4c,1c,2c,5c", 3, "3c"),
                               _play("4c,5e/2c,6e/1c,7e/3c,5c", "4c,2c,1c,5c", 3, "3c")),
        "missed_trick": missed,
        "pair_held_dead": (
            _play(PAIR, "5e,6e,7e,1e,3b,11c,4b,6b,2b,12c,5b,7b", 0, "12c"),
            _play("12c,11c,5e/6e,4b,5b/1e,6b,7b/7e,2b,3b", "5e,6e,1e,7e,sing:0:c,6b", 0,
                  "12c")),
    })
    return CASES


@pytest.mark.parametrize("kind", [k for k in MISTAKE_KINDS if k != "other"])
def test_each_mistake_kind_holds_where_it_is_true_and_not_where_it_is_not(kind: str) -> None:
    true_case, false_case = _cases()[kind]
    assert PREDICATES[kind](true_case), kind  # type: ignore[index]
    assert not PREDICATES[kind](false_case), kind  # type: ignore[index]
    assert classify(true_case).kind == kind


def test_a_pair_broken_while_it_can_still_be_sung_is_named_with_its_suit() -> None:
    mistake = classify(_cases()["pair_broken"][0])
    assert (mistake.kind, str(mistake.card), mistake.suit) == ("pair_broken", "11c", 1)


def test_a_pair_already_sung_is_not_broken_by_playing_it() -> None:
    # Carmen wins the first trick, Ana sings copas; then Ana plays her caballo.
    hands = "12c,11c,5e,4e/6e,4b,5b,2e/1e,6b,7b,3e/7e,2b,3b,5c"
    play = _play(hands, "5e,6e,1e,7e,sing:0:c,6b,3b,11c,4b", 6, "4e")
    assert play.view.sung_suits == {1}
    assert not PREDICATES["pair_broken"](play)


def test_a_card_that_fits_no_kind_is_other() -> None:
    # Ana leads the 5 de espadas when the 4 was better: nothing to name.
    play = _play("5e,4e/6e,4b/7e,6b/1e,2b", "5e,6e,7e,1e", 0, "4e")
    assert classify(play).kind == "other"


def test_mistake_of_reads_the_trick_the_card_went_to() -> None:
    masks = [mask_of(parse_cards(h)) for h in THREE.split("/")]
    game = Game(find_rules("clasico"), 3, masks, Card.parse("7o").index)
    view, card = _run(game, "1c,2c,4c,3c", 3)
    mistake = mistake_of(game, view, card, Card.parse("5c"))
    assert mistake.kind == "three_on_opponent"
    assert play_in(game, view, card, Card.parse("5c")).trick == game.tricks[0]


class _ByPoints:
    """Rates each legal card at minus its points: the cheapest card is "best"."""

    def evaluate(self, view: SeatView, rng: object) -> list[tuple[Card, float]]:
        return [(card, -float(card.points)) for card in view.legal]


@pytest.mark.parametrize(("ruleset", "overrides"), [
    ("clasico", {}), ("clasico", {"partner_exemption": True}), ("a-tres", {}), ("a-dos", {})])
def test_every_costly_card_of_random_hands_is_named_by_a_kind_that_fits(
        ruleset: str, overrides: dict[str, object]) -> None:
    from tests.engine.helpers import random_game
    from tute_tutor.table.review import choice_costs

    named = 0
    for seed in range(12):
        game = random_game(ruleset, seed, overrides)
        if game.renuncio is not None:
            continue
        for cost in choice_costs(game, _ByPoints(), seat=0):
            mistake = cost.mistake
            assert mistake is not None and mistake.card == cost.card
            if mistake.kind == "other":
                continue
            named += 1
            trick = game.tricks[cost.trick - 1] if cost.trick <= len(game.tricks) else None
            lost = trick is not None and game.rules.team_of(trick.winner) != 0
            if mistake.kind == "three_on_opponent":
                assert cost.card.rank in (1, 3) and lost
            if mistake.kind == "fed_opponent":
                assert cost.card.points > cost.best.points and lost
            if mistake.kind == "pair_broken":
                assert cost.card.rank in (11, 12) and mistake.suit == cost.card.suit
            if mistake.kind == "pair_held_dead":
                assert cost.best.rank in (11, 12) and mistake.suit == cost.best.suit
    assert named
