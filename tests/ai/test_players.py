"""The computer players' interface: one seat's view only, legal and reproducible choices,
level 4's evaluation, level 3's exact endgame."""

from __future__ import annotations

import gc
import random
import types

import pytest

from tests.ai.small import player_of
from tute_tutor.ai import CanteAction, PlayAction, SwapAction, apply_action, get_player
from tute_tutor.ai.base import computer_turn, declare_for_all, play_hand
from tute_tutor.ai.knowledge import infer
from tute_tutor.ai.levels import CountingPlayer, ExpertPlayer
from tute_tutor.ai.simulate import Table
from tute_tutor.ai.solver import Position
from tute_tutor.engine.cards import CARDS, Card
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game, SeatView
from tute_tutor.engine.tricks import POINTS, deal
from tute_tutor.engine.variants import find_rules

LEVELS = (1, 2, 3, 4)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root``, not following into classes and modules."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return list(seen.values())


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_a_seat_view_holds_no_path_to_the_game_or_hidden_cards(ruleset: str) -> None:
    game = Game.deal(ruleset, seed=11)
    players = [get_player(2)] * game.players
    rng = random.Random(0)
    for _ in range(6):
        computer_turn(game, players, rng)
    view = game.view(1)
    objects = _reachable(view)
    assert not any(isinstance(o, Game) for o in objects)
    visible = view.hand_mask | view.played_mask | view.trump_card.bit
    for known in view.known:
        visible |= known
    if view.face_up is not None:
        visible |= view.face_up.bit
    for obj in objects:
        if isinstance(obj, Card):
            assert visible >> obj.index & 1, f"{obj} is visible to seat 1"
    masks = {o for o in objects if isinstance(o, int) and not isinstance(o, bool)}
    for other in range(game.players):
        if other != 1 and game.hands[other] & ~visible:
            assert game.hands[other] not in masks


def _shuffled_others(game: Game, seat: int, rng: random.Random) -> Game:
    """The same deal for ``seat`` (and the shown trump card), the other hands reshuffled."""
    rules = game.rules
    fixed = {game.trump_card} if not rules.has_stock else set()
    pool = [c for s in range(game.players) if s != seat
            for c in range(40) if game.initial_hands[s] >> c & 1 and c not in fixed]
    stock = list(game.initial_stock)
    if rules.has_stock:
        pool += stock
    rng.shuffle(pool)
    hands = list(game.initial_hands)
    for other in range(game.players):
        if other == seat:
            continue
        size = game.initial_hands[other].bit_count()
        keep = game.initial_hands[other] & sum(1 << c for c in fixed)
        size -= keep.bit_count()
        hands[other] = keep | sum(1 << pool.pop() for _ in range(size))
    if rules.has_stock:
        stock = [pool.pop() for _ in range(len(stock))]
    return Game(rules, game.dealer, hands, game.trump_card, stock)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_choice_depends_only_on_what_the_seat_sees(level: int, ruleset: str) -> None:
    rules = find_rules(ruleset)
    mano = 0
    dealer = (mano - 1) % rules.players
    for seed in range(2):
        game = Game.deal(ruleset, seed=seed, dealer=dealer)
        twin = _shuffled_others(game, mano, random.Random(seed))
        assert game.hands[mano] == twin.hands[mano]
        assert game.hands != twin.hands
        player = player_of(level)
        first = player.choose_card(game.view(mano), random.Random(5))
        second = player.choose_card(twin.view(mano), random.Random(5))
        assert first == second


def test_level4_evaluation_covers_every_legal_card_best_first() -> None:
    game = Game.deal("clasico", seed=4, dealer=3)
    players = [get_player(2)] * 4
    rng = random.Random(4)
    while game.to_move != 1 or len(game.tricks) < 4:
        computer_turn(game, players, rng)
    game.close_moment()
    view = game.view(1)
    expert = get_player(4)
    assert isinstance(expert, ExpertPlayer)
    evaluations = expert.evaluations(view, random.Random(9))
    assert {e.card for e in evaluations} == set(view.legal)
    values = [e.value for e in evaluations]
    assert values == sorted(values, reverse=True)
    left = sum(POINTS[c] for c in range(40) if not view.played_mask >> c & 1) + 10
    assert all(0 <= v <= left + 40 + 20 * 3 for v in values)
    assert all(e.worlds >= 24 for e in evaluations)
    assert expert.evaluate(view, random.Random(9)) == [(e.card, e.value) for e in evaluations]
    # the card chosen is the best value, level 3's card given ``prior`` points more
    counted = CountingPlayer().rule_choice(view, infer(view))
    bonus = {e.card: e.value + (expert.prior if e.card.index == counted else 0.0)
             for e in evaluations}
    choice = expert.choose_card(view, random.Random(9))
    assert bonus[choice] == max(bonus.values())


def _before_the_endgame(seed: int) -> SeatView:
    game = Game.deal("clasico", seed=seed, dealer=0)
    players = [get_player(2)] * 4
    rng = random.Random(seed)
    while len(game.tricks) < 2 or game.trick:
        computer_turn(game, players, rng)
    game.close_moment()
    return game.view(game.to_move or 0)


def test_level4_prior_leans_to_level3s_card_without_changing_the_values() -> None:
    view = _before_the_endgame(3)
    counted = CountingPlayer().rule_choice(view, infer(view))
    sure, doubting = ExpertPlayer(), ExpertPlayer()
    sure.prior, doubting.prior = 1000.0, 0.0
    assert sure.evaluate(view, random.Random(4)) == doubting.evaluate(view, random.Random(4))
    assert sure.choose_card(view, random.Random(4)).index == counted
    rated = doubting.evaluations(view, random.Random(4))
    best = max(rated, key=lambda e: (e.score, -e.card.points, -e.card.strength))
    assert doubting.choose_card(view, random.Random(4)) == best.card


def test_level4_playouts_hand_off_earlier_beyond_their_node_budget() -> None:
    view = _before_the_endgame(5)
    spending, saving = ExpertPlayer(), ExpertPlayer()
    spending.playout_budget, saving.playout_budget = 10**9, 0
    full = spending.evaluations(view, random.Random(2))
    cut = saving.evaluations(view, random.Random(2))
    assert {e.card for e in cut} == set(view.legal) == {e.card for e in full}
    assert not any(e.exact for e in cut)
    assert [e.value for e in cut] != [e.value for e in full]
    # a count of nodes, not a clock: the same seed gives the same answer
    assert saving.evaluations(view, random.Random(2)) == cut


def test_level4_values_are_exact_when_every_hand_is_known() -> None:
    # Two players, stock gone: the unseen cards are all the opponent's, so every sampled
    # world is the real one and the evaluation is the solver's exact value.
    game, view = _after_the_stock(8)
    seat = view.seat
    exact = Position.from_rules(game.rules, game.hands, game.trump, game.leader,
                                game.trick, cantes=True).card_values(seat)
    scored = dict(ExpertPlayer().evaluate(view, random.Random(1)))
    assert {c.index: v for c, v in scored.items()} == pytest.approx(exact)
    # Level 3 plays that endgame exactly too: its card is one of the best.
    choice = get_player(3).choose_card(view, random.Random(1))
    assert exact[choice.index] == max(exact.values())
    assert CountingPlayer.endgame_tricks_two >= len(view.hand)


def _after_the_stock(seed: int) -> tuple[Game, SeatView]:
    """A tute a dos hand once the stock is gone, five cards a hand or fewer."""
    game = Game.deal("a-dos", seed=seed)
    players = [get_player(2)] * 2
    rng = random.Random(seed)
    while game.stock_left or len(game.hand(game.to_move or 0)) > 5:
        computer_turn(game, players, rng)
        assert not game.finished
    game.close_moment()
    seat = game.to_move
    assert seat is not None
    return game, game.view(seat)


@pytest.mark.parametrize("seed", [8, 11, 14])
def test_level4_chooses_by_the_lead_and_the_win_and_shows_the_sides_points(seed: int) -> None:
    # One world, solved exactly: the score of a card is the side's lead at the end of the
    # hand from it, plus win_weight if that lead wins; the value shown is the side's points.
    game, view = _after_the_stock(seed)
    seat = view.seat
    position = Position.from_rules(game.rules, game.hands, game.trump, game.leader,
                                   game.trick, cantes=True)
    own = position.card_values(seat)
    lead = Position.from_rules(game.rules, game.hands, game.trump, game.leader, game.trick,
                               cantes=True, margin=True).card_values(seat)
    ahead = view.points[seat] - view.points[1 - seat]
    player = ExpertPlayer()
    for e in player.evaluations(view, random.Random(1)):
        final = ahead + lead[e.card.index]
        won = 1.0 if final > 0 else 0.5 if final == 0 else 0.0
        assert e.score == pytest.approx(lead[e.card.index] + player.win_weight * won)
        assert e.value == pytest.approx(own[e.card.index])
    player.objective = 0
    for e in player.evaluations(view, random.Random(1)):
        assert e.score == pytest.approx(own[e.card.index]) == e.value


def test_level4_plays_out_the_worlds_beyond_its_solver_budget() -> None:
    game = Game.deal("clasico", seed=6, dealer=0)
    players = [get_player(2)] * 4
    rng = random.Random(6)
    while len(game.hand(game.to_move or 0)) > ExpertPlayer.exact_tricks[4] or game.trick:
        computer_turn(game, players, rng)
    game.close_moment()
    view = game.view(game.to_move or 0)
    within, beyond = ExpertPlayer(), ExpertPlayer()
    within.node_budget, beyond.node_budget = 10**9, 0
    solved = within.evaluations(view, random.Random(2))
    played = beyond.evaluations(view, random.Random(2))
    assert all(e.exact for e in solved) and not any(e.exact for e in played)
    assert all(e.worlds >= 24 for e in played)
    assert {e.card for e in played} == set(view.legal)
    # a budget is a count of nodes, not a clock: the same seed gives the same answer
    assert beyond.evaluations(view, random.Random(2)) == played


def test_unknown_levels_are_refused() -> None:
    for level in (0, 5, -1):
        with pytest.raises(TuteError, match="choose 1 to 4"):
            get_player(level)


def test_every_level_sings_the_forty_before_a_twenty() -> None:
    # Seat 0 holds both pairs (oros trump) and wins the first trick with the as.
    rules = find_rules("clasico")
    hands = [0, 0, 0, 0]
    codes = ["1c,12o,11o,12c,11c,2e,4e,5e,6e,7e", "2c,4b,5c,6c,7c,10c,2b,1e,3e,10e",
             "2o,4o,5o,6o,7o,10o,3o,11e,12e,3c", "1o,4c,5b,6b,7b,10b,11b,12b,3b,1b"]
    for seat, text in enumerate(codes):
        for code in text.split(","):
            hands[seat] |= Card.parse(code).bit
    game = Game(rules, 3, hands, Card.parse("1o").index)
    for card in ("1c", "2c", "3c", "4c"):
        game.play(Card.parse(card))
    assert game.tricks[-1].winner == 0
    for level in LEVELS:
        actions = get_player(level).declarations(game.view(0), random.Random(0))
        assert actions == [CanteAction(0)]


def test_a_human_seat_is_left_to_play() -> None:
    game = Game.deal("clasico", seed=2, dealer=3)
    players = [None, get_player(1), get_player(1), get_player(1)]
    assert computer_turn(game, players, random.Random(0)) == []
    game.play(game.legal_plays()[0])
    events = computer_turn(game, players, random.Random(0))
    assert len(events) == 1 and events[0].seat == 1


def test_table_legal_cards_match_the_game() -> None:
    for seed in range(20):
        game = Game.deal("estricto", seed=seed)
        players = [get_player(1)] * 4
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            computer_turn(game, players, rng)
        if game.finished:
            continue
        game.close_moment()
        leader = game.leader
        table = Table(game.rules, list(game.hands), game.trump, leader, list(game.trick))
        legal = {CARDS[c] for c in range(40) if table.legal() >> c & 1}
        assert legal == set(game.legal_plays())


def test_play_hand_ends_every_hand() -> None:
    hands, trump_card, _ = deal(random.Random(3), 4, 0)
    game = Game(find_rules("clasico"), 0, hands, trump_card)
    play_hand(game, [get_player(3), get_player(2), get_player(3), get_player(2)],
              random.Random(3))
    assert game.finished
    assert sum(game.result().card_points) == 120
    assert isinstance(PlayAction(CARDS[0]), PlayAction)
    assert isinstance(game.view(0), SeatView)


def _two_player_game(seat0: str, seat1: str, face_up_code: str) -> Game:
    rules = find_rules("a-dos")
    face_up = Card.parse(face_up_code)
    used = {Card.parse(c).index for c in f"{seat0},{seat1}".split(",")} | {face_up.index}
    stock = [c for c in range(40) if c not in used]
    hands = [sum(Card.parse(c).bit for c in h.split(",")) for h in (seat0, seat1)]
    return Game(rules, 0, hands, face_up.index, stock)


def test_a_swap_is_declared_alone_and_the_forty_it_completes_is_sung_next() -> None:
    # Two players, oros trump, the rey de oros face up. Seat 1 wins the first trick
    # holding the 7 and the caballo de oros and the copas pair: it swaps the 7 for the
    # rey, then, asked again on the hand after the swap, sings the 40 (not the 20).
    game = _two_player_game("2b,4b,5b,6b,2e,4e,5e,6e", "7o,11o,12c,11c,1b,3b,1e,3e", "12o")
    game.play(Card.parse("1b"))
    game.play(Card.parse("2b"))
    view = game.view(1)
    assert view.declarable_cantes == (1,) and view.can_swap
    for level in LEVELS:
        assert get_player(level).declarations(view, random.Random(0)) == [SwapAction()]
    apply_action(game, 1, SwapAction())
    for level in LEVELS:
        assert get_player(level).declarations(game.view(1), random.Random(0)) == [
            CanteAction(0)]
    apply_action(game, 1, CanteAction(0))
    assert [c.points for c in game.cantes] == [40]


@pytest.mark.parametrize("level", LEVELS)
def test_the_tute_a_swap_completes_is_declared_instead_of_a_cante(level: int) -> None:
    # Seat 1 holds three reyes, the 7 of oros and the copas pair; the rey de oros is
    # face up. The swap gives it the fourth rey: a tute, which comes before any cante.
    game = _two_player_game("2b,4b,5b,6b,2e,4e,5e,6e", "7o,12c,11c,12e,12b,1b,3b,1e", "12o")
    game.play(Card.parse("1b"))
    game.play(Card.parse("2b"))
    players = [None, get_player(level)]
    events = declare_for_all(game, players, random.Random(0))
    assert [type(event).__name__ for event in events] == ["SwapEvent", "TuteEvent"]
    assert game.finished and game.result().reason == "tute"


def test_level4_says_why_it_chose_a_card_worth_fewer_points() -> None:
    # Level 4 weighs winning the hand (two sides) and gives level 3's card the benefit of
    # the doubt before the endgame, so it sometimes plays a card worth fewer points; its
    # decision then says which, and the win counts it gives are its evaluation's.
    player = ExpertPlayer()
    found: set[str] = set()
    for seed in range(40):
        game = Game.deal("clasico", seed=700 + seed)
        rng = random.Random(seed)
        while not game.finished and found != {"wins", "sound"}:
            declare_for_all(game, [player] * 4, rng)
            seat = game.to_move
            if game.finished or seat is None:
                game.close_moment()
                continue
            view = game.view(seat)
            state = rng.getstate()
            decision = player.decide(view, rng)
            rng.setstate(state)
            rated = {e.card: e for e in player.evaluations(view, rng)}
            if decision.values:
                chosen = rated[decision.card]
                top = max((e for e in rated.values() if e.card != decision.card),
                          key=lambda e: (e.value, -e.card.index), default=chosen)
                fewer = top.value > chosen.value
                assert bool(decision.why) == fewer, (decision, top, chosen)
                if decision.why == "wins":
                    assert decision.wins == (chosen.wins, top.wins)
                    assert chosen.wins > top.wins  # only the win can outweigh points
                elif decision.why == "sound":
                    assert decision.card.index == CountingPlayer().rule_choice(view, infer(view))
                if decision.why:
                    found.add(decision.why)
            apply_action(game, seat, PlayAction(decision.card))
        if found == {"wins", "sound"}:
            return
    raise AssertionError(f"in 40 hands level 4 only gave the reasons {found}")
