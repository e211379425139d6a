"""The typed view of a quiz question: what the page draws and what the answer is.

A :class:`QuizQuestion` is all the quiz hands to the page, the command line and the
teacher tools: the words (facts, what is asked, the options, the explanation), the
:class:`Board` (the cards to draw) and the :class:`Display` (how the page draws it and
how the learner answers). No page needs to know which kind of question it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.formats.inputs import is_ascii_whole
from tute_tutor.formats.scenario import Scenario

DIFFICULTIES: Final = (1, 2, 3)
DIFFICULTY_NAMES: Final = {"beginner": 1, "intermediate": 2, "expert": 3}


class QuizError(TuteError):
    """A question that cannot be made (unknown kind, a rule the rule set lacks, ...)."""

    code = "bad_quiz"


def parse_difficulty(value: object) -> int:
    """1, 2 or 3, also written ``beginner``, ``intermediate`` or ``expert``."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in DIFFICULTY_NAMES:
            return DIFFICULTY_NAMES[text]
        if is_ascii_whole(text) and len(text) < 4:
            value = int(text)
    if isinstance(value, int) and not isinstance(value, bool) and value in DIFFICULTIES:
        return value
    raise QuizError(f"difficulty {shown(value)} is not 1, 2, 3 (beginner, intermediate, expert)")


class Answering(StrEnum):
    """How the learner answers."""

    MARK_CARDS = "mark_cards"
    """Mark every right card among the options (card codes), then check."""
    CLICK_CARD = "click_card"
    """Click the one right card among the options (card codes)."""
    BUTTONS = "buttons"
    """Press the button of the one right option."""


class Reveal(StrEnum):
    """The cards drawn with the feedback, the ones that matter highlighted."""

    NOTHING = "nothing"
    TRICK = "trick"
    """The board's trick, the highlighted cards marked."""
    TRICK_WINNER = "trick_winner"
    """The board's trick drawn as a trick, the answer marked as the winning card."""
    HAND = "hand"
    """The board's hand (and the face-up card), the highlighted cards marked."""


@dataclass(frozen=True)
class Display:
    """How the page draws a question of one kind (the same for every question of it)."""

    answering: Answering = Answering.BUTTONS
    hands: bool = False
    """Draw the board's hands side by side instead of its trick and hand."""
    table: bool = True
    """Draw the board's trick under "on the table" before the question."""
    hand: bool = True
    """Draw the board's hand under "your hand" before the question."""
    reveal: Reveal = Reveal.NOTHING


@dataclass(frozen=True)
class Board:
    """The cards of one question, as card codes; ``None`` means "not part of it"."""

    trump: str
    """The trump suit's letter."""
    hand: tuple[str, ...] | None = None
    """The hand of the player asked about."""
    trick: tuple[str, ...] | None = None
    """The cards on the table, in playing order."""
    trick_labels: tuple[str, ...] = ()
    """Who played each card of ``trick``."""
    trick_number: int | None = None
    face_up: str | None = None
    """The card turned face up under the stock (two players)."""
    hands: tuple[tuple[str, ...], ...] | None = None
    """Several players' hands, drawn side by side."""
    hand_labels: tuple[str, ...] = ()
    """Whose each of ``hands`` is."""
    drawn_facts: tuple[int, ...] = ()
    """Indices of the facts the board shows as cards (the page may leave them out)."""


@dataclass(frozen=True)
class QuizQuestion:
    """One generated quiz question, its answer and its explanation (in ``lang``).

    ``options`` and ``answer`` hold values (card codes, obligation codes, numbers as
    text, side numbers); ``option_labels`` says them in words. ``multi`` questions ask
    for every right option (``legal``: all the legal cards); the others have exactly
    one right option. ``highlight`` lists the cards that matter for the feedback.
    """

    kind: str
    ruleset: str
    overrides: Mapping[str, Any]
    rule: str
    difficulty: int
    lang: str
    facts: tuple[str, ...]
    ask: str
    options: tuple[str, ...]
    option_labels: tuple[str, ...]
    answer: tuple[str, ...]
    explanation: str
    multi: bool
    board: Board
    display: Display
    scenario: Scenario | None = None
    record: Mapping[str, Any] | None = None
    seat: int | None = None
    highlight: tuple[str, ...] = ()
    seed: int | None = None

    @property
    def prompt(self) -> str:
        """The whole question as one text: the facts, then what is asked."""
        return " ".join([*self.facts, self.ask])

    @property
    def option_cards(self) -> bool:
        """Whether the options are cards (answered by clicking or marking cards)."""
        return self.display.answering is not Answering.BUTTONS

    def label_of(self, option: str) -> str:
        """The words for one option value."""
        return self.option_labels[self.options.index(option)]

    def to_json(self) -> dict[str, Any]:
        """The question of docs/FORMATS.md, "tute-tutor quiz", with the app's optional keys."""
        data: dict[str, Any] = {
            "kind": self.kind,
            "ruleset": self.ruleset,
            "overrides": dict(self.overrides),
            "scenario": None if self.scenario is None else self.scenario.to_json(),
            "record": None if self.record is None else dict(self.record),
            "prompt": self.prompt,
            "options": list(self.options),
            "answer": list(self.answer),
            "explanation": self.explanation,
            "rule": self.rule,
            "difficulty": self.difficulty,
            "multi": self.multi,
            "option_labels": list(self.option_labels),
            "highlight": list(self.highlight),
        }
        if self.seat is not None:
            data["seat"] = self.seat
        board = self.board
        if board.trick is not None:
            data["trick"] = list(board.trick)
        if board.hands is not None:
            data["hands"] = [list(h) for h in board.hands]
        if board.face_up is not None:
            data["face_up"] = board.face_up
        if self.seed is not None:
            data["seed"] = self.seed
        return data
