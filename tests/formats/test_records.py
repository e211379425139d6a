"""Hand records (docs/FORMATS.md, "Hand record (tute-hand/1)"): export, replay, error
codes with the event index, and hypothesis: round trips hold and malformed records never
escape as another exception."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.engine.helpers import random_game
from tute_tutor.engine.cards import Card
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import Game
from tute_tutor.engine.variants import PRESETS
from tute_tutor.formats.record import ReplayError, game_from_record, replay, replay_game, summary

CODES = {"renuncio", "not_in_hand", "bad_cante", "bad_tute", "bad_swap", "hand_over",
         "bad_record"}


def finished_record(ruleset: str = "clasico", seed: int = 1) -> dict[str, Any]:
    game = random_game(ruleset, seed, eager=0.0)
    return game.to_record()


def error_of(record: object) -> dict[str, Any]:
    result = replay(record)
    assert result["valid"] is False
    error: dict[str, Any] = result["error"]
    assert set(error) == {"event", "code", "message"}
    assert error["code"] in CODES
    assert error["message"] and "\n" not in error["message"]
    return error


def test_record_has_the_fields_of_the_format() -> None:
    record = finished_record()
    assert record["format"] == "tute-hand/1"
    assert set(record) == {"format", "ruleset", "overrides", "dealer", "trump_card", "hands",
                           "stock", "events"}
    assert len(record["hands"]) == 4 and all(len(h) == 10 for h in record["hands"])
    assert record["trump_card"] in record["hands"][record["dealer"]]
    assert all(set(e) == {"play"} for e in record["events"])
    assert json.loads(json.dumps(record)) == record


def test_two_player_record_lists_the_stock_top_first_without_the_face_up_card() -> None:
    record = finished_record("a-dos", 3)
    assert len(record["stock"]) == 23
    assert record["trump_card"] not in record["stock"]


def test_replay_answer_fields() -> None:
    record = finished_record()
    result = replay(record)
    assert result["valid"] is True
    assert len(result["tricks"]) == 10
    for trick in result["tricks"]:
        assert set(trick) == {"leader", "cards", "winner", "points"}
    assert result["tute"] is None and len(result["totals"]) == 2
    assert result["winner"] in (0, 1) and result["last_trick"] in (0, 1)


def test_partial_record_replays_as_unfinished() -> None:
    record = finished_record()
    record["events"] = record["events"][:7]
    result = replay(record)
    assert result["valid"] and not result["finished"] and result["winner"] is None


# ----------------------------------------------------------------- error codes
def _position_with_illegal_card(record: dict[str, Any]) -> tuple[int, str]:
    game = game_from_record(record)
    for index, event in enumerate(record["events"]):
        if "play" in event and not game.moment:
            analysis = game.analyse()
            illegal = [c for c in analysis.hand if c not in analysis.legal]
            if illegal:
                return index, str(illegal[0])
        game.play(Card.parse(event["play"]))
    raise AssertionError("no refusal in this hand")


def test_illegal_play_is_a_renuncio_at_its_event_index() -> None:
    record = finished_record(seed=5)
    index, code = _position_with_illegal_card(record)
    record["events"][index] = {"play": code}
    error = error_of(record)
    assert (error["event"], error["code"]) == (index, "renuncio")


def test_card_not_in_hand_names_the_event() -> None:
    record = finished_record(seed=6)
    other = record["hands"][(record["dealer"] + 2) % 4][0]
    record["events"][0] = {"play": other}
    assert error_of(record)["event"] == 0
    assert error_of(record)["code"] == "not_in_hand"


@pytest.mark.parametrize(("event", "code"), [
    ({"cante": "c", "seat": 0}, "bad_cante"),
    ({"tute": "reyes", "seat": 1}, "bad_tute"),
    ({"swap": True, "seat": 0}, "bad_swap"),
    ({"cante": "x", "seat": 0}, "bad_record"),
    ({"tute": "sotas", "seat": 0}, "bad_record"),
    ({"swap": 1, "seat": 0}, "bad_record"),
    ({"cante": "c"}, "bad_record"),
    ({"cante": "c", "seat": 7}, "bad_record"),
    ({"jump": True}, "bad_record"),
    ({"play": "1o", "seat": 9}, "bad_record"),
    ("3c", "bad_record"),
    ({"play": "13c"}, "bad_record"),
])
def test_bad_event_codes(event: object, code: str) -> None:
    record = finished_record(seed=7)
    record["events"].insert(3, event)
    error = error_of(record)
    assert (error["event"], error["code"]) == (3, code)


def test_event_after_the_end_is_hand_over() -> None:
    record = finished_record(seed=8)
    record["events"].append({"play": record["events"][0]["play"]})
    error = error_of(record)
    assert (error["event"], error["code"]) == (40, "hand_over")


@pytest.mark.parametrize(("change", "words"), [
    ({"format": "tute-hand/2"}, "format"),
    ({"ruleset": "mus"}, "mus"),
    ({"overrides": {"nope": 1}}, "nope"),
    ({"dealer": 4}, "dealer"),
    ({"dealer": True}, "dealer"),
    ({"trump_card": "8o"}, "trump_card"),
    ({"hands": []}, "hands"),
    ({"stock": ["1o"]}, "stock"),
    ({"events": {}}, "events"),
    ({"extra": 1}, "extra"),
])
def test_malformed_record_is_bad_record_without_an_event(change: dict[str, Any],
                                                         words: str) -> None:
    record = finished_record(seed=9)
    record.update(change)
    error = error_of(record)
    assert error["event"] is None and error["code"] == "bad_record"
    assert words in error["message"]


def test_card_dealt_twice_or_trump_card_elsewhere_is_refused() -> None:
    record = finished_record(seed=10)
    twice = copy.deepcopy(record)
    twice["hands"][0][0] = twice["hands"][1][0]
    assert "twice" in error_of(twice)["message"]
    moved = copy.deepcopy(record)
    seat = (moved["dealer"] + 1) % 4
    moved["trump_card"] = moved["hands"][seat][0]
    assert "dealer" in error_of(moved)["message"]


def test_replay_error_carries_index_and_code() -> None:
    record = finished_record(seed=11)
    record["events"].insert(0, {"cante": "o", "seat": 0})
    with pytest.raises(ReplayError) as info:
        replay_game(record)
    assert isinstance(info.value, TuteError)
    assert info.value.to_json()["event"] == 0


# ----------------------------------------------------------------- round trips
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000), st.floats(0, 1))
def test_record_round_trip_replays_to_the_same_result(ruleset: str, seed: int,
                                                      eager: float) -> None:
    game = random_game(ruleset, seed, eager=eager)
    record = game.to_record()
    again = replay_game(json.loads(json.dumps(record)))
    assert again.to_record() == record
    assert summary(again) == summary(game)
    assert again.result() == game.result()


@given(st.sampled_from(["clasico", "a-dos"]), st.integers(0, 500), st.integers(1, 30))
def test_undo_then_redo_gives_the_same_record(ruleset: str, seed: int, back: int) -> None:
    game = random_game(ruleset, seed)
    record = game.to_record()
    events = list(game.events)
    keep = max(0, len(events) - back)
    game.undo_to(keep)
    assert len(game.events) == keep
    assert not game.finished or keep == len(events)
    for event in events[keep:]:
        game.apply(event)
    assert game.to_record() == record


# ----------------------------------------------------------------- malformed input
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.floats(allow_nan=False)
    | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12)
KEYS = ["format", "ruleset", "overrides", "dealer", "trump_card", "hands", "stock", "events"]


@given(JSON)
def test_any_json_gives_a_replay_answer_never_an_exception(data: object) -> None:
    result = replay(data)
    assert result["valid"] is False
    assert result["error"]["code"] in CODES
    assert "\n" not in result["error"]["message"]


@given(st.integers(0, 200), st.sampled_from(KEYS), JSON)
def test_a_corrupted_field_gives_a_replay_answer(seed: int, key: str, value: object) -> None:
    record = finished_record("clasico" if seed % 2 else "a-dos", seed)
    record[key] = value
    result = replay(record)
    if not result["valid"]:
        assert result["error"]["code"] in CODES
        assert "\n" not in result["error"]["message"]


@given(st.integers(0, 200), st.data())
def test_corrupted_events_give_a_replay_answer_naming_the_event(seed: int,
                                                                data: st.DataObject) -> None:
    record = finished_record(["clasico", "a-tres", "a-dos"][seed % 3], seed)
    events = record["events"]
    index = data.draw(st.integers(0, len(events) - 1))
    action = data.draw(st.sampled_from(["drop", "dup", "swap", "replace", "insert"]))
    if action == "drop":
        del events[index]
    elif action == "dup":
        events.insert(index, events[index])
    elif action == "swap" and index + 1 < len(events):
        events[index], events[index + 1] = events[index + 1], events[index]
    elif action == "replace":
        events[index] = data.draw(JSON)
    else:
        events.insert(index, data.draw(st.fixed_dictionaries(
            {data.draw(st.sampled_from(["play", "cante", "tute", "swap"])): JSON,
             "seat": st.integers(-1, 4)})))
    result = replay(record)
    if not result["valid"]:
        error = result["error"]
        assert error["code"] in CODES
        assert error["event"] is None or 0 <= error["event"] <= len(events)


def test_game_deal_rejects_unknown_rule_sets_with_a_tute_error() -> None:
    with pytest.raises(TuteError):
        Game.deal("nope")
