"""The end-of-hand review agrees with the engine's replay of the hand's record."""

from __future__ import annotations

import itertools
import json
import random

import plotly.graph_objects as go
import pytest

from tests.table.helpers import play_hand
from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import Game, PlayEvent
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.record import replay
from tute_tutor.table.controller import LEARNER, Table, TableConfig, seat_name
from tute_tutor.table.review import hand_review, running_points, totals_frame, tricks_table


@pytest.mark.parametrize("ruleset", ["clasico", "ludoteka", "a-tres", "a-dos"])
def test_review_totals_match_the_replay_of_the_record(ruleset: str) -> None:
    for seed in range(5):
        table = Table(TableConfig(find_rules(ruleset), seed=seed))
        play_hand(table, random.Random(seed))
        record = json.loads(json.dumps(table.record()))  # as downloaded
        summary = replay(record)
        review = hand_review(table.game, "es")
        assert list(review.totals) == summary["totals"]
        assert review.winner == summary["winner"]
        assert list(review.card_points) == summary["card_points"]
        assert list(review.cante_points) == summary["cante_points"]
        assert len(review.tricks) == len(summary["tricks"])
        assert len(review.cantes) == len(summary["cantes"])
        points_column = review.tricks["Puntos"].tolist()
        for row_points, trick in zip(points_column, summary["tricks"], strict=True):
            assert row_points in (trick["points"], trick["points"] + 10)
        if summary["last_trick"] is not None:
            assert sum(points_column) == sum(t["points"] for t in summary["tricks"]) + 10
        frame = totals_frame(review, "es")
        assert frame["Total"].tolist() == summary["totals"]
        if table.game.renuncio is None:  # a renuncio's totals are the cards and cantes so far
            parts = frame["Puntos de cartas"] + frame["Cantes"] + frame["Diez de últimas"]
            assert parts.tolist() == summary["totals"]
        assert frame["Diez de últimas"].sum() == (0 if summary["last_trick"] is None else 10)


def test_points_chart_ends_at_each_sides_total_and_marks_cantes() -> None:
    cantes_seen = 0
    for seed in range(8):
        table = Table(TableConfig(find_rules("clasico"), seed=seed))
        play_hand(table, random.Random(seed))
        figure = hand_review(table.game, "en").figure
        assert isinstance(figure, go.Figure)
        assert len(figure.data) == 2
        totals = replay(table.record())["totals"]
        assert [trace.y[-1] for trace in figure.data] == totals
        assert [trace.y[0] for trace in figure.data] == [0, 0]
        for trace in figure.data:
            assert list(trace.y) == sorted(trace.y)  # points only ever go up
            assert len(trace.x) == len(table.game.tricks) + 1
        notes = [a.text for a in figure.layout.annotations]
        game = table.game
        assert notes.count("+10 últimas") == (1 if game.tute is None else 0)
        assert sorted(n for n in notes if "cante" in n) == \
            sorted(f"+{c.points} cante" for c in game.cantes)
        cantes_seen += len(game.cantes)
    assert cantes_seen > 0


def test_running_points_add_up_cards_cantes_and_last_trick() -> None:
    for seed in range(10):
        table = Table(TableConfig(find_rules("clasico"), seed=seed))
        play_hand(table, random.Random(seed))
        steps = running_points(table.game)
        result = table.game.result()
        assert steps[-1] == result.totals
        game = table.game
        for number, (before, after) in enumerate(itertools.pairwise(steps), 1):
            trick = game.tricks[number - 1]
            sung = sum(c.points for c in game.cantes if c.after_trick == number)
            extra = 10 if number == len(game.tricks) and game.tute is None else 0
            assert sum(after) - sum(before) == trick.points + sung + extra


def test_trick_table_shows_each_seats_card_and_the_winner() -> None:
    table = Table(TableConfig(find_rules("a-tres"), seed=3))
    play_hand(table, random.Random(3))
    frame = tricks_table(table.game, "es")
    plays = [e for e in table.game.events if isinstance(e, PlayEvent)]
    assert len(frame) == len(table.game.tricks)
    for seat in range(3):
        column = frame[seat_name(seat, "es")].tolist()
        assert column == [e.card.name("es") for e in plays if e.seat == seat]
    winners = frame["Gana"].tolist()
    for text, trick in zip(winners, table.game.tricks, strict=True):
        assert text.startswith(seat_name(trick.winner, "es"))


def test_review_names_the_winner_and_the_diez_de_ultimas() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=1))
    play_hand(table, random.Random(1), declare=0)
    review = hand_review(table.game, "es")
    result = table.game.result()
    if result.reason in ("points", "tie_last_trick"):
        assert "últimas" in review.last_trick
        assert str(result.totals[result.winner]) in review.outcome
    assert review.learner_won == (result.winner == 0)
    english = hand_review(table.game, "en")
    assert english.outcome != review.outcome
    assert "Trick" in english.tricks.columns


# --------------------------------------------------------------------------- cost of each choice
def _scripted(dealer: int, hands: dict[int, str], plays: str, trump: str = "7o") -> Game:
    """A hand dealt as given (trump suit of ``trump``), the cards played in order."""
    from tute_tutor.engine.cards import mask_of, parse_cards
    from tute_tutor.engine.variants import find_rules

    masks = [mask_of(parse_cards(hands[seat])) for seat in range(4)]
    game = Game(find_rules("clasico"), dealer, masks, Card.parse(trump).index)
    for card in parse_cards(plays):
        game.play(card)
    return game


# Trumps oros. Diego (seat 3) leads the as de espadas; you must follow with an espada
# and cannot beat it: the tres (10 points) or the dos (0). Diego takes the trick either
# way. In the last trick Diego leads the 4 de bastos and your partner's 7 de bastos wins
# it, with your last card and the diez de últimas. Throw the dos: your side ends with the
# tres and the últimas, 20. Throw the tres: it goes to Diego and your side gets 10.
HANDS = {0: "3e,2e", 1: "5e,4c", 2: "6b,7b", 3: "1e,4b"}


def test_a_card_that_gives_points_away_is_marked_with_its_exact_cost() -> None:
    from tute_tutor.table.review import choice_costs

    game = _scripted(2, HANDS, "1e,3e,5e,6b,4b,2e,4c,7b")
    assert game.finished and game.result().totals == (10, 21)
    costs = choice_costs(game)
    assert len(costs) == 1
    cost = costs[0]
    assert (cost.trick, str(cost.card), str(cost.best), cost.cost, cost.exact) == \
        (1, "3e", "2e", 10, True)
    assert (cost.went_to, cost.given) == (3, 10)
    assert cost.text("en") == ("Trick 1: the three of swords cost 10 points (the two of "
                               "swords was better). Your card, the three of swords (10 "
                               "points), went to Diego.")
    assert "costó 10 puntos" in cost.text("es") and "Diego" in cost.text("es")


def test_the_best_play_and_forced_cards_are_never_marked() -> None:
    from tute_tutor.table.review import choice_costs

    game = _scripted(2, HANDS, "1e,2e,5e,6b,4b,3e,4c,7b")
    assert game.result().totals == (20, 11)
    assert choice_costs(game) == []


def test_estimated_costs_come_from_the_evaluator_and_small_ones_are_not_marked() -> None:
    from tute_tutor.table.review import MIN_ESTIMATED_COST, choice_costs

    class ByPoints:
        """Values each legal card at minus its points (so the cheapest card is best)."""

        def evaluate(self, view, rng):  # type: ignore[no-untyped-def]
            return [(card, -float(card.points)) for card in view.legal]

    game = Game.deal("clasico", seed=12, dealer=3)
    expected = []
    while not game.finished:
        legal = game.legal_plays()
        card = max(legal, key=lambda c: (c.points, c.index))  # the dearest card
        if game.to_move == LEARNER and len(legal) > 1 and len(game.hand(0)) > 6:
            cheapest = min(c.points for c in legal)
            if card.points - cheapest >= MIN_ESTIMATED_COST:
                expected.append((len(game.tricks) + 1, str(card), card.points - cheapest))
        game.play(card)
    found = [(c.trick, str(c.card), c.cost) for c in choice_costs(game, ByPoints())
             if not c.exact]
    assert found == expected and expected


def test_each_costly_card_is_named_by_the_mistake_it_is() -> None:
    from tute_tutor.table.review import choice_costs

    # The tres de espadas thrown on Diego's trick (the first hand above).
    game = _scripted(2, HANDS, "1e,3e,5e,6b,4b,2e,4c,7b")
    (cost,) = choice_costs(game)
    assert cost.mistake is not None
    assert (cost.mistake.kind, cost.mistake.card) == ("three_on_opponent", cost.card)


def test_the_choices_reviewed_are_the_same_from_the_table_and_from_its_record() -> None:
    from tute_tutor.engine.game import PassEvent
    from tute_tutor.formats.record import replay_game
    from tute_tutor.table.review import choice_costs

    for seed in range(6):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed, levels=(2,)))
        play_hand(table, random.Random(seed), declare=0)
        game = table.game
        if not any(isinstance(e, PassEvent) for e in game.events):
            continue
        again = replay_game(game.to_record())
        assert len(again.events) < len(game.events)  # the record holds no passes
        assert choice_costs(again, seed=seed) == choice_costs(game, seed=seed)
        return
    raise AssertionError("no hand with a pass in 6")


def test_the_review_finds_ready_the_estimates_worked_out_while_the_hand_was_played(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tute_tutor.ai.levels import ExpertPlayer
    from tute_tutor.table import review

    for seed in range(12):  # a hand of random cards with both kinds of cost
        table = Table(TableConfig(find_rules("a-dos"), seed=seed, levels=(2,)))
        play_hand(table, random.Random(seed), declare=0)
        game = table.game
        cold = review.choice_costs(game, seed=5)
        if any(not cost.exact for cost in cold) and any(cost.exact for cost in cold):
            break
    else:
        raise AssertionError("no hand in 12 with an estimated and an exact cost")
    # without estimates, only the cards the solver measured exactly
    assert review.choice_costs(game, seed=5, estimates=False) == \
        [cost for cost in cold if cost.exact]
    review._estimates.clear()
    warming = review.warm_costs_later(game, seed=5)
    assert warming is not None
    warming.result()

    def no_more(self: ExpertPlayer, view: object, rng: object) -> None:
        raise AssertionError("an estimate was worked out again")

    monkeypatch.setattr(ExpertPlayer, "evaluate", no_more)
    assert review.choice_costs(game, seed=5) == cold


def test_the_review_warming_keeps_a_bounded_queue_and_refuses_more() -> None:
    import threading

    from tute_tutor.table import review

    game = Table(TableConfig(find_rules("clasico"), seed=3, levels=(2, 2, 2))).game
    # jobs of earlier tests in this process (the practice page's) have all started once a
    # job queued after them has run (one worker, in order): none is waiting now
    review._warmer.submit(lambda: None).result()
    gate = threading.Event()
    blocker = review._warmer.submit(gate.wait)  # the one worker is busy
    try:
        queued = [review.warm_costs_later(game, seed=9)
                  for _ in range(review.WARM_QUEUE + 3)]
        assert all(job is not None for job in queued[:review.WARM_QUEUE])
        assert queued[review.WARM_QUEUE:] == [None] * 3
    finally:
        gate.set()
    blocker.result()
    for job in queued[:review.WARM_QUEUE]:
        assert job is not None
        job.result()
    # the queue drained: a new card is warmed again
    again = review.warm_costs_later(game, seed=9)
    assert again is not None
    again.result()
