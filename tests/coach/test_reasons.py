"""Every reason the coach gives is true of its position, checked by this file's own code.

The walk plays whole seeded hands with computers of levels 1 to 4 at every seat, in every
kind of table (four players, four with the partner exemption, three, two), and at each
card and declaration asks the coach why. The checker below re-states each reason kind
from the game itself (the real hands, not the seat's view): the cards the seat has not
seen are the other hands and the stock, a trick's winner is
:func:`tests.engine.helpers.reference_winner`, the legal cards
:func:`tests.engine.helpers.reference_legal`. A reason's main kind must be the one kind
of :data:`PLAY_KINDS` that is true of the card (so it is also false wherever it is not
given), and its other facts exactly the keep kinds that are true.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.engine.helpers import reference_legal, reference_winner
from tute_tutor.ai import get_player
from tute_tutor.ai.base import Decision, Player, apply_action
from tute_tutor.ai.levels import ExpertPlayer
from tute_tutor.coach.reasons import (
    DECLARATION_KINDS,
    KEEP_KINDS,
    KEEP_TRUMP_HAND,
    PLAY_KINDS,
    Reason,
    declaration_reasons,
    reason_for,
)
from tute_tutor.engine.cards import CARDS, Card, deck, mask_of, parse_cards
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import OBLIGATIONS
from tute_tutor.engine.variants import find_rules

TABLES: list[tuple[str, dict[str, Any]]] = [
    ("clasico", {}), ("clasico", {"partner_exemption": True}), ("a-tres", {}), ("a-dos", {}),
]


# --------------------------------------------------------------------------- the checker
def beats(card: Card, other: Card, trump: int) -> bool:
    """``card`` beats ``other`` whatever was led."""
    if card.suit == other.suit:
        return card.strength > other.strength
    return card.suit == trump


def unseen(game: Game, seat: int) -> list[Card]:
    """What ``seat`` has not seen: the other hands and the stock but its face-up card
    (and, in a position set up with short hands, the cards dealt to nobody)."""
    out = [c for other in range(game.players) if other != seat for c in game.hand(other)]
    out += [CARDS[i] for i in game.draw_pile[:-1]]
    dealt = {c for h in range(game.players) for c in game.hand(h)} | {
        CARDS[i] for i in game.draw_pile} | {c for t in game.tricks for c in t.cards} | set(
        game.trick_cards)
    out += [c for c in deck(game.players) if c not in dealt]
    return out


def wins(game: Game, card: Card) -> bool:
    trick = [*game.trick_cards, card]
    return reference_winner(trick, game.trump) == len(trick) - 1


@dataclass
class Position:
    """The game just before ``seat`` plays, read by the checker."""

    game: Game
    seat: int

    @property
    def legal(self) -> list[Card]:
        game = self.game
        return sorted(reference_legal(game.hand(self.seat), game.trick_cards, game.trump,
                                      game.rules, game.stock_left), key=lambda c: c.index)

    @property
    def last(self) -> bool:
        return len(self.game.trick) == self.game.players - 1

    def out_beats(self, card: Card) -> bool:
        return any(beats(c, card, self.game.trump) for c in unseen(self.game, self.seat))

    def partner_card(self) -> Card | None:
        game = self.game
        if game.players != 4 or not game.trick:
            return None
        position = reference_winner(game.trick_cards, game.trump)
        seats = game.trick_seats()
        return game.trick_cards[position] if seats[position] == (self.seat + 2) % 4 else None


def true_play_kinds(p: Position, card: Card) -> set[str]:
    """Every play kind that is true of ``card`` here (the definitions, written again)."""
    game, legal, trump = p.game, p.legal, p.game.trump
    true: set[str] = set()
    if len(legal) == 1:
        return {"forced"}
    if not game.trick:
        out = unseen(game, p.seat)
        trumps_out = [c for c in out if c.suit == trump]
        higher = [c for c in out if c.suit == card.suit and c.strength > card.strength]
        if card.suit == trump and trumps_out:
            true.add("draws_trumps")
        elif not higher:
            true.add("leads_master")
        elif card.points < 10:
            true.add("leads_low")
        else:
            true.add("leads")
        return true
    winners = [c for c in legal if wins(game, c)]
    cheapest = card.points == min(c.points for c in legal)
    if card in winners:
        if p.last:
            true.add("takes_last")
        elif not p.out_beats(card):
            true.add("takes_master")
        elif card.points == min(c.points for c in winners):
            true.add("takes_cheapest")
        else:
            true.add("takes")
        return true
    partner = p.partner_card()
    if partner is not None:
        if card.points == 0:
            true.add("under_partner")
        elif p.last or not p.out_beats(partner):
            true.add("feeds_safe")
        else:
            true.add("feeds")
    elif not winners:
        true.add("throws_cheapest" if cheapest else "throws")
    else:
        true.add("ducks" if cheapest else "plays")
    return true


def true_keep_kinds(p: Position, card: Card, main: str) -> Counter[str]:
    game, legal, trump = p.game, p.legal, p.game.trump
    hand = game.hand(p.seat)
    true: Counter[str] = Counter()
    if len(legal) == 1:
        return true
    winners = [c for c in legal if wins(game, c)]
    if main in ("takes_last", "takes_master") and len(winners) > 1 and all(
            card.points < c.points for c in winners if c != card):
        true["cheapest_winner"] += 1
    if (card.suit != trump and len(hand) <= KEEP_TRUMP_HAND
            and any(c.suit == trump and c != card for c in hand)
            and any(c.suit == trump for c in legal)):
        true["keeps_trump"] += 1
    if not (game.rules.has_stock and game.stock_left == 0):
        for suit in range(4):
            pair = {CARDS[10 * suit + 7], CARDS[10 * suit + 6]}
            if (suit not in game.sung_suits and pair <= set(hand) and card not in pair
                    and pair & set(legal)):
                true["keeps_pair"] += 1
    return true


def check_play_reason(p: Position, decision: Decision, reason: Reason) -> None:
    game, card = p.game, decision.card
    assert reason.card == card and reason.seat == p.seat
    main = reason.facts[0]
    assert main.kind in PLAY_KINDS
    assert true_play_kinds(p, card) == {main.kind}, (main, game.to_record())
    keeps = Counter(f.kind for f in reason.facts[1:])
    assert set(keeps) <= set(KEEP_KINDS)
    assert keeps == true_keep_kinds(p, card, main.kind), (reason, game.to_record())
    hand, trump = game.hand(p.seat), game.trump
    # the facts' named cards are the ones the definitions speak of
    if main.kind == "forced":
        assert main.code in OBLIGATIONS
        if not game.trick:
            assert main.code == "salida"
        else:
            lead = game.trick_cards[0].suit
            if main.code in ("asistir", "montar"):
                assert card.suit == lead
            elif main.code == "companero":
                assert card.suit == lead or not any(c.suit == lead for c in hand)
            elif main.code in ("fallar", "pisar"):
                assert card.suit == trump != lead
    if main.kind == "draws_trumps":
        assert main.count == sum(1 for c in unseen(game, p.seat) if c.suit == trump)
    if main.kind in ("leads_low", "leads"):
        named = main.card
        assert named is not None and named in unseen(game, p.seat)
        assert named.suit == card.suit and named.strength > card.strength
        assert named.strength == max(c.strength for c in unseen(game, p.seat)
                                     if c.suit == card.suit)
    if main.kind in ("feeds_safe", "feeds", "under_partner"):
        assert main.card == p.partner_card() and main.card is not None
        assert not wins(game, card)
    for fact in reason.facts[1:]:
        if fact.kind == "keeps_trump":
            kept = [c for c in hand if c.suit == trump and c != card]
            assert fact.card == max(kept, key=lambda c: c.strength)
        if fact.kind == "keeps_pair":
            assert fact.suit is not None and fact.card == CARDS[10 * fact.suit + 7]
    edge = reason.edge
    others = [(c, v) for c, v in decision.values if c != card]
    if not others:
        assert edge is None
    else:
        assert edge is not None
        best_other = max(v for _, v in others)
        own = decision.value_of(card)
        assert own is not None
        assert edge.margin == round(own - best_other, 1)
        assert decision.value_of(edge.runner_up) == best_other
        assert edge.runner_up in p.legal and edge.runner_up != card
        assert edge.basis == decision.basis


def check_declaration(game: Game, seat: int, reason: Reason) -> None:
    fact = reason.facts[0]
    assert fact.kind in DECLARATION_KINDS and reason.card is None
    hand = game.hand(seat)
    if fact.kind in ("sings_forty", "sings_twenty"):
        assert fact.suit is not None and game.can_cante(seat, fact.suit)
        assert {CARDS[10 * fact.suit + 7], CARDS[10 * fact.suit + 6]} <= set(hand)
        assert (fact.suit == game.trump) == (fact.kind == "sings_forty")
    elif fact.kind == "declares_tute":
        assert game.can_tute(seat)
        strength = 7 if fact.code == "reyes" else 6
        assert all(CARDS[10 * s + strength] in hand for s in range(4))
    else:
        assert game.can_swap(seat) and fact.card == game.face_up


# --------------------------------------------------------------------------- the walk
def _player(level: int) -> Player:
    if level == 4:  # fewer worlds than at the table: the same code path, faster
        expert = ExpertPlayer()
        expert.worlds, expert.pool = 3, 3
        return expert
    return get_player(level)


def walk(ruleset: str, overrides: dict[str, Any], level: int, seeds: range,
         limit: int = 10_000) -> Iterator[tuple[str, str]]:
    """Play the hands, check every reason; yield (main kind, each keep kind) given."""
    player = _player(level)
    done = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = Game.deal(find_rules(ruleset, overrides), rng=rng, dealer=seed % 4 % (
            2 if ruleset == "a-dos" else 3 if ruleset == "a-tres" else 4))
        while not game.finished and done < limit:
            if game.moment is not None:
                for step in range(game.players):
                    seat = (game.moment.winner + step) % game.players
                    for _ in range(4):
                        if game.finished or game.moment is None:
                            break
                        view = game.view(seat)
                        actions = player.declarations(view, rng)
                        if not actions:
                            break
                        for reason in declaration_reasons(view, actions):
                            check_declaration(game, seat, reason)
                            yield reason.kind, ""
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
            check_play_reason(Position(game, seat), decision, reason)
            done += 1
            yield reason.kind, ",".join(f.kind for f in reason.facts[1:])
            edge = reason.edge
            if edge is not None:
                yield f"edge:{edge.basis}:{'more' if edge.margin >= 1 else 'equal'}", ""
            game.play(decision.card)


@pytest.mark.parametrize(("ruleset", "overrides"), TABLES,
                         ids=["clasico", "partner_exemption", "a-tres", "a-dos"])
def test_every_reason_given_at_levels_1_to_3_is_true_of_its_position(
        ruleset: str, overrides: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for level, seeds in ((1, range(12)), (2, range(12)), (3, range(5))):
        for kind, keeps in walk(ruleset, overrides, level, seeds):
            seen[kind] += 1
            for keep in filter(None, keeps.split(",")):
                seen[keep] += 1
    assert sum(seen.values()) > 500
    assert {"forced", "takes_last", "throws_cheapest", "leads_low"} <= set(seen)


def test_every_reason_given_at_level_4_is_true_of_its_position() -> None:
    seen: Counter[str] = Counter()
    for ruleset, overrides in TABLES:
        for kind, _ in walk(ruleset, overrides, 4, range(100, 102), limit=50):
            seen[kind] += 1
    assert {"edge:playouts:more", "edge:exact:more"} <= set(seen)


def test_every_reason_kind_is_given_somewhere_in_the_walk() -> None:
    seen: set[str] = set()
    for ruleset, overrides in TABLES:
        for kind, keeps in walk(ruleset, overrides, 1, range(30, 45)):
            seen.add(kind)
            seen.update(filter(None, keeps.split(",")))
        for kind, keeps in walk(ruleset, overrides, 3, range(30, 33)):
            seen.add(kind)
            seen.update(filter(None, keeps.split(",")))
    missing = set(PLAY_KINDS + KEEP_KINDS) - seen
    assert not missing
    assert {"sings_forty", "sings_twenty", "swaps"} <= seen


# --------------------------------------------------------------------------- named positions
def _reason(hands: str, trump: str, plays: str, card: str,
            values: tuple[tuple[str, float], ...] = (), dealer: int = 3,
            ruleset: str = "clasico") -> tuple[Reason, Position]:
    """The reason for ``card`` after ``plays`` in a hand dealt as ``hands`` (one group of
    cards a seat, ``/`` between seats), checked by the checker above."""
    rules = find_rules(ruleset)
    masks = [mask_of(parse_cards(h)) for h in hands.split("/")]
    game = Game(rules, dealer, masks, Card.parse(trump).index)
    for code in filter(None, plays.split(",")):
        game.play(Card.parse(code))
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    rated = tuple((Card.parse(c), v) for c, v in values)
    decision = Decision(Card.parse(card), "playouts" if rated else "rules", rated,
                        24 if rated else 0)
    reason = reason_for(view, decision)
    position = Position(game, seat)
    check_play_reason(position, decision, reason)
    return reason, position


def test_a_partner_winning_safely_is_fed_the_three() -> None:
    # Trumps oros. Ana (0) leads the 4 de copas, Bruno (1) the as, Carmen the 2: Diego,
    # last to play, gives his partner Bruno the tres de copas on a trick he wins.
    reason, _ = _reason("4c,4e/1c,5e/2c,6e/3c,5c", "7o", "4c,1c,2c", "3c")
    assert reason.kind == "feeds_safe" and reason.facts[0].card == Card.parse("1c")


def test_a_partner_winning_for_now_is_fed_but_not_safely() -> None:
    # Bruno (1) leads the rey de copas, Carmen plays the 2, Diego gives his partner the
    # sota while Ana, still to play, may hold the as.
    reason, position = _reason("1c,4e/12c,5e/2c,6e/10c,6c", "7o", "12c,2c", "10c", dealer=0)
    assert position.seat == 3 and reason.kind == "feeds"


def test_a_card_on_the_opponents_trick_is_no_gift_to_a_partner() -> None:
    # Carmen's as is winning: Diego cannot beat it and throws his cheapest copa.
    reason, position = _reason("4c,4e/2c,5e/1c,6e/3c,5c", "7o", "4c,2c,1c", "5c")
    assert position.partner_card() is None
    assert reason.kind == "throws_cheapest"


def test_a_low_lead_names_the_top_card_still_out() -> None:
    reason, _ = _reason("2c,3c,5b/1c,4b,5e/6e,7e,4o/4c,6b,7b", "7o", "", "2c")
    assert reason.kind == "leads_low" and reason.facts[0].card == Card.parse("1c")


def test_a_lead_with_nothing_higher_out_is_master_and_not_low() -> None:
    reason, _ = _reason("1c,2c,5b/3c,4b,5e/6e,7e,4o/4c,6b,7b", "7o", "", "1c")
    assert reason.kind == "leads_master"


def test_the_three_of_trumps_kept_for_the_last_tricks() -> None:
    # Diego leads with three cards left: the 2 de bastos, keeping the 3 de oros.
    reason, _ = _reason("4c,5e,6c/1c,6e,7e/7c,4e,5c/3o,2b,5b", "7o", "", "2b", dealer=2)
    assert [f.kind for f in reason.facts][1:] == ["keeps_trump"]
    assert reason.facts[1].card == Card.parse("3o")


def test_a_trump_lead_draws_the_trumps_still_out() -> None:
    reason, _ = _reason("4c,5e,6c/1c,6e,4o/7c,4e,5c/3o,2b,5b", "7o", "", "3o", dealer=2)
    assert reason.kind == "draws_trumps" and reason.facts[0].count == 9  # every other oro


def test_a_rated_choice_gives_its_margin_over_the_next_best_card() -> None:
    reason, _ = _reason("2c,3c,5b/1c,4b,5e/6e,7e,4o/4c,6b,7b", "7o", "", "2c",
                        values=(("2c", 30.0), ("5b", 24.0), ("3c", 20.5)))
    assert reason.edge is not None
    assert (reason.edge.margin, str(reason.edge.runner_up)) == (6.0, "5b")
