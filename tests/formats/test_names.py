"""Names people type (formats/names.py): one normal form, so a look-alike is the same name or
refused."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.formats.names import MAX_NAME, BadName, normalise_name


@given(st.text(max_size=80))
def test_a_name_is_normalised_once_and_for_all_or_refused_in_one_line(text: str) -> None:
    try:
        clean = normalise_name(text)
    except BadName as error:
        assert "\n" not in str(error)
        return
    assert normalise_name(clean) == clean  # idempotent
    assert unicodedata.is_normalized("NFC", clean)
    assert clean == clean.strip() and "  " not in clean and 0 < len(clean) <= MAX_NAME
    assert not any(unicodedata.category(ch) in ("Cf", "Cc") for ch in clean)


def test_an_accent_typed_composed_or_combining_is_one_name() -> None:
    assert normalise_name("Jos\u00e9") == normalise_name("Jose\u0301") == "Jos\u00e9"


@pytest.mark.parametrize("hidden", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e",
                                    "\u202d", "\u2066", "\u2069", "\u200f", "\u00ad"])
def test_invisible_and_direction_characters_are_dropped(hidden: str) -> None:
    assert normalise_name(f"An{hidden}a{hidden}") == "Ana"


def test_white_space_of_any_kind_is_one_space_and_trimmed() -> None:
    assert normalise_name("\u00a0 Ana\u2003\u3000María\t") == "Ana María"


def test_the_limit_counts_the_normalised_name() -> None:
    decomposed = "e\u0301" * MAX_NAME  # 80 code points, 40 letters once composed
    assert normalise_name(decomposed) == "\u00e9" * MAX_NAME
