"""Grading of lesson scenarios: "which is better?" accepts only the engine's best card,
"which cards may you play?" takes every legal card, and the judge's reasons hold."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from tute_tutor.engine.cards import Card, parse_cards
from tute_tutor.formats.scenario import Scenario
from tute_tutor.teach import grading
from tute_tutor.teach.grading import TOLERANCE, card_values, solver_best
from tute_tutor.teach.lessons import (
    LESSONS_DIR,
    Block,
    LessonError,
    best_plays,
    check_main,
    judge_plays,
    judgement_lines,
    load_lessons,
    parse_lesson,
)

LESSONS, _ = load_lessons(LESSONS_DIR)
BLOCKS = [(lesson.id, i, block) for lesson in LESSONS for i, block in enumerate(lesson.blocks)
          if block.kind == "scenario"]
BEST_BLOCKS = [item for item in BLOCKS if item[2].ask == "best"]


def scenario(**spec: Any) -> Scenario:
    return Scenario.from_json({"ruleset": "clasico", **spec})


def codes(cards: Any) -> list[str]:
    return [str(card) for card in cards]


# --------------------------------------------------------------------- the judge's rules


def test_a_lost_trick_is_better_fed_the_card_with_fewest_points() -> None:
    # The opponent's ace wins and only its partner plays after you.
    s = scenario(trump="b", hand=["3e", "6e", "12b", "4o"], trick=["10e", "1e"])
    assert codes(best_plays(s)) == ["6e"]
    by_card = {str(j.card): j for j in judge_plays(s)}
    assert by_card["6e"].outcome == by_card["3e"].outcome == "theirs"
    assert by_card["3e"].value < by_card["6e"].value


def test_loading_your_partners_ace_is_not_better_while_an_opponent_may_still_trump() -> None:
    # Partner leads the ace of cups, an opponent follows, the last opponent is still to
    # play and may hold no cups: loading the king risks it.
    s = scenario(trump="o", hand=["12c", "4c", "6b"], trick=["1c", "3c"])
    assert codes(best_plays(s)) == ["4c"]
    assert all(j.outcome == "open" for j in judge_plays(s))


def test_loading_your_partners_ace_is_better_when_you_play_last() -> None:
    s = scenario(trump="o", hand=["12c", "4c", "6b"], trick=["3c", "1c", "5c"])
    assert codes(best_plays(s)) == ["12c"]
    assert {j.outcome for j in judge_plays(s)} == {"ours"}


def test_breaking_up_a_cante_costs_its_worth() -> None:
    s = scenario(trump="o", hand=["12o", "11o", "2o", "7b"], trick=["5c"])
    judged = {str(j.card): j for j in judge_plays(s)}
    assert codes(best_plays(s)) == ["2o"]
    assert judged["12o"].broken == ("forty",) and judged["12o"].cante_loss == 40
    assert judged["2o"].broken == ()


def test_breaking_up_a_tute_costs_the_whole_hand() -> None:
    s = Scenario.from_json({"ruleset": "a-dos", "trump": "b", "stock_left": 10,
                            "hand": ["12o", "12c", "12e", "12b", "4o", "5c", "6e", "7b"],
                            "trick": ["1c"]})
    judged = {str(j.card): j for j in judge_plays(s)}
    assert codes(best_plays(s)) == ["7b"]
    # The king of clubs would take the trick and more points, but ends the tute.
    assert judged["12b"].outcome == "ours" and judged["12b"].stake > judged["7b"].stake
    assert "tute" in judged["12b"].broken


def test_no_cantes_count_once_the_two_player_stock_is_gone() -> None:
    s = Scenario.from_json({"ruleset": "a-dos", "trump": "b", "stock_left": 0,
                            "hand": ["12c", "11c", "2c"], "trick": ["10c"]})
    assert all(j.cante_loss == 0 for j in judge_plays(s))


def test_on_equal_points_the_card_that_keeps_a_trump_is_better() -> None:
    s = Scenario.from_json({"ruleset": "a-dos", "trump": "b", "stock_left": 14, "trick": [],
                            "hand": ["1o", "3o", "4c", "2e", "12e", "11e", "7b", "5b"]})
    best = best_plays(s)
    assert codes(best) == ["4c", "2e"]
    judged = {str(j.card): j for j in judge_plays(s)}
    assert judged["7b"].value == judged["4c"].value and judged["7b"].is_trump


def test_a_trick_nobody_can_take_is_sure_for_your_side() -> None:
    # You hold the ace of trumps: the three of trumps cannot be beaten either.
    s = scenario(trump="o", hand=["1o", "3o", "12o", "7o", "5o", "4c", "6e", "2b"], trick=[])
    judged = {str(j.card): j for j in judge_plays(s)}
    assert judged["1o"].outcome == judged["3o"].outcome == "ours"
    assert judged["7o"].outcome == "open"  # the knight of coins is still out


def test_judgement_names_the_best_card_and_every_legal_card_in_both_languages() -> None:
    s = scenario(trump="b", hand=["3e", "6e", "12b", "4o"], trick=["10e", "1e"])
    for lang in ("es", "en"):
        lines = judgement_lines(s, lang)
        assert len(lines) == 1 + len(s.analyse().legal)
        assert Card.parse("6e").name(lang) in lines[0]
        assert all("explain.judge" not in line for line in lines)


# --------------------------------------------------------------------- shipped blocks


@pytest.mark.parametrize(("lesson_id", "index", "block"), BEST_BLOCKS,
                         ids=[f"{lid}-b{i}" for lid, i, _ in BEST_BLOCKS])
def test_best_block_accepts_every_card_the_solver_finds_best(lesson_id: str, index: int,
                                                             block: Block) -> None:
    """The declared best cards are the solver's verdict over the sampled deals (or the
    computer's playouts with the stock open): every card within the tolerance of the
    best value is accepted, and no other."""
    s = block.scenario
    assert s is not None
    legal = s.analyse().legal
    rated = dict(card_values(s))
    top = max(rated.values())
    assert set(block.best) == set(solver_best(s)), (lesson_id, index, rated)
    worse = [card for card in legal if card not in block.best]
    assert worse, "a best question needs a worse legal card"
    for card in block.best:
        assert block.is_right([card]) and rated[card] >= top - TOLERANCE
    for card in worse:
        assert rated[card] < top - TOLERANCE
        assert not block.is_right([card]), f"{card} is worse"
    for card in s.hand:
        if card not in legal:
            assert not block.is_right([card])
    assert not block.is_right((*block.best, worse[0]))
    assert block.judgement("es") and block.judgement("en")


def test_estrategia_block_4_accepts_the_ace_three_and_king_of_trumps() -> None:
    """The three trumps nobody else can beat are worth exactly the same (audit S1)."""
    block = next(b for lid, i, b in BEST_BLOCKS if lid == "estrategia" and i == 3)
    for code in ("1o", "3o", "12o"):
        assert block.is_right(parse_cards([code])), code
    for code in ("7o", "5o", "4c"):
        assert not block.is_right(parse_cards([code])), code
    rated = dict(card_values(block.scenario))
    assert rated[Card.parse("1o")] == rated[Card.parse("3o")] == rated[Card.parse("12o")]
    for lang in ("es", "en"):
        assert all(Card.parse(c).name(lang) in block.judgement(lang)[0]
                   for c in ("1o", "3o", "12o"))


def test_cards_worth_the_same_in_every_deal_are_all_best() -> None:
    # Four players, you play last without the suit led: the ace and the three of trumps
    # both take the trick whatever the others hold, and its points with it.
    s = scenario(trump="o", hand=["1o", "3o"], trick=["5c", "1c", "6c"])
    rated = dict(card_values(s))
    assert rated[Card.parse("1o")] == rated[Card.parse("3o")]
    assert set(codes(solver_best(s))) == {"1o", "3o"}


def test_the_verdict_is_the_same_on_every_run() -> None:
    s = scenario(trump="b", hand=["3e", "6e", "12b", "4o"], trick=["10e", "1e"])
    first = card_values(s)
    grading._card_values.cache_clear()
    assert card_values(s) == first


def test_shipped_lessons_ask_for_the_best_card_somewhere() -> None:
    assert len(BEST_BLOCKS) >= 10


@pytest.mark.parametrize(("lesson_id", "index", "block"), BLOCKS,
                         ids=[f"{lid}-b{i}" for lid, i, _ in BLOCKS])
def test_scenario_block_grading_follows_what_it_asks(lesson_id: str, index: int,
                                                     block: Block) -> None:
    s = block.scenario
    assert s is not None
    legal = set(s.analyse().legal)
    if block.ask == "all":
        assert block.is_right(legal)
        for card in s.hand:
            if len(legal) > 1 or card not in legal:
                assert not block.is_right(legal ^ {card})
    elif block.ask == "one":
        for card in s.hand:
            assert block.is_right([card]) == (card in legal)
        assert block.judgement("es") == []


# --------------------------------------------------------------------- the file format

BASE = '''
id = "demo"
order = 1
title = { es = "Prueba", en = "Demo" }
summary = { es = "Una baza.", en = "One trick." }
[[block]]
kind = "scenario"
prompt = { es = "¿Cuál?", en = "Which?" }
'''


def load_block(extra: str) -> Block:
    return parse_lesson(BASE + extra, Path("lessons/demo.toml")).blocks[0]


def test_best_block_loads_with_the_declared_best_card() -> None:
    block = load_block('ask = "best"\nbest = ["6e"]\nscenario = { ruleset = "clasico", '
                       'trump = "b", hand = ["3e", "6e"], trick = ["10e", "1e"] }\n')
    assert block.ask == "best"
    assert block.is_right(parse_cards(["6e"]))
    assert not block.is_right(parse_cards(["3e"]))


@pytest.mark.parametrize(("extra", "fragment"), [
    ('ask = "best"\nbest = ["12b"]\nscenario = { ruleset = "clasico", trump = "b", '
     'hand = ["3e", "6e", "12b"], trick = ["10e", "1e"] }\n',
     "best 12b must be legal cards here (3e, 6e)"),
    ('ask = "best"\nscenario = { ruleset = "clasico", trump = "b", '
     'hand = ["4e", "6e"], trick = ["10e", "1e"] }\n', "every legal card is equally good"),
    ('ask = "some"\nscenario = { ruleset = "clasico", trump = "b", hand = ["4e"] }\n',
     "ask 'some' must be one of one, all, best"),
    ('best = ["4e"]\nscenario = { ruleset = "clasico", trump = "b", hand = ["4e"] }\n',
     "'best' only goes with ask"),
    ('ask = "best"\nbest = ["13e"]\nscenario = { ruleset = "clasico", trump = "b", '
     'hand = ["3e", "6e"], trick = ["10e", "1e"] }\n', "best: '13e' is not a card code"),
])
def test_bad_best_block_is_one_clear_error(extra: str, fragment: str) -> None:
    with pytest.raises(LessonError) as caught:
        load_block(extra)
    assert fragment in str(caught.value)
    assert len(str(caught.value).splitlines()) == 1


def test_explanation_of_a_scenario_block_is_kept_for_after_the_answer() -> None:
    block = load_block('scenario = { ruleset = "clasico", trump = "b", hand = ["4e"] }\n'
                       'explanation = { es = "Después.", en = "Afterwards." }\n')
    assert block.explanation == {"es": "Después.", "en": "Afterwards."}


def test_every_shipped_best_block_declares_its_best_cards() -> None:
    for path in sorted(LESSONS_DIR.glob("*.toml")):
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        for table in raw["block"]:
            if table.get("ask") == "best":
                assert "best" in table, (path.name, table["prompt"]["en"])


def test_the_check_command_with_solve_catches_a_declared_best_the_solver_refutes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = ('ask = "best"\nbest = ["{}"]\nscenario = {{ ruleset = "clasico", trump = "b", '
            'hand = ["3e", "6e"], trick = ["10e", "1e"] }}\n')
    right = tmp_path / "right.toml"
    right.write_text(BASE + spec.format("6e"), encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(BASE.replace('"demo"', '"demo-two"') + spec.format("3e"), encoding="utf-8")
    assert check_main([str(wrong)]) == 0  # without --solve only legality is checked
    capsys.readouterr()
    assert check_main(["--solve", str(right)]) == 0
    assert check_main(["--solve", str(wrong)]) == 2
    assert "block 1: the solver finds the best card(s) 6e, not 3e" in capsys.readouterr().out
