"""The Watch page under AppTest: computers play a hand and the learner steps through it
card by card and trick by trick, reading the reason of every card (the engine's
obligation for a forced one, the coach's for a free one); hands shown or face down by
choice; the step and seed kept in the URL; a hand record pasted, a hand link, and bad
ones told in one line; both languages."""

from __future__ import annotations

import json
from functools import cache

from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tute_tutor.coach.watch import WatchedHand, play_watched
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.share import HAND_QUERY_KEY, encode_hand_link
from tute_tutor.ui.watch import STEP, _played_hands, played_hand, show_key
from tute_tutor.words.coach import reason_text
from tute_tutor.words.watch import seat_name, step_text, trick_text

SEED, LEVEL = 5, 2
"""A quick deal for the tests (level 2 answers at once); the page's own default is 4."""


@cache
def expected(ruleset: str = "clasico") -> WatchedHand:
    return play_watched(find_rules(ruleset), SEED, (LEVEL,))


def watch(lang: str = "en", **params: str) -> AppTest:
    return open_app("watch", params={"lang": lang},
                    page_params={"seed": str(SEED), "level": str(LEVEL), **params})


def why_text(at: AppTest) -> str:
    """Everything written in the box of the step just made."""
    return "\n".join(m.value for m in at.markdown if not m.value.startswith("<"))


def press(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_each_card_of_the_first_tricks_is_shown_with_its_reason() -> None:
    hand = expected()
    at = watch("en")
    assert "The hand is dealt" in why_text(at)
    for number, step in enumerate(hand.steps[:9], 1):
        press(at, "watch_forward")
        assert at.session_state[STEP] == number
        text = why_text(at)
        sentence = step_text(step, 4, "en")
        assert sentence in text
        assert step.reason is not None
        coach = reason_text(step.reason, seat_name(step.seat, "en"), "en")
        if step.is_free:  # what it does and why it was preferred, from the coach
            assert step.reason.kind != "forced" and coach in text
        else:  # the engine's explanation of the only card allowed
            assert step.reason.kind == "forced" and coach not in text
        won = trick_text(step, 4, "en")
        shown = [m.value for m in at.markdown]
        if won:  # the card that completes a trick says who took it
            assert f"**{won}**" in shown
        else:
            assert not [v for v in shown if v.startswith("**") and "trick with" in v]
    assert any(step.is_free for step in hand.steps[:9])


def _places(node: object, key: str, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Where in the page's tree each container of ``key`` is drawn."""
    found = []
    for index, child in getattr(node, "children", {}).items():
        here = (*path, index)
        if str(getattr(getattr(child, "proto", None), "id", "")).endswith(f"-{key}"):
            found.append(here)
        found += _places(child, key, here)
    return found


def test_the_reasons_box_keeps_its_place_from_the_run_that_plays_the_hand_to_the_next(
) -> None:
    # The run that plays the hand drew a progress bar the next run did not, so every box
    # after it moved one place up; under load the browser then kept an empty copy of the
    # reason's box beside the real one (two boxes of one key for five minutes).
    _played_hands.clear()
    at = watch("en", seed=str(SEED + 1000))  # a hand this server has not played yet
    first = _places(at.main, "watch_why")
    press(at, "watch_forward")
    assert len(first) == 1 and _places(at.main, "watch_why") == first


def test_a_whole_trick_forward_and_back_and_the_ends_of_the_hand() -> None:
    hand = expected()
    at = watch("en")
    press(at, "watch_trick_forward")
    assert at.session_state[STEP] == hand.trick_ends[0]
    assert trick_text(hand.steps[hand.trick_ends[0] - 1], 4, "en") in why_text(at)
    press(at, "watch_trick_forward")
    assert at.session_state[STEP] == hand.trick_ends[1]
    press(at, "watch_trick_back")
    assert at.session_state[STEP] == hand.trick_ends[0]
    press(at, "watch_back")
    assert at.session_state[STEP] == hand.trick_ends[0] - 1
    press(at, "watch_end")
    assert at.session_state[STEP] == hand.size
    assert at.success and "The hand is over" in at.success[0].value
    assert at.button(key="watch_forward").disabled
    press(at, "watch_start")
    assert at.session_state[STEP] == 0 and at.button(key="watch_back").disabled


def test_hands_are_shown_or_face_down_by_choice() -> None:
    at = watch("en")
    faces = sum(m.value.count("<svg") for m in at.markdown)
    assert not [c for c in at.caption if "face down" in c.value]
    at.toggle(key="watch_show_all").set_value(False).run()
    hidden = [c.value for c in at.caption if "face down" in c.value]
    assert hidden == ["10 cards, face down"] * 4
    at.toggle(key=show_key(1)).set_value(True).run()
    assert len([c for c in at.caption if "face down" in c.value]) == 3
    # a face-down card is a drawn back: as many drawings, none of them a face
    assert sum(m.value.count("<svg") for m in at.markdown) == faces


def test_the_seed_level_and_step_come_back_from_the_url() -> None:
    hand = expected()
    at = watch("en", step="6")
    assert at.session_state[STEP] == 6
    assert step_text(hand.steps[5], 4, "en") in why_text(at)
    press(at, "watch_forward")
    assert at.query_params["step"] == ["7"] or at.query_params["step"] == "7"
    assert str(SEED) in str(at.query_params["seed"])


def test_a_new_deal_deals_another_hand_from_the_first_card() -> None:
    at = watch("en", step="4")
    seed = at.session_state["watch_seed"]
    press(at, "watch_new_deal")
    assert at.session_state["watch_seed"] != seed
    assert at.session_state[STEP] == 0 and "The hand is dealt" in why_text(at)


def test_a_pasted_hand_record_is_watched_and_a_bad_one_told_in_one_line() -> None:
    hand = expected("a-tres")
    at = watch("en")
    at.radio(key="watch_source").set_value("record").run()
    at.text_area(key="watch_paste").set_value("{not json").run()
    assert at.error and "cannot be watched" in at.error[0].value
    assert "\n" not in at.error[0].value
    at.text_area(key="watch_paste").set_value(json.dumps(hand.game.to_record())).run()
    assert not at.error
    press(at, "watch_trick_forward")
    end = hand.trick_ends[0]
    assert at.session_state[STEP] == end
    text = why_text(at)
    assert step_text(hand.steps[end - 1], 3, "en") in text


def test_a_hand_link_opens_its_hand_and_a_damaged_one_says_so() -> None:
    hand = expected("a-dos")
    token = encode_hand_link(hand.game.to_record())
    at = open_app("watch", params={"lang": "es"}, page_params={HAND_QUERY_KEY: token})
    press(at, "watch_forward")
    assert step_text(hand.steps[0], 2, "es") in why_text(at)
    broken = open_app("watch", params={"lang": "es"},
                      page_params={HAND_QUERY_KEY: token[:-5]})
    assert broken.error and "no se puede mirar" in broken.error[0].value


def test_in_spanish_the_buttons_and_reasons_are_spanish() -> None:
    hand = expected()
    at = watch("es")
    assert at.button(key="watch_forward").label == "Siguiente carta"
    press(at, "watch_forward")
    assert step_text(hand.steps[0], 4, "es") in why_text(at)
    assert hand.steps[0].reason is not None


def test_a_first_visit_deals_when_asked_and_the_hand_starts_at_its_first_card() -> None:
    at = open_app("watch", params={"lang": "en"})
    assert at.selectbox(key="watch_level").value == 4
    assert at.info and "Press New deal" in at.info[0].value
    assert not [b for b in at.button if b.key == "watch_forward"]
    at.selectbox(key="watch_level").set_value(LEVEL).run()
    press(at, "watch_new_deal")
    assert isinstance(at.session_state["watch_seed"], int)
    assert at.session_state[STEP] == 0 and "The hand is dealt" in why_text(at)
    assert at.query_params["seed"] in (str(at.session_state["watch_seed"]),
                                       [str(at.session_state["watch_seed"])])


def test_the_page_watches_level_four_by_default_and_keeps_each_hand_played() -> None:
    rules = find_rules("clasico")
    record, edges = played_hand(rules.ruleset, {}, 77, LEVEL)
    hands, _ = _played_hands()
    # the level-2 hand stands in for level 4's (which thinks for seconds a card): the
    # page must take it from the server's store, not play it again
    hands[json.dumps(["clasico", {}, 77, 4], sort_keys=True)] = (record, edges)
    at = open_app("watch", params={"lang": "en"}, page_params={"seed": "77"})
    assert at.selectbox(key="watch_level").value == 4
    press(at, "watch_end")
    assert at.session_state[STEP] == len(json.loads(json.dumps(record))["events"])


def test_the_sidebar_rule_set_sets_the_players_two_in_tute_a_dos() -> None:
    hand = expected("a-dos")
    at = open_app("watch", params={"lang": "en"}, state={"ruleset": "a-dos"},
                  page_params={"seed": str(SEED), "level": str(LEVEL)})
    toggles = {tg.key for tg in at.toggle}
    assert show_key(1) in toggles and show_key(2) not in toggles
    press(at, "watch_trick_forward")
    assert at.session_state[STEP] == hand.trick_ends[0]
    assert trick_text(hand.steps[hand.trick_ends[0] - 1], 2, "en") in why_text(at)
    press(at, "watch_end")
    assert at.success and "The hand is over" in at.success[0].value
