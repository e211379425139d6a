"""Write the fingerprints of the source texts that ``test_own_words.py`` checks against.

The sources of the rules are not part of the repository, so the test reads their
fingerprints instead: the hash of every run of ``RUN`` words, the words normalised by
``words`` below (lower case, letters and digits only). The file holds hashes and the source
each came from, never a word of the text. Regenerate it when the sources change::

    python tests/teach/make_fingerprints.py /work/shared/seeds

>>> words("¡Hola, Mundo! 40_y 2")
['hola', 'mundo', '40', 'y', '2']
>>> fingerprint(("a",) * RUN) == fingerprint(tuple(words("A " * RUN)))
True
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

RUN = 12
"""Words in a row that count as copied."""

DATA = Path(__file__).with_name("data") / "seed_fingerprints.txt"
"""A line ``# source NAME`` before the fingerprints of that source, one a line; other lines
starting with ``#`` are comments."""

DIGITS = 16
"""Hex digits kept of each SHA-256: 64 bits, so a chance match is about 1 in 10^15 per run."""


def words(text: str) -> list[str]:
    """Lower-case words (letters and digits), punctuation and markup dropped."""
    return re.findall(r"[^\W_]+", text.lower())


def runs(found: list[str], size: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``size`` consecutive words."""
    return {tuple(found[i:i + size]) for i in range(len(found) - size + 1)}


def fingerprint(run: tuple[str, ...]) -> str:
    """The hash of one run of words, the words joined by single spaces."""
    return hashlib.sha256(" ".join(run).encode("utf-8")).hexdigest()[:DIGITS]


def fingerprints(sources: Path) -> dict[str, str]:
    """Each run's fingerprint in the text files of ``sources`` with the file it comes from."""
    found: dict[str, str] = {}
    for path in sorted(sources.iterdir()):
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            for run in sorted(runs(words(text))):
                found.setdefault(fingerprint(run), path.name)
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python tests/teach/make_fingerprints.py SOURCES_FOLDER", file=sys.stderr)
        return 2
    found = fingerprints(Path(argv[0]))
    if not found:
        print(f"{argv[0]}: no text of {RUN} words or more", file=sys.stderr)
        return 1
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(render(found), encoding="utf-8")
    print(f"{DATA}: {len(found)} fingerprints")
    return 0


def render(found: dict[str, str]) -> str:
    """The data file's text for ``found`` (fingerprint to source name)."""
    lines = [f"# Fingerprints of every run of {RUN} words in the sources of the rules",
             f"# (written by tests/teach/make_fingerprints.py; {len(found)} runs)."]
    for name in sorted(set(found.values())):
        lines.append(f"# source {name}")
        lines.extend(sorted(key for key, source in found.items() if source == name))
    return "\n".join(lines) + "\n"


def parse(text: str) -> dict[str, str]:
    """The fingerprints of a data file's text with the source each comes from.

    >>> parse(render({"00ff": "a.txt", "11ee": "b.txt"}))
    {'00ff': 'a.txt', '11ee': 'b.txt'}
    """
    found: dict[str, str] = {}
    source = "?"
    for line in text.splitlines():
        if line.startswith("# source "):
            source = line.removeprefix("# source ").strip()
        elif line.strip() and not line.startswith("#"):
            found[line.strip()] = source
    return found


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
