"""A smaller run of the web server load test (benchmarks/load_server.py) so CI catches regressions:
40 WebSocket clients on 10 tables of a real ``bieten serve``, every seat a client playing random legal
moves; no lost or corrupted game (consecutive seq for every client, every record replays to the
scores the clients saw), within a time bound."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

LOAD = Path(__file__).resolve().parents[1] / "benchmarks" / "load_server.py"


def test_40_clients_on_10_tables_play_to_the_end_without_loss() -> None:
    spec = importlib.util.spec_from_file_location("load_server", LOAD)
    assert spec is not None and spec.loader is not None
    load = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = load  # its dataclasses look their module up
    spec.loader.exec_module(load)
    report = load.run(10, ("bieten", "bauernschnapsen", "bauernschnapsen_called", "bieten"), timeout=15)
    assert report["clients"] == 40 and report["games_finished"] == 10
    assert report["actions"] > 100 and report["actions_per_s"] > 0
    assert report["latency_ms_p99"] < 5000
