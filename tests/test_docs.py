"""The project's own docs stay true to the code.

- docs/RULES.md names every rule flag and preset, and its presets table and each
  flag's "Presets:" line give the values the code has.
- docs/FORMATS.md has a section for every ``tute-tutor`` subcommand the argument
  parser defines, and that section names every option of it.
- Every ``console`` block of both docs is run: each ``$ `` line is a shell command
  (``tute-tutor`` is this checkout's command line), the lines under it are its stdout,
  and a following ``$ echo $?`` gives its exit status (a command without one must exit
  0). A block preceded by ``<!-- file: NAME -->`` is written to NAME first.

In expected output a JSON line is compared field by field, where the string ``"..."``
stands for any value and ``...`` inside a string for any text; in a text line ``...``
stands for any text; a line ``...`` alone
ends the comparison.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tute_tutor.cli import main as cli
from tute_tutor.engine.variants import FLAG_NAMES, PRESETS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULES_DOC = DOCS / "RULES.md"
FORMATS_DOC = DOCS / "FORMATS.md"
WILDCARD = "..."


# ------------------------------------------------------------------ reading the docs
@dataclass
class Step:
    """One ``$`` command of a console block and the output printed under it."""

    command: str
    expected: list[str] = field(default_factory=list)


@dataclass
class ConsoleBlock:
    """A console example: where it is, the files written before it, its steps."""

    doc: Path
    line: int
    files: dict[str, str]
    steps: list[Step]

    @property
    def name(self) -> str:
        return f"{self.doc.name}:{self.line}"


def _fences(text: str) -> list[tuple[int, str, list[str], str | None]]:
    """(line, info string, body lines, file name marker) of every fenced block."""
    lines = text.splitlines()
    blocks = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("```") and line.strip() != "```":
            info = line[3:].strip()
            marker = None
            if index > 0:
                found = re.fullmatch(r"<!-- file: (\S+) -->", lines[index - 1].strip())
                marker = found.group(1) if found else None
            end = index + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            blocks.append((index + 1, info, lines[index + 1:end], marker))
            index = end
        index += 1
    return blocks


def console_blocks(doc: Path) -> list[ConsoleBlock]:
    """The console examples of ``doc`` with the files defined above each of them."""
    files: dict[str, str] = {}
    out = []
    for line, info, body, marker in _fences(doc.read_text(encoding="utf-8")):
        if marker is not None:
            files[marker] = "\n".join(body) + "\n"
        if info != "console":
            continue
        steps: list[Step] = []
        for row in body:
            if row.startswith("$ "):
                steps.append(Step(row[2:]))
            else:
                assert steps, f"{doc.name}:{line}: output before any command"
                steps[-1].expected.append(row)
        out.append(ConsoleBlock(doc, line, dict(files), steps))
    return out


def sections(doc: Path, level: int) -> dict[str, str]:
    """Heading text to body for the headings of one level (``##`` is 2)."""
    marker = "#" * level + " "
    found: dict[str, str] = {}
    current = None
    for row in doc.read_text(encoding="utf-8").splitlines():
        if row.startswith("#") and row.split(" ")[0].strip("#") == "" and \
                len(row.split(" ")[0]) <= level:
            current = row[len(marker):].strip() if row.startswith(marker) else None
            if current is not None:
                found[current] = ""
            continue
        if current is not None:
            found[current] += row + "\n"
    return found


# ------------------------------------------------------------------ matching output
def _text_matches(expected: str, actual: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in expected.split(WILDCARD))
    return re.fullmatch(pattern, actual, re.S) is not None


def json_matches(expected: Any, actual: Any) -> bool:
    """``expected`` with ``"..."`` standing for any value, and for any text in a string."""
    if expected == WILDCARD:
        return True
    if isinstance(expected, str) and WILDCARD in expected:
        return isinstance(actual, str) and _text_matches(expected, actual)
    if isinstance(expected, dict):
        return isinstance(actual, dict) and set(expected) == set(actual) and all(
            json_matches(value, actual[key]) for key, value in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            json_matches(e, a) for e, a in zip(expected, actual, strict=True))
    return bool(type(expected) is type(actual) and expected == actual)


def line_matches(expected: str, actual: str) -> bool:
    """One line of output against the documented line."""
    try:
        wanted = json.loads(expected)
    except json.JSONDecodeError:
        return _text_matches(expected, actual)
    try:
        got = json.loads(actual)
    except json.JSONDecodeError:
        return False
    return json_matches(wanted, got)


def check_output(expected: list[str], actual: list[str]) -> str | None:
    """Why ``actual`` is not the documented output (None when it is)."""
    for number, wanted in enumerate(expected):
        if wanted == WILDCARD:
            return None
        if number >= len(actual):
            return f"output ends before documented line {wanted!r}"
        if not line_matches(wanted, actual[number]):
            return f"line {number + 1}: documented {wanted!r}, printed {actual[number]!r}"
    if len(actual) > len(expected):
        return f"undocumented output {actual[len(expected)]!r}"
    return None


def run_block(block: ConsoleBlock, tmp_path: Path) -> None:
    """Run every step of a console block in ``tmp_path``; fail on the first mismatch."""
    for name, text in block.files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "tute-tutor"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m tute_tutor "$@"\n',
                    encoding="utf-8")
    shim.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=os.pathsep.join(
                   [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]))
    status: int | None = None
    for index, step in enumerate(block.steps):
        where = f"{block.name}: $ {step.command}"
        if step.command == "echo $?":
            assert status is not None, f"{where}: no command before it"
            assert step.expected == [str(status)], f"{where}: exit status was {status}"
            continue
        done = subprocess.run(["bash", "-c", step.command], cwd=tmp_path, env=env,
                              capture_output=True, text=True, encoding="utf-8", timeout=300)
        status = done.returncode
        assert "Traceback" not in done.stdout + done.stderr, f"{where}: {done.stderr}"
        problem = check_output(step.expected, done.stdout.splitlines())
        assert problem is None, f"{where}: {problem}"
        following = block.steps[index + 1] if index + 1 < len(block.steps) else None
        if following is None or following.command != "echo $?":
            assert status == 0, f"{where}: exit status {status}, stderr {done.stderr!r}"


ALL_BLOCKS = console_blocks(RULES_DOC) + console_blocks(FORMATS_DOC)


@pytest.mark.parametrize("block", ALL_BLOCKS, ids=[b.name for b in ALL_BLOCKS])
def test_every_documented_command_runs_as_shown(block: ConsoleBlock, tmp_path: Path) -> None:
    run_block(block, tmp_path)


def test_every_subcommand_section_runs_its_subcommand() -> None:
    found = sections(FORMATS_DOC, 3)
    for name in _subcommands():
        body = found[f"`tute-tutor {name}`"]
        assert f"```console\n$ tute-tutor {name} " in body, f"no example runs {name}"


def test_the_example_checker_catches_a_wrong_answer(tmp_path: Path) -> None:
    """The runner itself fails on a wrong field, a wrong exit status and extra output."""
    command = "tute-tutor legal --ruleset clasico --trump o --hand 12c,4c --trick 10c --json"
    right = '{"legal": ["12c"], "obligation": "montar", "winning": "...", "explanation": "..."}'
    run_block(ConsoleBlock(FORMATS_DOC, 0, {}, [Step(command, [right])]), tmp_path)
    wrong_cards = right.replace('["12c"]', '["12c", "4c"]')
    wrong_status = [Step(command, [right]), Step("echo $?", ["2"])]
    for steps in ([Step(command, [wrong_cards])], wrong_status, [Step(command, [])],
                  [Step("tute-tutor legal --json", [WILDCARD])]):
        with pytest.raises(AssertionError):
            run_block(ConsoleBlock(FORMATS_DOC, 0, {}, steps), tmp_path)


# ------------------------------------------------------------------ RULES.md
def _shown(value: object) -> str:
    """A flag value as the docs write it: strings bare, the rest as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


def test_rules_doc_has_a_section_for_every_flag() -> None:
    flags = sections(RULES_DOC, 3)
    documented = {name.strip("`") for name in flags}
    assert documented == set(FLAG_NAMES)
    for name in FLAG_NAMES:
        body = flags[f"`{name}`"]
        assert "```console" in body or "Example" in body, f"{name} has no example"


def _presets_line(flag: str, body: str) -> dict[str, str]:
    """Preset id to value, read from a flag section's "Presets:" sentence.

    The sentence lists groups ``VALUE in PRESETS`` separated by ``;``, the last one
    may say ``in all others`` (or ``in all`` when there is a single group).
    """
    found = re.search(r"Presets:(.*?)\.(?:\s|$)", body, re.S)
    assert found, f"{flag}: no 'Presets:' line"
    text = " ".join(found.group(1).split())
    values: dict[str, str] = {}
    for group in text.split(";"):
        found_group = re.fullmatch(r"\s*`([^`]+)` in (all others|all|.+)", group)
        assert found_group, f"{flag}: cannot read {group!r}"
        value, who = found_group.groups()
        if who in ("all", "all others"):
            names = [p for p in PRESETS if p not in values]
        else:
            names = re.findall(r"`([^`]+)`", who)
            assert re.fullmatch(r"`[^`]+`((, | and )`[^`]+`)*", who), f"{flag}: {who!r}"
        for name in names:
            assert name in PRESETS and name not in values, f"{flag}: {name!r} in {text!r}"
            values[name] = value
    return values


def test_each_flag_section_gives_its_value_in_every_preset() -> None:
    flags = sections(RULES_DOC, 3)
    for name in FLAG_NAMES:
        documented = _presets_line(name, flags[f"`{name}`"])
        actual = {preset: _shown(getattr(rules, name)) for preset, rules in PRESETS.items()}
        assert documented == actual, name


def test_presets_table_matches_the_code() -> None:
    body = sections(RULES_DOC, 2)["Presets"]
    rows = [row for row in body.splitlines() if row.startswith("| ")]
    header = [cell.strip().strip("`") for cell in rows[0].strip("|").split("|")]
    assert header[1:] == list(PRESETS)
    table = {}
    for row in rows[1:]:
        cells = [cell.strip().strip("`") for cell in row.strip("|").split("|")]
        table[cells[0]] = dict(zip(header[1:], cells[1:], strict=True))
    assert set(table) == {"players", *FLAG_NAMES}
    for flag, values in table.items():
        assert values == {p: _shown(getattr(r, flag)) for p, r in PRESETS.items()}, flag


def test_rules_doc_describes_every_preset() -> None:
    body = sections(RULES_DOC, 2)["Presets"]
    described = re.findall(r"^- `([^`]+)`:", body, re.M)
    assert described == list(PRESETS)


def test_rules_doc_lists_every_obligation() -> None:
    from tute_tutor.engine.legal import OBLIGATIONS

    body = sections(RULES_DOC, 2)["What you may play"]
    listed = re.findall(r"^\| `([a-z]+)` \|", body, re.M)
    assert listed == list(OBLIGATIONS)


# ------------------------------------------------------------------ FORMATS.md
def _subcommands() -> dict[str, argparse.ArgumentParser]:
    register = getattr(cli, "_register_extras", None)
    if register is not None:
        cli.EXTRA_COMMANDS.clear()
        register()
    parser = cli.build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the parser has no subcommands")


def test_formats_doc_has_a_section_for_every_subcommand() -> None:
    documented = {name.removeprefix("`tute-tutor ").rstrip("`")
                  for name in sections(FORMATS_DOC, 3) if name.startswith("`tute-tutor ")}
    assert documented == set(_subcommands())


def test_formats_doc_names_every_option_of_every_subcommand() -> None:
    found = sections(FORMATS_DOC, 3)
    for name, parser in _subcommands().items():
        body = found[f"`tute-tutor {name}`"]
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if action.option_strings:
                for option in action.option_strings:
                    assert re.search(rf"`{re.escape(option)}[ `=]", body), \
                        f"{name}: {option} is not documented"
            else:
                assert f"`{action.dest.upper()}" in body, f"{name}: {action.dest} missing"


# ------------------------------------------------------------------ references to the docs
SCANNED = ("tute_tutor", "tests", "lessons", "benchmarks", "pages", "README.md",
           "streamlit_app.py", "pyproject.toml", ".streamlit")
"""What a clone holds besides docs/: none of it may point at files outside the repo."""
TEXT_SUFFIXES = {".py", ".md", ".toml", ".json", ".txt", ".cfg"}
OUTSIDE = re.compile(r"\.\./shared|shared/")
BARE_DOC = re.compile(r"(?<![\w/.-])(?:RULES|FORMATS|STYLE|STREAMLIT|SCALE|DEPLOY)\.md")
DOC_SECTIONS = re.compile(r"docs/(\w+\.md)(?:\]\([^)]*\))?((?:(?:,|\s+and)\s+\"[^\"]+\")+)")
README_SECTIONS = re.compile(r"README(?:\.md)?\)?,?\s+\(?\"([^\"]+)\"")


def scanned_files() -> list[Path]:
    """Every text file of the checkout outside docs/ (this checker aside)."""
    files = []
    for name in SCANNED:
        path = ROOT / name
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        files += [f for f in candidates if f.is_file() and f.suffix in TEXT_SUFFIXES
                  and "__pycache__" not in f.parts and f != Path(__file__).resolve()]
    return files


def headings(path: Path) -> set[str]:
    """Every heading of a markdown file, without its marks and backticks."""
    return {" ".join(row.lstrip("#").replace("`", "").split())
            for row in path.read_text(encoding="utf-8").splitlines() if row.startswith("#")}


def test_nothing_points_outside_the_repo() -> None:
    """The docs a clone needs are in docs/; only tests may read the source texts on
    purpose (a near-copy check of the lessons reads ../shared/seeds)."""
    found = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8")
        relative = path.relative_to(ROOT)
        for match in OUTSIDE.finditer(text):
            reads_seeds = text.startswith("shared/seeds", text.index("shared", match.start()))
            if not (reads_seeds and relative.parts[0] == "tests"):
                found.append(f"{relative}: {text[match.start():match.end() + 20]!r}")
        found += [f"{relative}: bare {m.group(0)}" for m in BARE_DOC.finditer(text)]
    assert not found, "\n".join(found)


def test_every_section_named_in_a_reference_exists() -> None:
    checked = 0
    problems = []
    readme = headings(ROOT / "README.md")
    for path in scanned_files():
        text = path.read_text(encoding="utf-8")
        relative = path.relative_to(ROOT)
        for doc in re.findall(r"docs/(\w+\.md)", text):
            if not (DOCS / doc).is_file():
                problems.append(f"{relative}: docs/{doc} does not exist")
        for doc, names in DOC_SECTIONS.findall(text):
            if not (DOCS / doc).is_file():
                continue
            known = headings(DOCS / doc)
            for name in re.findall(r"\"([^\"]+)\"", names):
                checked += 1
                if " ".join(name.split()) not in known:
                    problems.append(f"{relative}: docs/{doc} has no section {name!r}")
        for name in README_SECTIONS.findall(text):
            checked += 1
            if " ".join(name.split()) not in readme:
                problems.append(f"{relative}: README.md has no section {name!r}")
    assert not problems, "\n".join(problems)
    assert checked >= 20  # the docstrings do cite sections: the pattern still finds them
