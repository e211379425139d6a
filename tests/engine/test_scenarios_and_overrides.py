"""Scenarios (docs/FORMATS.md, "Scenario") and rule sets with overrides: validation
messages, round trips, and malformed input that always gives the project's own error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.engine.cards import SUIT_LETTERS, deck
from tute_tutor.engine.errors import RulesError, ScenarioError, TuteError
from tute_tutor.engine.variants import (
    CHOICES,
    FLAG_NAMES,
    PRESETS,
    find_rules,
    match_target,
    overrides_of,
)
from tute_tutor.formats.inputs import parse_flag_text
from tute_tutor.formats.scenario import Scenario


# ----------------------------------------------------------------- presets
def test_presets_of_formats_md() -> None:
    assert set(PRESETS) == {"clasico", "las40", "ludoteka", "estricto", "a-tres", "a-dos"}
    clasico = find_rules("clasico")
    assert (clasico.players, clasico.cante_by, clasico.cantes_per_trick, clasico.tute_timing,
            clasico.tute_award, clasico.match, clasico.next_dealer) == (
        4, "team", "per_player", "team_first_trick", "hand", "hands:3", "next")
    assert not (clasico.overtake_when_trumped or clasico.trump_when_cannot_overtrump
                or clasico.partner_exemption)
    las40 = find_rules("las40")
    assert (las40.tute_award, las40.match, las40.next_dealer) == (
        2, "points:3", "last_trick_winner")
    ludoteka = find_rules("ludoteka")
    assert (ludoteka.tute_award, ludoteka.match, ludoteka.first_hand_trump) == (
        2, "ludoteka:6", "o")
    estricto = find_rules("estricto")
    assert (estricto.overtake_when_trumped, estricto.cante_by, estricto.cantes_per_trick,
            estricto.tute_timing) == (True, "trick_winner", "one", "after_won_trick")
    tres = find_rules("a-tres")
    assert (tres.players, tres.hand_size, tres.deck_size, tres.has_teams) == (3, 13, 39, False)
    dos = find_rules("a-dos")
    assert (dos.players, dos.hand_size, dos.has_stock, dos.match) == (2, 8, True, "streak")


def test_match_targets() -> None:
    assert match_target(find_rules("clasico")) == ("hands", 3)
    assert match_target(find_rules("las40")) == ("points", 3)
    assert match_target(find_rules("ludoteka")) == ("ludoteka", 6)
    assert match_target(find_rules("a-dos")) == ("streak", 0)
    assert match_target(find_rules("clasico", {"match": "hands:7"})) == ("hands", 7)


@pytest.mark.parametrize(("ruleset", "overrides", "words"), [
    ("mus", None, "'mus'"),
    ("clasico", {"partner_exemptoin": True}, "partner_exemptoin"),
    ("clasico", {"partner_exemption": "yes"}, "partner_exemption"),
    ("clasico", {"cante_by": "anyone"}, "cante_by"),
    ("clasico", {"tute_award": 0}, "tute_award"),
    ("clasico", {"tute_award": 2.0}, "tute_award"),
    ("clasico", {"match": "hands:0"}, "match"),
    ("clasico", {"match": "first:3"}, "match"),
    ("clasico", {"first_hand_trump": "x"}, "first_hand_trump"),
    ("clasico", {"players": 3}, "players"),
    ("clasico", ["partner_exemption"], "overrides"),
])
def test_unknown_preset_flag_or_wrong_type_names_it(ruleset: str, overrides: Any,
                                                     words: str) -> None:
    with pytest.raises(RulesError) as info:
        find_rules(ruleset, overrides)
    assert words in info.value.message
    assert "\n" not in info.value.message


def test_flags_from_the_command_line() -> None:
    assert parse_flag_text("partner_exemption=true") == ("partner_exemption", True)
    assert parse_flag_text("tute_award=2") == ("tute_award", 2)
    assert parse_flag_text("match=points:5") == ("match", "points:5")
    assert parse_flag_text("first_hand_trump=null") == ("first_hand_trump", None)
    with pytest.raises(RulesError):
        parse_flag_text("partner_exemption")
    with pytest.raises(RulesError) as info:
        parse_flag_text("0\n")
    assert "\n" not in info.value.message


VALUES: dict[str, st.SearchStrategy[Any]] = {
    "overtake_when_trumped": st.booleans(),
    "trump_when_cannot_overtrump": st.booleans(),
    "partner_exemption": st.booleans(),
    "tute_award": st.one_of(st.just("hand"), st.integers(1, 99)),
    "match": st.one_of(st.just("streak"), st.builds(
        "{}:{}".format, st.sampled_from(["hands", "points", "ludoteka"]), st.integers(1, 99))),
    "first_hand_trump": st.one_of(st.none(), st.sampled_from(SUIT_LETTERS)),
    **{name: st.sampled_from(options) for name, options in CHOICES.items()},
}
assert set(VALUES) == set(FLAG_NAMES)


@st.composite
def valid_overrides(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(sorted(FLAG_NAMES)), unique=True, max_size=5))
    return {name: draw(VALUES[name]) for name in names}


@given(st.sampled_from(sorted(PRESETS)), valid_overrides())
def test_overrides_round_trip(ruleset: str, overrides: dict[str, Any]) -> None:
    rules = find_rules(ruleset, overrides)
    for name, value in overrides.items():
        assert getattr(rules, name) == value
    assert find_rules(ruleset, overrides_of(rules, ruleset)) == rules
    assert find_rules(ruleset, json.loads(json.dumps(overrides))) == rules
    for name, value in overrides.items():
        text = "null" if value is None else str(value).lower() if isinstance(value, bool) \
            else str(value)
        assert parse_flag_text(f"{name}={text}") == (name, value)


ANY = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=12),
                st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3),
                                                                     st.integers(), max_size=2))


@given(ANY, st.dictionaries(st.one_of(st.sampled_from(FLAG_NAMES), st.text(max_size=8)),
                            ANY, max_size=3))
def test_any_rule_set_input_is_rules_or_a_rules_error(ruleset: Any, overrides: Any) -> None:
    try:
        rules = find_rules(ruleset, overrides)
    except RulesError as error:
        assert error.message and "\n" not in error.message
    else:
        assert ruleset in PRESETS
        assert rules.players == PRESETS[ruleset].players


@given(st.text(max_size=30))
def test_any_flag_text_is_a_pair_or_a_rules_error(text: str) -> None:
    try:
        name, _value = parse_flag_text(text)
    except RulesError as error:
        assert "\n" not in error.message
    else:
        assert name in FLAG_NAMES


# ----------------------------------------------------------------- scenarios
def test_scenario_of_formats_md() -> None:
    scenario = Scenario.from_json({"ruleset": "clasico", "overrides": {}, "trump": "o",
                                   "hand": ["12c", "4c", "5b"], "trick": ["10c", "2o"],
                                   "stock_left": 0})
    answer = scenario.answer("es")
    assert answer["legal"] == ["12c", "4c"]
    assert answer["obligation"] == "asistir"
    assert answer["winning"] == {"card": "2o", "by": "opponent"}
    assert "asistir" in answer["explanation"]


def test_scenario_partner_is_the_one_who_played_two_cards_before() -> None:
    scenario = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["3c"],
                                   "trick": ["4c", "1c", "5c"]})
    assert scenario.answer()["winning"] == {"card": "1c", "by": "partner"}


@pytest.mark.parametrize(("data", "words"), [
    ([], "JSON object"),
    ({"ruleset": "clasico", "trump": "o"}, "'hand'"),
    ({"ruleset": "clasico", "hand": ["1o"]}, "'trump'"),
    ({"ruleset": "clasico", "trump": "o", "hand": ["1o"], "colour": 1}, "colour"),
    ({"ruleset": "nope", "trump": "o", "hand": ["1o"]}, "nope"),
    ({"ruleset": "clasico", "overrides": {"x": 1}, "trump": "o", "hand": ["1o"]}, "'x'"),
    ({"ruleset": "clasico", "overrides": [], "trump": "o", "hand": ["1o"]}, "overrides"),
    ({"ruleset": "clasico", "trump": "z", "hand": ["1o"]}, "'z'"),
    ({"ruleset": "clasico", "trump": "o", "hand": ["1o", "9c"]}, "9c"),
    ({"ruleset": "clasico", "trump": "o", "hand": "1o,1o"}, "1o appears twice"),
    ({"ruleset": "clasico", "trump": "o", "hand": ["1o"], "trick": ["1o"]}, "1o"),
    ({"ruleset": "clasico", "trump": "o", "hand": []}, "empty"),
    ({"ruleset": "clasico", "trump": "o", "hand": 5}, "'hand'"),
    ({"ruleset": "clasico", "trump": "o", "hand": ["1o"], "trick": ["1c", "2c", "3c", "4c"]},
     "too long"),
    ({"ruleset": "clasico", "trump": "o",
      "hand": [str(c) for c in deck(4)[:11]]}, "too big"),
    ({"ruleset": "a-tres", "trump": "o", "hand": ["2o"]}, "2o"),
    ({"ruleset": "clasico", "trump": "o", "hand": ["1o"], "stock_left": 4}, "a-dos"),
    ({"ruleset": "a-dos", "trump": "o", "hand": ["1o"], "stock_left": -2}, "-2"),
    ({"ruleset": "a-dos", "trump": "o", "hand": ["1o"], "stock_left": 26}, "26"),
    ({"ruleset": "a-dos", "trump": "o", "hand": ["1o"], "stock_left": 3}, "3"),
    ({"ruleset": "a-dos", "trump": "o", "hand": ["1o"], "stock_left": "4"}, "'4'"),
    ({"ruleset": "a-dos", "trump": "o", "hand": ["1o", "2o"], "stock_left": 10}, "2 cards"),
])
def test_invalid_scenario_gives_one_line_naming_the_bad_value(data: Any, words: str) -> None:
    with pytest.raises(TuteError) as info:
        Scenario.from_json(data)
    assert words in info.value.message, info.value.message
    assert "\n" not in info.value.message


def test_scenario_text_that_is_not_json() -> None:
    with pytest.raises(ScenarioError, match="not valid JSON"):
        Scenario.from_text("{trump: o")


@st.composite
def scenarios(draw: st.DrawFn) -> Scenario:
    ruleset = draw(st.sampled_from(sorted(PRESETS)))
    rules = find_rules(ruleset)
    pool = draw(st.permutations(deck(rules.players)))
    stock_left = draw(st.sampled_from(range(0, 25, 2))) if rules.has_stock else 0
    size = rules.hand_size if stock_left else draw(st.integers(1, rules.hand_size))
    trick = draw(st.integers(0, rules.players - 1))
    overrides = draw(valid_overrides())
    return Scenario(ruleset=ruleset, trump=draw(st.integers(0, 3)),
                    hand=tuple(pool[:size]), trick=tuple(pool[size:size + trick]),
                    overrides=overrides, stock_left=stock_left)


@given(scenarios())
def test_scenario_round_trip(scenario: Scenario) -> None:
    data = scenario.to_json()
    assert Scenario.from_json(data) == scenario
    assert Scenario.from_text(json.dumps(data)) == scenario
    answer = scenario.answer("en")
    assert set(answer) == {"legal", "obligation", "winning", "explanation"}
    assert set(answer["legal"]) <= set(data["hand"])


@given(scenarios(), st.sampled_from(["ruleset", "overrides", "trump", "hand", "trick",
                                     "stock_left"]), ANY)
def test_a_corrupted_scenario_is_valid_or_a_tute_error(scenario: Scenario, key: str,
                                                       value: Any) -> None:
    data = scenario.to_json()
    data[key] = value
    try:
        Scenario.from_json(data)
    except TuteError as error:
        assert error.message and "\n" not in error.message


@given(st.text(max_size=60))
def test_any_text_is_a_scenario_or_a_tute_error(text: str) -> None:
    try:
        Scenario.from_text(text)
    except TuteError:
        pass
    else:
        assert text.strip().startswith("{")


def test_rules_know_their_preset_and_overrides_and_stay_hashable() -> None:
    rules = find_rules("las40", {"partner_exemption": True, "match": "points:3"})
    assert rules.ruleset == "las40"
    assert rules.overrides == (("partner_exemption", True),)  # match:points:3 is the preset's
    assert rules.overrides_dict() == {"partner_exemption": True}
    assert "ruleset" not in rules.flags() and "overrides" not in rules.flags()
    assert "ruleset" not in FLAG_NAMES and "overrides" not in FLAG_NAMES
    assert hash(rules) == hash(find_rules("las40", {"partner_exemption": True}))
    assert find_rules("clasico") != find_rules("estricto", {
        "overtake_when_trumped": False, "cante_by": "team", "cantes_per_trick": "per_player",
        "tute_timing": "team_first_trick"})  # the same flags under another name
    with pytest.raises(RulesError):
        find_rules("clasico", {"ruleset": "a-dos"})
