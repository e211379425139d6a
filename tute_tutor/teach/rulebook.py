"""The rule book as data built from the engine: who played each card of a trick, and for
every rule flag an example computed live under both of its settings.

Nothing here repeats a rule: positions come from :class:`~tute_tutor.engine.variants.Rules`,
legal cards from :func:`~tute_tutor.engine.legal.analyse_play`, cantes and tutes from
:class:`~tute_tutor.engine.game.Game`, match points and the next dealer from
:mod:`tute_tutor.engine.match`. The examples only set the cards up; the engine decides.

>>> from tute_tutor.engine.variants import find_rules
>>> trick_roles(find_rules("clasico"), 2)
['lead_partner', 'opponent']
>>> trick_roles(find_rules("a-tres"), 2)
['lead_opponent', 'opponent']
>>> example = flag_example("partner_exemption")
>>> [side.allowed for side in example.sides]
[False, True]
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from tute_tutor.engine.cards import Card, mask_of, parse_cards, suit_from_letter
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.engine.match import hand_points, next_dealer
from tute_tutor.engine.variants import (
    FLAG_NAMES,
    PLAY_EXAMPLES,
    PLAY_FLAGS,
    Rules,
    find_rules,
    match_target,
)
from tute_tutor.formats.scenario import Scenario

BASE_RULESET: Final = "clasico"
"""Every example starts from the classic rules and changes one flag."""

FLAG_VALUES: Final[dict[str, tuple[Any, Any]]] = {
    **{flag: (False, True) for flag in PLAY_FLAGS},
    "cante_by": ("team", "trick_winner"),
    "cantes_per_trick": ("per_player", "one"),
    "tute_timing": ("team_first_trick", "after_won_trick"),
    "tute_award": ("hand", 2),
    "match": ("hands:3", "ludoteka:6"),
    "next_dealer": ("next", "last_trick_winner"),
    "first_hand_trump": (None, "o"),
}
"""The two settings each example compares: the classic value first."""


# Two scripted deals (dealer 3, so seat 0 leads; trump card 4 de oros, in seat 3).
_CANTE_DEAL: Final = (
    "12c,11c,2b,1c,3c,10c,7e,6e,5o,2o",
    "4b,3b,12b,12o,7c,6c,5e,4e,3o,2e",
    "1b,12e,11e,1e,3e,10e,1o,10o,5c,4c",
    "5b,11b,10b,7b,6b,4o,11o,7o,6o,2c",
)
_TUTE_DEAL: Final = (
    "12o,12c,12e,12b,2b,2e,7c,6c,5o,3c",
    "4b,5e,3b,11b,10c,5c,3o,7e,6e,1c",
    "1b,1e,3e,11e,10e,1o,11o,10o,4c,2c",
    "5b,4e,4o,10b,7b,6b,7o,6o,2o,11c",
)
_FIRST_TRICK: Final = "2b,4b,1b,5b"  # seat 0 leads, seat 2 (the partner) wins
_SECOND_TRICK: Final = "1e,4e,2e,5e"  # seat 2 leads and wins again
YOU, PARTNER = 0, 2
COPAS, ESPADAS = suit_from_letter("c"), suit_from_letter("e")


def trick_roles(rules: Rules, cards_on_table: int) -> list[str]:
    """Who played each card on the table, seen by the player to move next.

    ``lead_partner`` / ``lead_opponent`` for the first card, then ``partner`` or
    ``opponent``: in four players the partner played two cards before the player
    to move (docs/FORMATS.md, "Scenario"), everyone else is an opponent.
    """
    roles = []
    for position in range(cards_on_table):
        behind = cards_on_table - position  # 1 = the player just before you
        is_partner = rules.has_teams and behind == 2
        role = "partner" if is_partner else "opponent"
        roles.append(f"lead_{role}" if position == 0 else role)
    return roles


@dataclass(frozen=True)
class FlagSide:
    """One column of an example: the flag's value and what the engine says under it.

    ``allowed`` answers the example's question (is the card legal, may you sing, may
    you declare the tute); ``analysis`` is the engine's analysis for decision
    examples; ``facts`` holds the numbers the sentence needs (points, seats, suit).
    """

    value: Any
    rules: Rules
    allowed: bool | None = None
    analysis: PlayAnalysis | None = None
    facts: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class FlagExample:
    """A side-by-side example of one rule flag, computed by the engine.

    ``kind`` is ``play`` (one decision, ``scenario`` and ``card``) or the name of the
    flag for the examples played out with :class:`Game` and :mod:`tute_tutor.engine.match`;
    ``trick`` holds the cards of the trick the example turns on (seat 0 is you).
    """

    flag: str
    kind: str
    sides: tuple[FlagSide, FlagSide]
    scenario: Scenario | None = None
    card: Card | None = None
    trick: tuple[Card, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def differs(self) -> bool:
        """The two settings really give different answers (each example must)."""
        first, second = self.sides
        if first.allowed is not None:
            return first.allowed != second.allowed
        return first.facts != second.facts


def rules_with(flag: str, value: Any) -> Rules:
    """The classic rules with one flag set (validated by the engine)."""
    return find_rules(BASE_RULESET, {flag: value})


def _scripted(rules: Rules, hands: Sequence[str]) -> Game:
    masks = [mask_of(parse_cards(hand)) for hand in hands]
    trump_card = Card.parse("4o")
    return Game(rules, 3, masks, trump_card.index)


def _play_all(game: Game, cards: str) -> None:
    for card in parse_cards(cards):
        game.play(card)


def _scripted_games(flag: str, hands: Sequence[str],
                    *tricks: str) -> Iterator[tuple[Any, Rules, Game]]:
    """Under each of the flag's two settings: the value, the rules and the scripted deal
    ``hands`` with ``tricks`` played."""
    for value in FLAG_VALUES[flag]:
        rules = rules_with(flag, value)
        game = _scripted(rules, hands)
        for trick in tricks:
            _play_all(game, trick)
        yield value, rules, game


def _play_example(flag: str) -> FlagExample:
    trump, hand, trick, focus = PLAY_EXAMPLES[flag]  # kept with the flag's definition
    card = Card.parse(focus)
    sides = []
    scenario = None
    for value in FLAG_VALUES[flag]:
        current = Scenario.from_json({"ruleset": BASE_RULESET, "overrides": {flag: value},
                                      "trump": trump, "hand": hand.split(","),
                                      "trick": trick.split(",")})
        scenario = scenario or current
        analysis = current.analyse()
        sides.append(FlagSide(value, current.rules, analysis.is_legal(card), analysis))
    assert scenario is not None
    return FlagExample(flag, "play", (sides[0], sides[1]), scenario, card,
                       scenario.trick)


def _cante_example(flag: str) -> FlagExample:
    sides = []
    trick: tuple[Card, ...] = ()
    trump = 0
    for value, rules, game in _scripted_games(flag, _CANTE_DEAL, _FIRST_TRICK):
        trump = game.trump
        trick = game.tricks[-1].cards
        allowed = game.can_cante(YOU, COPAS)
        if flag == "cantes_per_trick":
            game.cante(YOU, COPAS)  # asked before the trick's winner, you sing first
            allowed = game.can_cante(PARTNER, ESPADAS)  # may the winner sing too?
        sides.append(FlagSide(value, rules, allowed, facts={"winner": game.tricks[-1].winner}))
    return FlagExample(flag, flag, (sides[0], sides[1]), trick=trick,
                       facts={"suit": COPAS, "partner_suit": ESPADAS, "trump": trump,
                              "pair": parse_cards("12c,11c")})


def _tute_timing_example() -> FlagExample:
    flag = "tute_timing"
    sides = []
    trick: tuple[Card, ...] = ()
    for value, rules, game in _scripted_games(flag, _TUTE_DEAL, _FIRST_TRICK, _SECOND_TRICK):
        trick = game.tricks[-1].cards
        won = sum(1 for t in game.tricks if rules.team_of(t.winner) == rules.team_of(YOU))
        sides.append(FlagSide(value, rules, game.can_tute(YOU), facts={"tricks_won": won}))
    return FlagExample(flag, flag, (sides[0], sides[1]), trick=trick,
                       facts={"reyes": parse_cards("12o,12c,12e,12b")})


def _tute_award_example() -> FlagExample:
    flag = "tute_award"
    sides = []
    trick: tuple[Card, ...] = ()
    for value, rules, game in _scripted_games(flag, _TUTE_DEAL, _FIRST_TRICK):
        trick = game.tricks[-1].cards
        game.declare_tute(YOU)
        result = game.result()
        points = hand_points(rules, result)
        sides.append(FlagSide(value, rules, facts={
            "points": points[rules.team_of(YOU)], "target": match_target(rules)[1]}))
    return FlagExample(flag, flag, (sides[0], sides[1]), trick=trick,
                       facts={"reyes": parse_cards("12o,12c,12e,12b")})


def play_out(seed: int, rules: Rules | str = BASE_RULESET) -> Game:
    """A whole hand dealt from ``seed`` (dealer 3), each seat playing its first legal card."""
    game = Game.deal(rules, rng=random.Random(seed), dealer=3)
    while not game.finished:
        game.play(game.legal_plays()[0])
    return game


def _match_example() -> FlagExample:
    flag = "match"
    first, second = (rules_with(flag, value) for value in FLAG_VALUES[flag])
    for seed in range(500):
        game = play_out(seed)
        result = game.result()
        # A big win that still leaves the losers some points reads most naturally.
        if hand_points(first, result) != hand_points(second, result) and \
                min(result.totals) > 0:
            break
    else:  # pragma: no cover - a big win turns up within a few seeds
        raise RuntimeError("no hand shows the match modes apart")
    sides = []
    for value, rules in zip(FLAG_VALUES[flag], (first, second), strict=True):
        kind, target = match_target(rules)
        sides.append(FlagSide(value, rules, facts={
            "points": hand_points(rules, result)[result.winner], "target": target,
            "mode": kind}))
    loser = max(t for side, t in enumerate(result.totals) if side != result.winner)
    return FlagExample(flag, flag, (sides[0], sides[1]), facts={
        "winner_total": result.totals[result.winner], "loser_total": loser, "seed": seed})


def _dealer_example() -> FlagExample:
    flag = "next_dealer"
    first, second = (rules_with(flag, value) for value in FLAG_VALUES[flag])
    for seed in range(500):
        game = play_out(seed)
        if next_dealer(first, game) != next_dealer(second, game):
            break
    else:  # pragma: no cover
        raise RuntimeError("no hand shows the dealer rules apart")
    sides = [FlagSide(value, rules, facts={"next": next_dealer(rules, game)})
             for value, rules in zip(FLAG_VALUES[flag], (first, second), strict=True)]
    return FlagExample(flag, flag, (sides[0], sides[1]), trick=game.tricks[-1].cards,
                       facts={"dealer": game.dealer, "last_winner": game.tricks[-1].winner,
                              "seed": seed})


def _first_trump_example() -> FlagExample:
    flag = "first_hand_trump"
    for seed in range(500):
        games = [Game.deal(rules_with(flag, value), rng=random.Random(seed), dealer=3,
                           first_hand=True) for value in FLAG_VALUES[flag]]
        if games[0].trump != games[1].trump:
            break
    else:  # pragma: no cover
        raise RuntimeError("no deal shows the first-hand trump apart")
    sides = [FlagSide(value, game.rules, facts={"trump": game.trump,
                                                "trump_card": Card(game.trump_card)})
             for value, game in zip(FLAG_VALUES[flag], games, strict=True)]
    return FlagExample(flag, flag, (sides[0], sides[1]), facts={"seed": seed})


@cache
def flag_example(flag: str) -> FlagExample:
    """The computed side-by-side example of ``flag`` (one of :data:`FLAG_NAMES`)."""
    if flag in PLAY_FLAGS:
        return _play_example(flag)
    if flag in ("cante_by", "cantes_per_trick"):
        return _cante_example(flag)
    if flag == "tute_timing":
        return _tute_timing_example()
    if flag == "tute_award":
        return _tute_award_example()
    if flag == "match":
        return _match_example()
    if flag == "next_dealer":
        return _dealer_example()
    if flag == "first_hand_trump":
        return _first_trump_example()
    raise KeyError(f"no example for flag {flag!r}")


def flag_examples() -> list[FlagExample]:
    """One example per rule flag, in the order of :data:`~tute_tutor.engine.variants.FLAG_NAMES`."""
    return [flag_example(flag) for flag in FLAG_NAMES]


__all__ = ["FLAG_VALUES", "FlagExample", "FlagSide", "flag_example", "flag_examples",
           "play_out", "rules_with", "trick_roles"]
