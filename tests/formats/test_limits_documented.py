"""Every limit of formats/limits.py is listed in the README and in docs/FORMATS.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from tute_tutor.formats.limits import LIMITS

ROOT = Path(__file__).resolve().parents[2]


def _section(path: Path, title: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


@pytest.mark.parametrize("doc", ["README.md", "docs/FORMATS.md"])
def test_every_limit_is_listed_with_its_value(doc: str) -> None:
    section = _section(ROOT / doc, "Limits")
    missing = [name for name, value in LIMITS.items() if f"{value:,}" not in section]
    assert missing == [], f"{doc} does not list {missing}"
