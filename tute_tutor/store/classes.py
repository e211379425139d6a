"""Live classes in the database (migration 0005_classes): sessions, participants,
questions and answers.

The rules are :mod:`tute_tutor.live.classroom`'s pure functions; this module loads a
class, lets them decide, and writes what changed. Two things the database decides
itself, so that two replicas, two tabs or a double tap cannot get around them:

- one answer per student per question: a UNIQUE key on (session, question,
  participant) and ``INSERT ... ON CONFLICT DO NOTHING`` (``DO UPDATE`` when the teacher
  allows changes);
- the close: an answer is inserted only ``WHERE`` its question is open by the
  database's clock (no ``closed_at``, deadline still ahead), so an answer that arrives
  after the close is refused whichever replica it reached. Every time of a class
  (opened, deadline, closed, answered) is the database's clock, in seconds.

When a question is closed each answer to it is also counted once in the student's own
progress (``answers`` of the profile the phone joined with), so it feeds their spaced
repetition like a quiz answer.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from sqlalchemy import func, literal, select, text, update
from sqlalchemy.orm import Session

from tute_tutor.live import classroom as cl
from tute_tutor.store.database import StoreError
from tute_tutor.store.db import Store
from tute_tutor.store.tables import (
    AnswerRow,
    ClassAnswerRow,
    ClassParticipantRow,
    ClassQuestionRow,
    ClassSessionRow,
    insert_row,
    utc_now,
)

OPEN_TRIES: Final = 8
WRITE_TRIES: Final = 12
T = TypeVar("T")
MAX_DECK: Final = cl.MAX_QUESTIONS


def clock(session: Session) -> Any:
    """The database's clock in seconds since 1970, as an SQL expression."""
    if session.get_bind().dialect.name == "postgresql":
        return text("CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)")
    return text("((julianday('now') - 2440587.5) * 86400.0)")


def db_now(session: Session) -> float:
    return float(session.scalar(select(clock(session))) or 0.0)


@dataclass(frozen=True)
class Poll:
    """The cheap read a projector or a phone polls: it changed when ``version`` or a count
    changed."""

    version: int
    joined: int
    answered: int
    question: int
    """Index of the current question (-1: none yet)."""
    now: float
    """The database's clock (for the time left on a timer)."""


@dataclass(frozen=True)
class Stored:
    """The outcome of an answer: the answer that counts, and whether this one was taken."""

    answer: cl.Answer
    taken: bool


class Classes:
    """Live classes in one :class:`~tute_tutor.store.db.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------- reading
    @staticmethod
    def _row(session: Session, code: str, *, lock: bool = False) -> ClassSessionRow:
        """The class's row; ``lock`` (every write but answers) makes writers of one class
        take turns on PostgreSQL (SQLite has one writer at a time anyway)."""
        query = select(ClassSessionRow).where(ClassSessionRow.code == code)
        if lock:
            query = query.with_for_update()
        found = session.scalar(query)
        if found is None:
            raise cl.ClassError("unknown_code", code=code)
        return found

    @staticmethod
    def _state(session: Session, row: ClassSessionRow) -> cl.ClassSession:
        people = session.scalars(select(ClassParticipantRow).where(
            ClassParticipantRow.session_id == row.id).order_by(ClassParticipantRow.number)).all()
        asked = session.scalars(select(ClassQuestionRow).where(
            ClassQuestionRow.session_id == row.id).order_by(ClassQuestionRow.idx)).all()
        by_question = {q.id: q.idx for q in asked}
        by_person = {p.id: p.number for p in people}
        given = session.scalars(select(ClassAnswerRow).where(
            ClassAnswerRow.session_id == row.id)).all()
        answers = {}
        for a in given:
            q, pid = by_question[a.question_id], by_person[a.participant_id]
            answers[(q, pid)] = cl.Answer(pid, q, tuple(json.loads(a.choice)), a.at, a.right)
        return cl.ClassSession(
            code=row.code, settings=cl.Settings.from_json(json.loads(row.settings)),
            opened_at=row.opened_at,
            participants=tuple(cl.Participant(p.number, p.nickname, p.token_hash,
                                              p.joined_at, p.removed) for p in people),
            questions=tuple(cl.Posed(
                index=q.idx, spec=json.loads(q.spec), kind=q.kind, rule=q.rule,
                options=tuple(json.loads(q.options)), answer=tuple(json.loads(q.answer)),
                multi=q.multi, opened_at=q.opened_at, deadline=q.deadline,
                closed_at=q.closed_at, revealed=q.revealed) for q in asked),
            answers=answers, ended=row.ended, version=row.version)

    def load(self, code: str) -> tuple[cl.ClassSession, float]:
        """The class (pure state) and the database's clock now; ClassError
        ``unknown_code``/``bad_code`` for a code that is no class."""
        code = cl.clean_code(code)

        def run(session: Session) -> tuple[cl.ClassSession, float]:
            return self._state(session, self._row(session, code)), db_now(session)

        return self.store.run(run)

    def deck(self, code: str) -> list[dict[str, Any]]:
        code = cl.clean_code(code)
        return self.store.run(lambda s: list(json.loads(self._row(s, code).deck)))

    def poll(self, code: str) -> Poll:
        """Version and counts in one cheap query (what the live fragments poll)."""
        code = cl.clean_code(code)

        def run(session: Session) -> Poll:
            row = session.execute(select(ClassSessionRow.id, ClassSessionRow.version)
                                  .where(ClassSessionRow.code == code)).first()
            if row is None:
                raise cl.ClassError("unknown_code", code=code)
            sid, version = row
            joined = session.scalar(select(func.count()).select_from(ClassParticipantRow).where(
                ClassParticipantRow.session_id == sid, ClassParticipantRow.removed.is_(False)))
            current = session.execute(select(ClassQuestionRow.id, ClassQuestionRow.idx).where(
                ClassQuestionRow.session_id == sid).order_by(ClassQuestionRow.idx.desc())
                .limit(1)).first()
            answered = 0
            if current is not None:
                answered = session.scalar(
                    select(func.count()).select_from(ClassAnswerRow)
                    .join(ClassParticipantRow,
                          ClassParticipantRow.id == ClassAnswerRow.participant_id)
                    .where(ClassAnswerRow.question_id == current[0],
                           ClassParticipantRow.removed.is_(False))) or 0
            return Poll(version, joined or 0, answered,
                        -1 if current is None else current[1], db_now(session))

        return self.store.run(run)

    # ------------------------------------------------------------- the teacher
    def open(self, settings: cl.Settings, deck: Sequence[Mapping[str, Any]], *,
             teacher: str | None = None) -> str:
        """A new class with this deck; returns its code (a fresh one if one is taken)."""
        if not deck or len(deck) > MAX_DECK:
            raise cl.ClassError("bad_deck", size=len(deck))
        deck_text = json.dumps([dict(d) for d in deck], ensure_ascii=False)
        for _ in range(OPEN_TRIES):
            code = cl.new_code()

            def run(session: Session, code: str = code) -> bool:
                now = db_now(session)
                cl.open_class(code, settings, now)
                done = session.execute(insert_row(session, ClassSessionRow, {
                    "code": code, "settings": json.dumps(settings.to_json()),
                    "deck": deck_text, "opened_at": now, "ended": False, "version": 0,
                    "teacher_hash": None if teacher is None else cl.token_digest(teacher),
                }).on_conflict_do_nothing().returning(ClassSessionRow.id))
                return done.first() is not None

            if self.store.run(run):
                return code
        raise StoreError("no free class code found: try again")

    def is_teacher(self, code: str, teacher: str) -> bool:
        code = cl.clean_code(code)
        digest = cl.token_digest(teacher)
        return self.store.run(lambda s: self._row(s, code).teacher_hash == digest)

    def _write(self, run: Callable[[Session], T]) -> T:
        """One read-then-write transaction (on SQLite it holds the write lock from its
        first read), tried again when SQLite says another writer held the file too long."""
        for attempt in range(WRITE_TRIES):
            try:
                return self.store.run(run, write=True)
            except StoreError as error:
                if error.reason != "locked" or attempt == WRITE_TRIES - 1:
                    raise
                time.sleep(random.uniform(0.005, 0.03) * (attempt + 1))
        raise AssertionError("unreachable")

    def _change(self, code: str, change: Callable[[cl.ClassSession, float], cl.ClassSession],
                *, profile_id: int | None = None) -> cl.ClassSession | None:
        """Lock the class, let ``change`` (a function of :mod:`tute_tutor.live.classroom`)
        decide at the database's clock, and write what it changed (:meth:`_save`); None
        when a new participant's row lost a race for its unique keys."""
        code = cl.clean_code(code)

        def run(session: Session) -> cl.ClassSession | None:
            row = self._row(session, code, lock=True)
            before = self._state(session, row)
            after = change(before, db_now(session))
            return after if self._save(session, row, before, after,
                                       profile_id=profile_id) else None

        return self._write(run)

    def _save(self, session: Session, row: ClassSessionRow, before: cl.ClassSession,
              after: cl.ClassSession, *, profile_id: int | None) -> bool:
        """Write what ``after`` changed from ``before``: settings, the end, participants
        joined (with ``profile_id``) or removed, questions sent, closed or revealed; a
        question just closed has its answers counted in each student's progress. Answers
        are written only by :meth:`answer`. False (and nothing written) when a new
        participant's insert met another with its number, token or nickname."""
        changed = False
        joined = {p.id: p for p in before.participants}
        for person in after.participants:
            was = joined.get(person.id)
            if was is None:
                done = session.execute(insert_row(session, ClassParticipantRow, {
                    "session_id": row.id, "number": person.id, "nickname": person.nickname,
                    "nick_key": cl.nickname_key(person.nickname),
                    "token_hash": person.token_hash, "joined_at": person.joined_at,
                    "removed": person.removed, "profile_id": profile_id,
                }).on_conflict_do_nothing().returning(ClassParticipantRow.id))
                if done.first() is None:
                    return False  # someone joined at the same moment: decide again
                changed = True
            elif person.removed and not was.removed:
                session.execute(update(ClassParticipantRow).where(
                    ClassParticipantRow.session_id == row.id,
                    ClassParticipantRow.number == person.id)
                    .values(removed=True, nick_key=None))
                changed = True
        asked = {q.index: q for q in before.questions}
        for posed in after.questions:
            was_posed = asked.get(posed.index)
            if was_posed is None:
                session.execute(insert_row(session, ClassQuestionRow, {
                    "session_id": row.id, "idx": posed.index, "spec": json.dumps(posed.spec),
                    "kind": posed.kind, "rule": posed.rule,
                    "options": json.dumps(posed.options), "answer": json.dumps(posed.answer),
                    "multi": posed.multi, "opened_at": posed.opened_at,
                    "deadline": posed.deadline, "closed_at": posed.closed_at,
                    "revealed": posed.revealed, "credited": False}))
            elif (posed.closed_at, posed.revealed) != (was_posed.closed_at, was_posed.revealed):
                session.execute(update(ClassQuestionRow).where(
                    ClassQuestionRow.session_id == row.id, ClassQuestionRow.idx == posed.index)
                    .values(closed_at=posed.closed_at, revealed=posed.revealed))
            else:
                continue
            changed = True
            if posed.closed_at is not None:
                self._credit(session, row, posed)
        if after.settings != before.settings:
            row.settings = json.dumps(after.settings.to_json())
            changed = True
        if after.ended != before.ended:
            row.ended = after.ended
            changed = True
        if changed:
            session.execute(update(ClassSessionRow).where(ClassSessionRow.id == row.id)
                            .values(version=ClassSessionRow.version + 1))
        return True

    @staticmethod
    def _credit(session: Session, row: ClassSessionRow, posed: cl.Posed) -> None:
        """Count each answer to the closed question ``posed`` in its student's own
        progress (the profile the phone joined with), once."""
        qid = session.scalar(select(ClassQuestionRow.id).where(
            ClassQuestionRow.session_id == row.id, ClassQuestionRow.idx == posed.index))
        first = session.execute(update(ClassQuestionRow).where(
            ClassQuestionRow.id == qid, ClassQuestionRow.credited.is_(False))
            .values(credited=True).returning(ClassQuestionRow.id))
        if first.first() is None:
            return
        moment = utc_now()
        rows = session.execute(select(ClassParticipantRow.profile_id, ClassAnswerRow.right)
                               .join(ClassAnswerRow,
                                     ClassAnswerRow.participant_id == ClassParticipantRow.id)
                               .where(ClassAnswerRow.question_id == qid,
                                      ClassParticipantRow.removed.is_(False),
                                      ClassParticipantRow.profile_id.is_not(None))).all()
        for profile_id, right in rows:
            session.add(AnswerRow(profile_id=profile_id, at=moment, kind=posed.kind,
                                  rule=posed.rule, correct=bool(right),
                                  detail=json.dumps({"class": row.code,
                                                     "question": posed.index})))

    def set_lock(self, code: str, locked: bool) -> None:
        """Lock the lobby (new students cannot join) or open it again."""
        self._change(code, lambda state, _now: cl.set_lock(state, locked))

    def remove(self, code: str, number: int) -> None:
        """The teacher removes participant ``number`` (their nickname is free again)."""
        self._change(code, lambda state, _now: cl.remove(state, number))

    def send_next(self, code: str, question: Mapping[str, Any] | None = None, *,
                  sent: int | None = None) -> int:
        """Send the deck's next question (``question`` overrides its fields: ``kind``,
        ``rule``, ``options``, ``answer``, ``multi``, made by the caller from the spec with
        :func:`tute_tutor.live.deck.question_for`); returns its index. The question
        before it is closed and credited. ClassError ``deck_done`` past the last one.

        ``sent``: how many questions the teacher's screen showed as sent when Send was
        pressed. A press that arrives again after its question went out (a double tap, or
        a browser that repeats a click in a busy moment) then sends nothing more."""
        from tute_tutor.live.deck import question_for

        deck = self.deck(code)

        def send(state: cl.ClassSession, now: float) -> cl.ClassSession:
            index = len(state.questions)
            if sent is not None and index != sent:
                return state  # this press was carried out already
            if index >= len(deck):
                raise cl.ClassError("deck_done")
            spec = deck[index]
            if question is None:
                made = question_for(spec, "es")
                fields: dict[str, Any] = {
                    "kind": made.kind, "rule": made.rule, "options": made.options,
                    "answer": made.answer, "multi": made.multi}
            else:
                fields = dict(question)
            return cl.send_question(state, spec, now=now, **fields)

        after = self._change(code, send)
        assert after is not None
        return len(after.questions) - 1

    def close(self, code: str) -> None:
        """Stop taking answers to the current question."""
        self._change(code, cl.close_question)

    def reveal(self, code: str) -> None:
        """Close (if open) and reveal the current question's distribution."""
        self._change(code, cl.reveal)

    def end(self, code: str) -> None:
        """End the class: the current question closes, nothing more is taken."""
        self._change(code, cl.end_class)

    # ------------------------------------------------------------- the phones
    def join(self, code: str, nickname: object, token: str, *,
             profile_id: int | None = None) -> cl.Seat:
        """Join (or come back by token): the seat with nickname, score, current answer.

        Two phones taking one nickname at once: the unique key lets one in, the other
        gets ``nickname_taken``.
        """
        seats: list[cl.Seat] = []

        def enter(state: cl.ClassSession, now: float) -> cl.ClassSession:
            after, seat = cl.join(state, nickname, token, now)
            seats.append(seat)
            return after

        for _ in range(WRITE_TRIES):
            seats.clear()
            if self._change(code, enter, profile_id=profile_id) is not None:
                return seats[-1]
        raise cl.ClassError("busy")

    def profile_id(self, profile: str) -> int | None:
        """The id of a profile (an OwnedProfile of the phone's learner), made if new."""
        return self.store.run(lambda s: self.store.profile_id_in(s, profile, create=True))

    def seat(self, code: str, token: str) -> cl.Seat | None:
        """A phone's seat by its token (None: not joined; ClassError ``removed``)."""
        state, _now = self.load(code)
        person = state.by_token(token)
        if person is None:
            return None
        if person.removed:
            raise cl.ClassError("removed")
        return cl.seat(state, person.id)

    def answer(self, code: str, token: str, choice: Sequence[str]) -> Stored:
        """Store a phone's answer to the current question, once.

        The pure rules refuse what they can see (not joined, removed, bad choice, closed,
        already answered); the database has the last word on the two that races decide:
        the unique key (a second answer never lands twice) and the clock (an answer after
        the close is not inserted).
        """
        code = cl.clean_code(code)

        def run(session: Session) -> Stored:
            row = self._row(session, code)
            state = self._state(session, row)
            now = db_now(session)
            _after, given = cl.answer(state, token, choice, now)
            current = state.current
            assert current is not None
            person = state.by_token(token)
            assert person is not None
            before = state.answers.get((current.index, person.id))
            if before is not None and before.choice == given.choice:
                return Stored(before, False)
            qid = session.scalar(select(ClassQuestionRow.id).where(
                ClassQuestionRow.session_id == row.id, ClassQuestionRow.idx == current.index))
            pid = session.scalar(select(ClassParticipantRow.id).where(
                ClassParticipantRow.session_id == row.id,
                ClassParticipantRow.number == person.id))
            is_open = select(ClassQuestionRow.id).where(
                ClassQuestionRow.id == qid, ClassQuestionRow.closed_at.is_(None),
                (ClassQuestionRow.deadline.is_(None))
                | (ClassQuestionRow.deadline > clock(session)))
            values = select(literal(row.id), literal(qid), literal(pid),
                            literal(json.dumps(given.choice)), clock(session),
                            literal(given.right)).where(is_open.exists())
            statement = insert_row(session, ClassAnswerRow, {}).from_select(
                ["session_id", "question_id", "participant_id", "choice", "at", "right"],
                values)
            if state.settings.allow_change:
                statement = statement.on_conflict_do_update(
                    index_elements=["session_id", "question_id", "participant_id"],
                    set_={"choice": statement.excluded.choice, "at": statement.excluded.at,
                          "right": statement.excluded.right})
            else:
                statement = statement.on_conflict_do_nothing()
            inserted = session.execute(statement.returning(ClassAnswerRow.id)).first()
            stored = session.execute(select(ClassAnswerRow.choice, ClassAnswerRow.at,
                                            ClassAnswerRow.right).where(
                ClassAnswerRow.question_id == qid, ClassAnswerRow.participant_id == pid)).first()
            if stored is None:
                raise cl.ClassError("closed")
            kept = cl.Answer(person.id, current.index, tuple(json.loads(stored[0])),
                             stored[1], stored[2])
            if inserted is not None:
                return Stored(kept, True)
            if state.settings.allow_change:
                raise cl.ClassError("closed")  # open, it would have been updated
            if kept.choice != given.choice:
                raise cl.ClassError("already")
            return Stored(kept, False)

        return self._write(run)
