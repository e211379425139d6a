"""Teaching order of the shipped lessons: no word, rule, player count or variant before
the lesson that teaches it; answers never shown before the learner picks; questions
that are not the worked example again; reasons on wrong options too."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tute_tutor.teach.lessons import LESSONS_DIR, Lesson, load_lessons

LESSONS, _ = load_lessons(LESSONS_DIR)
ORDER = {lesson.id: lesson.order for lesson in LESSONS}
LESSON_IDS = [lesson.id for lesson in LESSONS]

# word: (the lesson that teaches it, Spanish pattern, English pattern or None)
GLOSSARY: dict[str, tuple[str, str, str | None]] = {
    "baza": ("baraja", r"\bbazas?\b", r"\btricks?\b"),
    "triunfo": ("baraja", r"\btriunfos?\b", r"\btrumps?\b"),
    "matar": ("baraja", r"\bmat(ar|a|as|an|e|en|ando)\b", r"\bmatar\b|\bkills?\b"),
    "mano (the hand)": ("baraja", r"\bmanos?\b", None),
    "tantos": ("puntos", r"\btantos\b", r"\btantos\b"),
    "brisca": ("puntos", r"\bbriscas?\b", r"\bbriscas?\b"),
    "monte": ("puntos", r"\bmonte\b", r"\bmonte\b"),
    "diez de últimas": ("puntos", r"\bdiez de últimas\b", r"\bdiez de últimas\b"),
    "el mano (the player)": ("reparto", r"\b(el|al|del|eres|es) mano\b",
                             r"\bthe mano\b"),
    "asistir": ("asistir-montar", r"\basist\w*", r"\bfollow\w* suit\b|\basistir\b"),
    "montar": ("asistir-montar", r"\bmont(ar|as|a|an|ando)\b", r"\bmontar\b"),
    "arrastrar": ("asistir-montar", r"\barrastr(ar|as|a|an|ando)\b",
                  r"\barrastrar\b|\blead(ing)? trumps\b"),
    "renuncio": ("asistir-montar", r"\brenuncio\b", r"\brenuncio\b"),
    "fallar": ("fallar", r"\bfall(ar|as|a|an|e|o|ando|ada|ado|ó)\b", r"\bfallar\b"),
    "descartarse": ("fallar", r"\bdescart\w*", r"\bdescartarse\b|\bdiscard\w*"),
    "pisar": ("pisar", r"\bpis(ar|as|a|an|e|ando|aría|arte)\b", r"\bpisar\b|\bovertrump\w*"),
    "exención": ("exencion", r"\bexención\b", r"\bexemption\b"),
    "cargar": ("pisar", r"\bcarg(ar|a|as|ando|ues)\b", r"\bload(s|ing)?\b"),
    "cante": ("cantes", r"\bcant(e|es|ar|as|a|an|ado|ada|ados|adas|asteis|ando|arlo|arla|"
              r"arlos|arlas|ando)\b", r"\bcantes?\b|\bsing\b|\bsung\b"),
    "coto": ("partida", r"\bcotos?\b", r"\bcotos?\b"),
    "cotón": ("partida", r"\bcotón\b", r"\bcotón\b"),
    "mazo": ("tute-a-dos", r"\bmazo\b", r"\bstock\b"),
    "robar": ("tute-a-dos", r"\brob(ar|a|as|o|an)\b", r"\bdraw(s|n|ing)?\b"),
    "arrastre": ("tute-a-dos-arrastre", r"\barrastre\b", r"\barrastre\b"),
    "racha": ("tute-a-dos-arrastre", r"\brachas?\b", r"\bstreaks?\b"),
    # The audit of 1 December 2026, section 2 (O1-O8).
    "bando": ("puntos", r"\bbandos?\b", r"\bsides?\b"),
    "muestra": ("reparto", r"\bmuestra\b", r"\bmuestra\b"),
    "pareja": ("reparto", r"\bparejas?\b", r"\bpairs?\b"),
    "reglamento clásico": ("reparto", r"\breglamento clásico\b|\breglas por defecto\b",
                           r"\bclassic rules\b|\bdefault rules\b"),
    "partida": ("partida", r"\bpartidas?\b", None),
}

# What each scenario may use, and the lesson where it is taught.
TAUGHT: dict[str, dict[Any, str]] = {
    "players": {4: "reparto", 3: "tute-a-tres", 2: "tute-a-dos"},
    "ruleset": {"clasico": "reparto", "estricto": "variantes", "ludoteka": "partida",
                "las40": "partida", "a-tres": "tute-a-tres", "a-dos": "tute-a-dos"},
    "flag": {"trump_when_cannot_overtrump": "variantes", "overtake_when_trumped": "variantes",
             "partner_exemption": "exencion"},
    "obligation": {"salida": "reparto", "asistir": "asistir-montar",
                   "montar": "asistir-montar", "fallar": "fallar", "libre": "fallar",
                   "pisar": "pisar", "companero": "exencion", "robo": "tute-a-dos"},
}


def lesson_texts(lesson: Lesson, lang: str) -> Iterator[str]:
    """Every text of a lesson the learner reads in ``lang``."""
    yield lesson.title[lang]
    yield lesson.summary[lang]
    for block in lesson.blocks:
        if block.kind == "text":
            yield block.text[lang]
        else:
            yield block.prompt[lang]
            if block.explanation:
                yield block.explanation[lang]
    for question in lesson.questions:
        yield question.prompt[lang]
        yield question.explanation[lang]
        if question.kind == "choice":
            yield from question.options[lang]


def first_use(pattern: str, lang: str) -> str | None:
    for lesson in LESSONS:
        if any(re.search(pattern, text.lower()) for text in lesson_texts(lesson, lang)):
            return lesson.id
    return None


@pytest.mark.parametrize("word", list(GLOSSARY))
def test_a_word_is_taught_before_any_lesson_uses_it(word: str) -> None:
    teacher, es_pattern, en_pattern = GLOSSARY[word]
    for lang, pattern in (("es", es_pattern), ("en", en_pattern)):
        if pattern is None:
            continue
        used = first_use(pattern, lang)
        assert used is not None, f"{word!r} is taught but never used ({lang})"
        assert ORDER[used] >= ORDER[teacher], (
            f"{word!r} is used in {used} ({lang}) before {teacher} teaches it")


@pytest.mark.parametrize("word", list(GLOSSARY))
def test_the_teaching_lesson_defines_the_word_in_bold(word: str) -> None:
    teacher, es_pattern, en_pattern = GLOSSARY[word]
    lesson = next(item for item in LESSONS if item.id == teacher)
    for lang, pattern in (("es", es_pattern), ("en", en_pattern or es_pattern)):
        bold = [m.lower() for block in lesson.blocks if block.kind == "text"
                for m in re.findall(r"\*\*([^*]+)\*\*", block.text[lang])]
        if lang == "en" and en_pattern is None:
            continue
        assert any(re.search(pattern, item) for item in bold), (
            f"{teacher} does not define {word!r} in bold ({lang})")


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_scenarios_use_only_rules_already_taught(lesson_id: str) -> None:
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    for s in lesson.scenarios:
        used = [("players", s.rules.players), ("ruleset", s.ruleset),
                ("obligation", s.analyse().obligation)]
        used += [("flag", name) for name in s.overrides]
        for kind, value in used:
            teacher = TAUGHT[kind][value]
            assert ORDER[teacher] <= lesson.order, (
                f"{lesson_id} uses {kind} {value!r} before {teacher} teaches it")


def card_names(cards: Any, lang: str) -> list[str]:
    return [card.name(lang) for card in cards]


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_the_best_card_is_not_named_before_the_learner_picks(lesson_id: str) -> None:
    """The text blocks next to a "which is better?" block do not give its answer away."""
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    blocks = lesson.blocks
    for index, block in enumerate(blocks):
        if block.ask != "best" or block.scenario is None:
            continue
        neighbours = [blocks[i] for i in (index - 1, index + 1)
                      if 0 <= i < len(blocks) and blocks[i].kind == "text"]
        for lang in ("es", "en"):
            names = card_names(block.best, lang)
            for text in (n.text[lang].lower() for n in neighbours):
                assert not any(name in text for name in names), (lesson_id, index, lang)


PLURAL = {"es": r"\bqué cartas\b|\bcuáles\b|\bmárcalas\b", "en": r"\bwhich cards\b|\bmark them\b"}
BETTER = {"es": r"\bconviene\b|\bmejor\b|\bdeberías\b",
          "en": r"\bbetter\b|\bbest\b|\bwise\b|\bshould\b"}


def assert_worded_as_graded(lesson_id: str, wording: dict[str, str], ask: str) -> None:
    """Each scenario's prompt has ``wording`` (per language) exactly when it asks ``ask``."""
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    for block in lesson.blocks:
        if block.kind != "scenario":
            continue
        for lang in ("es", "en"):
            worded = re.search(wording[lang], block.prompt[lang].lower()) is not None
            assert worded == (block.ask == ask), (lesson_id, block.prompt[lang])


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_a_prompt_in_the_plural_takes_several_cards(lesson_id: str) -> None:
    assert_worded_as_graded(lesson_id, PLURAL, "all")


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_a_prompt_asking_for_the_better_card_is_graded_on_quality(lesson_id: str) -> None:
    assert_worded_as_graded(lesson_id, BETTER, "best")


def words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


def runs(text: str, size: int) -> set[tuple[str, ...]]:
    found = words(text)
    return {tuple(found[i:i + size]) for i in range(len(found) - size + 1)}


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_questions_do_not_repeat_the_worked_example(lesson_id: str) -> None:
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    shown = {(s.hand, s.trick, s.trump) for b in lesson.blocks
             if (s := b.scenario) is not None}
    for question in lesson.questions:
        if question.scenario is not None:
            s = question.scenario
            assert (s.hand, s.trick, s.trump) not in shown, question.prompt["en"]
        for lang in ("es", "en"):
            taught = set().union(*(runs(b.text[lang], 8) for b in lesson.blocks
                                   if b.kind == "text"))
            assert not runs(question.prompt[lang], 8) & taught, question.prompt[lang]


REASON = {"es": r":|\bporque\b|, para\b|\bpor (estar|ser|faltar|no)\b",
          "en": r":|\bbecause\b|\bsince\b|, to\b"}


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_the_right_option_is_not_the_only_one_with_a_reason(lesson_id: str) -> None:
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    for question in lesson.questions:
        if question.kind != "choice":
            continue
        for lang in ("es", "en"):
            options = question.options[lang]
            reasoned = {i for i, text in enumerate(options)
                        if re.search(REASON[lang], text.lower())}
            if set(question.answer) <= reasoned and len(question.answer) < len(options):
                assert reasoned - set(question.answer), (lesson_id, options)


def test_the_glossary_covers_the_words_the_issue_named() -> None:
    """matar, tantos, descartarse, monte, mano, brisca, arrastre/arrastrar, coto, cotón."""
    named = {"matar", "tantos", "descartarse", "monte", "el mano (the player)",
             "mano (the hand)", "brisca", "arrastre", "arrastrar", "coto", "cotón"}
    assert named <= set(GLOSSARY)


def test_lesson_facts_the_issue_asked_for_are_taught() -> None:
    """Facts with no single word: each is stated in the lesson that owns it."""
    facts = {
        "baraja": {"es": r"caballo la \*\*q\*\*", "en": r"knight \(caballo\) is \*\*q\*\*"},
        "reparto": {"es": r"no se enseñan al compañero", "en": r"do not show them to your"},
        "cantes": {"es": r"enseñas el rey y el caballo", "en": r"show the king and the knight"},
        "tute-a-dos": {"es": r"la carta vuelta es para quien ha perdido",
                       "en": r"face-up card goes to the player who lost"},
        "tute-a-tres": {"es": r"gana la partida\s+el primero que gana tres manos",
                        "en": r"first player to win\s+three hands"},
    }
    for lesson_id, patterns in facts.items():
        lesson = next(item for item in LESSONS if item.id == lesson_id)
        for lang, pattern in patterns.items():
            text = "\n".join(lesson_texts(lesson, lang)).lower()
            assert re.search(pattern, text), (lesson_id, lang, pattern)


def raw(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_english_lessons_call_presets_by_their_english_names() -> None:
    from tute_tutor.words.catalog import t
    spanish_only = {t(f"settings.preset.{name}.label", "es") for name in TAUGHT["ruleset"]}
    spanish_only -= {t(f"settings.preset.{name}.label", "en") for name in TAUGHT["ruleset"]}
    assert "Estricto" in spanish_only
    for lesson in LESSONS:
        english = "\n".join(lesson_texts(lesson, "en"))
        for label in spanish_only:
            assert f'"{label}"' not in english and f"«{label}»" not in english, (
                lesson.id, label)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_a_what_may_you_play_scenario_can_be_failed(lesson_id: str) -> None:
    """An ``ask = "one"`` scenario where every card is legal grades any click right (audit
    S5): it must hold a card the rules forbid, or ask for all the legal cards instead."""
    lesson = next(item for item in LESSONS if item.id == lesson_id)
    for index, block in enumerate(lesson.blocks, 1):
        if block.kind == "scenario" and block.ask == "one":
            assert block.scenario is not None
            legal = set(block.scenario.analyse().legal)
            assert set(block.scenario.hand) - legal, (
                f"{lesson_id} block {index}: every card is legal, so any pick is right")
