"""The message catalogue: both languages complete, every key used in code exists, and
no page ever shows a raw key.

Three layers: the TOML files themselves (same files, same keys, same ``{fields}`` in
es and en); the sources (every ``tr("...")`` / ``t("...")`` key written in
``tute_tutor/``, ``pages/`` and ``streamlit_app.py`` is in the catalogue, f-string keys
must match at least one key); and the rendered app (AppTest over every page in both
languages: no lookup misses the catalogue and no text on screen looks like a key).
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

import tute_tutor.words.catalog as i18n
from tests.app.apptest import new_app
from tests.conftest import WAIT_S
from tute_tutor.teach.lessons import LESSONS_DIR, load_lessons
from tute_tutor.words.catalog import LANGUAGES, catalogue, t

REPO = Path(__file__).resolve().parents[2]
I18N = REPO / "tute_tutor" / "words"
APP = REPO / "streamlit_app.py"
PAGES = sorted(path.stem for path in (REPO / "pages").glob("*.py"))
SOURCES = [*sorted((REPO / "tute_tutor").rglob("*.py")), *sorted((REPO / "pages").glob("*.py")),
           APP]
AREAS = sorted({path.stem for lang in LANGUAGES for path in (I18N / lang).glob("*.toml")})

# tr("key") / t("key", lang) / t(f"area.{x}", lang): the first argument, a literal.
CALL_RE = re.compile(r"""(?<![\w.])(?:tr|t)\(\s*(f?)(["'])((?:(?!\2).)+)\2""")
KEY_RE = re.compile(r"^[a-z][a-z0-9_]*(?:\.[A-Za-z0-9_\-{}\[\]().'\"]+)+$")


def _fields(text: str) -> set[str]:
    """The ``{name}`` fields a message fills in."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# ------------------------------------------------------------------ the catalogue files
def test_both_languages_have_the_same_area_files() -> None:
    files = {lang: sorted(p.name for p in (I18N / lang).glob("*.toml")) for lang in LANGUAGES}
    assert files["es"] == files["en"]


@pytest.mark.parametrize("area", AREAS)
def test_every_key_exists_in_both_languages(area: str) -> None:
    keys = {}
    for lang in LANGUAGES:
        path = I18N / lang / f"{area}.toml"
        assert path.exists(), f"{lang}/{area}.toml is missing"
        keys[lang] = {k for k in catalogue(lang) if k.split(".", 1)[0] == area}
    only_es = sorted(keys["es"] - keys["en"])
    only_en = sorted(keys["en"] - keys["es"])
    assert not only_es, f"keys missing in en/{area}.toml: {only_es}"
    assert not only_en, f"keys missing in es/{area}.toml: {only_en}"


@pytest.mark.parametrize("area", AREAS)
def test_area_files_parse_and_hold_only_text(area: str) -> None:
    for lang in LANGUAGES:
        with (I18N / lang / f"{area}.toml").open("rb") as handle:
            data = tomllib.load(handle)

        def leaves(node: dict[str, Any]) -> Iterator[Any]:
            for value in node.values():
                if isinstance(value, dict):
                    yield from leaves(value)
                else:
                    yield value

        for value in leaves(data):
            assert isinstance(value, str) and value.strip(), f"{lang}/{area}.toml: {value!r}"


def test_messages_fill_the_same_fields_in_both_languages() -> None:
    es, en = catalogue("es"), catalogue("en")
    different = {key: (sorted(_fields(es[key])), sorted(_fields(en[key])))
                 for key in es.keys() & en.keys() if _fields(es[key]) != _fields(en[key])}
    assert not different, f"messages whose {{fields}} differ between es and en: {different}"


def test_translation_fills_fields_and_returns_missing_keys_as_written() -> None:
    key = next(k for k, v in catalogue("en").items() if _fields(v))
    values = dict.fromkeys(_fields(catalogue("en")[key]), "XYZZY")
    assert "XYZZY" in t(key, "en", **values)
    assert t("settings.no_such_key_at_all", "en") == "settings.no_such_key_at_all"


# ------------------------------------------------------------------ keys used in code
def keys_used_in_code() -> list[tuple[str, int, str, bool]]:
    """``(file, line, key, is_fstring)`` for each literal key passed to ``t``/``tr``."""
    found = []
    for path in SOURCES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith(">>>"):  # doctests show misses on purpose
                continue
            for match in CALL_RE.finditer(line):
                key = match.group(3)
                if KEY_RE.match(key):
                    found.append((str(path.relative_to(REPO)), number, key, bool(match.group(1))))
    return found


def _fstring_pattern(key: str) -> re.Pattern[str]:
    parts = re.split(r"\{[^{}]*\}", key)
    return re.compile("^" + "[^ ]+?".join(re.escape(part) for part in parts) + "$")


def test_code_scanner_finds_the_keys_of_this_project() -> None:
    used = {key for _, _, key, _ in keys_used_in_code()}
    # The shell itself uses these; if the scanner missed them it would prove nothing.
    assert "settings.title" in used and "home.title" in used
    assert any(key.startswith("nav.{") for key in used)


def test_every_key_used_in_code_is_in_the_catalogue() -> None:
    known = set(catalogue("es")) & set(catalogue("en"))
    missing = []
    for where, line, key, is_fstring in keys_used_in_code():
        if is_fstring and "{" in key:
            pattern = _fstring_pattern(key)
            if not any(pattern.match(k) for k in known):
                missing.append(f"{where}:{line}: {key}")
        elif key not in known:
            missing.append(f"{where}:{line}: {key}")
    assert not missing, "keys used in code but in no catalogue (or only one language):\n" + \
        "\n".join(missing)


# ------------------------------------------------------------------ rendered pages
class _RecordingCatalogue(dict[str, str]):
    """A catalogue that remembers every key looked up and not found."""

    def __init__(self, data: dict[str, str], misses: list[str]) -> None:
        super().__init__(data)
        self.misses = misses

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        if key not in self:
            self.misses.append(key)
        return super().get(key, default)


def _proto_strings(message: Any) -> Iterator[str]:
    for _, value in message.ListFields():
        items = value if isinstance(value, str) or not hasattr(value, "__iter__") \
            else None
        if items is not None:
            if isinstance(items, str):
                yield items
            continue
        if hasattr(value, "ListFields"):
            yield from _proto_strings(value)
            continue
        for item in value:  # repeated field
            if isinstance(item, str):
                yield item
            elif hasattr(item, "ListFields"):
                yield from _proto_strings(item)


def _texts(node: Any) -> Iterator[str]:
    """Every string an element shows (read off its protobuf, labels and options too)."""
    proto = getattr(node, "proto", None)
    if proto is not None and hasattr(proto, "ListFields"):
        yield from _proto_strings(proto)
    for child in getattr(node, "children", {}).values():
        yield from _texts(child)


RAW_KEY_RE = re.compile(r"(?<![\w./-])(?:" + "|".join(map(re.escape, AREAS)) +
                        r")\.[a-z0-9_\-]+(?:\.[a-z0-9_\-]+)*(?![\w/])")


def raw_keys_shown(at: AppTest) -> set[str]:
    """Texts on screen that are exactly a key (what ``t`` returns for a missing key)."""
    shown = set()
    for text in _texts(at._tree):
        for match in RAW_KEY_RE.finditer(text):
            if match.group(0) not in {"app.toml"}:
                shown.add(match.group(0))
    return shown


def test_raw_key_detector_sees_a_key_on_screen() -> None:
    at = AppTest.from_string(
        "import streamlit as st\nst.markdown('Hola settings.no_such_key')\nst.button('home.nope')",
        default_timeout=WAIT_S,
    ).run()
    assert raw_keys_shown(at) == {"settings.no_such_key", "home.nope"}


# Every page, plus one lesson open (the lessons page shows other texts then).
_SHIPPED = load_lessons(LESSONS_DIR)[0]
VIEWS = [(page, "") for page in PAGES] + [("lessons", lesson.id) for lesson in _SHIPPED[:1]]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("page", "lesson"), VIEWS)
def test_rendered_page_shows_no_raw_key(page: str, lesson: str, lang: str,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    misses: list[str] = []
    real = {code: dict(catalogue(code)) for code in LANGUAGES}
    monkeypatch.setattr(i18n, "catalogue",
                        lambda code: _RecordingCatalogue(real.get(code, real["es"]), misses))
    at = new_app(params={"lang": lang, **({"lesson": lesson} if lesson else {})})
    at.run()
    if page != "home":
        at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.message for e in at.exception]
    if lesson:
        assert at.query_params.get("lesson") == lesson and not at.warning
    assert not misses, f"{page} ({lang}) looked up keys in no catalogue: {sorted(set(misses))}"
    assert not raw_keys_shown(at), f"{page} ({lang}) shows raw keys"
