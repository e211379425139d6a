"""Live classes: sessions, participants, questions and answers, with one answer per
participant per question by a unique key (tute_tutor/store/classes.py).

Revision ID: 0005
Revises: 0004 (rooms)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "class_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=8), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("deck", sa.Text(), nullable=False),
        sa.Column("opened_at", sa.Float(), nullable=False),
        sa.Column("ended", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("teacher_hash", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code"),
    )
    op.create_table(
        "class_participants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=24), nullable=False),
        sa.Column("nick_key", sa.String(length=96), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.Float(), nullable=False),
        sa.Column("removed", sa.Boolean(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["session_id"], ["class_sessions.id"]),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "token_hash", name="uq_class_participants_token"),
        sa.UniqueConstraint("session_id", "nick_key", name="uq_class_participants_nick"),
        sa.UniqueConstraint("session_id", "number", name="uq_class_participants_number"),
    )
    op.create_index("ix_class_participants_session_id", "class_participants", ["session_id"])
    op.create_table(
        "class_questions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("spec", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("rule", sa.String(length=40), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("multi", sa.Boolean(), nullable=False),
        sa.Column("opened_at", sa.Float(), nullable=False),
        sa.Column("deadline", sa.Float(), nullable=True),
        sa.Column("closed_at", sa.Float(), nullable=True),
        sa.Column("revealed", sa.Boolean(), nullable=False),
        sa.Column("credited", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["class_sessions.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "idx", name="uq_class_questions_idx"),
    )
    op.create_index("ix_class_questions_session_id", "class_questions", ["session_id"])
    op.create_table(
        "class_answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("question_id", sa.Integer(), nullable=False),
        sa.Column("participant_id", sa.Integer(), nullable=False),
        sa.Column("choice", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("right", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["session_id"], ["class_sessions.id"]),
        sa.ForeignKeyConstraint(["question_id"], ["class_questions.id"]),
        sa.ForeignKeyConstraint(["participant_id"], ["class_participants.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("session_id", "question_id", "participant_id",
                            name="uq_class_answers_one"),
    )
    op.create_index("ix_class_answers_session_id", "class_answers", ["session_id"])
    op.create_index("ix_class_answers_question_id", "class_answers", ["question_id"])


def downgrade() -> None:
    op.drop_table("class_answers")
    op.drop_table("class_questions")
    op.drop_table("class_participants")
    op.drop_table("class_sessions")
