"""The duplicate-deal arena and its command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.ai.arena import (
    ArenaError,
    Side,
    a_seats,
    make_player,
    mean_interval,
    play_deal,
    play_logged_deal,
    replay_deal,
    run_arena,
    score_for_a,
    wilson_interval,
)
from tute_tutor.engine.game import HandResult
from tute_tutor.engine.variants import find_rules
from tute_tutor.words.catalog import t_count

KEYS = ["deals", "hands", "a_hands_won", "b_hands_won", "a_win_rate", "ci95",
        "a_mean_margin", "margin_ci95", "ruleset", "overrides", "a", "b", "resumed", "seconds"]


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
    margin_low, margin_high = summary["margin_ci95"]
    expected = t_count("cli.arena", 2, lang, a=2, b=1, deals=2, hands=4, won=summary["a_hands_won"],
                 rate=f"{summary['a_win_rate']:.1%}", low=f"{low:.1%}", high=f"{high:.1%}",
                 margin=f"{summary['a_mean_margin']:+.1f}", margin_low=f"{margin_low:+.1f}",
                 margin_high=f"{margin_high:+.1f}", seconds="")
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
    logged, line = play_logged_deal(find_rules("clasico"), Side(2), Side(1), seed=3, deal=5)
    assert logged == outcomes
    first, second = (hand["record"] for hand in line["hands"])
    assert first["hands"] == second["hands"] and first["stock"] == second["stock"]
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


def test_margin_interval_is_taken_over_deals_and_holds_the_mean() -> None:
    summary = run_arena(find_rules("a-dos"), 2, 1, deals=6, seed=2)
    low, high = summary["margin_ci95"]
    assert low <= summary["a_mean_margin"] <= high
    assert low < high
    assert mean_interval([4.0]) == (4.0, 4.0)
    assert mean_interval([0.0, 10.0]) == pytest.approx((5 - 1.959964 * 7.0710678 / 1.4142136,
                                                        5 + 1.959964 * 7.0710678 / 1.4142136))


def test_a_log_line_replays_to_the_same_events_and_a_changed_one_does_not(tmp_path) -> None:
    lines: list[dict[str, object]] = []
    run_arena(find_rules("a-dos"), 3, 2, deals=2, seed=5, log=lines.append)
    assert [line["deal"] for line in lines] == [0, 1]
    line = json.loads(json.dumps(lines[1]))
    assert line["seed"] == 5 and line["a"] == {"level": 3, "config": {}}
    assert [hand["swapped"] for hand in line["hands"]] == [False, True]
    same = replay_deal(line)
    assert same["identical"] and same["difference"] is None
    assert [h["a_margin"] for h in same["hands"]] == [h["a_margin"] for h in line["hands"]]
    events = line["hands"][1]["record"]["events"]
    events[3], events[4] = events[4], events[3]
    changed = replay_deal(line)
    assert not changed["identical"]
    assert changed["difference"]["play"] == 1 and changed["difference"]["event"] == 3


def test_the_command_logs_every_deal_and_replays_one(tmp_path) -> None:
    log = tmp_path / "deals.jsonl"
    done = _cli("--ruleset", "a-tres", "--a", "2", "--b", "1", "--deals", "3", "--seed", "1",
                "--log", str(log), "--json")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(text) for text in log.read_text(encoding="utf-8").splitlines()]
    assert [line["deal"] for line in lines] == [0, 1, 2]
    assert sum(h["a_won"] for line in lines for h in line["hands"]) == \
        json.loads(done.stdout)["a_hands_won"]
    again = _cli("--replay", str(log), "--deal", "2", "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["identical"] is True
    missing = _cli("--replay", str(log), "--deal", "9", "--json")
    assert missing.returncode == 2
    assert json.loads(missing.stdout)["error"]["code"] == "bad_arena"


def test_a_configuration_changes_the_setting_of_that_side_only() -> None:
    player = make_player(4, {"worlds": 3, "exact_tricks": {"2": 4}})
    assert player.worlds == 3  # type: ignore[attr-defined]
    assert player.exact_tricks[2] == 4 and player.exact_tricks[4] == 6  # type: ignore[attr-defined]
    assert make_player(4).worlds != 3  # type: ignore[attr-defined]
    summary = run_arena(find_rules("a-dos"), Side(3, {"endgame_worlds": 1}), Side(3), deals=1,
                        seed=1)
    assert summary["a"] == {"level": 3, "config": {"endgame_worlds": 1}}


@pytest.mark.parametrize("config, words", [
    ({"wrlds": 3}, "no setting 'wrlds'"),
    ({"worlds": 2.5}, "whole number"),
    ({"worlds": "many"}, "must be a number"),
    ({"worlds": -1}, "negative"),
    ({"exact_tricks": {"7": 3}}, "no entry"),
])
def test_a_bad_configuration_is_refused_with_its_name(config: dict[str, object],
                                                      words: str) -> None:
    with pytest.raises(ArenaError, match=words):
        make_player(4, config)


def test_a_bad_config_on_the_command_line_exits_2_with_one_line() -> None:
    done = _cli("--a", "4", "--a-config", "{\"worlds\": true}", "--b", "1", "--json")
    assert done.returncode == 2
    assert "worlds" in json.loads(done.stdout)["error"]["message"]
    assert _cli("--a", "4", "--a-config", "[1]", "--b", "1", "--json").returncode == 2


@pytest.mark.parametrize("lang, words", [("es", "repetido"), ("en", "replayed")])
def test_the_replay_speaks_the_language_asked(tmp_path, lang: str, words: str) -> None:
    log = tmp_path / "deals.jsonl"
    assert _cli("--ruleset", "a-dos", "--a", "1", "--b", "1", "--deals", "1", "--log",
                str(log), "--json").returncode == 0
    done = _cli("--replay", str(log), "--deal", "0", "--lang", lang)
    assert done.returncode == 0, done.stderr
    assert words in done.stdout and done.stdout.count("\n") == 1


def test_deal_without_replay_and_replay_without_deal_are_usage_errors(tmp_path) -> None:
    assert json.loads(_cli("--a", "1", "--b", "1", "--deal", "3", "--json").stdout)[
        "error"]["code"] == "usage"
    assert json.loads(_cli("--replay", str(tmp_path / "none.jsonl"), "--json").stdout)[
        "error"]["code"] == "usage"
    assert json.loads(_cli("--replay", str(tmp_path / "none.jsonl"), "--deal", "0",
                           "--json").stdout)["error"]["code"] == "bad_file"


def test_parallel_jobs_give_the_same_summary_and_log_in_deal_order() -> None:
    one: list[dict[str, object]] = []
    two: list[dict[str, object]] = []
    first = run_arena(find_rules("a-dos"), 2, 1, deals=4, seed=8, log=one.append)
    second = run_arena(find_rules("a-dos"), 2, 1, deals=4, seed=8, jobs=2, log=two.append)
    first.pop("seconds")
    second.pop("seconds")
    assert first == second
    assert one == two and [line["deal"] for line in two] == [0, 1, 2, 3]


RESUMED = ("--ruleset", "a-dos", "--a", "2", "--b", "1", "--deals", "4", "--seed", "8")


def _whole_run(tmp_path) -> tuple[dict[str, object], list[str]]:
    log = tmp_path / "whole.jsonl"
    done = _cli(*RESUMED, "--log", str(log), "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), log.read_text(encoding="utf-8").splitlines(keepends=True)


def _error(done: subprocess.CompletedProcess[str]) -> dict[str, str]:
    assert done.returncode == 2, done.stdout
    error: dict[str, str] = json.loads(done.stdout)["error"]
    assert "\n" not in error["message"] and "Traceback" not in done.stderr
    return error


def test_a_stopped_run_resumed_from_its_log_sums_up_as_the_whole_run(tmp_path) -> None:
    whole, lines = _whole_run(tmp_path)
    log = tmp_path / "stopped.jsonl"
    # two deals written, the third cut off while it was written
    log.write_text(lines[0] + lines[1] + lines[2][:40], encoding="utf-8")
    done = _cli(*RESUMED, "--log", str(log), "--resume", "--json")
    assert done.returncode == 0, done.stderr
    resumed = json.loads(done.stdout)
    assert resumed["resumed"] == 2 and whole["resumed"] == 0
    for summary in (whole, resumed):
        summary.pop("seconds")
        summary.pop("resumed")
    assert resumed == whole
    assert log.read_text(encoding="utf-8").splitlines(keepends=True) == lines


def test_resume_with_no_log_yet_plays_every_deal(tmp_path) -> None:
    whole, lines = _whole_run(tmp_path)
    log = tmp_path / "new.jsonl"
    done = _cli(*RESUMED, "--log", str(log), "--resume", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["a_hands_won"] == whole["a_hands_won"]
    assert log.read_text(encoding="utf-8").splitlines(keepends=True) == lines


@pytest.mark.parametrize("args, words", [
    (("--seed", "9"), "seed 8 where this run has 9"),
    (("--b", "2"), "has b"),
    (("--ruleset", "clasico"), "has ruleset \"a-dos\""),
    (("--deals", "1"), "more than the 1 deals asked"),
])
def test_resume_refuses_the_log_of_another_run(tmp_path, args: tuple[str, ...],
                                               words: str) -> None:
    _, lines = _whole_run(tmp_path)
    log = tmp_path / "other.jsonl"
    log.write_text(lines[0] + lines[1], encoding="utf-8")
    options = dict(zip(RESUMED[::2], RESUMED[1::2], strict=True))
    options.update(dict(zip(args[::2], args[1::2], strict=True)))
    argv = [item for pair in options.items() for item in pair]
    error = _error(_cli(*argv, "--log", str(log), "--resume", "--json"))
    assert error["code"] == "bad_arena" and words in error["message"], error
    assert log.read_text(encoding="utf-8") == lines[0] + lines[1]


def test_resume_refuses_a_log_whose_last_deal_would_not_play_the_same(tmp_path) -> None:
    _, lines = _whole_run(tmp_path)
    changed = json.loads(lines[1])
    events = changed["hands"][0]["record"]["events"]
    events[3], events[4] = events[4], events[3]
    log = tmp_path / "changed.jsonl"
    log.write_text(lines[0] + json.dumps(changed) + "\n", encoding="utf-8")
    error = _error(_cli(*RESUMED, "--log", str(log), "--resume", "--json"))
    assert "deal 1" in error["message"] and "does not play again" in error["message"]


@pytest.mark.parametrize("text, words", [
    ("not json\n", "line 1 of"),
    ("[1, 2]\n", "is not a tute-arena-deal/1 line"),
    ("\udcff\n", "not UTF-8"),
])
def test_resume_names_the_bad_line_of_a_log(tmp_path, text: str, words: str) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_bytes(text.encode("utf-8", "surrogateescape"))
    error = _error(_cli(*RESUMED, "--log", str(log), "--resume", "--json"))
    assert words in error["message"], error


def test_resume_without_a_log_is_a_usage_error() -> None:
    assert _error(_cli(*RESUMED, "--resume", "--json"))["code"] == "usage"
