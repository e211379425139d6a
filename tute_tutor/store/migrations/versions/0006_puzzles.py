"""Puzzles: a Glicko-2 rating per puzzle and per profile, and every answer
(tute_tutor/store/puzzles.py).

Revision ID: 0006
Revises: 0005 (live classes)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("puzzle_id", sa.String(length=60), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("puzzle_id", name="uq_puzzle_ratings_puzzle_id"),
    )
    op.create_table(
        "puzzle_learners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("plays", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"],
                                name="fk_puzzle_learners_profile_id"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("profile_id", name="uq_puzzle_learners_profile_id"),
    )
    op.create_table(
        "puzzle_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("puzzle_id", sa.String(length=60), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("card", sa.String(length=4), nullable=False),
        sa.Column("solved", sa.Boolean(), nullable=False),
        sa.Column("daily", sa.DateTime(), nullable=True),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"],
                                name="fk_puzzle_attempts_profile_id"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_puzzle_attempts_profile_id", "puzzle_attempts", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_puzzle_attempts_profile_id", table_name="puzzle_attempts")
    op.drop_table("puzzle_attempts")
    op.drop_table("puzzle_learners")
    op.drop_table("puzzle_ratings")
