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
from tute_tutor.engine.variants import match_target
from tute_tutor.render import card_label
from tute_tutor.table.controller import (
    LEARNER,
    LEVELS,
    PACES,
    Table,
    TableConfig,
    seat_label,
    seat_name,
    side_name,
    totals_text,
)
from tute_tutor.table.review import hand_review, totals_frame
from tute_tutor.ui.cards import clickable_hand, show_cards, show_trick
from tute_tutor.ui.state import Settings, settings, tr

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
        current.ruleset, dict(current.overrides), seed=seed, levels=_levels(players),
        referee=bool(st.session_state.get(REFEREE, False)),
        computer_renuncio=0.15 if st.session_state.get(COMPUTER_ERRORS, False) else 0.0,
        think_seconds=PAGE_THINK_SECONDS)


def new_table(current: Settings, seed: int | None = None) -> Table:
    """Deal a new match at the session's rule set and store it in the session."""
    state = st.session_state
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state[SEED] = int(seed)
    table = Table(_config(current, int(seed)))
    state[TABLE] = table
    state[SEEN] = 0
    state.pop(MESSAGE, None)
    state.pop(HINT, None)
    return table


def get_table(current: Settings) -> Table:
    """The session's table; a new match when there is none or the rule set changed."""
    state = st.session_state
    table = state.get(TABLE)
    if not isinstance(table, Table) or table.config.ruleset != current.ruleset or \
            dict(table.config.overrides) != dict(current.overrides):
        seed = state.get(SEED)
        return new_table(current, int(seed) if isinstance(seed, int) else None)
    return table


def _apply_options() -> None:
    table = st.session_state.get(TABLE)
    if isinstance(table, Table):
        table.reconfigure(levels=_levels(table.players),
                          referee=bool(st.session_state.get(REFEREE, False)),
                          computer_renuncio=0.15 if st.session_state.get(COMPUTER_ERRORS)
                          else 0.0)


def setup_panel(table: Table, current: Settings) -> None:
    """Levels of the computer seats, pace, highlighting, referee mode, seed, new match."""
    state = st.session_state
    state.setdefault(PACE, "instant")
    state.setdefault(SHOW_LEGAL, True)
    fresh_match = table.hand_number == 1 and not table.game.events
    with st.expander(tr("practice.page.setup"), expanded=fresh_match):
        with st.container(horizontal=True):
            for seat in range(1, table.players):
                state.setdefault(level_key(seat), table.config.level_of(seat))
                st.selectbox(
                    tr("practice.page.level_of", name=seat_label(seat, table.rules,
                                                                 current.lang)),
                    LEVELS, key=level_key(seat), on_change=_apply_options,
                    format_func=lambda level: tr(f"practice.page.level.{level}"))
        st.radio(tr("practice.page.pace"), PACES, key=PACE, horizontal=True,
                 format_func=lambda pace: tr(f"practice.page.pace_{pace}"))
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
        return tr("practice.page.match_streak", streak=table.match.streak,
                  score=table.match.streak_score)
    names = [side_name(side, table.rules, lang) for side in range(table.rules.sides)]
    if table.rules.has_teams:
        names = [tr("practice.side.us_short"), tr("practice.side.them_short")]
    score = ", ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
    return tr(f"practice.page.match_{kind}", target=target, score=score)


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
        parts.append(tr("practice.page.stock", count=status.stock_left))
    parts.append(tr("practice.page.points", points=totals_text(status.points, table.players,
                                                               lang)))
    parts.append(_match_text(table, lang))
    st.markdown(" · ".join(f"**{part}**" if i == 1 else part for i, part in enumerate(parts)))


def table_view(table: Table, current: Settings) -> None:
    """The trick so far (empty places for the seats still to play) with who is winning
    it, or the last trick once it is complete; then the other seats; the trump card."""
    trick_column, trump_column = st.columns([5, 1], gap="small")
    with trump_column:
        _trump_view(table, current)
    with trick_column:
        _trick_view(table, current)


def _trump_view(table: Table, current: Settings) -> None:
    """The trump card (the face-up card under the stock in two players) and the stock."""
    status = table.status()
    shown = status.face_up if status.face_up is not None else status.trump_card
    st.caption(tr("practice.page.trump_card"))
    show_cards([shown], style=current.deck_style, lang=current.lang, width=52)
    if table.rules.has_stock:
        st.caption(tr("practice.page.stock", count=status.stock_left))


def _trick_view(table: Table, current: Settings) -> None:
    lang = current.lang
    status = table.status()
    game = table.game
    n = table.players
    if status.trick or not game.tricks:
        leader = status.trick_seats[0] if status.trick_seats else game.leader
        seats = [(leader + i) % n for i in range(n)]
        cards: list[Card | None] = [*status.trick, *([None] * (n - len(status.trick)))]
        position = seats.index(status.winning_seat) if status.winning_seat is not None \
            else None
        show_trick(cards, labels=[seat_name(s, lang) for s in seats], winning=position,
                   style=current.deck_style, lang=lang, width=TRICK_WIDTH)
        winner = status.winning_seat
        if winner is None:
            you = "_you" if leader == LEARNER else ""
            st.caption(tr("practice.page.empty_trick" + you, name=seat_name(leader, lang)))
        elif status.winning_is_learner:
            st.caption(tr("practice.page.winning_you"))
        elif status.winning_is_partner:
            st.caption(tr("practice.page.winning_partner", name=seat_name(winner, lang)))
        else:
            st.caption(tr("practice.page.winning_other", name=seat_name(winner, lang)))
    else:
        last = game.tricks[-1]
        last_seats = last.seats(n)
        show_trick(list(last.cards), labels=[seat_name(s, lang) for s in last_seats],
                   winning=last_seats.index(last.winner), style=current.deck_style,
                   lang=lang, width=TRICK_WIDTH)
        you = "_you" if last.winner == LEARNER else ""
        final = game.finished and game.tute is None and game.renuncio is None
        st.caption(tr("practice.page.last_trick" + ("_final" if final else "") + you,
                      name=seat_name(last.winner, lang), points=last.points))
    others = []
    for seat in range(1, n):
        others.append(tr("practice.page.seat_summary",
                         name=seat_label(seat, table.rules, lang),
                         cards=status.hand_sizes[seat], tricks=status.tricks_won[seat]))
    st.caption(" · ".join(others))


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
    clicked = clickable_hand(
        table.learner_hand(), key=HAND_KEY, legal=legal if my_card else None,
        show_legal=bool(state.get(SHOW_LEGAL, True)), style=current.deck_style, lang=lang,
        width=HAND_WIDTH, disabled=not my_card)
    changed = False
    if clicked is not None:
        state[SEEN] = len(table.log)
        result = table.click(clicked, lang)
        state.pop(HINT, None)
        if result.played:
            state[MESSAGE] = ("error", result.message) if result.renuncio else None
            changed = True
        else:
            state[MESSAGE] = ("warning", result.message)
    if offers:
        st.markdown(f"**{tr('practice.page.offers_title')}**")
        with st.container(horizontal=True):
            if offers.tute:
                kind = "reyes" if table.game.tute_kind(LEARNER) == "reyes" else "caballos"
                if st.button(tr("practice.page.declare_tute",
                                kind=tr(f"practice.log.tute_{kind}")),
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
                       given=card_label(offers.swap, lang, current.deck_style),
                       taken=card_label(offers.swap_for, lang, current.deck_style)),
                    key="practice_swap", type="primary"):
                state[SEEN] = len(table.log)
                changed = table.swap() or changed
            if st.button(tr("practice.page.pass"), key="practice_pass"):
                state[SEEN] = len(table.log)
                changed = table.pass_moment() or changed
    return changed


def action_bar(table: Table, current: Settings) -> bool:
    """Hint, undo, next (step pace), next hand and new match; True when state changed."""
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
            state[HINT] = hint.text(current.lang) if hint is not None else \
                tr("practice.page.no_hint")
        if st.button(tr("practice.page.undo"), key="practice_undo", icon=":material/undo:",
                     disabled=not table.can_undo, shortcut="u"):
            state.pop(HINT, None)
            state.pop(MESSAGE, None)
            changed = table.undo()
            state[SEEN] = len(table.log)  # back at a decision: nothing new to tell yet
        stepping = state.get(PACE) == "step" and table.thinking_seat() is not None
        if stepping and st.button(tr("practice.page.next"), key="practice_next",
                                  type="primary", icon=":material/skip_next:", shortcut="n"):
            changed = True
            with st.spinner(tr("practice.page.thinking",
                               name=seat_name(table.thinking_seat() or 1, current.lang))):
                table.step()
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


def run_computers(table: Table, current: Settings, slot: Any) -> bool:
    """Instant pace: let the computers act (a spinner names who thinks); True to redraw."""
    if st.session_state.get(PACE, "instant") != "instant":
        return False
    seat = table.thinking_seat()
    if seat is None:
        return False
    started = time.perf_counter()
    with slot.container(), st.spinner(tr("practice.page.thinking",
                                         name=seat_name(seat, current.lang))):
        while table.thinking_seat() is not None:
            table.step()
            if time.perf_counter() - started > STEP_SLICE_SECONDS:
                break
    return True


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
    st.plotly_chart(review.figure, key="practice_chart", config={"displayModeBar": False})
    st.markdown(f"**{tr('review.tricks_title')}**")
    st.dataframe(review.tricks, hide_index=True, key="practice_tricks")
    record_text = json.dumps(table.record(), ensure_ascii=False, indent=1)
    st.download_button(tr("practice.page.download"), record_text,
                       file_name=f"tute-hand-{table.config.seed}-{table.hand_number}.json",
                       mime="application/json", key="practice_download",
                       icon=":material/download:")
    with st.expander(tr("practice.page.record_title")):
        st.code(record_text, language="json")
    changed = False
    if table.match_finished:
        st.info(tr("practice.page.match_over", score=_match_text(table, lang)))
        if st.button(tr("practice.page.new_match"), key="practice_new_match_end",
                     type="primary"):
            new_table(current)
            changed = True
    elif st.button(tr("practice.page.next_hand"), key="practice_next_hand", type="primary",
                   icon=":material/arrow_forward:"):
        st.session_state[SEEN] = 0
        changed = table.next_hand()
    return changed


__all__ = ["action_bar", "full_log", "get_table", "latest", "learner_area", "messages",
           "new_table", "review_section", "run_computers", "setup_panel",
           "status_line", "table_view"]


def render_practice_page() -> None:
    """Draw the practice table: settings, the table, the learner's area, the log, the review."""
    current = settings()
    st.header(tr("nav.practice"))
    st.caption(tr("practice.page.intro"))

    table = get_table(current)
    setup_panel(table, current)
    play_column, log_column = st.columns([3, 2], gap="medium")
    changed = False
    with play_column:
        status_line(table, current)
        with st.container(border=True):
            table_view(table, current)
        thinking = st.empty()
        notice = st.empty()
        if not table.finished:
            changed = learner_area(table, current)
        changed = action_bar(table, current) or changed
        messages(table, current, notice)
    with log_column:
        latest(table, current)
        full_log(table, current)
    if table.finished:
        changed = review_section(table, current) or changed

    if changed or run_computers(table, current, thinking):
        st.rerun()
