"""Hand records (``tute-hand/1``): read, validate, replay and score a whole hand.

>>> from tute_tutor.engine.game import Game
>>> game = Game.deal("clasico", seed=3)
>>> while not game.finished:
...     _ = game.play(game.legal_plays()[0])
>>> replay(game.to_record())["valid"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tute_tutor.engine.cards import Card, mask_of, suit_from_letter
from tute_tutor.engine.errors import NotationError, RecordError, RulesError, TuteError
from tute_tutor.engine.game import Game, HandResult
from tute_tutor.engine.variants import find_rules
from tute_tutor.formats.inputs import InputError, parse_json, shown

RECORD_KEYS = frozenset({"format", "ruleset", "overrides", "dealer", "trump_card", "hands",
                         "stock", "events"})


class ReplayError(TuteError):
    """An event of a record that cannot be applied; carries its index and code."""

    def __init__(self, event: int | None, code: str, message: str) -> None:
        super().__init__(message, code=code)
        self.event = event

    def to_json(self) -> dict[str, Any]:
        """The ``error`` object of a replay answer."""
        return {"event": self.event, "code": self.code, "message": self.message}


def _card(text: object, where: str) -> Card:
    try:
        return Card.parse(text)  # type: ignore[arg-type]
    except NotationError as error:
        raise RecordError(f"{where}: {error}") from None


def game_from_record(record: object) -> Game:
    """The dealt hand of a record, checked: the events are not applied yet."""
    if not isinstance(record, Mapping):
        raise RecordError("a hand record must be a JSON object")
    if record.get("format") != "tute-hand/1":
        raise RecordError(f"format must be \"tute-hand/1\", not {shown(record.get('format'))}")
    unknown = sorted(str(k) for k in record if k not in RECORD_KEYS)
    if unknown:
        raise RecordError(f"unknown record key {shown(unknown[0])}")
    ruleset = record.get("ruleset")
    overrides = record.get("overrides") or {}
    try:
        rules = find_rules(ruleset, overrides)  # type: ignore[arg-type]
    except RulesError as error:
        raise RecordError(str(error)) from None
    players = rules.players
    dealer = record.get("dealer")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RecordError(f"dealer must be a seat 0-{players - 1}, not {shown(dealer)}")
    trump_card = _card(record.get("trump_card"), "trump_card")
    hands_raw = record.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != players:
        raise RecordError(f"hands must list {players} hands for {ruleset}")
    seen: set[Card] = set()
    hands: list[int] = []
    for seat, raw in enumerate(hands_raw):
        if not isinstance(raw, list) or len(raw) != rules.hand_size:
            raise RecordError(f"hands[{seat}] must hold {rules.hand_size} cards")
        cards = [_card(c, f"hands[{seat}]") for c in raw]
        for c in cards:
            if c in seen:
                raise RecordError(f"card {c} is dealt twice")
            seen.add(c)
        hands.append(mask_of(cards))
    stock_raw = record.get("stock") or []
    if not isinstance(stock_raw, list):
        raise RecordError("stock must be a list of card codes")
    if stock_raw and not rules.has_stock:
        raise RecordError(f"{ruleset} has no stock: stock must be empty")
    stock = [_card(c, "stock") for c in stock_raw]
    for c in stock:
        if c in seen:
            raise RecordError(f"card {c} is dealt twice")
        seen.add(c)
    if rules.has_stock:
        if trump_card in seen:
            raise RecordError(f"the face-up trump card {trump_card} is also dealt")
        seen.add(trump_card)
        if len(seen) != 40:
            raise RecordError(f"hands, stock and trump card must make 40 cards, not {len(seen)}")
    else:
        if not hands[dealer] >> trump_card.index & 1:
            raise RecordError(f"the trump card {trump_card} must be in the dealer's hand")
        if rules.players == 3 and any(str(c) == "2o" for c in seen):
            raise RecordError("tute a tres plays without the 2o")
    return Game(rules, dealer, hands, trump_card.index, [c.index for c in stock])


def apply_record_event(game: Game, index: int, event: object) -> None:
    """Apply one JSON event; raise :class:`ReplayError` naming it when it cannot be."""
    if not isinstance(event, Mapping):
        raise ReplayError(index, "bad_record", f"event {index} must be an object")
    if game.finished:
        raise ReplayError(index, "hand_over", f"event {index}: the hand is already over")
    try:
        if "play" in event:
            if "seat" in event and event["seat"] != game.to_move:
                raise ReplayError(index, "bad_record",
                                  f"event {index}: it is seat {game.to_move}'s turn to play, "
                                  f"not seat {shown(event['seat'])}'s")
            game.play(_card(event["play"], f"event {index}"))
        elif "cante" in event:
            game.cante(_seat(event, index, game), suit_from_letter(event["cante"]))
        elif "tute" in event:
            kind = event["tute"]
            if kind not in ("reyes", "caballos"):
                raise ReplayError(index, "bad_record",
                                  f"event {index}: tute must be \"reyes\" or \"caballos\"")
            game.declare_tute(_seat(event, index, game), kind)
        elif "swap" in event:
            if event["swap"] is not True:
                raise ReplayError(index, "bad_record", f"event {index}: swap must be true")
            game.swap(_seat(event, index, game))
        else:
            raise ReplayError(index, "bad_record",
                              f"event {index} is none of play, cante, tute or swap")
    except ReplayError:
        raise
    except RecordError as error:
        raise ReplayError(index, "bad_record", str(error)) from None
    except NotationError as error:
        raise ReplayError(index, "bad_record", f"event {index}: {error}") from None
    except TuteError as error:
        raise ReplayError(index, error.code, f"event {index}: {error}") from None


def _seat(event: Mapping[str, Any], index: int, game: Game) -> int:
    seat = event.get("seat")
    if type(seat) is not int or not 0 <= seat < game.players:
        raise ReplayError(index, "bad_record",
                          f"event {index}: seat must be 0-{game.players - 1}, not {shown(seat)}")
    return seat


def start_replay(record: object) -> tuple[Game, list[Any]]:
    """The dealt hand of a record and its list of events, not applied yet.

    Raises :class:`ReplayError` (event ``None``) when the deal or the list is wrong.
    """
    try:
        game = game_from_record(record)
    except RecordError as error:
        raise ReplayError(None, "bad_record", str(error)) from None
    assert isinstance(record, Mapping)
    events = record.get("events", [])
    if not isinstance(events, list):
        raise ReplayError(None, "bad_record", "events must be a list")
    return game, events


def replay_game(record: object) -> Game:
    """Deal a record and apply all its events (raises on the first bad one)."""
    game, events = start_replay(record)
    for index, event in enumerate(events):
        apply_record_event(game, index, event)
    return game


def summary(game: Game) -> dict[str, Any]:
    """The ``tute-tutor replay`` answer, finished or not (docs/FORMATS.md, "tute-tutor replay")."""
    result: HandResult | None = game.result() if game.finished else None
    out: dict[str, Any] = {
        "valid": True,
        "finished": game.finished,
        "players": game.players,
        "tricks": [t.to_json() for t in game.tricks],
        "cantes": [c.to_json() for c in game.cantes],
        "tute": None if game.tute is None else game.tute.to_json(),
        "totals": list(result.totals) if result else list(game.points_so_far()),
        "last_trick": None if result is None else result.last_trick,
        "winner": None if result is None else result.winner,
    }
    if result is not None:
        out["reason"] = result.reason
        out["card_points"] = list(result.card_points)
        out["cante_points"] = list(result.cante_points)
    return out


def replay(record: object) -> dict[str, Any]:
    """Check every event and score the hand; invalid records answer ``valid: false``."""
    try:
        game = replay_game(record)
    except ReplayError as error:
        return {"valid": False, "error": error.to_json()}
    return summary(game)


def load_record_text(text: str) -> object:
    """Parse JSON text of a hand record (bad JSON is a RecordError)."""
    try:
        return parse_json(text, what="the hand record")
    except InputError as error:
        raise RecordError(error.message) from None


__all__ = ["ReplayError", "game_from_record", "replay",
           "replay_game", "summary"]
