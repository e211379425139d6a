"""Checks shared by the random whole-game tests (every preset, thousands of hands)."""

from __future__ import annotations

from tute_tutor.engine.cards import Card, deck
from tute_tutor.engine.game import Game
from tute_tutor.engine.tricks import exempt_mask, legal_mask, play_into_trick
from tute_tutor.formats.record import replay, summary

from .helpers import mask, random_game, reference_legal, reference_winner


def check_position(game: Game) -> None:
    """The legal plays offered equal the rule book's and the bitmask core's answers."""
    seat = game.to_move
    assert seat is not None
    rules = game.rules
    hand = game.hand(seat)
    trick = game.trick_cards
    expected = reference_legal(hand, trick, game.trump, rules, game.stock_left)
    offered = set(game.legal_plays())
    assert offered == expected, (hand, trick, game.trump)
    if not trick or (rules.has_stock and game.stock_left):
        core = mask(hand)
    else:
        lead = high = best = -1
        position = -1
        for i, c in enumerate(trick):
            lead, high, best, wins = play_into_trick(c.index, lead, high, best, game.trump)
            if wins:
                position = i
        core = legal_mask(mask(hand), lead, high, best, game.trump,
                          rules.overtake_when_trumped, rules.trump_when_cannot_overtrump)
        partner = rules.has_teams and len(trick) >= 2 and position == len(trick) - 2
        if rules.partner_exemption and partner:
            core = exempt_mask(mask(hand), lead)
    assert core == mask(expected)


def check_finished_game(game: Game) -> None:
    """Every card once, 120 card points, 130 + cantes, scores and replay consistent."""
    rules = game.rules
    players = rules.players
    assert game.finished
    played: list[Card] = [c for t in game.tricks for c in t.cards]
    assert len(set(played)) == len(played)
    full = game.tute is None
    if full:
        assert sorted(c.index for c in played) == sorted(c.index for c in deck(players))
        assert len(game.tricks) == rules.tricks_per_hand
        assert sum(t.points for t in game.tricks) == 120
    leader = (game.dealer + 1) % players
    for trick in game.tricks:
        assert trick.leader == leader
        assert trick.points == sum(c.points for c in trick.cards)
        assert trick.winner == (trick.leader + reference_winner(trick.cards, game.trump)) % players
        leader = trick.winner
    suits = [c.suit for c in game.cantes]
    assert len(suits) == len(set(suits))
    for cante in game.cantes:
        assert cante.points == (40 if cante.suit == game.trump else 20)
        if rules.has_stock:
            assert cante.after_trick <= 12  # only while the stock lasts
    result = game.result()
    sides = rules.sides
    cards = [0] * sides
    for trick in game.tricks:
        cards[rules.team_of(trick.winner)] += trick.points
    cantes = [0] * sides
    for cante in game.cantes:
        cantes[rules.team_of(cante.seat)] += cante.points
    assert list(result.card_points) == cards
    assert list(result.cante_points) == cantes
    if full:
        last = rules.team_of(game.tricks[-1].winner)
        assert result.last_trick == last
        assert sum(result.totals) == 130 + sum(cantes)
        top = max(result.totals)
        leaders = [s for s in range(sides) if result.totals[s] == top]
        if len(leaders) == 1:
            assert result.winner == leaders[0] and result.reason == "points"
        else:
            assert result.reason == "tie_last_trick" and result.winner in leaders
            if last in leaders:
                assert result.winner == last
    else:
        assert game.tute is not None
        assert result.reason == "tute"
        assert result.winner == rules.team_of(game.tute.seat)
        assert result.margin == 130
    again = replay(game.to_record())
    assert again == summary(game)


def run_random_games(ruleset: str, seeds: range, overrides: dict[str, object] | None = None
                     ) -> dict[str, int]:
    """Play and check one random hand per seed; counts of what happened."""
    seen = {"hands": 0, "tutes": 0, "cantes": 0, "swaps": 0, "ties": 0}
    for seed in seeds:
        game = random_game(ruleset, seed, overrides, check=check_position)
        check_finished_game(game)
        seen["hands"] += 1
        seen["tutes"] += game.tute is not None
        seen["cantes"] += len(game.cantes)
        seen["swaps"] += len(game.swaps)
        seen["ties"] += game.result().reason == "tie_last_trick"
    return seen
