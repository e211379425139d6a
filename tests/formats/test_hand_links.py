"""A hand link carries a whole tute-hand/1 record to the Watch page; anything wrong with
it is one line naming what, never a traceback, and a record that does not replay is
refused before it is shown."""

from __future__ import annotations

import random

import pytest

from tute_tutor.ai import get_player, play_hand
from tute_tutor.engine.game import Game
from tute_tutor.formats.limits import MAX_TOKEN_CHARS
from tute_tutor.formats.share import (
    HAND_QUERY_KEY,
    ShareError,
    decode_hand_link,
    encode_hand_link,
    hand_url,
)


def whole_hand(ruleset: str) -> Game:
    game = Game.deal(ruleset, seed=4)
    return play_hand(game, [get_player(2)] * game.players, random.Random(4))


@pytest.mark.parametrize("ruleset", ["clasico", "a-tres", "a-dos"])
def test_a_whole_hand_fits_a_link_and_comes_back_the_same(ruleset: str) -> None:
    record = whole_hand(ruleset).to_record()
    token = encode_hand_link(record)
    assert len(token) < MAX_TOKEN_CHARS
    assert decode_hand_link(token) == record
    url = hand_url("https://tute.example/", record)
    assert url == f"https://tute.example/watch?{HAND_QUERY_KEY}={token}"


def test_a_damaged_hand_link_says_so_in_one_line() -> None:
    token = encode_hand_link(whole_hand("clasico").to_record())
    for bad, reason in ((token[:-6], "checksum"), ("2" + token[1:], "version"),
                        ("", "empty"), (token[:20] + "!" + token[21:], "base64")):
        with pytest.raises(ShareError) as caught:
            decode_hand_link(bad)
        assert caught.value.reason == reason
        assert "\n" not in str(caught.value)


def test_a_link_whose_record_does_not_replay_is_refused_naming_the_event() -> None:
    record = whole_hand("clasico").to_record()
    record["events"][3] = {"play": record["events"][0]["play"]}  # a card already played
    with pytest.raises(ShareError) as caught:
        decode_hand_link(encode_hand_link(record))
    assert caught.value.reason == "record" and "event 3" in str(caught.value)
