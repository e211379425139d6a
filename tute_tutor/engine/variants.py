"""Rules as data: one frozen :class:`Rules` value with every flag of docs/RULES.md, "Rule flags".

Presets live in a registry looked up by id; code asks a flag, never a preset name.

>>> rules = find_rules("clasico", {"partner_exemption": True})
>>> rules.partner_exemption, rules.players
(True, 4)
>>> rules.ruleset, rules.overrides_dict()
('clasico', {'partner_exemption': True})
>>> find_rules("clasico", {"partner_exemptoin": True})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tute_tutor.engine.errors.RulesError: unknown rule flag 'partner_exemptoin' (known: ...)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from tute_tutor.engine.errors import RulesError

CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "cante_by": ("team", "trick_winner"),
    "cantes_per_trick": ("per_player", "one"),
    "tute_timing": ("team_first_trick", "after_won_trick"),
    "next_dealer": ("next", "last_trick_winner"),
}
_MATCH_RE: Final = re.compile(r"^(hands|points|ludoteka):([1-9][0-9]?)$")
_EXAMPLE: Final = "example"


def _play_flag(example: tuple[str, str, str, str]) -> Any:
    """A legality flag: true or false, it changes which cards may be played.

    ``example`` is one decision where it does, for the rule book: (trump letter, hand,
    trick, the card that is legal under one setting only).
    """
    return field(default=False, metadata={_EXAMPLE: example})


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule flag (docs/RULES.md, "Rule flags"). ``players`` is fixed by the preset.

    A value made by :func:`find_rules` also knows its name: ``ruleset``, the preset id, and
    ``overrides``, the flags where it differs from that preset as sorted (flag, value) pairs
    (canonical and hashable; :meth:`overrides_dict` gives them as a dict). Neither is a flag.
    """

    ruleset: str = "clasico"
    overrides: tuple[tuple[str, Any], ...] = ()
    players: int = 4
    overtake_when_trumped: bool = _play_flag(("o", "12c,4c,5b", "10c,2o", "4c"))
    trump_when_cannot_overtrump: bool = _play_flag(("o", "2o,5b,7e", "4c,1o", "5b"))
    partner_exemption: bool = _play_flag(("o", "2o,12o,7e,3b", "1c,4c", "7e"))
    cante_by: str = "team"
    cantes_per_trick: str = "per_player"
    tute_timing: str = "team_first_trick"
    tute_award: str | int = "hand"
    match: str = "hands:3"
    next_dealer: str = "next"
    first_hand_trump: str | None = None

    # Derived facts, asked by the engine instead of the player count.
    @property
    def has_stock(self) -> bool:
        """Two-player tute: a stock to draw from, free play while it lasts."""
        return self.players == 2

    @property
    def has_teams(self) -> bool:
        """Four players: two teams of partners sitting opposite."""
        return self.players == 4

    @property
    def has_partner_exemption(self) -> bool:
        """The flag partner_exemption where it means something: four players, partners."""
        return self.partner_exemption and self.has_teams

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 10, 13 or 8."""
        return {4: 10, 3: 13, 2: 8}[self.players]

    @property
    def deck_size(self) -> int:
        """Cards in play: 40, or 39 in tute a tres."""
        return 39 if self.players == 3 else 40

    @property
    def tricks_per_hand(self) -> int:
        """Tricks in a whole hand: 10, 13 or 20."""
        return self.deck_size // self.players

    def team_of(self, seat: int) -> int:
        """Team number of a seat: seats {0, 2} and {1, 3} in 4 players, else the seat."""
        return seat % 2 if self.players == 4 else seat

    def partner_of(self, seat: int) -> int | None:
        """The partner's seat in 4 players, None otherwise."""
        return (seat + 2) % 4 if self.players == 4 else None

    @property
    def sides(self) -> int:
        """How many sides score: 2 teams in 4 players, else one per seat."""
        return 2 if self.players == 4 else self.players

    def flags(self) -> dict[str, Any]:
        """Every overridable flag with its value."""
        return {name: getattr(self, name) for name in FLAG_NAMES}

    def overrides_dict(self) -> dict[str, Any]:
        """The overrides of the preset as a dict of flag: value (the JSON shape)."""
        return dict(self.overrides)


_NOT_FLAGS: Final = ("ruleset", "overrides", "players")

PRESETS: Final[dict[str, Rules]] = {
    "clasico": Rules(),
    "las40": Rules("las40", tute_award=2, match="points:3", next_dealer="last_trick_winner"),
    "ludoteka": Rules("ludoteka", tute_award=2, match="ludoteka:6", first_hand_trump="o"),
    "estricto": Rules("estricto", overtake_when_trumped=True, cante_by="trick_winner",
                      cantes_per_trick="one", tute_timing="after_won_trick"),
    "a-tres": Rules("a-tres", players=3),
    "a-dos": Rules("a-dos", players=2, cante_by="trick_winner", cantes_per_trick="one",
                   tute_timing="after_won_trick", match="streak"),
}
"""The presets (docs/RULES.md, "Presets"), by their stable id."""

FLAG_NAMES: Final = tuple(f.name for f in fields(Rules) if f.name not in _NOT_FLAGS)
"""Every flag a rule set may override, in the order of :class:`Rules`."""
PLAY_EXAMPLES: Final[dict[str, tuple[str, str, str, str]]] = {
    f.name: f.metadata[_EXAMPLE] for f in fields(Rules) if _EXAMPLE in f.metadata}
"""For each legality flag, a decision it changes: (trump, hand, trick, card)."""
PLAY_FLAGS: Final = tuple(PLAY_EXAMPLES)
"""The legality flags (true or false): the ones that change which cards may be played.
Settings, the teacher's scenario builder and the rule book list these."""


def preset_ids() -> list[str]:
    """Ids of the shipped presets, in the order of docs/RULES.md, "Presets"."""
    return list(PRESETS)


def find_rules(ruleset: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The preset ``ruleset`` with ``overrides`` applied and validated.

    The value records ``ruleset`` and the overrides that change a flag of the preset
    (one equal to the preset's own value changes nothing and is not kept).
    """
    if not isinstance(ruleset, str) or ruleset not in PRESETS:
        raise RulesError(reason="unknown_ruleset", value=ruleset, known=list(PRESETS))
    base = PRESETS[ruleset]
    if not overrides and (overrides is None or isinstance(overrides, Mapping)):
        return base
    if not isinstance(overrides, Mapping):
        raise RulesError(reason="overrides_not_object", value=overrides)
    changes = {name: validate_flag(name, value) for name, value in overrides.items()}
    preset = base.flags()
    kept = tuple(sorted(((name, value) for name, value in changes.items()
                         if preset[name] != value or type(preset[name]) is not type(value)),
                        key=lambda pair: pair[0]))
    return replace(base, overrides=kept, **changes)


def validate_flag(name: object, value: object) -> Any:
    """Check one override; return the value in its canonical type."""
    if name in ("ruleset", "overrides"):
        raise RulesError(reason="unknown_flag", value=name, known=list(FLAG_NAMES))
    if name == "players":
        raise RulesError(reason="players_fixed")
    if not isinstance(name, str) or name not in FLAG_NAMES:
        raise RulesError(reason="unknown_flag", value=name, known=list(FLAG_NAMES))
    if name in PLAY_FLAGS:
        if not isinstance(value, bool):
            raise RulesError(reason="takes_bool", flag=name, value=value)
        return value
    if name in CHOICES:
        if value not in CHOICES[name]:
            raise RulesError(reason="takes_choice", flag=name, value=value,
                             known=list(CHOICES[name]))
        return value
    if name == "tute_award":
        if value == "hand" or (type(value) is int and 1 <= value <= 99):
            return value
        raise RulesError(reason="takes_award", flag=name, value=value)
    if name == "match":
        if value == "streak" or (isinstance(value, str) and _MATCH_RE.match(value)):
            return value
        raise RulesError(reason="takes_match", flag=name, value=value)
    # first_hand_trump
    if value is None or value in ("o", "c", "e", "b"):
        return value
    raise RulesError(reason="takes_suit", flag=name, value=value)


def overrides_of(rules: Rules, ruleset: str) -> dict[str, Any]:
    """The flags where ``rules`` differs from the preset ``ruleset``."""
    base = PRESETS[ruleset].flags()
    return {k: v for k, v in rules.flags().items() if base[k] != v}


def match_target(rules: Rules) -> tuple[str, int]:
    """``("hands", 3)``, ``("points", 3)``, ``("ludoteka", 6)`` or ``("streak", 0)``."""
    if rules.match == "streak":
        return ("streak", 0)
    kind, number = rules.match.split(":")
    return (kind, int(number))
