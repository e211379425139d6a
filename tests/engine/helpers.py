"""Test helpers: scripted deals, random whole games and an independent rule checker.

``reference_legal`` re-states docs/RULES.md, "What you may play", on :class:`Card`
objects with lists and ``max``, without the bitmask core, so tests can compare the two.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tute_tutor.engine.cards import CARDS, Card, deck, parse_cards
from tute_tutor.engine.game import Game
from tute_tutor.engine.variants import Rules, find_rules


def cards(text: str) -> list[Card]:
    """``cards("12c,4c")`` -> the cards, in the order written."""
    return parse_cards(text)


def card(text: str) -> Card:
    return Card.parse(text)


def reference_legal(hand: Sequence[Card], trick: Sequence[Card], trump: int, rules: Rules,
                    stock_left: int = 0) -> set[Card]:
    """The legal cards by the words of docs/RULES.md, "What you may play" (no bitmasks, no core)."""
    if not trick:
        return set(hand)  # 1. salida
    if rules.players == 2 and stock_left > 0:
        return set(hand)  # 8. free play while the stock lasts
    lead = trick[0].suit
    trumps_on_table = [c for c in trick if c.suit == trump]
    cut = lead != trump and bool(trumps_on_table)
    if trumps_on_table:
        winning = max(trumps_on_table, key=lambda c: c.strength)
    else:
        winning = max((c for c in trick if c.suit == lead), key=lambda c: c.strength)
    winner_pos = list(trick).index(winning)
    partner_wins = rules.players == 4 and len(trick) >= 2 and winner_pos == len(trick) - 2
    follow = [c for c in hand if c.suit == lead]
    if rules.partner_exemption and partner_wins:
        return set(follow) or set(hand)  # 7. follow suit, nothing more
    if follow:  # 2. asistir
        high = max(c.strength for c in trick if c.suit == lead)
        if cut and not rules.overtake_when_trumped:
            return set(follow)
        above = [c for c in follow if c.strength > high]  # 3. montar
        return set(above) or set(follow)
    own_trumps = [c for c in hand if c.suit == trump]
    if not own_trumps:
        return set(hand)  # 6. libre
    if not trumps_on_table:
        return set(own_trumps)  # 4. fallar
    top = max(c.strength for c in trumps_on_table)
    over = [c for c in own_trumps if c.strength > top]
    if over:
        return set(over)  # 5. pisar
    return set(own_trumps) if rules.trump_when_cannot_overtrump else set(hand)


def reference_winner(trick: Sequence[Card], trump: int) -> int:
    """Position in ``trick`` of the winning card (docs/RULES.md, "Who wins a trick")."""
    trumps = [c for c in trick if c.suit == trump]
    pool = trumps or [c for c in trick if c.suit == trick[0].suit]
    best = max(pool, key=lambda c: c.strength)
    return list(trick).index(best)


def mask(cs: Iterable[Card]) -> int:
    out = 0
    for c in cs:
        out |= c.bit
    return out


def scripted_game(ruleset: str, *, dealer: int, hands: Mapping[int, str], trump_card: str,
                  stock: str = "", overrides: Mapping[str, Any] | None = None,
                  seed: int = 0) -> Game:
    """A Game built directly from hands; cards not given are shuffled into the others.

    In 3 and 4 players the trump card is put in the dealer's hand; in 2 players it is
    the face-up card and ``stock`` (top first) is completed to 23 cards.
    """
    rules = find_rules(ruleset, overrides)
    players = rules.players
    fixed = {seat: cards(text) for seat, text in hands.items()}
    trump = card(trump_card)
    stock_cards = cards(stock)
    given = [c for cs in fixed.values() for c in cs] + stock_cards
    assert len(set(given)) == len(given), "a card is given twice"
    used = set(given) | {trump}
    rest = [c for c in deck(players) if c not in used]
    random.Random(seed).shuffle(rest)
    full: list[list[Card]] = []
    for seat in range(players):
        own = list(fixed.get(seat, []))
        if players != 2 and seat == dealer and trump not in own:
            own.append(trump)
        while len(own) < rules.hand_size:
            own.append(rest.pop())
        assert len(own) == rules.hand_size, f"seat {seat} holds too many cards"
        full.append(own)
    if players == 2:
        stock_cards += rest
        rest = []
        assert len(stock_cards) == 23
    assert not rest, "cards left over"
    return Game(rules, dealer, [mask(h) for h in full], trump.index,
                [c.index for c in stock_cards])


def declare_randomly(game: Game, rng: random.Random, eager: float = 0.8) -> None:
    """In an open moment, the seats the engine asks, in its order, take the tute, swaps and
    cantes on offer at random, or pass."""
    while not game.finished and (seat := game.declarer) is not None:
        if game.can_tute(seat) and rng.random() < eager:
            game.declare_tute(seat)
            return
        if game.can_swap(seat) and rng.random() < eager:
            game.swap(seat)
            continue
        suits = game.declarable_cantes(seat)
        if suits and rng.random() < eager:
            game.cante(seat, rng.choice(suits))
            continue
        game.pass_turn(seat)


Check = Callable[[Game], None]


def random_game(ruleset: str, seed: int, overrides: Mapping[str, Any] | None = None, *,
                check: Check | None = None, eager: float = 0.8) -> Game:
    """A whole hand of random legal cards with random cantes, tute and swaps."""
    rng = random.Random(seed)
    rules = find_rules(ruleset, overrides)
    game = Game.deal(rules, rng=rng, dealer=rng.randrange(rules.players),
                     first_hand=rng.random() < 0.3)
    while not game.finished:
        if game.moment is not None:
            declare_randomly(game, rng, eager)
            if game.finished:
                break
            game.close_moment()
        if check is not None:
            check(game)
        game.play(rng.choice(game.legal_plays()))
    return game


def all_codes(players: int = 4) -> list[str]:
    return [str(c) for c in deck(players)]


__all__ = ["CARDS", "all_codes", "card", "cards", "random_game", "reference_legal",
           "reference_winner", "scripted_game"]
