"""Page helpers for the practice table: the table in session state, its widgets, the review.

The page (``pages/practice.py``) only calls these; every rule question goes to
:class:`tute_tutor.table.controller.Table`, every review figure to :mod:`tute_tutor.table.review`.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import streamlit as st

from tute_tutor.engine.cards import Card, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import Rules, match_target
from tute_tutor.render import card_label, table_html
from tute_tutor.table.controller import (
    LEARNER,
    LEVELS,
    PACES,
    LadderBest,
    Table,
    TableConfig,
    TableStateError,
    seat_label,
    seat_name,
    side_name,
    totals_text,
)
from tute_tutor.table.review import (
    ChoiceCost,
    choice_costs,
    hand_review,
    totals_frame,
    warm_costs_later,
)
from tute_tutor.ui.cards import card_words, clickable_hand, no_callback, show_cards
from tute_tutor.ui.layout import fragment, stall_guard
from tute_tutor.ui.state import Settings, keep_choices, settings, tr, tr_count
from tute_tutor.words.cards import tute_word
from tute_tutor.words.coach import mistake_lesson, mistake_name
from tute_tutor.words.explain import card_name

TABLE = "practice_table"
SEED = "practice_seed"
PACE = "practice_pace"
SHOW_LEGAL = "practice_show_legal"
REFEREE = "practice_referee"
COMPUTER_ERRORS = "practice_computer_errors"
MESSAGE = "practice_message"
HINT = "practice_hint"
SEEN = "practice_seen"
HAND_KEY = "practice_hand"
HINT_CARD = "practice_hint_card"
HINT_DETAIL = "practice_hint_detail"
TRICK_PACE = "practice_trick_pace"
TRICK_PACES = ("wait", "1.5", "3")
"""How long a finished trick stays on the table: until the learner continues, or a
number of seconds."""
LADDER = "practice_ladder"
KEEP_RULES = "practice_keep_rules"
OWNER = "practice_owner"
SAVED = "practice_saved"
BEST = "practice_ladder_best"
FULL_RUN = "practice_full_run"
STORE_PROBLEM = "practice_store_problem"
STATE_KEY = "practice.table"
"""The learner's table in the store's saved states (it survives reloads and restarts)."""
LADDER_KEY = "practice.ladder"
"""The learner's best two-player ladder in the store's saved states."""
PAGE_THINK_SECONDS = 0.3
"""Level-4 time budget on the page, for players that take one (a decision stays short)."""
STEP_SLICE_SECONDS = 0.25
"""Instant pace: computer actions run for at most this long before the page redraws."""
DEFAULT_LEVEL = 3
"""Computer seats start at level 3 (counts cards, answers at once); 4 is one click away."""
HAND_WIDTH = 78
TRICK_WIDTH = 72


def level_key(seat: int) -> str:
    """Session key of the level chosen for the computer at ``seat``."""
    return f"practice_level_{seat}"


# --------------------------------------------------------------------------- the table
def _levels(players: int) -> tuple[int, ...]:
    state = st.session_state
    return tuple(int(state.get(level_key(seat), DEFAULT_LEVEL)) for seat in range(1, players))


def _config(current: Settings, seed: int) -> TableConfig:
    players = current.rules.players
    return TableConfig(
        current.rules, seed=seed, levels=_levels(players),
        referee=bool(st.session_state.get(REFEREE, False)),
        computer_renuncio=0.15 if st.session_state.get(COMPUTER_ERRORS, False) else 0.0,
        think_seconds=PAGE_THINK_SECONDS, ladder=bool(st.session_state.get(LADDER, True)))


def _profile() -> str:
    from tute_tutor.ui.profile import current_profile

    return current_profile()


def _clear_turn_state() -> None:
    state = st.session_state
    for key in (MESSAGE, HINT, HINT_CARD, HINT_DETAIL):
        state.pop(key, None)


def new_table(current: Settings, seed: int | None = None) -> Table:
    """Deal a new match at the session's rule set and keep it in the session (and, at the
    end of the run, in the learner's store). A ladder in progress ends here."""
    state = st.session_state
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state[SEED] = int(seed)
    table = Table(_config(current, int(seed)))
    state[TABLE] = table
    state[SEEN] = 0
    state.pop(KEEP_RULES, None)
    _clear_turn_state()
    return table


def _load_table(profile: str) -> tuple[Table, int] | None:
    """The table saved for ``profile`` and how much of its log was shown, if any."""
    from tute_tutor.store import StoreError

    try:
        from tute_tutor.ui.profile import get_store

        data = get_store().load_state(profile, STATE_KEY)
    except StoreError:
        return None
    if not isinstance(data, dict):
        return None
    try:
        table = Table.from_state(data.get("table"))
    except TableStateError:
        st.session_state[STORE_PROBLEM] = tr("practice.page.saved_unusable")
        return None
    seen = data.get("seen")
    return table, seen if isinstance(seen, int) and 0 <= seen <= len(table.log) else 0


def get_table(current: Settings) -> Table:
    """The learner's table: the session's, else the one saved in the store (a reload, a
    new tab, a restarted server), else a new match. A rule change never replaces it
    here (:func:`rules_prompt` asks first)."""
    state = st.session_state
    profile = _profile()
    table = state.get(TABLE)
    if isinstance(table, Table) and state.get(OWNER) == profile:
        return table
    state[OWNER] = profile
    state.pop(SAVED, None)
    state.pop(BEST, None)
    loaded = _load_table(profile)
    if loaded is None:
        seed = state.get(SEED)
        return new_table(current, int(seed) if isinstance(seed, int) else None)
    table, seen = loaded
    state[TABLE] = table
    state[SEEN] = seen
    state[SEED] = table.config.seed
    state[REFEREE] = table.config.referee
    state[LADDER] = table.config.ladder
    for seat in range(1, table.players):
        state[level_key(seat)] = table.config.level_of(seat)
    _clear_turn_state()
    return table


def save_table(table: Table) -> None:
    """Keep the table in the learner's store when it changed (a one-line warning if the
    store cannot take it; play goes on)."""
    from tute_tutor.store import StoreError
    from tute_tutor.ui.profile import get_store, store_message

    state = st.session_state
    data = {"table": table.to_state(), "seen": int(state.get(SEEN, 0))}
    if state.get(SAVED) == data:
        return
    try:
        get_store().save_state(_profile(), STATE_KEY, data)
    except StoreError as error:
        state[STORE_PROBLEM] = store_message(error)
        return
    state[SAVED] = data
    state.pop(STORE_PROBLEM, None)


def ladder_best() -> LadderBest:
    """The learner's best two-player ladder (read once per session from the store)."""
    from tute_tutor.store import StoreError
    from tute_tutor.ui.profile import get_store

    state = st.session_state
    best = state.get(BEST)
    if isinstance(best, LadderBest):
        return best
    try:
        best = LadderBest.from_json(get_store().load_state(_profile(), LADDER_KEY))
    except StoreError:
        best = LadderBest()
    state[BEST] = best
    return best


def _keep_best(table: Table) -> None:
    """After a hand won on the ladder: a new best score is kept in the store."""
    from tute_tutor.store import StoreError
    from tute_tutor.ui.profile import get_store, store_message

    if not table.config.climbs:
        return
    best = ladder_best()
    better = best.after(table.streak_score, table.streak)
    if better == best:
        return
    st.session_state[BEST] = better
    try:
        get_store().save_state(_profile(), LADDER_KEY, better.to_json())
    except StoreError as error:
        st.session_state[STORE_PROBLEM] = store_message(error)


def _rules_id(current: Settings) -> str:
    return json.dumps([current.ruleset, dict(current.overrides)], sort_keys=True)


def rules_label(rules: Rules) -> str:
    """A rule set's name, "with your changes" when flags were overridden."""
    name = tr(f"settings.preset.{rules.ruleset}.label")
    return tr("practice.page.rules_custom", name=name) if rules.overrides else name


def rules_prompt(table: Table, current: Settings) -> bool:
    """When the session's rules are no longer the table's: ask before anything is lost.

    Nothing played yet: the new rules simply deal a new table. Otherwise the learner
    chooses: finish this hand (the table keeps its rules until the hand is over), or
    start anew with the new rules. Switching back to the table's rules drops the
    question. Returns True when the page must be drawn again.
    """
    state = st.session_state
    if table.rules == current.rules:
        state.pop(KEEP_RULES, None)
        return False
    if table.hand_number == 1 and not table.game.events:
        new_table(current, state.get(SEED) if isinstance(state.get(SEED), int) else None)
        return True
    old = rules_label(table.rules)
    new = rules_label(current.rules)
    if state.get(KEEP_RULES) == _rules_id(current):
        st.info(tr("practice.page.rules_kept", old=old, new=new),
                icon=":material/rule:")
        return False
    with st.container(border=True, key="practice_rules_prompt"):
        st.warning(tr("practice.page.rules_changed", old=old, new=new),
                   icon=":material/rule:")
        with st.container(horizontal=True):
            if st.button(tr("practice.page.rules_finish", old=old), key="practice_rules_keep",
                         type="primary"):
                state[KEEP_RULES] = _rules_id(current)
                return True
            if st.button(tr("practice.page.rules_new", new=new), key="practice_rules_new"):
                new_table(current)
                return True
    return False


def _apply_options() -> None:
    table = st.session_state.get(TABLE)
    if isinstance(table, Table):
        table.reconfigure(levels=_levels(table.players),
                          referee=bool(st.session_state.get(REFEREE, False)),
                          computer_renuncio=0.15 if st.session_state.get(COMPUTER_ERRORS)
                          else 0.0, ladder=bool(st.session_state.get(LADDER, True)))


def _trick_pace_label(pace: str) -> str:
    return tr({"wait": "practice.page.trick_pace_wait", "1.5": "practice.page.trick_pace_1_5",
               "3": "practice.page.trick_pace_3"}[pace])


def setup_panel(table: Table, current: Settings) -> None:
    """Levels of the computer seats, pace, highlighting, referee mode, seed, new match."""
    state = st.session_state
    state.setdefault(PACE, "instant")
    state.setdefault(TRICK_PACE, "wait")
    state.setdefault(SHOW_LEGAL, True)
    state.setdefault(LADDER, True)
    keep_choices(PACE, TRICK_PACE, *(level_key(seat) for seat in range(1, table.players)))
    fresh_match = table.hand_number == 1 and not table.game.events
    with st.expander(tr("practice.page.setup"), expanded=fresh_match):
        st.caption(tr("practice.page.intro"))
        if table.rules.match == "streak":
            st.toggle(tr("practice.page.ladder"), key=LADDER, on_change=_apply_options,
                      help=tr("practice.page.ladder_help"))
        with st.container(horizontal=True):
            for seat in range(1, table.players):
                state.setdefault(level_key(seat), table.config.level_of(seat))
                st.selectbox(
                    tr("practice.page.level_of", name=seat_label(seat, table.rules,
                                                                 current.lang)),
                    LEVELS, key=level_key(seat), on_change=_apply_options,
                    disabled=table.config.climbs,
                    format_func=lambda level: tr(f"practice.page.level.{level}"))
        st.radio(tr("practice.page.pace"), PACES, key=PACE, horizontal=True,
                 format_func=lambda pace: tr(f"practice.page.pace_{pace}"))
        st.radio(tr("practice.page.trick_pace"), TRICK_PACES, key=TRICK_PACE,
                 horizontal=True, format_func=_trick_pace_label)
        st.toggle(tr("practice.page.show_legal"), key=SHOW_LEGAL)
        st.toggle(tr("practice.page.referee"), key=REFEREE, on_change=_apply_options,
                  help=tr("practice.page.referee_help"))
        if state.get(REFEREE):
            st.checkbox(tr("practice.page.computer_errors"), key=COMPUTER_ERRORS,
                        on_change=_apply_options)
        st.caption(tr("practice.page.seed_now", seed=table.config.seed))
        with st.container(horizontal=True, vertical_alignment="bottom"):
            seed = st.number_input(tr("practice.page.seed"), min_value=0,
                                   max_value=999_999_999, step=1,
                                   value=int(state.get(SEED, 0)), key="practice_seed_input")
            if st.button(tr("practice.page.replay_seed"), key="practice_replay_seed"):
                new_table(current, int(seed))
                st.rerun()


# --------------------------------------------------------------------------- drawing
def _match_text(table: Table, lang: str) -> str:
    kind, target = match_target(table.rules)
    scores = table.match_scores()
    if kind == "streak":
        text = tr_count("practice.page.match_streak", table.match.streak,
                        streak=table.match.streak, score=table.match.streak_score)
        if table.config.climbs:
            best = ladder_best()
            text += " · " + tr("practice.page.ladder_line", level=table.computer_level,
                               best=max(best.score, table.streak_score))
        return text
    names = [side_name(side, table.rules, lang) for side in range(table.rules.sides)]
    if table.rules.has_teams:
        names = [tr("practice.side.us_short"), tr("practice.side.them_short")]
    score = ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
    return tr_count(f"practice.page.match_{kind}", target, target=target, score=score)


def status_line(table: Table, current: Settings) -> None:
    """Hand number, whose turn, trump, stock and score on one wrapping line."""
    lang = current.lang
    status = table.status()
    if status.finished:
        turn = tr("practice.page.turn_over")
    elif table.waiting_for_learner:
        turn = tr("practice.page.turn_you") if table.legal_cards() else \
            tr("practice.page.turn_declare")
    else:
        seat = table.thinking_seat()
        turn = tr("practice.page.turn_other", name=seat_name(seat or 0, lang))
    trump = tr("practice.page.trump", suit=suit_name(status.trump, lang),
               card=card_label(status.trump_card, lang, current.deck_style))
    parts = [tr("practice.page.hand_number", number=status.hand_number), turn, trump]
    if table.rules.has_stock:
        parts.append(tr_count("practice.page.stock", status.stock_left))
    parts.append(tr("practice.page.points", points=totals_text(status.points, table.players,
                                                               lang)))
    parts.append(_match_text(table, lang))
    st.markdown(" · ".join(f"**{part}**" if i == 1 else part for i, part in enumerate(parts)))


def status_row(table: Table, current: Settings) -> None:
    """The status line with the trump card beside it, in a row that never wraps: on a
    phone the card fills the room beside the wrapped text, the table keeps the width."""
    with st.container(horizontal=True, wrap=False, gap="small", key="practice_status"):
        with st.container(width="stretch"):
            status_line(table, current)
        with st.container(width="content"):
            _trump_view(table, current)


def table_view(table: Table, current: Settings) -> Any:
    """The trick so far (empty places for the seats still to play) with who is winning
    it, or the last trick once it is complete, each seat in its place, and a line saying
    so. Returns that line's row, where :func:`continue_button` goes."""
    caption = _trick_view(table, current)
    row = st.container(horizontal=True, wrap=False, vertical_alignment="center", gap="small",
                       key="practice_caption")
    row.caption(caption, width="stretch")
    return row


def continue_button(table: Table, row: Any) -> bool:
    """The Continue of a finished trick, in the row under the trick (on a phone it stays
    on the first screen with it), drawn once the learner's click of this run is taken:
    a click that let the trick go leaves no stale button. True when the trick went."""
    if not table.trick_held:
        return False
    # While the learner may sing or pass, Enter belongs to the focused offer button: the
    # page's shortcut would take the key from it and let the trick go instead.
    shortcut = None if table.offers() else "Enter"
    with row:
        if st.button(tr("practice.page.continue"), key="practice_continue", type="primary",
                     icon=":material/arrow_forward:", shortcut=shortcut,
                     help=tr("practice.page.continue_help")):
            return table.collect()
    return False


def _trump_view(table: Table, current: Settings) -> None:
    """The trump card (the face-up card under the stock in two players) and the stock."""
    status = table.status()
    shown = status.face_up if status.face_up is not None else status.trump_card
    st.caption(tr("practice.page.trump_card"))
    show_cards([shown], style=current.deck_style, lang=current.lang, width=52)
    if table.rules.has_stock:
        st.caption(tr_count("practice.page.stock", status.stock_left))


def _trick_view(table: Table, current: Settings) -> str:
    """The trick on a drawn table, each seat in its place: the cards of the trick being
    played, or the finished trick until the learner lets it go."""
    lang = current.lang
    status = table.status()
    game = table.game
    n = table.players
    by_seat: list[Card | None] = [None] * n
    # the finished trick stays until it is let go (or, at the end, for good)
    if status.trick or not game.tricks or not (table.trick_held or game.finished):
        leader = status.trick_seats[0] if status.trick_seats else game.leader
        for seat, card in zip(status.trick_seats, status.trick, strict=True):
            by_seat[seat] = card
        winner = status.winning_seat
        if winner is None:
            you = "_you" if leader == LEARNER else ""
            caption = tr("practice.page.empty_trick" + you, name=seat_name(leader, lang))
        elif status.winning_is_learner:
            caption = tr("practice.page.winning_you")
        elif status.winning_is_partner:
            caption = tr("practice.page.winning_partner", name=seat_name(winner, lang))
        else:
            caption = tr("practice.page.winning_other", name=seat_name(winner, lang))
    else:
        last = game.tricks[-1]
        for seat, card in zip(last.seats(n), last.cards, strict=True):
            by_seat[seat] = card
        winner = last.winner
        you = "_you" if last.winner == LEARNER else ""
        final = game.finished and game.tute is None and game.renuncio is None
        caption = tr("practice.page.last_trick" + ("_final" if final else "") + you,
                     name=seat_name(last.winner, lang), points=last.points)
    notes = [tr_count("practice.page.seat_note", status.tricks_won[seat],
                      cards=status.hand_sizes[seat], tricks=status.tricks_won[seat])
             for seat in range(n)]
    names = [seat_label(seat, table.rules, lang) for seat in range(n)]
    st.markdown(table_html(by_seat, names=names, notes=notes, winning=winner,
                           centre=tr("practice.page.trump_short",
                                     suit=suit_name(status.trump, lang)),
                           style=current.deck_style, words=card_words(lang),
                           width=TRICK_WIDTH),
                unsafe_allow_html=True)
    return caption


def _fresh_announcements(table: Table, lang: str) -> list[str]:
    seen = int(st.session_state.get(SEEN, 0))
    return [a.text(lang) for a in table.log[min(seen, len(table.log)):]]


def learner_area(table: Table, current: Settings) -> bool:
    """The learner's hand and choices; returns True when the state changed (rerun)."""
    lang = current.lang
    state = st.session_state
    legal = table.legal_cards()
    my_card = bool(legal)
    offers = table.offers()
    st.markdown(f"**{tr('practice.page.your_hand')}**")
    hinted = state.get(HINT_CARD)
    recommended = next((c for c in legal if str(c) == hinted), None)
    clicked = clickable_hand(
        table.learner_hand(), key=HAND_KEY, legal=legal if my_card else None,
        show_legal=bool(state.get(SHOW_LEGAL, True)), style=current.deck_style, lang=lang,
        width=HAND_WIDTH, disabled=not my_card, recommended=recommended)
    changed = False
    if clicked is not None:
        state[SEEN] = len(table.log)
        result = table.click(clicked, lang)
        for key in (HINT, HINT_CARD, HINT_DETAIL):
            state.pop(key, None)
        if result.played:
            state[MESSAGE] = ("error", result.message) if result.renuncio else None
            changed = True
            if table.game.renuncio is None:  # the review's estimates, worked out meanwhile
                warm_costs_later(table.game, seed=table.config.seed)
        else:
            state[MESSAGE] = ("warning", result.message)
    if offers:
        st.markdown(f"**{tr('practice.page.offers_title')}**")
        with st.container(horizontal=True):
            if offers.tute:
                kind = "reyes" if table.game.tute_kind(LEARNER) == "reyes" else "caballos"
                if st.button(tr("practice.page.declare_tute",
                                kind=tute_word(kind, lang)),
                             key="practice_tute", type="primary"):
                    state[SEEN] = len(table.log)
                    changed = table.declare_tute() or changed
            for suit in offers.cantes:
                points = 40 if suit == table.game.trump else 20
                pair = tr("practice.log.cuarenta" if points == 40 else "practice.log.veinte",
                          suit=suit_name(suit, lang))
                if st.button(tr("practice.page.sing", pair=pair), key=f"practice_sing_{suit}",
                             type="primary"):
                    state[SEEN] = len(table.log)
                    changed = table.sing(suit) or changed
            if offers.swap is not None and offers.swap_for is not None and st.button(
                    tr("practice.page.swap",
                       given=card_name(offers.swap, lang), taken=card_name(offers.swap_for, lang)),
                    key="practice_swap", type="primary"):
                state[SEEN] = len(table.log)
                changed = table.swap() or changed
            if st.button(tr("practice.page.pass"), key="practice_pass"):
                state[SEEN] = len(table.log)
                changed = table.pass_moment() or changed
    return changed


def action_bar(table: Table, current: Settings) -> bool:
    """Hint, undo, next (step pace) and new match; True when state changed."""
    state = st.session_state
    changed = False
    with st.container(horizontal=True):
        can_hint = bool(table.legal_cards()) and not table.offers()
        if st.button(tr("practice.page.hint"), key="practice_hint_button",
                     icon=":material/lightbulb:", disabled=not can_hint, shortcut="h"):
            with st.spinner(tr("practice.page.hint_thinking")):
                try:
                    hint = table.hint()
                except TuteError:
                    hint = None
            if hint is None:
                state[HINT] = tr("practice.page.no_hint")
                state.pop(HINT_CARD, None)
                state.pop(HINT_DETAIL, None)
            else:
                state[HINT] = hint.why(current.lang)
                state[HINT_CARD] = str(hint.best)
                state[HINT_DETAIL] = hint.text(current.lang)
            changed = True  # the hand is drawn again with the card raised
        if st.button(tr("practice.page.undo"), key="practice_undo", icon=":material/undo:",
                     disabled=not table.can_undo, shortcut="u"):
            _clear_turn_state()
            changed = table.undo()
            state[SEEN] = len(table.log)  # back at a decision: nothing new to tell yet
        stepping = state.get(PACE) == "step" and table.thinking_seat() is not None and \
            not table.held_up
        if stepping and st.button(tr("practice.page.next"), key="practice_next",
                                  type="primary", icon=":material/skip_next:", shortcut="n"):
            changed = True
            with st.spinner(tr("practice.page.thinking",
                               name=seat_name(table.thinking_seat() or 1, current.lang))):
                table.step(hold=True)
        if st.button(tr("practice.page.new_match"), key="practice_new_match",
                     icon=":material/refresh:"):
            new_table(current)
            changed = True
    return changed


def messages(table: Table, current: Settings, slot: Any) -> None:
    """The refusal or renuncio message of the last click, and the hint, in ``slot``."""
    state = st.session_state
    message = state.get(MESSAGE)
    hint = state.get(HINT)
    if not message and not hint:
        return
    with slot.container():
        if message:
            kind, text = message
            (st.error if kind == "error" else st.warning)(text, icon=":material/block:")
        if hint:
            st.info(hint, icon=":material/lightbulb:")
            detail = state.get(HINT_DETAIL)
            if detail:
                with st.expander(tr("practice.page.hint_averages")):
                    st.markdown(detail)


def latest(table: Table, current: Settings) -> None:
    """What happened since the learner's last decision."""
    fresh = _fresh_announcements(table, current.lang)
    if fresh:
        with st.container(border=True):
            st.markdown(f"**{tr('practice.page.latest')}**")
            st.markdown("\n".join(f"- {line}" for line in fresh))


def full_log(table: Table, current: Settings) -> None:
    """Every announcement of the hand, numbered, in an expander."""
    lang = current.lang
    with st.expander(tr("practice.page.full_log"), expanded=False):
        st.markdown("\n".join(f"{i}. {line}" for i, line in
                              enumerate(table.log_texts(lang), 1)))


def goes_on_by_itself(table: Table, pace: object) -> bool:
    """Whether the table goes on without the learner: a computer to play at the instant
    pace (at the step pace the learner asks for each card; a held trick waits)."""
    return pace == "instant" and table.thinking_seat() is not None and not table.held_up


def computers_go_on(table: Table) -> bool:
    """:func:`goes_on_by_itself` at the pace the learner chose."""
    return goes_on_by_itself(table, st.session_state.get(PACE, "instant"))


def run_computers(table: Table, current: Settings, slot: Any) -> bool:
    """Instant pace: let the computers act (a spinner names who thinks); True to redraw."""
    seat = table.thinking_seat()
    if seat is None or not computers_go_on(table):
        return False
    started = time.perf_counter()
    with slot.container(), st.spinner(tr("practice.page.thinking",
                                         name=seat_name(seat, current.lang))):
        while table.thinking_seat() is not None and not table.held_up:
            table.step(hold=True)
            if time.perf_counter() - started > STEP_SLICE_SECONDS:
                break
    return True


_PACER_JS = """
// One timer per trick on display: when it runs out, tell the page to let the trick go.
const timers = new Map();
export default function ({ data, key, setTriggerValue }) {
  const running = timers.get(key);
  if (running && running.token === data.token) return;
  if (running) clearTimeout(running.id);
  if (!data.ms) { timers.delete(key); return; }
  const id = setTimeout(() => setTriggerValue("due", data.token), data.ms);
  timers.set(key, { token: data.token, id });
}
"""

_pacer = st.components.v2.component("tute_tutor_pacer", js=_PACER_JS)


def trick_pacer(table: Table) -> bool:
    """With a timed trick pace, let the finished trick go once its time has passed (a
    timer in the browser, so nothing waits on the server). True when it was let go."""
    pace = st.session_state.get(TRICK_PACE, "wait")
    held = table.trick_held and pace != "wait"
    token = f"{table.hand_number}/{len(table.game.tricks)}"
    result = _pacer(key="tt-pacer", data={"ms": int(float(pace) * 1000) if held else 0,
                                          "token": token}, on_due_change=no_callback)
    if held and result.get("due") == token:
        return table.collect()
    return False


# --------------------------------------------------------------------------- review
def _store_hand(table: Table) -> str | None:
    """Store the finished hand once in the learner's progress; a message if it failed."""
    if table.hand_recorded:
        return None
    from tute_tutor.store import StoreError
    from tute_tutor.ui.profile import current_profile, get_store, store_message

    result = table.result()
    if result is None:
        return None
    try:
        get_store().record_hand(current_profile(), ruleset=table.config.ruleset,
                                record=table.record(), won=table.learner_won(),
                                totals=list(result.totals))
    except StoreError as error:
        return store_message(error)
    table.hand_recorded = True
    return None


def review_section(table: Table, current: Settings) -> bool:
    """The end-of-hand review, the record download, next hand; True when state changed."""
    lang = current.lang
    review = hand_review(table.game, lang,
                         label=lambda card: card_label(card, lang, current.deck_style))
    problem = _store_hand(table)
    st.subheader(tr("review.title"))
    (st.success if review.learner_won else st.error)(review.outcome)
    if problem:
        st.warning(problem)
    else:
        st.caption(tr("practice.page.stored"))
    st.markdown(f"**{tr('review.totals_title')}**")
    st.dataframe(totals_frame(review, lang), hide_index=True, key="practice_totals")
    st.markdown(review.last_trick)
    st.markdown(f"**{tr('review.cantes_title')}**")
    st.markdown("\n".join(f"- {c}" for c in review.cantes) if review.cantes
                else tr("review.no_cantes"))
    costs_section(table, current)
    st.plotly_chart(review.figure, key="practice_chart", config={"displayModeBar": False})
    st.markdown(f"**{tr('review.tricks_title')}**")
    # a static table wraps long cells instead of cutting the columns off
    st.table(review.tricks.set_index(review.tricks.columns[0]))
    record_text = json.dumps(table.record(), ensure_ascii=False, indent=1)
    st.download_button(tr("practice.page.download"), record_text,
                       file_name=f"tute-hand-{table.config.seed}-{table.hand_number}.json",
                       mime="application/json", key="practice_download",
                       icon=":material/download:")
    with st.expander(tr("practice.page.record_title")):
        st.code(record_text, language="json")
    changed = False
    if table.rules != current.rules:  # the hand finished with the old rules: now the new
        if st.button(tr("practice.page.rules_new", new=rules_label(current.rules)),
                     key="practice_rules_start", type="primary"):
            new_table(current)
            changed = True
    elif table.match_finished:
        st.info(tr("practice.page.match_over", score=_match_text(table, lang)))
        if st.button(tr("practice.page.new_match"), key="practice_new_match_end",
                     type="primary"):
            new_table(current)
            changed = True
    elif st.button(tr("practice.page.next_hand"), key="practice_next_hand", type="primary",
                   icon=":material/arrow_forward:"):
        st.session_state[SEEN] = 0
        changed = table.next_hand()
        if changed:
            _keep_best(table)
    return changed


@st.cache_data(max_entries=64, show_spinner=False)
def _costs_of(record_text: str, referee: bool, seed: int) -> list[ChoiceCost]:
    """The cost of each of the learner's choices in a hand record (computed once)."""
    from tute_tutor.formats.record import ReplayError, replay_game

    if referee:  # a renuncio ends the hand early: nothing to compare
        return []
    try:
        game = replay_game(json.loads(record_text))
    except (ReplayError, ValueError):
        return []
    return choice_costs(game, seed=seed)


def costs_section(table: Table, current: Settings) -> None:
    """Where the points went: each of the learner's cards that cost points, and why."""
    lang = current.lang
    st.markdown(f"**{tr('review.costs_title')}**")
    st.caption(tr("review.costs_intro"))
    record_text = json.dumps(table.record(), sort_keys=True)
    referee = table.game.renuncio is not None
    with st.spinner(tr("review.costs_thinking")):
        costs = _costs_of(record_text, referee, table.config.seed)
    problem = _store_mistakes(table, record_text, costs)
    if problem:
        st.warning(problem)
    if not costs:
        st.markdown(tr("review.no_costs"))
        return
    # each card named by its mistake, with its cost and the lesson; sentences name each
    # card with its article, as the table's log does
    st.markdown("\n".join(_cost_line(cost, lang) for cost in costs))


MISTAKES_KEPT = "practice_mistakes_kept"
"""The hands (:func:`tute_tutor.store.mistakes.hand_key`) whose mistakes this session
has kept in the store."""


def _store_mistakes(table: Table, record_text: str, costs: list[ChoiceCost]) -> str | None:
    """Keep the hand's costly cards in the learner's progress, once; a message if it
    failed."""
    from tute_tutor.store import StoreError
    from tute_tutor.store.mistakes import hand_key, record_mistakes
    from tute_tutor.ui.profile import current_profile, get_store, store_message

    profile = current_profile()
    hand = hand_key(record_text)
    kept: set[tuple[str, str]] = st.session_state.setdefault(MISTAKES_KEPT, set())
    if not costs or (profile, hand) in kept:
        return None
    items = [(cost.trick, str(cost.card), cost.mistake.kind if cost.mistake else "other",
              cost.cost, cost.exact) for cost in costs]
    try:
        record_mistakes(get_store(), profile, hand, table.config.ruleset, items)
    except StoreError as error:
        return store_message(error)
    kept.add((profile, hand))
    return None


def _cost_line(cost: ChoiceCost, lang: str) -> str:
    """"- **A pair broken.** Trick 3: ... cost 20 points ... *Lesson: ...*"."""
    kind = cost.mistake.kind if cost.mistake is not None else "other"
    return (f"- **{mistake_name(kind, lang)}.** {cost.text(lang)} "
            f"*{mistake_lesson(kind, lang)}*")


__all__ = ["action_bar", "continue_button", "full_log", "get_table", "latest",
           "learner_area", "messages", "new_table", "review_section", "run_computers",
           "setup_panel", "status_line", "status_row", "table_view"]


def render_practice_page() -> None:
    """Draw the practice table: the table, the learner's area, then the log and settings,
    then the review.

    The table itself (status, seats, hand, buttons, log, settings) is a fragment: a card
    click reruns only it, not the page around it; the end of a hand redraws the page for
    the review. The table comes first, so that on a phone (where the columns stack) the
    trick and the hand are on the first screen.
    """
    current = settings()
    st.title(tr("nav.practice"))

    table = get_table(current)
    if rules_prompt(table, current):
        save_table(st.session_state[TABLE])
        st.rerun()
    st.session_state[FULL_RUN] = True
    play_area()
    table = st.session_state[TABLE]
    if table.finished:
        changed = review_section(table, current)
        save_table(table)
        if changed:
            st.rerun()


@fragment()
def play_area() -> None:
    """Status, the table, the hand and its buttons; the log and the settings beside them
    (under them on a phone); the computers' turns."""
    state = st.session_state
    full = bool(state.pop(FULL_RUN, False))
    current = settings()
    table: Table = state[TABLE]
    original, was_finished = table, table.finished
    problem = state.get(STORE_PROBLEM)
    if problem:
        st.warning(problem)
    play_column, log_column = st.columns([3, 2], gap="medium")
    changed = False
    with play_column, st.container(key="practice_play"):
        status_row(table, current)
        with st.container(border=True, key="practice_table"):
            caption_row = table_view(table, current)
        thinking = st.empty()
        notice = st.empty()
        if not table.finished:
            changed = learner_area(table, current)
        changed = continue_button(table, caption_row) or changed
        changed = action_bar(table, current) or changed
        changed = trick_pacer(table) or changed
        messages(table, current, notice)
    with log_column:  # on a phone it comes under the hand: the table is first
        latest(table, current)
        setup_panel(table, current)
        full_log(table, current)
    if not changed:
        changed = run_computers(table, current, thinking)
    # The computers' turns go on by runs the server asks for itself; should those runs
    # stop with a computer still to play (once, under load, a page waited five minutes
    # with nothing to click), the browser asks for the table's run again.
    stall_guard("tt-stall-practice", 0.0, armed=computers_go_on(state[TABLE]))
    table = state[TABLE]
    save_table(table)
    if changed:
        ended = table is not original or table.finished != was_finished
        st.rerun(scope="app" if full or ended else "fragment")
