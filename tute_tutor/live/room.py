"""A room: seats, a lobby and one match, as a pure state machine over the engine.

A :class:`Room` is plain frozen data (``to_json`` / ``from_json``): its settings, its
seats, its status (``lobby`` -> ``playing`` -> ``finished``), the match's seed and the
list of actions taken so far, and a version that every change raises by one. Nothing
about the game is stored but the seed and the actions: :func:`replay` rebuilds the
match through :class:`~tute_tutor.engine.match.Match` and the engine checks every
action again, so a room can never hold a position the rules do not allow.

Every function takes a room and returns a new one (or raises :class:`RoomError` with a
code and data; :mod:`tute_tutor.live.words` says it in words). The store saves a new
room only if the version it read is still the newest (compare-and-set), so two
sessions that act at once cannot both win.

Turns: the seat to act is the seat to play, except right after a trick, while the
seats that may declare (cantes, tute, the swap in two players) are asked one by one,
the trick's winner last; a seat asked may declare or pass, and the winner may simply
lead (that passes). Computer seats (empty seats, and a human seat taken over after its
idle limit) act through :func:`computer_move`, whose choice depends only on the room
(its seed and version): whichever session computes it gets the same move.

>>> room = create(Settings(find_rules("a-dos"), level=1), "Ana", hash_token("t-ana"), seed=3,
...               code="ABC234", now=0.0)
>>> room = start(room, hash_token("t-ana"), now=1.0)
>>> room.status, room.seats[1].kind
('playing', 'computer')
>>> view = seat_view(room, 0)
>>> len(view.hand), view.hand_sizes
(8, (8, 8))
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final, Literal

from tute_tutor.ai import get_player
from tute_tutor.ai.base import CanteAction, SwapAction, TuteAction
from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, Card, suit_from_letter
from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.engine.game import Game, HandResult, HistoryEntry, OfEntry
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.engine.match import Match
from tute_tutor.engine.variants import PRESETS, Rules, find_rules, validate_flag
from tute_tutor.formats.names import BadName, normalise_name
from tute_tutor.live.codes import CODE_ALPHABET, new_code, read_code, token_digest

MAX_NICKNAME: Final = 24
IDLE_LIMITS: Final = (30, 3600)
"""Bounds of the idle limit in seconds (a human seat to act longer is taken over)."""
LEVELS: Final = (1, 2, 3, 4)
MAX_ACTIONS: Final = 5000
"""No match of any preset comes near this; it bounds a room's size and replay time."""

Status = Literal["lobby", "playing", "finished"]
SeatKind = Literal["free", "human", "computer"]
ActionKind = Literal["play", "cante", "tute", "swap", "pass", "next"]


class RoomError(TuteError):
    """An action the room refuses; ``code`` names why and ``data`` holds the details."""

    code = "bad_room"

    def __init__(self, code: str, message: str = "", **data: Any) -> None:
        super().__init__(message or code, code=code)
        self.data = data


# ----------------------------------------------------------------- codes and tokens
def clean_code(text: object) -> str:
    """A typed or linked code as stored (upper case, spaces and dashes dropped), or
    :class:`RoomError` ``bad_code``. Look-alikes a person may type are read as meant:
    ``0``/``O`` is not in codes, so it is refused rather than guessed."""
    code = read_code(text)
    if code is None:
        shown = text[:20] if isinstance(text, str) else ""
        raise RoomError("bad_code", f"{shown!r} is not a room code", text=shown)
    return code


def new_token() -> str:
    """A seat token for one browser (kept there; the room keeps only its hash)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """SHA-256 of a seat token, as the room keeps it."""
    return token_digest(token)


def clean_nickname(text: object) -> str:
    """A nickname as stored (the project's one name normaliser), or ``bad_nickname``."""
    try:
        return normalise_name(text, limit=MAX_NICKNAME, what="nickname")
    except BadName as err:
        raise RoomError("bad_nickname", str(err)) from None


# ----------------------------------------------------------------- data
@dataclass(frozen=True, slots=True)
class Settings:
    """What the host picks: rule set and flags, computer level, idle limit (seconds).

    The number of players comes with the rule set (``a-dos`` 2, ``a-tres`` 3, the others
    4); the match length is the flag ``match`` (``hands:N``, ``points:N``, ...).
    """

    rules: Rules = PRESETS["clasico"]
    level: int = 2
    idle_limit: int = 120

    @property
    def ruleset(self) -> str:
        """The preset id of the room's rules."""
        return self.rules.ruleset

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": self.rules.ruleset, "level": self.level,
                "idle_limit": self.idle_limit, "overrides": self.rules.overrides_dict()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Settings:
        return make_settings(data.get("ruleset", "clasico"), data.get("overrides") or {},
                             level=data.get("level", 2),
                             idle_limit=data.get("idle_limit", 120))


def make_settings(ruleset: object, overrides: Mapping[str, Any] | None = None, *,
                  level: object = 2, idle_limit: object = 120) -> Settings:
    """Checked settings, or :class:`RoomError` ``bad_settings`` naming what is wrong."""
    try:
        clean = {str(k): validate_flag(k, v) for k, v in (overrides or {}).items()}
        if not isinstance(ruleset, str):
            raise TuteError(f"a rule set is a name, not {shown(ruleset)}")
        rules = find_rules(ruleset, clean)
    except TuteError as err:
        raise RoomError("bad_settings", err.message) from None
    if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
        raise RoomError("bad_settings", f"computer level {shown(level)} is not 1 to 4")
    low, high = IDLE_LIMITS
    if not isinstance(idle_limit, int) or isinstance(idle_limit, bool) or \
            not low <= idle_limit <= high:
        raise RoomError("bad_settings", f"idle limit {shown(idle_limit)} is not {low}-{high} s")
    return Settings(rules, level, idle_limit)


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: free, a human (nickname, hashed token), or a computer.

    ``away`` marks a human seat a computer plays for after its idle limit (reclaimable).
    """

    kind: SeatKind = "free"
    nickname: str = ""
    token_hash: str = ""
    away: bool = False

    @property
    def computer_plays(self) -> bool:
        """A computer chooses this seat's actions now."""
        return self.kind == "computer" or (self.kind == "human" and self.away)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "nickname": self.nickname, "token_hash": self.token_hash,
                "away": self.away}


@dataclass(frozen=True, slots=True)
class Action:
    """One action of the match: ``seat`` does ``kind`` with ``arg`` (card code, suit)."""

    seat: int
    kind: ActionKind
    arg: str = ""

    def to_json(self) -> list[Any]:
        return [self.seat, self.kind, self.arg]


@dataclass(frozen=True, slots=True)
class Room:
    """A room (see the module text). ``moved_at`` is the time of the newest change."""

    code: str
    settings: Settings
    seats: tuple[Seat, ...]
    host: int
    seed: int
    status: Status = "lobby"
    actions: tuple[Action, ...] = ()
    version: int = 0
    moved_at: float = 0.0

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_json(self) -> dict[str, Any]:
        """The room as JSON-able data (what the store saves)."""
        return {"code": self.code, "settings": self.settings.to_json(),
                "seats": [s.to_json() for s in self.seats], "host": self.host,
                "seed": self.seed, "status": self.status,
                "actions": [a.to_json() for a in self.actions], "version": self.version,
                "moved_at": self.moved_at}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Room:
        """The room saved by :meth:`to_json` (``bad_room`` when it is not one)."""
        try:
            settings = Settings.from_json(data["settings"])
            seats = tuple(Seat(s["kind"], str(s["nickname"]), str(s["token_hash"]),
                               bool(s["away"])) for s in data["seats"])
            actions = tuple(Action(int(a[0]), a[1], str(a[2])) for a in data["actions"])
            room = cls(clean_code(data["code"]), settings, seats, int(data["host"]),
                       int(data["seed"]), data["status"], actions, int(data["version"]),
                       float(data["moved_at"]))
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise RoomError("bad_room", f"not a saved room: {err}") from None
        if len(seats) != settings.players or room.status not in ("lobby", "playing",
                                                                   "finished"):
            raise RoomError("bad_room", "not a saved room: seats or status")
        return room


# ----------------------------------------------------------------- the match replayed
@dataclass(frozen=True, slots=True)
class LogEntry(OfEntry):
    """One line of a room's log: an entry of the engine's history of hand ``hand``
    (worded per viewer by live.words)."""

    entry: HistoryEntry
    hand: int


@dataclass
class Replay:
    """The match rebuilt from a room's seed and actions (read it, do not change it)."""

    match: Match
    past: list[Game] = field(default_factory=list)
    """The match's finished hands before the current one."""

    @property
    def game(self) -> Game:
        return self.match.current

    @property
    def hand_number(self) -> int:
        return len(self.match.hands) + (0 if self.match.hand_over else 1)

    @property
    def log(self) -> list[LogEntry]:
        """The match so far: every hand's history, passes left out."""
        games = [*self.past, self.game]
        return [LogEntry(entry, number) for number, game in enumerate(games, 1)
                for entry in game.history if entry.kind != "pass"]

    def to_act(self) -> int | None:
        """The seat whose action comes next, as the engine says (None between hands and
        at the end)."""
        return self.game.to_act

    def settle(self) -> None:
        """Close a moment the engine asks nobody in any more (in two players the draws
        happen)."""
        game = self.game
        if game.finished or game.moment is None or game.declarer is not None:
            return
        game.close_moment()  # the engine's history has the draws


def _after(replay: Replay) -> None:
    if replay.game.finished:
        replay.match.finish_hand()
    else:
        replay.settle()


def _apply(replay: Replay, action: Action) -> None:
    """Carry out one action (already known to be the acting seat's) or raise."""
    game = replay.game
    if action.kind == "next":
        if not game.finished or replay.match.finished:
            raise RoomError("no_next_hand", "the hand is not over")
        replay.past.append(game)
        replay.match.next_hand()
        return
    if game.finished:
        raise RoomError("hand_over", "the hand is over")
    seat = action.seat
    if action.kind == "play":
        if game.to_move != seat:  # a seat asked to declare may not play out of turn
            raise RoomError("not_your_turn", seat=seat)
        if game.declarer == seat:  # the winner leads: that passes its declarations
            game.pass_turn(seat)
        replay.settle()
        analysis = game.analyse(seat)
        card = Card.parse(action.arg)
        if card not in analysis.hand:
            raise RoomError("not_in_hand", card=str(card))
        if card not in analysis.legal:
            raise RoomError("illegal_card", card=str(card), analysis=analysis)
        game.play(card)
        _after(replay)
        return
    if action.kind == "pass":
        try:
            game.pass_turn(seat)
        except TuteError as err:
            raise RoomError("not_your_turn", err.message) from None
        replay.settle()
        return
    try:
        if action.kind == "cante":
            game.cante(seat, suit_from_letter(action.arg))
        elif action.kind == "tute":
            game.declare_tute(seat, action.arg or None)
        elif action.kind == "swap":
            game.swap(seat)
        else:
            raise RoomError("bad_action", f"unknown action {shown(action.kind)}")
    except RoomError:
        raise
    except TuteError as err:
        raise RoomError("cannot_declare", err.message) from None
    _after(replay)


@lru_cache(maxsize=256)
def _replay_cached(settings: Settings, seed: int, actions: tuple[Action, ...]) -> Replay:
    return _build(settings, seed, actions)


def _build(settings: Settings, seed: int, actions: Sequence[Action]) -> Replay:
    match = Match.new(settings.rules, seed=seed)
    replay = Replay(match)
    for action in actions:
        _check_actor(replay, action)
        _apply(replay, action)
    return replay


def _check_actor(replay: Replay, action: Action) -> None:
    if action.kind == "next":
        return
    if replay.to_act() != action.seat:
        raise RoomError("not_your_turn", seat=action.seat)


def replay(room: Room) -> Replay:
    """The room's match rebuilt (cached by seed and actions: treat it as read-only)."""
    return _replay_cached(room.settings, room.seed, room.actions)


# ----------------------------------------------------------------- lobby
def create(settings: Settings, nickname: object, token_hash: str, *, seed: int, code: str,
           now: float, seat: int = 0) -> Room:
    """A new room in the lobby; the host sits at ``seat``."""
    players = settings.players
    if not 0 <= seat < players:
        raise RoomError("bad_seat", seat=seat)
    host = Seat("human", clean_nickname(nickname), token_hash)
    seats = tuple(host if i == seat else Seat() for i in range(players))
    return Room(clean_code(code), settings, seats, seat, seed, "lobby", (), 1, now)


def seat_of(room: Room, token_hash: str) -> int | None:
    """The seat held by the browser whose token hashes to ``token_hash``."""
    for index, seat in enumerate(room.seats):
        if seat.kind == "human" and seat.token_hash == token_hash:
            return index
    return None


def _bump(room: Room, now: float, **changes: Any) -> Room:
    return replace(room, version=room.version + 1, moved_at=now, **changes)


def _with_seat(room: Room, index: int, seat: Seat) -> tuple[Seat, ...]:
    return tuple(seat if i == index else s for i, s in enumerate(room.seats))


def join(room: Room, nickname: object, token_hash: str, *, now: float,
         seat: int | None = None) -> Room:
    """Sit down in the lobby at ``seat`` (or the first free seat).

    A browser that already holds a seat gets the room unchanged; a nickname is unique in
    the room (ignoring case).
    """
    if seat_of(room, token_hash) is not None:
        return room
    if room.status != "lobby":
        raise RoomError("not_lobby")
    name = clean_nickname(nickname)
    if any(s.kind == "human" and s.nickname.casefold() == name.casefold()
           for s in room.seats):
        raise RoomError("nickname_taken", nickname=name)
    free = [i for i, s in enumerate(room.seats) if s.kind == "free"]
    if not free:
        raise RoomError("room_full")
    if seat is None:
        seat = free[0]
    if not 0 <= seat < room.players:
        raise RoomError("bad_seat", seat=seat)
    if seat not in free:
        raise RoomError("seat_taken", seat=seat)
    return _bump(room, now, seats=_with_seat(room, seat, Seat("human", name, token_hash)))


def _host_check(room: Room, token_hash: str) -> None:
    if seat_of(room, token_hash) != room.host:
        raise RoomError("not_host")


def start(room: Room, token_hash: str, *, now: float) -> Room:
    """The host starts the match; free seats become computers."""
    _host_check(room, token_hash)
    if room.status != "lobby":
        raise RoomError("not_lobby")
    seats = tuple(Seat("computer") if s.kind == "free" else s for s in room.seats)
    return _bump(room, now, seats=seats, status="playing")


def remove_seat(room: Room, token_hash: str, seat: int, *, now: float) -> Room:
    """The host frees a seat (a computer takes it once the match has started)."""
    _host_check(room, token_hash)
    if not 0 <= seat < room.players or seat == room.host:
        raise RoomError("bad_seat", seat=seat)
    if room.seats[seat].kind != "human":
        raise RoomError("bad_seat", seat=seat)
    new = Seat() if room.status == "lobby" else Seat("computer")
    return _bump(room, now, seats=_with_seat(room, seat, new))


# ----------------------------------------------------------------- play
def to_act(room: Room) -> int | None:
    """The seat to act now (None in the lobby, between hands and at the end)."""
    if room.status != "playing":
        return None
    return replay(room).to_act()


def _add(room: Room, action: Action, now: float) -> Room:
    if room.status != "playing":
        raise RoomError("not_playing")
    if len(room.actions) >= MAX_ACTIONS:
        raise RoomError("room_too_long")
    _check_actor(replay(room), action)
    actions = (*room.actions, action)
    done = _replay_cached(room.settings, room.seed, actions)  # raises when refused
    status: Status = "finished" if done.match.finished else "playing"
    return _bump(room, now, actions=actions, status=status)


def _human(room: Room, token_hash: str) -> int:
    seat = seat_of(room, token_hash)
    if seat is None:
        raise RoomError("no_seat")
    return seat


def act(room: Room, token_hash: str, kind: ActionKind, arg: str = "", *,
        now: float) -> Room:
    """The human holding ``token_hash`` plays a card, sings, declares, swaps, passes, or
    deals the next hand; refused with the reason (``illegal_card`` carries the analysis,
    so the words are the practice table's)."""
    seat = _human(room, token_hash)
    if kind == "play":
        try:
            arg = str(Card.parse(arg))
        except TuteError:
            raise RoomError("bad_card", card=str(arg)[:10]) from None
    return _add(room, Action(seat, kind, arg), now)


def play(room: Room, token_hash: str, card: str, *, now: float) -> Room:
    """Play ``card`` (a code like ``12c``) for the human's seat."""
    return act(room, token_hash, "play", card, now=now)


def cante(room: Room, token_hash: str, suit: str, *, now: float) -> Room:
    """Sing the pair of ``suit`` (a suit letter)."""
    return act(room, token_hash, "cante", suit, now=now)


def tute(room: Room, token_hash: str, *, now: float) -> Room:
    """Declare a tute: the hand ends."""
    return act(room, token_hash, "tute", now=now)


def swap(room: Room, token_hash: str, *, now: float) -> Room:
    """Two players: swap the 7 (or 2) of trumps for the face-up card."""
    return act(room, token_hash, "swap", now=now)


def pass_turn(room: Room, token_hash: str, *, now: float) -> Room:
    """Declare nothing (more) after this trick."""
    return act(room, token_hash, "pass", now=now)


def next_hand(room: Room, token_hash: str, *, now: float) -> Room:
    """Deal the next hand once the current one is over (any seated human)."""
    return act(room, token_hash, "next", now=now)


def computer_rng(room: Room, seat: int) -> random.Random:
    """The computer's generator: fixed by the room's seed, version and the seat."""
    return random.Random(f"{room.seed}/{room.version}/{seat}")


def computer_action(room: Room) -> Action | None:
    """The action the computer would take for the seat to act now, or None when a human
    is to act or nobody is. Depends only on the room (seed, actions, version)."""
    seat = to_act(room)
    if seat is None or not room.seats[seat].computer_plays:
        return None
    rep = replay(room)
    game = rep.game
    player = get_player(room.settings.level)
    rng = computer_rng(room, seat)
    if game.declarer == seat:
        for decl in player.declarations(game.view(seat), rng):
            if isinstance(decl, CanteAction):
                return Action(seat, "cante", SUIT_LETTERS[decl.suit])
            if isinstance(decl, TuteAction):
                return Action(seat, "tute", decl.kind or "")
            if isinstance(decl, SwapAction):
                return Action(seat, "swap")
        if game.to_move != seat or game.moment is None:
            return Action(seat, "pass")
    lead = game
    if game.moment is not None:  # the view after the moment's draws, on a copy of the
        lead = game.replayed()   # hand: the cached replay stays as it is
        lead.close_moment()
    card = player.choose_card(lead.view(seat), rng)
    return Action(seat, "play", str(card))


def computer_move(room: Room, *, now: float) -> Room | None:
    """The room after the computer's action for the seat to act, or None if no computer
    is to act."""
    action = computer_action(room)
    if action is None:
        return None
    return _add(room, action, now)


def take_over_idle(room: Room, *, now: float) -> Room | None:
    """A human seat to act for longer than the idle limit goes to a computer (away)."""
    seat = to_act(room)
    if seat is None:
        return None
    current = room.seats[seat]
    if current.kind != "human" or current.away:
        return None
    if now - room.moved_at < room.settings.idle_limit:
        return None
    return _bump(room, now, seats=_with_seat(room, seat, replace(current, away=True)))


def reclaim(room: Room, token_hash: str, *, now: float) -> Room:
    """The human comes back to a seat a computer was playing for."""
    seat = _human(room, token_hash)
    current = room.seats[seat]
    if not current.away:
        return room
    return _bump(room, now, seats=_with_seat(room, seat, replace(current, away=False)))


# ----------------------------------------------------------------- what one seat sees
@dataclass(frozen=True, slots=True)
class Offers:
    """What the seat may declare now."""

    cantes: tuple[int, ...] = ()
    tute: bool = False
    swap: Card | None = None

    def __bool__(self) -> bool:
        return bool(self.cantes) or self.tute or self.swap is not None


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """A seat as every player sees it."""

    index: int
    kind: SeatKind
    nickname: str
    away: bool
    host: bool
    team: int


@dataclass(frozen=True, slots=True)
class SeatRoomView:
    """Everything one seat may see of a room: its own hand only, never another's.

    ``seat`` is None for someone not seated (the lobby, or a full room).
    """

    code: str
    version: int
    status: Status
    settings: Settings
    seats: tuple[PublicSeat, ...]
    seat: int | None
    to_act: int | None
    hand_number: int
    hand: tuple[Card, ...] = ()
    legal: tuple[Card, ...] = ()
    offers: Offers = Offers()
    analysis: PlayAnalysis | None = None
    trick: tuple[tuple[int, Card], ...] = ()
    last_trick: tuple[tuple[int, Card], ...] = ()
    last_trick_winner: int | None = None
    hand_sizes: tuple[int, ...] = ()
    trump: int | None = None
    trump_card: Card | None = None
    face_up: Card | None = None
    stock_left: int = 0
    points: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    hand_over: bool = False
    result: HandResult | None = None
    match_over: bool = False
    winner: int | None = None
    log: tuple[LogEntry, ...] = ()
    records: tuple[dict[str, Any], ...] = ()


def seat_view(room: Room, seat: int | None) -> SeatRoomView:
    """What ``seat`` may see (None: a spectator in the lobby sees the seats only)."""
    rules = room.settings.rules
    seats = tuple(PublicSeat(i, s.kind, s.nickname, s.away, i == room.host, rules.team_of(i))
                  for i, s in enumerate(room.seats))
    base = SeatRoomView(room.code, room.version, room.status, room.settings, seats, seat,
                        to_act(room), 0)
    if room.status == "lobby" or seat is None:
        return base
    rep = replay(room)
    game = rep.game
    acting = rep.to_act()
    legal: tuple[Card, ...] = ()
    analysis = None
    offers = Offers()
    if acting == seat:
        if game.declarer == seat:
            offers = Offers(tuple(game.declarable_cantes(seat)), game.can_tute(seat),
                            game.swap_card(seat) if game.can_swap(seat) else None)
        if game.to_move == seat:  # the winner may lead even while it may still declare
            analysis = game.analyse(seat)
            legal = analysis.legal
    hand = tuple(sorted(analysis.hand if analysis is not None else game.hand(seat),
                        key=Card.sort_key))
    trick = tuple(zip(game.trick_seats(), game.trick_cards, strict=True))
    last: tuple[tuple[int, Card], ...] = ()
    last_winner = None
    if game.tricks:
        record = game.tricks[-1]
        last = tuple(zip(record.seats(game.players), record.cards, strict=True))
        last_winner = record.winner
    match = rep.match
    shown_trump = None if rules.has_stock else CARDS[game.trump_card]
    log = tuple(e for e in rep.log if e.private is None or e.private == seat)
    records = tuple(h.record for h in match.hands)
    return replace(
        base, hand_number=rep.hand_number, hand=hand, legal=legal, offers=offers,
        analysis=analysis, trick=trick, last_trick=last, last_trick_winner=last_winner,
        hand_sizes=tuple(len(game.hand(s)) for s in range(game.players)),
        trump=game.trump, trump_card=shown_trump, face_up=game.face_up,
        stock_left=game.stock_left, points=game.points_so_far(),
        scores=match.scores, hand_over=game.finished,
        result=game.result() if game.finished else None, match_over=match.finished,
        winner=match.winner, log=log, records=records)


__all__ = ["CODE_ALPHABET", "Action", "LogEntry", "Offers", "PublicSeat", "Replay", "Room",
           "RoomError", "Seat", "SeatRoomView", "Settings", "act", "cante", "clean_code",
           "clean_nickname", "computer_action", "computer_move", "create", "hash_token",
           "join", "make_settings", "new_code", "new_token", "next_hand", "pass_turn",
           "play", "reclaim", "remove_seat", "replay", "seat_of", "seat_view", "start",
           "swap", "take_over_idle", "to_act", "tute"]
