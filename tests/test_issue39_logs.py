"""Issue 39, item 2: no seat's token in any log line of ``bieten serve`` (docs/server.md, "Security"):
the page's links carry the token after ``#`` and its WebSocket offers it as a subprotocol, and a
token a client still puts in a URL's query is written as ``token=<hidden>`` by the access log, the
error log and the server's own."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from bieten.web._logs import HideTokens, hide

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _post(url: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.load(reply)


def test_hide_writes_every_token_in_a_line_as_hidden() -> None:
    line = 'WebSocket /ws/Ab?seat=0&token=Ks-A6_E&since=0" [accepted] /?token=x1&seat=1#token=y2'
    assert hide(line) == (
        'WebSocket /ws/Ab?seat=0&token=<hidden>&since=0" [accepted] /?token=<hidden>&seat=1#token=<hidden>'
    )
    record = logging.LogRecord(
        "uvicorn.access", 20, "", 0, '%s - "%s %s"', ("1.2.3.4:5", "GET", "/?token=a"), None
    )
    assert HideTokens().filter(record) and record.getMessage() == '1.2.3.4:5 - "GET /?token=<hidden>"'


def test_the_links_a_table_hands_out_keep_the_token_after_the_hash() -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from bieten.web import create_app

    with TestClient(create_app(bot_delay=0)) as client:
        made = client.post("/api/tables", json={"kind": "schnapsen", "seats": ["human", "open"]}).json()
        token = made["seats"][0]["token"]
        assert made["links"]["0"] == f"/?table={made['table']}&seat=0#token={token}"
        joined = client.post(f"/api/tables/{made['table']}/join", json={}).json()
        assert joined["link"] == f"/?table={made['table']}&seat=1#token={joined['token']}"
        url = f"/ws/{made['table']}?seat=0"
        with client.websocket_connect(url, subprotocols=["bieten-table", f"token.{token}"]) as ws:
            assert ws.accepted_subprotocol == "bieten-table"
            assert ws.receive_json()["type"] == "welcome"
        with client.websocket_connect(url, subprotocols=["bieten-table", "token.wrong"]) as ws:
            assert ws.receive_json()["code"] == "bad_token"


def test_no_token_the_server_hands_out_appears_in_its_log() -> None:
    websockets_client = pytest.importorskip("websockets.asyncio.client")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "bieten", "serve", "--port", str(port), "--bot-delay", "0",
               "--log-level", "debug", "--db", "memory"]  # fmt: skip
    env = dict(os.environ, SKBUILD_EDITABLE_VERBOSE="0")
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    tokens: list[str] = []
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + "/api/kinds", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        made = _post(base + "/api/tables", {"kind": "schnapsen", "seats": ["human", "open"], "seed": 5})
        tokens.append(made["seats"][0]["token"])
        joined = _post(f"{base}/api/tables/{made['table']}/join", {})
        tokens.append(joined["token"])
        urllib.request.urlopen(base + made["links"]["0"], timeout=5).close()  # the page's link
        old = f"{base}/?table={made['table']}&seat=1&token={joined['token']}"  # an older link
        urllib.request.urlopen(old, timeout=5).close()

        async def connect() -> None:
            ws_base = f"ws://127.0.0.1:{port}/ws/{made['table']}"
            protocols = ["bieten-table", f"token.{tokens[0]}"]
            async with websockets_client.connect(f"{ws_base}?seat=0&since=0", subprotocols=protocols) as ws:
                assert json.loads(await ws.recv())["type"] == "welcome"
            async with websockets_client.connect(f"{ws_base}?seat=1&token={tokens[1]}&since=0") as ws:
                assert json.loads(await ws.recv())["type"] == "welcome"
            async with websockets_client.connect(f"{ws_base}?seat=1&token=not-{tokens[1]}") as ws:
                assert json.loads(await ws.recv())["code"] == "bad_token"

        asyncio.run(connect())
    finally:
        process.terminate()
        output, _ = process.communicate(timeout=10)
    assert "[accepted]" in output and "GET /?table=" in output  # the lines are logged, the tokens not
    assert "token=<hidden>" in output
    for token in tokens:
        assert token not in output
