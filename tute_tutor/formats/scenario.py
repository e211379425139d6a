"""Scenarios: one decision point ("which card may you play?") (docs/FORMATS.md, "Scenario").

>>> s = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c", "5b"],
...                         "trick": ["10c"]})
>>> s.analyse().obligation
'montar'
>>> Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "12c"]})
Traceback (most recent call last):
...
tute_tutor.engine.errors.ScenarioError: card 12c appears twice in the scenario
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tute_tutor.engine.cards import SUIT_LETTERS, Card, parse_cards, suit_from_letter
from tute_tutor.engine.errors import NotationError, RulesError, ScenarioError, TuteError
from tute_tutor.engine.legal import PlayAnalysis, analyse_play
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.inputs import InputError, parse_json, shown
from tute_tutor.words.explain import explain

SCENARIO_KEYS = frozenset({"ruleset", "overrides", "trump", "hand", "trick", "stock_left"})


@dataclass(frozen=True)
class Scenario:
    """A hand to play from, the cards on the table and the rules: one decision."""

    ruleset: str
    trump: int
    hand: tuple[Card, ...]
    trick: tuple[Card, ...] = ()
    overrides: Mapping[str, Any] = field(default_factory=dict)
    stock_left: int = 0

    def __post_init__(self) -> None:
        self.validate()

    @property
    def rules(self) -> Rules:
        """The rule set with its overrides."""
        return find_rules(self.ruleset, self.overrides)

    def validate(self) -> None:
        """Raise :class:`ScenarioError` (one line naming the bad value) if impossible."""
        rules = self.rules
        seen: set[Card] = set()
        for card in (*self.hand, *self.trick):
            if card in seen:
                raise ScenarioError(f"card {card} appears twice in the scenario")
            seen.add(card)
            if rules.players == 3 and str(card) == "2o":
                raise ScenarioError("card 2o is not in the deck of tute a tres (39 cards)")
        if not self.hand:
            raise ScenarioError("the hand is empty: give at least one card")
        if len(self.hand) > rules.hand_size:
            raise ScenarioError(
                f"a hand of {len(self.hand)} cards is too big: at most {rules.hand_size} "
                f"with {rules.players} players"
            )
        if len(self.trick) >= rules.players:
            raise ScenarioError(
                f"a trick of {len(self.trick)} cards is too long: at most "
                f"{rules.players - 1} cards before your turn with {rules.players} players"
            )
        if not isinstance(self.stock_left, int) or isinstance(self.stock_left, bool) \
                or not 0 <= self.stock_left <= 24:
            raise ScenarioError(f"stock_left {shown(self.stock_left)} must be a whole number 0-24")
        if self.stock_left and not rules.has_stock:
            raise ScenarioError(f"stock_left {self.stock_left} only applies to a-dos")
        if self.stock_left % 2:
            raise ScenarioError(
                f"stock_left {self.stock_left} cannot happen: the stock (face-up card "
                "included) starts at 24 and two cards are drawn after each trick"
            )
        if self.stock_left and len(self.hand) != rules.hand_size:
            raise ScenarioError(
                f"a hand of {len(self.hand)} cards cannot happen while the stock lasts: "
                f"every player holds {rules.hand_size} before playing"
            )
        if type(self.trump) is not int or not 0 <= self.trump < 4:
            raise ScenarioError(f"trump {shown(self.trump)} is not a suit")

    def analyse(self) -> PlayAnalysis:
        """Legal cards, obligation and refusals for this decision."""
        return analyse_play(self.hand, self.trick, self.trump, self.rules, self.stock_left)

    def answer(self, lang: str = "es") -> dict[str, Any]:
        """The answer of ``tute-tutor legal`` (docs/FORMATS.md, "tute-tutor legal")."""
        analysis = self.analyse()
        return {**analysis.to_json(), "explanation": explain(analysis, lang)}

    def to_json(self) -> dict[str, Any]:
        """The scenario in the JSON shape of docs/FORMATS.md, "Scenario"."""
        return {
            "ruleset": self.ruleset,
            "overrides": dict(self.overrides),
            "trump": SUIT_LETTERS[self.trump],
            "hand": [str(c) for c in self.hand],
            "trick": [str(c) for c in self.trick],
            "stock_left": self.stock_left,
        }

    @classmethod
    def from_json(cls, data: object) -> Scenario:
        """Build and validate a scenario from parsed JSON; errors are ``TuteError``."""
        if not isinstance(data, Mapping):
            raise ScenarioError("a scenario must be a JSON object with ruleset, trump and hand")
        unknown = sorted(str(k) for k in data if k not in SCENARIO_KEYS)
        if unknown:
            raise ScenarioError(f"unknown scenario key {shown(unknown[0])}")
        for key in ("ruleset", "trump", "hand"):
            if key not in data:
                raise ScenarioError(f"the scenario has no '{key}'")
        ruleset = data["ruleset"]
        overrides = data.get("overrides")
        if overrides is None:
            overrides = {}
        if not isinstance(overrides, Mapping):
            raise RulesError(f"overrides must be an object of flag: value, not {shown(overrides)}")
        find_rules(ruleset, overrides)  # names the bad preset or flag first
        hand = _card_list(data["hand"], "hand")
        trick_raw = data.get("trick")
        trick = _card_list([] if trick_raw is None else trick_raw, "trick")
        stock_left = data.get("stock_left", 0)
        if stock_left is None:
            stock_left = 0
        return cls(ruleset=ruleset, trump=suit_from_letter(data["trump"]), hand=tuple(hand),
                   trick=tuple(trick), overrides=dict(overrides), stock_left=stock_left)

    @classmethod
    def from_text(cls, text: str) -> Scenario:
        """Parse and validate a scenario from JSON text."""
        try:
            data = parse_json(text, what="the scenario")
        except InputError as error:
            raise ScenarioError(error.message) from None
        return cls.from_json(data)


def _card_list(value: object, key: str) -> list[Card]:
    if isinstance(value, str):
        return parse_cards(value)
    if not isinstance(value, list):
        raise ScenarioError(f"'{key}' must be a list of card codes, not {shown(value)}")
    try:
        return parse_cards(value)
    except NotationError as error:
        raise NotationError(f"{key}: {error}") from None


__all__ = ["Scenario", "TuteError"]
