"""The page plays offline (issue 38 item 4, docs/web.md "Offline"): with the engine in WebAssembly beside it
(``bieten serve --wasm bindings/wasm/dist``), the lobby's "Play offline" opens a table against the bots that
runs in the browser, the same page drawn by the same code, and makes no request while it is played.

Headless Chromium (Debian's, as tests/test_web_browser.py) plays a whole game of each registered game by
clicking legal actions; every request the page makes after it has loaded the engine is recorded, and there
must be none (requests to the tables' API and the socket are refused outright). The scores shown are the
record's, and the record (Python's ``to_json()`` byte for byte) replays in Python to them. Skips
without chromium, Playwright, the web extra, node or emscripten (the package is built as
tests/test_wasm.py builds it)."""

from __future__ import annotations

import random
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
if shutil.which("node") is None or shutil.which("em++") is None:
    pytest.skip(
        "node and emscripten build the engine for the page (.ci/run installs them)", allow_module_level=True
    )
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
pytest.importorskip("starlette", reason="the server's extra is not installed (pip install 'bieten[web]')")
pytest.importorskip("uvicorn", reason="the server's extra is not installed (pip install 'bieten[web]')")

import background_builds  # noqa: E402

import bieten  # noqa: E402
from bieten._families import KINDS, kind_family  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
PKG = REPO / "bindings" / "wasm"
WAIT_MS = 15_000
MAX_CLICKS = 400
MOVED_ON = "ply => document.querySelector('[data-testid=actions]').dataset.ply !== ply"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def dist() -> Path:
    background_builds.wait("wasm")  # tests/conftest.py's, if it started one
    built = subprocess.run(
        background_builds.wasm_build_command(),
        capture_output=True,
        text=True,
        check=False,
        cwd=REPO,
        env=background_builds.build_env(),
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return PKG / "dist"


@pytest.fixture(scope="module")
def server(dist: Path) -> Iterator[str]:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [
        sys.executable,
        "-m",
        "bieten",
        "serve",
        "--port",
        str(port),
        "--db",
        "memory",
        "--wasm",
        str(dist),
    ]
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
                with urllib.request.urlopen(f"{base}/wasm/bieten.mjs", timeout=5):
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


def _kind_of_each_game() -> list[str]:
    """One kind of each game the engine ships (its first; csrc/games/, not the tests' example game, which
    the tests' build of Python registers too), as the lobby lists them."""
    kinds: dict[str, str] = {}
    for kind in KINDS:
        if (REPO / "csrc" / "games" / kind_family(kind).name).is_dir():
            kinds.setdefault(kind_family(kind).name, kind)
    return list(kinds.values())


@pytest.mark.parametrize("kind", _kind_of_each_game())
def test_a_whole_game_is_played_offline_in_the_browser(server: str, browser: Any, kind: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    requests: list[str] = []
    playing = False
    page.on("request", lambda request: requests.append(request.url) if playing else None)
    # no table of the server, and no socket: the game must not need them
    page.route("**/api/tables**", lambda route: route.abort())
    page.route("**/ws/**", lambda route: route.abort())
    try:
        page.goto(server + "/")
        page.select_option("[data-testid=kind]", kind)
        page.fill("[data-testid=target]", "3")  # a short game
        page.fill("[data-testid=seed]", "7")
        page.wait_for_selector("[data-testid=offline]:visible")
        page.click("[data-testid=offline]")
        page.wait_for_selector("[data-testid=table]:visible")
        page.wait_for_selector("[data-testid=log] li")
        playing = True  # the engine is loaded: from here on, nothing is fetched
        rng = random.Random(7)
        ready = "[data-testid=action]:enabled, [data-testid=game-over]:visible"
        for _ in range(MAX_CLICKS):
            page.wait_for_selector(ready)
            if page.locator("[data-testid=game-over]").is_visible():
                break
            ply = page.get_attribute("[data-testid=actions]", "data-ply")
            rng.choice(page.locator("[data-testid=action]:enabled").all()).click()
            page.wait_for_function(MOVED_ON, arg=ply)
        else:
            pytest.fail(f"no game over after {MAX_CLICKS} clicks")
        assert not errors, errors
        playing = False
        assert requests == []
        record = page.evaluate("bietenPage.socket.record()")
        shown = [int(s) for s in page.locator("[data-testid=score]").all_inner_texts()]
        assert page.locator("[data-testid=log] li").last.get_attribute("data-type") == "game_over"
        assert page.get_attribute("[data-testid=record]", "href").startswith("blob:")
    finally:
        page.close()
    family = kind_family(kind).name
    module = bieten if family == bieten.games()[0] else getattr(bieten, family)
    game = module.Game.from_json(record)
    assert game.is_over
    assert game.to_json() == record
    assert game.scores == shown
    assert game.seed == 7
    assert game.rules.target == 3
