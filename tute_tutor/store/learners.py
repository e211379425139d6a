"""Learners, their browsers' tokens and their profiles.

A learner is a person: a browser by default, known by the token it holds (only its SHA-256
is stored), or the one ``local`` learner that plain profile names (command line, tests) and
every profile from before learners belong to. Each learner has profiles by name; an
:class:`OwnedProfile` is a profile name that knows its learner. The carry codes that bring a
learner to another browser are :mod:`tute_tutor.store.carry_codes`.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Final

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session

from tute_tutor.formats.names import MAX_NAME, BadName, normalise_name
from tute_tutor.store.database import Database, StoreError
from tute_tutor.store.tables import (
    AnswerRow,
    DrillSittingRow,
    EndingResultRow,
    HandRow,
    LearnerRow,
    LessonRow,
    MistakeRow,
    ProfileRow,
    PuzzleAttemptRow,
    PuzzleLearnerRow,
    StateRow,
    TokenRow,
    insert_or_skip,
    utc_now,
)

LOCAL: Final = "local"
"""Origin of the one learner that plain profile names (command line, tests) and every
profile from before learners belong to."""


class OwnedProfile(str):
    """A profile name that knows its learner: what the app passes to the store.

    It is the name itself (a ``str``: labels, file names and messages use it as is),
    plus :attr:`learner` (an id) or, when the id is not known yet (the database did not
    answer when the session began), the browser's :attr:`token`, looked up at each
    call. Every :class:`Store` method that takes a profile reads and writes only that
    learner's profile of that name; a plain ``str`` means the profile of the ``local``
    learner (command line, tests, data from before learners).
    """

    learner: int | None
    token: str | None

    def __new__(cls, learner: int | None, name: str, *,
                token: str | None = None) -> OwnedProfile:
        made = super().__new__(cls, check_profile_name(name))
        if learner is None and token is None:
            raise StoreError("a learner's profile needs the learner or its token",
                             reason="no_learner")
        made.learner = None if learner is None else int(learner)
        made.token = None if token is None else check_token(token)
        return made

    def __repr__(self) -> str:
        return f"OwnedProfile({self.learner}, {str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_owned_profile, (self.learner, str(self), self.token))


def _owned_profile(learner: int | None, name: str, token: str | None) -> OwnedProfile:
    return OwnedProfile(learner, name, token=token)


def check_profile_name(name: object) -> str:
    """The profile name normalised (:func:`~tute_tutor.formats.names.normalise_name`);
    a :class:`StoreError` when it cannot be one.

    >>> check_profile_name("  Ana ")
    'Ana'
    >>> check_profile_name("")
    Traceback (most recent call last):
    ...
    tute_tutor.store.database.StoreError: a profile name cannot be empty
    """
    if isinstance(name, OwnedProfile):
        return str(name)
    try:
        return normalise_name(name, what="profile name")
    except BadName as error:
        raise StoreError(str(error), reason="bad_name") from None


def secret_digest(secret: str) -> str:
    """The SHA-256 of a token or code, as stored."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh learner token for a browser: 32 random bytes, URL-safe text."""
    return secrets.token_urlsafe(32)


def identity_token(secret: str, issuer: str, subject: str) -> str:
    """The learner token of a person signed in with ``st.login`` (OIDC): the same on
    every device, and nobody without the server's ``secret`` can make it.

    >>> a = identity_token("s3cret", "https://idp.school", "pupil-17")
    >>> a == identity_token("s3cret", "https://idp.school", "pupil-17"), len(a)
    (True, 69)
    >>> a == identity_token("other", "https://idp.school", "pupil-17")
    False
    """
    import hmac

    mac = hmac.new(secret.encode("utf-8"), f"{issuer}\n{subject}".encode(), hashlib.sha256)
    return "oidc-" + mac.hexdigest()


def check_token(token: object) -> str:
    """A learner token as a browser sends it back (20 to 100 URL-safe characters)."""
    if (not isinstance(token, str) or not 20 <= len(token) <= 100
            or not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in token)):
        raise StoreError("the learner token is not one this app makes", reason="bad_token")
    return token


class Learners(Database):
    """The learners and their profiles in one database."""

    def __init__(self, engine: Engine, location: str) -> None:
        super().__init__(engine, location)
        self._local_id: int | None = None

    def _local_learner(self, session: Session) -> int:
        if self._local_id is not None:
            return self._local_id
        found = session.scalar(select(LearnerRow.id).where(LearnerRow.origin == LOCAL)
                               .order_by(LearnerRow.id).limit(1))
        if found is None:  # revision 0003 makes it; a database restored by hand may not
            learner = LearnerRow(created_at=utc_now(), origin=LOCAL)
            session.add(learner)
            session.flush()
            return learner.id  # not kept until that transaction is committed
        self._local_id = found
        return found

    def local_learner(self) -> int:
        """The id of the ``local`` learner (plain profile names, data from before)."""
        return self.run(self._local_learner)

    def learner_for_token(self, token: str, *, create: bool = True) -> int | None:
        """The learner whose browser holds ``token``; a new learner for a token never
        seen (``create``), else None. Only the token's SHA-256 is stored."""
        token = check_token(token)
        digest = secret_digest(token)

        return self.run(lambda session: self._learner_of(session, digest, create=create))

    @staticmethod
    def _learner_of(session: Session, digest: str, *, create: bool) -> int | None:
        found = session.scalar(select(TokenRow.learner_id).where(TokenRow.token_hash == digest))
        if found is not None or not create:
            return found
        learner = LearnerRow(created_at=utc_now(), origin="browser")
        session.add(learner)
        session.flush()
        session.execute(insert_or_skip(session, TokenRow, {
            "learner_id": learner.id, "token_hash": digest, "created_at": utc_now()}))
        # Two first visits with one token at once: both get the winner's learner.
        return session.scalar(select(TokenRow.learner_id).where(TokenRow.token_hash == digest))

    def profile(self, learner: int, name: str) -> OwnedProfile:
        """``learner``'s profile ``name`` (checked, not created: the first write does)."""
        return OwnedProfile(learner, name)

    def last_profile(self, learner: int) -> str | None:
        """The profile ``learner`` picked last (on any device), if it still exists."""
        def run(session: Session) -> str | None:
            name = session.scalar(select(LearnerRow.last_profile).where(LearnerRow.id == learner))
            if name is None:
                return None
            exists = session.scalar(select(ProfileRow.id).where(
                ProfileRow.learner_id == learner, ProfileRow.name == name))
            return name if exists is not None else None

        return self.run(run)

    def set_last_profile(self, profile: OwnedProfile) -> None:
        """Remember ``profile`` as its learner's current one (created if new)."""
        def run(session: Session) -> None:
            self.profile_id_in(session, profile, create=True)
            learner = session.get(LearnerRow, self._scope(session, profile)[0])
            if learner is not None:
                learner.last_profile = str(profile)

        self.run(run)

    @staticmethod
    def _move_profiles(session: Session, source: int, target: int) -> None:
        taken = set(session.scalars(select(ProfileRow.name)
                                    .where(ProfileRow.learner_id == target)))
        for profile in list(session.scalars(select(ProfileRow)
                                            .where(ProfileRow.learner_id == source))):
            name = profile.name
            number = 2
            while name in taken:
                suffix = f" ({number})"
                name = profile.name[:MAX_NAME - len(suffix)] + suffix
                number += 1
            profile.name = name
            profile.learner_id = target
            taken.add(name)

    def adopt_local_profiles(self, learner: int) -> int:
        """Give ``learner`` every profile of the ``local`` learner (the progress made
        before learners existed); returns how many moved."""
        def run(session: Session) -> int:
            local = self._local_learner(session)
            count = len(list(session.scalars(select(ProfileRow.id)
                                             .where(ProfileRow.learner_id == local))))
            if local != learner:
                self._move_profiles(session, local, learner)
            return count

        return self.run(run)

    # ------------------------------------------------------------- profiles
    def _scope(self, session: Session, profile: str, *,
               create: bool = True) -> tuple[int | None, str]:
        """(learner id, clean name) of a profile argument; the learner is None when it
        is known only by a token never seen and ``create`` is off (reads never write)."""
        if isinstance(profile, OwnedProfile):
            if profile.learner is not None:
                return profile.learner, str(profile)
            assert profile.token is not None
            return self._learner_of(session, secret_digest(profile.token), create=create), \
                str(profile)
        return self._local_learner(session), check_profile_name(profile)

    def profile_id_in(self, session: Session, profile: str, *, create: bool) -> int | None:
        """The row id of ``profile`` inside a transaction of :meth:`run`; with ``create``
        the profile is made if new, else None for a profile never written."""
        learner, name = self._scope(session, profile, create=create)
        if learner is None:
            return None
        where = (ProfileRow.learner_id == learner, ProfileRow.name == name)
        found = session.scalar(select(ProfileRow.id).where(*where))
        if found is not None or not create:
            return found
        # Two first answers of one new profile at once: the second insert does
        # nothing and both read the one row.
        session.execute(insert_or_skip(session, ProfileRow, {
            "name": name, "created_at": utc_now(), "learner_id": learner}))
        return session.scalar(select(ProfileRow.id).where(*where))

    def add_profile(self, name: str) -> str:
        """Create a profile (nothing happens if it exists); return its clean name."""
        check_profile_name(name)
        self.run(lambda s: self.profile_id_in(s, name, create=True))
        return check_profile_name(name)

    def profiles(self, learner: int | None = None) -> list[str]:
        """``learner``'s profile names (the ``local`` learner's without one), in
        creation order."""
        def run(session: Session) -> list[str]:
            owner = learner if learner is not None else self._local_learner(session)
            return list(session.scalars(select(ProfileRow.name)
                                        .where(ProfileRow.learner_id == owner)
                                        .order_by(ProfileRow.id)))

        return self.run(run)

    def delete_profile(self, name: str) -> None:
        """Remove a profile and all its history."""
        check_profile_name(name)

        def run(session: Session) -> None:
            pid = self.profile_id_in(session, name, create=False)
            if pid is None:
                return
            self._delete_history(session, pid)
            session.execute(delete(ProfileRow).where(ProfileRow.id == pid))

        self.run(run)

    @staticmethod
    def _delete_history(session: Session, pid: int) -> None:
        for table in (AnswerRow, LessonRow, HandRow, StateRow, PuzzleAttemptRow,
                      PuzzleLearnerRow, DrillSittingRow, EndingResultRow, MistakeRow):
            session.execute(delete(table).where(table.profile_id == pid))


__all__ = ["LOCAL", "Learners", "OwnedProfile", "check_profile_name", "check_token",
           "identity_token", "new_token", "secret_digest"]
