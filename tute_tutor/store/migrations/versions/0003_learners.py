"""Learners: each browser is a learner (a random token, kept hashed) and profiles
belong to one. Profiles made before this revision go to the one learner of origin
``local`` (the command line's and the tests' learner), whose progress a browser can take
over with a carry code (see the README).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    learners = op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("origin", sa.String(length=20), nullable=False),
        sa.Column("last_profile", sa.String(length=40), nullable=True),
        sa.Column("carry_hash", sa.String(length=64), nullable=True),
        sa.Column("carry_created_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("carry_hash", name="uq_learners_carry_hash"),
    )
    op.create_index("ix_learners_origin", "learners", ["origin"])
    op.create_table(
        "learner_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"],
                                name="fk_learner_tokens_learner_id"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash", name="uq_learner_tokens_token_hash"),
    )
    op.create_index("ix_learner_tokens_learner_id", "learner_tokens", ["learner_id"])
    now = datetime.now(UTC).replace(tzinfo=None)
    op.bulk_insert(learners, [{"created_at": now, "origin": "local"}])
    bind = op.get_bind()
    local = bind.execute(sa.text("SELECT id FROM learners WHERE origin = 'local'")).scalar_one()

    old_unique = next((u["name"] for u in sa.inspect(bind).get_unique_constraints("profiles")
                       if u["column_names"] == ["name"]), None)
    with op.batch_alter_table("profiles") as batch:
        batch.add_column(sa.Column("learner_id", sa.Integer(), nullable=True))
    op.execute(sa.text("UPDATE profiles SET learner_id = :local").bindparams(local=local))
    # SQLite reflects the old unique constraint without a name: the naming convention
    # gives it one so that batch mode can drop it while it copies the table.
    with op.batch_alter_table(
            "profiles", naming_convention={"uq": "uq_%(table_name)s_%(column_0_name)s"}) as batch:
        batch.alter_column("learner_id", existing_type=sa.Integer(), nullable=False)
        batch.drop_constraint(old_unique or "uq_profiles_name", type_="unique")
        batch.create_unique_constraint("uq_profiles_learner_name", ["learner_id", "name"])
        batch.create_foreign_key("fk_profiles_learner_id", "learners", ["learner_id"], ["id"])
        batch.create_index("ix_profiles_learner_id", ["learner_id"])


def downgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.drop_index("ix_profiles_learner_id")
        batch.drop_constraint("fk_profiles_learner_id", type_="foreignkey")
        batch.drop_constraint("uq_profiles_learner_name", type_="unique")
        batch.create_unique_constraint("uq_profiles_name", ["name"])
        batch.drop_column("learner_id")
    op.drop_table("learner_tokens")
    op.drop_table("learners")
