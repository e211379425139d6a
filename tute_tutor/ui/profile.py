"""The progress store, the learner and the learner's profiles for the pages.

**Each browser is its own learner.** On its first visit a browser gets a random token
(:data:`COOKIE`, a cookie written by a tiny component, :func:`keep_token_in_browser`);
Streamlit hands the cookie back on every later session (``st.context.cookies``), so a
reload or a new tab is the same learner and another browser is not. The store keeps
only the token's SHA-256. A learner may hold several profiles (a family computer); the
sidebar lists only this learner's, and the one picked last comes back after a reload.
No URL parameter picks a profile or a learner: the only way to another learner's
progress is that learner's own carry code (:func:`carry_panel`, on the progress page).

The store is one shared resource per database location (``st.cache_resource``).
Pages call :func:`store_or_error` to get it or show the one-line reason it cannot be
used, and pass :func:`current_profile` (an :class:`~tute_tutor.store.db.OwnedProfile`)
to every store call.
"""

from __future__ import annotations

import time
from datetime import datetime
from typing import Final

import streamlit as st

from tute_tutor.store import DEFAULT_PROFILE, Store, StoreError, default_url, open_store
from tute_tutor.store.db import (
    AWAY_SECONDS,
    QUICK_FAILURE_SECONDS,
    OwnedProfile,
    check_profile_name,
    check_token,
    identity_token,
    new_token,
)
from tute_tutor.ui.state import tr
from tute_tutor.words.markup import escape_markdown

COOKIE: Final = "tute_learner"
"""Name of the cookie holding the browser's learner token."""
COOKIE_DAYS: Final = 400
"""How long the browser keeps the cookie (Chromium's upper limit); every visit renews it."""
CARRY_PARAM: Final = "carry"
"""The one URL parameter about learners: a carry link (``/progress?carry=CODE``). It
only ever asks; nothing changes until the learner confirms."""

PROFILE_KEY = "profile"
TOKEN_KEY = "learner_token"
"""Session key of this browser's learner token (tests may set it before a first run)."""
LEARNER_KEY = "learner_id"
COOKIE_OK_KEY = "learner_cookie_ok"
LEARNER_ERROR_KEY = "learner_error"
CARRY_SHOWN_KEY = "carry_code_shown"
CARRY_NOTICE_KEY = "carry_notice"
_NEW_NAME_KEY = "profile_new_name"
_PICK_KEY = "profile_pick"
_CARRY_INPUT_KEY = "carry_code_input"
_OLD_PARAM = "profile"

_COOKIE_JS = """
export default function ({ data }) {
  // Write (or renew) the learner cookie. Nothing is sent back: a reply would rerun the
  // page, and the next session reads the cookie anyway (st.context.cookies).
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = data.name + "=" + data.value + "; Max-Age=" + data.maxAge
    + "; Path=/; SameSite=Lax" + secure;
}
"""
_cookie_writer = st.components.v2.component("tute_tutor_learner_cookie", js=_COOKIE_JS)


@st.cache_resource(show_spinner=False)
def _store_at(url: str) -> Store:
    return open_store(url)


_open_failures: dict[str, tuple[float, StoreError]] = {}
"""Per database location, the last time it did not answer when opened, and how."""


def get_store() -> Store:
    """The progress store at the configured location (raises :class:`StoreError`).

    A database that did not answer is not tried again for ``AWAY_SECONDS``: pages
    say so at once instead of each waiting for the timeout. One that refused at once
    (stopped) is tried again on the next run.
    """
    url = default_url()
    failed = _open_failures.get(url)
    if failed is not None and time.monotonic() - failed[0] < AWAY_SECONDS:
        raise failed[1]
    started = time.monotonic()
    try:
        store = _store_at(url)
    except StoreError as error:
        waited = time.monotonic() - started
        if error.reason in ("unavailable", "slow") and waited >= QUICK_FAILURE_SECONDS:
            _open_failures[url] = (time.monotonic(), error)
        raise
    _open_failures.pop(url, None)
    return store


def store_message(error: StoreError) -> str:
    """The learner's one-line message for a store error, in the session's language
    (Markdown: the paths and messages in it are escaped)."""
    if error.reason in ("locked", "damaged", "readonly", "cannot_open", "not_ours",
                        "unavailable", "slow"):
        return tr(f"profile.err_{error.reason}", where=escape_markdown(error.where))
    if error.reason == "bad_name":
        return tr("profile.bad_name", message=escape_markdown(error.message))
    return tr("profile.store_error", message=escape_markdown(error.message))


def store_or_error() -> Store | None:
    """The store, or None after showing why it cannot be used (never a traceback)."""
    try:
        return get_store()
    except StoreError as error:
        st.error(store_message(error))
        return None


# --------------------------------------------------------------------------- learner
def _cookie_token() -> str | None:
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:  # no browser context (bare script run)
        return None
    try:
        return check_token(value) if value else None
    except StoreError:
        return None  # not one of ours: this browser gets a new token


def login_configured() -> bool:
    """True when the server's secrets have an ``[auth]`` section (``st.login``)."""
    try:
        return "auth" in st.secrets
    except Exception:  # no secrets file at all
        return False


def _login_token() -> str | None:
    """The learner token of the person signed in with ``st.login``, if any."""
    if not login_configured():
        return None
    try:
        user = st.user
        if not user.get("is_logged_in"):
            return None
        secret = str(st.secrets["auth"].get("cookie_secret") or "")
        issuer, subject = str(user.get("iss") or ""), str(user.get("sub") or "")
    except Exception:
        return None
    if not secret or not subject:
        return None
    return identity_token(secret, issuer, subject)


def browser_token() -> str:
    """This browser's learner token: the signed-in person's (``st.login``, when the
    server has it), else the cookie's, else a new one (written by
    :func:`keep_token_in_browser`)."""
    state = st.session_state
    token = state.get(TOKEN_KEY)
    if not isinstance(token, str):
        token = _login_token()
        if token is not None:
            state[COOKIE_OK_KEY] = True  # the identity provider keeps it, not a cookie
        else:
            token = _cookie_token()
            state[COOKIE_OK_KEY] = False  # written (or renewed) once per session
            if token is None:
                token = new_token()
        state[TOKEN_KEY] = token
    return token


def _login_buttons() -> None:
    """Sign in / sign out, only where the server has ``st.login`` configured."""
    if not login_configured():
        return
    try:
        signed_in = bool(st.user.get("is_logged_in"))
    except Exception:
        return
    if signed_in:
        st.caption(tr("profile.signed_in"))
        st.button(tr("profile.sign_out"), key="profile_sign_out", on_click=st.logout,
                  icon=":material/logout:")
    else:
        st.button(tr("profile.sign_in"), key="profile_sign_in", on_click=st.login,
                  icon=":material/login:", help=tr("profile.sign_in_help"))


def learner_id() -> int | None:
    """This browser's learner in the store (made on first use); None while the store
    cannot answer (asked again on the next run)."""
    state = st.session_state
    found = state.get(LEARNER_KEY)
    if isinstance(found, int):
        return found
    try:
        found = get_store().learner_for_token(browser_token())
    except StoreError as error:
        state[LEARNER_ERROR_KEY] = store_message(error)
        return None
    state.pop(LEARNER_ERROR_KEY, None)
    state[LEARNER_KEY] = found
    return found


def keep_token_in_browser() -> None:
    """Write the token into the browser's cookie once a session (a new token, or the
    one the browser sent, renewed). The component sends nothing back, so it never
    causes a rerun."""
    state = st.session_state
    token = browser_token()
    if state.get(COOKIE_OK_KEY):
        return
    _cookie_writer(key="tute-learner-cookie",
                   data={"name": COOKIE, "value": token, "maxAge": COOKIE_DAYS * 86400})
    state[COOKIE_OK_KEY] = True


def _switch_learner(token: str, learner: int) -> None:
    """This session now belongs to ``learner`` under ``token``: forget session caches
    of the other learner's progress and write the cookie again."""
    state = st.session_state
    state[TOKEN_KEY] = token
    state[LEARNER_KEY] = learner
    state[COOKIE_OK_KEY] = False
    for key in (PROFILE_KEY, _PICK_KEY, "quiz_srs"):
        state.pop(key, None)


# --------------------------------------------------------------------------- profiles
def current_profile() -> OwnedProfile:
    """The profile this browser's learner is using: the session's, else the one the
    learner picked last, else the default one."""
    state = st.session_state
    token = browser_token()
    learner = learner_id()
    name = state.get(PROFILE_KEY)
    if isinstance(name, OwnedProfile) and name.learner == learner and learner is not None:
        return name
    if not isinstance(name, str) or not name:
        name = None
        if learner is not None:
            try:
                name = get_store().last_profile(learner)
            except StoreError:
                name = None
    try:
        profile = OwnedProfile(learner, name or DEFAULT_PROFILE, token=token)
    except StoreError:
        profile = OwnedProfile(learner, DEFAULT_PROFILE, token=token)
    if learner is not None:
        state[PROFILE_KEY] = profile
    return profile


def set_profile(name: str) -> OwnedProfile:
    """Switch to this learner's profile ``name`` (created on first use); return it."""
    name = check_profile_name(name)
    learner = learner_id()
    profile = OwnedProfile(learner, name, token=browser_token())
    get_store().set_last_profile(profile)
    st.session_state[PROFILE_KEY] = profile
    return profile


def profile_label(name: str) -> str:
    """How a profile is shown: the default one gets a translated name."""
    return tr("profile.default_name") if name == DEFAULT_PROFILE else name


def profile_markdown(name: str) -> str:
    """:func:`profile_label` escaped for Markdown (the name is typed by a learner)."""
    return escape_markdown(profile_label(name))


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
    """Sidebar widget: pick one of this learner's profiles or create a new one."""
    if _OLD_PARAM in st.query_params:  # old links: a URL never picks a profile
        del st.query_params[_OLD_PARAM]
    current = current_profile()
    with st.sidebar:
        st.subheader(tr("profile.title"))
        learner = learner_id()
        names: list[str] = []
        problem = None
        if learner is None:  # the store could not say who this is: its one line
            problem = str(st.session_state.get(LEARNER_ERROR_KEY) or "")
        else:
            try:
                names = get_store().profiles(learner)
            except StoreError as error:
                problem = store_message(error)
        if problem is not None:
            st.error(problem)
            keep_token_in_browser()
            return
        if current not in names:
            names = [str(current), *names]
        if DEFAULT_PROFILE not in names:
            names = [DEFAULT_PROFILE, *names]
        st.session_state[_PICK_KEY] = str(current)
        st.selectbox(tr("profile.pick"), names, key=_PICK_KEY, format_func=profile_label,
                     on_change=_on_pick)
        st.text_input(tr("profile.new"), key=_NEW_NAME_KEY, on_change=_on_create,
                      placeholder=tr("profile.new_placeholder"), max_chars=40)
        _login_buttons()
        problem = st.session_state.pop("profile_error", None)
        if problem:
            st.error(problem)
        keep_token_in_browser()


# --------------------------------------------------------------------------- carry codes
def carry_link(code: str) -> str:
    """The personal link that opens the progress page with ``code`` ready to confirm."""
    try:
        base = st.context.url or ""
    except Exception:
        base = ""
    root = base.split("?")[0].rstrip("/")
    for page in ("/progress",):
        if root.endswith(page):
            root = root[: -len(page)]
    return f"{root}/progress?{CARRY_PARAM}={code}"


def _on_make_code() -> None:
    learner = learner_id()
    if learner is None:
        return
    try:
        st.session_state[CARRY_SHOWN_KEY] = get_store().make_carry_code(learner)
    except StoreError as error:
        st.session_state[CARRY_NOTICE_KEY] = ("error", store_message(error))


def _on_revoke() -> None:
    learner = learner_id()
    if learner is None:
        return
    try:
        gone = get_store().revoke_carry_code(learner, keep_token=browser_token())
    except StoreError as error:
        st.session_state[CARRY_NOTICE_KEY] = ("error", store_message(error))
        return
    st.session_state.pop(CARRY_SHOWN_KEY, None)
    st.session_state[CARRY_NOTICE_KEY] = ("success", tr("profile.carry_revoked", count=gone))


def _use_code(code: str) -> None:
    token = browser_token()
    try:
        learner = get_store().use_carry_code(code, token)
    except StoreError as error:
        st.session_state[CARRY_NOTICE_KEY] = ("error", store_message(error))
        return
    if learner is None:
        st.session_state[CARRY_NOTICE_KEY] = ("error", tr("profile.carry_bad_code"))
        return
    _switch_learner(token, learner)
    st.session_state[CARRY_NOTICE_KEY] = ("success", tr("profile.carry_done"))


def _on_type_code() -> None:
    text = str(st.session_state.get(_CARRY_INPUT_KEY, "")).strip()
    st.session_state[_CARRY_INPUT_KEY] = ""
    if text:
        _use_code(text)


def carry_request() -> None:
    """Top of the progress page: the result of a carry just made, and, when a carry
    link was opened, the question before this browser becomes that link's learner."""
    notice = st.session_state.pop(CARRY_NOTICE_KEY, None)
    if notice:
        kind, text = notice
        (st.success if kind == "success" else st.error)(str(text))
    if CARRY_PARAM not in st.query_params:
        return
    code = str(st.query_params.get(CARRY_PARAM) or "")
    with st.container(border=True):
        st.markdown(tr("profile.carry_link_title"))
        st.caption(tr("profile.carry_link_help"))
        left, right = st.columns(2)
        if left.button(tr("profile.carry_link_yes"), key="carry_link_yes", type="primary"):
            del st.query_params[CARRY_PARAM]
            _use_code(code[:60])
            st.rerun()
        if right.button(tr("profile.carry_link_no"), key="carry_link_no"):
            del st.query_params[CARRY_PARAM]
            st.rerun()


def carry_panel() -> None:
    """The progress page's part about other devices: make, see and revoke a personal
    carry code, or type one made elsewhere (results show in :func:`carry_request`)."""
    learner = learner_id()
    st.subheader(tr("profile.carry_title"))
    if learner is None:
        st.caption(tr("profile.carry_unavailable"))
        return
    st.caption(tr("profile.carry_intro"))
    shown = st.session_state.get(CARRY_SHOWN_KEY)
    try:
        since: datetime | None = get_store().carry_code_since(learner)
    except StoreError as error:
        st.error(store_message(error))
        return
    left, right = st.columns(2)
    with left:
        if isinstance(shown, str) and since is not None:
            st.markdown(tr("profile.carry_code_is"))
            st.code(shown, language=None)
            st.markdown(tr("profile.carry_link_is"))
            st.code(carry_link(shown.replace("-", "")), language=None, wrap_lines=True)
            st.caption(tr("profile.carry_once"))
        elif since is not None:
            st.caption(tr("profile.carry_exists", since=since.strftime("%Y-%m-%d %H:%M")))
        st.button(tr("profile.carry_make" if since is None else "profile.carry_remake"),
                  key="carry_make", on_click=_on_make_code, icon=":material/key:")
        if since is not None:
            st.button(tr("profile.carry_revoke"), key="carry_revoke", on_click=_on_revoke,
                      icon=":material/key_off:", help=tr("profile.carry_revoke_help"))
    with right:
        st.text_input(tr("profile.carry_type"), key=_CARRY_INPUT_KEY, on_change=_on_type_code,
                      placeholder="ABCD-EFGH-JKMN", max_chars=40,
                      help=tr("profile.carry_type_help"))

