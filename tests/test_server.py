"""bieten serve (python/bieten/web, docs/server.md): every endpoint and every refusal of the
contract, whole games over the WebSocket, reconnects, what a seat sees (R-rules, S12), the record's
replay, and one real uvicorn process driven by the websockets client."""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
with warnings.catch_warnings():  # starlette's TestClient would rather have httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import bieten
import bieten.schnapsen
from bieten.web import MAX_MESSAGE, create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(bot_delay=0)) as test_client:
        yield test_client


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    return reply.json()  # type: ignore[no-any-return]


def ws_url(made: dict[str, Any], seat: int = 0, since: int | None = None) -> str:
    token = made["seats"][seat]["token"]
    url = f"/ws/{made['table']}?seat={seat}&token={token}"
    return url if since is None else f"{url}&since={since}"


def served(client: TestClient, made: dict[str, Any]) -> Any:
    return client.app.state.server.tables[made["table"]]  # type: ignore[attr-defined]


def later(client: TestClient, seconds: float) -> None:
    """Moves the server's clock (the one expiry reads) ``seconds`` on."""
    server = client.app.state.server  # type: ignore[attr-defined]
    clock = server.clock
    server.clock = lambda: clock() + seconds


class Seat:
    """One seat's connection: what it was sent, in order."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.welcome = ws.receive_json()
        assert self.welcome["type"] == "welcome"
        self.events: list[dict[str, Any]] = []
        self.last: dict[str, Any] = {}
        self.take(ws.receive_json())

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        assert message["type"] == "update", message
        for event in message["events"]:
            if self.events:
                assert event["seq"] == self.events[-1]["seq"] + 1, "a gap in the event stream"
            self.events.append(event)
        self.last = message
        return message

    def until_to_act(self) -> dict[str, Any]:
        """Reads updates until this seat is to act or the game is over."""
        while self.last["legal"] is None and not self.last["state"]["is_over"]:
            self.take(self.ws.receive_json())
        return self.last

    def apply(self, action: str | int, ply: int | None = None) -> None:
        legal = self.last["legal"]
        self.ws.send_json({"type": "apply", "action": action, "ply": legal["ply"] if ply is None else ply})
        while True:
            message = self.ws.receive_json()
            assert message["type"] != "error", message
            self.take(message)
            if message["state"]["ply"] > legal["ply"]:
                return

    def request(self, message: Any) -> dict[str, Any]:
        """Sends a message that must be refused; returns the error."""
        if isinstance(message, (str, bytes)):
            if isinstance(message, bytes):
                self.ws.send_bytes(message)
            else:
                self.ws.send_text(message)
        else:
            self.ws.send_json(message)
        reply = self.ws.receive_json()
        assert reply["type"] == "error", reply
        return reply  # type: ignore[no-any-return]


def play_out(seat: Seat, rng: random.Random) -> None:
    while not seat.until_to_act()["state"]["is_over"]:
        seat.apply(rng.choice(seat.last["legal"]["actions"])["text"])


def check_view(client: TestClient, made: dict[str, Any], seat: Seat, number: int) -> None:
    """The seat was sent exactly events_for(its seat), from seq 0 on: no other seat's hidden card."""
    game = served(client, made).table.game
    assert [e["seq"] for e in seat.events] == list(range(len(seat.events)))
    assert seat.events == [event.to_dict() for event in game.events_for(number)]
    for event in seat.events:  # and, independently of events_for, the other hands are hidden
        if event["type"] == "hand_dealt":  # Bieten: R3
            assert all(hand is None for i, hand in enumerate(event["hands"]) if i != number), event
        if event["type"] == "cards_dealt" and event["seat"] != number:  # S12
            assert all(card is None for card in event["cards"]), event


def replays(client: TestClient, made: dict[str, Any], scores: list[int]) -> None:
    reply = client.get(f"/api/tables/{made['table']}/record")
    assert reply.status_code == 200
    assert "attachment" in reply.headers["content-disposition"]
    game_class = bieten.Game if made["family"] == "bieten" else bieten.schnapsen.Game
    replayed = game_class.from_json(reply.text)
    assert replayed.is_over
    assert [int(s) for s in replayed.scores] == scores


# -- HTTP ---------------------------------------------------------------------------------------------


def test_kinds_lists_games_presets_agents_and_players(client: TestClient) -> None:
    kinds = client.get("/api/kinds").json()
    assert kinds["kinds"] == [
        "bieten",
        "bauernschnapsen",
        "bauernschnapsen_called",
        "bauernschnapsen_2",
        "schnapsen",
    ]
    assert "tyrol" in kinds["bieten_presets"]
    assert kinds["agents"] == ["random", "heuristic", "ismcts", "policy", "expert"]
    assert kinds["players"] == {
        "bieten": [2, 3, 4, 5],
        "bauernschnapsen": [4],
        "bauernschnapsen_called": [4],
        "bauernschnapsen_2": [2],
        "schnapsen": [2],
    }


def test_docs_list_the_agents_and_seat_kinds_kinds_gives(client: TestClient) -> None:
    kinds = client.get("/api/kinds").json()
    docs = (Path(__file__).parent.parent / "docs" / "server.md").read_text(encoding="utf-8")
    row = next(line for line in docs.splitlines() if line.startswith("| `GET /api/kinds` |"))
    assert f'"agents": {json.dumps(kinds["agents"])}' in row
    assert f'"seat_kinds": {json.dumps(kinds["seat_kinds"])}' in row
    assert kinds["seat_kinds"] == ["human", "random", "heuristic", "ismcts", "policy", "expert"]


_BIETEN_KNOBS = [
    {"name": "players", "type": "int"},
    {"name": "hand_size", "type": "int"},
    {"name": "target", "type": "int"},
    {"name": "wild", "type": "str"},
    {"name": "weli_point", "type": "bool"},
    {"name": "ties", "type": "str"},
    {"name": "overbid", "type": "str"},
    {"name": "cut_steal", "type": "bool"},
    {"name": "show_top_card", "type": "bool"},
    {"name": "reraise", "type": "bool"},
]
_SCHNAPSEN_KNOBS = [
    {"name": "players", "type": "int"},
    {"name": "partners", "type": "str"},
    {"name": "knock", "type": "bool"},
    {"name": "bidding", "type": "bool"},
    {"name": "spritze", "type": "bool"},
    {"name": "retour", "type": "bool"},
    {"name": "claim", "type": "str"},
    {"name": "must_head", "type": "str"},
    {"name": "closing", "type": "bool"},
    {"name": "one_point_from", "type": "int"},
    {"name": "target", "type": "int"},
]
_SCHNAPSEN_KINDS = ["bauernschnapsen", "bauernschnapsen_called", "bauernschnapsen_2", "schnapsen"]


def _page_data(family: str) -> dict[str, Any]:
    """A game's page wording as its folder holds it (bieten/<family>/page.json), less its kinds' words,
    which /api/games puts into its kinds."""
    page: dict[str, Any] = json.loads((ROOT / "python" / "bieten" / family / "page.json").read_text("utf-8"))
    del page["kinds"]
    return page


def test_games_serves_each_registered_family_with_its_kinds_knobs_and_wording(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert [{key: value for key, value in game.items() if key != "page"} for game in games] == [
        {
            "name": "bieten",
            "title": "Bieten",
            "rule_prefix": "R",
            "preset_apart": True,  # R10: a preset is chosen apart, and the players (R2.1)
            "presets": ["tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol"],
            "knobs": _BIETEN_KNOBS,
            "kinds": [
                {
                    "name": "bieten",
                    "label": "Bieten",
                    "title": "Bieten",
                    "players": [2, 3, 4, 5],
                    "default_players": 4,
                }
            ],
            "script": "/api/games/bieten/page.js",
        },
        {
            "name": "schnapsen",
            "title": "Schnapsen",
            "rule_prefix": "S",
            "preset_apart": False,  # S10: each kind is its preset
            "presets": _SCHNAPSEN_KINDS,
            "knobs": _SCHNAPSEN_KNOBS,
            "kinds": [
                {
                    "name": "bauernschnapsen",
                    "label": "Bauernschnapsen (4, fixed partners)",
                    "title": "Bauernschnapsen",
                    "players": [4],
                    "default_players": 4,
                },
                {
                    "name": "bauernschnapsen_called",
                    "label": "Bauernschnapsen (4, called partner)",
                    "title": "Bauernschnapsen, called partner",
                    "players": [4],
                    "default_players": 4,
                },
                {
                    "name": "bauernschnapsen_2",
                    "label": "Bauernschnapsen (2 players)",
                    "title": "Bauernschnapsen for two",
                    "players": [2],
                    "default_players": 2,
                },
                {
                    "name": "schnapsen",
                    "label": "Schnapsen (2 players)",
                    "title": "Schnapsen",
                    "players": [2],
                    "default_players": 2,
                },
            ],
            "script": "/api/games/schnapsen/page.js",
        },
    ]
    # the wording is each game's own file, as it is; what a round and a seat's take are called
    assert [game["page"] for game in games] == [_page_data("bieten"), _page_data("schnapsen")]
    assert [(game["page"]["round"], game["page"]["taken"]) for game in games] == [
        ("hand", ["{n} trick", "{n} tricks"]),  # R3: hands; R4.3: tricks won
        ("deal", ["{n} card point", "{n} card points"]),  # S3: deals; S7: card points taken
    ]
    assert games[0]["page"]["log"]["trick_won"] == "{who} won trick {trick}"
    assert games[1]["page"]["log"]["trick_won"] == "{who} won trick {trick} ({points#point#points})"
    assert games[1]["page"]["explanations"]["close"] == {
        "text": "Close the stock: nobody draws any more, and you must reach 66 with stricter play.",
        "rules": ["S6.7", "S8.3"],
    }
    kinds = client.get("/api/kinds").json()
    assert [kind["name"] for game in games for kind in game["kinds"]] == kinds["kinds"]
    assert {kind["name"]: kind["players"] for game in games for kind in game["kinds"]} == kinds["players"]


def test_each_game_s_page_module_is_served_from_its_folder_and_nothing_else(client: TestClient) -> None:
    for family in ("bieten", "schnapsen"):
        script = client.get(f"/api/games/{family}/page.js")
        assert script.status_code == 200
        assert script.headers["content-type"] == "text/javascript; charset=utf-8"
        assert script.content == (ROOT / "python" / "bieten" / family / "page.js").read_bytes()
    for path in ("/api/games/web/page.js", "/api/games/..%2Fweb/page.js", "/api/games/bieten/page.json"):
        missing = client.get(path)
        assert missing.status_code == 404 and missing.json()["code"] == "not_found", path


def test_the_page_names_no_game_and_reads_them_all_from_the_registry() -> None:
    """Issue 37: no kind, family or Bieten figure is written into the page's files; "bieten" only as the
    project's name, never as a string the script compares with."""
    import re

    static = Path(bieten.web.__file__).parent / "static"
    figures = _page_data("bieten")["figures"]
    names = {*_SCHNAPSEN_KINDS, *figures}
    assert {"gleich", "hanger", "weli", "schnapsen"} <= names
    for path in sorted(static.iterdir()):
        text = path.read_text(encoding="utf-8")
        for name in names:
            assert not re.search(rf"\b{name}\b", text, re.IGNORECASE), (path.name, name)
        assert not re.search(r"[\"'`]bieten[\"'`]", text), path.name


def test_index_and_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    static = Path(bieten.web.__file__).parent / "static"
    for path in static.iterdir():
        if path.is_file():
            assert client.get(f"/static/{path.name}").content == path.read_bytes()
    missing = client.get("/static/no-such-file.js")
    assert missing.status_code == 404


def test_index_without_the_page_still_answers(tmp_path: Path) -> None:
    with TestClient(create_app(static_dir=tmp_path)) as bare:
        assert "/api/kinds" in bare.get("/").text


def test_create_list_show_a_table(client: TestClient) -> None:
    made = new_table(
        client,
        kind="bieten",
        preset="bavaria",
        rules={"players": 3},
        seed=5,
        seats=["random", "human", "human"],
    )
    assert made["kind"] == "bieten" and made["family"] == "bieten" and made["players"] == 3
    assert [s["kind"] for s in made["seats"]] == ["random", "human", "human"]
    assert "token" not in made["seats"][0] and made["seats"][1]["token"] != made["seats"][2]["token"]
    assert len(made["seats"][1]["token"]) >= 32 and len(made["table"]) >= 12
    assert made["links"] == {
        str(i): f"/?table={made['table']}&seat={i}#token={made['seats'][i]['token']}" for i in (1, 2)
    }
    listed = client.get("/api/tables").json()["tables"]
    assert listed == [
        {
            "table": made["table"],
            "kind": "bieten",
            "family": "bieten",
            "players": 3,
            "seats": ["random", "human", "human"],
            "ply": 0,
            "is_over": False,
            "open_seats": [],
        }
    ]
    assert "token" not in json.dumps(listed)
    shown = client.get(f"/api/tables/{made['table']}").json()
    assert shown["rules"]["players"] == 3 and shown["rules"]["weli_point"] is False  # bavaria
    assert shown["state"]["ply"] == 0 and shown["seats"] == ["random", "human", "human"]
    assert "seed" not in json.dumps(shown) and "token" not in json.dumps(shown)


def test_seat_kinds_are_case_insensitive_as_agent_names_are(client: TestClient) -> None:
    made = new_table(client, kind="schnapsen", seats=["Human", "RANDOM"], seed=2)
    assert [s["kind"] for s in made["seats"]] == ["human", "random"]


def test_default_seats_are_one_person_and_heuristic_bots(client: TestClient) -> None:
    made = new_table(client, kind="bauernschnapsen")
    assert [s["kind"] for s in made["seats"]] == ["human", "heuristic", "heuristic", "heuristic"]


@pytest.mark.parametrize(
    ("body", "status", "code", "cites"),
    [
        (b"{not json", 400, "bad_json", ""),
        (b"[1, 2]", 400, "not_object", ""),
        (b'{"kind": "bieten", "kind": "schnapsen"}', 400, "bad_json", ""),
        (b'{"kind": "poker"}', 400, "bad_field", ""),
        (b'{"kind": "bieten", "colour": "red"}', 400, "unknown_field", ""),
        (b'{"kind": "bieten", "rules": {"players": 9}}', 400, "bad_rules", "R10"),
        (b'{"kind": "bieten", "rules": {"trumps": 1}}', 400, "bad_rules", "R10"),
        (b'{"kind": "bieten", "preset": "mars"}', 400, "bad_rules", ""),
        (b'{"kind": "schnapsen", "rules": {"players": 3}}', 400, "bad_rules", "S10"),
        (b'{"kind": "schnapsen", "preset": "tyrol"}', 400, "bad_rules", "S10"),
        (b'{"kind": "bieten", "rules": [1]}', 400, "bad_rules", "R10"),
        (b'{"kind": "bieten", "seed": -1}', 400, "bad_seed", "R3.2"),
        (b'{"kind": "bieten", "seed": "7x"}', 400, "bad_seed", "R3.2"),
        (b'{"kind": "bieten", "seed": "18446744073709551616"}', 400, "bad_seed", "2**64"),
        (b'{"kind": "bieten", "seed": 7.0}', 400, "bad_seed", "R3.2"),
        (b'{"kind": "schnapsen", "seats": ["human"]}', 400, "bad_field", "S2.1"),
        (b'{"kind": "schnapsen", "seats": ["human", "alphago"]}', 400, "bad_field", "S2.1"),
        (b'{"kind": "schnapsen", "seats": ["random", "random"]}', 400, "bad_field", "human"),
    ],
)
def test_bad_table_requests_are_refused(
    client: TestClient, body: bytes, status: int, code: str, cites: str
) -> None:
    reply = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert reply.status_code == status
    error = reply.json()
    assert error["type"] == "error" and error["code"] == code, error
    assert cites in error["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_oversized_body_is_413(client: TestClient) -> None:
    body = json.dumps({"kind": "bieten", "pad": "x" * MAX_MESSAGE}).encode()
    reply = client.post("/api/tables", content=body)
    assert reply.status_code == 413 and reply.json()["code"] == "too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: cut off while reading
        for _ in range(80):
            yield b" " * 1024

    reply = client.post("/api/tables", content=chunks())
    assert reply.status_code == 413 and reply.json()["code"] == "too_large"
    assert client.get("/api/tables").json()["tables"] == []


def test_unknown_table_and_unknown_path_are_404(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/record", "/api/nothing"):
        reply = client.get(path)
        assert reply.status_code == 404 and reply.json()["type"] == "error", path
    assert client.get("/api/tables/nope").json()["code"] == "unknown_table"
    wrong = client.delete("/api/tables")
    assert wrong.status_code == 405 and wrong.json()["code"] == "method_not_allowed"


def test_rule_route_shows_one_rule_as_html_with_its_section_and_rule_links(client: TestClient) -> None:
    """/rules/<id>: the page's explanations and refusals link here (docs/web.md)."""
    reply = client.get("/rules/R7.4")
    assert reply.status_code == 200 and reply.headers["content-type"] == "text/html; charset=utf-8"
    page = reply.text
    assert "<title>R7.4 Answering a bid</title>" in page
    assert '<p>Part of <a href="/rules/R7">R7 Bidding (Bieten)</a>.</p>' in page
    assert '<h3 id="R7.4">R7.4 Answering a bid</h3>' in page
    assert "<li><code>hold</code> (schaugn): the bid now stands at 2, and nobody else is asked;</li>" in page
    three = '<li><code>three</code> (drei): he raises the bid to 3 (<a href="/rules/R7.5">R7.5</a>).</li>'
    assert three in page
    assert '<a href="/">Bieten · Schnapsen: new table</a>' in page
    # any case, either game; a section holds its rules; tables and code blocks are drawn as such
    assert '<h3 id="S6.7">S6.7 Closing (closing)</h3>' in client.get("/rules/s6.7").text
    notation = client.get("/rules/S11").text
    claim = '<tr><td><code>claim</code></td><td>claim 66 (<a href="/rules/S7.1">S7.1</a>)</td></tr>'
    assert claim in notation
    deal = client.get("/rules/R3").text
    assert '<h3 id="R3.7">R3.7 Stealing at the cut</h3>' in deal
    assert "<pre>mix64(z): z = (z ^ (z &gt;&gt; 30)) * 0xBF58476D1CE4E5B9" in deal


def test_rule_route_answers_every_rule_id_of_both_books(client: TestClient) -> None:
    from bieten._rulebook import rule_ids

    for rule_id in rule_ids():
        reply = client.get(f"/rules/{rule_id}")
        assert reply.status_code == 200 and f'id="{rule_id}"' in reply.text, rule_id


def test_rules_index_links_every_section_and_rule_of_both_books(client: TestClient) -> None:
    from bieten._rulebook import rules

    page = client.get("/rules")
    assert page.status_code == 200
    assert "<h2>Bieten</h2>" in page.text and "<h2>Bauernschnapsen and Schnapsen</h2>" in page.text
    for name in ("bieten.md", "schnapsen.md"):
        for rule in rules(name):
            if rule.level <= 3:
                assert f'<a href="/rules/{rule.id}">{rule.id}</a>' in page.text, rule.id


def test_unknown_rule_is_404_and_escaped_with_a_way_to_every_rule(client: TestClient) -> None:
    reply = client.get("/rules/R99<b>")
    assert reply.status_code == 404 and reply.headers["content-type"] == "text/html; charset=utf-8"
    assert (
        '<p class="error">&#x27;R99&lt;b&gt;&#x27; is not a rule id: '
        "Bieten&#x27;s are R1 to R11 (e.g. R7.4), Schnapsen&#x27;s S1 to S12 (e.g. S6.6)"
    ) in reply.text  # then the books of any game built for the tests
    assert '<a href="/rules">All rules</a>' in reply.text
    assert "<b>" not in reply.text


def test_rulebook_markdown_is_escaped_and_only_real_rule_ids_are_links() -> None:
    from bieten.web._rules_page import render_markdown

    text = "# T\n\nA <script>x</script> & **R7.4** or R12 `R7.4 <i>`\n\n- one\n  two\n- [b](bieten.md)"
    assert render_markdown(text) == (
        "<h1>T</h1>\n"
        '<p>A &lt;script&gt;x&lt;/script&gt; &amp; <strong><a href="/rules/R7.4">R7.4</a></strong> or R12 '
        "<code>R7.4 &lt;i&gt;</code></p>\n"
        '<ul><li>one two</li><li><a href="/rules">b</a></li></ul>'
    )


def test_record_is_refused_until_the_game_is_over(client: TestClient) -> None:
    made = new_table(client, kind="schnapsen", seed=3)
    reply = client.get(f"/api/tables/{made['table']}/record")
    assert reply.status_code == 409
    assert reply.json()["code"] == "game_not_over" and "S12" in reply.json()["message"]
    made = new_table(client, kind="bieten", seed=3)
    assert "R3" in client.get(f"/api/tables/{made['table']}/record").json()["message"]


def test_max_tables_gives_503_until_finished_tables_expire() -> None:
    with TestClient(create_app(bot_delay=0, max_tables=2, finished_ttl=60)) as client:
        first = new_table(client, kind="schnapsen", seed=1)
        new_table(client, kind="schnapsen", seed=2)
        reply = client.post("/api/tables", json={"kind": "schnapsen"})
        assert reply.status_code == 503 and reply.json()["code"] == "too_many_tables"
        with client.websocket_connect(ws_url(first)) as ws:
            seat = Seat(ws)
            play_out(seat, random.Random(1))
        table = served(client, first)
        assert table.finished_at is not None
        assert client.post("/api/tables", json={"kind": "schnapsen"}).status_code == 503  # kept a while
        later(client, 61)  # an hour later, as far as the server knows
        assert client.post("/api/tables", json={"kind": "schnapsen"}).status_code == 201
        assert client.get(f"/api/tables/{first['table']}").status_code == 404


def test_abandoned_tables_expire() -> None:
    with TestClient(create_app(bot_delay=0, idle_ttl=60)) as client:
        made = new_table(client, kind="schnapsen")
        later(client, 59)
        assert [t["table"] for t in client.get("/api/tables").json()["tables"]] == [made["table"]]
        later(client, 2)
        assert client.get("/api/tables").json()["tables"] == []
        assert made["table"] not in client.app.state.server.tables  # type: ignore[attr-defined]


# -- WebSocket: who may connect ------------------------------------------------------------------------


def refused_connection(client: TestClient, url: str) -> tuple[dict[str, Any], int]:
    with client.websocket_connect(url) as ws:
        error = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return error, closed.value.code


def test_connections_need_the_seat_s_own_token(client: TestClient) -> None:
    made = new_table(client, kind="bieten", seats=["human", "human", "heuristic", "random"], seed=2)
    table, one, zero = made["table"], made["seats"][1]["token"], made["seats"][0]["token"]
    cases = {
        "/ws/nope?seat=0&token=" + zero: ("unknown_table", 4404),
        f"/ws/{table}?seat=0": ("bad_token", 4403),  # missing token
        f"/ws/{table}?seat=0&token=": ("bad_token", 4403),
        f"/ws/{table}?seat=0&token={one}": ("bad_token", 4403),  # another seat's token
        f"/ws/{table}?seat=2&token={one}": ("bad_token", 4403),  # a bot's seat
        f"/ws/{table}?seat=9&token={one}": ("bad_token", 4403),
        f"/ws/{table}?seat=x&token={one}": ("bad_token", 4403),
        f"/ws/{table}?token={one}": ("bad_token", 4403),
        f"/ws/{table}?seat=1&token={one}x": ("bad_token", 4403),
        f"/ws/{table}?seat=1&token={one}&since=-1": ("bad_field", 4400),
    }
    for url, (code, close) in cases.items():
        error, closed = refused_connection(client, url)
        assert (error["type"], error["code"], closed) == ("error", code, close), url
    with client.websocket_connect(f"/ws/{table}?seat=1&token={one}") as ws:
        seat = Seat(ws)
        assert seat.welcome == {
            "type": "welcome",
            "table": table,
            "kind": "bieten",
            "family": "bieten",
            "players": 4,
            "seats": ["human", "human", "heuristic", "random"],
            "seat": 1,
            "you": 1,
            "rules": served(client, made).table.game.rules.to_dict(),
        }


# -- WebSocket: refused messages change nothing ---------------------------------------------------------


def test_every_refused_message_changes_nothing_and_keeps_the_connection(client: TestClient) -> None:
    made = new_table(client, kind="bieten", seats=["human", "human", "human", "human"], seed=11)
    table = served(client, made)
    with client.websocket_connect(ws_url(made, 0)) as w0, client.websocket_connect(ws_url(made, 1)) as w1:
        zero, one = Seat(w0), Seat(w1)
        assert table.table.game.current_player == 1 and one.last["legal"] and zero.last["legal"] is None
        before = (table.table.ply, table.table.game.event_count(), list(table.table.game.scores))
        legal = one.last["legal"]
        action = legal["actions"][0]["text"]
        refusals = [
            (one, "{not json", "bad_json", ""),
            (one, b"\xff\xfe", "bad_json", ""),
            (one, '{"type": "apply", "type": "apply"}', "bad_json", ""),
            (one, "[1]", "not_object", ""),
            (one, {"ply": 0}, "missing_field", ""),
            (one, {"type": "hello"}, "unknown_type", ""),
            (one, {"type": 7}, "unknown_type", ""),
            (one, {"type": "apply", "action": action, "ply": 0, "game": "g1"}, "unknown_field", ""),
            (one, {"type": "apply", "action": action}, "missing_field", "R9"),
            (one, {"type": "apply", "ply": 0}, "missing_field", ""),
            (one, {"type": "apply", "action": action, "ply": -1}, "bad_field", ""),
            (one, {"type": "apply", "action": action, "ply": True}, "bad_field", ""),
            (one, {"type": "apply", "action": [1], "ply": 0}, "bad_field", ""),
            (one, {"type": "apply", "action": action, "ply": 0, "id": [1]}, "bad_field", ""),
            (one, {"type": "apply", "action": action, "ply": 0, "seat": 0}, "wrong_seat", "R9"),
            (zero, {"type": "apply", "action": action, "ply": legal["ply"]}, "wrong_seat", "R9"),
            (one, {"type": "apply", "action": action, "ply": legal["ply"] + 1}, "stale_ply", "R9"),
            (one, {"type": "apply", "action": "fly away", "ply": legal["ply"]}, "bad_action", "R11"),
            (one, {"type": "apply", "action": 99999, "ply": legal["ply"]}, "bad_action", ""),
            (one, {"type": "apply", "action": "good", "ply": legal["ply"]}, "illegal_action", "R"),
            (one, {"type": "sync", "since": "x"}, "bad_field", ""),
            (one, {"type": "apply", "action": action, "ply": 0, "pad": "x" * MAX_MESSAGE}, "too_large", ""),
        ]
        for seat, message, code, cites in refusals:
            reply = seat.request(message)
            assert reply["code"] == code and cites in reply["message"], (message, reply)
            after = (table.table.ply, table.table.game.event_count(), list(table.table.game.scores))
            assert after == before, message
        reply = one.request({"type": "apply", "action": "fly", "ply": legal["ply"], "id": "mine"})
        assert reply["id"] == "mine"
        one.ws.send_json({"type": "ping", "id": 42})
        assert one.ws.receive_json() == {"type": "pong", "id": 42}
        one.apply(action)  # still open, and the move goes through
        assert table.table.ply == legal["ply"] + 1
        zero.take(zero.ws.receive_json())
        one.ws.send_json({"type": "apply", "action": action, "ply": legal["ply"]})  # replayed: stale
        assert one.ws.receive_json()["code"] in ("wrong_seat", "stale_ply")


def test_a_move_after_the_end_is_game_over(client: TestClient) -> None:
    made = new_table(client, kind="schnapsen", seed=4)
    with client.websocket_connect(ws_url(made)) as ws:
        seat = Seat(ws)
        play_out(seat, random.Random(4))
        reply = seat.request({"type": "apply", "action": "close", "ply": seat.last["state"]["ply"]})
        assert reply["code"] == "game_over" and "S9" in reply["message"]


# -- whole games ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "seats", "rules"),
    [
        ("bieten", ["human", "heuristic", "random", "heuristic"], None),
        ("bieten", ["random", "human"], {"players": 2, "target": 5}),
        ("bauernschnapsen", ["human", "heuristic", "heuristic", "heuristic"], None),
        ("bauernschnapsen_called", ["heuristic", "heuristic", "human", "random"], None),
        ("schnapsen", ["human", "heuristic"], None),
    ],
)
def test_a_whole_game_over_the_socket(
    client: TestClient, kind: str, seats: list[str], rules: dict[str, int] | None
) -> None:
    body: dict[str, Any] = {"kind": kind, "seats": seats, "seed": 2024}
    if rules:
        body["rules"] = rules
    made = new_table(client, **body)
    me = seats.index("human")
    with client.websocket_connect(ws_url(made, me)) as ws:
        seat = Seat(ws)
        play_out(seat, random.Random(7))
    state = seat.last["state"]
    assert state["is_over"] and state["winners"]
    check_view(client, made, seat, me)
    replays(client, made, state["scores"])
    assert client.get("/api/tables").json()["tables"][0]["is_over"] is True


def test_a_table_of_people_each_seeing_only_their_own_cards(client: TestClient) -> None:
    made = new_table(client, kind="bauernschnapsen", seats=["human"] * 4, seed=99)
    urls = [ws_url(made, i) for i in range(4)]
    with (
        client.websocket_connect(urls[0]) as a,
        client.websocket_connect(urls[1]) as b,
        client.websocket_connect(urls[2]) as c,
        client.websocket_connect(urls[3]) as d,
    ):
        seats = [Seat(ws) for ws in (a, b, c, d)]
        rng = random.Random(3)
        while True:
            to_act = served(client, made).table.game.current_player
            if to_act is None:
                break
            mover = seats[to_act]
            mover.until_to_act()
            mover.apply(rng.choice(mover.last["legal"]["actions"])["id"])
            for i, other in enumerate(seats):  # everyone hears of the move, once
                if i != to_act:
                    other.take(other.ws.receive_json())
                    assert other.last["state"] == mover.last["state"]
    for i, seat in enumerate(seats):
        check_view(client, made, seat, i)
    replays(client, made, seats[0].last["state"]["scores"])


def test_reconnecting_with_since_gets_the_missed_events(client: TestClient) -> None:
    made = new_table(client, kind="schnapsen", seed=8)
    rng = random.Random(8)
    with client.websocket_connect(ws_url(made)) as ws:
        seat = Seat(ws)
        for _ in range(3):
            seat.until_to_act()
            seat.apply(rng.choice(seat.last["legal"]["actions"])["text"])
        seen = list(seat.events)
    # gone for a while: the table went on without this connection (the bot may have moved)
    cursor = seen[-1]["seq"] + 1
    with client.websocket_connect(ws_url(made, since=cursor)) as ws:
        back = Seat.__new__(Seat)
        back.ws, back.welcome, back.events = ws, ws.receive_json(), list(seen)
        back.take(ws.receive_json())
        assert back.last["events"] == served(client, made).table.events(0, cursor)
        back.ws.send_json({"type": "sync", "since": 0})
        synced = ws.receive_json()
        assert synced["events"] == served(client, made).table.events(0, 0)
        play_out(back, rng)
    check_view(client, made, back, 0)
    replays(client, made, back.last["state"]["scores"])


def test_two_connections_of_one_seat_both_hear_every_update(client: TestClient) -> None:
    made = new_table(client, kind="schnapsen", seed=12, seats=["human", "random"])
    with client.websocket_connect(ws_url(made)) as w1, client.websocket_connect(ws_url(made)) as w2:
        first, second = Seat(w1), Seat(w2)
        first.until_to_act()
        ply = first.last["legal"]["ply"]
        first.apply(first.last["legal"]["actions"][0]["id"])
        while second.last["state"]["ply"] <= ply:
            second.take(w2.receive_json())
        assert second.events == first.events[: len(second.events)]


# -- a real server ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_bieten_serve_under_uvicorn_with_the_websockets_client() -> None:
    pytest.importorskip("uvicorn")
    websockets_client = pytest.importorskip("websockets.asyncio.client")
    port = free_port()
    env = dict(os.environ, SKBUILD_EDITABLE_VERBOSE="0")
    command = [sys.executable, "-m", "bieten", "serve", "--port", str(port), "--bot-delay", "0",
               "--log-level", "warning", "--db", "memory"]  # fmt: skip
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.strip() == f"bieten serve: open http://127.0.0.1:{port}/ in a browser"
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "/api/kinds", timeout=2) as reply:
                    assert "schnapsen" in json.load(reply)["kinds"]
                break
            except OSError:
                time.sleep(0.1)
        with urllib.request.urlopen(base + "/", timeout=5) as reply:
            assert reply.status == 200 and "html" in reply.headers["content-type"]
        request = urllib.request.Request(
            base + "/api/tables", data=json.dumps({"kind": "schnapsen", "seed": 5}).encode(), method="POST"
        )
        with urllib.request.urlopen(request, timeout=5) as reply:
            made = json.load(reply)

        async def play() -> list[int]:
            url = f"ws://127.0.0.1:{port}/ws/{made['table']}?seat=0&token={made['seats'][0]['token']}"
            plies = []
            async with websockets_client.connect(url) as ws:
                assert json.loads(await ws.recv())["type"] == "welcome"
                while len(plies) < 4:
                    update = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    assert update["type"] == "update"
                    if update["state"]["is_over"]:
                        break
                    if update["legal"]:
                        plies.append(update["legal"]["ply"])
                        action = update["legal"]["actions"][0]["text"]
                        await ws.send(json.dumps({"type": "apply", "action": action, "ply": plies[-1]}))
                await ws.send("{oops")
                while (reply := json.loads(await asyncio.wait_for(ws.recv(), 10)))["type"] == "update":
                    pass
                assert reply["code"] == "bad_json"
            return plies

        plies = asyncio.run(play())
        assert len(plies) >= 3 and plies == sorted(set(plies))
    finally:
        process.terminate()
        process.wait(10)


def test_docstring_examples_run_as_written() -> None:
    import doctest

    from bieten.web import _app, _games, _rules_page, _store

    for module in (_app, _games, _rules_page, _store):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_an_expired_table_closes_its_connections() -> None:
    with TestClient(create_app(bot_delay=0, finished_ttl=60)) as client:
        made = new_table(client, kind="schnapsen", seed=6)
        with client.websocket_connect(ws_url(made)) as ws:
            seat = Seat(ws)
            play_out(seat, random.Random(6))
            later(client, 61)
            assert client.get("/api/tables").json()["tables"] == []
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
        assert client.get(f"/api/tables/{made['table']}/record").status_code == 404


@pytest.mark.parametrize(
    "argv",
    [["--bot-delay", "-1"], ["--max-tables", "0"], ["--port", "70000"]],
)
def test_bieten_serve_refuses_bad_options(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    from bieten.cli import main

    assert main(["serve", *argv]) == 2
    assert "bieten: error:" in capsys.readouterr().err


def test_the_example_session_of_docs_server_md_is_what_the_server_says(client: TestClient) -> None:
    """The WebSocket part of docs/server.md's example, replayed on a fresh table (its id and token
    differ; the seed and the seeded bot make the rest the same)."""
    text = (ROOT / "docs" / "server.md").read_text()
    block = text.split("## An example session", 1)[1].split("```", 2)[1]
    socket_part = block.split("> WS ", 1)[1]
    lines = [line for line in socket_part.splitlines() if line.startswith(("> {", "< {"))]
    created = json.loads(next(line for line in block.splitlines() if line.startswith("< 201 "))[6:])
    made = new_table(client, kind="schnapsen", seed=7)
    for _ in range(100):  # the bot leads (S3): wait for its card, as the example did
        if client.get(f"/api/tables/{made['table']}").json()["state"]["ply"] == 1:
            break
        time.sleep(0.01)

    def ours(line: str) -> Any:
        line = line.replace(created["table"], made["table"])
        return json.loads(line[2:].replace(created["seats"][0]["token"], made["seats"][0]["token"]))

    with client.websocket_connect(ws_url(made)) as ws:
        for line in lines:
            if line.startswith(">"):
                ws.send_json(ours(line))
            else:
                assert ws.receive_json() == ours(line)
    assert len(lines) == 8
