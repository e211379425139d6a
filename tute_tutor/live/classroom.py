"""A live class as a pure state machine: no Streamlit, no SQL, no clock of its own.

The teacher opens a class (a short code and its :class:`Settings`), students join with a
nickname, the teacher sends questions one at a time from a deck, each student answers
once (or changes the answer while the question is open, if the teacher allows it), the
teacher closes and reveals, and after class :func:`results` and :func:`weak_spots` say
who got what right and which rule the class missed most.

Every function takes a :class:`ClassSession` and returns a new one (the old one is never
changed), or raises :class:`ClassError` with a ``reason`` code and changes nothing. Times
are seconds on the server's clock, passed in as ``now``: the caller (the store) reads
them from the database, so every replica agrees on when a question closed.

Classroom tools behave this way and so does this one: the first answer counts unless
changes are allowed; the distribution stays hidden until the teacher reveals it; the
same nickname cannot be taken by someone else; a reconnecting phone gets back its
nickname, score and current answer by its participant token (kept only as a SHA-256
digest); late joiners land on the current question unless the lobby is locked; scoring
is by accuracy, with speed points only when switched on.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from tute_tutor.engine.errors import TuteError
from tute_tutor.formats.names import BadName, normalise_name
from tute_tutor.live.codes import CODE_ALPHABET, CODE_LENGTH, new_code, read_code, token_digest

MAX_NICKNAME: Final = 24
MAX_PARTICIPANTS: Final = 200
MAX_QUESTIONS: Final = 100
TIMER_CHOICES: Final = (10, 20, 30, 45, 60, 90, 120)
"""Seconds a question may stay open when the teacher sets a timer."""
POINTS_RIGHT: Final = 100
SPEED_POINTS: Final = 50
"""Most speed points a right answer can add (all of them at once, none at the limit)."""
SPEED_WINDOW: Final = 30.0
"""Seconds over which speed points fall to nothing when there is no timer."""
LIVE_KINDS: Final = ("legal", "obligation", "trick_winner", "cante")
"""The quiz kinds a live class asks: which cards may you play, what is the obligation,
who wins the trick, may you sing now."""


class ClassError(TuteError):
    """Something a class does not allow; ``reason`` says what (words/ words it)."""

    code = "class"

    def __init__(self, reason: str, message: str = "", **data: Any) -> None:
        super().__init__(message or reason)
        self.reason = reason
        self.data = data


def clean_code(text: object) -> str:
    """A typed code as stored (upper case, spaces and dashes dropped), or ClassError."""
    code = read_code(text)
    if code is None:
        raise ClassError("bad_code", code=text[:20] if isinstance(text, str) else "")
    return code


def new_token() -> str:
    """A fresh participant token (for the phone's cookie)."""
    return secrets.token_urlsafe(24)


def nickname_key(nickname: str) -> str:
    """What two nicknames are compared by: "Ana" and "ANA" are one nickname."""
    return nickname.casefold()


def clean_nickname(text: object) -> str:
    """A typed nickname, normalised (formats/names.py), or ClassError ``bad_nickname``."""
    try:
        return normalise_name(text, limit=MAX_NICKNAME, what="nickname")
    except BadName as error:
        raise ClassError("bad_nickname", str(error)) from None


@dataclass(frozen=True)
class Settings:
    """What the teacher chose when opening the class."""

    lock_lobby: bool = False
    """New students cannot join (those who joined can still come back)."""
    allow_change: bool = False
    """A student may change the answer while the question is open."""
    timer: int | None = None
    """Seconds each question stays open; None: until the teacher closes it."""
    speed_points: bool = False

    def __post_init__(self) -> None:
        if self.timer is not None and not 5 <= self.timer <= 600:
            raise ClassError("bad_timer", timer=self.timer)

    def to_json(self) -> dict[str, Any]:
        return {"lock_lobby": self.lock_lobby, "allow_change": self.allow_change,
                "timer": self.timer, "speed_points": self.speed_points}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        timer = data.get("timer")
        return cls(lock_lobby=bool(data.get("lock_lobby")),
                   allow_change=bool(data.get("allow_change")),
                   timer=None if timer is None else int(timer),
                   speed_points=bool(data.get("speed_points")))


@dataclass(frozen=True)
class Participant:
    id: int
    nickname: str
    token_hash: str
    joined_at: float
    removed: bool = False


@dataclass(frozen=True)
class Posed:
    """A question as sent to the class: what it is and the right answer.

    ``spec`` says how to draw it again in any language (:mod:`tute_tutor.live.deck`);
    ``options`` and ``answer`` hold option values (card codes, obligation codes, ...).
    """

    index: int
    spec: Mapping[str, Any]
    kind: str
    rule: str
    options: tuple[str, ...]
    answer: tuple[str, ...]
    multi: bool
    opened_at: float
    deadline: float | None = None
    closed_at: float | None = None
    revealed: bool = False

    def is_open(self, now: float) -> bool:
        """Whether answers are taken at ``now`` (server clock)."""
        if self.closed_at is not None:
            return False
        return self.deadline is None or now < self.deadline

    def ended_at(self) -> float | None:
        if self.closed_at is not None:
            return self.closed_at
        return self.deadline


@dataclass(frozen=True)
class Answer:
    participant: int
    question: int
    choice: tuple[str, ...]
    at: float
    right: bool


@dataclass(frozen=True)
class ClassSession:
    code: str
    settings: Settings
    opened_at: float
    participants: tuple[Participant, ...] = ()
    questions: tuple[Posed, ...] = ()
    answers: Mapping[tuple[int, int], Answer] = field(default_factory=dict)
    """Keyed by (question index, participant id): one answer each, by construction."""
    ended: bool = False
    version: int = 0

    @property
    def current(self) -> Posed | None:
        return self.questions[-1] if self.questions else None

    def active(self) -> list[Participant]:
        return [p for p in self.participants if not p.removed]

    def by_token(self, token: str) -> Participant | None:
        digest = token_digest(token)
        return next((p for p in self.participants if p.token_hash == digest), None)

    def participant(self, pid: int) -> Participant:
        found = next((p for p in self.participants if p.id == pid), None)
        if found is None:
            raise ClassError("no_participant", pid=pid)
        return found


def _bump(session: ClassSession, **changes: Any) -> ClassSession:
    return replace(session, version=session.version + 1, **changes)


def open_class(code: str, settings: Settings, now: float) -> ClassSession:
    """A new class in its lobby: nobody joined, no question yet."""
    return ClassSession(code=clean_code(code), settings=settings, opened_at=now)


def set_lock(session: ClassSession, locked: bool) -> ClassSession:
    """Lock or open the lobby."""
    return _bump(session, settings=replace(session.settings, lock_lobby=locked))


def end_class(session: ClassSession, now: float) -> ClassSession:
    """Close the current question (if any) and end the class: nothing more is taken."""
    if session.ended:
        return session
    session = close_question(session, now) if _unclosed(session) else session
    return _bump(session, ended=True)


def _unclosed(session: ClassSession) -> bool:
    """A current question not closed yet (still open, or its timer ran out unseen: closing
    it records the moment, the deadline at the latest)."""
    current = session.current
    return current is not None and current.closed_at is None


@dataclass(frozen=True)
class Seat:
    """What a (re)connecting phone gets back: who it is, its score, its current answer."""

    participant: Participant
    score: int
    current: Posed | None
    answer: Answer | None
    rejoined: bool


def join(session: ClassSession, nickname: object, token: str,
         now: float) -> tuple[ClassSession, Seat]:
    """Join with a nickname, or come back by token (then the nickname typed is ignored).

    Refused: a removed participant (``removed``), a nickname someone else holds
    (``nickname_taken``), a locked lobby for new students (``locked``), an ended class
    (``ended``), a full class (``full``), a bad nickname (``bad_nickname``).
    """
    known = session.by_token(token)
    if known is not None:
        if known.removed:
            raise ClassError("removed")
        return session, seat(session, known.id, rejoined=True)
    if session.ended:
        raise ClassError("ended")
    name = clean_nickname(nickname)
    if session.settings.lock_lobby:
        raise ClassError("locked")
    key = nickname_key(name)
    if any(nickname_key(p.nickname) == key for p in session.active()):
        raise ClassError("nickname_taken", nickname=name)
    if len(session.participants) >= MAX_PARTICIPANTS:
        raise ClassError("full")
    pid = 1 + max((p.id for p in session.participants), default=0)
    person = Participant(pid, name, token_digest(token), now)
    session = _bump(session, participants=(*session.participants, person))
    return session, seat(session, pid, rejoined=False)


def seat(session: ClassSession, pid: int, *, rejoined: bool = True) -> Seat:
    """A participant's nickname, score, the current question and their answer to it."""
    person = session.participant(pid)
    current = session.current
    mine = None if current is None else session.answers.get((current.index, pid))
    return Seat(person, scores(session).get(pid, 0), current, mine, rejoined)


def remove(session: ClassSession, pid: int) -> ClassSession:
    """The teacher removes a participant: their answers stay out of counts and results,
    their token is refused and their nickname is free again."""
    person = session.participant(pid)
    people = tuple(replace(p, removed=True) if p.id == pid else p
                   for p in session.participants)
    del person
    return _bump(session, participants=people)


def send_question(session: ClassSession, spec: Mapping[str, Any], *, kind: str, rule: str,
                  options: Sequence[str], answer: Sequence[str], multi: bool,
                  now: float) -> ClassSession:
    """Send the next question; the one before it closes (if still open)."""
    if session.ended:
        raise ClassError("ended")
    if len(session.questions) >= MAX_QUESTIONS:
        raise ClassError("too_many_questions")
    if kind not in LIVE_KINDS:
        raise ClassError("bad_kind", kind=kind)
    if not options or not set(answer) <= set(options) or (not multi and len(answer) != 1):
        raise ClassError("bad_question")
    if _unclosed(session):
        session = close_question(session, now)
    timer = session.settings.timer
    posed = Posed(index=len(session.questions), spec=dict(spec), kind=kind, rule=rule,
                  options=tuple(options), answer=tuple(answer), multi=multi, opened_at=now,
                  deadline=None if timer is None else now + timer)
    return _bump(session, questions=(*session.questions, posed))


def _replace_current(session: ClassSession, posed: Posed) -> ClassSession:
    return _bump(session, questions=(*session.questions[:-1], posed))


def close_question(session: ClassSession, now: float) -> ClassSession:
    """Stop taking answers to the current question (a timer may have done it already)."""
    current = session.current
    if current is None:
        raise ClassError("no_question")
    if current.closed_at is not None:
        return session
    ended = current.ended_at()
    at = now if ended is None else min(now, ended)
    return _replace_current(session, replace(current, closed_at=at))


def reveal(session: ClassSession, now: float) -> ClassSession:
    """Show the class's distribution and the right answer (closes the question first)."""
    session = close_question(session, now)
    current = session.current
    assert current is not None
    if current.revealed:
        return session
    return _replace_current(session, replace(current, revealed=True))


def check_choice(posed: Posed, choice: Sequence[str]) -> tuple[str, ...]:
    """The choice as stored (options order, each once), or ClassError ``bad_choice``."""
    picked = set(choice)
    if not picked or not picked <= set(posed.options) or (not posed.multi and len(picked) != 1):
        raise ClassError("bad_choice")
    return tuple(o for o in posed.options if o in picked)


def is_right(posed: Posed, choice: Sequence[str]) -> bool:
    """Exactly the right options, no more, no fewer (every live kind checks so)."""
    return set(choice) == set(posed.answer)


def answer(session: ClassSession, token: str, choice: Sequence[str],
           now: float) -> tuple[ClassSession, Answer]:
    """The participant's answer to the current question.

    Refused: not joined (``not_joined``), removed (``removed``), no question
    (``no_question``), closed by the teacher or the timer (``closed``), a second answer
    when changes are not allowed (``already``), options not offered (``bad_choice``).
    Changing to the same choice changes nothing (the time stays the first one's).
    """
    person = session.by_token(token)
    if person is None:
        raise ClassError("not_joined")
    if person.removed:
        raise ClassError("removed")
    current = session.current
    if current is None:
        raise ClassError("no_question")
    if not current.is_open(now) or session.ended:
        raise ClassError("closed")
    picked = check_choice(current, choice)
    key = (current.index, person.id)
    before = session.answers.get(key)
    if before is not None:
        if before.choice == picked:
            return session, before
        if not session.settings.allow_change:
            raise ClassError("already")
    given = Answer(person.id, current.index, picked, now, is_right(current, picked))
    return _bump(session, answers={**session.answers, key: given}), given


# ------------------------------------------------------------------- reading a class
@dataclass(frozen=True)
class Counts:
    joined: int
    answered: int
    """Answers to the current question from participants not removed."""


def counts(session: ClassSession) -> Counts:
    """What the projector shows while a question is open (never who chose what)."""
    ids = {p.id for p in session.active()}
    current = session.current
    answered = 0 if current is None else sum(
        1 for (q, pid) in session.answers if q == current.index and pid in ids)
    return Counts(len(ids), answered)


def distribution(session: ClassSession, index: int | None = None, *,
                 teacher_peek: bool = False) -> dict[str, int] | None:
    """How many chose each option of a question, or None while it is not revealed.

    For a multi-choice question each option counts the students who marked it.
    """
    if not session.questions:
        return None
    posed = session.questions[-1 if index is None else index]
    if not posed.revealed and not teacher_peek:
        return None
    ids = {p.id for p in session.active()}
    tally = dict.fromkeys(posed.options, 0)
    for (q, pid), given in session.answers.items():
        if q == posed.index and pid in ids:
            for option in given.choice:
                tally[option] += 1
    return tally


def points(session: ClassSession, given: Answer) -> int:
    """Points of one answer: accuracy, plus speed points only if switched on."""
    if not given.right:
        return 0
    if not session.settings.speed_points:
        return POINTS_RIGHT
    posed = session.questions[given.question]
    window = float(session.settings.timer or SPEED_WINDOW)
    spent = max(0.0, given.at - posed.opened_at)
    return POINTS_RIGHT + round(SPEED_POINTS * max(0.0, 1.0 - spent / window))


def scores(session: ClassSession) -> dict[int, int]:
    """Each participant's points so far (removed ones included, for their own phone)."""
    total = {p.id: 0 for p in session.participants}
    for given in session.answers.values():
        total[given.participant] = total.get(given.participant, 0) + points(session, given)
    return total


@dataclass(frozen=True)
class Cell:
    answered: bool
    right: bool
    seconds: float | None


@dataclass(frozen=True)
class ResultRow:
    participant: int
    nickname: str
    cells: tuple[Cell, ...]
    right: int
    score: int


def results(session: ClassSession) -> list[ResultRow]:
    """Student by question: answered, right or wrong, seconds from sending to answer."""
    total = scores(session)
    rows = []
    for person in session.active():
        cells = []
        for posed in session.questions:
            given = session.answers.get((posed.index, person.id))
            if given is None:
                cells.append(Cell(False, False, None))
            else:
                cells.append(Cell(True, given.right, round(given.at - posed.opened_at, 1)))
        rows.append(ResultRow(person.id, person.nickname, tuple(cells),
                              sum(c.right for c in cells), total.get(person.id, 0)))
    return rows


@dataclass(frozen=True)
class WeakSpot:
    rule: str
    asked: int
    """Answers given to questions on this rule."""
    missed: int
    """Of them, wrong ones."""

    @property
    def share(self) -> float:
        return self.missed / self.asked if self.asked else 0.0


def weak_spots(session: ClassSession) -> list[WeakSpot]:
    """Per rule (obligation or topic), how many answers were wrong: most missed first."""
    ids = {p.id for p in session.active()}
    asked: dict[str, int] = {}
    missed: dict[str, int] = {}
    for posed in session.questions:
        asked.setdefault(posed.rule, 0)
        missed.setdefault(posed.rule, 0)
    for (q, pid), given in session.answers.items():
        if pid not in ids:
            continue
        rule = session.questions[q].rule
        asked[rule] += 1
        missed[rule] += not given.right
    spots = [WeakSpot(rule, asked[rule], missed[rule]) for rule in asked]
    return sorted(spots, key=lambda s: (-s.share, -s.missed, s.rule))


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "LIVE_KINDS", "MAX_NICKNAME", "Answer", "Cell",
           "ClassError", "ClassSession", "Counts", "Participant", "Posed", "ResultRow",
           "Seat", "Settings", "WeakSpot", "answer", "check_choice", "clean_code",
           "clean_nickname", "close_question", "counts", "distribution", "end_class",
           "is_right", "join", "new_code", "new_token", "nickname_key", "open_class",
           "points", "remove", "results", "reveal", "scores", "seat", "send_question",
           "set_lock", "token_digest", "weak_spots"]
