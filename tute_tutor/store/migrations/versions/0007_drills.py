"""Drills and endings: every finished drill sitting (its stars) and every ending played
out (its target, reached or not) per profile (tute_tutor/store/drills.py).

Revision ID: 0007
Revises: 0006 (puzzle ratings)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drill_sittings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(length=60), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("right", sa.Integer(), nullable=False),
        sa.Column("asked", sa.Integer(), nullable=False),
        sa.Column("stars", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=12), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"],
                                name="fk_drill_sittings_profile_id"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_drill_sittings_profile_id", "drill_sittings", ["profile_id"])
    op.create_table(
        "ending_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("profile_id", sa.Integer(), nullable=False),
        sa.Column("ending_id", sa.String(length=60), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("target", sa.String(length=10), nullable=False),
        sa.Column("target_points", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("reached", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["profile_id"], ["profiles.id"],
                                name="fk_ending_results_profile_id"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_ending_results_profile_id", "ending_results", ["profile_id"])


def downgrade() -> None:
    op.drop_index("ix_ending_results_profile_id", table_name="ending_results")
    op.drop_table("ending_results")
    op.drop_index("ix_drill_sittings_profile_id", table_name="drill_sittings")
    op.drop_table("drill_sittings")
