"""AppTest of the practice page: whole hands for 4, 3 and 2 players through the page, an
illegal click explained, undo, hint, step pace, referee mode, and the review's totals
checked against the engine's replay of the hand record the page offers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tests.app.learners import session_profile
from tute_tutor.engine.cards import suit_name
from tute_tutor.engine.game import CanteEvent
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.record import replay
from tute_tutor.store import open_store
from tute_tutor.table.controller import Table, TableConfig
from tute_tutor.ui.cards import fallback_key
from tute_tutor.ui.profile import TOKEN_KEY
from tute_tutor.words.explain import card_name, explain_refusal

HAND = "practice_hand"


@pytest.fixture(autouse=True)
def _temporary_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TUTE_TUTOR_DB", f"sqlite:///{tmp_path / 'progress.sqlite3'}")


def open_practice(ruleset: str = "clasico", seed: int = 3, levels: int = 1,
                  lang: str = "es") -> AppTest:
    return open_app("practice", state={
        "ruleset": ruleset, "lang": lang, "practice_seed": seed,
        **{f"practice_level_{seat}": levels for seat in (1, 2, 3)}})


def table_of(at: AppTest) -> Table:
    table = at.session_state["practice_table"]
    assert isinstance(table, Table)
    return table


def click_card(at: AppTest, card: object) -> None:
    at.button(key=fallback_key(HAND, card)).click().run()  # type: ignore[arg-type]
    assert not at.exception, [e.value for e in at.exception]


def learner_move(at: AppTest) -> None:
    """Decline any cante offer, else play the first legal card, through the page."""
    table = table_of(at)
    if table.held_up:  # a finished trick waits on the table: continue
        at.button(key="practice_continue").click().run()
        assert not at.exception, [e.value for e in at.exception]
        return
    if table.offers():
        at.button(key="practice_pass").click().run()
        assert not at.exception
        return
    click_card(at, table.legal_cards()[0])


def play_to_end(at: AppTest, limit: int = 80) -> Table:
    for _ in range(limit):
        table = table_of(at)
        if table.finished:
            return table
        assert table.waiting_for_learner or table.held_up, "the page left the computers stuck"
        learner_move(at)
    raise AssertionError("the hand did not end through the page")


def markdown_text(at: AppTest) -> str:
    return "\n".join(str(m.value) for m in at.markdown)


RAW_KEY = re.compile(r"\b(practice|review|cards)\.[a-z_]+(\.[a-z_0-9]+)*\b")


def assert_no_raw_keys(at: AppTest) -> None:
    """Every text the page shows comes from the catalogue: no ``practice.x`` left raw."""
    texts = [str(e.value) for kind in ("markdown", "caption", "info", "warning", "error",
                                       "success", "subheader", "header")
             for e in getattr(at, kind)]
    texts += [str(b.label) for b in at.button]
    texts += [str(w.label) for kind in ("selectbox", "radio", "toggle", "checkbox",
                                        "number_input") for w in getattr(at, kind)]
    raw = [text for text in texts if RAW_KEY.search(text)]
    assert not raw, raw


def frame_with(at: AppTest, column: str) -> pd.DataFrame:
    """The review's dataframe that has ``column`` (AppTest does not expose their keys)."""
    frames = [d.value for d in at.dataframe if column in d.value.columns]
    # the trick-by-trick table is a static table (no cut-off columns), its first
    # column the index
    frames += [tb.value.reset_index() for tb in at.table
               if column in tb.value.reset_index().columns]
    assert len(frames) == 1, f"{len(frames)} tables with a {column!r} column"
    return frames[0]


def review_totals(at: AppTest) -> list[int]:
    return [int(x) for x in frame_with(at, "Total")["Total"].tolist()]


def downloaded_record(at: AppTest) -> dict[str, object]:
    """The record the page offers: the same text goes to the download and the code view."""
    code = [c.value for c in at.code if '"tute-hand/1"' in c.value]
    assert len(code) == 1
    record = json.loads(code[0])
    assert isinstance(record, dict)
    return record


@pytest.mark.parametrize(("ruleset", "players", "levels"),
                         [("clasico", 4, 1), ("a-tres", 3, 2), ("a-dos", 2, 2)])
def test_whole_hand_played_through_the_page(ruleset: str, players: int, levels: int) -> None:
    at = open_practice(ruleset, seed=7, levels=levels)
    table = play_to_end(at)
    assert table.players == players
    assert frame_with(at, "Baza").shape[0] == len(table.game.tricks)
    record = downloaded_record(at)
    summary = replay(record)
    assert summary["valid"]
    assert review_totals(at) == summary["totals"]
    assert record == table.record()
    assert "Repaso de la mano" in [h.value for h in at.subheader]
    assert_no_raw_keys(at)
    assert at.get("plotly_chart")
    # The hand went into the learner's progress, once, even after more reruns.
    at.run()
    stored = open_store().hands(session_profile(at))
    assert len(stored) == 1
    assert stored[0].record == record
    assert stored[0].totals == summary["totals"]
    assert stored[0].won == (summary["winner"] == 0)


def test_illegal_click_is_explained_and_plays_nothing() -> None:
    at = open_practice("clasico", seed=1)
    for _ in range(12):
        table = table_of(at)
        legal = table.legal_cards()
        illegal = [c for c in table.learner_hand() if c not in legal]
        if legal and illegal:
            analysis = table.learner_analysis()
            assert analysis is not None
            events = list(table.game.events)
            click_card(at, illegal[0])
            expected = explain_refusal(analysis, illegal[0], "es")
            assert expected in [w.value for w in at.warning]
            assert table_of(at).game.events == events
            assert illegal[0] in table_of(at).learner_hand()
            return
        learner_move(at)
    pytest.fail("no illegal card came up in this hand")


def test_every_card_played_is_announced_on_the_page() -> None:
    at = open_practice("clasico", seed=2)
    table = table_of(at)
    card = table.legal_cards()[0]
    click_card(at, card)
    text = markdown_text(at)
    assert f"Juegas {card_name(card, 'es')}." in text
    table = table_of(at)
    for announcement in table.log:
        assert announcement.text("es") in text


def test_undo_through_the_page() -> None:
    at = open_practice("a-tres", seed=4)
    table = table_of(at)
    before = list(table.game.events)
    hand = table.learner_hand()
    click_card(at, table.legal_cards()[-1])
    assert len(table_of(at).game.events) > len(before)
    at.button(key="practice_undo").click().run()
    assert not at.exception
    assert table_of(at).game.events == before
    assert table_of(at).learner_hand() == hand


def test_hint_shows_the_level_four_choice_with_reasons() -> None:
    at = open_practice("clasico", seed=6)
    at.button(key="practice_hint_button").click().run()
    assert not at.exception
    texts = [i.value for i in at.info]
    table = table_of(at)
    legal = table.legal_cards()
    assert texts, "no hint shown"
    hint = texts[0]
    best = table.hint()
    assert best is not None
    # one sentence: the card and why; the recommended card is raised in the hand
    assert hint == best.why("es") and hint.startswith(f"Juega {card_name(best.best, 'es')}:")
    assert at.button(key=fallback_key(HAND, best.best)).icon == ":material/lightbulb:"
    others = [c for c in legal if c != best.best]
    assert all(at.button(key=fallback_key(HAND, c)).icon != ":material/lightbulb:"
               for c in others)
    # the averages stay available behind it, naming every legal card
    averages = markdown_text(at)
    assert "Mejor carta" in averages
    assert all(card_name(c, "es") in averages for c in legal)
    # playing a card drops the hint
    click_card(at, legal[0])
    assert not [i.value for i in at.info if i.value == hint]


def test_step_pace_waits_for_next() -> None:
    at = open_practice("clasico", seed=8)
    at.radio(key="practice_pace").set_value("step").run()
    assert_no_raw_keys(at)
    table = table_of(at)
    click_card(at, table.legal_cards()[0])
    table = table_of(at)
    assert not table.waiting_for_learner
    plays = len(table.game.events)
    at.button(key="practice_next").click().run()
    assert not at.exception
    assert len(table_of(at).game.events) == plays + 1


def test_referee_mode_flags_the_renuncio_and_scores_it() -> None:
    at = open_practice("clasico", seed=1)
    at.toggle(key="practice_referee").set_value(True).run()
    for _ in range(12):
        table = table_of(at)
        legal = table.legal_cards()
        illegal = [c for c in table.learner_hand() if c not in legal]
        if legal and illegal:
            analysis = table.learner_analysis()
            assert analysis is not None
            click_card(at, illegal[0])
            table = table_of(at)
            assert table.finished
            result = table.game.result()
            assert result.reason == "renuncio" and result.winner == 1
            errors = [e.value for e in at.error]
            why = explain_refusal(analysis, illegal[0], "es").split(": ", 1)[1]
            assert any("Renuncio" in e and why in e for e in errors)
            assert review_totals(at) == list(result.totals)
            record = downloaded_record(at)
            summary = replay(record)
            assert not summary["valid"] and summary["error"]["code"] == "renuncio"
            return
        learner_move(at)
    pytest.fail("no illegal card came up in this hand")


def test_next_hand_after_the_review() -> None:
    at = open_practice("clasico", seed=5)
    first = play_to_end(at)
    dealer = first.game.dealer
    at.button(key="practice_next_hand").click().run()
    assert not at.exception
    table = table_of(at)
    assert table.hand_number == 2 and not table.finished
    assert table.game.dealer == (dealer + 1) % 4
    assert sum(table.match_scores()) == 1


def test_computer_seats_start_at_level_three() -> None:
    at = open_app("practice")
    table = table_of(at)
    assert [table.computers[s].level for s in (1, 2, 3)] == [3, 3, 3]
    assert f"{table.config.seed}" in "\n".join(c.value for c in at.caption)


def test_page_in_english() -> None:
    at = open_practice("clasico", seed=5, lang="en")
    assert_no_raw_keys(at)
    text = markdown_text(at)
    assert "Your hand" in text and "Trumps" in text


def _seed_with_a_cante_offer(ruleset: str) -> int:
    """A seed where the learner, always playing the first legal card, may sing."""
    for seed in range(100):
        table = Table(TableConfig(find_rules(ruleset), seed=seed))
        for _ in range(40):
            table.run()
            if table.finished:
                break
            if table.offers().cantes:
                return seed
            table.click(table.legal_cards()[0])
    raise AssertionError("no seed gives the learner a cante")


@pytest.mark.parametrize("ruleset", ["clasico", "a-dos"])
def test_cante_is_offered_and_sung_through_the_page(ruleset: str) -> None:
    seed = _seed_with_a_cante_offer(ruleset)
    at = open_practice(ruleset, seed=seed)
    for _ in range(40):
        table = table_of(at)
        offers = table.offers()
        if offers.cantes:
            suit = offers.cantes[0]
            game = table.game
            assert suit in game.declarable_cantes(0)
            points = 40 if suit == game.trump else 20
            at.button(key=f"practice_sing_{suit}").click().run()
            assert not at.exception
            sung = [e for e in table_of(at).game.events if isinstance(e, CanteEvent)]
            assert (0, suit, points) in [(e.seat, e.suit, e.points) for e in sung]
            word = "cuarenta" if points == 40 else "veinte"
            assert f"Cantas las {word} en {suit_name(suit, 'es')}" in markdown_text(at)
            return
        learner_move(at)
    pytest.fail("the cante found by the controller never showed on the page")


def test_match_over_offers_a_new_match() -> None:
    at = open_app("practice", state={
        "ruleset": "clasico", "overrides": {"match": "hands:1"}, "practice_seed": 9,
        **{f"practice_level_{seat}": 1 for seat in (1, 2, 3)}})
    table = play_to_end(at)
    assert table.match_finished
    assert any("Partida terminada" in i.value for i in at.info)
    assert not [b for b in at.button if b.key == "practice_next_hand"]
    at.button(key="practice_new_match_end").click().run()
    assert not at.exception
    fresh = table_of(at)
    assert fresh is not table and fresh.hand_number == 1 and not fresh.finished
    assert fresh.match_scores() == (0, 0)


def test_choosing_a_level_changes_the_computer_player() -> None:
    at = open_practice("clasico", seed=3)
    at.selectbox(key="practice_level_3").set_value(4).run()
    assert not at.exception
    table = table_of(at)
    assert [table.computers[s].level for s in (1, 2, 3)] == [1, 1, 4]
    assert table.config.levels == (1, 1, 4)


def test_switching_language_rewords_the_announcements() -> None:
    at = open_practice("a-tres", seed=2)
    card = table_of(at).legal_cards()[0]
    click_card(at, card)
    assert f"Juegas {card_name(card, 'es')}." in markdown_text(at)
    at.session_state["lang"] = "en"
    at.run()
    assert f"You play {card_name(card, 'en')}." in markdown_text(at)


# --------------------------------------------------------------------------- issue 16
def test_the_table_comes_back_in_a_new_session_from_the_store() -> None:
    at = open_practice("clasico", seed=5)
    for _ in range(3):
        learner_move(at)
    before = table_of(at).to_state()
    assert before["events"], "nothing was played"
    # A reload (or a new tab, or a restarted server) starts a new session: the same
    # learner finds the same table, not a new deal.
    again = open_app("practice", token=str(at.session_state[TOKEN_KEY]),  # the same browser
                     state={"lang": "es"})
    assert table_of(again).to_state() == before
    assert open_store().load_state(session_profile(at), "practice.table")["table"] == before


def test_a_rule_change_mid_hand_asks_first_and_switching_back_keeps_the_hand() -> None:
    at = open_practice("clasico", seed=4)
    learner_move(at)
    table = table_of(at)
    before = table.to_state()
    at.session_state["ruleset"] = "estricto"
    at.run()
    assert table_of(at) is table and table.to_state() == before  # nothing thrown away
    assert [w.value for w in at.warning if "Estricto" in w.value], "no question asked"
    assert at.button(key="practice_rules_keep") and at.button(key="practice_rules_new")
    # switching back drops the question and keeps the very same hand
    at.session_state["ruleset"] = "clasico"
    at.run()
    assert table_of(at) is table and not [w for w in at.warning if "Estricto" in w.value]
    # again, and this time: finish the hand with the old rules
    at.session_state["ruleset"] = "estricto"
    at.run()
    at.button(key="practice_rules_keep").click().run()
    assert table_of(at) is table and table.config.ruleset == "clasico"
    assert [i.value for i in at.info if "Estricto" in i.value]
    learner_move(at)
    assert table_of(at) is table
    # or start anew: a new table with the new rules
    at.session_state["ruleset"] = "a-tres"
    at.run()
    at.button(key="practice_rules_new").click().run()
    assert table_of(at) is not table and table_of(at).config.ruleset == "a-tres"


def test_a_fresh_table_takes_new_rules_without_asking() -> None:
    at = open_practice("clasico", seed=4)
    at.session_state["ruleset"] = "a-dos"
    at.run()
    assert table_of(at).config.ruleset == "a-dos"
    assert not [w for w in at.warning if "Dos" in w.value]


def test_a_finished_trick_stays_until_the_learner_continues() -> None:
    for seed in range(1, 30):
        at = open_practice("clasico", seed=seed)
        table = table_of(at)
        click_card(at, table.legal_cards()[0])
        table = table_of(at)
        if not table.held_up:
            continue
        # the whole trick is on the table, no card of the next one
        assert len(table.game.tricks) == 1 and not table.game.trick
        events = len(table.game.events)
        at.run()  # nothing moves by itself while the learner looks
        assert len(table_of(at).game.events) == events and table_of(at).held_up
        at.button(key="practice_continue").click().run()
        assert not at.exception
        table = table_of(at)
        assert len(table.game.events) > events and not table.trick_held
        return
    pytest.fail("no seed where a computer took the first trick")


def test_two_player_ladder_through_the_page_keeps_the_best_score() -> None:
    for seed in range(1, 40):
        at = open_practice("a-dos", seed=seed, levels=3)
        table = table_of(at)
        assert table.config.climbs and table.computer_level == 1
        assert "nivel 1" in markdown_text(at)
        play_to_end(at)
        if table_of(at).match_finished:
            continue
        at.button(key="practice_next_hand").click().run()
        table = table_of(at)
        assert table.streak == 1 and table.computer_level == 2
        best = open_store().load_state(session_profile(at), "practice.ladder")
        assert best == {"score": table.streak_score, "streak": 1}
        assert f"tu mejor marca: {table.streak_score}" in markdown_text(at)
        # a new match ends the streak; the best stays
        at.button(key="practice_new_match").click().run()
        assert table_of(at).streak == 0 and table_of(at).computer_level == 1
        assert open_store().load_state(session_profile(at), "practice.ladder") == best
        return
    pytest.fail("the learner never won a first hand")


def test_the_review_says_where_the_points_went() -> None:
    at = open_practice("a-dos", seed=7, levels=2)
    table = play_to_end(at)
    from tute_tutor.table.review import choice_costs
    from tute_tutor.words.coach import mistake_lesson, mistake_name

    costs = choice_costs(table.game, seed=table.config.seed)
    text = markdown_text(at)
    assert "Adónde fueron los puntos" in text
    if costs:
        for cost in costs:
            assert f"Baza {cost.trick}:" in text
            # each costly card named by the mistake it is, with its lesson
            kind = cost.mistake.kind if cost.mistake is not None else "other"
            assert f"{mistake_name(kind, 'es')}." in text
            assert mistake_lesson(kind, "es") in text
    else:
        assert "Ninguna de tus cartas costó puntos" in text


def _practice_guard_ms(at: AppTest) -> int:
    """How long the practice table's stall guard waits before it asks for a run (0: it
    asks for nothing)."""
    guards = [e for e in at.get("bidi_component") if str(e.key) == "tt-stall-practice"]
    assert len(guards) == 1
    return int(json.loads(guards[0].proto.json)["ms"])


def test_the_table_guards_only_the_computers_turns_that_go_on_by_themselves() -> None:
    from tute_tutor.ui.practice import goes_on_by_itself

    # the page, waiting for the learner, asks for nothing however long the learner thinks
    at = open_practice("clasico", seed=8)
    assert table_of(at).waiting_for_learner and _practice_guard_ms(at) == 0
    # a computer to play goes on by itself at the instant pace only
    table = Table(TableConfig(find_rules("clasico"), seed=8, levels=(1, 1, 1)))
    while table.waiting_for_learner or table.thinking_seat() is None:
        if table.offers():
            table.pass_moment()
        elif table.held_up:
            table.collect()
        else:
            table.click(table.legal_cards()[0])
    assert goes_on_by_itself(table, "instant") and not goes_on_by_itself(table, "step")
    for _ in range(8):  # up to the trick's last card: it waits for the learner's Continue
        if table.held_up:
            break
        if table.waiting_for_learner:
            table.click(table.legal_cards()[0])
        else:
            table.step(hold=True)
    assert table.held_up and not goes_on_by_itself(table, "instant")
