"""Share links and scenario files: round trips for every preset, and every bad input's message."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.formats.strategies import PRESET_IDS, scenarios
from tute_tutor.formats.scenario import Scenario
from tute_tutor.formats.share import (
    MAX_SCENARIOS,
    MAX_TOKEN_CHARS,
    QUERY_KEY,
    ShareError,
    decode_link,
    encode_link,
    scenarios_from_file_bytes,
    scenarios_from_file_text,
    scenarios_to_file_text,
    share_query,
    share_url,
)


def _token_of(payload: object, *, version: str = "1") -> str:
    raw = zlib.compress(json.dumps(payload).encode())
    return version + base64.urlsafe_b64encode(raw).decode().rstrip("=")


EXAMPLE = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"],
                              "trick": ["10c", "2o"]})


@pytest.mark.parametrize("ruleset", PRESET_IDS)
@given(data=st.data())
def test_link_round_trip_restores_the_scenario_for_every_preset(ruleset: str,
                                                                data: st.DataObject) -> None:
    scenario = data.draw(scenarios(ruleset))
    token = encode_link([scenario])
    assert decode_link(token) == [scenario]
    assert decode_link(token)[0].analyse() == scenario.analyse()


@pytest.mark.parametrize("ruleset", PRESET_IDS)
@given(data=st.data())
def test_file_round_trip_restores_the_scenario_for_every_preset(ruleset: str,
                                                                data: st.DataObject) -> None:
    scenario = data.draw(scenarios(ruleset))
    text = scenarios_to_file_text([scenario])
    assert isinstance(json.loads(text), dict)  # one scenario is one JSON object
    assert scenarios_from_file_text(text) == [scenario]
    assert scenarios_from_file_bytes(text.encode()) == [scenario]


@given(st.lists(scenarios(), min_size=2, max_size=12))
def test_sequence_round_trips_in_order_through_link_and_file(sequence: list[Scenario]) -> None:
    assert decode_link(encode_link(sequence)) == sequence
    text = scenarios_to_file_text(sequence)
    assert isinstance(json.loads(text), list)
    assert scenarios_from_file_text(text) == sequence


@given(scenarios())
def test_token_is_url_safe_and_versioned(scenario: Scenario) -> None:
    token = encode_link([scenario])
    assert token.startswith("1")
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_ten_scenarios_make_a_link_short_enough_to_paste() -> None:
    hands = ["12c,4c,5b", "1o,3o,7e", "10b,11b,2c", "6e,5e,4e", "1c,3c,12c"] * 2
    sequence = [Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": h})
                for h in hands]
    token = encode_link(sequence)
    assert len(token) < 600
    assert share_query(sequence) == {QUERY_KEY: token}
    assert share_url("http://host:8501/", "try_it", sequence) == \
        f"http://host:8501/try_it?s={token}"


def test_file_of_formats_example_loads() -> None:
    text = json.dumps({"ruleset": "clasico", "overrides": {}, "trump": "o",
                       "hand": ["12c", "4c", "5b"], "trick": ["10c", "2o"], "stock_left": 0})
    assert scenarios_from_file_text(text) == [EXAMPLE]


@given(st.text(max_size=60))
def test_any_text_as_a_link_gives_share_error_never_a_traceback(text: str) -> None:
    try:
        decode_link(text)
    except ShareError as error:
        assert "\n" not in str(error)


@given(st.binary(max_size=300))
def test_any_bytes_as_a_file_give_share_error_never_a_traceback(raw: bytes) -> None:
    try:
        scenarios_from_file_bytes(raw)
    except ShareError as error:
        assert "\n" not in str(error)


@given(scenarios(), st.data())
def test_altering_one_character_of_a_link_is_caught_or_still_valid(
        scenario: Scenario, data: st.DataObject) -> None:
    token = encode_link([scenario])
    position = data.draw(st.integers(1, len(token) - 1))
    replacement = data.draw(st.sampled_from("AQgw-_09"))
    tampered = token[:position] + replacement + token[position + 1:]
    try:
        restored = decode_link(tampered)
    except ShareError as error:
        assert error.reason in {"base64", "checksum", "json", "shape", "scenario", "empty"}
    else:  # an edit that zlib's checksum accepts still yields a valid scenario
        assert all(isinstance(s, Scenario) for s in restored)


@pytest.mark.parametrize(("token", "reason", "words"), [
    ("", "empty", "no scenario"),
    ("2eJzLSM3JyQcABiwCFQ", "version", "another version"),
    ("1eJz!!*", "base64", "characters"),
    ("1" + "A" * 40, "checksum", "does not unpack"),
    ("1" + "A" * (MAX_TOKEN_CHARS + 1), "too_long", "characters long"),
    (_token_of("not json at all")[:1] + base64.urlsafe_b64encode(
        zlib.compress(b"{oops")).decode().rstrip("="), "json", "not valid JSON"),
    (_token_of(42), "shape", "scenario object or a list"),
    (_token_of([]), "empty", "no scenario"),
    (_token_of({"ruleset": "clasico", "trump": "o", "hand": ["12c", "12c"]}),
     "scenario", "12c appears twice"),
    (_token_of({"ruleset": "clasico", "trump": "o", "hand": ["1o"],
                "trick": ["1c", "2c", "3c", "4c"]}), "scenario", "too long"),
    (_token_of({"ruleset": "clasico", "trump": "o", "hand": [f"{r}c" for r in
                                                            (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)]
                + ["1o"]}), "scenario", "too big"),
    (_token_of({"ruleset": "nope", "trump": "o", "hand": ["1o"]}), "scenario", "nope"),
    (_token_of({"ruleset": "clasico", "trump": "x", "hand": ["1o"]}), "scenario", "'x'"),
    (_token_of({"ruleset": "clasico", "trump": "o", "hand": ["9o"]}), "scenario", "9o"),
    (_token_of([{"ruleset": "clasico", "trump": "o", "hand": ["1o"]},
                {"ruleset": "clasico", "trump": "o"}]), "scenario", "scenario 2"),
    (_token_of([{"ruleset": "clasico", "trump": "o", "hand": ["1o"]}] * (MAX_SCENARIOS + 1)),
     "too_many", "at most"),
])
def test_malformed_link_gives_its_one_line_message(token: str, reason: str, words: str) -> None:
    with pytest.raises(ShareError) as caught:
        decode_link(token)
    assert caught.value.reason == reason
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)
    assert caught.value.code == "bad_link"


def test_zip_bomb_link_is_refused_without_unpacking_it_all() -> None:
    bomb = zlib.compress(b" " * 5_000_000, 9)
    token = "1" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    with pytest.raises(ShareError) as caught:
        decode_link(token)
    assert caught.value.reason == "too_long"


@pytest.mark.parametrize(("raw", "reason", "words"), [
    (b"\xff\xfe\x00bad", "json", "UTF-8"),
    (b"{\"ruleset\": ", "json", "line 1"),
    (b"\"just text\"", "shape", "scenario object or a list"),
    (b"[]", "empty", "no scenario"),
    (b"{\"ruleset\": \"clasico\", \"trump\": \"o\", \"hand\": [\"1o\"], \"colour\": 1}",
     "scenario", "unknown scenario key 'colour'"),
    (b"[{\"ruleset\": \"clasico\", \"trump\": \"o\", \"hand\": [\"1o\"]}, 5]",
     "scenario", "scenario 2"),
    (b"{\"ruleset\": \"a-tres\", \"trump\": \"o\", \"hand\": [\"2o\"]}", "scenario", "2o"),
    (b" " * 200_001, "too_long", "bytes"),
])
def test_malformed_file_gives_its_one_line_message(raw: bytes, reason: str, words: str) -> None:
    with pytest.raises(ShareError) as caught:
        scenarios_from_file_bytes(raw)
    assert caught.value.reason == reason
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)
    assert caught.value.code == "bad_file"


def test_saving_nothing_is_refused() -> None:
    with pytest.raises(ShareError):
        scenarios_to_file_text([])
    with pytest.raises(ShareError):
        encode_link([])


@pytest.mark.parametrize("ruleset", PRESET_IDS)
@given(data=st.data())
def test_builder_to_link_to_builder_restores_the_same_fields(ruleset: str,
                                                             data: st.DataObject) -> None:
    from tute_tutor.ui.builder import builder_fields, scenario_from_fields

    fields = builder_fields(data.draw(scenarios(ruleset)))
    built = scenario_from_fields(fields)  # what the builder shows, checked by the engine
    restored = decode_link(encode_link([built]))[0]
    assert builder_fields(restored) == fields
    assert restored.analyse() == built.analyse()
    from_file = scenarios_from_file_text(scenarios_to_file_text([built]))[0]
    assert builder_fields(from_file) == fields


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.sampled_from(
        ["clasico", "a-dos", "o", "12c", "1o", "", "hand", "partner_exemption"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["ruleset", "trump", "hand", "trick", "overrides", "stock_left",
                         "partner_exemption", "x"]), inner, max_size=6),
    max_leaves=20)


@given(JSON)
def test_any_json_payload_in_a_link_gives_scenarios_or_share_error(payload: object) -> None:
    token = _token_of(payload)
    try:
        restored = decode_link(token)
    except ShareError as error:
        assert "\n" not in str(error)
    else:
        assert all(isinstance(s, Scenario) for s in restored)
