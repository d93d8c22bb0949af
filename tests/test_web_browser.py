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

from bieten._families import BIETEN  # noqa: E402
from bieten._rulebook import find_rule, rule_text  # noqa: E402
from bieten._session import Table  # noqa: E402
from bieten.web._offered import OFFERED_KINDS as KINDS  # noqa: E402  (the kinds the page offers)

REPO = Path(__file__).resolve().parent.parent
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
#: The two screens the page is checked on, by width (the screenshots of docs/web.md are named so).
SCREENS = {1280: DESKTOP, 390: PHONE}
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


def _docs_shot(page: Any, name: str) -> None:
    """Saves ``<name>-<width>.png`` of what the page shows now into ``$BIETEN_SCREENSHOTS`` (relative to
    the repository; ``BIETEN_SCREENSHOTS=docs/web`` renews docs/web.md's pictures), if it is set:
    CI leaves the docs alone."""
    folder = os.environ.get("BIETEN_SCREENSHOTS")
    if not folder:
        return
    path = Path(folder) if Path(folder).is_absolute() else REPO / folder
    path.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path / f"{name}-{page.viewport_size['width']}.png"))


def _screen(browser: Any, width: int) -> tuple[Any, Any]:
    """A new context and page of one screen: the desktop, or a phone with touch."""
    phone = width < 760
    context = browser.new_context(viewport=SCREENS[width], is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors = PAGE_ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda err: errors.append(str(err)))
    return context, page


def _no_errors(page: Any) -> None:
    assert not PAGE_ERRORS.get(id(page)), f"the page threw: {PAGE_ERRORS[id(page)]}"


def _post_table(base: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/tables", data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        made: dict[str, Any] = json.load(response)
    return made


def _frame(page: Any, selector: str) -> dict[str, str]:
    """The computed frame of a seat: its border colour and its background."""
    return dict(
        page.eval_on_selector(
            selector,
            "e => { const s = getComputedStyle(e); "
            "return {border: s.borderTopColor, background: s.backgroundImage, color: s.color}; }",
        )
    )


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
    cmd = [sys.executable, "-m", "bieten", "serve", "--port", str(port), "--bot-delay", "0", "--db", "memory"]
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
        page.wait_for_selector("[data-testid=action]:enabled")
        turn = _frame(page, "[data-testid=seat][aria-current=true]")
        assert turn == {"border": "rgb(255, 191, 71)", "background": "none", "color": "rgb(255, 255, 255)"}
        clicks = _play(page, random.Random(1), shot=art / "bieten-desktop.png", drop_at=2)
        assert clicks > 0
        served = _check_over(page, server, table, tmp_path)
        # the winner's frame is not the turn's: a gold card, dark text, a white edge and a label
        winners = page.locator("[data-testid=seat].winner")
        assert winners.count() == len(served["state"]["winners"]) == 1
        assert page.locator("[data-testid=seat][aria-current=true]").count() == 0
        won = _frame(page, "[data-testid=seat].winner")
        assert won == {
            "border": "rgb(255, 255, 255)",
            "background": "linear-gradient(160deg, rgb(255, 224, 130) 0%, rgb(255, 193, 7) 100%)",
            "color": "rgb(29, 35, 33)",
        }
        badge = winners.locator("[data-testid=winner-badge]")
        assert badge.is_visible() and badge.inner_text() == "WINNER"  # "Winner", in capitals
        winner = int(winners.get_attribute("data-seat") or "-1")
        assert [winner] == served["state"]["winners"]
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
        assert page.inner_text("[data-testid=status]") == "Move refused"
        assert page.inner_text("[data-testid=toast-text]").startswith(
            "Refused: S9: 'close' was sent for ply 999"
        )
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


@pytest.mark.parametrize("width", sorted(SCREENS, reverse=True))
def test_lobby_fits_the_screen_without_scrolling_sideways(server: str, browser: Any, width: int) -> None:
    """Issue 22: at 390 px the lobby's selects, inputs and Create button ran 5 px past the edge."""
    context, page = _screen(browser, width)
    try:
        page.goto(server + "/")
        page.wait_for_selector("[data-testid=seat-0]")
        kinds = page.locator("[data-testid=kind] option").evaluate_all("os => os.map(o => o.value)")
        assert kinds == list(KINDS)
        for kind in [*KINDS, "bieten"]:  # the widest option is selected in turn; Bieten last, at 5 seats
            page.select_option("[data-testid=kind]", kind)
            if kind == "bieten" and page.locator("[data-testid=seat-4]").count() == 0:
                page.select_option("[data-testid=players]", "5")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, kind
            create = page.locator("[data-testid=create]").bounding_box()
            assert create is not None and create["x"] >= 0 and create["x"] + create["width"] <= width
        page.select_option("[data-testid=players]", "4")
        rules = page.locator("[data-testid=rules-link]")
        assert rules.inner_text() == "Rules" and rules.get_attribute("href") == "/rules"
        _docs_shot(page, "lobby")
        _no_errors(page)
    finally:
        context.close()


def test_the_lobby_offers_exactly_the_registry_s_kinds_with_their_labels_presets_and_players(
    server: str, browser: Any
) -> None:
    """Issue 37: the page names no game; its lobby lists what GET /api/games says, in its order."""
    games = _get_json(server + "/api/games")["games"]
    context, page = _screen(browser, 1280)
    try:
        page.goto(server + "/")
        page.wait_for_selector("[data-testid=seat-0]")
        options = page.locator("[data-testid=kind] option").evaluate_all(
            "os => os.map(o => [o.value, o.textContent])"
        )
        assert options == [[kind["name"], kind["label"]] for game in games for kind in game["kinds"]]
        assert [value for value, _ in options] == list(KINDS)
        assert options[0] == ["bieten", "Bieten"] and options[-1] == ["schnapsen", "Schnapsen (2 players)"]
        numbers = "os => os.map(o => Number(o.value))"
        for game in games:
            for kind in game["kinds"]:
                page.select_option("[data-testid=kind]", kind["name"])
                # a preset is chosen apart only where the registry says so (R10); a Schnapsen kind is its
                # preset (S10), its players fixed by it
                assert page.locator("[data-testid=preset]").is_visible() == game["preset_apart"], kind
                players = page.locator("[data-testid=players] option").evaluate_all(numbers)
                assert players == kind["players"], kind
                assert page.locator("[data-testid=players]").input_value() == str(kind["default_players"])
                if game["preset_apart"]:
                    presets = page.locator("[data-testid=preset] option").evaluate_all(
                        "os => os.map(o => o.value)"
                    )
                    assert presets == game["presets"] == list(BIETEN.presets)
                    assert page.locator("label[data-preset]").inner_text().startswith("Regional rules")
        assert page.inner_text(".brand") == "Bieten · Schnapsen" and page.title() == "Bieten · Schnapsen"
        _no_errors(page)
    finally:
        context.close()


@pytest.mark.parametrize("width", sorted(SCREENS, reverse=True))
def test_refused_move_shows_over_the_table_citing_its_rule(server: str, browser: Any, width: int) -> None:
    """A refusal is read where the player looks: over the table just above the hand, with its rule a
    link to /rules/<id>, until dismissed or the next move; the status line only says "Move refused"."""
    context, page = _screen(browser, width)
    try:
        _create(page, server, "schnapsen", players=2, target=3, seed=5)
        page.wait_for_selector("[data-testid=action]:enabled")
        page.evaluate("bietenPage.act('close')")  # the page's own move: not offered, so refused (S6.7)
        toast = page.locator("[data-testid=toast]")
        toast.wait_for(state="visible")
        assert page.inner_text("[data-testid=toast-text]") == (
            "Refused: S6.7: close only by the seat to lead, before its card"
        )
        assert toast.get_attribute("role") == "alert"
        assert page.inner_text("[data-testid=status]") == "Move refused"
        link = toast.locator("a")
        assert link.count() == 1 and link.inner_text() == "S6.7"
        assert link.get_attribute("href") == "/rules/S6.7" and link.get_attribute("target") == "_blank"
        with urllib.request.urlopen(server + "/rules/S6.7", timeout=5) as response:
            assert '<h3 id="S6.7">S6.7 Closing (closing)</h3>' in response.read().decode()
        box, board, hand = (
            page.locator(s).bounding_box() for s in (".toast", ".board", "[data-testid=hand]")
        )
        assert box is not None and board is not None and hand is not None
        screen = SCREENS[width]
        assert box["x"] >= 0 and box["x"] + box["width"] <= screen["width"]
        assert box["y"] >= 0 and box["y"] + box["height"] <= screen["height"], "the message is out of view"
        assert board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"]
        assert board["y"] <= box["y"] and box["y"] + box["height"] <= hand["y"], (
            "not over the table, above the hand"
        )
        assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]
        _docs_shot(page, "refused")
        page.locator("[data-testid=toast-close]").click()
        assert toast.is_hidden()
        page.wait_for_selector("[data-testid=status][data-kind=ok]")
        assert page.locator("[data-testid=action]:enabled").count() > 0  # the seat may still play
        _no_errors(page)
    finally:
        context.close()


BAD_LINKS = {
    "wrong_token": (
        "This seat link is not valid",
        "Its seat and token do not match a person's seat at this table. Check that the whole link was "
        "copied, or ask whoever created the table for your seat's link.",
    ),
    "unknown_table": (
        "No such table",
        'This server has no table "gone1234". It may have ended and expired, or the link is not complete.',
    ),
}


@pytest.mark.parametrize("width", sorted(SCREENS, reverse=True))
@pytest.mark.parametrize("bad", list(BAD_LINKS))
def test_bad_link_says_what_is_wrong_with_the_way_back_not_an_empty_table(
    server: str, browser: Any, bad: str, width: int
) -> None:
    made = _post_table(server, {"kind": "schnapsen", "seed": 1})
    table = made["table"] if bad == "wrong_token" else "gone1234"
    context, page = _screen(browser, width)
    try:
        page.goto(f"{server}/?table={table}&seat=0&token=wrong")
        panel = page.locator("[data-testid=bad-link]")
        panel.wait_for(state="visible")
        heading, why = BAD_LINKS[bad]
        assert panel.locator("h1").inner_text() == heading
        assert panel.locator(".why").inner_text() == why
        assert page.inner_text("[data-testid=status]") == heading
        for hidden in ("table", "scores", "trick", "hand", "log"):  # no empty felt, no empty log
            assert page.locator(f"[data-testid={hidden}]").is_hidden(), hidden
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if bad == "wrong_token":
            _docs_shot(page, "bad-link")
        back = page.locator("[data-testid=back-to-lobby]")
        assert back.inner_text() == "Back to the lobby" and back.get_attribute("href") == "/"
        back.click()
        page.wait_for_selector("[data-testid=lobby]:visible")
        assert page.url == server + "/"
        _no_errors(page)
    finally:
        context.close()


def _offered_actions() -> dict[str, set[str]]:
    """Every action text random games of each kind and preset offer, by family (retour switched on)."""
    offered: dict[str, set[str]] = {"bieten": set(), "schnapsen": set()}
    games = [("bieten", preset, {"players": 2 + seed % 4}) for preset in BIETEN.presets for seed in range(4)]
    games += [(kind, None, {}) for kind in KINDS if kind != "bieten" for _ in range(4)]
    games += [(kind, None, {"retour": True}) for kind in ("bauernschnapsen", "bauernschnapsen_called")]
    for number, (kind, preset, rules) in enumerate(games):
        table = Table.new(kind, preset=preset, rules={**rules, "target": 3}, seed=number)
        rng = random.Random(number)
        while not table.game.is_over:
            seat = table.state()["current_player"]
            legal = table.legal(seat)
            texts = [action["text"] for action in legal["actions"]]
            offered[table.family].update(texts)
            table.apply(seat=seat, ply=legal["ply"], action=rng.choice(texts))
    return offered


def _notation(rule_id: str) -> list[str]:
    """The actions of a notation table (R11, S11): each backquoted text of its first column."""
    rows = [line for line in rule_text(rule_id).splitlines() if line.startswith("| `")]
    return [text for row in rows for text in re.findall(r"`([^`]+)`", row.split("|")[1])]


def test_every_action_the_games_offer_is_explained_with_its_rules(server: str, browser: Any) -> None:
    """Issue 22 item 1: each action the page can show has one sentence and the rules it follows."""
    offered = _offered_actions()
    assert {"good", "hold", "three", "steal", "leave", "play S6 as HA"} <= offered["bieten"]
    assert {"gang", "kontraschnapser", "spritze", "retour", "close", "claim", "exchange"} <= offered[
        "schnapsen"
    ]
    notation = {"bieten": _notation("R11"), "schnapsen": _notation("S11")}
    assert "bid spiel" in notation["bieten"] and "meld H" in notation["schnapsen"]
    context, page = _screen(browser, 1280)
    try:
        page.goto(server + "/")
        explained = page.evaluate(
            """async ([offered, notation]) => {
                const { explainAction } = await import("/static/model.js");
                const out = {};
                for (const family of ["bieten", "schnapsen"]) {
                    for (const text of [...offered[family], ...notation[family]]) {
                        out[`${family}: ${text}`] = explainAction(family, text);
                    }
                }
                return out;
            }""",
            [{k: sorted(v) for k, v in offered.items()}, notation],
        )
        unexplained = sorted(key for key, found in explained.items() if not found)
        assert not unexplained, unexplained
        for key, found in explained.items():
            assert found["text"].endswith(".") and len(found["text"]) <= 90, key
            assert found["rules"], key
            for rule_id in found["rules"]:
                assert find_rule(rule_id).id == rule_id, key
        assert explained["schnapsen: kontraschnapser"] == {
            "key": "kontraschnapser",
            "text": "Announce a Kontraschnapser (12) against forehand: 66 points after at most three tricks.",
            "rules": ["S5.1"],
        }
        assert explained["bieten: play S6 as HK"]["key"] == "play as"
        _no_errors(page)
    finally:
        context.close()


GOOD = "Give the bid up: if everyone does, it is conceded; otherwise the next player answers."


@pytest.mark.parametrize("width", sorted(SCREENS, reverse=True))
def test_actions_explain_themselves_on_hover_and_on_a_tap_of_the_question_mark(
    server: str, browser: Any, width: int
) -> None:
    context, page = _screen(browser, width)
    try:
        _create(page, server, "bieten", players=3, target=3, seed=11, preset="tyrol")
        page.wait_for_selector("[data-testid=action]:enabled")
        good = page.locator("[data-testid=action][data-action=good]")
        assert good.get_attribute("title") == f"{GOOD} (R7.4, R7.5)"  # the hover
        toggle = page.locator("[data-testid=explain-toggle]")
        assert toggle.get_attribute("aria-expanded") == "false"
        assert page.locator("[data-testid=explain]").is_hidden()
        if width < 760:
            toggle.tap()
        else:
            toggle.click()
        lines = page.locator("[data-testid=explanation]")
        lines.first.wait_for(state="visible")
        assert toggle.get_attribute("aria-expanded") == "true"
        assert lines.all_inner_texts() == [f"good {GOOD} (R7.4, R7.5)"]
        links = lines.first.locator("a")
        assert links.evaluate_all("links => links.map(a => a.getAttribute('href'))") == [
            "/rules/R7.4",
            "/rules/R7.5",
        ]
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        # the explanations stay open while the game goes on: one line for each kind of action offered
        rng = random.Random(5)
        for _ in range(25):
            page.wait_for_selector("[data-testid=action]:enabled, [data-testid=game-over]:visible")
            if page.locator("[data-testid=game-over]").is_visible():
                break
            buttons = page.locator("[data-testid=action]:enabled")
            titles = buttons.evaluate_all("bs => bs.map(b => [b.dataset.action, b.title])")
            for action, title in titles:
                assert re.search(r"\. \([RS]\d+(\.\d+)*(, [RS]\d+(\.\d+)*)*\)$", title), (action, title)
            keys = lines.evaluate_all("ls => ls.map(l => l.dataset.key)")
            wanted = {"play" if a.startswith("play ") and " as " not in a else a for a, _ in titles}
            wanted = {"play as" if " as " in a else a for a in wanted}
            assert set(keys) == wanted
            ply = page.get_attribute("[data-testid=actions]", "data-ply")
            rng.choice(buttons.all()).click()
            page.wait_for_function(MOVED_ON, arg=ply)
        _no_errors(page)
    finally:
        context.close()


def test_the_page_shows_reconnecting_while_the_server_is_away_and_plays_on_after_a_restart(
    browser: Any, tmp_path: Path
) -> None:
    """Issue 24: the server is killed with SIGKILL mid-game; the page says it is reconnecting, and once a
    new server on the same SQLite file answers, it carries on and plays to the end."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("server_harness", REPO / "benchmarks" / "server_harness.py")
    assert spec is not None and spec.loader is not None
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    server = harness.ServerProcess(f"sqlite:///{tmp_path}/page.sqlite3").start()
    context, page = _screen(browser, 1280)
    try:
        made = _post_table(server.base, {"kind": "schnapsen", "seed": 3, "rules": {"target": 1}})
        page.goto(server.base + made["links"]["0"])
        page.wait_for_selector("[data-testid=action]:enabled")
        server.kill()
        page.wait_for_function(
            "() => /reconnecting…/i.test(document.querySelector('[data-testid=status]').textContent)"
        )
        server.start()
        page.wait_for_selector("[data-testid=status][data-kind=ok]", timeout=WAIT_MS)
        assert _play(page, random.Random(5)) > 0
        _check_over(page, server.base, made["table"], tmp_path)
        _no_errors(page)
    finally:
        context.close()
        server.stop()


def _lobby_row(page: Any, table: str) -> Any:
    return page.locator(f"[data-testid=open-table][data-table='{table}']")


def test_the_lobby_lists_open_tables_and_a_click_takes_the_seat_and_plays_it(
    server: str, browser: Any, tmp_path: Path
) -> None:
    """Issue 24 item 4: a table made with an open seat (S2.1: a person's seat no one holds yet) is listed
    in the page's lobby with its game and seats; **Take seat 1** takes it (``POST .../join``), opens the
    table at that seat and plays it to the end; the table then leaves the list. On a phone, nothing
    of the list is wider than the screen."""
    context, page = _screen(browser, 390)
    try:
        made = _post_table(
            server, {"kind": "schnapsen", "seats": ["heuristic", "open"], "seed": 8, "rules": {"target": 1}}
        )
        table = made["table"]
        assert made["links"] == {}
        page.goto(server + "/")
        row = _lobby_row(page, table)
        row.wait_for()
        shown = row.locator(".what").inner_text()
        assert shown == "Schnapsen (2 players)\nSeats 0: heuristic · 1: open · not started"
        joins = row.locator("[data-testid=join]")
        assert joins.all_inner_texts() == ["Take seat 1"]
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        _docs_shot(page, "lobby-open")
        joins.click()
        page.wait_for_selector("[data-testid=table]:visible")
        params = page.evaluate("Object.fromEntries(new URLSearchParams(location.search))")
        assert (params["table"], params["seat"]) == (table, "1")
        assert "token" not in params  # after "#": never sent, never in a log (issue 39)
        fragment = page.evaluate("Object.fromEntries(new URLSearchParams(location.hash.slice(1)))")
        assert len(fragment["token"]) >= 20
        page.wait_for_selector("[data-testid=status][data-kind=ok]")
        assert page.inner_text("[data-testid=status]") == "Seat 1 · Schnapsen"
        assert table not in [t["table"] for t in _get_json(f"{server}/api/lobby")["tables"]]
        assert _play(page, random.Random(8)) > 0
        _check_over(page, server, table, tmp_path)
        _no_errors(page)
    finally:
        context.close()


def test_a_seat_taken_by_someone_else_first_is_refused_in_the_lobby_and_the_list_redrawn(
    server: str, browser: Any
) -> None:
    """Issue 24 item 4: two people see the same open seat; the one who clicks second is told it is taken
    (``409 no_open_seat``) in the lobby, stays there, and the table leaves the list."""
    context, page = _screen(browser, 1280)
    try:
        made = _post_table(server, {"kind": "bauernschnapsen_2", "seats": ["open", "random"], "seed": 2})
        table = made["table"]
        page.goto(server + "/")
        _lobby_row(page, table).wait_for()
        join = urllib.request.Request(
            f"{server}/api/tables/{table}/join", data=b"{}", headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(join, timeout=5) as response:
            assert json.load(response)["seat"] == 0  # someone else is first
        page.click(f"[data-testid=join][data-table='{table}'][data-seat='0']")
        error = page.locator("[data-testid=open-error]")
        error.wait_for()
        assert error.inner_text() == f"seat 0 is not open at table {table} (taken, or never open)"
        _lobby_row(page, table).wait_for(state="detached")
        assert page.locator("[data-testid=lobby]").is_visible()
        assert page.evaluate("location.search") == ""
        _no_errors(page)
    finally:
        context.close()


def test_a_table_made_in_the_lobby_with_open_seats_only_waits_in_the_list(server: str, browser: Any) -> None:
    """Issue 24 item 4: seats of kind *open* and bots only: the creator gets no link, so the page stays in
    the lobby, says the table is open, and lists it with its open seat to take."""
    context, page = _screen(browser, 1280)
    try:
        page.goto(server + "/")
        page.select_option("[data-testid=kind]", "schnapsen")
        page.select_option("[data-testid=seat-0]", "open")
        page.select_option("[data-testid=seat-1]", "random")
        page.click("[data-testid=create]")
        notice = page.locator("[data-testid=open-notice]")
        notice.wait_for()
        found = re.fullmatch(r"Table (\S+) is open: take a seat in the list above\.", notice.inner_text())
        assert found, notice.inner_text()
        row = _lobby_row(page, found.group(1))
        row.wait_for()
        assert row.locator("[data-testid=join]").all_inner_texts() == ["Take seat 0"]
        assert page.evaluate("location.search") == ""
        _no_errors(page)
    finally:
        context.close()


def test_a_64_bit_seed_typed_in_the_lobby_reaches_the_server_exactly(server: str, browser: Any) -> None:
    """Issue 39: the seed 15871847963295036875 as a JavaScript number is ...037000, another deal;
    the page sends the digits, and refuses a seed of 2**64 or more in the lobby, saying the range."""
    page = browser.new_page(viewport=DESKTOP)
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(server + "/")
        page.select_option("[data-testid=kind]", "schnapsen")
        page.fill("[data-testid=seed]", str(2**64))
        page.click("[data-testid=create]")
        error = page.locator("[data-testid=lobby-error]")
        error.wait_for(state="visible")
        assert "0 to 18446744073709551615" in error.inner_text()
        page.fill("[data-testid=seed]", "15871847963295036875")
        with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as sent:
            page.click("[data-testid=create]")
        assert json.loads(sent.value.post_data or "{}")["seed"] == "15871847963295036875"
        page.wait_for_selector("[data-testid=table]:visible")
    finally:
        page.close()


def test_a_table_link_without_a_seat_offers_the_free_seats_not_an_invalid_link(
    server: str, browser: Any
) -> None:
    """Issue 39: "/?table=<id>" alone said "This seat link is not valid"; it shows the table and a
    button for each free seat, and a click takes that seat and plays it."""
    made = _post_table(server, {"kind": "schnapsen", "seats": ["heuristic", "open"], "seed": 4})
    page = browser.new_page(viewport=PHONE)
    page.set_default_timeout(WAIT_MS)
    try:
        page.goto(f"{server}/?table={made['table']}")
        box = page.locator("[data-testid=bad-link]")
        box.wait_for(state="visible")
        assert box.locator("h1").inner_text() == "Take a seat at this table"
        assert "This seat link is not valid" not in box.inner_text()
        assert box.locator("[data-testid=join]").all_inner_texts() == ["Take seat 1"]
        box.locator("[data-testid=join]").click()
        page.wait_for_selector("[data-testid=table]:visible")
        page.wait_for_selector("[data-testid=status][data-kind=ok]")
        assert page.inner_text("[data-testid=status]") == "Seat 1 · Schnapsen"
    finally:
        page.close()


def test_buttons_name_figures_as_the_rulebook_and_schnapsen_seats_say_card_points(
    server: str, browser: Any
) -> None:
    """Issue 39: "bid green" beside "bid gleich" mixed two conventions: every button now starts with a
    capital and names the figures as the rulebook does (Green, Gleich); a Schnapsen seat's take is
    "card points", not "pts"."""
    page = browser.new_page(viewport=DESKTOP)
    page.set_default_timeout(WAIT_MS)
    try:
        figures = ("red", "green", "gleich", "hanger", "spiel", "weli")
        seen: set[str] = set()
        for seed in range(1, 40):
            made = _post_table(
                server,
                {"kind": "bieten", "seats": ["human", "heuristic"], "seed": seed, "rules": {"players": 2}},
            )
            page.goto(server + made["links"]["0"])
            page.wait_for_selector("[data-testid=action]:enabled")
            buttons = page.locator("[data-testid=actions] button[data-testid=action]")
            for action, label in zip(
                buttons.evaluate_all("bs => bs.map(b => b.dataset.action)"),
                buttons.all_inner_texts(),
                strict=True,
            ):
                words = action.split(" ")
                expected = [w.capitalize() if i == 0 or w in figures else w for i, w in enumerate(words)]
                assert label == " ".join(expected), (action, label)
                seen.update(w for w in words if w in figures)
            if "gleich" in seen and seen & {"red", "green"}:
                break
        assert "gleich" in seen and seen & {"red", "green"}, seen
        made = _post_table(server, {"kind": "schnapsen", "seed": 3})
        page.goto(server + made["links"]["0"])
        page.wait_for_selector("[data-testid=seat]")
        seats = page.locator("[data-testid=seat]").all_inner_texts()
        assert all("card points" in text and "pts" not in text for text in seats), seats
    finally:
        page.close()
