"""Carry codes: a personal code (``ABCD-EFGH-JKMN``) that brings a learner's progress to
another browser. Only its SHA-256 is kept, so it is shown once, when it is made; revoking it
lets go every other browser that used it.
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Final

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tute_tutor.store.database import StoreError
from tute_tutor.store.learners import Learners, check_token, secret_digest
from tute_tutor.store.tables import LearnerRow, TokenRow, utc_now

CARRY_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Letters of a carry code: no 0/O, 1/I/L, so it can be read aloud and typed."""
CARRY_LENGTH: Final = 12


def clean_carry_code(text: object) -> str | None:
    """A carry code as typed (any case, spaces or dashes), or None if it cannot be one.

    >>> clean_carry_code(" abcd-efgh-jkmn ")
    'ABCDEFGHJKMN'
    >>> clean_carry_code("ABCD-EFGH") is None
    True
    """
    if not isinstance(text, str) or len(text) > 60:
        return None
    code = "".join(ch for ch in text.upper() if ch not in " -\t")
    if len(code) != CARRY_LENGTH or any(ch not in CARRY_ALPHABET for ch in code):
        return None
    return code


def format_carry_code(code: str) -> str:
    """``ABCDEFGHJKMN`` as ``ABCD-EFGH-JKMN``."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


class CarryCodes(Learners):
    """The learners of one database, and their carry codes."""

    def make_carry_code(self, learner: int) -> str:
        """A new personal code (``ABCD-EFGH-JKMN``) that brings ``learner``'s progress
        to another browser; it replaces any earlier code. Only its SHA-256 is kept, so
        it is shown once, now."""
        code = "".join(secrets.choice(CARRY_ALPHABET) for _ in range(CARRY_LENGTH))

        def run(session: Session) -> None:
            row = session.get(LearnerRow, learner)
            if row is None:
                raise StoreError(f"no learner {learner} in {self.location}",
                                 reason="no_learner")
            row.carry_hash = secret_digest(code)
            row.carry_created_at = utc_now()

        self.run(run)
        return format_carry_code(code)

    def carry_code_since(self, learner: int) -> datetime | None:
        """When ``learner``'s carry code was made; None when there is none."""
        def run(session: Session) -> datetime | None:
            row = session.get(LearnerRow, learner)
            if row is None or row.carry_hash is None:
                return None
            return row.carry_created_at

        return self.run(run)

    def revoke_carry_code(self, learner: int, *, keep_token: str | None) -> int:
        """The code stops working, and every other browser that used it forgets this
        learner (it starts afresh; the progress stays here). Returns how many browsers
        were let go. ``keep_token`` is the token of the browser asking."""
        keep = secret_digest(check_token(keep_token)) if keep_token is not None else None

        def run(session: Session) -> int:
            row = session.get(LearnerRow, learner)
            if row is None:
                return 0
            row.carry_hash = None
            row.carry_created_at = None
            others = delete(TokenRow).where(TokenRow.learner_id == learner)
            if keep is not None:
                others = others.where(TokenRow.token_hash != keep)
            return int(getattr(session.execute(others), "rowcount", 0) or 0)

        return self.run(run)

    def use_carry_code(self, code: str, token: str) -> int | None:
        """Make the browser holding ``token`` the learner of ``code`` (typed in any
        case, with or without dashes); None for a code that does not work.

        What the browser had before is not lost: if no other browser holds its old
        learner, that learner's profiles move over (a taken name gets `` (2)``).
        """
        clean = clean_carry_code(code)
        token = check_token(token)
        if clean is None:
            return None
        digest = secret_digest(token)

        def run(session: Session) -> int | None:
            target = session.scalar(select(LearnerRow.id)
                                    .where(LearnerRow.carry_hash == secret_digest(clean)))
            if target is None:
                return None
            row = session.scalar(select(TokenRow).where(TokenRow.token_hash == digest))
            if row is None:
                session.add(TokenRow(learner_id=target, token_hash=digest, created_at=utc_now()))
                return target
            old = row.learner_id
            if old == target:
                return target
            row.learner_id = target
            session.flush()
            still_held = session.scalar(select(TokenRow.id).where(TokenRow.learner_id == old)
                                        .limit(1))
            if still_held is None:
                self._move_profiles(session, old, target)
            return target

        return self.run(run)


__all__ = ["CARRY_ALPHABET", "CARRY_LENGTH", "CarryCodes", "clean_carry_code",
           "format_carry_code"]
