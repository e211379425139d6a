"""The ``tute-tutor arena`` command: two computer players over duplicate deals.

    tute-tutor arena --ruleset clasico --a 4 --b 3 --deals 1000 --seed 1 --json
    tute-tutor arena --a 4 --a-config '{"worlds": 32}' --b 4 --deals 200 --log deals.jsonl
    tute-tutor arena --ruleset clasico --a 4 --b 2 --deals 1000 --seed 1 --log deals.jsonl --resume
    tute-tutor arena --replay deals.jsonl --deal 17 --json

prints one JSON document (see :func:`tute_tutor.ai.arena.run_arena`) and shows a progress
bar on stderr for runs of 20 deals or more. ``--log`` writes one line per deal (its seed,
both players and each play's ``tute-hand/1`` record); ``--resume`` goes on from the deals
such a log already holds (a long run stopped part way: the deals logged count, the rest
are played and appended); ``--replay`` plays one logged deal again and says whether
every event came out the same.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, BinaryIO, TextIO

from tute_tutor.ai.arena import (
    ArenaError,
    HandOutcome,
    Side,
    check_arguments,
    logged_outcomes,
    replay_deal,
    run_arena,
)
from tute_tutor.cli.common import UsageError, add_output_options, emit, overrides_from, whole
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.inputs import InputError, parse_json, read_batch
from tute_tutor.formats.limits import MAX_ARENA_DEALS, MAX_ARENA_JOBS, MAX_LINE_BYTES, MAX_SEED
from tute_tutor.words.catalog import t, t_count

PROGRESS_FROM = 20


def add_command(subparsers: Any) -> None:
    """Add the ``arena`` subcommand to the ``tute-tutor`` parser."""
    arena = subparsers.add_parser("arena", help="two computer levels over duplicate deals")
    arena.add_argument("--ruleset", default="clasico", help="rule set id (default clasico)")
    arena.add_argument("--set", action="append", metavar="FLAG=VALUE", help="override a flag")
    arena.add_argument("--a", type=whole("--a", 0, MAX_SEED), metavar="LEVEL",
                       help="level of side a, 1-4 (seats 0 and 2 in four players)")
    arena.add_argument("--b", type=whole("--b", 0, MAX_SEED), metavar="LEVEL",
                       help="level of side b, 1-4")
    arena.add_argument("--a-config", metavar="JSON", help="settings of side a's level")
    arena.add_argument("--b-config", metavar="JSON", help="settings of side b's level")
    arena.add_argument("--deals", type=whole("--deals", 0, MAX_SEED),
                       default=100, help=f"duplicate deals, 2 hands each (1-{MAX_ARENA_DEALS})")
    arena.add_argument("--seed", type=whole("--seed", 0, MAX_SEED), default=0,
                       help="seed of the deals")
    arena.add_argument("--jobs", type=whole("--jobs", 1, MAX_ARENA_JOBS), default=1,
                       help=f"processes to play in parallel (1-{MAX_ARENA_JOBS})")
    arena.add_argument("--log", metavar="FILE", help="write every deal, a JSON line each")
    arena.add_argument("--resume", action="store_true",
                       help="go on from the deals the --log file holds already")
    arena.add_argument("--replay", metavar="FILE", help="play a deal of a --log file again")
    arena.add_argument("--deal", type=whole("--deal", 0, MAX_SEED), help="the deal to replay")
    arena.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_output_options(arena)
    arena.set_defaults(func=cmd_arena)


def _config(option: str, text: str | None) -> dict[str, Any]:
    if text is None:
        return {}
    value = parse_json(text, what=option)
    if not isinstance(value, dict):
        raise ArenaError(f"{option}: give a JSON object of settings, like '{{\"worlds\": 32}}'")
    return value


def cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    """Run the arena (or replay one logged deal) and print its summary."""
    if args.replay is not None:
        return _cmd_replay(args, out)
    for option, level in (("--a", args.a), ("--b", args.b)):
        if level is None:
            raise UsageError(f"the following argument is required: {option}")
    if args.deal is not None:
        raise UsageError("--deal goes with --replay FILE")
    rules = find_rules(args.ruleset, overrides_from(args.set))
    a = Side(args.a, _config("--a-config", args.a_config))
    b = Side(args.b, _config("--b-config", args.b_config))
    check_arguments(a, b, args.deals)
    done: list[list[HandOutcome]] = []
    if args.resume:
        if args.log is None:
            raise UsageError("--resume goes with --log FILE (the log of the run to go on with)")
        done = _resume(args.log, rules, a, b, args.seed, args.deals)
    log_file = _open_log(args.log, append=args.resume) if args.log is not None else None
    bar = None
    if args.deals >= PROGRESS_FROM and not args.no_progress:
        from tqdm import tqdm

        bar = tqdm(total=args.deals, initial=len(done), unit="deal", file=sys.stderr,
                   desc="arena")

    def progress(running: dict[str, Any]) -> None:
        if bar is not None:
            rate = running["a_hands_won"] / running["hands"]
            bar.set_postfix(a_win=f"{rate:.3f}", margin=running["a_mean_margin"],
                            refresh=False)
            bar.update(1)

    def log(line: dict[str, Any]) -> None:
        if log_file is not None:
            log_file.write(json.dumps(line, ensure_ascii=False) + "\n")
            log_file.flush()

    try:
        summary = run_arena(rules, a, b, args.deals, args.seed, jobs=args.jobs,
                            progress=progress, log=log, done=done)
    finally:
        if bar is not None:
            bar.close()
        if log_file is not None:
            log_file.close()
    if args.json:
        emit(summary, out)
    else:
        low, high = summary["ci95"]
        margin_low, margin_high = summary["margin_ci95"]
        text = t_count("cli.arena", summary["deals"], args.lang, a=args.a, b=args.b,
                       deals=summary["deals"], hands=summary["hands"],
                       won=summary["a_hands_won"], rate=f"{summary['a_win_rate']:.1%}",
                       low=f"{low:.1%}", high=f"{high:.1%}",
                       margin=f"{summary['a_mean_margin']:+.1f}",
                       margin_low=f"{margin_low:+.1f}", margin_high=f"{margin_high:+.1f}",
                       seconds=summary["seconds"])
        out.write(text + "\n")
    return 0


def _open_log(path: str, *, append: bool = False) -> TextIO:
    try:
        return open(path, "a" if append else "w", encoding="utf-8")
    except OSError as error:
        raise ArenaError(f"--log {path}: cannot write it ({error.strerror or error})") from None


def _resume(path: str, rules: Rules, a: Side, b: Side, seed: int,
            deals: int) -> list[list[HandOutcome]]:
    """The outcomes of the deals the log at ``path`` holds (none when there is no such
    file), each line checked to be the next deal of this run; the last one is played
    again and must come out as logged, so the deals still to play are played by the same
    players as the ones logged. A last line cut off mid-way (a run killed while writing
    it) is dropped from the file, and its deal is played again."""
    if not os.path.exists(path):
        return []
    try:
        with open(path, "rb") as stream:
            done, last, whole = _read_log(stream, path, rules, a, b, seed, deals)
    except OSError as error:
        raise ArenaError(f"--log {path}: cannot read it ({error.strerror or error})") from None
    if done:
        assert isinstance(last, dict)  # logged_outcomes checked it
        check = replay_deal(last)
        if not check["identical"]:
            difference = check["difference"] or {}
            raise ArenaError(
                f"--resume: deal {len(done) - 1} of {path} does not play again as logged "
                f"(play {difference.get('play')}, event {difference.get('event')}): the "
                "players have changed since, so start a new log")
    if os.path.getsize(path) != whole:
        os.truncate(path, whole)
    return done


def _read_log(stream: BinaryIO, path: str, rules: Rules, a: Side, b: Side, seed: int,
              deals: int) -> tuple[list[list[HandOutcome]], object, int]:
    """The outcomes of the whole lines of a log, its last whole line and their bytes."""
    done: list[list[HandOutcome]] = []
    last: object = None
    whole = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 2)
        if not raw:
            break
        if not raw.endswith(b"\n"):
            if len(raw) > MAX_LINE_BYTES:
                raise ArenaError(f"--resume: line {len(done) + 1} of {path} is longer "
                                 f"than {MAX_LINE_BYTES} bytes")
            break  # cut off while it was written
        if len(done) == deals:
            raise ArenaError(f"--resume: {path} holds more than the {deals} deals asked "
                             f"(--deals {deals})")
        try:
            last = parse_json(raw.decode("utf-8"), what=f"line {len(done) + 1} of {path}")
        except UnicodeDecodeError:
            raise ArenaError(f"--resume: line {len(done) + 1} of {path} is not UTF-8 "
                             "text") from None
        except InputError as error:
            raise ArenaError(f"--resume: {error.message}") from None
        try:
            done.append(logged_outcomes(last, rules, a, b, seed, len(done)))
        except ArenaError as error:
            raise ArenaError(f"--resume: {path}: {error.message}") from None
        whole += len(raw)
    return done, last, whole


def _cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    if args.deal is None:
        raise UsageError("--replay FILE needs --deal N (the deal to play again)")
    found = None
    for line in read_batch(args.replay):
        if line.error is not None:
            raise line.error
        assert line.text is not None
        value = parse_json(line.text, what=f"{args.replay} line {line.number}")
        if isinstance(value, dict) and value.get("deal") == args.deal:
            found = value
            break
    if found is None:
        raise ArenaError(f"--deal {args.deal}: {args.replay} has no such deal")
    result = replay_deal(found)
    if args.json:
        emit(result, out)
    else:
        key = "cli.arena_replay_same" if result["identical"] else "cli.arena_replay_differs"
        difference = result["difference"] or {}
        margins = ", ".join(f"{hand['a_margin']:+d}" for hand in result["hands"])
        out.write(t(key, args.lang, deal=args.deal, margins=margins,
                    play=difference.get("play"), event=difference.get("event")) + "\n")
    return 0
