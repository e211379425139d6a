"""Random whole hands of every four-player preset (and flag variants), fully checked."""

from __future__ import annotations

import pytest

from .random_checks import run_random_games


@pytest.mark.parametrize("ruleset", ["clasico", "las40", "ludoteka", "estricto"])
def test_random_hands_of_every_four_player_preset(ruleset: str) -> None:
    seen = run_random_games(ruleset, range(300))
    assert seen["hands"] == 300
    assert seen["cantes"] > 0


@pytest.mark.parametrize("flags", [{"partner_exemption": True},
                                   {"trump_when_cannot_overtrump": True},
                                   {"overtake_when_trumped": True, "cante_by": "trick_winner"},
                                   {"tute_timing": "after_won_trick", "cantes_per_trick": "one"}])
def test_random_hands_with_flag_overrides(flags: dict[str, object]) -> None:
    assert run_random_games("clasico", range(1000, 1150), flags)["hands"] == 150
