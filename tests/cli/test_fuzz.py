"""Fuzzing every subcommand of the command line and its batches (issue 12).

Every run ends with exit 0, or exit 2 and a JSON error with a code and a one-line message:
never a traceback, never ``internal_error``. Hostile runs go through a real subprocess
with its address space capped (``RLIMIT_AS``) and a timeout, so an unbounded read or
loop fails the test instead of slowing the machine.
"""

from __future__ import annotations

import io
import json
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hostile import HOSTILE_TEXTS
from tute_tutor.cli.main import main
from tute_tutor.formats.limits import MAX_ARENA_DEALS, MAX_QUIZ_COUNT
from tute_tutor.words.catalog import t

MEMORY_LIMIT = 256 * 2**20
"""Address space of one CLI run: the interpreter and the engine need under 200 MB."""

TIMEOUT = 60
FAST = settings(max_examples=40, deadline=None)

NUMBERS = ("1", "2", "0", "-1", "²", "٣", "１", "9" * 19, "9" * 5000, "1e3", "", " 3",
           str(MAX_QUIZ_COUNT + 1), str(MAX_ARENA_DEALS + 1), "100000000")
TOKENS = (*NUMBERS, *HOSTILE_TEXTS[:9], "clasico", "a-dos", "o", "12c,4c", "10c",
          "tute_award=²", "tute_award=" + "9" * 5000, "partner_exemption=true", "x=y", "-",
          "/dev/null", "--json", "--lang", "fr")


def _check_json_lines(code: int, out: str, *, lines: int | None = None) -> list[Any]:
    assert code in (0, 2), out
    docs = [json.loads(line) for line in out.splitlines()]
    if lines is not None:
        assert len(docs) == lines, out
    for doc in docs:
        error = doc.get("error") if isinstance(doc, dict) else None
        if isinstance(error, dict):
            assert error["code"] != "internal_error", error
            assert error["code"] and error["message"]
            assert "\n" not in error["message"] and "Traceback" not in error["message"]
    return docs


def _run_in_process(argv: list[str], stdin: bytes = b"") -> tuple[int, str]:
    out = io.StringIO()
    old = sys.stdin
    sys.stdin = type("Stdin", (), {"buffer": io.BytesIO(stdin)})()  # type: ignore[assignment]
    try:
        code = main(argv, out)
    finally:
        sys.stdin = old
    return code, out.getvalue()


def _argv(command: str, options: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
    pair = st.tuples(st.sampled_from(options), st.sampled_from(TOKENS))
    return st.lists(pair, max_size=5).map(
        lambda pairs: [command, *(part for p in pairs for part in p), "--json"])


LEGAL = ("--ruleset", "--trump", "--hand", "--trick", "--set", "--stock-left", "--lang")
QUIZ = ("--kind", "--seed", "--count", "--ruleset", "--set", "--difficulty", "--lang")
ARENA = ("--ruleset", "--set", "--a", "--b", "--deals", "--seed", "--jobs", "--lang")


@given(_argv("legal", LEGAL))
@FAST
def test_fuzz_legal_options_answer_or_give_one_json_error(argv: list[str]) -> None:
    code, out = _run_in_process(argv)
    _check_json_lines(code, out, lines=1)


@given(_argv("replay", ("--lang", "--batch")).map(lambda a: [*a, "/dev/null"]))
@FAST
def test_fuzz_replay_options_answer_or_give_one_json_error(argv: list[str]) -> None:
    code, out = _run_in_process(argv)
    _check_json_lines(code, out)


@given(_argv("quiz", QUIZ).map(lambda a: [a[0], "--count", "1", *a[1:]]))
@FAST
def test_fuzz_quiz_options_answer_or_give_one_json_error(argv: list[str]) -> None:
    if "--count" in argv[3:]:
        count = argv[argv.index("--count", 3) + 1]
        if count.strip() in {str(n) for n in range(2, MAX_QUIZ_COUNT + 1)}:
            argv[argv.index("--count", 3) + 1] = "2"  # valid counts stay quick
    code, out = _run_in_process(argv)
    _check_json_lines(code, out, lines=1)


@given(_argv("arena", ARENA).map(lambda a: [a[0], "--a", "1", "--b", "1", "--deals", "1",
                                            "--no-progress", *a[1:]]))
@FAST
def test_fuzz_arena_options_answer_or_give_one_json_error(argv: list[str]) -> None:
    for option in ("--a", "--b"):  # only level 1 plays fast enough for a fuzz run
        for i in [i for i, a in enumerate(argv) if a == option][1:]:
            if argv[i + 1] in ("2", "3", "4"):
                argv[i + 1] = "1"
    for i in [i for i, a in enumerate(argv) if a in ("--deals", "--jobs")][1:]:
        if argv[i + 1].strip() in {str(n) for n in range(2, MAX_ARENA_DEALS + 1)}:
            argv[i + 1] = "1"
    code, out = _run_in_process(argv)
    _check_json_lines(code, out, lines=1)


SCENARIO = {"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"], "trick": ["10c"]}
batch_line = st.one_of(
    st.just(json.dumps(SCENARIO).encode()),
    st.sampled_from(HOSTILE_TEXTS).map(lambda t: json.dumps({**SCENARIO, "trump": t}).encode()),
    st.sampled_from([b"\xff\xfe", b"{", b"[]", b"null", b'{"stock_left": ' + b"9" * 5000 + b"}",
                     b"[" * 5000, b"   "]),
    st.binary(max_size=30).map(lambda raw: raw.replace(b"\n", b"")),
)


@pytest.mark.parametrize("command", ["legal", "replay"])
@given(lines=st.lists(batch_line, min_size=1, max_size=8))
@FAST
def test_fuzz_batches_answer_every_line_in_order_and_exit_2_after_any_error(
        command: str, lines: list[bytes]) -> None:
    code, out = _run_in_process([command, "--batch", "-", "--json"], b"\n".join(lines))
    expected = [line for line in lines if line.strip()]
    docs = _check_json_lines(code, out, lines=len(expected))
    if command == "legal":
        failed = [isinstance(doc, dict) and "error" in doc for doc in docs]
        for doc, line in zip(docs, expected, strict=True):
            if line == json.dumps(SCENARIO).encode():
                assert doc["legal"] == ["12c"]  # a good line keeps its answer
    else:
        failed = [not doc["valid"] for doc in docs]
    assert code == (2 if any(failed) else 0)


# ------------------------------------------------------------------ bounded subprocess
def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_bounded(*args: str, stdin: bytes | None = None,
                stdin_file: str | None = None) -> tuple[int, str, str]:
    """``python -m tute_tutor ARGS`` with at most :data:`MEMORY_LIMIT` of address space."""
    handle = open(stdin_file, "rb") if stdin_file else None  # noqa: SIM115
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tute_tutor", *args], input=stdin, stdin=handle,
            capture_output=True, timeout=TIMEOUT, preexec_fn=_limits,
            env={**os.environ, "PYTHONUTF8": "1"})
    finally:
        if handle:
            handle.close()
    out, err = done.stdout.decode("utf-8"), done.stderr.decode("utf-8")
    assert "Traceback" not in out + err, err
    assert "MemoryError" not in out + err
    return done.returncode, out, err


HUGE = '{"ruleset":"clasico","trump":"o","hand":["12c"],"stock_left":' + "9" * 5000 + "}"


@pytest.mark.parametrize(("args", "stdin", "words"), [
    (("legal", "-", "--json"), HUGE.encode(), "5000 digits"),
    (("legal", "--batch", "-", "--json"), (HUGE + "\n").encode() * 3, "5000 digits"),
    (("replay", "-", "--json"), b'{"format": "tute-hand/1", "dealer": ' + b"9" * 5000 + b"}",
     "5000 digits"),
    (("legal", "--ruleset", "clasico", "--set", "tute_award=²", "--trump", "o", "--hand",
      "12c", "--json"), None, "tute_award"),
    (("quiz", "--kind", "legal", "--count", "²", "--json"), None, "--count"),
    (("quiz", "--kind", "legal", "--count", "1000", "--json"), None, str(MAX_QUIZ_COUNT)),
    (("arena", "--a", "1", "--b", "1", "--deals", "100000000", "--json"), None,
     str(MAX_ARENA_DEALS)),
    (("arena", "--a", "1", "--b", "1", "--deals", "1", "--jobs", "100000", "--json"), None,
     "--jobs"),
    (("legal", "-", "--json"), b"[" * 100_000, "nested"),
    (("legal", "-", "--json"), b" " * 300_000, "200000"),
], ids=["huge-number", "huge-number-batch", "huge-number-record", "unicode-digit-flag",
        "unicode-digit-count", "count-past-limit", "deals-past-limit", "jobs-past-limit",
        "deep-nesting", "file-past-limit"])
def test_hostile_runs_stay_bounded_and_give_their_error(args: tuple[str, ...],
                                                        stdin: bytes | None,
                                                        words: str) -> None:
    code, out, _ = run_bounded(*args, stdin=stdin)
    assert code == 2
    docs = _check_json_lines(code, out)
    messages = [json.dumps(doc) for doc in docs]
    assert any(words in m for m in messages), out


@pytest.mark.parametrize("command", ["legal", "replay"])
def test_a_batch_of_endless_zero_bytes_stops_in_bounded_memory(command: str) -> None:
    code, out, _ = run_bounded(command, "--batch", "/dev/zero", "--json")
    docs = _check_json_lines(code, out)
    assert code == 2 and len(docs) == 1


def test_a_file_of_endless_zero_bytes_is_refused_in_bounded_memory() -> None:
    code, out, _ = run_bounded("legal", "/dev/zero", "--json")
    assert code == 2 and "200000" in out


@given(st.lists(batch_line, min_size=1, max_size=30))
@settings(max_examples=4, deadline=None)
def test_fuzz_a_batch_through_a_bounded_subprocess(lines: list[bytes]) -> None:
    code, out, _ = run_bounded("legal", "--batch", "-", "--json", stdin=b"\n".join(lines))
    _check_json_lines(code, out, lines=sum(1 for line in lines if line.strip()))


def test_human_replay_of_a_broken_record_names_no_event(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("{}", encoding="utf-8")
    for lang, word in (("es", "evento"), ("en", "event")):
        code, out, _ = run_bounded("replay", str(path), "--lang", lang)
        assert code == 2 and out.strip() and f"{word} None" not in out
        assert out.startswith(t("cli.invalid_record", lang, code="bad_record", message=""))


LONG = "x" * 5000


@pytest.mark.parametrize("args", [
    ("puzzle", "--theme", LONG),
    ("puzzle", "--ruleset", LONG),
    ("quiz", "--kind", LONG),
    ("arena", "--a", "4", "--b", "2", "--a-config", json.dumps({"worlds": LONG})),
    ("arena", "--a", "4", "--b", "2", "--a-config", json.dumps({LONG: 1})),
    ("serve", "--host", LONG),
    ("serve", "--db", LONG),
    ("serve", "--upstream", LONG),
], ids=["puzzle-theme", "puzzle-ruleset", "quiz-kind", "arena-setting-value",
        "arena-setting-name", "serve-host", "serve-db", "serve-upstream"])
def test_a_5000_character_value_is_quoted_cut_short_in_one_line(args: tuple[str, ...]) -> None:
    """A bad value is named in the error, cut short: never echoed whole."""
    code, out, err = run_bounded(*args)
    assert code == 2
    lines = (out + err).strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 300, (out + err)[:400]
    assert "xxxxxxxxxx" in lines[0]
