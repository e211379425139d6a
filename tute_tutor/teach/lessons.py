"""Lessons: one TOML file per topic, Spanish and English inside, read and checked here.

A lesson is explanatory text in markdown, scenarios (one decision each, in the
scenario format of docs/FORMATS.md, "Scenario") that the app answers with the engine, and a few
questions at the end. The format is documented for teachers in ``lessons/README.md``.

Every problem in a file is a :class:`LessonError` whose message is one line that
names the file and what is wrong, so a broken lesson never breaks the app.

>>> lesson = parse_lesson('''
... id = "demo"
... order = 1
... title = { es = "Prueba", en = "Demo" }
... summary = { es = "Una baza.", en = "One trick." }
... [[block]]
... kind = "scenario"
... prompt = { es = "¿Qué puedes echar?", en = "What may you play?" }
... scenario = { ruleset = "clasico", trump = "o", hand = ["12c", "4c", "5b"], trick = ["10c"] }
... expect = "montar"
... ''', Path("lessons/demo.toml"))
>>> lesson.id, lesson.blocks[0].answer("en")["legal"]
('demo', ['12c'])
>>> parse_lesson('id = "demo"', Path("lessons/demo.toml"))
Traceback (most recent call last):
...
tute_tutor.teach.lessons.LessonError: lessons/demo.toml: the lesson has no 'order'
>>> load_lesson(Path("lessons/no-such-file.toml"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tute_tutor.teach.lessons.LessonError: lessons/no-such-file.toml: the file cannot be read: ...
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, Card, deck, suit_from_letter, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.legal import OBLIGATIONS, trick_state
from tute_tutor.engine.tricks import play_into_trick
from tute_tutor.formats.inputs import shown
from tute_tutor.formats.limits import MAX_FILE_BYTES
from tute_tutor.formats.scenario import Scenario
from tute_tutor.teach.grading import solver_best
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import explain, join_names

LESSONS_DIR: Final = Path(__file__).resolve().parents[2] / "lessons"
"""The lessons shipped with the project: ``<repo>/lessons``."""

LESSONS_DIR_ENV: Final = "TUTE_TUTOR_LESSONS_DIR"
"""Environment variable naming another default folder (tests point it at a temp folder)."""

LANGS: Final = ("es", "en")
"""Every text of a lesson exists in each of these languages."""

MAX_ORDER: Final = 9999
"""Largest ``order`` of a lesson."""

_ID_RE: Final = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_LESSON_KEYS: Final = frozenset({"id", "order", "title", "summary", "block", "question"})
_TEXT_BLOCK_KEYS: Final = frozenset({"kind", "es", "en"})
_SCENARIO_BLOCK_KEYS: Final = frozenset({"kind", "prompt", "scenario", "expect", "ask", "best",
                                        "explanation"})
_CHOICE_KEYS: Final = frozenset({"kind", "prompt", "options", "answer", "explanation"})
_LEGAL_KEYS: Final = frozenset({"kind", "prompt", "scenario", "expect", "explanation"})


ASKS: Final = ("one", "all", "best")
"""What a scenario block asks: ``one`` card you may play, ``all`` the cards you may play,
or the ``best`` card (judged by :func:`judge_plays`)."""

TUTE_WORTH: Final = 130
"""What breaking up a tute costs in :func:`judge_plays`: the whole hand (its 130 points)."""

_LINE_BREAKS: Final = {ord(c): repr(c)[1:-1] for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}


def _one_line(text: str) -> str:
    """Show line breaks inside a message as escapes, so it always reads as one line."""
    return text.translate(_LINE_BREAKS)


class LessonError(TuteError):
    """A lesson file that cannot be used; ``str(error)`` is ``lessons/x.toml: what is wrong``."""

    code = "bad_lesson"

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(_one_line(f"{display_path(path)}: {problem}"))
        self.path = path
        self.problem = problem


# --------------------------------------------------------------------------- judging


@dataclass(frozen=True)
class PlayJudgement:
    """What one legal card does to the trick, as far as the player to move can know.

    ``stake`` is the points on the table plus the card's own; ``outcome`` is ``ours``
    when nobody after you can take the trick from your side whatever they hold,
    ``theirs`` when the opponents keep it whatever your partner holds, ``open``
    otherwise; ``cante_loss`` the cantes of your hand the card breaks up (a tute
    counts :data:`TUTE_WORTH`); ``broken`` names them (``tute``, ``forty``,
    ``twenty:<suit letter>``).
    """

    card: Card
    stake: int
    outcome: str
    cante_loss: int
    broken: tuple[str, ...]
    is_trump: bool

    @property
    def value(self) -> int:
        """Points for your side in the worst case (an open trick is lost), cantes lost off."""
        won = self.stake if self.outcome == "ours" else -self.stake
        return won - self.cante_loss

    @property
    def rank_key(self) -> tuple[int, bool]:
        """Higher is better: the worst-case value, then keeping a trump when it ties."""
        return (self.value, not self.is_trump)


def _cantes_in(hand: frozenset[Card], trump: int) -> dict[str, int]:
    """The cantes a hand could still sing, by name, with their worth."""
    found: dict[str, int] = {}
    for suit, letter in enumerate(SUIT_LETTERS):
        if Card.parse(f"12{letter}") in hand and Card.parse(f"11{letter}") in hand:
            found["forty" if suit == trump else f"twenty:{letter}"] = 40 if suit == trump else 20
    for rank in (12, 11):
        if all(Card.parse(f"{rank}{letter}") in hand for letter in SUIT_LETTERS):
            found["tute"] = TUTE_WORTH
    return found


def judge_plays(scenario: Scenario) -> tuple[PlayJudgement, ...]:
    """Every legal card of ``scenario`` judged on the trick, best first.

    The players after you may hold any card you cannot see (the deck less your hand and
    the table), so a trick is ``ours`` only if no such card in an opponent's hand could
    take it. A card is better when it brings your side more points in the worst case;
    breaking up a cante costs its worth; on a tie, the card that keeps a trump is better.

    >>> s = Scenario.from_json({"ruleset": "clasico", "trump": "b",
    ...                         "hand": ["3e", "6e", "12b"], "trick": ["10e", "1e"]})
    >>> [(str(j.card), j.outcome, j.value) for j in judge_plays(s)]
    [('6e', 'theirs', -13), ('3e', 'theirs', -23)]
    """
    rules = scenario.rules
    analysis = scenario.analyse()
    me = len(scenario.trick)
    later = range(me + 1, rules.players)

    def ours(position: int) -> bool:
        return position == me or (rules.has_teams and (me - position) % 2 == 0)

    seen = set(scenario.hand) | set(scenario.trick)
    unseen = [card for card in deck(rules.players) if card not in seen]
    cantes_open = not (rules.has_stock and scenario.stock_left == 0)
    hand = frozenset(scenario.hand)
    before = _cantes_in(hand, scenario.trump) if cantes_open else {}
    judged: list[PlayJudgement] = []
    for card in analysis.legal:
        trick = [c.index for c in (*scenario.trick, card)]
        state = trick_state(trick, scenario.trump)
        takers = any(play_into_trick(c.index, state.lead, state.high_lead, state.best,
                                     scenario.trump)[3] for c in unseen)
        if ours(state.winner_position):
            outcome = "open" if takers and any(not ours(p) for p in later) else "ours"
        else:
            outcome = "open" if takers and any(ours(p) for p in later) else "theirs"
        after = _cantes_in(hand - {card}, scenario.trump) if cantes_open else {}
        broken = tuple(name for name in before if name not in after)
        judged.append(PlayJudgement(
            card, sum(CARDS[i].points for i in trick), outcome,
            sum(before[name] for name in broken), broken, card.suit == scenario.trump))
    judged.sort(key=lambda j: j.rank_key, reverse=True)
    return tuple(judged)


def best_plays(scenario: Scenario) -> tuple[Card, ...]:
    """The legal cards that :func:`judge_plays` ranks first (several when they tie)."""
    judged = judge_plays(scenario)
    return tuple(j.card for j in judged if j.rank_key == judged[0].rank_key)


def _broken_name(name: str, lang: str) -> str:
    if name.startswith("twenty:"):
        suit = suit_name(suit_from_letter(name.split(":", 1)[1]), lang)
        return t("explain.judge.broken_twenty", lang, suit=suit)
    return t(f"explain.judge.broken_{name}", lang)


def judgement_lines(scenario: Scenario, lang: str = "es",
                    best: tuple[Card, ...] | None = None) -> list[str]:
    """Why the best cards are best: one sentence naming ``best`` (by default the
    one-trick judge's), then what each legal card does to this trick."""
    judged = judge_plays(scenario)
    if best is None:
        best = best_plays(scenario)
    teams = scenario.rules.has_teams
    head = "best_one" if len(best) == 1 else "best_many"
    lines = [t(f"explain.judge.{head}", lang, cards=join_names(best, lang))]
    for j in judged:
        last = len(scenario.trick) == scenario.rules.players - 1
        key = {"ours": "ours" if teams else "ours_alone",
               "theirs": "theirs_last" if last else "theirs",
               "open": "open_ours" if _is_ours_now(scenario, j.card) else "open_theirs"}
        name = key[j.outcome] + ("" if j.stake else "_zero")
        sentence = t(f"explain.judge.{name}", lang,
                     card=j.card.name_with_article(lang), stake=j.stake)
        if j.broken:
            names = [_broken_name(name, lang) for name in j.broken]
            # A tute wins the hand: its worth in points is the judge's weight, not a score.
            many = "breaks" if len(names) > 1 else "breaks_one"
            which = "breaks_tute" if "tute" in j.broken else many
            sentence += " " + t(f"explain.judge.{which}", lang, cantes=_join(names, lang),
                                loss=j.cante_loss)
        if j.is_trump and j.card not in best and j.value == judged[0].value:
            sentence += " " + t("explain.judge.spends_trump", lang)
        lines.append(sentence[0].upper() + sentence[1:])
    return lines


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {t('explain.and', lang)} " + items[-1]


def _is_ours_now(scenario: Scenario, card: Card) -> bool:
    """Whether your side wins the trick right after ``card`` (before the later players)."""
    me = len(scenario.trick)
    state = trick_state([c.index for c in (*scenario.trick, card)], scenario.trump)
    position = state.winner_position
    return position == me or (scenario.rules.has_teams and (me - position) % 2 == 0)


@dataclass(frozen=True)
class Block:
    """One piece of a lesson: markdown text, or a scenario the learner answers.

    ``text`` holds the markdown of a text block (empty for a scenario block);
    ``prompt`` the question asked over a scenario (empty for a text block);
    ``expect`` the obligation code the author expects the engine to give, if declared;
    ``ask`` what the learner picks (:data:`ASKS`); ``explanation`` the author's text shown
    only after the learner has answered (empty when there is none).
    """

    kind: str
    text: dict[str, str]
    scenario: Scenario | None
    prompt: dict[str, str]
    expect: str | None = None
    ask: str = "one"
    explanation: dict[str, str] = field(default_factory=dict)
    best: tuple[Card, ...] = ()
    """For ``ask = "best"``: the cards accepted as best, those the solver finds within
    its tolerance of the best value (:func:`tute_tutor.teach.grading.solver_best`)."""

    def answer(self, lang: str = "es") -> dict[str, Any]:
        """The engine's answer for a scenario block (``tute-tutor legal`` JSON).

        The explanation is the engine's own sentence, never text from the file.
        """
        return self._scenario().answer(lang)

    def _scenario(self) -> Scenario:
        if self.scenario is None:
            raise TuteError("a text block has no scenario to answer")
        return self.scenario

    def expected(self) -> tuple[Card, ...]:
        """The cards a right answer holds: the legal ones, or the best ones for ``best``."""
        scenario = self._scenario()
        if self.ask == "best":
            return self.best
        return scenario.analyse().legal

    def is_right(self, picked: Iterable[Card]) -> bool:
        """Grade the learner's pick with the engine.

        ``one``: a single card that may be played; ``all``: exactly the legal cards;
        ``best``: a single card among :attr:`best`, never a worse legal one.
        """
        chosen = set(picked)
        if self.ask == "all":
            return chosen == set(self.expected())
        return len(chosen) == 1 and chosen <= set(self.expected())

    def judgement(self, lang: str = "es") -> list[str]:
        """For ``best``: the engine's sentences saying why the best card is best."""
        if self.ask != "best":
            return []
        return judgement_lines(self._scenario(), lang, self.best)


@dataclass(frozen=True)
class LessonQuestion:
    """A question at the end of a lesson.

    ``kind == "choice"``: pick the right option(s); ``answer`` holds their indices in
    ``options[lang]`` (several when more than one option is right).

    ``kind == "legal"``: pick the legal cards of ``scenario``. The file never states the
    answer: the loader asks the engine. ``options[lang]`` then names the cards of the
    hand in the scenario's order, ``answer`` holds the indices of the legal ones, and
    ``explanation`` is the engine's sentence unless the author wrote one.
    """

    kind: str
    prompt: dict[str, str]
    options: dict[str, list[str]]
    answer: tuple[int, ...]
    scenario: Scenario | None
    explanation: dict[str, str]
    expect: str | None = None
    explained_by_engine: bool = False
    """The explanation is the engine's (no author's text): :meth:`explanation_in` words it
    again, so its card names follow the deck being spoken."""

    def is_correct(self, picked: Iterable[int]) -> bool:
        """True when the learner picked exactly the right options (or legal cards)."""
        return set(picked) == set(self.answer)

    def explanation_in(self, lang: str) -> str:
        """The explanation in ``lang``: the author's, or the engine's said now (so a
        French deck hears ``la jota de corazones``)."""
        if self.explained_by_engine and self.scenario is not None:
            return explain(self.scenario.analyse(), lang)
        return self.explanation[lang]


@dataclass(frozen=True)
class Lesson:
    """One topic: title, summary, blocks of text and scenarios, closing questions."""

    id: str
    order: int
    title: dict[str, str]
    summary: dict[str, str]
    blocks: tuple[Block, ...]
    questions: tuple[LessonQuestion, ...]
    path: Path = field(compare=False)

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        """Every scenario of the lesson, in blocks then in questions."""
        found = [b.scenario for b in self.blocks if b.scenario is not None]
        found += [q.scenario for q in self.questions if q.scenario is not None]
        return tuple(found)


def display_path(path: Path) -> str:
    """``lessons/x.toml``: the file with its folder, as messages name it."""
    parent = path.parent.name
    return f"{parent}/{path.name}" if parent else path.name


def lessons_dir() -> Path:
    """The default lessons folder: ``$TUTE_TUTOR_LESSONS_DIR`` if set, else :data:`LESSONS_DIR`."""
    env = os.environ.get(LESSONS_DIR_ENV, "").strip()
    return Path(env) if env else LESSONS_DIR


def load_lesson(path: Path | str) -> Lesson:
    """Read and validate one lesson file; any problem raises :class:`LessonError`."""
    path = Path(path)
    if path.is_dir():
        raise LessonError(path, "this is a folder, not a lesson file")
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise LessonError(path, f"the file cannot be read: {reason}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise LessonError(path, f"the file is more than {MAX_FILE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LessonError(path, f"the file is not UTF-8 text (byte {error.start})") from None
    return parse_lesson(text, path)


def parse_lesson(text: str, path: Path) -> Lesson:
    """Validate the TOML ``text`` of a lesson; ``path`` is where it comes from (for messages).

    The teacher page can check a lesson pasted in a text box with this.
    """
    if len(text) > MAX_FILE_BYTES:
        raise LessonError(path, f"the lesson is {len(text)} characters long: "
                          f"at most {MAX_FILE_BYTES}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = " ".join(str(error).split())
        raise LessonError(path, f"not valid TOML: {message}") from None
    except RecursionError:
        raise LessonError(path, "not valid TOML: nested too deeply") from None
    except ValueError as error:  # an integer of 4,301 digits or more: Python refuses it
        raise LessonError(path, f"not valid TOML: {shown(str(error))}") from None
    return _Reader(path).lesson(data)


def load_lessons(folder: Path | str | None = None) -> tuple[list[Lesson], list[LessonError]]:
    """Every ``*.toml`` lesson of ``folder`` sorted by order, and the errors of broken files.

    ``folder`` defaults to :func:`lessons_dir`. Broken files are reported, never raised;
    a second file with an id already used is reported as broken too.
    """
    root = Path(folder) if folder is not None else lessons_dir()
    if not root.is_dir():
        return [], [LessonError(root, "the lessons folder does not exist")]
    lessons: list[Lesson] = []
    errors: list[LessonError] = []
    seen: dict[str, Path] = {}
    paths = sorted(root.glob("*.toml"))
    if not paths:
        return [], [LessonError(root, "the folder holds no lesson file (*.toml)")]
    for path in paths:
        try:
            lesson = load_lesson(path)
        except LessonError as error:
            errors.append(error)
            continue
        if lesson.id in seen:
            errors.append(LessonError(
                path, f"id '{lesson.id}' is already used by {display_path(seen[lesson.id])}"))
            continue
        seen[lesson.id] = path
        lessons.append(lesson)
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return lessons, errors


class _Reader:
    """Validation of the parsed TOML of one file; every failure names where it is."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, problem: str) -> LessonError:
        return LessonError(self.path, problem)

    def lesson(self, data: dict[str, Any]) -> Lesson:
        self.keys(data, _LESSON_KEYS, "the lesson")
        for key in ("id", "order", "title", "summary", "block"):
            if key not in data:
                raise self.fail(f"the lesson has no '{key}'")
        lesson_id = data["id"]
        if not isinstance(lesson_id, str) or not _ID_RE.match(lesson_id):
            raise self.fail(f"id {shown(lesson_id)} must be lower-case words joined by '-', "
                            "like 'asistir-montar'")
        order = data["order"]
        if type(order) is not int or not 0 <= order <= MAX_ORDER:
            raise self.fail(f"order {shown(order)} must be a whole number 0-{MAX_ORDER}")
        title = self.texts(data["title"], "title")
        summary = self.texts(data["summary"], "summary")
        blocks_raw = self.table_list(data["block"], "block")
        if not blocks_raw:
            raise self.fail("the lesson has no [[block]]")
        blocks = tuple(self.block(raw, f"block {i}") for i, raw in enumerate(blocks_raw, 1))
        questions_raw = self.table_list(data.get("question", []), "question")
        questions = tuple(self.question(raw, f"question {i}")
                          for i, raw in enumerate(questions_raw, 1))
        return Lesson(lesson_id, order, title, summary, blocks, questions, self.path)

    def block(self, raw: dict[str, Any], where: str) -> Block:
        kind = raw.get("kind")
        if kind == "text":
            self.keys(raw, _TEXT_BLOCK_KEYS, where)
            text = self.texts({k: raw.get(k) for k in LANGS}, where)
            return Block("text", text, None, {})
        if kind == "scenario":
            self.keys(raw, _SCENARIO_BLOCK_KEYS, where)
            prompt = self.texts(self.required(raw, "prompt", where), f"{where} prompt")
            scenario = self.scenario(self.required(raw, "scenario", where), where)
            expect = self.expect(raw, scenario, where)
            ask, best = self.ask(raw, scenario, where)
            explanation: dict[str, str] = {}
            if "explanation" in raw:
                explanation = self.texts(raw["explanation"], f"{where} explanation")
            return Block("scenario", {}, scenario, prompt, expect, ask, explanation, best)
        raise self.fail(f"{where}: kind {shown(kind)} must be \"text\" or \"scenario\"")

    def question(self, raw: dict[str, Any], where: str) -> LessonQuestion:
        kind = raw.get("kind")
        if kind == "choice":
            self.keys(raw, _CHOICE_KEYS, where)
            prompt = self.texts(self.required(raw, "prompt", where), f"{where} prompt")
            options = self.options(self.required(raw, "options", where), where)
            count = len(options[LANGS[0]])
            answer = self.answer(self.required(raw, "answer", where), count, where)
            explanation = self.texts(self.required(raw, "explanation", where),
                                     f"{where} explanation")
            return LessonQuestion("choice", prompt, options, answer, None, explanation)
        if kind == "legal":
            self.keys(raw, _LEGAL_KEYS, where)
            prompt = self.texts(self.required(raw, "prompt", where), f"{where} prompt")
            scenario = self.scenario(self.required(raw, "scenario", where), where)
            expect = self.expect(raw, scenario, where)
            analysis = scenario.analyse()
            options = {lang: [card.name(lang) for card in scenario.hand] for lang in LANGS}
            answer = tuple(i for i, card in enumerate(scenario.hand) if analysis.is_legal(card))
            by_engine = "explanation" not in raw
            if by_engine:
                explanation = {lang: explain(analysis, lang) for lang in LANGS}
            else:
                explanation = self.texts(raw["explanation"], f"{where} explanation")
            return LessonQuestion("legal", prompt, options, answer, scenario, explanation, expect,
                                  explained_by_engine=by_engine)
        raise self.fail(f"{where}: kind {shown(kind)} must be \"choice\" or \"legal\"")

    # -- pieces -------------------------------------------------------------------------

    def keys(self, raw: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
        unknown = sorted(k for k in raw if k not in allowed)
        if unknown:
            raise self.fail(f"{where}: unknown key '{unknown[0]}' "
                            f"(allowed: {', '.join(sorted(allowed))})")

    def required(self, raw: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in raw:
            raise self.fail(f"{where}: missing '{key}'")
        return raw[key]

    def table_list(self, value: object, key: str) -> list[dict[str, Any]]:
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.fail(f"'{key}' must be written as [[{key}]] tables")
        return value

    def texts(self, value: object, where: str) -> dict[str, str]:
        """A ``{es = "...", en = "..."}`` pair: both languages, non-empty text, nothing else."""
        if not isinstance(value, dict):
            raise self.fail(f"{where} must be a table with es and en texts, not {shown(value)}")
        self.keys(value, frozenset(LANGS), where)
        result: dict[str, str] = {}
        for lang in LANGS:
            text = value.get(lang)
            if text is None:
                raise self.fail(f"{where}: missing language '{lang}'")
            if not isinstance(text, str):
                raise self.fail(f"{where}.{lang} must be text, not {shown(text)}")
            if not text.strip():
                raise self.fail(f"{where}.{lang} is empty")
            result[lang] = text.strip()
        return result

    def options(self, value: object, where: str) -> dict[str, list[str]]:
        if not isinstance(value, dict):
            raise self.fail(f"{where} options must be a table with es and en lists")
        self.keys(value, frozenset(LANGS), f"{where} options")
        result: dict[str, list[str]] = {}
        for lang in LANGS:
            items = value.get(lang)
            if items is None:
                raise self.fail(f"{where} options: missing language '{lang}'")
            if not isinstance(items, list) or not all(
                    isinstance(item, str) and item.strip() for item in items):
                raise self.fail(f"{where} options.{lang} must be a list of non-empty texts")
            if len(items) < 2:
                raise self.fail(f"{where} options.{lang} needs at least two options")
            result[lang] = [item.strip() for item in items]
        counts = {lang: len(items) for lang, items in result.items()}
        if len(set(counts.values())) > 1:
            listed = ", ".join(f"{lang} {n}" for lang, n in counts.items())
            raise self.fail(f"{where} options: the languages list different numbers "
                            f"of options ({listed})")
        return result

    def answer(self, value: object, count: int, where: str) -> tuple[int, ...]:
        if type(value) is int:
            value = [value]
        if not isinstance(value, list) or not value or \
                not all(type(v) is int for v in value):
            raise self.fail(f"{where}: answer {shown(value)} must be a list of option numbers "
                            "counted from 0")
        for index in value:
            if not 0 <= index < count:
                raise self.fail(f"{where}: answer {index} is out of range: "
                                f"the options are numbered 0 to {count - 1}")
        if len(set(value)) != len(value):
            raise self.fail(f"{where}: answer {shown(value)} names an option twice")
        return tuple(value)

    def scenario(self, value: object, where: str) -> Scenario:
        if not isinstance(value, dict):
            raise self.fail(f"{where}: scenario must be a table like "
                            "{ ruleset = \"clasico\", trump = \"o\", hand = [...] }")
        try:
            return Scenario.from_json(value)
        except TuteError as error:
            raise self.fail(f"{where}: bad scenario: {error}") from None
        except (TypeError, AttributeError, OverflowError, RecursionError) as error:
            # Odd TOML values (dates, nested tables) the scenario parser does not expect.
            raise self.fail(f"{where}: bad scenario: {error}") from None

    def ask(self, raw: Mapping[str, Any], scenario: Scenario,
            where: str) -> tuple[str, tuple[Card, ...]]:
        """What the block asks and, for ``best``, the cards accepted as best.

        The declared ``best`` is the solver's verdict written into the file (solving a
        long hand takes a while, so the page never waits for it); it is checked here
        against the legal cards, and against the solver by ``check_main --solve`` and the
        tests. Without ``best`` the solver decides when the lesson is loaded.
        """
        ask = raw.get("ask", "one")
        if ask not in ASKS:
            raise self.fail(f"{where}: ask {shown(ask)} must be one of {', '.join(ASKS)}")
        if "best" in raw and ask != "best":
            raise self.fail(f"{where}: 'best' only goes with ask = \"best\"")
        if ask != "best":
            return str(ask), ()
        legal = scenario.analyse().legal
        if "best" in raw:
            declared = raw["best"]
            if not isinstance(declared, list) or not all(isinstance(c, str) for c in declared):
                raise self.fail(f"{where}: best must be a list of card codes like [\"6e\"]")
            try:
                cards = tuple(Card.parse(code) for code in declared)
            except TuteError as error:
                raise self.fail(f"{where}: best: {error}") from None
            if not cards or not set(cards) <= set(legal):
                raise self.fail(f"{where}: best {', '.join(declared)} must be legal cards "
                                f"here ({', '.join(str(c) for c in legal)})")
            best = tuple(card for card in legal if card in cards)
        else:
            best = solver_best(scenario)
        if len(best) == len(legal):
            raise self.fail(f"{where}: ask = \"best\" but every legal card is equally good "
                            "here: ask \"one\" or change the cards")
        return "best", best

    def expect(self, raw: Mapping[str, Any], scenario: Scenario, where: str) -> str | None:
        """The declared obligation, checked against the engine's."""
        if "expect" not in raw:
            return None
        expected = raw["expect"]
        if expected not in OBLIGATIONS:
            raise self.fail(f"{where}: expect {shown(expected)} is not an obligation code "
                            f"({', '.join(OBLIGATIONS)})")
        actual = scenario.analyse().obligation
        if actual != expected:
            raise self.fail(f"{where}: the engine says '{actual}' for this scenario, "
                            f"not the expected '{expected}'")
        return str(expected)


def _unsolved(lesson: Lesson) -> list[str]:
    """The ``best`` blocks whose declared cards are not the solver's verdict."""
    problems = []
    for index, block in enumerate(lesson.blocks, 1):
        if block.ask == "best" and block.scenario is not None:
            found = solver_best(block.scenario)
            if set(found) != set(block.best):
                problems.append(f"block {index}: the solver finds the best card(s) "
                                f"{', '.join(str(c) for c in found)}, not "
                                f"{', '.join(str(c) for c in block.best)}")
    return problems


def check_main(argv: list[str] | None = None) -> int:
    """``python -m tute_tutor.teach.lessons [--solve] [FILE_OR_FOLDER ...]``: check lesson
    files for teachers.

    Prints one line per lesson (``ok lessons/x.toml: title``) or per problem, and
    returns 0 when every file is fine, 2 otherwise. Without arguments it checks the
    default folder (:func:`lessons_dir`). ``--solve`` also checks each declared ``best``
    against the solver (slow: a long hand takes a minute) and prints its verdict.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    solve = "--solve" in args
    targets = [Path(a) for a in args if a != "--solve"] or [lessons_dir()]
    failed = False
    for target in targets:
        if target.is_dir():
            lessons, errors = load_lessons(target)
        else:
            try:
                lessons, errors = [load_lesson(target)], []
            except LessonError as error:
                lessons, errors = [], [error]
        for lesson in lessons:
            wrong = _unsolved(lesson) if solve else []
            for line in wrong:
                print(f"error {display_path(lesson.path)}: {line}")
            failed = failed or bool(wrong)
            if not wrong:
                print(f"ok {display_path(lesson.path)}: "
                      f"{lesson.title['es']} / {lesson.title['en']}")
        for problem in errors:
            print(f"error {problem}")
        failed = failed or bool(errors)
    return 2 if failed else 0


__all__ = ["ASKS", "LANGS", "LESSONS_DIR", "TUTE_WORTH", "Block", "Lesson", "LessonError",
           "LessonQuestion", "PlayJudgement", "best_plays", "check_main", "display_path",
           "judge_plays", "judgement_lines", "lessons_dir", "load_lesson", "load_lessons",
           "parse_lesson"]


if __name__ == "__main__":
    raise SystemExit(check_main())
