"""The one validation layer (formats/inputs.py, formats/limits.py): bounded reads, bounded
JSON numbers, ASCII whole numbers, batches that go on, and every format entry point fed
hostile input (scenario text, hand records, share links, scenario files)."""

from __future__ import annotations

import base64
import io
import json
import sys
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import HOSTILE_TEXTS, hostile_text
from tute_tutor.engine.errors import RulesError, TuteError
from tute_tutor.formats.inputs import (
    InputError,
    is_ascii_whole,
    parse_flag_text,
    parse_json,
    parse_whole,
    read_batch,
    read_input,
)
from tute_tutor.formats.limits import LIMITS, MAX_FILE_BYTES, MAX_NUMBER_DIGITS
from tute_tutor.formats.record import load_record_text, replay
from tute_tutor.formats.scenario import Scenario
from tute_tutor.formats.share import decode_link, scenarios_from_file_bytes

FAST = settings(max_examples=60, deadline=None)


def one_line(error: TuteError) -> None:
    """A clear message: one line, a code, no Python internals, of reasonable length."""
    assert error.code and error.message
    assert "\n" not in error.message and "\r" not in error.message
    assert "Traceback" not in error.message
    assert len(error.message) < 600, error.message


# ------------------------------------------------------------------------------ numbers
@given(st.one_of(st.text(max_size=25), st.sampled_from(
    ["²", "٣", "１２", "1_000", "+5", "-0", " 7 ", "9" * 19, "9" * 5000, "0x10", "1e3"])))
@FAST
def test_whole_numbers_take_ascii_digits_in_range_only(text: str) -> None:
    try:
        number = parse_whole(text, name="--count", low=1, high=100)
    except InputError as error:
        one_line(error)
        assert "--count" in error.message
    else:
        assert 1 <= number <= 100
        assert is_ascii_whole(text.strip(" \t"))


@pytest.mark.parametrize("text", ["²", "٣", "١٢", "𝟗", "５"])
def test_unicode_digits_are_refused_although_isdigit_takes_them(text: str) -> None:
    assert text.isdigit() or text.isdecimal()
    with pytest.raises(InputError, match="0-9"):
        parse_whole(text, name="--seed", low=0, high=10)
    with pytest.raises(RulesError):
        parse_flag_text(f"tute_award={text}")


def json_documents() -> st.SearchStrategy[str]:
    """JSON texts with numbers of any length, hostile strings and deep nesting."""
    big = st.integers(1, 6000).map(lambda n: "9" * n)
    leaf = st.one_of(big, big.map(lambda d: f"-{d}.5e{d[:3]}"), st.sampled_from(
        ["NaN", "Infinity", "-Infinity", "1e999", "true", "null"]),
        hostile_text().map(json.dumps))
    nested = st.integers(1, 3000).map(lambda n: "[" * n + "1" + "]" * n)
    return st.one_of(leaf, nested, st.lists(leaf, max_size=4).map(
        lambda items: "{" + ",".join(f'"k{i}": {v}' for i, v in enumerate(items)) + "}"))


@given(json_documents())
@FAST
def test_json_gives_data_or_one_line_error_with_bounded_numbers(text: str) -> None:
    try:
        data = parse_json(text, what="the scenario")
    except InputError as error:
        one_line(error)
        assert error.message.startswith("the scenario")
    else:
        for number in _numbers(data):  # floats stay floats: finite, of bounded size
            if isinstance(number, int):
                assert len(str(abs(number))) <= MAX_NUMBER_DIGITS
            else:
                assert number == number and abs(number) != float("inf")


def _numbers(data: Any) -> list[float]:
    if isinstance(data, bool):
        return []
    if isinstance(data, int | float):
        return [data]
    if isinstance(data, list):
        return [n for item in data for n in _numbers(item)]
    if isinstance(data, dict):
        return [n for item in data.values() for n in _numbers(item)]
    return []


def test_the_issue_example_a_5000_digit_stock_left_is_a_scenario_error() -> None:
    text = '{"ruleset":"clasico","trump":"o","hand":["12c"],"stock_left":' + "9" * 5000 + "}"
    with pytest.raises(TuteError) as caught:
        Scenario.from_text(text)
    assert caught.value.code == "bad_scenario" and "5000 digits" in caught.value.message


# ------------------------------------------------------------------------------ files
def test_a_file_past_the_limit_is_refused_without_reading_it_all(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(InputError) as caught:
        read_input(str(path))
    assert caught.value.code == "too_big" and str(MAX_FILE_BYTES) in caught.value.message
    path.write_bytes(b" " * MAX_FILE_BYTES)
    assert read_input(str(path)) == " " * MAX_FILE_BYTES


def test_unreadable_inputs_name_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe{}")
    for path, words in ((tmp_path, "cannot read"), (tmp_path / "none.json", "cannot read"),
                        (tmp_path / "bad.json", "not UTF-8")):
        with pytest.raises(InputError) as caught:
            read_input(str(path))
        one_line(caught.value)
        assert caught.value.code == "bad_file" and words in caught.value.message


line_bytes = st.one_of(st.binary(max_size=70), st.sampled_from(
    [b"\xff\xfe", b"   ", b"", b"x" * 200, "é".encode(), b"\xc3"])).map(
        lambda raw: raw.replace(b"\n", b" "))


@given(st.lists(line_bytes, max_size=12))
@FAST
def test_a_batch_gives_one_item_per_non_blank_line_and_goes_on(lines: list[bytes]) -> None:
    path_bytes = b"\n".join(lines) + b"\n"
    old = sys.stdin
    sys.stdin = _Stdin(path_bytes)  # type: ignore[assignment]
    try:
        items = list(read_batch("-", max_lines=8, max_line_bytes=64, max_bytes=10_000))
    finally:
        sys.stdin = old
    expected = [(n, raw) for n, raw in enumerate(lines, 1) if raw.strip()]
    stopped = len(expected) > 8
    assert len(items) == min(len(expected), 9)
    for item, (number, raw) in zip(items, expected, strict=False):
        assert item.number == number
        if stopped and item is items[-1]:
            assert item.error is not None and "at most 8 lines" in item.error.message
        elif len(raw.rstrip(b"\r")) > 64:
            assert item.error is not None and item.error.code == "too_big"
        elif item.error is not None:
            one_line(item.error)
            assert item.error.code == "bad_file"
        else:
            assert item.text == raw.decode("utf-8-sig" if number == 1 else "utf-8").rstrip("\r")


class _Stdin:
    def __init__(self, raw: bytes) -> None:
        self.buffer = io.BytesIO(raw)


def test_a_batch_of_endless_bytes_stops_at_the_byte_limit() -> None:
    class Zero(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            buffer[:] = b"\0" * len(buffer)
            return len(buffer)

    old = sys.stdin
    sys.stdin = type("S", (), {"buffer": io.BufferedReader(Zero())})()  # type: ignore[assignment]
    try:
        items = list(read_batch("-", max_bytes=1_000_000))
    finally:
        sys.stdin = old
    assert len(items) == 1 and items[0].error is not None
    assert items[0].error.code == "too_big"


def test_every_limit_is_a_positive_whole_number() -> None:
    assert all(type(v) is int and v > 0 for v in LIMITS.values())


# ------------------------------------------------------------------------------ formats
def hostile_values() -> st.SearchStrategy[Any]:
    return st.one_of(hostile_text(), st.integers(), st.none(), st.booleans(),
                     st.lists(hostile_text(), max_size=3),
                     st.dictionaries(hostile_text(), hostile_text(), max_size=2))


@st.composite
def hostile_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    data: dict[str, Any] = {"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c"]}
    for key in draw(st.lists(st.sampled_from(
            ["ruleset", "trump", "hand", "trick", "overrides", "stock_left", "extra"]),
            max_size=3)):
        data[key] = draw(hostile_values())
    return data


@given(hostile_scenarios(), st.sampled_from(["", "9" * 5000, "1e999", "NaN"]))
@FAST
def test_any_scenario_text_is_a_scenario_or_one_line_error(data: dict[str, Any],
                                                           number: str) -> None:
    text = json.dumps(data)
    if number:
        text = text[:-1] + f', "stock_left": {number}}}'
    try:
        Scenario.from_text(text)
    except TuteError as error:
        one_line(error)


@given(st.dictionaries(st.sampled_from(["format", "ruleset", "dealer", "trump_card", "hands",
                                        "stock", "events", "overrides"]),
                       hostile_values(), max_size=5),
       st.sampled_from(["", "9" * 5000, "-" + "1" * 400]))
@FAST
def test_any_record_text_replays_or_gives_one_line_error(data: dict[str, Any],
                                                         number: str) -> None:
    data.setdefault("format", "tute-hand/1")
    text = json.dumps(data)
    if number:
        text = text[:-1] + f', "dealer": {number}}}'
    try:
        result = replay(load_record_text(text))
    except TuteError as error:
        one_line(error)
        return
    if not result["valid"]:
        assert result["error"]["code"]
        assert "\n" not in result["error"]["message"]


def _token(text: str) -> str:
    packed = zlib.compress(text.encode("utf-8"))
    return "1" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


@given(st.one_of(hostile_scenarios().map(json.dumps), json_documents(),
                 st.sampled_from(HOSTILE_TEXTS)))
@FAST
def test_any_link_or_file_content_gives_scenarios_or_one_line_error(text: str) -> None:
    for read in (lambda: decode_link(_token(text)),
                 lambda: scenarios_from_file_bytes(text.encode("utf-8"))):
        try:
            read()
        except TuteError as error:
            one_line(error)
