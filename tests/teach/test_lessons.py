"""Lesson files: they load, their scenarios are valid and answered by the engine,
and a broken file is one clear LessonError naming it, never another exception."""

from __future__ import annotations

import copy
import json
import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import parse_cards, suit_from_letter
from tute_tutor.engine.legal import OBLIGATIONS, analyse_play
from tute_tutor.engine.variants import find_rules
from tute_tutor.teach.lessons import (
    LANGS,
    LESSONS_DIR,
    Lesson,
    LessonError,
    check_main,
    lessons_dir,
    load_lesson,
    load_lessons,
    parse_lesson,
)
from tute_tutor.words.explain import explain

LESSON_FILES = sorted(LESSONS_DIR.glob("*.toml"))
TAUGHT_IN = {path.stem: tomllib.loads(path.read_text(encoding="utf-8"))["order"]
             for path in LESSON_FILES}
"""The order of each shipped lesson, by id (read straight from the files)."""

REQUIRED_TOPICS = {
    "baraja": "the deck and the order of strength",
    "puntos": "points and the diez de últimas",
    "reparto": "deal, trump and turn order",
    "asistir-montar": "asistir and montar",
    "fallar": "fallar",
    "pisar": "pisar and what you may do when you cannot",
    "baza-fallada": "the trick already cut by a trump",
    "companero": "the partner question",
    "cantes": "cantes: 20/40, who, when, once per suit, priority",
    "tute": "tute: timings and awards",
    "recuento": "counting a hand and ties",
    "partida": "match scoring in its variants",
    "variantes": "the house variants of play: strict beating and the low trump",
    "exencion": "the partner exemption",
    "tute-a-tres": "tute a tres",
    "tute-a-dos": "tute a dos: the stock and free play",
    "tute-a-dos-cambio": "tute a dos: cantes and the swap",
    "tute-a-dos-arrastre": "tute a dos: the arrastre and streaks",
    "errores": "the common mistakes",
    "estrategia": "first strategy",
    "contar-cartas": "strategy: counting cards",
    "diez-de-ultimas": "strategy: keeping a trump for the last trick",
    "guardar-cante": "strategy: guarding and timing a cante",
    "jugar-en-pareja": "strategy: playing with a partner",
    "mazo-a-dos": "strategy: the two-player stock",
}


def raw_lesson(path: Path) -> dict[str, Any]:
    """The file's TOML, read independently of the loader."""
    return tomllib.loads(path.read_text(encoding="utf-8"))


def engine_analysis(spec: dict[str, Any]) -> Any:
    """Analyse a scenario table straight from the engine, without the Scenario class."""
    return analyse_play(parse_cards(spec["hand"]), parse_cards(spec.get("trick", [])),
                        suit_from_letter(spec["trump"]),
                        find_rules(spec["ruleset"], spec.get("overrides")),
                        spec.get("stock_left", 0))


def scenario_tables(raw: dict[str, Any]) -> list[dict[str, Any]]:
    """Every scenario-bearing table of a raw lesson: scenario blocks and legal questions."""
    blocks = [b for b in raw["block"] if b.get("kind") == "scenario"]
    questions = [q for q in raw.get("question", []) if q.get("kind") == "legal"]
    return blocks + questions


# --------------------------------------------------------------------- shipped lessons


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_every_lesson_file_loads(path: Path) -> None:
    lesson = load_lesson(path)
    assert lesson.path == path
    assert lesson.id == path.stem, "shipped lessons are named after their id"


def test_every_required_topic_has_a_lesson() -> None:
    lessons, errors = load_lessons(LESSONS_DIR)
    assert errors == []
    missing = sorted(set(REQUIRED_TOPICS) - {lesson.id for lesson in lessons})
    assert missing == [], f"topics without a lesson: {missing}"


def test_shipped_lessons_have_distinct_orders() -> None:
    lessons, _ = load_lessons(LESSONS_DIR)
    orders = [lesson.order for lesson in lessons]
    assert len(set(orders)) == len(orders)
    assert orders == sorted(orders)


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_lesson_shape_has_scenarios_and_closing_questions(path: Path) -> None:
    lesson = load_lesson(path)
    scenarios = [b for b in lesson.blocks if b.kind == "scenario"]
    # The deck and the points come before any rule of play, so they have no scenario.
    if lesson.order >= TAUGHT_IN["reparto"]:
        assert 1 <= len(scenarios) <= 4
    else:
        assert scenarios == []
    assert 2 <= len(lesson.questions) <= 4
    assert lesson.blocks[0].kind == "text", "a lesson opens with an explanation"


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_both_languages_present_everywhere(path: Path) -> None:
    lesson = load_lesson(path)
    texts: list[dict[str, str]] = [lesson.title, lesson.summary]
    for block in lesson.blocks:
        texts.append(block.text if block.kind == "text" else block.prompt)
    for question in lesson.questions:
        texts += [question.prompt, question.explanation]
        assert len(question.options["es"]) == len(question.options["en"])
    for text in texts:
        assert set(text) == set(LANGS)
        assert all(value.strip() for value in text.values())
    # And the Spanish is not a copy of the English.
    for block in lesson.blocks:
        if block.kind == "text":
            assert block.text["es"] != block.text["en"]


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_scenario_explanation_shown_is_the_engines(path: Path) -> None:
    raw = raw_lesson(path)
    lesson = load_lesson(path)
    raw_blocks = [b for b in raw["block"] if b["kind"] == "scenario"]
    loaded = [b for b in lesson.blocks if b.kind == "scenario"]
    assert len(raw_blocks) == len(loaded)
    for data, block in zip(raw_blocks, loaded, strict=True):
        assert block.scenario is not None
        analysis = engine_analysis(data["scenario"])
        for lang in LANGS:
            shown = block.answer(lang)
            assert shown["explanation"] == explain(analysis, lang)
            assert shown["explanation"] == explain(block.scenario.analyse(), lang)
            assert shown["legal"] == [str(c) for c in analysis.legal]
            assert shown["obligation"] == analysis.obligation


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_declared_expected_obligation_matches_engine(path: Path) -> None:
    raw = raw_lesson(path)
    declared = [(t["expect"], t["scenario"]) for t in scenario_tables(raw) if "expect" in t]
    assert declared or not scenario_tables(raw), "shipped lessons declare what they show"
    for expected, spec in declared:
        assert engine_analysis(spec).obligation == expected, spec


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_every_shipped_scenario_declares_its_obligation(path: Path) -> None:
    missing = [t["prompt"]["en"] for t in scenario_tables(raw_lesson(path)) if "expect" not in t]
    assert missing == []


LEADER_WORDS = {
    "partner": ("tu compañero sale", "tu compañero ha salido", "your partner leads",
                "your partner led"),
    "opponent": ("un rival sale", "el rival sale", "an opponent leads", "the opponent leads"),
}


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_prompt_names_the_leader_the_cards_imply(path: Path) -> None:
    """In four players your partner played two cards before you: the text must agree."""
    for table in scenario_tables(raw_lesson(path)):
        spec = table["scenario"]
        if find_rules(spec["ruleset"]).players != 4:
            continue
        before = len(spec.get("trick", []))
        for lang in LANGS:
            prompt = table["prompt"][lang].lower()
            if any(words in prompt for words in LEADER_WORDS["partner"]):
                assert before == 2, table["prompt"][lang]
            if any(words in prompt for words in LEADER_WORDS["opponent"]):
                assert before in (1, 3), table["prompt"][lang]


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_legal_question_answer_comes_from_engine(path: Path) -> None:
    raw = raw_lesson(path)
    lesson = load_lesson(path)
    raw_legal = [q for q in raw.get("question", []) if q["kind"] == "legal"]
    loaded = [q for q in lesson.questions if q.kind == "legal"]
    assert len(raw_legal) == len(loaded)
    for data, question in zip(raw_legal, loaded, strict=True):
        assert "answer" not in data
        hand = parse_cards(data["scenario"]["hand"])
        legal = set(engine_analysis(data["scenario"]).legal)
        assert question.answer == tuple(i for i, c in enumerate(hand) if c in legal)
        assert question.options["es"] == [c.name("es") for c in hand]
        assert question.is_correct(question.answer)
        if len(hand) > len(legal):
            assert not question.is_correct(range(len(hand)))


@pytest.mark.parametrize("path", LESSON_FILES, ids=lambda p: p.stem)
def test_choice_answers_in_range(path: Path) -> None:
    for question in load_lesson(path).questions:
        if question.kind == "choice":
            assert question.answer
            assert all(0 <= i < len(question.options["es"]) for i in question.answer)
            assert len(set(question.answer)) == len(question.answer)


def test_right_options_are_not_always_in_the_same_place() -> None:
    """A learner must not learn "the first option is right" instead of the rules."""
    lessons, _ = load_lessons(LESSONS_DIR)
    positions = [q.answer[0] for lesson in lessons for q in lesson.questions
                 if q.kind == "choice"]
    most = max(positions.count(p) for p in set(positions))
    assert most <= len(positions) // 2


def _flag_values(lesson_id: str, flag: str) -> set[Any]:
    lesson = next(x for x in load_lessons(LESSONS_DIR)[0] if x.id == lesson_id)
    return {s.rules.flags()[flag] for s in lesson.scenarios}


@pytest.mark.parametrize(("lesson_id", "flag"), [
    ("variantes", "overtake_when_trumped"),
    ("exencion", "partner_exemption"),
    ("variantes", "trump_when_cannot_overtrump"),
])
def test_flag_lessons_show_both_settings(lesson_id: str, flag: str) -> None:
    assert _flag_values(lesson_id, flag) == {True, False}


def test_flag_lessons_show_the_difference_on_the_same_cards() -> None:
    """The variants lesson plays one position under both settings, with different answers."""
    lesson = next(x for x in load_lessons(LESSONS_DIR)[0] if x.id == "variantes")
    by_cards: dict[tuple[Any, ...], set[tuple[str, ...]]] = {}
    for s in lesson.scenarios:
        key = (s.hand, s.trick, s.trump)
        by_cards.setdefault(key, set()).add(tuple(str(c) for c in s.analyse().legal))
    assert any(len(answers) == 2 for answers in by_cards.values())


def test_two_player_lesson_shows_stock_and_arrastre() -> None:
    lessons = [x for x in load_lessons(LESSONS_DIR)[0] if x.id.startswith("tute-a-dos")]
    assert len(lessons) == 3  # the stock, the swap, the arrastre: one step each
    scenarios = [s for lesson in lessons for s in lesson.scenarios]
    obligations = {s.analyse().obligation for s in scenarios}
    assert "robo" in obligations
    assert obligations - {"robo"}, "an arrastre scenario too"
    assert all(s.rules.players == 2 for s in scenarios)


def test_three_player_lesson_plays_three_players() -> None:
    lesson = next(x for x in load_lessons(LESSONS_DIR)[0] if x.id == "tute-a-tres")
    assert lesson.scenarios
    assert all(s.rules.players == 3 for s in lesson.scenarios)


def test_every_obligation_code_is_shown_somewhere() -> None:
    lessons, _ = load_lessons(LESSONS_DIR)
    shown = {s.analyse().obligation for lesson in lessons for s in lesson.scenarios}
    assert shown == set(OBLIGATIONS)


# --------------------------------------------------------------------- loader behaviour

GOOD = {
    "id": "demo",
    "order": 5,
    "title": {"es": "Prueba", "en": "Demo"},
    "summary": {"es": "Resumen.", "en": "Summary."},
    "block": [
        {"kind": "text", "es": "Texto **en negrita**.", "en": "Some **bold** text."},
        {"kind": "scenario", "prompt": {"es": "¿Qué echas?", "en": "What do you play?"},
         "scenario": {"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"],
                      "trick": ["10c"]},
         "expect": "montar"},
    ],
    "question": [
        {"kind": "choice", "prompt": {"es": "¿Cuál?", "en": "Which?"},
         "options": {"es": ["Uno", "Dos", "Tres"], "en": ["One", "Two", "Three"]},
         "answer": [1], "explanation": {"es": "Porque sí.", "en": "Because."}},
        {"kind": "legal", "prompt": {"es": "Marca.", "en": "Mark."},
         "scenario": {"ruleset": "clasico", "trump": "o", "hand": ["3b", "11b", "1o"],
                      "trick": ["10b", "12b"]}},
    ],
}


def toml_value(value: Any) -> str:
    """A tiny TOML writer for tests: inline tables and arrays, JSON-escaped strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("nan" if value != value else
                                                         ("inf" if value > 0 else "-inf"))
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}"
                               for k, v in value.items()) + "}"
    raise TypeError(value)


def toml_text(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in data.items())


def write(folder: Path, name: str, data: dict[str, Any] | str) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else toml_text(data), encoding="utf-8")
    return path


def test_good_demo_lesson_loads(tmp_path: Path) -> None:
    lesson = load_lesson(write(tmp_path, "demo.toml", GOOD))
    assert isinstance(lesson, Lesson)
    assert [b.kind for b in lesson.blocks] == ["text", "scenario"]
    assert lesson.blocks[1].expect == "montar"
    legal = lesson.questions[1]
    # 3b beats the rey de bastos on the table: it is the only legal card.
    assert legal.answer == (0,)
    assert legal.explanation["en"].startswith("You hold clubs")


def mutated(path: list[Any], value: Any = None, delete: bool = False) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    node: Any = data
    for step in path[:-1]:
        node = node[step]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


BROKEN = [
    ("unknown_top_key", mutated(["author"], "Ana"), "unknown key 'author'"),
    ("unknown_block_key", mutated(["block", 0, "fr"], "Texte"), "block 1: unknown key 'fr'"),
    ("missing_title_language", mutated(["title", "en"], delete=True),
     "title: missing language 'en'"),
    ("missing_block_language", mutated(["block", 0, "es"], delete=True),
     "block 1: missing language 'es'"),
    ("empty_text", mutated(["summary", "es"], "   "), "summary.es is empty"),
    ("extra_language", mutated(["title", "fr"], "Essai"), "title: unknown key 'fr'"),
    ("bad_card", mutated(["block", 1, "scenario", "hand", 0], "13c"),
     "block 2: bad scenario: hand: '13c' is not a card code"),
    ("card_twice", mutated(["block", 1, "scenario", "trick"], ["12c"]),
     "card 12c appears twice"),
    ("bad_ruleset", mutated(["block", 1, "scenario", "ruleset"], "brisca"),
     "unknown rule set 'brisca'"),
    ("bad_flag", mutated(["block", 1, "scenario", "overrides"], {"partner": True}),
     "unknown rule flag 'partner'"),
    ("trick_too_long", mutated(["block", 1, "scenario", "trick"], ["1e", "2e", "3e", "4e"]),
     "a trick of 4 cards is too long"),
    ("wrong_expect", mutated(["block", 1, "expect"], "fallar"),
     "the engine says 'montar' for this scenario, not the expected 'fallar'"),
    ("unknown_expect", mutated(["block", 1, "expect"], "matar"),
     "expect 'matar' is not an obligation code"),
    ("answer_out_of_range", mutated(["question", 0, "answer"], [3]),
     "question 1: answer 3 is out of range: the options are numbered 0 to 2"),
    ("negative_answer", mutated(["question", 0, "answer"], [-1]), "answer -1 is out of range"),
    ("answer_not_numbers", mutated(["question", 0, "answer"], ["b"]),
     "must be a list of option numbers"),
    ("options_differ", mutated(["question", 0, "options", "en"], ["One", "Two"]),
     "different numbers of options (es 3, en 2)"),
    ("legal_with_answer", mutated(["question", 1, "answer"], [0]),
     "question 2: unknown key 'answer'"),
    ("bad_block_kind", mutated(["block", 0, "kind"], "video"), "block 1: kind 'video'"),
    ("bad_question_kind", mutated(["question", 0, "kind"], "open"),
     "question 1: kind 'open'"),
    ("missing_scenario", mutated(["block", 1, "scenario"], delete=True),
     "block 2: missing 'scenario'"),
    ("bad_id", mutated(["id"], "Mi Lección"), "id 'Mi Lección' must be lower-case"),
    ("order_not_number", mutated(["order"], "1"), "order '1' must be a whole number"),
    ("no_blocks", mutated(["block"], []), "the lesson has no [[block]]"),
    ("missing_summary", mutated(["summary"], delete=True), "the lesson has no 'summary'"),
]


@pytest.mark.parametrize(("data", "fragment"), [(d, f) for _, d, f in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
def test_broken_lesson_names_file_and_problem(tmp_path: Path, data: dict[str, Any],
                                              fragment: str) -> None:
    path = write(tmp_path, "broken.toml", data)
    with pytest.raises(LessonError) as caught:
        load_lesson(path)
    message = str(caught.value)
    assert message.startswith(f"{tmp_path.name}/broken.toml: ")
    assert fragment in message
    assert len(message.splitlines()) == 1
    assert caught.value.path == path


def test_bad_toml_syntax_gives_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "syntax.toml", 'id = "x"\norder = \n')
    with pytest.raises(LessonError, match=r"syntax\.toml: not valid TOML: .*line 2"):
        load_lesson(path)


def test_file_not_utf8_is_a_lesson_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes('id = "año"'.encode("latin-1"))
    with pytest.raises(LessonError, match="not UTF-8"):
        load_lesson(path)


def test_duplicate_ids_reported_once_and_first_kept(tmp_path: Path) -> None:
    write(tmp_path, "a.toml", GOOD)
    write(tmp_path, "b.toml", mutated(["order"], 1))
    lessons, errors = load_lessons(tmp_path)
    assert [lesson.path.name for lesson in lessons] == ["a.toml"]
    assert [str(e) for e in errors] == [
        f"{tmp_path.name}/b.toml: id 'demo' is already used by {tmp_path.name}/a.toml"]


def test_load_lessons_sorts_by_order_and_skips_broken(tmp_path: Path) -> None:
    write(tmp_path, "late.toml", mutated(["order"], 90) | {"id": "late"})
    write(tmp_path, "early.toml", mutated(["order"], 1) | {"id": "early"})
    write(tmp_path, "bad.toml", mutated(["title", "es"], delete=True))
    (tmp_path / "notes.md").write_text("not a lesson")
    lessons, errors = load_lessons(tmp_path)
    assert [lesson.id for lesson in lessons] == ["early", "late"]
    assert [e.path.name for e in errors] == ["bad.toml"]


def test_missing_folder_is_reported_not_raised(tmp_path: Path) -> None:
    lessons, errors = load_lessons(tmp_path / "nowhere")
    assert lessons == []
    assert len(errors) == 1 and "does not exist" in str(errors[0])


def test_env_var_sets_default_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "demo.toml", GOOD)
    monkeypatch.setenv("TUTE_TUTOR_LESSONS_DIR", str(tmp_path))
    assert lessons_dir() == tmp_path
    lessons, errors = load_lessons()
    assert [lesson.id for lesson in lessons] == ["demo"] and errors == []
    monkeypatch.delenv("TUTE_TUTOR_LESSONS_DIR")
    assert lessons_dir() == LESSONS_DIR


# --------------------------------------------------------------------- fuzzing

LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 50),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
    st.sampled_from(["12c", "1o", "13c", "o", "x", "clasico", "a-dos", "montar", "es"]),
    st.lists(st.sampled_from(["12c", "1o", "4c", "5b", "10c", "zz", ""]), max_size=5),
    st.dictionaries(st.sampled_from(["es", "en", "fr", "kind"]), st.text(max_size=5),
                    max_size=3),
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


GOOD_PATHS = _paths(GOOD)


@given(st.lists(st.tuples(st.sampled_from(GOOD_PATHS), st.one_of(st.just(None), LEAVES)),
                min_size=1, max_size=3))
def test_mutated_lesson_loads_or_gives_lesson_error(
        changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    data: Any = copy.deepcopy(GOOD)
    for path, value in changes:
        node = data
        try:
            for step in path[:-1]:
                node = node[step]
            if value is None:
                del node[path[-1]]
            else:
                node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed or replaced this path
    try:
        text = toml_text(data)
    except TypeError:
        return
    assert_loads_or_lesson_error(text)


@given(st.text(max_size=300))
def test_arbitrary_text_gives_lesson_or_lesson_error(text: str) -> None:
    assert_loads_or_lesson_error(text)


@given(st.lists(st.sampled_from([
    'id = "x"\n', "order = 3\n", "[title]\n", 'es = "a"\n', 'en = "b"\n', "[summary]\n",
    "[[block]]\n", 'kind = "text"\n', 'kind = "scenario"\n', "[[question]]\n",
    'kind = "choice"\n', 'kind = "legal"\n', 'prompt = { es = "p", en = "q" }\n',
    'scenario = { ruleset = "clasico", trump = "o", hand = ["1o", "4c"] }\n',
    'scenario = { ruleset = "a-dos", trump = "e", hand = ["1o"], stock_left = 30 }\n',
    'options = { es = ["a", "b"], en = ["c", "d"] }\n', "answer = [1]\n", "answer = 7\n",
    'explanation = { es = "e", en = "f" }\n', 'expect = "montar"\n', "[block]\n",
    "title = 3\n", "block = []\n", "question = [1, 2]\n",
]), max_size=25))
def test_lesson_shaped_fragments_give_lesson_or_lesson_error(lines: list[str]) -> None:
    assert_loads_or_lesson_error("".join(lines))


def assert_loads_or_lesson_error(text: str) -> None:
    path = Path("lessons/fuzz.toml")
    try:
        lesson = parse_lesson(text, path)
    except LessonError as error:
        message = str(error)
        assert message.startswith("lessons/fuzz.toml: ")
        assert len(message.splitlines()) == 1
        assert error.path == path
    else:
        assert set(lesson.title) == set(LANGS)
        for scenario in lesson.scenarios:
            scenario.analyse()


# --------------------------------------------------------------------- teachers' check


def test_check_command_reports_each_file_and_fails_on_a_broken_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path, "demo.toml", GOOD)
    bad = write(tmp_path, "bad.toml", mutated(["block", 1, "scenario", "hand", 0], "9c"))
    assert check_main([str(good)]) == 0
    assert capsys.readouterr().out.startswith(f"ok {tmp_path.name}/demo.toml: Prueba / Demo")
    assert check_main([str(bad)]) == 2
    assert capsys.readouterr().out.startswith(f"error {tmp_path.name}/bad.toml: ")
    assert check_main([str(tmp_path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2
    assert out[0].startswith("ok ")
    assert out[1].startswith(f"error {tmp_path.name}/bad.toml: block 2: bad scenario: ")


def test_check_command_passes_on_shipped_lessons(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_main([str(LESSONS_DIR)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(LESSON_FILES)


@pytest.mark.parametrize("data", [
    mutated(["block", 1, "scenario", "hand", 0], "1\no"),
    mutated(["title", "line\nbreak"], "x"),
    mutated(["block", 0, "kind"], "te\u2028xt"),
], ids=["card_code", "key", "kind"])
def test_line_breaks_in_bad_values_keep_the_message_on_one_line(
        tmp_path: Path, data: dict[str, Any]) -> None:
    with pytest.raises(LessonError) as caught:
        load_lesson(write(tmp_path, "breaks.toml", data))
    assert len(str(caught.value).splitlines()) == 1
