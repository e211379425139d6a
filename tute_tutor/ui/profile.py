"""The progress store and the learner's profile for the pages.

The store is one shared resource per database location (``st.cache_resource``); the
profile name lives in the session and in the URL (``?profile=...``) so a refresh keeps
it. Pages call :func:`store_or_error` to get the store or show the one-line reason
it cannot be used.
"""

from __future__ import annotations

import streamlit as st

from tute_tutor.store import DEFAULT_PROFILE, Store, StoreError, default_url, open_store
from tute_tutor.store.db import check_profile_name
from tute_tutor.ui.state import tr

PROFILE_KEY = "profile"
_NEW_NAME_KEY = "profile_new_name"
_PICK_KEY = "profile_pick"


@st.cache_resource(show_spinner=False)
def _store_at(url: str) -> Store:
    return open_store(url)


def get_store() -> Store:
    """The progress store at the configured location (raises :class:`StoreError`)."""
    return _store_at(default_url())


def store_message(error: StoreError) -> str:
    """The learner's one-line message for a store error, in the session's language."""
    if error.reason in ("locked", "damaged", "readonly", "cannot_open"):
        return tr(f"profile.err_{error.reason}", where=error.where)
    if error.reason == "bad_name":
        return tr("profile.bad_name", message=error.message)
    return tr("profile.store_error", message=error.message)


def store_or_error() -> Store | None:
    """The store, or None after showing why it cannot be used (never a traceback)."""
    try:
        return get_store()
    except StoreError as error:
        st.error(store_message(error))
        return None


def current_profile() -> str:
    """The learner's profile name: session first, then ``?profile=`` in the URL."""
    state = st.session_state
    name = state.get(PROFILE_KEY)
    if not name:
        wanted = st.query_params.get(PROFILE_KEY)
        try:
            name = check_profile_name(wanted) if wanted else DEFAULT_PROFILE
        except StoreError:
            name = DEFAULT_PROFILE
        state[PROFILE_KEY] = name
    return str(name)


def set_profile(name: str) -> str:
    """Switch to profile ``name`` (created in the store on first use); return it."""
    clean = check_profile_name(name)
    store = get_store()
    store.add_profile(clean)
    st.session_state[PROFILE_KEY] = clean
    st.query_params[PROFILE_KEY] = clean
    return clean


def profile_label(name: str) -> str:
    """How a profile is shown: the default one gets a translated name."""
    return tr("profile.default_name") if name == DEFAULT_PROFILE else name


def _on_pick() -> None:
    picked = st.session_state.get(_PICK_KEY)
    if picked:
        try:
            set_profile(picked)
        except StoreError as error:
            st.session_state["profile_error"] = store_message(error)


def _on_create() -> None:
    text = st.session_state.get(_NEW_NAME_KEY, "")
    if not str(text).strip():
        return
    try:
        set_profile(str(text))
        st.session_state.pop(_PICK_KEY, None)
    except StoreError as error:
        st.session_state["profile_error"] = store_message(error)
    st.session_state[_NEW_NAME_KEY] = ""  # the error message names what was typed


def profile_picker() -> None:
    """Sidebar widget: pick a learner profile or create a new one by name."""
    current = current_profile()
    with st.sidebar:
        st.subheader(tr("profile.title"))
        try:
            names = get_store().profiles()
        except StoreError as error:
            st.error(tr("profile.store_error", message=error.message))
            return
        if current not in names:
            names = [current, *names]
        if DEFAULT_PROFILE not in names:
            names = [DEFAULT_PROFILE, *names]
        st.session_state[_PICK_KEY] = current
        st.selectbox(tr("profile.pick"), names, key=_PICK_KEY, format_func=profile_label,
                     on_change=_on_pick)
        st.text_input(tr("profile.new"), key=_NEW_NAME_KEY, on_change=_on_create,
                      placeholder=tr("profile.new_placeholder"), max_chars=40)
        problem = st.session_state.pop("profile_error", None)
        if problem:
            st.error(problem)
    # Keep the profile in the URL so a refresh (which empties the session) keeps it.
    if current != DEFAULT_PROFILE and st.query_params.get(PROFILE_KEY) != current:
        st.query_params[PROFILE_KEY] = current
