"""``game.solve()`` in the JavaScript package (docs/javascript.md, docs/solve.md) is Python's
``bieten.schnapsen.solve``: the same values for the same positions, and the same refusals with Python's
message and rule id (S2.1, S6.4).

Positions come from seeded random two-player games of both presets and of knob variants, played in
Python to a random point after the stock is exhausted or closed; each position travels to JavaScript as
its record (``to_json``) and is solved there. Needs node and emscripten, as tests/test_wasm.py does;
the package is built once per session (tests/background_builds.py).
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import background_builds
import pytest

from bieten.schnapsen import BietenError, Game, Rules, solve

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "bindings" / "wasm"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(
    NODE is None or shutil.which("em++") is None or shutil.which("emcmake") is None,
    reason="needs node and emscripten's em++ (Debian: nodejs, emscripten; .ci/run installs them)",
)

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("schnapsen", {}),
    ("bauernschnapsen_2", {}),
    ("schnapsen", {"claim": "automatic"}),
    ("bauernschnapsen_2", {"closing": True, "must_head": "always"}),
    ("schnapsen", {"must_head": "never", "one_point_from": 34}),
]
POSITIONS = 300


@pytest.fixture(scope="module")
def dist() -> Path:
    background_builds.wait("wasm")
    result = subprocess.run(
        background_builds.wasm_build_command(), capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return PKG / "dist"


def solve_in_javascript(records: list[str]) -> list[Any]:
    """Each record's game restored in JavaScript and solved there: its dict, or the error's name, rule and
    message."""
    script = (
        'import { load } from "./dist/bieten.mjs";\n'
        'import { readFileSync } from "node:fs";\n'
        "const engine = await load();\n"
        'const records = JSON.parse(readFileSync(0, "utf8"));\n'
        "console.log(JSON.stringify(records.map((text) => {\n"
        "  const game = engine.fromJson(text);\n"
        "  try {\n"
        "    const before = game.toJson();\n"
        "    const values = game.solve();\n"
        '    if (game.toJson() !== before) throw new Error("solve changed the game");\n'
        "    return values;\n"
        "  } catch (e) {\n"
        '    if (e.message === "solve changed the game") throw e;\n'
        "    return { error: e.name, rule: e.rule, message: e.message };\n"
        "  } finally {\n"
        "    game.free();\n"
        "  }\n"
        "})));\n"
    )
    result = subprocess.run(
        [str(NODE), "--input-type=module", "-e", script],
        input=json.dumps(records),
        capture_output=True,
        text=True,
        check=False,
        cwd=PKG,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    out: list[Any] = json.loads(result.stdout)
    return out


def positions(count: int, seed: int) -> list[Game]:
    """Seeded random games of the variants, each stopped at a random point after its stock is used up or
    closed (S6.4, S6.7), with 5 cards in hand down to the last trick."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        preset, knobs = VARIANTS[len(found) % len(VARIANTS)]
        game = Game(Rules.preset(preset, **knobs), seed=rng.getrandbits(64))
        solvable: list[Game] = []
        deal = game.hand_number
        while game.current_player is not None and game.hand_number == deal:
            try:
                solve(game)
                solvable.append(game.clone())
            except BietenError:
                pass
            game.apply(rng.choice(game.legal_actions()))
        if solvable:
            found.append(rng.choice(solvable))
    return found


def test_solve_in_javascript_gives_pythons_values(dist: Path) -> None:
    """300 positions of five variants: the same dict, action texts and values, as Python's solve."""
    games = positions(POSITIONS, seed=3805)
    got = solve_in_javascript([g.to_json() for g in games])
    assert len(got) == POSITIONS
    for game, values in zip(games, got, strict=True):
        assert values == solve(game), game.to_json()
    assert {len(v) for v in got} >= {1, 2, 5}  # from the last trick to a full hand


def test_solve_in_javascript_refuses_as_python_does(dist: Path) -> None:
    """The stock still open (S6.4) and four players (S2.1): Python's message and its rule; the game
    unchanged."""
    open_stock = Game(Rules.preset("schnapsen"), seed=54)
    four = Game(Rules.preset("bauernschnapsen"), seed=54)
    got = solve_in_javascript([open_stock.to_json(), four.to_json()])
    for game, refusal, rule in zip((open_stock, four), got, ("S6.4", "S2.1"), strict=True):
        with pytest.raises(BietenError) as python:
            solve(game)
        assert refusal == {"error": "BietenError", "rule": rule, "message": str(python.value)}
