"""Every table of the store, and the few SQL helpers its modules share.

The rows of the learners and their progress, the rooms (:mod:`tute_tutor.store.rooms`)
and the live classes (:mod:`tute_tutor.store.classes`): :data:`metadata` is what the
newest migration must match. Every stored time is UTC without a zone (SQLite keeps
none): :func:`utc_now`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Final

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from tute_tutor.formats.names import MAX_NAME
from tute_tutor.live.classroom import MAX_NICKNAME

MAX_STATE_KEY: Final = 80
"""Longest key of a saved state (:meth:`tute_tutor.store.Store.save_state`)."""


class Base(DeclarativeBase):
    """The store's tables."""


metadata = Base.metadata
"""Every table of the store (what the newest migration must match)."""


# --------------------------------------------------------------------------- learners, progress
class LearnerRow(Base):
    """A person: a browser by default (its token in ``learner_tokens``)."""

    __tablename__ = "learners"
    __table_args__ = (UniqueConstraint("carry_hash", name="uq_learners_carry_hash"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    origin: Mapped[str] = mapped_column(String(20), index=True)
    last_profile: Mapped[str | None] = mapped_column(String(MAX_NAME))
    carry_hash: Mapped[str | None] = mapped_column(String(64))
    carry_created_at: Mapped[datetime | None] = mapped_column(DateTime)


class TokenRow(Base):
    """A browser's (or device's) token, kept as its SHA-256: the database never holds
    anything that would let a reader act as a learner."""

    __tablename__ = "learner_tokens"
    __table_args__ = (UniqueConstraint("token_hash", name="uq_learner_tokens_token_hash"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", name="fk_learner_tokens_learner_id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime)


class ProfileRow(Base):
    __tablename__ = "profiles"
    __table_args__ = (UniqueConstraint("learner_id", "name", name="uq_profiles_learner_name"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    created_at: Mapped[datetime] = mapped_column(DateTime)
    learner_id: Mapped[int] = mapped_column(
        ForeignKey("learners.id", name="fk_profiles_learner_id"), index=True)


class AnswerRow(Base):
    __tablename__ = "answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime, index=True)
    kind: Mapped[str] = mapped_column(String(40))
    rule: Mapped[str] = mapped_column(String(40))
    correct: Mapped[bool] = mapped_column(Boolean)
    detail: Mapped[str] = mapped_column(Text, default="{}")


class LessonRow(Base):
    __tablename__ = "lessons_done"
    __table_args__ = (UniqueConstraint("profile_id", "lesson_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    lesson_id: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime)


class HandRow(Base):
    __tablename__ = "hands"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime)
    ruleset: Mapped[str] = mapped_column(String(40))
    record: Mapped[str] = mapped_column(Text)
    won: Mapped[bool] = mapped_column(Boolean)
    totals: Mapped[str] = mapped_column(String(200))


class StateRow(Base):
    """A saved state per profile and key (JSON text), e.g. the practice table's match."""

    __tablename__ = "saved_states"
    __table_args__ = (UniqueConstraint("profile_id", "key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(ForeignKey("profiles.id"), index=True)
    key: Mapped[str] = mapped_column(String(MAX_STATE_KEY))
    data: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime)


# --------------------------------------------------------------------------- rooms
class RoomRow(Base):
    """A room to play with friends (tute_tutor.store.rooms): its JSON state and the
    version every move compares and sets."""

    __tablename__ = "rooms"
    __table_args__ = (UniqueConstraint("code", name="uq_rooms_code"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6))
    version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(10))
    state: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    updated_at: Mapped[datetime] = mapped_column(DateTime, index=True)


# --------------------------------------------------------------------------- live classes
class ClassSessionRow(Base):
    __tablename__ = "class_sessions"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    settings: Mapped[str] = mapped_column(Text)
    deck: Mapped[str] = mapped_column(Text)
    opened_at: Mapped[float] = mapped_column(Float)
    ended: Mapped[bool] = mapped_column(Boolean)
    version: Mapped[int] = mapped_column(Integer)
    teacher_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ClassParticipantRow(Base):
    __tablename__ = "class_participants"
    __table_args__ = (
        UniqueConstraint("session_id", "token_hash", name="uq_class_participants_token"),
        UniqueConstraint("session_id", "nick_key", name="uq_class_participants_nick"),
        UniqueConstraint("session_id", "number", name="uq_class_participants_number"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_sessions.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    nickname: Mapped[str] = mapped_column(String(MAX_NICKNAME))
    nick_key: Mapped[str | None] = mapped_column(String(4 * MAX_NICKNAME), nullable=True)
    """The nickname as compared; NULL once removed (the nickname is free again)."""
    token_hash: Mapped[str] = mapped_column(String(64))
    joined_at: Mapped[float] = mapped_column(Float)
    removed: Mapped[bool] = mapped_column(Boolean)
    profile_id: Mapped[int | None] = mapped_column(
        ForeignKey("profiles.id", ondelete="SET NULL"), nullable=True)


class ClassQuestionRow(Base):
    __tablename__ = "class_questions"
    __table_args__ = (UniqueConstraint("session_id", "idx", name="uq_class_questions_idx"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_sessions.id"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    spec: Mapped[str] = mapped_column(Text)
    kind: Mapped[str] = mapped_column(String(40))
    rule: Mapped[str] = mapped_column(String(40))
    options: Mapped[str] = mapped_column(Text)
    answer: Mapped[str] = mapped_column(Text)
    multi: Mapped[bool] = mapped_column(Boolean)
    opened_at: Mapped[float] = mapped_column(Float)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    closed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    revealed: Mapped[bool] = mapped_column(Boolean)
    credited: Mapped[bool] = mapped_column(Boolean)


class ClassAnswerRow(Base):
    __tablename__ = "class_answers"
    __table_args__ = (UniqueConstraint("session_id", "question_id", "participant_id",
                                       name="uq_class_answers_one"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("class_sessions.id"), index=True)
    question_id: Mapped[int] = mapped_column(ForeignKey("class_questions.id"), index=True)
    participant_id: Mapped[int] = mapped_column(ForeignKey("class_participants.id"))
    choice: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
    right: Mapped[bool] = mapped_column(Boolean)


# --------------------------------------------------------------------------- helpers
MAX_PUZZLE_ID: Final = 60
"""Longest puzzle id kept (``ruleset/seed/index`` is far below)."""


class PuzzleRatingRow(Base):
    """The rating of one puzzle, shared by every learner."""

    __tablename__ = "puzzle_ratings"
    __table_args__ = (UniqueConstraint("puzzle_id", name="uq_puzzle_ratings_puzzle_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(String(MAX_PUZZLE_ID))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer)


class PuzzleLearnerRow(Base):
    """A profile's puzzle rating."""

    __tablename__ = "puzzle_learners"
    __table_args__ = (UniqueConstraint("profile_id", name="uq_puzzle_learners_profile_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("profiles.id", name="fk_puzzle_learners_profile_id"))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer)


class PuzzleAttemptRow(Base):
    """One answer to one puzzle."""

    __tablename__ = "puzzle_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("profiles.id", name="fk_puzzle_attempts_profile_id"), index=True)
    puzzle_id: Mapped[str] = mapped_column(String(MAX_PUZZLE_ID))
    at: Mapped[datetime] = mapped_column(DateTime)
    card: Mapped[str] = mapped_column(String(4))
    solved: Mapped[bool] = mapped_column(Boolean)
    daily: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    before: Mapped[float] = mapped_column(Float)
    after: Mapped[float] = mapped_column(Float)


# --------------------------------------------------------------------------- drills, endings
MAX_SKILL: Final = 60
"""Longest skill id kept (a lesson id)."""
MAX_ENDING_ID: Final = 60
"""Longest ending id kept (``ruleset/seed/attempt`` is far below)."""


class DrillSittingRow(Base):
    """One finished drill sitting of a profile: right answers, items asked, stars."""

    __tablename__ = "drill_sittings"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("profiles.id", name="fk_drill_sittings_profile_id"), index=True)
    skill: Mapped[str] = mapped_column(String(MAX_SKILL))
    at: Mapped[datetime] = mapped_column(DateTime)
    right: Mapped[int] = mapped_column(Integer)
    asked: Mapped[int] = mapped_column(Integer)
    stars: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(12))
    """``drill`` (the drills page) or ``placement`` (the placement test)."""


class EndingResultRow(Base):
    """One ending played out by a profile: its target and whether it was reached."""

    __tablename__ = "ending_results"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("profiles.id", name="fk_ending_results_profile_id"), index=True)
    ending_id: Mapped[str] = mapped_column(String(MAX_ENDING_ID))
    at: Mapped[datetime] = mapped_column(DateTime)
    target: Mapped[str] = mapped_column(String(10))
    target_points: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
    reached: Mapped[bool] = mapped_column(Boolean)


# --------------------------------------------------------------------------- mistakes
MAX_MISTAKE_KIND: Final = 40
"""Longest mistake kind kept (:data:`tute_tutor.coach.mistakes.MISTAKE_KINDS`)."""


class MistakeRow(Base):
    """One costly card of a learner's finished practice hand, named by its mistake
    (:mod:`tute_tutor.store.mistakes`, migration 0008). ``hand`` is the SHA-256 of the
    hand's record, so a hand reviewed twice counts once."""

    __tablename__ = "mistakes"
    __table_args__ = (UniqueConstraint("profile_id", "hand", "trick",
                                       name="uq_mistakes_hand_trick"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    profile_id: Mapped[int] = mapped_column(
        ForeignKey("profiles.id", name="fk_mistakes_profile_id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime)
    hand: Mapped[str] = mapped_column(String(64))
    trick: Mapped[int] = mapped_column(Integer)
    ruleset: Mapped[str] = mapped_column(String(40))
    card: Mapped[str] = mapped_column(String(4))
    kind: Mapped[str] = mapped_column(String(MAX_MISTAKE_KIND))
    cost: Mapped[int] = mapped_column(Integer)
    exact: Mapped[bool] = mapped_column(Boolean)


HISTORY_TABLES: Final = (AnswerRow, LessonRow, HandRow, MistakeRow, PuzzleAttemptRow,
                         DrillSittingRow, EndingResultRow)
"""The tables of what a learner did, one row per thing (the history the progress page
shows and exports)."""


def utc_now() -> datetime:
    """Now in UTC without tzinfo (SQLite keeps no zones; every stored time is UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


def naive_utc(moment: datetime | None) -> datetime:
    """``moment`` as a stored time (UTC, no zone); now when None."""
    if moment is None:
        return utc_now()
    if moment.tzinfo is not None:
        return moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def insert_row(session: Session, table: type[Base], values: dict[str, Any]) -> Any:
    """``INSERT`` in the dialect of ``session``'s database (for its ``ON CONFLICT``)."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(table).values(**values)
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(table).values(**values)


def upsert(session: Session, table: type[Base], values: dict[str, Any],
           keys: list[str], changes: dict[str, Any]) -> Any:
    """``INSERT ... ON CONFLICT (keys) DO UPDATE``: one statement, so two writers of the
    same row never collide (SQLite and PostgreSQL both have it)."""
    return insert_row(session, table, values).on_conflict_do_update(index_elements=keys,
                                                                    set_=changes)


def insert_or_skip(session: Session, table: type[Base], values: dict[str, Any]) -> Any:
    """``INSERT ... ON CONFLICT DO NOTHING``."""
    return insert_row(session, table, values).on_conflict_do_nothing()


__all__ = ["HISTORY_TABLES", "MAX_ENDING_ID", "MAX_MISTAKE_KIND", "MAX_PUZZLE_ID", "MAX_SKILL",
           "MAX_STATE_KEY", "AnswerRow", "Base", "ClassAnswerRow", "ClassParticipantRow",
           "ClassQuestionRow", "ClassSessionRow", "DrillSittingRow", "EndingResultRow",
           "HandRow", "LearnerRow", "LessonRow", "MistakeRow", "ProfileRow",
           "PuzzleAttemptRow", "PuzzleLearnerRow", "PuzzleRatingRow", "RoomRow", "StateRow",
           "TokenRow", "insert_or_skip", "insert_row", "metadata", "naive_utc", "upsert",
           "utc_now"]
