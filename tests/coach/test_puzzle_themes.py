"""Puzzles beyond the first themes (coach/puzzles.py): every theme of a rule set is
generated, the stock's last trick is valued exactly with its draws and the swap, a
puzzle with hidden hands has its best card best in every sampled deal and names the
cards the seat to play can be certain of (checked against hundreds of deals drawn from
its knowledge), and the coach's reason for the best card comes with each
puzzle."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from tests.engine.helpers import reference_winner
from tute_tutor.ai import declare_for_all, get_player
from tute_tutor.ai.base import PlayAction, apply_action
from tute_tutor.ai.knowledge import Knowledge, infer, sample_world
from tute_tutor.ai.solver import Position, Solver
from tute_tutor.coach import puzzles as puzzles_module
from tute_tutor.coach.puzzles import (
    MIN_MARGIN,
    Puzzle,
    PuzzleError,
    certain_holdings,
    classify,
    generate,
    iter_puzzles,
    known_holdings,
    puzzle_by_id,
    stock_worlds,
    themes_of,
)
from tute_tutor.coach.reasons import REASON_KINDS
from tute_tutor.engine.cards import CARDS, Card, mask_of, parse_cards
from tute_tutor.engine.game import (
    CABALLO,
    REY,
    SWAP_WITH_SEVEN,
    SWAP_WITH_TWO,
    Game,
    SeatView,
)
from tute_tutor.engine.tricks import POINTS
from tute_tutor.engine.variants import find_rules
from tute_tutor.words.coach import reason_text


def _shown_by(game: Game, seat: int) -> int:
    """The cards of ``seat``'s hand it showed: a sung pair still held, a card it swapped
    in (computed from the game's cantes and swaps, apart from the code under test)."""
    shown = 0
    for cante in game.cantes:
        if cante.seat == seat:
            shown |= 1 << (10 * cante.suit + REY) | 1 << (10 * cante.suit + CABALLO)
    for swap in game.swaps:
        if swap.seat == seat:
            shown |= swap.taken.bit
    return shown & game.hands[seat]


@pytest.mark.parametrize(("ruleset", "theme"), [
    ("clasico", "last-trick"), ("clasico", "mistake"), ("clasico", "partner"),
    ("clasico", "counting"), ("clasico", "ending"), ("a-dos", "stock"),
    ("a-tres", "last-trick"), ("clasico", "cantes"), ("a-tres", "cantes"),
    ("a-dos", "cantes"),
])
def test_each_theme_of_a_rule_set_generates_its_puzzles(ruleset: str, theme: str) -> None:
    assert theme in themes_of(ruleset)
    (puzzle,) = generate(1, 1, ruleset, theme)
    assert puzzle.theme == theme and puzzle.ruleset == ruleset


def test_the_themes_of_a_rule_set_follow_its_players_and_stock() -> None:
    assert "partner" in themes_of("clasico") and "stock" not in themes_of("clasico")
    assert "stock" in themes_of("a-dos") and "partner" not in themes_of("a-dos")
    assert "cantes" in themes_of("a-tres")


def _winner(trick: tuple[int, ...], trump: int) -> int:
    return reference_winner([CARDS[c] for c in trick], trump)


def stock_value(puzzle: Puzzle, card: int) -> int:
    """What the seat to play takes with ``card`` at the stock's last trick: the winner
    draws the hidden card, the other the face-up one, the winner swapping when it holds
    the 7 (or 2) of trumps and that is better for it; then the exact solve."""
    rules = find_rules(puzzle.ruleset)
    me = puzzle.to_play
    trick = (*puzzle.trick, card)
    seats = [puzzle.leader, me]
    winner = seats[_winner(trick, puzzle.trump)]
    hidden, face = puzzle.stock
    points = sum(POINTS[c] for c in trick)
    outcomes = []
    face_strength = face % 10
    swap_card = (puzzle.trump * 10 + 4 if face_strength in SWAP_WITH_SEVEN
                 else puzzle.trump * 10 if face_strength in SWAP_WITH_TWO else None)
    hands = list(puzzle.hands)
    hands[me] &= ~(1 << card)
    for swap in (False, True):
        now = list(hands)
        given_face = face
        if swap:
            if swap_card is None or not now[winner] >> swap_card & 1:
                continue
            now[winner] ^= (1 << swap_card) | (1 << face)
            given_face = swap_card
        now[winner] |= 1 << hidden
        now[1 - winner] |= 1 << given_face
        position = Position.from_rules(rules, now, puzzle.trump, winner, [], cantes=False)
        leader_takes = max(Solver(position, winner).card_values().values())
        left = sum(POINTS[c] for c in range(40) if (now[0] | now[1]) >> c & 1) + 10
        mine = points + leader_takes if winner == me else left - leader_takes
        outcomes.append(mine)
    return max(outcomes) if winner == me else min(outcomes)


def test_the_stocks_last_trick_is_valued_with_its_draws_and_the_swap() -> None:
    for puzzle in generate(3, 1, "a-dos", "stock"):
        assert len(puzzle.stock) == 2 and len(puzzle.trick) == 1
        assert puzzle.stock[1] // 10 == puzzle.trump  # the face-up card is a trump
        for card, value in puzzle.values:
            assert value == stock_value(puzzle, card), (puzzle.id, CARDS[card])
        assert puzzle.to_json()["stock"] == [str(CARDS[c]) for c in puzzle.stock]
        assert puzzle_by_id(puzzle.id) == puzzle


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres"])
def test_a_sampled_puzzles_best_card_is_best_in_every_sampled_deal(ruleset: str) -> None:
    rules = find_rules(ruleset)
    for puzzle in generate(2, 2, ruleset, sampled=True):
        assert puzzle.sampled and puzzle.id.endswith("/sampled")
        assert len(puzzle.samples) >= 2
        solved = []
        for hands in puzzle.samples:
            # the learner's own hand is the real one; the others are the right sizes and
            # hold no card already played or on the table
            assert hands[puzzle.to_play] == puzzle.hands[puzzle.to_play]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in puzzle.hands]
            on_table = sum(1 << c for c in puzzle.trick)
            assert not any(h & (puzzle.played | on_table) for h in hands)
            position = Position.from_rules(rules, list(hands), puzzle.trump, puzzle.leader,
                                           list(puzzle.trick), cantes=False)
            values = Solver(position, puzzle.to_play).card_values()
            assert all(values[c] == max(values.values()) for c in puzzle.best)
            solved.append(values)
        for card, value in puzzle.values:
            assert value == round(sum(v[card] for v in solved) / len(solved))
        top = dict(puzzle.values)[puzzle.best[0]]
        assert all(v <= top - MIN_MARGIN for c, v in puzzle.values if c not in puzzle.best)
        data = puzzle.to_json()
        assert data["sampled"] is True and len(data["samples"]) == len(puzzle.samples)
        assert puzzle_by_id(puzzle.id) == puzzle


def _at_the_stocks_last_trick(seed: int) -> Game:
    """A seeded tute a dos deal played by level 2 to the second card of the stock's last
    trick."""
    rng = random.Random(seed)
    game = Game.deal("a-dos", rng=rng)
    players = [get_player(2), get_player(2)]
    while not (len(game.draw_pile) == 2 and len(game.trick) == 1):
        declare_for_all(game, players, rng)
        game.close_moment()
        seat = game.to_move
        assert seat is not None
        apply_action(game, seat, PlayAction(players[seat].choose_card(game.view(seat), rng)))
    return game


@pytest.mark.parametrize("seed", range(12))
def test_the_stocks_last_trick_with_hidden_hands_has_a_deal_for_each_possible_hidden_card(
        seed: int) -> None:
    game = _at_the_stocks_last_trick(seed)
    seat = game.to_move
    assert seat is not None
    other = 1 - seat
    real_view = game.view(seat)
    worlds = stock_worlds(game)
    assert worlds[0] is game
    hidden = [world.draw_pile[0] for world in worlds]
    assert len(set(hidden)) == len(hidden)  # one deal per hidden card
    # the cards the other player showed (a cante still in hand, a swap) stay with it
    shown = _shown_by(game, other)
    unseen = game.hands[other] | 1 << game.draw_pile[0]
    assert {1 << c for c in hidden} == {1 << c for c in range(40)
                                       if unseen >> c & 1 and not shown >> c & 1}
    for world in worlds:
        # the seat to play sees the same in every deal; only the hidden card moves
        assert world.view(seat) == real_view
        assert world.draw_pile[1] == game.draw_pile[1]
        assert world.hands[other] | 1 << world.draw_pile[0] == unseen
        assert world.hands[other] & shown == shown


def test_a_sampled_stock_puzzle_is_valued_in_every_deal_the_seat_cannot_tell_apart() -> None:
    puzzles = generate(1, 2, "a-dos", "stock", sampled=True)
    for puzzle in puzzles:
        assert puzzle.sampled and puzzle.id.endswith("/sampled") and len(puzzle.samples) >= 2
        me, other = puzzle.to_play, 1 - puzzle.to_play
        real_hidden, face = puzzle.stock
        unseen = puzzle.hands[other] | 1 << real_hidden
        solved, hiddens = [], []
        for hands in puzzle.samples:
            assert hands[me] == puzzle.hands[me]
            assert hands[other].bit_count() == puzzle.hands[other].bit_count()
            assert hands[other] & ~unseen == 0
            (hidden,) = (c for c in range(40) if (unseen & ~hands[other]) >> c & 1)
            hiddens.append(hidden)
            world = replace(puzzle, hands=hands, stock=(hidden, face))
            values = {card: stock_value(world, card) for card, _ in puzzle.values}
            assert all(values[c] == max(values.values()) for c in puzzle.best), puzzle.id
            solved.append(values)
        assert real_hidden in hiddens and len(set(hiddens)) == len(hiddens)
        for card, value in puzzle.values:
            assert value == round(sum(v[card] for v in solved) / len(solved))
        top = dict(puzzle.values)[puzzle.best[0]]
        assert all(v <= top - MIN_MARGIN for c, v in puzzle.values if c not in puzzle.best)
        assert puzzle_by_id(puzzle.id) == puzzle


def test_hidden_hands_in_tute_a_dos_give_cantes_puzzles_at_the_stock() -> None:
    (puzzle,) = generate(1, 1, "a-dos", "cantes", sampled=True)
    assert puzzle.sampled and puzzle.theme == "cantes" and len(puzzle.stock) == 2
    assert len(puzzle.samples) >= 2


def _in_every_sample(puzzle: Puzzle, seat: int) -> int:
    """The cards in ``seat``'s hand in every sampled deal of ``puzzle``."""
    common = (1 << 40) - 1
    for hands in puzzle.samples:
        common &= hands[seat]
    return common


def test_a_sampled_puzzles_known_cards_are_in_the_real_hand_and_every_sampled_deal() -> None:
    puzzles = [*generate(1, 2, "clasico", sampled=True), *generate(1, 2, "a-tres", sampled=True),
               *generate(1, 1, "a-dos", "cantes", sampled=True)]
    some = none = 0
    for puzzle in puzzles:
        assert puzzle.sampled and puzzle.samples and len(puzzle.known) == puzzle.players
        assert puzzle.known_cards(puzzle.to_play) == 0  # its own hand is no news
        for seat in range(puzzle.players):
            if seat == puzzle.to_play:
                continue
            known = puzzle.known_cards(seat)
            assert known == puzzle.known[seat]
            assert known & ~puzzle.hands[seat] == 0, (puzzle.id, seat)  # really held
            # the sampled deals respect what the seat knows: none moves a known card
            assert known & ~_in_every_sample(puzzle, seat) == 0, (puzzle.id, seat)
            some += known != 0
            none += known == 0
        assert "known" not in puzzle.to_json()  # the JSON shape is unchanged
    assert some and none  # seats with known cards and seats with none were met
    for face_up in generate(1, 2, "clasico"):  # every hand shown: nothing to name
        assert face_up.known == ()
        assert all(face_up.known_cards(seat) == 0 for seat in range(face_up.players))


def _views_of(puzzles: list[Puzzle], views: list[tuple[SeatView, tuple[int, ...]]]
              ) -> list[SeatView]:
    """The view of the seat to play each of ``puzzles`` was made from (one of ``views``,
    every view :func:`known_holdings` was asked about, with its answer)."""
    found = []
    for puzzle in puzzles:
        matching = [view for view, known in views
                    if view.seat == puzzle.to_play and view.hand_mask == puzzle.hands[view.seat]
                    and tuple(c.index for c in view.trick) == puzzle.trick
                    and view.played_mask == puzzle.played | sum(1 << c for c in puzzle.trick)
                    and known == puzzle.known]
        assert matching, puzzle.id
        found.append(matching[-1])
    return found


def _drawn_deals(knowledge: Knowledge, view: SeatView, count: int,
                 rng: random.Random) -> list[tuple[int, ...]]:
    """``count`` deals of the unseen cards drawn from ``knowledge``, each checked to
    respect it (sizes, known cards, impossibilities: no relaxed draw)."""
    deals = []
    for _ in range(count):
        hands = sample_world(knowledge, view.hand_mask, rng).hands
        assert hands[view.seat] == view.hand_mask
        for seat in range(knowledge.players):
            if seat != view.seat:
                assert hands[seat].bit_count() == knowledge.sizes[seat]
                assert hands[seat] & ~knowledge.unseen == 0
                assert knowledge.known[seat] & ~hands[seat] == 0
                assert hands[seat] & knowledge.excluded[seat] == 0
        deals.append(tuple(hands))
    return deals


@pytest.mark.parametrize(("ruleset", "count"), [("clasico", 20), ("a-tres", 10)])
def test_every_known_card_of_a_sampled_puzzle_is_certain_from_the_seats_view(
        ruleset: str, count: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card named in another hand is in that hand in every one of 300 deals drawn
    from what the seat to play knows (:func:`infer`, :func:`sample_world`), not only in
    the puzzle's twelve: at ``clasico/1/19/sampled`` those twelve all gave player 3 the
    ace of swords, which player 4 may hold just as well."""
    views: list[tuple[SeatView, tuple[int, ...]]] = []

    def recorded(view: SeatView) -> tuple[int, ...]:
        known = known_holdings(view)
        views.append((view, known))
        return known

    monkeypatch.setattr(puzzles_module, "known_holdings", recorded)
    puzzles = list(itertools.islice(iter_puzzles(1, ruleset, sampled=True), count))
    some = 0
    for puzzle, view in zip(puzzles, _views_of(puzzles, views), strict=True):
        knowledge = infer(view)
        deals = _drawn_deals(knowledge, view, 300, random.Random(f"check/{puzzle.id}"))
        for seat in range(puzzle.players):
            if seat == puzzle.to_play:
                continue
            known = puzzle.known_cards(seat)
            assert known & ~puzzle.hands[seat] == 0, (puzzle.id, seat)
            for hands in deals:
                assert known & ~hands[seat] == 0, (puzzle.id, seat, CARDS[
                    (known & ~hands[seat]).bit_length() - 1])
            some += known != 0
        if puzzle.id == "clasico/1/19/sampled":
            ace_of_swords = Card.parse("1e").index
            assert puzzle.hands[2] >> ace_of_swords & 1  # player 3 holds it...
            assert all(hands[2] >> ace_of_swords & 1 for hands in puzzle.samples)  # ...12 times
            assert not puzzle.known_cards(2) >> ace_of_swords & 1  # but it is not known
            assert any(hands[3] >> ace_of_swords & 1 for hands in deals)  # player 4 may
    assert some
    if ruleset == "clasico":
        assert "clasico/1/19/sampled" in [puzzle.id for puzzle in puzzles]


def test_certain_holdings_follow_the_count_the_impossibilities_and_the_stock() -> None:
    """Hand-made knowledge of seat 0: a card that only one seat may hold is there; a seat
    whose room is just the cards only it may hold holds them all; a card the stock may
    hide is never certain."""
    a, b, c, d, e, f = (Card.parse(code).index for code in ("1o", "3o", "1c", "3c", "1e", "3e"))
    unseen = sum(1 << card for card in (a, b, c, d, e, f))
    # seat 1 can hold only a and b (void in copas and espadas): its two cards are them;
    # c is impossible for seat 3 too, so it is seat 2's; the rest could be 2's or 3's
    knowledge = Knowledge(seat=0, players=4, trump=0, unseen=unseen,
                          known=[0, 0, 0, 0],
                          excluded=[0, 1 << c | 1 << d | 1 << e | 1 << f, 0, 1 << c],
                          sizes=[2, 2, 2, 2])
    assert certain_holdings(knowledge) == [0, 1 << a | 1 << b, 1 << c, 0]
    # a known card stays known; the others are free again
    knowledge = Knowledge(seat=0, players=4, trump=0, unseen=unseen,
                          known=[0, 1 << d, 0, 0], excluded=[0, 0, 0, 0],
                          sizes=[2, 2, 2, 2])
    assert certain_holdings(knowledge) == [0, 1 << d, 0, 0]
    # two players with a hidden stock card: the other hand could hide any free card
    knowledge = Knowledge(seat=0, players=2, trump=0, unseen=1 << a | 1 << b | 1 << c,
                          known=[0, 1 << a], excluded=[0, 0], sizes=[2, 2],
                          stock_unknown=1)
    assert certain_holdings(knowledge) == [0, 1 << a]
    # ... unless it cannot hold the card: the stock has it, and the other hand the rest
    knowledge = Knowledge(seat=0, players=2, trump=0, unseen=1 << a | 1 << b | 1 << c,
                          known=[0, 0], excluded=[0, 1 << c], sizes=[2, 2],
                          stock_unknown=1)
    assert certain_holdings(knowledge) == [0, 1 << a | 1 << b]


def _after_the_stock(seed: int) -> Game:
    """A seeded tute a dos deal played by level 2 until four cards are left in each hand."""
    rng = random.Random(seed)
    game = Game.deal("a-dos", rng=rng)
    players = [get_player(2), get_player(2)]
    while True:
        declare_for_all(game, players, rng)
        game.close_moment()
        seat = game.to_move
        assert seat is not None
        if not game.draw_pile and game.hands[seat].bit_count() <= 4:
            return game
        apply_action(game, seat, PlayAction(players[seat].choose_card(game.view(seat), rng)))


@pytest.mark.parametrize("seed", range(6))
def test_after_the_stock_only_the_cards_the_other_player_showed_are_named(seed: int) -> None:
    """Once the stock is gone every unseen card is in the other hand; the puzzle leaves
    that count to the learner and names only what the other player showed."""
    game = _after_the_stock(seed)
    seat = game.to_move
    assert seat is not None
    other = 1 - seat
    view = game.view(seat)
    knowledge = infer(view)
    assert knowledge.unseen == game.hands[other]  # the count would name the whole hand
    known = known_holdings(view)
    assert known[seat] == 0
    assert known[other] == knowledge.known[other]
    assert known[other] & ~game.hands[other] == 0
    assert certain_holdings(knowledge)[other] == game.hands[other]


@pytest.mark.parametrize("seed", range(12))
def test_at_the_stocks_last_trick_the_known_cards_are_those_the_other_player_showed(
        seed: int) -> None:
    """Any card of the other hand it did not show may be the hidden one still to draw,
    so the cards known in it are exactly its cante still held and the card it took in a
    swap (the same as in every deal :func:`stock_worlds` gives, all those the seat
    cannot tell apart)."""
    game = _at_the_stocks_last_trick(seed)
    seat = game.to_move
    assert seat is not None
    other = 1 - seat
    shown = _shown_by(game, other)
    samples = tuple(tuple(world.hands) for world in stock_worlds(game))
    puzzle = Puzzle(id=f"a-dos/{seed}/0/sampled", ruleset="a-dos", theme="stock",
                    trump=game.trump, hands=tuple(game.hands),
                    leader=game.trick_seats()[0], trick=tuple(game.trick), to_play=seat,
                    values=(), best=(), sampled=True, samples=samples,
                    stock=tuple(game.draw_pile), known=known_holdings(game.view(seat)))
    assert puzzle.known_cards(other) == shown
    assert puzzle.known_cards(seat) == 0
    in_every_world = game.hands[other]
    for hands in samples:
        in_every_world &= hands[other]
    assert in_every_world == shown


def test_an_open_puzzle_carries_no_sampled_keys() -> None:
    data = generate(3, 1, "clasico")[0].to_json()
    assert "sampled" not in data and "samples" not in data and "stock" not in data


@pytest.mark.parametrize("ruleset", ["clasico", "a-dos"])
def test_every_puzzle_has_the_coachs_reason_for_its_best_card(ruleset: str) -> None:
    for puzzle in generate(6, 2, ruleset):
        reason = puzzle.reason
        assert reason is not None and reason.card == CARDS[puzzle.best[0]]
        assert reason.seat == puzzle.to_play
        assert reason.facts and all(f.kind in REASON_KINDS for f in reason.facts)
        assert reason.edge is None  # every hand known: the values say the rest
        for lang in ("es", "en"):
            text = reason_text(reason, "X", lang)
            assert text.startswith("X ") and CARDS[puzzle.best[0]].name(lang) in text
    sampled = generate(6, 1, "clasico", sampled=True)[0]
    assert sampled.reason is not None and sampled.reason.edge is not None
    assert sampled.reason.edge.worlds == len(sampled.samples)


CLASICO = find_rules("clasico")


def test_theme_cantes_when_the_best_card_wins_the_trick_and_keeps_a_pair_to_sing() -> None:
    # Seat 3 leads the 4 of bastos; seat 0 holds the rey and caballo of copas unsung and
    # takes the trick with the 5 of bastos: the side may sing after it.
    hands = tuple(mask_of(parse_cards(t)) for t in ("12c,11c,5b", "4o,5o,6o", "7o,6c",
                                                    "7c,2e"))
    trick = (parse_cards("4b")[0].index,)
    best = parse_cards("5b")[0].index
    values = {best: 20}
    copas = 1
    assert classify(CLASICO, 0, hands, trick, 0, 0, values, (best,), (copas,)) == "cantes"
    assert classify(CLASICO, 0, hands, trick, 0, 0, values, (best,), ()) == "ending"


def test_puzzles_under_changed_flags_are_solved_by_those_rules() -> None:
    flags = {"overtake_when_trumped": True}
    rules = find_rules("clasico", flags)
    for puzzle in generate(3, 2, "clasico", flags=flags):
        assert puzzle.id.startswith("clasico+") and puzzle.overrides == rules.overrides
        assert puzzle.to_json()["overrides"] == flags
        if puzzle.stock or puzzle.sampled:
            continue
        position = Position.from_rules(rules, list(puzzle.hands), puzzle.trump,
                                       puzzle.leader, list(puzzle.trick), cantes=False)
        assert Solver(position, puzzle.to_play).card_values() == dict(puzzle.values)
        assert puzzle_by_id(puzzle.id, flags) == puzzle
        with pytest.raises(PuzzleError, match="other flags"):
            puzzle_by_id(puzzle.id)
    with pytest.raises(PuzzleError, match="bad flags"):
        generate(3, 1, "clasico", flags={"no_such_flag": True})


def _opens_singing(rules_id: str, flags: dict[str, bool] | None, puzzle: Puzzle,
                   card: int) -> bool:
    """Is the trick so far, ``card`` played on it, one after which the seat may sing (by
    the reference winner): its own, or in four players where a side sings its side's?"""
    rules = find_rules(rules_id, flags)
    if not puzzle.trick:
        return False
    trick = (*puzzle.trick, card)
    winner = (puzzle.leader + _winner(trick, puzzle.trump)) % puzzle.players
    if rules.has_teams and rules.cante_by == "team":
        return winner % 2 == puzzle.to_play % 2
    return winner == puzzle.to_play


@pytest.mark.parametrize(("ruleset", "flags"), [
    ("clasico", None), ("a-tres", None), ("a-dos", None), ("estricto", None),
    ("clasico", {"partner_exemption": True}),
])
def test_cantes_puzzles_keep_a_pair_to_sing_and_agree_with_the_solver(
        ruleset: str, flags: dict[str, bool] | None) -> None:
    """Under every variant the cantes search finds them: the seat holds a rey and caballo,
    the best card is neither, and one of them could be played or the best card makes the
    trick one after which the seat may sing; the values are the exact solver's (the
    stock's draws in tute a dos) and the id makes the puzzle again."""
    rules = find_rules(ruleset, flags)
    for puzzle in generate(1, 1, ruleset, "cantes", flags=flags):
        hand = puzzle.hands[puzzle.to_play]
        legal = dict(puzzle.values)
        pairs = [{10 * s + REY, 10 * s + CABALLO} for s in range(4)
                 if hand >> (10 * s + REY) & 1 and hand >> (10 * s + CABALLO) & 1]
        assert any(not pair & set(puzzle.best)
                   and (pair & legal.keys()
                        or _opens_singing(ruleset, flags, puzzle, puzzle.best[0]))
                   for pair in pairs), puzzle.id
        if puzzle.stock:  # tute a dos: only while the stock lasts may a pair be sung
            assert ruleset == "a-dos" and len(puzzle.stock) == 2
            assert {card: stock_value(puzzle, card) for card in legal} == legal
        else:
            assert ruleset != "a-dos"
            position = Position.from_rules(rules, list(puzzle.hands), puzzle.trump,
                                           puzzle.leader, list(puzzle.trick), cantes=False)
            assert Solver(position, puzzle.to_play).card_values() == legal
        top = max(legal.values())
        assert set(puzzle.best) == {c for c, v in legal.items() if v == top}
        assert puzzle_by_id(puzzle.id, flags) == puzzle


def test_the_quick_search_gives_the_seeds_own_puzzles_of_its_theme() -> None:
    for ruleset, theme in (("clasico", "cantes"), ("a-dos", "stock")):
        quick = list(itertools.islice(iter_puzzles(5, ruleset, theme, quick=True), 2))
        assert len(quick) == 2
        for puzzle in quick:
            assert puzzle.theme == theme and puzzle_by_id(puzzle.id) == puzzle
    with pytest.raises(PuzzleError, match="no quick search"):
        next(iter_puzzles(5, "clasico", "counting", quick=True))


def test_theme_cantes_when_the_partners_winning_trick_is_left_to_it_where_a_side_sings(
        ) -> None:
    # Seat 2 leads the 3 of bastos, seat 3 follows low; seat 0, holding the rey and
    # caballo of copas unsung and two small bastos, leaves the trick to its partner.
    hands = tuple(mask_of(parse_cards(t)) for t in ("12c,11c,4b,5b", "6o,7o,4e",
                                                    "5e,6e", "7e,2e"))
    trick = (parse_cards("3b")[0].index, parse_cards("6b")[0].index)
    low, high = parse_cards("4b")[0].index, parse_cards("5b")[0].index
    values = {low: 30, high: 12}
    copas = 1
    assert classify(CLASICO, 0, hands, trick, 0, 0, values, (low,), (copas,)) == "cantes"
    # where only the trick's winner sings, the partner's trick opens nothing
    estricto = find_rules("estricto")
    assert classify(estricto, 0, hands, trick, 0, 0, values, (low,), (copas,)) == "ending"
