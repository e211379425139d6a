"""Engine errors in words: every reason the engine raises has its sentence in both
languages, filled from the error's data."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tute_tutor.engine.errors as errors_module
from tute_tutor.engine.cards import Card, parse_cards, suit_from_letter
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.inputs import parse_flag_text
from tute_tutor.words.catalog import LANGUAGES, catalogue
from tute_tutor.words.errors import error_text

ENGINE = Path(__file__).resolve().parents[2] / "tute_tutor" / "engine"


def _codes() -> dict[str, str]:
    """Error class name -> its code, for every TuteError class of the engine."""
    import tute_tutor.engine.match as match

    classes = [*vars(errors_module).values(), match.MatchError]
    return {c.__name__: c.code for c in classes
            if isinstance(c, type) and issubclass(c, TuteError)}


def raised_reasons() -> list[tuple[str, str, bool]]:
    """(code, reason, is_prefix) for every error the engine's sources raise with a reason."""
    codes = _codes()
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in codes):
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            code_node = keywords.get("code")
            code = code_node.value if isinstance(code_node, ast.Constant) else \
                codes[node.func.id]
            reason = keywords.get("reason")
            if isinstance(reason, ast.Constant):
                found.append((str(code), str(reason.value), False))
            elif isinstance(reason, ast.JoinedStr):
                first = reason.values[0]
                assert isinstance(first, ast.Constant)
                found.append((str(code), str(first.value), True))
    return found


def test_the_scan_finds_the_engines_errors() -> None:
    found = raised_reasons()
    assert ("bad_card", "bad_rank", False) in found
    assert ("bad_cante", "cannot_sing_", True) in found
    assert len(found) > 40


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_the_engine_raises_has_a_sentence(lang: str) -> None:
    keys = catalogue(lang)
    missing = []
    for code, reason, is_prefix in raised_reasons():
        if (code, reason) == ("renuncio", "refused"):
            continue  # explained from the analysis by words.explain.explain_refusal
        key = f"errors.{code}.{reason}"
        if not (any(k.startswith(key) for k in keys) if is_prefix else key in keys):
            missing.append(key)
    assert not missing


@pytest.mark.parametrize(("action", "english", "spanish"), [
    (lambda: Card.parse("9c"), "'9c' is not a card code: ranks are 1-7, 10, 11 and 12",
     "'9c' no es una carta"),
    (lambda: parse_cards(7), "a list of cards must be text like '12c,4c' or a list, not 7",
     "no 7"),
    (lambda: suit_from_letter("x"), "'x' is not a suit: use o, c, e or b", "'x' no es un palo"),
    (lambda: find_rules("nope"), "unknown rule set 'nope' (known: clasico, las40,",
     "no existe el reglamento 'nope' (hay: clasico, las40,"),
    (lambda: find_rules("clasico", {"match": "x"}),
     "flag 'match' takes hands:N, points:N, ludoteka:N or streak, not 'x'", "no 'x'"),
    (lambda: parse_flag_text("partner_exemption"), "'partner_exemption' is not FLAG=VALUE",
     "'partner_exemption' no tiene la forma REGLA=VALOR"),
])
def test_an_error_names_the_offending_input_in_either_language(
        action: object, english: str, spanish: str) -> None:
    with pytest.raises(TuteError) as info:
        action()  # type: ignore[operator]
    assert info.value.message.startswith(english) and "\n" not in info.value.message
    assert str(info.value) == error_text(info.value) == error_text(info.value, "en")
    assert spanish in error_text(info.value, "es")


def test_an_error_of_a_layer_above_the_engine_keeps_its_own_message() -> None:
    error = TuteError("cannot read x.json: no such file", code="bad_file")
    assert error_text(error, "es") == error.message == "cannot read x.json: no such file"
