"""Share links and scenario files: a scenario or a whole sequence as text.

A link token carries the same JSON as a scenario file (one scenario is an object, a
sequence is a list of them: docs/FORMATS.md, "Share links"), with the default keys left
out, compressed with zlib and written in URL-safe base64 behind a one-character version
marker. zlib's checksum makes a damaged or altered token fail loudly instead of decoding
to nonsense, and every decoded scenario is validated again by :class:`Scenario`.

>>> from tute_tutor.formats.scenario import Scenario
>>> s = Scenario.from_json({"ruleset": "clasico", "trump": "o", "hand": ["12c", "4c"],
...                         "trick": ["10c"]})
>>> token = encode_link([s])
>>> token[0], decode_link(token) == [s]
('1', True)
>>> decode_link("1abc")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tute_tutor.formats.share.ShareError: the link is damaged: its data does not unpack ...
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tute_tutor.engine.errors import TuteError
from tute_tutor.formats.inputs import InputError, decode_text, parse_json, shown
from tute_tutor.formats.limits import MAX_JSON_BYTES, MAX_SCENARIOS, MAX_TOKEN_CHARS
from tute_tutor.formats.scenario import Scenario

LINK_VERSION: Final = "1"
"""The first character of every token; a new encoding gets a new character."""

QUERY_KEY: Final = "s"
"""The query parameter that carries a token (``?s=1eJy...``)."""

HAND_QUERY_KEY: Final = "h"
"""The query parameter that carries a hand record's token (``watch?h=1eJy...``)."""


_DEFAULTS: Final[dict[str, Any]] = {"overrides": {}, "trick": [], "stock_left": 0}


class ShareError(TuteError):
    """A link or scenario file that cannot be read; ``reason`` names the kind of failure.

    Reasons: ``version``, ``too_long``, ``base64``, ``checksum``, ``json``, ``shape``,
    ``empty``, ``too_many`` and ``scenario`` (one scenario of it is impossible).
    """

    code = "bad_link"

    def __init__(self, message: str, *, reason: str, detail: str = "",
                 code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.reason = reason
        self.detail = detail


def compact_json(scenario: Scenario) -> dict[str, Any]:
    """The scenario's JSON without the keys that hold their default value."""
    data = scenario.to_json()
    return {k: v for k, v in data.items() if _DEFAULTS.get(k, object()) != v}


def scenarios_to_data(scenarios: Sequence[Scenario]) -> dict[str, Any] | list[dict[str, Any]]:
    """One scenario as an object, several as a list (the file and link payload)."""
    if not scenarios:
        raise ShareError("there is no scenario to share", reason="empty")
    if len(scenarios) == 1:
        return compact_json(scenarios[0])
    return [compact_json(s) for s in scenarios]


def scenarios_from_data(data: object, *, source: str = "link") -> list[Scenario]:
    """Validate a parsed payload (object or list) into scenarios; errors name the item."""
    code = "bad_link" if source == "link" else "bad_file"
    items: list[object]
    if isinstance(data, Mapping):
        items = [data]
    elif isinstance(data, list):
        items = list(data)
    else:
        raise ShareError(f"the {source} must hold a scenario object or a list of scenarios",
                         reason="shape", code=code)
    if not items:
        raise ShareError(f"the {source} holds no scenario", reason="empty", code=code)
    if len(items) > MAX_SCENARIOS:
        raise ShareError(f"the {source} holds {len(items)} scenarios: at most {MAX_SCENARIOS}",
                         reason="too_many", detail=str(len(items)), code=code)
    scenarios: list[Scenario] = []
    for number, item in enumerate(items, start=1):
        try:
            scenarios.append(Scenario.from_json(item))
        except TuteError as error:
            where = f"scenario {number}: " if len(items) > 1 else ""
            raise ShareError(f"{where}{error}", reason="scenario",
                             detail=f"{where}{error}", code=code) from None
    return scenarios


def _pack(data: object) -> str:
    """``data`` as a token: compact JSON, zlib, URL-safe base64, the version marker."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return LINK_VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def encode_link(scenarios: Sequence[Scenario]) -> str:
    """The URL-safe token for one scenario or a sequence (raises if too long for a link)."""
    token = _pack(scenarios_to_data(scenarios))
    if len(token) > MAX_TOKEN_CHARS:
        raise ShareError(
            f"the link would be {len(token)} characters long: at most {MAX_TOKEN_CHARS}; "
            "share fewer scenarios or save them to a file",
            reason="too_long", detail=str(len(token)))
    return token


def _token_data(token: object, nothing: str) -> object:
    """The JSON a token carries; a one-line :class:`ShareError` for anything wrong with
    it (``nothing`` names what an empty link lacks)."""
    if not isinstance(token, str) or not token.strip():
        raise ShareError(f"the link carries no {nothing}", reason="empty")
    token = token.strip()
    if len(token) > MAX_TOKEN_CHARS:
        raise ShareError(f"the link is {len(token)} characters long: at most {MAX_TOKEN_CHARS}",
                         reason="too_long", detail=str(len(token)))
    if token[0] != LINK_VERSION:
        raise ShareError(
            f"the link was made by another version of Tute Tutor (marker {shown(token[0])})",
            reason="version", detail=token[0])
    body = token[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        if not body or base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=") != body:
            raise ValueError("not canonical")
    except (binascii.Error, ValueError):
        raise ShareError("the link is damaged: it holds characters a link never has",
                         reason="base64") from None
    text = _unpack(packed)
    try:
        return parse_json(text, what="the link's content")
    except InputError as error:
        raise ShareError(f"the link is damaged: {error.message}", reason="json",
                         detail=error.message) from None


def decode_link(token: object) -> list[Scenario]:
    """Scenarios of a token; a one-line :class:`ShareError` for anything wrong with it."""
    return scenarios_from_data(_token_data(token, "scenario"), source="link")


def encode_hand_link(record: Mapping[str, Any]) -> str:
    """The URL-safe token of a ``tute-hand/1`` record (docs/FORMATS.md, "Hand links"),
    packed as a scenario link is; raises :class:`ShareError` if too long for a link.

    >>> from tute_tutor.engine.game import Game
    >>> game = Game.deal("clasico", seed=3)
    >>> _ = game.play(game.legal_plays()[0])
    >>> decode_hand_link(encode_hand_link(game.to_record())) == game.to_record()
    True
    """
    token = _pack(dict(record))
    if len(token) > MAX_TOKEN_CHARS:
        raise ShareError(f"the link would be {len(token)} characters long: at most "
                         f"{MAX_TOKEN_CHARS}; save the hand to a file instead",
                         reason="too_long", detail=str(len(token)))
    return token


def decode_hand_link(token: object) -> dict[str, Any]:
    """The hand record a token carries, checked by replaying it (every event applied);
    a one-line :class:`ShareError` (reason ``record`` when the record itself is wrong)."""
    from tute_tutor.formats.record import ReplayError, replay_game

    data = _token_data(token, "hand")
    try:
        replay_game(data)
    except ReplayError as error:
        raise ShareError(f"the link's hand record is wrong: {error}", reason="record",
                         detail=str(error)) from None
    assert isinstance(data, dict)
    return data


def _unpack(packed: bytes) -> str:
    unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(packed, MAX_JSON_BYTES + 1)
        if not unpacker.eof:
            if len(raw) > MAX_JSON_BYTES:
                raise ShareError(f"the link unpacks to more than {MAX_JSON_BYTES} bytes",
                                 reason="too_long", detail=str(MAX_JSON_BYTES))
            raise zlib.error("incomplete stream")
        if unpacker.unused_data:
            raise zlib.error("trailing data")
        return raw.decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        raise ShareError("the link is damaged: its data does not unpack (altered or cut short)",
                         reason="checksum") from None


def share_query(scenarios: Sequence[Scenario]) -> dict[str, str]:
    """Query parameters that carry ``scenarios`` (``{"s": token}``)."""
    return {QUERY_KEY: encode_link(scenarios)}


def hand_url(base_url: str, record: Mapping[str, Any]) -> str:
    """A full link to the ``watch`` page that opens ``record`` under the app's ``base_url``."""
    return f"{base_url.rstrip('/')}/watch?{HAND_QUERY_KEY}={encode_hand_link(record)}"


def share_url(base_url: str, page: str, scenarios: Sequence[Scenario]) -> str:
    """A full link to ``page`` (``try_it`` or ``teacher``) under the app's ``base_url``."""
    return f"{base_url.rstrip('/')}/{page}?{QUERY_KEY}={encode_link(scenarios)}"


def scenarios_to_file_text(scenarios: Sequence[Scenario]) -> str:
    """A scenario file (docs/FORMATS.md, "Scenario"): one object, or a list for a sequence."""
    data: Any
    if len(scenarios) == 1:
        data = scenarios[0].to_json()
    else:
        if not scenarios:
            raise ShareError("there is no scenario to save", reason="empty", code="bad_file")
        data = [s.to_json() for s in scenarios]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def scenarios_from_file_bytes(raw: bytes) -> list[Scenario]:
    """Read an uploaded scenario file; a one-line :class:`ShareError` when it is wrong."""
    if len(raw) > MAX_JSON_BYTES:
        raise ShareError(f"the file is {len(raw)} bytes: at most {MAX_JSON_BYTES}",
                         reason="too_long", detail=str(len(raw)), code="bad_file")
    try:
        text = decode_text(raw, what="the file", limit=MAX_JSON_BYTES)
    except InputError as error:
        raise ShareError(error.message, reason="json", code="bad_file") from None
    return scenarios_from_file_text(text)


def scenarios_from_file_text(text: str) -> list[Scenario]:
    """Read a scenario file's text (one object or a list)."""
    try:
        data = parse_json(text, what="the file")
    except InputError as error:
        raise ShareError(error.message, reason="too_long" if error.code == "too_big"
                         else "json", detail=error.message, code="bad_file") from None
    return scenarios_from_data(data, source="file")


__all__ = ["HAND_QUERY_KEY", "LINK_VERSION", "MAX_JSON_BYTES", "MAX_SCENARIOS",
           "MAX_TOKEN_CHARS", "QUERY_KEY", "ShareError", "compact_json", "decode_hand_link",
           "decode_link", "encode_hand_link", "encode_link", "hand_url", "scenarios_from_data",
           "scenarios_from_file_bytes",
           "scenarios_from_file_text", "scenarios_to_data", "scenarios_to_file_text",
           "share_query", "share_url"]
