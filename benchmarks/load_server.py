"""Load test of ``bieten serve`` (docs/server.md) on loopback: many WebSocket clients, every seat of
every table a client playing random legal moves, against a real uvicorn process.

    python benchmarks/load_server.py --tables 50          # 200 clients: 25 Bieten + 25 Bauernschnapsen
    python benchmarks/load_server.py --tables 10 --json   # the figures as JSON
    python benchmarks/load_server.py --tables 250 --db postgresql --workers 2   # 1,000 clients, 2 processes
    python benchmarks/load_server.py --tables 250 --db all  # memory, SQLite, PostgreSQL (1 and 2 processes)

``--db`` is where the server keeps its tables (docs/server.md, "Storage"): ``memory`` (the default
here), ``sqlite`` (a file in a temporary folder) or ``postgresql`` (a throwaway cluster that
benchmarks/server_harness.py starts); ``--workers`` the server processes sharing the port (PostgreSQL
only), among which the kernel spreads the connections, so a table's seats sit on different
processes and every move crosses from one to the other through the store.

Checks that nothing is lost or corrupted: every table's game ends within the time bound; each client's
event stream has consecutive seq from 0 and ends at the state's ``next``; no client is sent an error;
the four clients of a table agree on the final state; and the table's record (downloaded after the
end) replays with ``Game.from_json`` to the scores the clients saw. Reports actions/s over the whole
run and the latency of a move (apply sent -> the update with the new ply received), p50 and p99.
``benchmarks/test_bench_server.py`` and ``tests/test_server_load.py`` run it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("bieten", "bauernschnapsen")


class LoadFailure(AssertionError):
    """A lost or corrupted game, or a run past its time bound."""


@dataclass
class Client:
    """One seat's connection and what it saw."""

    table: str
    seat: int
    next_seq: int = 0
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    final: dict[str, Any] | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, db: str = "memory", workers: int = 1) -> subprocess.Popen[str]:
    """``bieten serve`` on loopback, bots without delay, quiet; returns once it answers."""
    env = dict(os.environ, SKBUILD_EDITABLE_VERBOSE="0")
    command = [sys.executable, "-m", "bieten", "serve", "--port", str(port), "--bot-delay", "0",
               "--max-tables", "10000", "--log-level", "warning", "--no-access-log",
               "--db", db, "--workers", str(workers)]  # fmt: skip
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"bieten serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/kinds", timeout=1):
                return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("bieten serve did not answer within 30 s")


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time so far of a process and its children (the workers; Linux /proc), or
    None elsewhere."""
    total = 0.0
    try:
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if stat.parent.name == str(pid) or fields[1] == str(pid):
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None
    return total


def _post(base: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + "/api/tables", data=json.dumps(body).encode(), method="POST",
        headers={"content-type": "application/json"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)  # type: ignore[no-any-return]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return reply.read().decode()  # type: ignore[no-any-return]


async def _play(base_ws: str, made: dict[str, Any], seat: int, client: Client, rng: random.Random) -> None:
    from websockets.asyncio.client import connect

    token = made["seats"][seat]["token"]
    url = f"{base_ws}/ws/{made['table']}?seat={seat}&token={token}"
    sent_ply: int | None = None
    sent_at = 0.0
    async with connect(url, max_size=1 << 22, open_timeout=120, ping_timeout=None) as ws:
        welcome = json.loads(await ws.recv())
        if welcome.get("type") != "welcome" or welcome.get("you") != seat:
            raise LoadFailure(f"table {client.table} seat {seat}: no welcome but {welcome}")
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "error":
                client.errors.append(message)
                continue
            if message["type"] != "update":
                continue
            for event in message["events"]:
                if event["seq"] != client.next_seq:
                    raise LoadFailure(
                        f"table {client.table} seat {seat}: seq {event['seq']}, expected {client.next_seq}"
                    )
                client.next_seq += 1
            state = message["state"]
            if sent_ply is not None and state["ply"] > sent_ply:
                client.latencies.append(time.perf_counter() - sent_at)
                sent_ply = None
            if state["is_over"]:
                client.final = state
                return
            legal = message["legal"]
            if legal is not None and sent_ply is None:
                action = rng.choice(legal["actions"])["id"]
                sent_ply, sent_at = legal["ply"], time.perf_counter()
                await ws.send(json.dumps({"type": "apply", "action": action, "ply": sent_ply}))
                client.actions += 1
    raise LoadFailure(f"table {client.table} seat {seat}: the connection closed before the game ended")


def _replayed_scores(record_text: str) -> tuple[list[int], bool]:
    record = json.loads(record_text)
    if record["format"] == "bieten-game":
        from bieten import Game
    else:
        from bieten.schnapsen import Game  # type: ignore[assignment]
    game = Game.from_json(record_text)
    return [int(s) for s in game.scores], bool(game.is_over)


async def _run(
    port: int, tables: int, kinds: tuple[str, ...], seed: int, timeout: float, server_pid: int
) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(seed)
    made = []
    for i in range(tables):
        kind = kinds[i % len(kinds)]
        players = 4 if kind != "schnapsen" and kind != "bauernschnapsen_2" else 2
        body = {"kind": kind, "seats": ["human"] * players, "seed": rng.randrange(1 << 63)}
        made.append(await asyncio.to_thread(_post, base, body))
    clients = [Client(m["table"], seat) for m in made for seat in range(m["players"])]
    by_table = {m["table"]: m for m in made}
    started = time.perf_counter()
    cpu_before = cpu_seconds(server_pid)

    async def later(client: Client, delay: float, seed: float) -> None:  # spread the connects out
        await asyncio.sleep(delay)
        await _play(
            f"ws://127.0.0.1:{port}", by_table[client.table], client.seat, client, random.Random(seed)
        )

    tasks = [asyncio.ensure_future(later(c, i * 0.002, rng.random())) for i, c in enumerate(clients)]
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    elapsed = time.perf_counter() - started
    cpu_after = cpu_seconds(server_pid)
    for task in pending:
        task.cancel()
    if pending:
        raise LoadFailure(f"{len(pending)} of {len(tasks)} clients had not finished after {timeout:.0f} s")
    for task in done:
        task.result()  # re-raises a client's failure
    actions = sum(c.actions for c in clients)
    errors = [e for c in clients for e in c.errors]
    if errors:
        raise LoadFailure(f"{len(errors)} error replies, e.g. {errors[0]}")
    for m in made:
        seen = [c for c in clients if c.table == m["table"]]
        finals = {json.dumps(c.final, sort_keys=True) for c in seen}
        if len(finals) != 1:
            raise LoadFailure(f"table {m['table']}: its clients saw different ends: {finals}")
        final = seen[0].final
        assert final is not None
        if any(c.next_seq != final["next"] for c in seen):
            raise LoadFailure(f"table {m['table']}: a client missed events (next {final['next']})")
        record = await asyncio.to_thread(_get, f"{base}/api/tables/{m['table']}/record")
        scores, over = _replayed_scores(record)
        if not over or scores != final["scores"]:
            raise LoadFailure(f"table {m['table']}: the record replays to {scores}, the clients saw {final}")
    latencies = sorted(x for c in clients for x in c.latencies)
    if len(latencies) != actions:
        raise LoadFailure(f"{actions} moves sent but {len(latencies)} answered")
    return {
        "tables": tables,
        "kinds": list(kinds),
        "clients": len(clients),
        "games_finished": tables,
        "actions": actions,
        "seconds": round(elapsed, 3),
        "actions_per_s": round(actions / elapsed, 1),
        "latency_ms_p50": round(1000 * statistics.median(latencies), 2),
        "latency_ms_p99": round(1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))], 2),
        "latency_ms_max": round(1000 * latencies[-1], 2),
        "server_cpu_us_per_action": (
            None
            if cpu_before is None or cpu_after is None
            else round(1e6 * (cpu_after - cpu_before) / actions, 1)
        ),
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }


def run(
    tables: int = 50,
    kinds: tuple[str, ...] = KINDS,
    *,
    seed: int = 1,
    timeout: float = 120.0,
    port: int | None = None,
    db: str = "memory",
    workers: int = 1,
) -> dict[str, Any]:
    """Starts a server, plays ``tables`` tables of all-human seats to the end, checks them, stops the
    server, and returns the figures; raises :class:`LoadFailure` on a lost or corrupted game.
    ``db`` is ``memory``, ``sqlite`` or ``postgresql`` (a fresh store each run), or a ``--db`` URL."""
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from server_harness import temporary_postgres

    with tempfile.TemporaryDirectory(prefix="bieten-load-") as folder:
        if db == "sqlite":
            url = f"sqlite:///{folder}/load.sqlite3"
        elif db == "postgresql":
            with temporary_postgres() as dsn:
                return run(tables, kinds, seed=seed, timeout=timeout, port=port, db=dsn, workers=workers) | {
                    "db": "postgresql"
                }
        else:
            url = db
        report = _run_server(tables, kinds, seed, timeout, port, url, workers)
        return report | {"db": db.split(":", 1)[0], "workers": workers}


def _run_server(
    tables: int, kinds: tuple[str, ...], seed: int, timeout: float, port: int | None, db: str, workers: int
) -> dict[str, Any]:
    port = port or free_port()
    process = start_server(port, db, workers)
    try:
        return asyncio.run(_run(port, tables, kinds, seed, timeout, process.pid))
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables (default 50: 200 clients)")
    parser.add_argument("--kinds", default=",".join(KINDS), help="game kinds, taken in turn per table")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the moves")
    parser.add_argument("--timeout", type=float, default=120.0, help="time bound in seconds")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--db",
        default="memory",
        help="memory (default), sqlite, postgresql, a --db URL, or all (each in turn)",
    )
    parser.add_argument("--workers", type=int, default=1, help="server processes (PostgreSQL only)")
    args = parser.parse_args(argv)
    setups = (
        [("memory", 1), ("sqlite", 1), ("postgresql", 1), ("postgresql", 2)]
        if args.db == "all"
        else [(args.db, args.workers)]
    )
    for db, workers in setups:
        report = run(
            args.tables,
            tuple(args.kinds.split(",")),
            seed=args.seed,
            timeout=args.timeout,
            db=db,
            workers=workers,
        )
        _show(report, args.json)
    return 0


def _show(report: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(report), flush=True)
    else:
        print(
            f"{report['db']}, {report['workers']} process(es): "
            f"{report['clients']} clients on {report['tables']} tables ({', '.join(report['kinds'])}): "
            f"{report['games_finished']} games, {report['actions']:,} actions in {report['seconds']} s = "
            f"{report['actions_per_s']:,} actions/s; latency p50 {report['latency_ms_p50']} ms, "
            f"p99 {report['latency_ms_p99']} ms, max {report['latency_ms_max']} ms; server CPU "
            f"{report['server_cpu_us_per_action']} us/action; load average {report['load_average']}; "
            "no lost or corrupted game",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
