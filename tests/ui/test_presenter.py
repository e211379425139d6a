"""Presenter helpers: step navigation over a deck, and hand records walked play by play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import seen
from tute_tutor.engine.cards import Card
from tute_tutor.engine.game import Game
from tute_tutor.formats.record import ReplayError, replay
from tute_tutor.formats.scenario import Scenario
from tute_tutor.ui.builder import append_code, base_url, build_scenario, used_codes
from tute_tutor.ui.presenter import (
    STEPS,
    clamp_position,
    leader_sentence,
    seat_name,
    step_back,
    step_forward,
    walk_record,
    winning_position,
    winning_sentence,
)
from tute_tutor.words.explain import describe_play


@given(st.integers(1, 12), st.lists(st.booleans(), max_size=80))
def test_forward_and_back_stay_inside_the_deck_and_undo_each_other(
        slides: int, moves: list[bool]) -> None:
    slide, step = 0, 0
    for forward in moves:
        before = (slide, step)
        slide, step = (step_forward if forward else step_back)(slide, step, slides)
        assert 0 <= slide < slides and 0 <= step < len(STEPS)
        if (slide, step) != before:
            undo = step_back if forward else step_forward
            assert undo(slide, step, slides) == before


def test_forward_visits_every_step_of_every_slide_once() -> None:
    position = (0, 0)
    visited = [position]
    for _ in range(20):
        position = step_forward(*position, 3)
        if position != visited[-1]:
            visited.append(position)
    assert visited == [(s, k) for s in range(3) for k in range(len(STEPS))]


def test_clamp_keeps_position_in_a_shrunk_deck() -> None:
    assert clamp_position(5, 2, 3) == (2, 2)
    assert clamp_position(1, 9, 0) == (0, 0)


def test_leader_and_winner_seen_from_the_player_to_move() -> None:
    s = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["1c"],
                            "trick": ["10c", "2o", "7c"]})
    assert leader_sentence(s, "en") == "Led by: Opponent after you."
    assert winning_position(s) == 1
    assert winning_sentence(s.analyse(), "en") == \
        "The two of coins is winning: it is your partner's card."
    empty = Scenario.from_json({"ruleset": "a-dos", "trump": "o", "hand": ["1c"]})
    assert leader_sentence(empty, "es") == "Sales tú: la mesa está vacía."
    assert winning_position(empty) is None


def test_winner_on_the_projector_is_named_in_the_drawn_deck() -> None:
    s = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["1c"],
                            "trick": ["10c", "11o", "7c"]})
    assert winning_sentence(s.analyse(), "es", "french") == \
        "Va ganando la reina de diamantes (Q♦): es de tu compañero."
    assert winning_sentence(s.analyse(), "en", "french") == \
        "The queen of diamonds (Q♦) is winning: it is your partner's card."
    assert winning_sentence(s.analyse(), "es") == \
        "Va ganando el caballo de oros: es de tu compañero."


def _random_record(ruleset: str, seed: int, *, sing: bool = False) -> dict[str, object]:
    game = Game.deal(ruleset, seed=seed)
    rng = random.Random(seed)
    while not game.finished:
        if sing and game.moment is not None:
            for seat in range(game.players):
                for suit in game.declarable_cantes(seat):
                    if game.can_cante(seat, suit):
                        game.cante(seat, suit)
        game.play(rng.choice(game.legal_plays()))
    return game.to_record()


@pytest.mark.parametrize("ruleset", ["clasico", "estricto", "a-tres", "a-dos"])
def test_walk_explains_every_card_with_the_engines_analysis(ruleset: str) -> None:
    record = _random_record(ruleset, 7)
    walk = walk_record(record, "es")
    result = replay(record)
    assert walk.result["totals"] == result["totals"]
    assert [(tr.winner, tr.points) for tr in walk.tricks] == \
        [(tr["winner"], tr["points"]) for tr in result["tricks"]]
    plays = [p for trick in walk.tricks for p in trick.plays]
    events = [e["play"] for e in record["events"] if "play" in e]  # type: ignore[attr-defined]
    assert [str(p.card) for p in plays] == events
    for play in plays:
        assert play.is_legal
        name = seat_name(play.seat, walk.players, "es")
        assert play.sentence == describe_play(name, play.analysis, play.card, "es")


def test_cantes_are_noted_after_the_trick_that_opened_them() -> None:
    for seed in range(200):
        record = _random_record("clasico", seed, sing=True)
        if any("cante" in e for e in record["events"]):  # type: ignore[attr-defined]
            break
    else:  # pragma: no cover - a cante turns up within a few seeds
        pytest.fail("no cante in 200 random hands")
    walk = walk_record(record, "en")
    notes = [(trick.number, note) for trick in walk.tricks for note in trick.notes]
    cantes = replay(record)["cantes"]
    assert len(notes) == len(cantes)
    assert [n for n, _ in notes] == [c["after_trick"] for c in cantes]
    assert all(" sings in " in note for _, note in notes)


def test_renuncio_in_a_record_is_reported_not_walked() -> None:
    for seed in range(50):
        game = Game.deal("clasico", seed=seed)
        first = game.legal_plays()[0]
        game.play(first)
        illegal = [c for c in game.analyse().hand if c not in game.analyse().legal]
        if illegal:
            break
    else:  # pragma: no cover - somebody must follow suit within a few deals
        pytest.fail("no deal with a refused second card")
    record = game.to_record()
    record["events"] = [{"play": str(first)}, {"play": str(illegal[0])}]
    with pytest.raises(ReplayError) as caught:
        walk_record(record, "es")
    assert caught.value.code == "renuncio"
    assert caught.value.event == 1


@pytest.mark.parametrize("record", [None, [], {"format": "tute-hand/2"},
                                    {"format": "tute-hand/1", "ruleset": "nope"}])
def test_malformed_record_raises_one_line_error(record: object) -> None:
    with pytest.raises(ReplayError) as caught:
        walk_record(record, "es")
    assert "\n" not in str(caught.value)


def test_builder_fields_parse_and_validate() -> None:
    assert build_scenario("clasico", "o", "10c", "12c, 4c").hand == \
        (Card.parse("12c"), Card.parse("4c"))
    assert used_codes("10c, 9x", "12C ,") == {"10c", "12c"}
    assert append_code("10c, ", Card.parse("2o")) == "10c, 2o"
    assert append_code("", Card.parse("2o")) == "2o"
    assert base_url("http://h:8501/teacher?s=1") == "http://h:8501"
    assert base_url("http://h:8501/") == "http://h:8501"


def test_generated_worksheet_set_is_reproducible_from_its_seed() -> None:
    from tute_tutor.engine.variants import find_rules
    from tute_tutor.ui.builder import generated_set

    rules = find_rules("clasico")
    first = generated_set(rules, "montar", 2, 5, seed=4)
    assert first == generated_set(rules, "montar", 2, 5, seed=4)
    assert first != generated_set(rules, "montar", 2, 5, seed=5)
    assert [s.analyse().obligation for s in first] == ["montar"] * 5


@pytest.mark.parametrize(("fields", "key", "values"), [
    (("clasico", "o", "10c", "10c, 4c", 0), "twice", {"card": "10c"}),
    (("clasico", "o", "1c, 2c, 3c, 4c", "5c", 0), "trick_too_long", {"count": 4, "most": 3}),
    (("a-tres", "o", "1c, 2c, 3c", "5c", 0), "trick_too_long", {"count": 3, "most": 2}),
    (("clasico", "o", "", "1o,3o,12o,11o,10o,7o,6o,5o,4o,2o,1c", 0), "hand_too_big",
     {"count": 11, "most": 10}),
    (("clasico", "o", "9x", "1o", 0), "bad_code", {"code": "'9x'"}),
    (("clasico", "o", "8c", "1o", 0), "bad_rank", {"code": "'8c'"}),
    (("clasico", "o", "", "", 0), "empty_hand", {}),
    (("a-tres", "o", "", "2o", 0), "no_2o", {}),
    (("a-dos", "o", "", "1o", 3), "stock_odd", {"count": 3}),
    (("a-dos", "o", "", "1o", 4), "stock_hand", {"count": 1, "most": 8}),
])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_impossible_builder_scenario_is_explained_in_the_page_language(
        fields: tuple[str, str, str, str, int], key: str, values: dict[str, object],
        lang: str) -> None:
    from tute_tutor.engine.errors import TuteError
    from tute_tutor.ui.builder import scenario_problem
    from tute_tutor.words.catalog import t_count

    with pytest.raises(TuteError) as caught:
        build_scenario(*fields)
    count = values.get("count", 0)  # a counted message follows the plural rules
    assert isinstance(count, int)
    assert seen(scenario_problem(str(caught.value), lang)) == \
        t_count(f"teacher.problem.{key}", count, lang, **values)


@settings(max_examples=20)
@given(st.sampled_from(["clasico", "las40", "ludoteka", "estricto", "a-tres", "a-dos"]),
       st.integers(0, 10_000), st.booleans())
def test_walk_agrees_with_replay_on_random_hands(ruleset: str, seed: int, sing: bool) -> None:
    record = _random_record(ruleset, seed, sing=sing)
    walk = walk_record(record, "en")
    result = replay(record)
    assert result["valid"]
    assert [(tr.winner, tr.points, [str(p.card) for p in tr.plays]) for tr in walk.tricks] == \
        [(tr["winner"], tr["points"], tr["cards"]) for tr in result["tricks"]]
    assert sum(len(tr.notes) for tr in walk.tricks) == \
        sum(1 for e in record["events"] if "play" not in e)  # type: ignore[attr-defined]


def test_cante_letters_in_any_case_the_engine_accepts_are_walked() -> None:
    for seed in range(200):
        record = _random_record("clasico", seed, sing=True)
        if any("cante" in e for e in record["events"]):  # type: ignore[attr-defined]
            break
    for event in record["events"]:  # type: ignore[attr-defined]
        if "cante" in event:
            event["cante"] = f" {event['cante'].upper()} "
    assert replay(record)["valid"]
    notes = [note for trick in walk_record(record, "es").tricks for note in trick.notes]
    assert notes and all(" canta en " in note for note in notes)


@pytest.mark.parametrize(("ruleset", "announced"), [("a-tres", False), ("clasico", True)])
def test_slide_and_try_it_announce_the_partner_exemption_only_with_partners(
        ruleset: str, announced: bool) -> None:
    from tute_tutor.ui.presenter import slide_caption
    from tute_tutor.ui.try_it import question_heading

    scenario = Scenario.from_json({"ruleset": ruleset, "overrides": {"partner_exemption": True},
                                   "trump": "o", "hand": ["12c", "4c"], "trick": ["10c"]})
    for lang, line in (("es", "exención del compañero"), ("en", "partner exemption")):
        assert (line in slide_caption(scenario, lang)) is announced
        assert (line in question_heading(scenario, lang)) is announced
