"""A live class as pure functions (tute_tutor/live/classroom.py): join, late join, lock,
question open and close, one answer, change allowed or not, reveal, reconnect.

The property tests drive a class with random sequences of what teachers and phones do
and check each step against a small model of the rules kept here (who holds which
nickname, which answer counts), not against the module's own bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tute_tutor.live import classroom as cl

SPEC: dict[str, Any] = {"kind": "obligation", "seed": 1}
OPTIONS = ("asistir", "montar", "libre")
TOKENS = [f"token-{i}" for i in range(6)]
NICKS = ["Ana", "ana", " Ana ", "Luis", "Jose\u0301", "José", "Eva\u200b", "Eva"]


def send(session: cl.ClassSession, now: float, answer: str = "montar",
         multi: bool = False) -> cl.ClassSession:
    return cl.send_question(session, SPEC, kind="obligation", rule=answer, options=OPTIONS,
                            answer=(answer,) if not multi else ("asistir", answer),
                            multi=multi, now=now)


def fresh(**settings_: Any) -> cl.ClassSession:
    return cl.open_class("ABCDEF", cl.Settings(**settings_), now=0.0)


def reason(error: pytest.ExceptionInfo[cl.ClassError]) -> str:
    return error.value.reason


# ------------------------------------------------------------------ examples first
def test_join_normalises_the_nickname_and_keeps_only_a_digest_of_the_token() -> None:
    session, seat = cl.join(fresh(), "  Jose\u0301   Luis ", "secret-token", 1.0)
    assert seat.participant.nickname == "José Luis"
    assert "secret-token" not in repr(session)
    assert seat.participant.token_hash == cl.token_digest("secret-token")


def test_the_same_nickname_cannot_be_taken_by_someone_else() -> None:
    session, _ = cl.join(fresh(), "Ana", "t1", 1.0)
    with pytest.raises(cl.ClassError) as error:
        cl.join(session, "ANA", "t2", 2.0)
    assert reason(error) == "nickname_taken"


def test_a_bad_nickname_is_refused_in_one_line() -> None:
    for bad in ["", "\u200b", "x" * 40, "a\x07b", None]:
        with pytest.raises(cl.ClassError) as error:
            cl.join(fresh(), bad, "t1", 1.0)
        assert reason(error) == "bad_nickname"
        assert "\n" not in str(error.value)


def test_late_join_lands_on_the_current_question_unless_the_lobby_is_locked() -> None:
    session = send(fresh(), 5.0)
    session, seat = cl.join(session, "Late", "t1", 7.0)
    assert seat.current is not None and seat.current.index == 0
    locked = cl.set_lock(session, True)
    with pytest.raises(cl.ClassError) as error:
        cl.join(locked, "Later", "t2", 8.0)
    assert reason(error) == "locked"
    again, seat = cl.join(locked, "ignored", "t1", 9.0)  # the one who joined comes back
    assert seat.rejoined and seat.participant.nickname == "Late" and again == locked


def test_an_answer_after_the_timer_is_refused_by_the_clock_passed_in() -> None:
    session = send(fresh(timer=10), 100.0)
    session, _ = cl.join(session, "Ana", "t1", 101.0)
    cl.answer(session, "t1", ["montar"], 109.9)
    with pytest.raises(cl.ClassError) as error:
        cl.answer(session, "t1", ["montar"], 110.0)
    assert reason(error) == "closed"


def test_a_question_whose_timer_ran_out_closes_at_its_deadline_when_the_next_is_sent() -> None:
    # The store reads when a question closed from the state: a timer nobody watched
    # closes it at the deadline, not when the teacher moved on.
    session = send(fresh(timer=10), 100.0)
    session = send(session, 150.0)
    assert [q.closed_at for q in session.questions] == [110.0, None]


def test_ending_a_class_closes_its_question_and_takes_nobody_more() -> None:
    session, _ = cl.join(send(fresh(), 0.0), "Ana", "t1", 1.0)
    ended = cl.end_class(session, 5.0)
    assert ended.ended and ended.current is not None and ended.current.closed_at == 5.0
    assert cl.end_class(ended, 9.0) == ended  # ending twice changes nothing
    for attempt in (lambda: cl.answer(ended, "t1", ["montar"], 6.0),
                    lambda: cl.join(ended, "Luis", "t2", 6.0),
                    lambda: send(ended, 6.0)):
        with pytest.raises(cl.ClassError) as error:
            attempt()
        assert reason(error) in ("closed", "ended")


def test_distribution_is_hidden_until_reveal_then_counts_each_answer() -> None:
    session = send(fresh(), 0.0)
    for i, choice in enumerate(["montar", "montar", "libre"]):
        session, _ = cl.join(session, f"S{i}", f"t{i}", 1.0)
        session, _ = cl.answer(session, f"t{i}", [choice], 2.0)
    assert cl.distribution(session) is None
    assert cl.counts(session) == cl.Counts(joined=3, answered=3)
    shown = cl.reveal(session, 3.0)
    assert cl.distribution(shown) == {"asistir": 0, "montar": 2, "libre": 1}
    with pytest.raises(cl.ClassError) as error:
        cl.answer(shown, "t0", ["libre"], 3.5)
    assert reason(error) == "closed"


def test_a_removed_participant_is_out_of_counts_and_cannot_come_back_by_token() -> None:
    session = send(fresh(), 0.0)
    session, seat = cl.join(session, "Ana", "t1", 1.0)
    session, _ = cl.answer(session, "t1", ["montar"], 2.0)
    session = cl.remove(session, seat.participant.id)
    assert cl.counts(session) == cl.Counts(0, 0)
    with pytest.raises(cl.ClassError) as error:
        cl.join(session, "Ana", "t1", 3.0)
    assert reason(error) == "removed"
    session, other = cl.join(session, "Ana", "t2", 3.0)  # the nickname is free again
    assert other.participant.nickname == "Ana"


def test_results_and_weak_spots_name_the_rule_the_class_missed_most() -> None:
    session = fresh()
    session, _ = cl.join(session, "A", "ta", 0.0)
    session, _ = cl.join(session, "B", "tb", 0.0)
    session = send(session, 10.0, answer="montar")
    session, _ = cl.answer(session, "ta", ["montar"], 12.0)
    session, _ = cl.answer(session, "tb", ["libre"], 14.0)
    session = send(session, 20.0, answer="libre")
    session, _ = cl.answer(session, "ta", ["libre"], 25.0)
    session, _ = cl.answer(session, "tb", ["libre"], 21.0)
    rows = {r.nickname: r for r in cl.results(session)}
    assert [c.right for c in rows["A"].cells] == [True, True]
    assert [c.right for c in rows["B"].cells] == [False, True]
    assert rows["A"].cells[0].seconds == 2.0 and rows["B"].score == cl.POINTS_RIGHT
    spots = cl.weak_spots(session)
    assert [(s.rule, s.asked, s.missed) for s in spots] == [("montar", 2, 1), ("libre", 2, 0)]


def test_speed_points_only_when_switched_on() -> None:
    for speed in (False, True):
        session = send(fresh(speed_points=speed, timer=20), 0.0)
        session, early = cl.join(session, "Fast", "t1", 0.0)
        session, late = cl.join(session, "Slow", "t2", 0.0)
        session, _ = cl.answer(session, "t1", ["montar"], 1.0)
        session, _ = cl.answer(session, "t2", ["montar"], 19.0)
        got = cl.scores(session)
        fast, slow = got[early.participant.id], got[late.participant.id]
        assert (fast > slow) is speed
        assert slow >= cl.POINTS_RIGHT


def test_codes_have_no_look_alike_letters_and_typed_codes_are_cleaned() -> None:
    code = cl.new_code()
    assert len(code) == cl.CODE_LENGTH and not set(code) & set("0O1IL")
    assert cl.clean_code(" abc-def ") == "ABCDEF"
    for bad in ["ABC", "ABCDE0", "<b>x</b>", 7]:
        with pytest.raises(cl.ClassError):
            cl.clean_code(bad)


# ---------------------------------------------------------------- property tests
@dataclass
class Model:
    """The rules written out independently: who holds which nickname, what counts."""

    allow_change: bool
    timer: int | None
    locked: bool = False
    holders: dict[str, str] = field(default_factory=dict)
    """token -> nickname (as typed, normalised by the test's own rule)."""
    removed: set[str] = field(default_factory=set)
    question: int = -1
    opened: float = 0.0
    closed: bool = False
    revealed: bool = False
    answers: dict[tuple[int, str], str] = field(default_factory=dict)

    def is_open(self, now: float) -> bool:
        if self.question < 0 or self.closed:
            return False
        return self.timer is None or now < self.opened + self.timer


def normal(nick: str) -> str:
    import unicodedata
    text = unicodedata.normalize("NFC", nick).replace("\u200b", "")
    return " ".join(text.split())


ACTIONS = st.one_of(
    st.tuples(st.just("join"), st.sampled_from(TOKENS), st.sampled_from(NICKS)),
    st.tuples(st.just("answer"), st.sampled_from(TOKENS), st.sampled_from(OPTIONS)),
    st.tuples(st.just("send")), st.tuples(st.just("close")), st.tuples(st.just("reveal")),
    st.tuples(st.just("lock"), st.booleans()),
    st.tuples(st.just("remove"), st.sampled_from(TOKENS)),
    st.tuples(st.just("wait"), st.integers(1, 8)),
)


@settings(max_examples=150, deadline=None)
@given(allow_change=st.booleans(), timer=st.sampled_from([None, 10, 20]),
       actions=st.lists(ACTIONS, max_size=40))
def test_random_classes_follow_the_rules(allow_change: bool, timer: int | None,
                                         actions: list[tuple[Any, ...]]) -> None:
    session = fresh(allow_change=allow_change, timer=timer)
    model = Model(allow_change, timer)
    now = 0.0
    for action in actions:
        now += 0.5
        name = action[0]
        before = session
        if name == "wait":
            now += action[1]
        elif name == "lock":
            session = cl.set_lock(session, action[1])
            model.locked = action[1]
        elif name == "send":
            session = send(session, now)
            model.question += 1
            model.opened, model.closed, model.revealed = now, False, False
        elif name in ("close", "reveal"):
            if model.question < 0:
                with pytest.raises(cl.ClassError):
                    cl.close_question(session, now)
                continue
            session = (cl.close_question if name == "close" else cl.reveal)(session, now)
            model.closed = True
            model.revealed = model.revealed or name == "reveal"
        elif name == "remove":
            token = action[1]
            person = session.by_token(token)
            assert (person is not None) == (token in model.holders)
            if person is not None:
                session = cl.remove(session, person.id)
                model.removed.add(token)
        elif name == "join":
            token, nick = action[1], action[2]
            wanted = normal(nick)
            taken = {normal(n).casefold() for t, n in model.holders.items()
                     if t not in model.removed and t != token}
            if token in model.removed:
                expected = "removed"
            elif token in model.holders:
                expected = "rejoin"
            elif model.locked:
                expected = "locked"
            elif wanted.casefold() in taken:
                expected = "nickname_taken"
            else:
                expected = "joined"
            if expected in ("removed", "locked", "nickname_taken"):
                with pytest.raises(cl.ClassError) as error:
                    cl.join(session, nick, token, now)
                assert reason(error) == expected
                continue
            session, seat = cl.join(session, nick, token, now)
            if expected == "rejoin":
                # Reconnect: nickname, score and current answer come back, nothing changes.
                assert session == before and seat.rejoined
                assert seat.participant.nickname == normal(model.holders[token])
                assert seat.score == cl.scores(session)[seat.participant.id]
                mine = model.answers.get((model.question, token))
                assert (seat.answer.choice if seat.answer else None) == \
                    ((mine,) if mine else None)
            else:
                model.holders[token] = nick
                assert seat.participant.nickname == wanted and not seat.rejoined
                # A late joiner lands on the current question.
                assert (seat.current.index if seat.current else -1) == model.question
        elif name == "answer":
            token, choice = action[1], action[2]
            key = (model.question, token)
            if token not in model.holders:
                expected = "not_joined"
            elif token in model.removed:
                expected = "removed"
            elif model.question < 0:
                expected = "no_question"
            elif not model.is_open(now):
                expected = "closed"
            elif key in model.answers and model.answers[key] != choice \
                    and not model.allow_change:
                expected = "already"
            else:
                expected = "ok"
            if expected != "ok":
                with pytest.raises(cl.ClassError) as error:
                    cl.answer(session, token, [choice], now)
                assert reason(error) == expected
                assert session == before
                continue
            session, given_ = cl.answer(session, token, [choice], now)
            model.answers[key] = choice
            assert given_.choice == (choice,)
        # Invariants after every step.
        active = [t for t in model.holders if t not in model.removed]
        keys = [normal(model.holders[t]).casefold() for t in active]
        assert len(keys) == len(set(keys))  # one holder per nickname
        counted = cl.counts(session)
        assert counted.joined == len(active)
        assert counted.answered == sum(1 for (q, t) in model.answers
                                       if q == model.question and t in active)
        shown = cl.distribution(session)
        assert (shown is None) == (not model.revealed)
        if shown is not None:
            assert sum(shown.values()) == counted.answered
        for (q, t), choice in model.answers.items():  # the answer that counts
            person = session.by_token(t)
            assert person is not None
            assert session.answers[(q, person.id)].choice == (choice,)


@settings(max_examples=60, deadline=None)
@given(choices=st.lists(st.sampled_from(OPTIONS), min_size=1, max_size=6),
       allow_change=st.booleans())
def test_one_answer_per_participant_first_counts_unless_changes_allowed(
        choices: list[str], allow_change: bool) -> None:
    session = send(fresh(allow_change=allow_change), 0.0)
    session, seat = cl.join(session, "Ana", "t1", 0.0)
    for i, choice in enumerate(choices):
        try:
            session, _ = cl.answer(session, "t1", [choice], 1.0 + i)
        except cl.ClassError as error:
            assert error.reason == "already" and not allow_change
    stored = [a for (q, pid), a in session.answers.items() if pid == seat.participant.id]
    assert len(stored) == 1
    assert stored[0].choice == ((choices[-1] if allow_change else choices[0]),)


@settings(max_examples=40, deadline=None)
@given(marked=st.lists(st.sampled_from(OPTIONS), max_size=4))
def test_a_pick_cards_answer_is_right_only_when_exactly_the_right_cards(
        marked: list[str]) -> None:
    session = send(fresh(), 0.0, answer="montar", multi=True)
    session, _ = cl.join(session, "Ana", "t1", 0.0)
    if not marked:
        with pytest.raises(cl.ClassError):
            cl.answer(session, "t1", marked, 1.0)
        return
    session, given_ = cl.answer(session, "t1", marked, 1.0)
    assert given_.right == (set(marked) == {"asistir", "montar"})
    assert given_.choice == tuple(o for o in OPTIONS if o in marked)
