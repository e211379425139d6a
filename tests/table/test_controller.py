"""The practice table controller: whole hands and matches, offers, refusals, undo, hint,
referee mode, announcements, reproducibility."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.table.helpers import learner_moments, learner_turn, play_hand
from tute_tutor.ai.base import Decision
from tute_tutor.ai.knowledge import infer
from tute_tutor.ai.levels import CountingPlayer, Evaluation, ExpertPlayer
from tute_tutor.engine.cards import CARDS, Card, suit_name
from tute_tutor.engine.errors import RulesError, TuteError
from tute_tutor.engine.game import CanteEvent, Game, PlayEvent, SeatView, SwapEvent, TuteEvent
from tute_tutor.engine.legal import trick_state
from tute_tutor.engine.tricks import legal_mask
from tute_tutor.engine.variants import find_rules, match_target
from tute_tutor.formats.record import replay
from tute_tutor.table.controller import (
    LEARNER,
    Hint,
    Table,
    TableConfig,
    seat_name,
)
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import card_name, describe_play, explain, explain_refusal

PRESETS = ["clasico", "las40", "ludoteka", "estricto", "a-tres", "a-dos"]


def _check_every_play_legal(game: Game) -> None:
    """Re-play the record's plays with core.legal_mask, independently of the table."""
    rules = game.rules
    hands = list(game.initial_hands)
    draw = [*(c for c in game.initial_stock), game.trump_card] if rules.has_stock else []
    # Only checks the plays once the stock is gone (free play before) and in 3/4 players.
    trick: list[int] = []
    seat = (game.dealer + 1) % game.players
    leader = seat
    swaps = [e for e in game.events if isinstance(e, SwapEvent)]
    if swaps:  # the swap changes hands; the replay check covers those hands
        return
    for event in game.events:
        if not isinstance(event, PlayEvent):
            continue
        assert event.seat == seat
        state = trick_state(trick, game.trump)
        if trick and not (rules.has_stock and draw):
            allowed = legal_mask(hands[seat], state.lead, state.high_lead, state.best,
                                 game.trump, rules.overtake_when_trumped,
                                 rules.trump_when_cannot_overtrump)
            if not rules.partner_exemption:
                assert allowed >> event.card.index & 1, f"{event.card} was not legal"
        hands[seat] ^= event.card.bit
        trick.append(event.card.index)
        if len(trick) == game.players:
            final = trick_state(trick, game.trump)
            winner = (leader + final.winner_position) % game.players
            if draw:
                hands[winner] |= 1 << draw.pop(0)
                hands[1 - winner] |= 1 << draw.pop(0)
            trick = []
            leader = seat = winner
        else:
            seat = (seat + 1) % game.players


@pytest.mark.parametrize("ruleset", PRESETS)
def test_table_plays_whole_hands_of_every_preset(ruleset: str) -> None:
    rng = random.Random(ruleset)
    for seed in range(6):
        table = Table(TableConfig(find_rules(ruleset), seed=seed))
        play_hand(table, rng)
        game = table.game
        result = game.result()
        summary = replay(table.record())
        assert summary["valid"], summary
        assert summary["totals"] == list(result.totals)
        assert summary["winner"] == result.winner
        plays = [e for e in game.events if isinstance(e, PlayEvent)]
        if game.tute is None:
            assert len(plays) == game.rules.deck_size
            assert len({e.card for e in plays}) == len(plays)
            assert sum(result.card_points) == 120
            assert sum(result.totals) == 130 + sum(result.cante_points)
        _check_every_play_legal(game)


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_every_card_played_is_announced_with_its_obligation(ruleset: str) -> None:
    table = Table(TableConfig(find_rules(ruleset), seed=11))
    play_hand(table, random.Random(1))
    plays = [a for a in table.log if a.kind == "play"]
    events = [e for e in table.game.events if isinstance(e, PlayEvent)]
    assert [(a.seat, a.entry.card) for a in plays] == [(e.seat, e.card) for e in events]
    for announcement, event in zip(plays, events, strict=True):
        assert announcement.entry.analysis is not None
        assert announcement.entry.analysis.obligation == event.obligation
        text = announcement.text("es")
        if event.seat == LEARNER:
            assert explain(announcement.entry.analysis, "es") in text
        else:
            # the obligation first; a card chosen among several is followed by its reason
            assert text.startswith(describe_play(seat_name(event.seat, "es"),
                                                 announcement.entry.analysis, event.card, "es"))
    tricks = [a for a in table.log if a.kind == "trick"]
    assert [a.seat for a in tricks] == [trick.winner for trick in table.game.tricks]
    assert table.log[-1].kind == "end"


def test_announcements_read_in_both_languages_without_raw_keys() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=2))
    play_hand(table, random.Random(2))
    spanish = table.log_texts("es")
    english = table.log_texts("en")
    assert spanish != english
    for line in spanish + english:
        assert "practice." not in line and "{" not in line


def test_computer_declarations_are_announced() -> None:
    found = 0
    for seed in range(30):
        table = Table(TableConfig(find_rules("clasico"), seed=seed))
        play_hand(table, random.Random(seed), declare=0.0)
        for event in table.game.events:
            if isinstance(event, CanteEvent) and event.seat != LEARNER:
                found += 1
                lines = [a for a in table.log if a.kind == "cante" and a.seat == event.seat
                         and a.entry.suit == event.suit]
                assert len(lines) == 1
                pair = "cuarenta" if event.points == 40 else "veinte"
                assert f"las {pair} en {suit_name(event.suit, 'es')}" in lines[0].text("es")
    assert found > 0


@pytest.mark.parametrize("ruleset", ["clasico", "estricto", "a-tres", "a-dos"])
def test_learner_is_asked_whenever_the_rules_let_them_declare(ruleset: str) -> None:
    """Each time a moment closes, the learner was offered whatever the game allowed."""
    checked = 0
    for seed in range(80):
        table = Table(TableConfig(find_rules(ruleset), seed=seed))
        rng = random.Random(seed)
        asked: set[int] = set()
        missed: list[int] = []

        def watch(table: Table = table, asked: set[int] = asked,
                  missed: list[int] = missed) -> None:
            game = table.game
            original = game.close_moment

            def close() -> None:
                if game.moment is not None:
                    could = bool(game.declarable_cantes(LEARNER)) or game.can_tute(LEARNER) \
                        or game.can_swap(LEARNER)
                    if could and game.moment.trick_number not in asked:
                        missed.append(game.moment.trick_number)
                original()

            game.close_moment = close  # type: ignore[method-assign]

        watch()
        for _ in range(500):
            table.run()
            if table.finished:
                break
            offers = table.offers()
            game = table.game
            if offers:
                assert game.moment is not None
                asked.add(game.moment.trick_number)
                checked += 1
                assert offers.cantes == tuple(game.declarable_cantes(LEARNER))
                assert offers.tute == game.can_tute(LEARNER)
                assert (offers.swap is not None) == game.can_swap(LEARNER)
            learner_turn(table, rng, declare=0.5)
        assert not missed, f"seed {seed}: learner not asked after tricks {missed}"
    assert checked > 0


def test_illegal_click_plays_nothing_and_says_why_in_the_learners_language() -> None:
    refused = 0
    for table in learner_moments("clasico", seeds=40, turns=60):
        analysis = table.learner_analysis()
        illegal = [c for c in table.learner_hand() if c not in table.legal_cards()]
        if analysis is not None and illegal:
            card = illegal[0]
            events = list(table.game.events)
            log_size = len(table.log)
            for lang in ("es", "en"):
                result = table.click(card, lang)
                assert not result.played
                assert result.message == explain_refusal(analysis, card, lang)
            assert table.game.events == events
            assert len(table.log) == log_size
            assert table.waiting_for_learner
            refused += 1
            if refused >= 5:
                break
    assert refused >= 5


def test_click_off_turn_or_card_not_held_is_refused() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=3))
    mine = set(table.learner_hand())
    other = next(c for c in CARDS if c not in mine)
    assert not table.click(other, "es").played
    assert card_name(other, "es") in table.click(other, "es").message
    table.click(table.legal_cards()[0], "es")
    assert not table.waiting_for_learner
    result = table.click(table.learner_hand()[0], "en")
    assert not result.played and "not your turn" in result.message


def test_undo_goes_back_to_the_learners_previous_decision() -> None:
    table = Table(TableConfig(find_rules("a-tres"), seed=8))
    rng = random.Random(8)
    learner_turn(table, rng)
    table.run()
    before_events = list(table.game.events)
    before_hand = table.learner_hand()
    before_log = table.log_texts("es")
    card = table.legal_cards()[-1]
    assert table.click(card, "es").played
    table.run()
    assert len(table.game.events) > len(before_events) + 1
    assert table.undo()
    assert table.game.events == before_events
    assert table.learner_hand() == before_hand
    assert table.log_texts("es") == before_log
    assert table.waiting_for_learner
    # The computers answer the same way when the same card is played again.
    table.click(card, "es")
    table.run()
    again = list(table.game.events)
    table.undo()
    table.click(card, "es")
    table.run()
    assert table.game.events == again


def test_undo_twice_and_nothing_left_to_undo() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=4))
    assert not table.undo()
    start = list(table.game.events)
    rng = random.Random(0)
    learner_turn(table, rng, declare=0)
    table.run()
    learner_turn(table, rng, declare=0)
    table.run()
    assert table.undo() and table.undo()
    assert table.game.events == start
    assert not table.can_undo


def test_undo_takes_back_a_cante() -> None:
    for table in learner_moments("clasico", seeds=60, turns=40, declare=0):
        offers = table.offers()
        if offers.cantes:
            events = list(table.game.events)
            assert table.sing(offers.cantes[0])
            assert isinstance(table.game.events[-1], CanteEvent)
            assert table.undo()
            assert table.game.events == events
            assert table.offers() == offers
            return
    pytest.fail("no cante offered to the learner in 60 seeded hands")


class FakeEvaluator:
    """Rates cards by their points and plays the dearest (a stand-in that makes the
    expected order obvious)."""

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        values = sorted(((card, 10.0 + card.points) for card in view.legal),
                        key=lambda pair: -pair[1])
        return Decision(values[0][0], "playouts", tuple(values), 24)


class WinsOverPoints:
    """Plays the cheapest card for the hand's sake, as level 4 may when winning the
    hand weighs more than a few points (it wins 18 of 24 deals, the dearest 6)."""

    def decide(self, view: SeatView, rng: random.Random) -> Decision:
        values = tuple((card, 10.0 + card.points) for card in view.legal)
        cheapest = min(view.legal, key=lambda card: (card.points, card.sort_key()))
        return Decision(cheapest, "playouts", values, 24, "wins", (18.0, 6.0))


def test_hint_rates_every_legal_card_best_first_with_reasons() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=6))
    hint = table.hint(FakeEvaluator())
    assert hint is not None
    legal = table.legal_cards()
    assert {c for c, _ in hint.ratings} == set(legal)
    assert len(hint.ratings) == len(legal)
    values = [v for _, v in hint.ratings]
    assert values == sorted(values, reverse=True)
    best = max(legal, key=lambda c: c.points)
    assert hint.best.points == best.points
    text = hint.text("es")
    assert card_name(hint.best, "es") in text
    assert str(round(values[0])) in text
    if len(values) > 1:
        worst_card, worst_value = hint.ratings[-1]
        loss = round(values[0]) - round(worst_value)
        assert (f"{loss} menos" if loss else "(lo mismo)") in text
        assert card_name(worst_card, "es") in text


def test_hint_differences_are_those_of_the_numbers_shown() -> None:
    near = Hint(((Card.parse("3o"), 60.4), (Card.parse("1o"), 59.6), (Card.parse("4o"), 56.6)))
    assert near.text("es") == (
        "Mejor carta: el tres de oros; con ella tu lado se lleva 60 puntos de media desde "
        "aquí. Con el as de oros, 60 de media (lo mismo). Con el cuatro de oros, 57 de "
        "media (3 menos).")
    assert "(just as good)" in near.text("en") and "3 fewer" in near.text("en")


def test_hint_only_on_the_learners_card() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=6))
    table.click(table.legal_cards()[0], "es")
    assert table.hint(FakeEvaluator()) is None


def test_hint_advises_the_card_level_four_plays_even_when_another_takes_more_points() -> None:
    table = next(t for t in learner_moments("clasico", seeds=20, turns=20, declare=0)
                 if len({c.points for c in t.legal_cards()}) > 1 and t.hint(WinsOverPoints()))
    hint = table.hint(WinsOverPoints())
    assert hint is not None
    cheapest = min(table.legal_cards(), key=lambda card: (card.points, card.sort_key()))
    dearest = max(table.legal_cards(), key=lambda card: card.points)
    assert hint.best == cheapest and hint.chosen == "wins" and hint.wins == (0.75, 0.25)
    assert hint.richest[0].points == dearest.points
    loss = dearest.points - cheapest.points
    for lang, more in (("en", "more"), ("es", "más")):
        why = hint.why(lang)
        assert why.startswith(t("practice.hint.sentence_only", lang,
                                card=card_name(cheapest, lang)).split(":")[0] + ":")
        assert t_count("practice.hint.sentence_wins", loss, lang, card=card_name(
            cheapest, lang), why=t(f"practice.hint.why.{hint.reason}", lang,
                                   points=hint.points), other=card_name(hint.richest[0], lang),
            loss=loss, own=75, theirs=25) == why
        assert "75" in why and "25" in why
        text = hint.text(lang)
        assert f"({loss} {more})" in text and "75" in text and "25" in text


class RulesCardAHairBelow(ExpertPlayer):
    """Level 4 whose playouts rate level 3's card 94.4 and another card 94.6: a fifth
    of a point apart, shown as 94 and 95."""

    def evaluations(self, view: SeatView, rng: random.Random) -> list[Evaluation]:
        ruled = CountingPlayer().rule_choice(view, infer(view))
        other = next(card for card in view.legal if card.index != ruled)
        value = {ruled: 94.4, other.index: 94.6}
        rated = [Evaluation(card, value.get(card.index, 80.0), 24, exact=False,
                            score=value.get(card.index, 80.0)) for card in view.legal]
        return sorted(rated, key=lambda e: -e.value)


def test_hint_sentence_agrees_with_its_rounded_figures_when_the_card_is_a_hair_below(
) -> None:
    # Level 4 keeps level 3's card a fifth of a point below another: the hint shows 94
    # and "95 (1 more)", so its sentence must say why, never "worth just as much".
    table = next(t for t in learner_moments("clasico", seeds=20, turns=20, declare=0)
                 if len(t.legal_cards()) > 1)
    hint = table.hint(RulesCardAHairBelow())
    assert hint is not None and hint.chosen == "sound"
    view = table.game.view(LEARNER)
    assert hint.best.index == CountingPlayer().rule_choice(view, infer(view))
    other = hint.richest[0]
    for lang in ("en", "es"):
        names = {"card": card_name(hint.best, lang), "other": card_name(other, lang),
                 "why": t(f"practice.hint.why.{hint.reason}", lang, points=hint.points)}
        assert hint.why(lang) == t_count("practice.hint.sentence_sound", 1, lang, **names,
                                         loss=1, own=0, theirs=0)
        text = hint.text(lang)
        assert t("practice.hint.more", lang, card=names["other"], points=95, gain=1) in text
        assert t("practice.hint.chosen_sound", lang, card=names["card"], own=0, theirs=0,
                 other=names["other"]) in text


def test_hint_of_a_forced_card_names_it_without_numbers() -> None:
    forced = Hint(((Card.parse("4o"), 0.0),))
    assert forced.text("en") == forced.why("en") == (
        "Play the four of coins: it is your only legal card.")


def test_hint_uses_the_level_four_evaluation() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=9))
    table.click(table.legal_cards()[0], "es")
    table.run()
    hint = table.hint()
    assert hint is not None
    assert {c for c, _ in hint.ratings} == set(table.legal_cards())
    view = table.game.view(LEARNER)
    decision = ExpertPlayer().decide(view, table._rng("hint", LEARNER))
    assert hint.best == decision.card and hint.chosen == decision.why


def _find_illegal_moment(ruleset: str, referee: bool) -> tuple[Table, Card]:
    for table in learner_moments(ruleset, seeds=60, turns=60, declare=0, referee=referee):
        illegal = [c for c in table.learner_hand() if c not in table.legal_cards()]
        if table.legal_cards() and illegal:
            return table, illegal[0]
    raise AssertionError("no illegal choice found")


def test_referee_mode_plays_the_renuncio_flags_it_and_scores_it() -> None:
    table, card = _find_illegal_moment("clasico", referee=True)
    analysis = table.learner_analysis()
    assert analysis is not None
    result = table.click(card, "es")
    assert result.played and result.renuncio
    reason = analysis.refused_reason(card)
    assert reason is not None
    game = table.game
    assert game.finished and game.renuncio is not None and game.renuncio.card == card
    hand = game.result()
    assert hand.reason == "renuncio"
    assert hand.winner != game.side_of(LEARNER)
    assert table.log[-2].kind == "renuncio"
    text = table.log[-2].text("es")
    assert explain_refusal(analysis, card, "es").split(": ", 1)[1] in text
    for allowed in analysis.legal:
        assert card_name(allowed, "es") in text
    assert "Renuncio" in table.log[-1].text("es") or "renuncio" in table.log[-1].text("es")
    # The engine's replay refuses the record at that very event.
    record = table.record()
    summary = replay(record)
    assert not summary["valid"]
    assert summary["error"]["code"] == "renuncio"
    assert summary["error"]["event"] == len(record["events"]) - 1
    # Undo takes the renuncio back.
    assert table.undo()
    assert not table.game.finished and table.game.renuncio is None


def test_without_referee_mode_the_same_click_is_refused() -> None:
    table, card = _find_illegal_moment("clasico", referee=False)
    assert not table.click(card, "es").played
    assert not table.game.finished


def test_referee_exercise_computers_may_commit_renuncios() -> None:
    flagged = 0
    for seed in range(20):
        table = Table(TableConfig(find_rules("clasico"), seed=seed, referee=True,
                                  computer_renuncio=1.0))
        play_hand(table, random.Random(seed), declare=0)
        renuncio = table.game.renuncio
        if renuncio is not None and renuncio.seat != LEARNER:
            flagged += 1
            assert table.game.result().winner != table.game.side_of(renuncio.seat)
            assert any(a.kind == "renuncio" and a.seat == renuncio.seat for a in table.log)
    assert flagged > 0


def test_step_advances_one_visible_computer_action_at_a_time() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=5))
    table.click(table.legal_cards()[0], "es")
    steps = 0
    while not table.waiting_for_learner and not table.finished:
        size = len(table.log)
        plays_before = sum(isinstance(e, PlayEvent) for e in table.game.events)
        assert table.thinking_seat() not in (None, LEARNER)
        if not table.step():  # only silent computer turns were left before the learner's
            assert table.waiting_for_learner or table.finished
            assert len(table.log) == size
            break
        steps += 1
        plays_after = sum(isinstance(e, PlayEvent) for e in table.game.events)
        assert len(table.log) > size
        assert plays_after - plays_before <= 1
    assert steps >= 1
    assert not table.step()


@given(st.integers(0, 10_000), st.sampled_from(["clasico", "a-tres", "a-dos"]))
def test_same_seed_and_same_choices_give_the_same_hand(seed: int, ruleset: str) -> None:
    records = []
    for _ in range(2):
        table = Table(TableConfig(find_rules(ruleset), seed=seed))
        play_hand(table, random.Random(seed))
        records.append(table.record())
    assert records[0] == records[1]


@pytest.mark.parametrize("ruleset", ["clasico", "las40", "ludoteka", "a-tres", "a-dos"])
def test_table_plays_a_whole_match(ruleset: str) -> None:
    rules = find_rules(ruleset)
    kind, target = match_target(rules)
    table = Table(TableConfig(find_rules(ruleset), seed=21))
    rng = random.Random(21)
    dealers = []
    for _ in range(40):
        dealers.append(table.game.dealer)
        play_hand(table, rng)
        previous = table.game
        if table.match_finished:
            break
        assert table.next_hand()
        if rules.next_dealer == "last_trick_winner" and previous.tricks:
            assert table.game.dealer == previous.tricks[-1].winner
        else:
            assert table.game.dealer == (previous.dealer + 1) % rules.players
        assert table.hand_number == len(dealers) + 1
    assert table.match_finished
    scores = table.match_scores()
    if kind != "streak":
        assert max(scores) >= target
    assert not table.next_hand()
    if rules.first_hand_trump is not None:
        first = Table(TableConfig(find_rules(ruleset), seed=21)).game
        assert first.trump == {"o": 0, "c": 1, "e": 2, "b": 3}[rules.first_hand_trump]


def test_next_hand_needs_a_finished_hand() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=1))
    assert not table.next_hand()
    assert table.hand_number == 1


def test_status_shows_turn_trick_winner_partner_trump_and_score() -> None:
    table = Table(TableConfig(find_rules("clasico"), seed=12))
    status = table.status()
    assert status.to_move == LEARNER and status.trick == ()
    assert status.trump_card == CARDS[table.game.trump_card]
    table.click(table.legal_cards()[0], "es")
    table.step()
    table.step()  # learner, Bruno, Carmen have played
    status = table.status()
    assert status.trick_seats == (0, 1, 2)
    state = trick_state([c.index for c in status.trick], status.trump)
    assert status.winning_seat == state.winner_position
    assert status.winning_is_partner == (state.winner_position == 2)
    assert status.winning_is_learner == (state.winner_position == 0)
    assert status.points == table.game.points_so_far()


def test_levels_are_checked() -> None:
    with pytest.raises(RulesError):
        Table(TableConfig(find_rules("clasico"), levels=(1, 7, 1)))
    with pytest.raises(TuteError):
        Table(TableConfig(find_rules("no-such-preset")))


def test_level_of_repeats_the_last_level() -> None:
    config = TableConfig(find_rules("clasico"), levels=(2,))
    assert [config.level_of(s) for s in (1, 2, 3)] == [2, 2, 2]
    assert TableConfig(find_rules("clasico")).level_of(3) == 1


def test_tute_and_swap_events_are_announced() -> None:
    seen_swap = seen_tute = False
    for seed in range(200):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed))
        play_hand(table, random.Random(seed), declare=1.0)
        swaps = [e for e in table.game.events if isinstance(e, SwapEvent)]
        lines = [a for a in table.log if a.kind == "swap"]
        assert [(a.seat, a.entry.card, a.entry.other) for a in lines] == \
            [(e.seat, e.given, e.taken) for e in swaps]
        seen_swap = seen_swap or bool(swaps)
        for event in table.game.events:
            if isinstance(event, TuteEvent):
                seen_tute = True
                assert any(a.kind == "tute" for a in table.log)
        if seen_swap and seen_tute:
            break
    assert seen_swap


def test_two_player_draws_are_told_to_the_learner() -> None:
    for seed in range(5):
        table = Table(TableConfig(find_rules("a-dos"), seed=seed))
        play_hand(table, random.Random(seed), declare=0.0)
        game = table.game
        if game.tute is not None:
            continue
        mine = [a.entry.card for a in table.log if a.kind == "draw" and a.seat == LEARNER]
        rounds = (len(game.initial_stock) + 1) // 2
        assert len(mine) == rounds
        played = {e.card for e in game.events if isinstance(e, PlayEvent) and e.seat == LEARNER}
        assert set(mine) <= played
        dealt = {c for c in CARDS if game.initial_hands[LEARNER] >> c.index & 1}
        assert not set(mine) & dealt
        for line in table.log_texts("es"):
            assert "practice." not in line


def test_undo_in_two_players_does_not_repeat_the_draw_announcement() -> None:
    table = Table(TableConfig(find_rules("a-dos"), seed=3))
    rng = random.Random(3)
    for _ in range(3):
        table.run()
        learner_turn(table, rng, declare=0.0)
    table.run()
    before = table.log_texts("es")
    learner_turn(table, rng, declare=0.0)
    table.run()
    assert table.undo()
    assert table.log_texts("es") == before


@given(st.sampled_from(PRESETS), st.integers(0, 100_000), st.integers(0, 100_000),
       st.sampled_from([(1,), (2,), (3,), (1, 2, 3)]))
def test_any_seed_and_any_learner_give_a_valid_announced_hand(
        ruleset: str, seed: int, policy: int, levels: tuple[int, ...]) -> None:
    table = Table(TableConfig(find_rules(ruleset), seed=seed, levels=levels))
    play_hand(table, random.Random(policy), declare=0.5)
    game = table.game
    summary = replay(table.record())
    assert summary["valid"]
    assert summary["totals"] == list(game.result().totals)
    announced = [(a.seat, a.entry.card) for a in table.log if a.kind == "play"]
    assert announced == [(e.seat, e.card) for e in game.events if isinstance(e, PlayEvent)]
    sung = [(a.seat, a.entry.suit) for a in table.log if a.kind == "cante"]
    assert sung == [(e.seat, e.suit) for e in game.events if isinstance(e, CanteEvent)]
    assert table.log[-1].kind == "end"
