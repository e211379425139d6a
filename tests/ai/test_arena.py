"""The duplicate-deal arena and its command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.ai.arena import a_seats, play_deal, run_arena, score_for_a, wilson_interval
from tute_tutor.engine.game import HandResult
from tute_tutor.engine.variants import find_rules
from tute_tutor.words.catalog import t_count

KEYS = ["deals", "hands", "a_hands_won", "b_hands_won", "a_win_rate", "ci95",
        "a_mean_margin", "seconds"]


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tute_tutor", "arena", *args],
                          capture_output=True, text=True, timeout=120, check=False)


def test_arena_json_has_exactly_the_documented_fields() -> None:
    done = _cli("--ruleset", "clasico", "--a", "2", "--b", "1", "--deals", "3", "--seed",
                "4", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert list(summary) == KEYS
    assert summary["deals"] == 3 and summary["hands"] == 6
    assert summary["a_hands_won"] + summary["b_hands_won"] == 6
    assert summary["a_win_rate"] == round(summary["a_hands_won"] / 6, 4)
    low, high = summary["ci95"]
    assert 0 <= low <= summary["a_win_rate"] <= high <= 1


@pytest.mark.parametrize("lang", ["es", "en"])
def test_arena_plain_output_speaks_the_language_asked(lang: str) -> None:
    args = ("--ruleset", "clasico", "--a", "2", "--b", "1", "--deals", "2", "--seed", "4")
    plain = _cli(*args, "--lang", lang)
    summary = json.loads(_cli(*args, "--json").stdout)
    assert plain.returncode == 0, plain.stderr
    low, high = summary["ci95"]
    expected = t_count("cli.arena", 2, lang, a=2, b=1, deals=2, hands=4, won=summary["a_hands_won"],
                 rate=f"{summary['a_win_rate']:.1%}", low=f"{low:.1%}", high=f"{high:.1%}",
                 margin=f"{summary['a_mean_margin']:+.1f}", seconds="")
    assert plain.stdout.startswith(expected.rsplit(",", 1)[0])
    assert ("repartos" in plain.stdout) == (lang == "es")


def test_arena_is_reproducible_from_its_seed() -> None:
    first = run_arena(find_rules("a-tres"), 2, 1, deals=3, seed=9)
    second = run_arena(find_rules("a-tres"), 2, 1, deals=3, seed=9)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second


@pytest.mark.parametrize("args, code", [
    (["--a", "5", "--b", "1"], "bad_arena"),
    (["--a", "1", "--b", "0"], "bad_arena"),
    (["--a", "1", "--b", "2", "--deals", "0"], "bad_arena"),
    (["--a", "1", "--b", "2", "--ruleset", "bridge"], "bad_rules"),
    (["--a", "one", "--b", "2"], "usage"),
    (["--b", "2"], "usage"),
    (["--a", "1", "--b", "2", "--set", "partner_exemptoin=true"], "bad_rules"),
])
def test_bad_arena_arguments_exit_2_with_a_json_error(args: list[str], code: str) -> None:
    done = _cli(*args, "--json")
    assert done.returncode == 2
    error = json.loads(done.stdout)["error"]
    assert error["code"] == code
    assert "\n" not in error["message"] and "Traceback" not in done.stderr


def test_side_a_is_seats_0_and_2_in_four_players_and_swaps_for_the_second_play() -> None:
    clasico, tres, dos = (find_rules(r) for r in ("clasico", "a-tres", "a-dos"))
    assert a_seats(clasico, False) == {0, 2} and a_seats(clasico, True) == {1, 3}
    assert a_seats(tres, False) == {0} and a_seats(tres, True) == {1, 2}
    assert a_seats(dos, False) == {0} and a_seats(dos, True) == {1}


def test_each_deal_is_played_twice_with_the_same_cards() -> None:
    outcomes = play_deal(find_rules("clasico"), 2, 1, seed=3, deal=5)
    assert [o.swapped for o in outcomes] == [False, True]
    assert all(o.deal == 5 for o in outcomes)


def test_equal_levels_are_scored_from_each_side() -> None:
    rules = find_rules("a-tres")
    result = HandResult((50, 60, 20), (50, 60, 20), (0, 0, 0), 1, 1, "points")
    assert score_for_a(rules, result, {0}) == (False, -10)
    assert score_for_a(rules, result, {1, 2}) == (True, 10)
    pairs = find_rules("clasico")
    tute = HandResult((0, 0), (0, 0), (0, 0), None, 1, "tute")
    assert score_for_a(pairs, tute, {0, 2}) == (False, -130)


@given(wins=st.integers(0, 500), extra=st.integers(0, 500))
def test_wilson_interval_contains_the_rate(wins: int, extra: int) -> None:
    total = wins + extra
    low, high = wilson_interval(wins, total)
    assert 0 <= low <= high <= 1
    if total:
        assert low <= wins / total <= high
        wider = wilson_interval(wins, total, z=3.0)
        assert wider[0] <= low and wider[1] >= high
