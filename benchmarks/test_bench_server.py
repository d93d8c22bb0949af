"""Web server load (issue 12): 200 WebSocket clients on 50 tables of ``bieten serve`` on loopback,
each seat a client playing random legal moves (benchmarks/load_server.py does the work and the checks).

Reports actions/s and the latency of a move (apply sent -> update with the new ply), p50 and p99.
Run with ``python -m pytest benchmarks/test_bench_server.py --benchmark-only -s``.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import RATES

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from load_server import run  # benchmarks/ is on sys.path, as for conftest


def test_server_load_200_clients_50_tables(benchmark: Any) -> None:
    reports: list[dict[str, Any]] = []
    benchmark.pedantic(lambda: reports.append(run(50, timeout=120)), rounds=3, iterations=1)
    best = max(reports, key=lambda r: r["actions_per_s"])
    for report in reports:
        assert report["clients"] == 200 and report["games_finished"] == 50
    median = sorted(reports, key=lambda r: r["actions_per_s"])[len(reports) // 2]
    RATES["server_load_200_clients"] = (median["actions_per_s"], "actions/s")
    benchmark.extra_info.update(median)
    benchmark.extra_info["best_actions_per_s"] = best["actions_per_s"]
    print()
    for report in reports:
        print(
            f"server load: {report['clients']} clients, {report['tables']} tables, "
            f"{report['actions']} actions in {report['seconds']} s = {report['actions_per_s']} actions/s, "
            f"latency p50 {report['latency_ms_p50']} ms p99 {report['latency_ms_p99']} ms"
        )
