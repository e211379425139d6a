"""AppTest sessions as learners: a session given a token before its first run is the
browser holding that token, so a test can seed and read that learner's progress."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tute_tutor.store import DEFAULT_PROFILE
from tute_tutor.store.db import OwnedProfile, new_token
from tute_tutor.ui.profile import TOKEN_KEY


def as_browser(at: AppTest, token: str | None = None) -> str:
    """Make ``at`` the browser holding ``token`` (a new one by default); return it."""
    token = token or new_token()
    at.session_state[TOKEN_KEY] = token
    return token


def profile_of(token: str, name: str = DEFAULT_PROFILE) -> OwnedProfile:
    """The profile ``name`` of the learner whose browser holds ``token``."""
    return OwnedProfile(None, name, token=token)


def session_profile(at: AppTest, name: str = DEFAULT_PROFILE) -> OwnedProfile:
    """The profile ``name`` of the learner of ``at``'s session (after a first run)."""
    return profile_of(str(at.session_state[TOKEN_KEY]), name)
