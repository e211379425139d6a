"""The schema as the store created it before it had versions (profiles, answers,
lessons done, practice hands): exactly what ``create_all`` made up to then.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "profiles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("rule", sa.String(length=40), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_answers_at", "answers", ["at"])
    op.create_index("ix_answers_profile_id", "answers", ["profile_id"])
    op.create_table(
        "lessons_done",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("lesson_id", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("profile_id", "lesson_id"),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
    )
    op.create_index("ix_lessons_done_profile_id", "lessons_done", ["profile_id"])
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("ruleset", sa.String(length=40), nullable=False),
        sa.Column("record", sa.Text(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("totals", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_hands_profile_id", "hands", ["profile_id"])


def downgrade() -> None:
    for table in ("hands", "lessons_done", "answers", "profiles"):
        op.drop_table(table)
