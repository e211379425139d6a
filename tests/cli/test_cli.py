"""The command line (docs/FORMATS.md, "The command line") through a real subprocess
(``python -m tute_tutor``): JSON checked field by field, exit codes, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.engine.helpers import random_game

DATA = Path(__file__).resolve().parents[1] / "engine" / "data"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "tute_tutor", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, encoding="utf-8")
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    return done.returncode, done.stdout, done.stderr


def run_json(*args: str, stdin: str | None = None) -> tuple[int, Any]:
    code, out, _ = run(*args, stdin=stdin)
    lines = out.splitlines()
    assert len(lines) == 1, out
    return code, json.loads(lines[0])


def test_done_when_legal_montar_with_the_rey() -> None:
    code, data = run_json("legal", "--ruleset", "clasico", "--trump", "o", "--hand",
                          "12c,4c,5b", "--trick", "10c", "--json")
    assert code == 0
    assert set(data) == {"legal", "obligation", "winning", "explanation"}
    assert data["legal"] == ["12c"]
    assert data["obligation"] == "montar"
    assert data["winning"] == {"card": "10c", "by": "opponent"}
    sentence = data["explanation"]
    assert "rey de copas" in sentence and "sota de copas" in sentence
    assert "asistir" in sentence and "montar" in sentence


def test_legal_with_flags_english_and_sorting() -> None:
    code, data = run_json("legal", "--ruleset", "clasico", "--set",
                          "overtake_when_trumped=true", "--trump", "o", "--hand",
                          "4c,12c,3c,5b", "--trick", "10c,2o", "--lang", "en", "--json")
    assert code == 0
    assert data["legal"] == ["3c", "12c"]  # sorted by suit then strength, high first
    assert data["obligation"] == "montar"
    assert data["winning"] == {"card": "2o", "by": "opponent"}
    assert "beat" in data["explanation"]


def test_legal_two_players_with_stock_is_robo() -> None:
    code, data = run_json("legal", "--ruleset", "a-dos", "--trump", "b", "--hand",
                          "1c,2c,3c,4c,5c,6c,7c,1o", "--trick", "10e", "--stock-left", "10",
                          "--json")
    assert code == 0 and data["obligation"] == "robo" and len(data["legal"]) == 8


def test_legal_from_a_scenario_file(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"ruleset": "clasico", "overrides": {}, "trump": "o",
                                "hand": ["12c", "4c", "5b"], "trick": ["10c", "2o"],
                                "stock_left": 0}), encoding="utf-8")
    code, data = run_json("legal", str(path), "--json")
    assert code == 0
    assert data["legal"] == ["12c", "4c"] and data["obligation"] == "asistir"
    assert data["winning"] == {"card": "2o", "by": "opponent"}


BATCH = [
    {"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"], "trick": ["10c"]},
    {"ruleset": "clasico", "trump": "o", "hand": ["13c"]},
    "not json",
    {"ruleset": "clasico", "trump": "e", "hand": ["7e", "1o", "3b"],
     "trick": ["5c", "11c", "2e"]},
]


def _batch_text() -> str:
    return "\n".join(x if isinstance(x, str) else json.dumps(x) for x in BATCH) + "\n\n"


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_legal_batch_one_result_per_line_errors_in_place(tmp_path: Path, source: str) -> None:
    if source == "file":
        path = tmp_path / "batch.jsonl"
        path.write_text(_batch_text(), encoding="utf-8")
        code, out, _ = run("legal", "--batch", str(path), "--json")
    else:
        code, out, _ = run("legal", "--batch", "-", "--json", stdin=_batch_text())
    assert code == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4
    assert lines[0]["legal"] == ["12c"] and lines[0]["obligation"] == "montar"
    assert lines[1]["error"]["code"] == "bad_card" and "13c" in lines[1]["error"]["message"]
    assert lines[2]["error"]["code"] == "bad_scenario"
    assert lines[3]["legal"] == ["7e"] and lines[3]["obligation"] == "pisar"


def test_legal_batch_all_good_exits_zero() -> None:
    code, out, _ = run("legal", "--batch", "-", "--json", stdin=json.dumps(BATCH[0]) + "\n")
    assert code == 0 and json.loads(out)["legal"] == ["12c"]


@pytest.mark.parametrize(("args", "code_name", "words"), [
    (["legal", "--ruleset", "clasico", "--trump", "o", "--hand", "8c", "--json"],
     "bad_card", "8c"),
    (["legal", "--ruleset", "mus", "--trump", "o", "--hand", "1c", "--json"], "bad_rules",
     "mus"),
    (["legal", "--ruleset", "clasico", "--set", "nope=1", "--trump", "o", "--hand", "1c",
      "--json"], "bad_rules", "nope"),
    (["legal", "--ruleset", "clasico", "--trump", "o", "--json"], "usage", "--hand"),
    (["legal", "/no/such/file.json", "--json"], "bad_file", "/no/such/file.json"),
    (["legal", "--ruleset", "clasico", "--trump", "o", "--hand", "1c", "--stock-left",
      "x", "--json"], "usage", "stock-left"),
    (["frobnicate", "--json"], "usage", "frobnicate"),
    (["--json"], "usage", "--json"),
    (["legal", "--lang", "fr", "--json"], "usage", "fr"),
])
def test_bad_input_exits_2_with_a_json_error(args: list[str], code_name: str,
                                             words: str) -> None:
    code, data = run_json(*args)
    assert code == 2
    assert set(data) == {"error"} and set(data["error"]) == {"code", "message"}
    assert data["error"]["code"] == code_name
    assert words in data["error"]["message"]


def test_bad_input_without_json_is_one_line_on_stderr() -> None:
    code, out, err = run("legal", "--ruleset", "clasico", "--trump", "o", "--hand", "8c")
    assert code == 2 and out == ""
    assert err.startswith("tute-tutor: ") and err.count("\n") == 1 and "8c" in err


def test_legal_human_output_names_the_cards_and_explains() -> None:
    code, out, _ = run("legal", "--ruleset", "clasico", "--trump", "o", "--hand",
                       "12c,4c,5b", "--trick", "10c")
    assert code == 0
    assert "rey de copas" in out and "sota de copas" in out and "montar" in out
    code, out, _ = run("legal", "--ruleset", "clasico", "--trump", "o", "--hand",
                       "12c,4c,5b", "--trick", "10c", "--lang", "en")
    assert "king of cups" in out and "You may play" in out


def _record(seed: int = 2) -> dict[str, Any]:
    return random_game("clasico", seed).to_record()


def test_replay_a_file_json_fields(tmp_path: Path) -> None:
    record = json.loads((DATA / "cantes_change_winner_98_72.json").read_text("utf-8"))
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, data = run_json("replay", str(path), "--json")
    assert code == 0
    assert data["valid"] is True
    assert data["totals"] == [98, 72] and data["winner"] == 0 and data["last_trick"] == 1
    assert data["tute"] is None
    assert len(data["tricks"]) == 10
    first = data["tricks"][0]
    assert set(first) == {"leader", "cards", "winner", "points"}
    assert first["leader"] == (record["dealer"] + 1) % 4
    assert [c["points"] for c in data["cantes"]] == [40]
    assert set(data["cantes"][0]) == {"seat", "suit", "points", "after_trick"}


def test_replay_an_illegal_event_exits_2_with_its_index(tmp_path: Path) -> None:
    record = _record()
    record["events"].insert(5, {"cante": "o", "seat": 9})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, data = run_json("replay", str(path), "--json")
    assert code == 2
    assert data == {"valid": False, "error": {"event": 5, "code": "bad_record",
                                              "message": data["error"]["message"]}}
    code, out, _ = run("replay", str(path))
    assert code == 2 and "5" in out and "bad_record" in out


def test_replay_batch_from_stdin() -> None:
    good = _record(3)
    bad = _record(4)
    bad["events"].append({"play": "1o"})
    text = "\n".join([json.dumps(good), "{oops", json.dumps(bad)]) + "\n"
    code, out, _ = run("replay", "--batch", "-", "--json", stdin=text)
    assert code == 2
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["valid"] for line in lines] == [True, False, False]
    assert lines[1]["error"]["code"] == "bad_record" and lines[1]["error"]["event"] is None
    assert lines[2]["error"]["code"] == "hand_over" and lines[2]["error"]["event"] == 40


def test_replay_human_output_names_cards(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(_record(5)), encoding="utf-8")
    code, out, _ = run("replay", str(path))
    assert code == 0
    assert "Baza 1" in out and " de " in out and "Gana el" in out
    assert "cli." not in out


def test_replay_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe garbage")
    code, data = run_json("replay", str(path), "--json")
    assert code == 2 and data["error"]["code"] in ("bad_file", "bad_record")
