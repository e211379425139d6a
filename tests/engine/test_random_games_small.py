"""Random whole hands of tute a tres and tute a dos, fully checked."""

from __future__ import annotations

from .random_checks import run_random_games


def test_random_hands_of_tute_a_tres() -> None:
    seen = run_random_games("a-tres", range(400))
    assert seen["hands"] == 400 and seen["cantes"] > 0


def test_random_hands_of_tute_a_dos() -> None:
    seen = run_random_games("a-dos", range(700))
    assert seen["hands"] == 700
    assert seen["swaps"] > 0 and seen["cantes"] > 0


def test_random_hands_of_tute_a_dos_with_overrides() -> None:
    flags = {"trump_when_cannot_overtrump": True, "overtake_when_trumped": True}
    assert run_random_games("a-dos", range(5000, 5200), flags)["hands"] == 200
