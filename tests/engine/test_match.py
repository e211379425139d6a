"""Matches (docs/RULES.md, "The match" and "Presets"): every match mode and the next-dealer rule."""

from __future__ import annotations

import random

import pytest

from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.engine.match import Match, MatchError
from tute_tutor.engine.variants import Rules, find_rules

from .helpers import declare_randomly


def play_hand(game: Game, rng: random.Random) -> None:
    while not game.finished:
        if game.moment is not None:
            declare_randomly(game, rng, 0.9)
            if game.finished:
                return
        game.play(rng.choice(game.legal_plays()))


def play_match(match: Match, seed: int, limit: int = 60) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        play_hand(match.current, rng)
        match.finish_hand()
        if match.finished:
            return
        match.next_hand()
    raise AssertionError("the match did not end")


def expected_points(rules: Rules, reason: str, winner_total: int) -> int:
    """Match points of a won hand, from the words of docs/RULES.md, "The match"."""
    kind = rules.match.split(":")[0]
    if reason == "tute":
        return rules.tute_award if isinstance(rules.tute_award, int) else 1
    if kind == "ludoteka":
        return 2 if winner_total > 100 else 1
    return 1


@pytest.mark.parametrize(("ruleset", "target"), [("clasico", 3), ("las40", 3),
                                                 ("ludoteka", 6), ("a-tres", 3)])
def test_match_ends_when_a_side_reaches_the_target(ruleset: str, target: int) -> None:
    for seed in range(12):
        match = Match.new(ruleset, seed=seed)
        play_match(match, seed)
        rules = match.rules
        scores = [0] * rules.sides
        for outcome in match.hands:
            result = outcome.result
            scores[result.winner] += expected_points(rules, result.reason,
                                                     result.totals[result.winner])
        assert list(match.scores) == scores
        assert match.finished and match.winner is not None
        assert scores[match.winner] >= target
        before = [s - p for s, p in zip(scores, match.hands[-1].points, strict=True)]
        assert max(before) < target  # nobody had reached it before the last hand


def test_hands_mode_a_tute_counts_one_hand_and_points_mode_tute_award() -> None:
    seen: dict[str, set[int]] = {"clasico": set(), "las40": set()}
    for ruleset in seen:
        for seed in range(1000):  # random hands until one ends in a tute
            match = Match.new(ruleset, seed=seed)
            play_hand(match.current, random.Random(seed))
            outcome = match.finish_hand()
            if outcome.result.reason == "tute":
                seen[ruleset].add(max(outcome.points))
                break
    assert seen["clasico"] == {1}
    assert seen["las40"] == {2}


def test_ludoteka_first_hand_has_oros_as_trump() -> None:
    for seed in range(30):
        match = Match.new("ludoteka", seed=seed)
        assert match.current.trump == 0
    later = set()
    for seed in range(15):
        match = Match.new("ludoteka", seed=seed)
        play_hand(match.current, random.Random(seed))
        match.finish_hand()
        later.add(match.next_hand().trump)
    assert len(later) > 1


def test_next_dealer_passes_to_the_next_seat() -> None:
    match = Match.new("clasico", seed=4, dealer=2)
    play_match(match, 4)
    dealers = [h.dealer for h in match.hands]
    assert dealers == [(2 + i) % 4 for i in range(len(dealers))]


def test_next_dealer_is_the_winner_of_the_last_trick() -> None:
    match = Match.new("las40", seed=5)
    rng = random.Random(5)
    for _ in range(4):
        play_hand(match.current, rng)
        previous = match.current
        match.finish_hand()
        if match.finished:
            break
        following = match.next_hand()
        assert following.dealer == previous.tricks[-1].winner
        assert following.to_move == (previous.tricks[-1].winner + 1) % 4


def test_two_player_streak_score() -> None:
    for seed in range(25):
        match = Match.new("a-dos", seed=seed)
        play_match(match, seed)
        results = [h.result for h in match.hands]
        last = results[-1]
        assert last.winner == 1 or last.reason == "tie_last_trick"
        assert all(r.winner == 0 and r.reason != "tie_last_trick" for r in results[:-1])
        streak = len(results) - 1
        margins = [130 if r.reason == "tute" else r.totals[0] - r.totals[1]
                   for r in results[:-1]]
        assert match.streak == streak
        assert match.winner == (None if last.reason == "tie_last_trick" else 1)
        assert match.streak_score == streak * 10_000 + min(sum(margins), 9_999)
        with pytest.raises(MatchError):
            match.next_hand()


def test_a_tie_ends_the_two_player_streak_even_when_won_on_the_last_trick() -> None:
    match = Match.new("a-dos", seed=3)
    tie = HandResult((65, 65), (55, 65), (0, 0), 0, 0, "tie_last_trick")
    assert not match.keeps_streak(tie)
    won = HandResult((75, 55), (65, 55), (0, 0), 0, 0, "points")
    assert match.keeps_streak(won)
    lost = HandResult((55, 75), (55, 65), (0, 0), 1, 1, "points")
    assert not match.keeps_streak(lost)


def test_streak_margins_are_capped_at_9999() -> None:
    match = Match.new("a-dos", seed=1)
    match.streak, match.margin_sum = 3, 12_345
    assert match.streak_score == 39_999


def test_match_is_reproducible_from_its_seed() -> None:
    def records(seed: int) -> list[dict[str, object]]:
        match = Match.new("las40", seed=seed)
        play_match(match, seed)
        return [h.record for h in match.hands]

    assert records(8) == records(8)
    assert records(8) != records(9)


def test_match_refuses_out_of_order_calls() -> None:
    match = Match.new("clasico", seed=2)
    with pytest.raises(MatchError):
        match.finish_hand()
    with pytest.raises(MatchError):
        match.next_hand()
    play_hand(match.current, random.Random(2))
    assert not match.hand_over
    assert sum(match.scores_with_current()) == 1 and sum(match.scores) == 0
    assert match.would_finish() is False
    match.finish_hand()
    assert match.hand_over
    with pytest.raises(MatchError):
        match.finish_hand()
    assert isinstance(MatchError("x"), TuteError)


def test_would_finish_predicts_finish_hand() -> None:
    for seed in range(10):
        match = Match.new("clasico", seed=seed)
        rng = random.Random(seed)
        while True:
            play_hand(match.current, rng)
            predicted = match.would_finish()
            scores = match.scores_with_current()
            match.finish_hand()
            assert match.finished == predicted and match.scores == scores
            if match.finished:
                break
            match.next_hand()


def test_match_summary_json() -> None:
    match = Match.new("a-dos", seed=3)
    play_match(match, 3)
    data = match.to_json()
    assert data["match"] == "streak" and data["streak"] == match.streak
    assert [h["winner"] for h in data["hands"]] == [h.winner for h in match.hands]


def test_a_match_deals_and_records_the_rules_it_was_given() -> None:
    rules = find_rules("a-tres", {"cante_by": "trick_winner"})
    match = Match(rules, seed=3)
    game = match.current
    assert game.rules is rules and game.players == 3
    record = game.to_record()
    assert (record["ruleset"], record["overrides"]) == ("a-tres", {"cante_by": "trick_winner"})
    summary = match.to_json()
    assert (summary["ruleset"], summary["overrides"]) == ("a-tres", {"cante_by": "trick_winner"})


def test_a_game_records_the_rules_it_was_given() -> None:
    rules = find_rules("estricto", {"partner_exemption": True})
    game = Game(rules, 3, Game.deal(rules, seed=2, dealer=3).initial_hands,
                Game.deal(rules, seed=2, dealer=3).trump_card)
    assert game.to_record()["ruleset"] == "estricto"
    assert game.to_record()["overrides"] == {"partner_exemption": True}
