"""Generated questions agree with the rules computed independently here.

Every checker below works from the question's public JSON (the scenario of
docs/FORMATS.md, "Scenario", or the tute-hand/1 record) and a second, plain reading of
the rules (tests/quiz/oracle.py) or the replay summary, never from the quiz's or the
engine's own answer path.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.quiz.oracle import POINTS, read_rules, winner_position
from tute_tutor.cli.main import main
from tute_tutor.engine.cards import SUIT_LETTERS, Card, parse_cards
from tute_tutor.engine.variants import PRESETS, find_rules
from tute_tutor.formats.record import replay, replay_game
from tute_tutor.quiz.generator import (
    KINDS,
    QuizError,
    generate_question,
    generate_quiz,
    generate_scenario,
    kinds_for,
    obligations_for,
    question_seed,
)


def oracle_legal(hand: list[Card], trick: list[Card], trump: int, ruleset: str,
                 overrides: dict[str, Any], stock_left: int = 0) -> set[str]:
    """The legal cards by the plain reading of the rules (tests/quiz/oracle.py)."""
    return set(read_rules(hand, trick, trump, find_rules(ruleset, overrides), stock_left).legal)


def scenario_parts(s: dict[str, Any]) -> tuple[list[Card], list[Card], int]:
    return parse_cards(s["hand"]), parse_cards(s["trick"]), SUIT_LETTERS.index(s["trump"])


def oracle_obligations(s: dict[str, Any]) -> set[str]:
    """The obligation by the plain reading of the rules, for a scenario's JSON."""
    hand, trick, trump = scenario_parts(s)
    rules = find_rules(s["ruleset"], s["overrides"])
    return {read_rules(hand, trick, trump, rules, s["stock_left"]).obligation}


def oracle_cante(record: dict[str, Any], seat: int) -> set[str]:
    """What ``seat`` may sing at the end of ``record`` (docs/RULES.md, "Cantes")."""
    rules = find_rules(record["ruleset"], record["overrides"])
    game = replay_game(record)
    summary = replay(record)
    plays = sum(1 for e in record["events"] if "play" in e)
    last_is_play = bool(record["events"]) and "play" in record["events"][-1]
    moment = plays > 0 and plays % rules.players == 0 and last_is_play
    if not moment:
        return {"none"}
    if rules.has_stock and game.stock_left == 0:
        return {"none"}
    winner = summary["tricks"][-1]["winner"]
    side = rules.team_of
    if side(seat) != side(winner):
        return {"none"}
    only_winner = rules.cante_by == "trick_winner" or rules.players != 4
    hand = game.hand(seat)
    ranks = {(c.rank, c.suit) for c in hand}
    tute = all((12, s) in ranks for s in range(4)) or all((11, s) in ranks for s in range(4))
    if tute:
        if rules.tute_timing == "team_first_trick":
            won = sum(1 for t in summary["tricks"] if side(t["winner"]) == side(seat))
            if won == 1:
                return {"tute"}
        elif not only_winner or seat == winner:
            return {"tute"}
    if only_winner and seat != winner:
        return {"none"}
    sung = {SUIT_LETTERS.index(c["suit"]) for c in summary["cantes"]}
    pairs = [s for s in range(4) if s not in sung and (12, s) in ranks and (11, s) in ranks]
    trump = Card.parse(record["trump_card"]).suit
    if trump in pairs:
        return {"40"}
    return {f"20{SUIT_LETTERS[s]}" for s in pairs} or {"none"}


# --------------------------------------------------------------------------- checks
def check_question(q: dict[str, Any]) -> None:
    """Assert that one question's answer is the rules' answer, and the only one."""
    kind = q["kind"]
    assert q["options"] and len(set(q["options"])) == len(q["options"])
    assert set(q["answer"]) <= set(q["options"])
    assert q["explanation"] and q["prompt"]
    if kind != "legal":
        assert len(q["answer"]) == 1, "a one-answer question with several answers"
    if kind in ("legal", "obligation", "renuncio"):
        s = q["scenario"]
        hand, trick, trump = scenario_parts(s)
        legal = oracle_legal(hand, trick, trump, s["ruleset"], s["overrides"], s["stock_left"])
        if kind == "legal":
            assert set(q["answer"]) == legal
            assert set(q["options"]) == {str(c) for c in hand}
        elif kind == "obligation":
            assert oracle_obligations(s) == set(q["answer"])
        else:
            check_renuncio(q, legal)
    elif kind in ("trick_winner", "trick_points"):
        summary = replay(q["record"])
        assert summary["valid"]
        last = summary["tricks"][-1]
        cards = parse_cards(last["cards"])
        assert [str(c) for c in cards] == q["trick"]
        trump = Card.parse(q["record"]["trump_card"]).suit
        if kind == "trick_winner":
            position = winner_position(cards, trump)
            assert q["answer"] == [str(cards[position])]
            players = len(q["record"]["hands"])
            assert (last["leader"] + position) % players == last["winner"]
        else:
            points = sum(POINTS.get(c.rank, 0) for c in cards)
            assert q["answer"] == [str(points)] == [str(last["points"])]
    elif kind == "hand_winner":
        check_hand_winner(q)
    elif kind == "cante":
        assert oracle_cante(q["record"], q["seat"]) == set(q["answer"])
    elif kind == "swap":
        check_swap(q)
    else:  # pragma: no cover
        raise AssertionError(kind)


def check_renuncio(q: dict[str, Any], offender_legal: set[str]) -> None:
    s = q["scenario"]
    rules = find_rules(s["ruleset"], s["overrides"])
    trump = SUIT_LETTERS.index(s["trump"])
    trick = parse_cards(q["trick"])
    assert len(trick) == rules.players
    illegal = []
    for i, card in enumerate(trick):
        hand = parse_cards(q["hands"][i])
        assert card in hand
        if str(card) not in oracle_legal(hand, trick[:i], trump, s["ruleset"], s["overrides"]):
            illegal.append(str(card))
    assert illegal == q["answer"], "exactly the answered card is illegal"
    offender = len(s["trick"])
    assert q["hands"][offender] == s["hand"]
    assert q["answer"][0] not in offender_legal


def check_hand_winner(q: dict[str, Any]) -> None:
    summary = replay(q["record"])
    assert summary["valid"] and summary["finished"]
    rules = find_rules(q["record"]["ruleset"], q["record"]["overrides"])
    sides = 2 if rules.players == 4 else rules.players
    assert "tie" in q["options"] and "tie" not in q["answer"]
    if summary["tute"] is not None:
        expected = rules.team_of(summary["tute"]["seat"])
    else:
        totals = [0] * sides
        for trick in summary["tricks"]:
            totals[rules.team_of(trick["winner"])] += trick["points"]
        for cante in summary["cantes"]:
            totals[rules.team_of(cante["seat"])] += cante["points"]
        last_side = rules.team_of(summary["tricks"][-1]["winner"])
        totals[last_side] += 10
        assert totals == summary["totals"]
        top = max(totals)
        leaders = [s for s in range(sides) if totals[s] == top]
        # A tie goes to the tied side that won the latest trick (docs/RULES.md, "Scoring a hand").
        expected = next(rules.team_of(trick["winner"]) for trick in reversed(summary["tricks"])
                        if rules.team_of(trick["winner"]) in leaders)
    assert q["answer"] == [str(expected)]


def check_swap(q: dict[str, Any]) -> None:
    record = q["record"]
    game = replay_game(record)
    seat = q["seat"]
    summary = replay(record)
    assert summary["tricks"][-1]["winner"] == seat and game.stock_left > 0
    face = game.face_up
    assert face is not None and str(face) == q["face_up"]
    trump = face.suit
    if face.rank in (1, 3, 12, 11, 10):
        needed: Card | None = Card.parse(f"7{SUIT_LETTERS[trump]}")
    elif face.rank in (4, 5, 6, 7):
        needed = Card.parse(f"2{SUIT_LETTERS[trump]}")
    else:
        needed = None
    swapped_now = any("swap" in e for e in record["events"][_moment_start(record):])
    holds = needed is not None and needed in game.hand(seat)
    expected = str(needed) if holds and not swapped_now else "none"
    assert q["answer"] == [expected]


def _moment_start(record: dict[str, Any]) -> int:
    events = record["events"]
    i = len(events)
    while i and "play" not in events[i - 1]:
        i -= 1
    return i


# --------------------------------------------------------------------------- tests
QUIZ_COUNTS = {"legal": 400, "obligation": 400, "renuncio": 250, "trick_winner": 250,
               "trick_points": 200, "hand_winner": 100, "cante": 250, "swap": 150}
PRESET_IDS = list(PRESETS)


def _presets_for(kind: str) -> list[str]:
    return [p for p in PRESET_IDS if kind in kinds_for(find_rules(p))]


@pytest.mark.parametrize("kind", KINDS)
def test_thousands_of_questions_agree_with_the_rules(kind: str) -> None:
    presets = _presets_for(kind)
    for i in range(QUIZ_COUNTS[kind]):
        ruleset = presets[i % len(presets)]
        q = generate_question(kind, 10_000 + i, ruleset, lang="es" if i % 2 else "en",
                              difficulty=1 + i % 3)
        check_question(q.to_json())


@pytest.mark.parametrize("ruleset", PRESET_IDS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_and_preset_gives_checked_questions_or_a_clear_error(
        kind: str, ruleset: str) -> None:
    if kind not in kinds_for(find_rules(ruleset)):
        with pytest.raises(QuizError, match="a-dos"):
            generate_question(kind, 1, ruleset)
        return
    for seed in range(4):
        check_question(generate_question(kind, seed, ruleset, difficulty=3).to_json())


@pytest.mark.parametrize("overrides", [{"partner_exemption": True},
                                       {"overtake_when_trumped": True},
                                       {"trump_when_cannot_overtrump": True},
                                       {"cante_by": "trick_winner", "tute_timing":
                                        "after_won_trick", "cantes_per_trick": "one"}])
def test_flag_overrides_are_respected(overrides: dict[str, Any]) -> None:
    for kind in ("legal", "obligation", "renuncio", "cante"):
        for seed in range(40):
            q = generate_question(kind, seed, find_rules("clasico", overrides),
                                  difficulty=1 + seed % 3)
            data = q.to_json()
            assert data["overrides"] == overrides
            check_question(data)


def test_partner_exemption_questions_exist_when_the_flag_is_on() -> None:
    q = generate_question("obligation", 3, find_rules("clasico", {"partner_exemption": True}),
                          rule="companero")
    assert q.answer == ("companero",)
    check_question(q.to_json())


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_gives_the_same_questions(kind: str) -> None:
    ruleset = "a-dos" if kind == "swap" else "clasico"
    first = [q.to_json() for q in generate_quiz(kind, 42, 3, ruleset, difficulty=2)]
    again = [q.to_json() for q in generate_quiz(kind, 42, 3, ruleset, difficulty=2)]
    assert first == again
    other = [q.to_json() for q in generate_quiz(kind, 43, 3, ruleset, difficulty=2)]
    assert other != first


def test_generate_scenario_gives_the_wanted_obligation_from_a_real_position() -> None:
    import random

    for ruleset in PRESET_IDS:
        rules = find_rules(ruleset)
        for obligation in obligations_for(rules, 2):
            s = generate_scenario(random.Random(obligation), ruleset, obligation=obligation,
                                  difficulty=2)
            assert oracle_obligations(s.to_json()) == {obligation}
            assert len(s.hand) <= rules.hand_size


def test_generate_scenario_refuses_an_obligation_the_rules_never_produce() -> None:
    import random

    with pytest.raises(QuizError, match="companero"):
        generate_scenario(random.Random(1), "clasico", obligation="companero")
    with pytest.raises(QuizError, match="robo"):
        generate_scenario(random.Random(1), "clasico", obligation="robo")


def test_obligations_come_out_balanced() -> None:
    rules = find_rules("clasico")
    wanted = obligations_for(rules, 2)
    counts = Counter(generate_question("obligation", seed, "clasico", difficulty=2).answer[0]
                     for seed in range(300))
    assert set(counts) == set(wanted)
    share = 300 / len(wanted)
    assert all(0.5 * share <= counts[o] <= 1.5 * share for o in wanted), counts


def test_beginner_questions_ask_one_rule_in_a_short_trick() -> None:
    for seed in range(150):
        q = generate_question("legal", seed, "clasico", difficulty=1)
        assert q.rule not in ("pisar", "companero")
        assert q.scenario is not None and len(q.scenario.trick) <= 1


def test_expert_questions_mix_rules_on_a_fuller_table() -> None:
    rules = [generate_question("legal", seed, "clasico", difficulty=3) for seed in range(80)]
    assert all(q.scenario is not None and len(q.scenario.trick) >= 2 for q in rules)
    assert {q.rule for q in rules} >= {"pisar", "montar", "fallar"}


def test_trick_points_options_hold_the_classic_miscounts() -> None:
    for seed in range(60):
        q = generate_question("trick_points", seed, "clasico", difficulty=2)
        values = [int(v) for v in q.options]
        assert values == sorted(values) and len(values) == 4


def test_cli_prints_the_same_questions_as_the_library() -> None:
    out = io.StringIO()
    code = main(["quiz", "--kind", "cante", "--seed", "9", "--count", "3", "--ruleset",
                 "clasico", "--lang", "en", "--difficulty", "2", "--json"], out)
    assert code == 0
    printed = json.loads(out.getvalue())["questions"]
    expected = [q.to_json() for q in generate_quiz("cante", 9, 3, "clasico", lang="en",
                                                   difficulty=2)]
    assert printed == expected
    assert [q["seed"] for q in printed] == [question_seed(9, i) for i in range(3)]
    for q in printed:
        check_question(q)


def test_cli_lists_every_kind() -> None:
    out = io.StringIO()
    assert main(["quiz", "--list-kinds", "--json"], out) == 0
    listed = json.loads(out.getvalue())["kinds"]
    assert [k["kind"] for k in listed] == list(KINDS)
    swap = next(k for k in listed if k["kind"] == "swap")
    assert swap["rulesets"] == ["a-dos"]


@pytest.mark.parametrize("argv, fragment", [
    (["quiz", "--kind", "nope"], "unknown quiz kind"),
    (["quiz", "--kind", "legal", "--count", "0"], "--count"),
    (["quiz", "--kind", "legal", "--count", "many"], "--count"),
    (["quiz", "--kind", "legal", "--seed", "x"], "--seed"),
    (["quiz", "--kind", "legal", "--difficulty", "9"], "difficulty"),
    (["quiz", "--kind", "legal", "--ruleset", "brisca"], "brisca"),
    (["quiz", "--kind", "legal", "--set", "nope=1"], "nope"),
    (["quiz", "--kind", "swap", "--ruleset", "clasico"], "a-dos"),
    (["quiz", "--kind", "legal", "--lang", "fr"], "fr"),
    (["quiz"], "--kind"),
])
def test_cli_bad_flags_exit_2_with_a_json_error(argv: list[str], fragment: str) -> None:
    out = io.StringIO()
    assert main([*argv, "--json"], out) == 2
    error = json.loads(out.getvalue())["error"]
    assert fragment in error["message"] and "\n" not in error["message"]


def test_questions_in_both_languages_have_the_same_answers() -> None:
    for kind in KINDS:
        ruleset = "a-dos" if kind == "swap" else "clasico"
        es = generate_question(kind, 5, ruleset, lang="es", difficulty=2)
        en = generate_question(kind, 5, ruleset, lang="en", difficulty=2)
        assert es.answer == en.answer and es.options == en.options
        assert es.explanation != en.explanation


def test_hand_winner_covers_cantes_last_trick_and_tute() -> None:
    seen = set()
    for rule in ("hand_points", "hand_cantes", "hand_ultimas", "hand_tute"):
        q = generate_question("hand_winner", 7, "clasico", rule=rule, difficulty=2)
        data = q.to_json()
        check_hand_winner(data)
        summary = replay(data["record"])
        if rule == "hand_tute":
            assert summary["tute"] is not None
        if rule == "hand_cantes":
            assert summary["cantes"]
        seen.add(q.rule)
    assert len(seen) == 4


@pytest.mark.parametrize("rule", ["cante_20", "cante_40", "cante_timing", "cante_sung",
                                  "cante_split", "cante_tute"])
def test_every_cante_topic_is_generated_and_checked(rule: str) -> None:
    for seed in range(5):
        q = generate_question("cante", seed, "clasico", rule=rule, difficulty=2)
        assert q.rule == rule
        check_question(q.to_json())


@given(kind=st.sampled_from(KINDS), preset=st.sampled_from(PRESET_IDS),
       seed=st.integers(min_value=0, max_value=2**40), level=st.sampled_from([1, 2, 3]))
@settings(max_examples=40)
def test_any_seed_kind_and_preset_gives_a_checked_question(kind: str, preset: str, seed: int,
                                                          level: int) -> None:
    if kind not in kinds_for(find_rules(preset)):
        return
    check_question(generate_question(kind, seed, preset, difficulty=level).to_json())


@given(seed=st.text(max_size=8),
       count=st.one_of(st.sampled_from(["0", "1", "2", "-1", "x", "1.5", " 3", "", "1e3",
                                        "1001", "٣"]),
                       st.text(alphabet="ab -.,", max_size=4)),
       level=st.text(max_size=6))
@settings(max_examples=60)
def test_cli_flags_never_give_a_traceback(seed: str, count: str, level: str) -> None:
    out = io.StringIO()
    args = ["quiz", "--kind", "trick_points", f"--seed={seed}", f"--count={count}",
            f"--difficulty={level}", "--json"]
    code = main(args, out)
    data = json.loads(out.getvalue())
    if code == 0:
        assert len(data["questions"]) == int(count)
    else:
        assert code == 2 and "\n" not in data["error"]["message"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_rule_and_kind_has_a_name_in_both_languages(lang: str) -> None:
    from tute_tutor.quiz.generator import all_rules, kind_label, kinds_training, rule_label

    for preset in PRESET_IDS:
        rules = find_rules(preset, {"partner_exemption": True} if preset != "a-dos" else None)
        for rule in all_rules(rules):
            assert not rule_label(rule, lang).startswith("quiz."), rule
            assert kinds_training(rule, rules), rule
    for kind in KINDS:
        assert not kind_label(kind, lang).startswith("quiz."), kind
