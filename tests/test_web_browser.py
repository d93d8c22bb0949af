"""The web page of ``bieten serve`` in a real browser (issue 12, docs/web.md).

Headless Chromium (Debian's ``chromium`` package, installed by ``.ci/run``) driven by Playwright for
Python plays whole games through the page by clicking: the lobby creates a table, then a legal
action button is clicked until the game-over banner shows. The scores shown must be the server's and
the record must download and replay to them. Screenshots (desktop and a 390x844 phone) go to
``$BIETEN_ARTIFACTS`` (default ``test-artifacts/`` in the repository).

Skips, saying why, when chromium, Playwright or the server's extra (starlette, uvicorn) is missing.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("chromium is not installed (Debian: apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
pytest.importorskip("starlette", reason="the server's extra is not installed (pip install 'bieten[web]')")
pytest.importorskip("uvicorn", reason="the server's extra is not installed (pip install 'bieten[web]')")
pytest.importorskip("bieten.web", reason="the server module bieten.web is missing")

from bieten._session import Table  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
#: Most clicks in one game before the test gives up (a short game needs a few dozen).
MAX_CLICKS = 400
#: Milliseconds to wait for the page after a click (bots move with --bot-delay 0).
WAIT_MS = 15_000
#: Closes the page's socket and waits until the page has seen it closed.
DROP = "new Promise(done => { const s = bietenPage.socket; s.addEventListener('close', done); s.close(); })"
#: True once the page is past the ply of the click (or no longer offers this seat a move).
MOVED_ON = "ply => document.querySelector('[data-testid=actions]').dataset.ply !== ply"


#: Uncaught JavaScript errors of each page the tests open, by id(page); there must be none.
PAGE_ERRORS: dict[int, list[str]] = {}


def _artifacts() -> Path:
    path = Path(os.environ.get("BIETEN_ARTIFACTS") or REPO / "test-artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The real ``bieten serve`` in a subprocess on a free loopback port; yields its base URL."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "bieten", "serve", "--port", str(port), "--bot-delay", "0"]
    proc = subprocess.Popen(
        [*cmd, "--log-level", "warning", "--no-access-log"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                _get_json(f"{base}/api/kinds")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    err = proc.stderr.read() if proc.stderr and proc.poll() is not None else ""
                    pytest.fail(f"bieten serve did not start: {err[-2000:]}")
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()


def _create(page: Any, base: str, kind: str, players: int, target: int, seed: int, preset: str = "") -> str:
    """Fills the lobby in and creates the table; returns its id (the page is then at the table)."""
    page.set_default_timeout(WAIT_MS)
    errors = PAGE_ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(base + "/")
    page.select_option("[data-testid=kind]", kind)
    if preset:
        page.select_option("[data-testid=preset]", preset)
    if page.locator("[data-testid=players]").is_enabled():
        page.select_option("[data-testid=players]", str(players))
    assert page.locator("[data-testid=players]").input_value() == str(players)
    page.fill("[data-testid=target]", str(target))
    page.fill("[data-testid=seed]", str(seed))
    assert page.locator("[data-testid=seat-0]").input_value() == "human"
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=table]:visible")
    page.wait_for_selector("[data-testid=log] li")
    table = page.evaluate("new URLSearchParams(location.search).get('table')")
    assert table
    return str(table)


def _play(page: Any, rng: random.Random, *, shot: Path | None = None, drop_at: int = -1) -> int:
    """Clicks legal actions until the game-over banner shows; returns the number of clicks. Screenshots
    the table after a few clicks into ``shot``; closes the socket after ``drop_at`` clicks (the page
    must reconnect and carry on)."""
    ready = "[data-testid=action]:enabled, [data-testid=game-over]:visible"
    for clicks in range(MAX_CLICKS):
        page.wait_for_selector(ready, timeout=WAIT_MS)
        if page.locator("[data-testid=game-over]").is_visible():
            return clicks
        if clicks == drop_at:
            page.evaluate(DROP)
            page.wait_for_selector("[data-testid=status][data-kind=ok]", timeout=WAIT_MS)
        if shot is not None and clicks == 3:
            page.screenshot(path=str(shot), full_page=True)
        buttons = page.locator("[data-testid=action]:enabled").all()
        ply = page.get_attribute("[data-testid=actions]", "data-ply")
        choice = rng.choice(buttons)
        assert choice.get_attribute("data-action")
        choice.click()
        page.wait_for_function(MOVED_ON, arg=ply, timeout=WAIT_MS)
    pytest.fail(f"no game over after {MAX_CLICKS} clicks")


def _check_over(page: Any, base: str, table: str, tmp_path: Path) -> dict[str, Any]:
    """The banner shows, the scores are the server's, the record downloads and replays to them."""
    assert not PAGE_ERRORS.get(id(page)), f"the page threw: {PAGE_ERRORS[id(page)]}"
    banner = page.locator("[data-testid=game-over]")
    assert banner.is_visible()
    assert "win" in banner.inner_text()
    served = _get_json(f"{base}/api/tables/{table}")
    state = served["state"]
    assert state["is_over"]
    shown = [int(s) for s in page.locator("[data-testid=score]").all_inner_texts()]
    assert shown == state["scores"]
    log = page.locator("[data-testid=log] li")
    seqs = [int(s) for s in log.evaluate_all("items => items.map(li => li.dataset.seq)")]
    assert seqs == sorted(set(seqs)), "the log shows an event twice or out of order"
    assert log.last.get_attribute("data-type") == "game_over"
    with page.expect_download() as download_info:
        page.click("[data-testid=record]")
    saved = tmp_path / f"{table}.json"
    download_info.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert Table.load(record).state()["scores"] == state["scores"]
    return served


def test_bieten_whole_game_desktop(server: str, browser: Any, tmp_path: Path) -> None:
    art = _artifacts()
    page = browser.new_page(viewport=DESKTOP)
    try:
        table = _create(page, server, "bieten", players=3, target=3, seed=11, preset="tyrol")
        clicks = _play(page, random.Random(1), shot=art / "bieten-desktop.png", drop_at=2)
        assert clicks > 0
        served = _check_over(page, server, table, tmp_path)
        assert served["kind"] == "bieten" and served["players"] == 3
        # credit_void (docs/events.md): each void credit is one readable line citing its rule
        voids = page.locator("[data-testid=log] li[data-type=credit_void]").all_inner_texts()
        assert voids, "a game of tyrol to 3 has credits that go to nobody"
        assert all(re.search(r"— void \(R(6\.5|6\.6|7\.7|8\.2)\)", v) for v in voids), voids
        page.screenshot(path=str(art / "bieten-desktop-over.png"), full_page=True)
    finally:
        page.close()


def test_schnapsen_whole_game_phone(server: str, browser: Any, tmp_path: Path) -> None:
    art = _artifacts()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    try:
        table = _create(page, server, "schnapsen", players=2, target=3, seed=5)
        page.wait_for_selector("[data-testid=action]:enabled")
        page.evaluate("bietenPage.send({type: 'apply', action: 'close', ply: 999, id: 'stale'})")
        page.wait_for_selector("[data-testid=status][data-kind=error]")
        assert "Refused" in page.inner_text("[data-testid=status]")
        assert page.locator("[data-testid=action]:enabled").count() > 0  # nothing lost: still to act
        _play(page, random.Random(2), shot=art / "schnapsen-phone.png")
        served = _check_over(page, server, table, tmp_path)
        assert served["kind"] == "schnapsen"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px wide)"
        page.screenshot(path=str(art / "schnapsen-phone-over.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("kind", "players", "preset"),
    [
        ("bauernschnapsen", 4, ""),
        ("bauernschnapsen_called", 4, ""),
        ("bauernschnapsen_2", 2, ""),
        ("bieten", 3, "south_tyrol"),  # cut-steal (steal, leave) and the face-up card
    ],
)
def test_other_kinds_whole_game(
    server: str, browser: Any, tmp_path: Path, kind: str, players: int, preset: str
) -> None:
    page = browser.new_page(viewport=DESKTOP)
    try:
        table = _create(page, server, kind, players=players, target=1, seed=3, preset=preset)
        shot = _artifacts() / f"{kind}-desktop.png" if kind == "bauernschnapsen" else None
        _play(page, random.Random(3), shot=shot)
        served = _check_over(page, server, table, tmp_path)
        assert served["kind"] == kind and served["players"] == players
    finally:
        page.close()


def test_bieten_wild_is_played_as_a_chosen_card(server: str, browser: Any, tmp_path: Path) -> None:
    """Welibieten: seat 0 holds the Weli (seed 19); its card offers a row of "Play S6 as" buttons."""
    page = browser.new_page(viewport=PHONE)
    try:
        table = _create(page, server, "bieten", players=2, target=3, seed=19, preset="welibieten")
        wild = page.locator("[data-testid=actions] .choose [data-testid=action]")
        for _ in range(20):  # answer the bot's bids until the Weli may be played
            page.wait_for_selector("[data-testid=action]:enabled")
            if wild.count():
                break
            ply = page.get_attribute("[data-testid=actions]", "data-ply")
            page.locator("[data-testid=action]:enabled").first.click()
            page.wait_for_function(MOVED_ON, arg=ply)
        assert wild.count() > 1
        actions = wild.evaluate_all("buttons => buttons.map(b => b.dataset.action)")
        assert all(a.startswith("play S6 as ") for a in actions)
        assert page.locator("[data-testid=hand] .card.weli").count() == 1
        ply = page.get_attribute("[data-testid=actions]", "data-ply")
        wild.first.click()
        page.wait_for_function(MOVED_ON, arg=ply)
        assert page.locator("[data-testid=trick] .card.weli").count() == 1
        _play(page, random.Random(4))
        _check_over(page, server, table, tmp_path)
    finally:
        page.close()


def test_bad_seat_link_says_so(server: str, browser: Any) -> None:
    made = json.loads(
        urllib.request.urlopen(
            urllib.request.Request(
                f"{server}/api/tables",
                data=json.dumps({"kind": "schnapsen", "seed": 1}).encode(),
                headers={"content-type": "application/json"},
            ),
            timeout=5,
        ).read()
    )
    page = browser.new_page(viewport=PHONE)
    try:
        page.goto(f"{server}/?table={made['table']}&seat=0&token=wrong")
        page.wait_for_selector("[data-testid=status][data-kind=error]", timeout=WAIT_MS)
        assert "not valid" in page.inner_text("[data-testid=status]")
    finally:
        page.close()
