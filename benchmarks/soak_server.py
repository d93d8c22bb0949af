"""Fault soak of ``bieten serve`` with a durable store (docs/server.md, "Restart"): the server is
killed with SIGKILL again and again while tables of both games are being played, by people
(WebSocket clients playing random legal moves) and by bots, and started again on the same port and
store each time.

    python benchmarks/soak_server.py --cycles 100 --db sqlite     # a SQLite file in a temporary folder
    python benchmarks/soak_server.py --cycles 100 --db postgresql # a throwaway PostgreSQL cluster
    python benchmarks/soak_server.py --cycles 5 --json

Every client reconnects with ``since`` whenever its connection drops and plays on; every table's game
must end. Then each table's record (``GET /api/tables/<id>/record``) must replay with ``from_json``,
every event each client was sent must be exactly ``events_for(its seat)`` of the replayed game, in
order, each once (so no acknowledged move was lost and none applied twice), and every move a client
saw acknowledged must be the record's action at its ply. ``tests/test_server_store_processes.py``
runs a few cycles of it.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_harness import ServerProcess, temporary_postgres

#: The tables played at once, each (kind, seats): people ("human") and bots of both games.
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("bieten", ("human", "heuristic", "human", "random")),
    ("bauernschnapsen", ("human", "human", "heuristic", "human")),
    ("schnapsen", ("human", "heuristic")),
    ("bieten", ("human", "human", "human", "human")),
)
#: Refusals a client may be sent around a restart: its move raced the restart, nothing changed.
EXPECTED_REFUSALS = {"stale_ply", "wrong_seat", "game_over", "unavailable"}


class SoakFailure(AssertionError):
    """A lost, doubled or corrupted move, or a game that did not end in time."""


@dataclass
class SeatClient:
    table: str
    seat: int
    token: str
    events: list[dict[str, Any]] = field(default_factory=list)
    acked: dict[int, int] = field(default_factory=dict)  # ply -> action id, acknowledged by an update
    final: dict[str, Any] | None = None
    connects: int = 0
    refusals: dict[str, int] = field(default_factory=dict)
    actions: int = 0


@dataclass
class Figures:
    kills: int = 0
    restart_s: list[float] = field(default_factory=list)
    tables: int = 0
    actions: int = 0
    reconnects: int = 0
    refusals: dict[str, int] = field(default_factory=dict)


async def _play(server: ServerProcess, client: SeatClient, rng: random.Random, deadline: float) -> None:
    from websockets.asyncio.client import connect

    while time.monotonic() < deadline:
        url = (
            f"ws://127.0.0.1:{server.port}/ws/{client.table}?seat={client.seat}&token={client.token}"
            f"&since={len(client.events)}"
        )
        sent: tuple[int, int] | None = None
        try:
            async with connect(url, open_timeout=5, close_timeout=1) as ws:
                client.connects += 1
                welcome = json.loads(await ws.recv())
                if welcome.get("type") != "welcome":
                    raise SoakFailure(f"table {client.table} seat {client.seat}: {welcome}")
                async for text in ws:
                    message = json.loads(text)
                    if message["type"] == "error":
                        code = message["code"]
                        if code not in EXPECTED_REFUSALS:
                            raise SoakFailure(f"table {client.table} seat {client.seat}: {message}")
                        client.refusals[code] = client.refusals.get(code, 0) + 1
                        sent = None  # send again on the next legal (or this one, if still ours)
                        continue
                    for event in message["events"]:
                        if event["seq"] != len(client.events):
                            raise SoakFailure(
                                f"table {client.table} seat {client.seat}: seq {event['seq']} after "
                                f"{len(client.events)} events (a gap or a repeat)"
                            )
                        client.events.append(event)
                    state = message["state"]
                    if sent is not None and state["ply"] > sent[0]:
                        client.acked[sent[0]] = sent[1]
                        sent = None
                    if state["is_over"]:
                        client.final = state
                        return
                    legal = message["legal"]
                    if legal is not None and (sent is None or sent[0] != legal["ply"]):
                        action = rng.choice(legal["actions"])["id"]
                        sent = (legal["ply"], action)
                        await ws.send(json.dumps({"type": "apply", "action": action, "ply": legal["ply"]}))
                        client.actions += 1
        except SoakFailure:
            raise
        except Exception:  # the server is away (killed): reconnect with since
            await asyncio.sleep(0.05)
    raise SoakFailure(f"table {client.table} seat {client.seat}: the game did not end in time")


def _check(record_text: str, clients: list[SeatClient]) -> int:
    """Replays the record and compares it with what every client saw; the number of actions."""
    record = json.loads(record_text)
    if record["format"] == "bieten-game":
        from bieten import Game
    else:
        from bieten.schnapsen import Game  # type: ignore[assignment]
    game = Game.from_json(record_text)
    if not game.is_over:
        raise SoakFailure(f"table {clients[0].table}: the record's game is not over")
    history = [int(a) for a in game.history_ids()]
    for client in clients:
        expected = [event.to_dict() for event in game.events_for(client.seat)]
        if client.events != expected:
            first = next(
                (i for i, (a, b) in enumerate(zip(client.events, expected, strict=False)) if a != b), None
            )
            raise SoakFailure(
                f"table {client.table} seat {client.seat}: saw {len(client.events)} events, the record "
                f"has {len(expected)}; first difference at {first}"
            )
        for ply, action in client.acked.items():
            if ply >= len(history) or history[ply] != action:
                raise SoakFailure(
                    f"table {client.table}: the acknowledged move {action} at ply {ply} was lost"
                )
        if client.final is None or [int(s) for s in game.scores] != client.final["scores"]:
            raise SoakFailure(f"table {client.table}: the record's scores differ from the clients' end")
    return len(history)


async def _create(server: ServerProcess, body: dict[str, Any], deadline: float) -> dict[str, Any]:
    while True:
        try:
            return await asyncio.to_thread(server.post, "/api/tables", body)
        except (OSError, http.client.HTTPException):  # the server died mid-answer
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


async def _fetch_record(server: ServerProcess, table: str, deadline: float) -> str:
    import urllib.request

    def fetch(url: str) -> str:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return str(reply.read().decode())

    while True:
        try:
            return await asyncio.to_thread(fetch, f"{server.base}/api/tables/{table}/record")
        except (OSError, http.client.HTTPException):  # the server died mid-answer
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)


async def _table_runner(
    server: ServerProcess, spec: tuple[str, tuple[str, ...]], rng: random.Random, stop: asyncio.Event,
    figures: Figures, game_timeout: float,
) -> None:  # fmt: skip
    kind, seats = spec
    while not stop.is_set():
        deadline = time.monotonic() + game_timeout
        made = await _create(
            server, {"kind": kind, "seats": list(seats), "seed": rng.randrange(1 << 63)}, deadline
        )
        clients = [
            SeatClient(made["table"], entry["seat"], entry["token"])
            for entry in made["seats"]
            if "token" in entry
        ]
        await asyncio.gather(*(_play(server, c, random.Random(rng.random()), deadline) for c in clients))
        record = await _fetch_record(server, made["table"], deadline)
        figures.actions += _check(record, clients)
        figures.tables += 1
        figures.reconnects += sum(c.connects - 1 for c in clients)
        for client in clients:
            for code, n in client.refusals.items():
                figures.refusals[code] = figures.refusals.get(code, 0) + n


async def _killer(
    server: ServerProcess, cycles: int, rng: random.Random, stop: asyncio.Event, figures: Figures,
    interval: tuple[float, float],
) -> None:  # fmt: skip
    for _ in range(cycles):
        await asyncio.sleep(rng.uniform(*interval))
        await asyncio.to_thread(server.kill)
        figures.kills += 1
        started = time.monotonic()
        await asyncio.to_thread(server.start)
        figures.restart_s.append(time.monotonic() - started)
    stop.set()


async def _soak(
    server: ServerProcess, cycles: int, seed: int, game_timeout: float, interval: tuple[float, float]
) -> Figures:
    rng = random.Random(seed)
    figures = Figures()
    stop = asyncio.Event()
    runners = [
        asyncio.ensure_future(
            _table_runner(server, spec, random.Random(rng.random()), stop, figures, game_timeout)
        )
        for spec in TABLES
    ]
    killer = asyncio.ensure_future(
        _killer(server, cycles, random.Random(rng.random()), stop, figures, interval)
    )
    try:
        await asyncio.gather(killer, *runners)
    finally:
        for task in (killer, *runners):
            task.cancel()
    return figures


def run(
    db: str = "sqlite",
    cycles: int = 100,
    *,
    seed: int = 1,
    bot_delay: float = 0.01,
    game_timeout: float = 120.0,
    interval: tuple[float, float] = (0.3, 0.9),
    dsn: str | None = None,
) -> dict[str, Any]:
    """Runs the soak against a fresh store (``db`` "sqlite" or "postgresql", or the PostgreSQL
    ``dsn`` given) and returns its figures; raises :class:`SoakFailure` on any loss."""
    with tempfile.TemporaryDirectory(prefix="bieten-soak-") as folder:
        if db == "sqlite":
            return _run_on(
                f"sqlite:///{folder}/soak.sqlite3", "sqlite", cycles, seed, bot_delay, game_timeout, interval
            )
        if dsn is not None:
            return _run_on(dsn, "postgresql", cycles, seed, bot_delay, game_timeout, interval)
        with temporary_postgres() as fresh:
            return _run_on(fresh, "postgresql", cycles, seed, bot_delay, game_timeout, interval)


def _run_on(
    url: str,
    name: str,
    cycles: int,
    seed: int,
    bot_delay: float,
    game_timeout: float,
    interval: tuple[float, float],
) -> dict[str, Any]:
    server = ServerProcess(url, bot_delay=bot_delay).start()
    started = time.perf_counter()
    try:
        figures = asyncio.run(_soak(server, cycles, seed, game_timeout, interval))
    finally:
        server.stop()
    elapsed = time.perf_counter() - started
    restarts = sorted(figures.restart_s)
    return {
        "db": name,
        "kills": figures.kills,
        "tables_finished": figures.tables,
        "actions": figures.actions,
        "seconds": round(elapsed, 1),
        "actions_per_s": round(figures.actions / elapsed, 1),
        "reconnects": figures.reconnects,
        "refusals": dict(sorted(figures.refusals.items())),
        "restart_s_p50": round(statistics.median(restarts), 3) if restarts else None,
        "restart_s_max": round(restarts[-1], 3) if restarts else None,
        "lost": 0,
        "doubled": 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cycles", type=int, default=100, help="SIGKILL + restart cycles (default 100)")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-delay", type=float, default=0.01)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    report = run(args.db, args.cycles, seed=args.seed, bot_delay=args.bot_delay)
    if args.json:
        print(json.dumps(report))
    else:
        print(
            f"{report['db']}: {report['kills']} SIGKILL + restart cycles in {report['seconds']} s; "
            f"{report['tables_finished']} games finished, {report['actions']:,} actions "
            f"({report['actions_per_s']}/s), {report['reconnects']} reconnects, "
            f"refusals {report['refusals']}; "
            f"restart to first answer p50 {report['restart_s_p50']} s, max {report['restart_s_max']} s; "
            "every record replayed, every client's events equal to the record's, no acknowledged move lost "
            "or doubled"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
