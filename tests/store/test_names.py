"""Profile names: the store refuses what the name normaliser (formats/names.py) cannot make a
name, in one line."""

from __future__ import annotations

import pytest

from tute_tutor.store import StoreError
from tute_tutor.store.db import check_profile_name


@pytest.mark.parametrize("text", ["", "   ", "\u200b\u200b", "a\x00b", "a\x07", "x" * 41, 5])
def test_what_cannot_be_a_name_is_refused(text: object) -> None:
    with pytest.raises(StoreError) as caught:
        check_profile_name(text)
    assert caught.value.reason == "bad_name" and "\n" not in caught.value.message
