"""Rule knowledge lives once: every rule flag has one label per language, in one place,
and the screens that list legality flags read the engine's list instead of repeating it."""

from __future__ import annotations

import pytest

from tute_tutor.engine.variants import FLAG_NAMES, PLAY_EXAMPLES, PLAY_FLAGS, Rules
from tute_tutor.words.catalog import LANGUAGES, catalogue


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_flag_has_exactly_one_label_and_one_help_per_language(lang: str) -> None:
    keys = catalogue(lang)
    for flag in FLAG_NAMES:
        named = sorted(key for key in keys
                       if flag in key.split(".") and ".choice." not in f".{key}")
        assert named == [f"settings.flag.{flag}.help", f"settings.flag.{flag}.label"], flag
        assert keys[f"settings.flag.{flag}.label"].strip()


def test_legality_flags_are_the_true_or_false_flags_each_with_an_example() -> None:
    defaults = Rules().flags()
    assert set(PLAY_FLAGS) == {name for name, value in defaults.items() if value is False}
    assert set(PLAY_EXAMPLES) == set(PLAY_FLAGS)


def test_settings_builder_and_rule_book_list_the_engines_legality_flags() -> None:
    from tute_tutor.teach import rulebook
    from tute_tutor.ui import builder

    assert builder.FLAGS == PLAY_FLAGS
    assert rulebook.PLAY_FLAGS == PLAY_FLAGS
    assert {flag for flag, values in rulebook.FLAG_VALUES.items()
            if values == (False, True)} == set(PLAY_FLAGS)
