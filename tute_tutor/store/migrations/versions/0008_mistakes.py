"""Mistakes: each costly card of a learner's finished practice hand, named by its kind
(tute_tutor/store/mistakes.py).

Revision ID: 0008
Revises: 0007 (drill sittings and ending results)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mistakes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("hand", sa.String(length=64), nullable=False),
        sa.Column("trick", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(length=40), nullable=False),
        sa.Column("card", sa.String(length=4), nullable=False),
        sa.Column("kind", sa.String(length=40), nullable=False),
        sa.Column("cost", sa.Integer(), nullable=False),
        sa.Column("exact", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"], name="fk_mistakes_profile_id"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("profile_id", "hand", "trick", name="uq_mistakes_hand_trick"),
    )
    op.create_index("ix_mistakes_profile_id", "mistakes", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_mistakes_profile_id", table_name="mistakes")
    op.drop_table("mistakes")
