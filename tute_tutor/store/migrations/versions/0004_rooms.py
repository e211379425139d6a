"""Rooms: play with friends. One row per room; its state is the room's JSON (seats with
hashed seat tokens, settings, the match's seed and actions) and ``version`` is what a
move compares and sets.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=6), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("code", name="uq_rooms_code"),
    )
    op.create_index("ix_rooms_updated_at", "rooms", ["updated_at"])


def downgrade() -> None:
    op.drop_index("ix_rooms_updated_at", table_name="rooms")
    op.drop_table("rooms")
