"""Rooms under load: friends playing tute in rooms through nginx, by Streamlit's protocol.

    python benchmarks/rooms.py --rooms 8 --replicas 2          # 8 rooms of 4: 24 players
    python benchmarks/rooms.py --small --json                  # what the test runs

Without ``--url`` it starts ``tute-tutor serve`` (PostgreSQL, the replicas, nginx) in a
temporary folder, like ``benchmarks/load.py``. Each room has four seats: three players
(simulated browsers, each with its own cookies, so nginx spreads them over the
replicas) and a computer of level 3. The rooms are opened in the database with the
players already seated and started; then every player opens ``/rooms?room=CODE`` over
its own websocket, and polls the room as the browser's ``run_every`` timer does (a
fragment rerun each second). A player whose turn it is waits 0.3-0.8 s and clicks a
legal card (the card's fallback button), or passes when only a declaration is offered.

Figures (seconds, wall time on this machine):

- **move round trip**: a player's click until every player of the room has a page that
  names the card (the log line of the move), over all human moves;
- **computer move**: the computer's turn beginning (the previous move saved) until
  every player's page names its card. It includes the deliberate pause before a
  computer plays (``COMPUTER_PAUSE``, ``TRICK_PAUSE`` after a trick) and the 1 s poll;
- **own click**: a click until the clicking page's run finished.

Nothing is asserted; the test runs ``--small`` only to see every room finish its hand
with no error and no move lost.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.streamlit_client import (  # noqa: E402
    STEP_TIMEOUT_S,
    describe,
    first_visit,
    new_element,
    open_stream,
    protos,
    quantile,
    rerun_message,
    served,
)
from tute_tutor.live import room as R  # noqa: E402
from tute_tutor.store import Store, open_store  # noqa: E402
from tute_tutor.store.rooms import create_room, load_room, room_version  # noqa: E402
from tute_tutor.ui.rooms import COMPUTER_PAUSE, TRICK_PAUSE  # noqa: E402

HUMANS = 3
LEVEL = 3


@dataclass
class Tally:
    move_s: list[float] = field(default_factory=list)
    computer_s: list[float] = field(default_factory=list)
    computer_net_s: list[float] = field(default_factory=list)
    own_s: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    passes: int = 0


@dataclass
class Pending:
    """A move on its way to every screen of its room."""

    name: str
    started: float
    seen: dict[int, float] = field(default_factory=dict)
    computer: bool = False
    pause: float = 0.0


@dataclass
class Table:
    """One room as the benchmark follows it (from the database, every 50 ms)."""

    code: str
    tokens: list[str]
    room: R.Room
    version_at: dict[int, float] = field(default_factory=dict)
    pending: list[Pending] = field(default_factory=list)
    done: bool = False
    players: list[Any] = field(default_factory=list)


def card_name(code: str) -> str:
    from tute_tutor.engine.cards import Card

    return Card.parse(code).name_with_article("en")


def open_rooms(store: Store, count: int, seed: int) -> list[Table]:
    """``count`` rooms of clasico (one hand), three players seated, started."""
    rng = random.Random(seed)
    tables = []
    for number in range(count):
        tokens = [f"bench{seed}x{number}x{seat}x" + "a" * 16 for seat in range(HUMANS)]
        settings = R.make_settings("clasico", {"match": "hands:1"}, level=LEVEL,
                                   idle_limit=600)

        def make(code: str, tokens: list[str] = tokens, settings: R.Settings = settings) -> R.Room:
            now = time.time()
            room = R.create(settings, "P0", R.hash_token(f"{tokens[0]}:{code}"),
                            seed=rng.randrange(10**9), code=code, now=now)
            for seat in range(1, HUMANS):
                room = R.join(room, f"P{seat}", R.hash_token(f"{tokens[seat]}:{code}"),
                              now=now, seat=seat)
            return R.start(room, R.hash_token(f"{tokens[0]}:{code}"), now=now)

        made = create_room(store, make, cap=10_000)
        tables.append(Table(made.code, tokens, made, {made.version: time.monotonic()}))
    return tables


async def follow(store: Store, tables: list[Table], tally: Tally, until: float) -> None:
    """Read each room's version every 50 ms; note when each version was saved."""
    while time.monotonic() < until and not all(t.done for t in tables):
        for table in tables:
            if table.done:
                continue
            version = await asyncio.to_thread(room_version, store, table.code)
            if version is None or version == table.room.version:
                continue
            now = time.monotonic()
            room = await asyncio.to_thread(load_room, store, table.code)
            if room is None:
                continue
            for v in range(table.room.version + 1, room.version + 1):
                table.version_at.setdefault(v, now)
            for action in room.actions[len(table.room.actions):]:
                if action.kind == "play" and room.seats[action.seat].kind == "computer":
                    turn = table.version_at.get(room.version - 1, now)
                    game = R.replay(table.room).game
                    pause = TRICK_PAUSE if game.tricks and not game.trick_cards \
                        else COMPUTER_PAUSE
                    table.pending.append(Pending(card_name(action.arg), turn, computer=True,
                                                 pause=pause))
                    for player in table.players:  # a page may have drawn it already
                        player.saw()
            table.room = room
            if room.status == "finished":
                table.done = True
        await asyncio.sleep(0.05)


class Player:
    """One simulated browser tab at one seat of one room."""

    def __init__(self, base: str, table: Table, seat: int, tally: Tally,
                 rng: random.Random, access_log: Path | None = None) -> None:
        self.access_log = access_log
        self.base, self.table, self.seat, self.tally, self.rng = base, table, seat, tally, rng
        self.ForwardMsg = protos()[1]
        self.query = f"room={table.code}&lang=en"
        self.fragment: str | None = None
        self.buttons: list[str] = []
        self.texts: list[str] = []
        self.snapshot_at = 0.0
        self.running = False
        self.finished = asyncio.Event()
        self.route = ""
        self.page_hash = ""

    def visit(self) -> dict[str, str]:
        """The first page load; with an access log (``--spread``), loaded again with a
        new route cookie until this seat's replica is seat number modulo the replicas
        (so every room is played across replicas)."""
        url = f"{self.base}rooms?{self.query}"
        jar = first_visit(url)
        if self.access_log is None:
            return jar
        for _ in range(40):
            upstreams = sorted(set(_upstreams(self.access_log).values()))
            route = next((v for k, v in jar.items() if k.startswith("tute_route")), "")
            mine = _upstreams(self.access_log).get(route)
            if len(upstreams) >= 2 and mine == upstreams[self.seat % len(upstreams)]:
                return jar
            jar = first_visit(url)
        return jar

    def _back(self, click: str | None = None, fragment: str | None = None) -> bytes:
        # a rerun the app asks for (st.rerun) keeps to this page: its hash
        return rerun_message(self.query, "rooms", click=click, fragment=fragment,
                             page_hash=self.page_hash)

    async def run(self, until: float) -> None:
        try:
            jar = await asyncio.to_thread(self.visit)
            self.route = next((v for k, v in jar.items() if k.startswith("tute_route")), "")
            jar["tute_learner"] = self.table.tokens[self.seat]
            async with open_stream(self.base, jar) as ws:
                reader = asyncio.create_task(self.read(ws))
                try:
                    await self.play(ws, until)
                finally:
                    reader.cancel()
        except Exception as error:  # counted, never stops the others
            self.tally.errors.append(f"{self.table.code}/{self.seat}: {describe(error)}")

    async def read(self, ws: Any) -> None:
        texts: list[str] = []
        buttons: list[str] = []
        while True:
            message = self.ForwardMsg.FromString(await ws.recv())
            kind = message.WhichOneof("type")
            element = new_element(message)  # an exception drawn by the app raises
            if element is not None:
                which = element.WhichOneof("type")
                if which == "text":
                    texts.append(element.text.body)
                elif which == "button":
                    buttons.append(element.button.id)
            elif kind == "new_session":
                texts, buttons = [], []
            elif kind == "navigation":  # the rooms page's hash, for every later rerun
                for page in message.navigation.app_pages:
                    if page.url_pathname == "rooms":
                        self.page_hash = page.page_script_hash
            elif kind == "auto_rerun":
                self.fragment = message.auto_rerun.fragment_id
            elif kind == "script_finished":
                status = message.script_finished
                if status == self.ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    texts, buttons = [], []
                    continue
                self.running = False
                if texts:
                    self.texts, self.buttons = texts, buttons
                    self.snapshot_at = time.monotonic()
                    self.saw()
                texts, buttons = [], []
                self.finished.set()

    def saw(self) -> None:
        """Mark the moves this page now names (a run drawn after the move was made)."""
        page = "\n".join(self.texts)
        for pending in self.table.pending:
            if self.seat not in pending.seen and pending.name in page:
                pending.seen[self.seat] = self.snapshot_at
        for pending in list(self.table.pending):
            if len(pending.seen) == HUMANS:
                took = max(pending.seen.values()) - pending.started
                if pending.computer:
                    self.tally.computer_s.append(took)
                    self.tally.computer_net_s.append(took - pending.pause)
                else:
                    self.tally.move_s.append(took)
                self.table.pending.remove(pending)

    async def send(self, ws: Any, data: bytes) -> None:
        self.running = True
        self.finished.clear()
        await ws.send(data)

    async def play(self, ws: Any, until: float) -> None:
        await self.send(ws, self._back())
        await asyncio.wait_for(self.finished.wait(), STEP_TIMEOUT_S)
        last_poll = time.monotonic()
        ended: float | None = None
        while time.monotonic() < until:
            room = self.table.room
            if room.status == "finished":
                ended = ended or time.monotonic()
                if not self.table.pending:
                    return
                if time.monotonic() - ended > STEP_TIMEOUT_S:
                    for pending in self.table.pending:
                        if self.seat not in pending.seen:
                            self.tally.errors.append(
                                f"{self.table.code}/{self.seat}: never showed {pending.name} "
                                f"(seen by {sorted(pending.seen)})")
                    return
            if time.monotonic() - last_poll >= 1.0 and self.fragment and not self.running:
                last_poll = time.monotonic()
                await self.send(ws, self._back(fragment=self.fragment))
            if R.to_act(room) == self.seat and not self.running:
                await self.move(ws, room)
            await asyncio.sleep(0.05)
        raise TimeoutError(f"room {self.table.code} did not finish in time")

    async def move(self, ws: Any, room: R.Room) -> None:
        view = R.seat_view(room, self.seat)
        if view.legal:
            card = str(view.legal[0] if self.rng.random() < 0.5 else
                       self.rng.choice(view.legal))
            wanted = f"-rooms_hand_{view.hand_number}__btn_{card}"
        else:
            card, wanted = "", "-rooms_pass"
        button = next((b for b in self.buttons if b.endswith(wanted)), None)
        if button is None:
            return  # this page has not drawn the turn yet: the next poll will
        await asyncio.sleep(self.rng.uniform(0.3, 0.8))
        if self.table.room.version != room.version:
            return
        started = time.monotonic()
        if card:
            self.table.pending.append(Pending(card_name(card), started))
        await self.send(ws, self._back(click=button))
        await asyncio.wait_for(self.finished.wait(), STEP_TIMEOUT_S)
        self.tally.own_s.append(time.monotonic() - started)
        if card:
            self.tally.moves += 1
        else:
            self.tally.passes += 1
        deadline = time.monotonic() + STEP_TIMEOUT_S
        while self.table.room.version == room.version and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # the follower has seen the move saved


async def drive(base: str, store: Store, rooms: int, seed: int, duration: float,
                access_log: Path | None = None) -> tuple[Tally, list[Table], list[Player]]:
    tally = Tally()
    tables = await asyncio.to_thread(open_rooms, store, rooms, seed)
    until = time.monotonic() + duration
    rng = random.Random(seed)
    players = [Player(base, table, seat, tally, random.Random(rng.random()), access_log)
               for table in tables for seat in range(HUMANS)]
    for player in players:
        player.table.players.append(player)
    follower = asyncio.create_task(follow(store, tables, tally, until))
    crowd = []
    for player in players:
        crowd.append(asyncio.create_task(player.run(until)))
        await asyncio.sleep(0.05)
    await asyncio.gather(*crowd)
    follower.cancel()
    return tally, tables, players


def _upstreams(log: Path) -> dict[str, str]:
    """Route cookie -> replica address, from nginx's access log."""
    found: dict[str, str] = {}
    if not log.exists():
        return found
    pattern = re.compile(r"upstream=(\S+) route=(\S+)")
    for line in log.read_text(encoding="utf-8").splitlines():
        match = pattern.search(line)
        if match and match.group(2) != "-":
            found[match.group(2)] = match.group(1)
    return found


def replicas_per_room(data: Path | None, tables: list[Table],
                      players: list[Player]) -> list[int]:
    """How many replicas served each room's players (from nginx's access log)."""
    if data is None:
        return []
    upstream_of = _upstreams(data / "nginx" / "access.log")
    counts = []
    for table in tables:
        routes = {p.route for p in players if p.table is table}
        counts.append(len({upstream_of.get(r, "?") for r in routes}))
    return counts


def figures(tally: Tally, tables: list[Table], seconds: float, replicas: int | None,
            spread: list[int], load: tuple[float, float, float]) -> dict[str, Any]:
    q: Callable[[list[float], float], float] = quantile
    lost = 0
    for table in tables:
        replayed = R._build(table.room.settings, table.room.seed, table.room.actions)
        if not replayed.match.finished:
            lost += 1
    return {
        "rooms": len(tables), "players": len(tables) * HUMANS, "replicas": replicas,
        "seconds": round(seconds, 1), "finished": sum(t.room.status == "finished"
                                                       for t in tables),
        "unfinished": lost, "moves": tally.moves, "passes": tally.passes,
        "errors": len(tally.errors),
        "move_p50_s": round(q(tally.move_s, 0.5), 3), "move_p95_s": round(q(tally.move_s, 0.95), 3),
        "move_max_s": round(max(tally.move_s, default=float("nan")), 3),
        "computer_p50_s": round(q(tally.computer_s, 0.5), 3),
        "computer_p95_s": round(q(tally.computer_s, 0.95), 3),
        "computer_max_s": round(max(tally.computer_s, default=float("nan")), 3),
        "computer_after_pause_p50_s": round(q(tally.computer_net_s, 0.5), 3),
        "computer_after_pause_p95_s": round(q(tally.computer_net_s, 0.95), 3),
        "own_click_p50_s": round(q(tally.own_s, 0.5), 3),
        "own_click_p95_s": round(q(tally.own_s, 0.95), 3),
        "computer_pause_s": [COMPUTER_PAUSE, TRICK_PAUSE],
        "replicas_per_room": spread, "load_average": [round(x, 2) for x in load],
        "first_errors": tally.errors[:5],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an already running serve (default: start one)")
    parser.add_argument("--db", help="its database URL (rooms are opened there)")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--duration", type=float, default=600.0,
                        help="seconds before an unfinished room counts as an error")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--small", action="store_true",
                        help="2 rooms, 2 replicas, players spread over both")
    parser.add_argument("--spread", action="store_true",
                        help="put each room's players on different replicas")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if args.small:
        args.rooms, args.spread = 2, True
    if not 1 <= args.rooms <= 100:
        parser.error("--rooms must be 1-100")
    if args.url and not args.db:
        parser.error("--url needs --db (the rooms are opened in the database)")

    def measure(base: str, db: str, data: Path | None) -> dict[str, Any]:
        base = base if base.endswith("/") else base + "/"
        store = open_store(db)
        load_before = os.getloadavg()
        started = time.monotonic()
        log = data / "nginx" / "access.log" if data is not None and args.spread else None
        tally, tables, players = asyncio.run(drive(base, store, args.rooms, args.seed,
                                                   args.duration, log))
        elapsed = time.monotonic() - started
        load = tuple((a + b) / 2 for a, b in zip(load_before, os.getloadavg(), strict=True))
        result = figures(tally, tables, elapsed, None if args.url else args.replicas,
                         replicas_per_room(data, tables, players),
                         (load[0], load[1], load[2]))
        store.close()
        return result

    if args.url:
        result = measure(args.url, args.db, None)
    else:
        with served(args.replicas) as (base, db, data):
            result = measure(base, db, data)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['rooms']} rooms of 4 ({result['players']} players, a level-{LEVEL} "
              f"computer each), {result['replicas'] or '?'} replicas, {result['seconds']} s: "
              f"{result['finished']} hands finished, {result['moves']} moves, "
              f"{result['errors']} errors; load average {result['load_average']}")
        print(f"move round trip (click to every screen): p50 {result['move_p50_s']} s, "
              f"p95 {result['move_p95_s']} s, max {result['move_max_s']} s")
        print(f"computer move (its turn to every screen, pause {COMPUTER_PAUSE}/{TRICK_PAUSE}"
              f" s included): p50 {result['computer_p50_s']} s, p95 "
              f"{result['computer_p95_s']} s, max {result['computer_max_s']} s")
        print(f"computer move less its pause: p50 {result['computer_after_pause_p50_s']} s, "
              f"p95 {result['computer_after_pause_p95_s']} s")
        print(f"own click (to the page's run finished): p50 {result['own_click_p50_s']} s, "
              f"p95 {result['own_click_p95_s']} s")
        if result["replicas_per_room"]:
            print(f"replicas serving each room's players: {result['replicas_per_room']}")
        for line in result["first_errors"]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
