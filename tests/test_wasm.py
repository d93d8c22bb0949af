"""The engine in JavaScript (bindings/wasm, docs/javascript.md): the WebAssembly package built with
emscripten, its own tests under Node's test runner, its TypeScript types, its npm tarball, and whole games
through its surface compared with Python's, step by step.

The package is built once per session (``npm --prefix bindings/wasm run build``, or its script with node
when npm is missing), into a cache keyed by its sources (bindings/wasm/scripts/build.mjs): about 90 s on
two cores the first time, a copy afterwards; in a whole run of the suite it is built in the background
while other tests run (tests/background_builds.py). Needs Debian's emscripten and nodejs (.ci/run installs
them); skipped without them.

The comparison (tools/trace.mjs in one node process, Python replaying each game): 2,000 random games of
each registered game, every preset (and for Bieten every player count) with some yes/no knobs turned over,
seeds up to 2**64 - 1; before each action the legal ids and texts, at a random step the events, each seat's
view of them (events_for) and observation, the record, the hands and the legal texts; at the end the
events, the record (byte for byte), the scores and winners; and every refusal provoked on the way (illegal
ids, ids out of range, texts that are no action) with the error's class and message. ``BIETEN_SLOW=1``
plays ten times more."""

from __future__ import annotations

import gzip
import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import background_builds
import pytest

import bieten

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "bindings" / "wasm"
DIST = PKG / "dist"
NODE = shutil.which("node")
SLOW = os.environ.get("BIETEN_SLOW") == "1"
GAMES_PER_GAME = 20_000 if SLOW else 2_000

pytestmark = pytest.mark.skipif(
    NODE is None or shutil.which("em++") is None or shutil.which("emcmake") is None,
    reason="needs node and emscripten's em++ (Debian: nodejs, emscripten; .ci/run installs them)",
)


@pytest.fixture(scope="session")
def dist() -> Path:
    """dist/, built once per session from the sources (a cached module is copied): after the background
    build of tests/conftest.py, if it started one."""
    background_builds.wait("wasm")
    command = background_builds.wasm_build_command()
    result = subprocess.run(
        command, capture_output=True, text=True, check=False, cwd=ROOT, env=background_builds.build_env()
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return DIST


# The games the JavaScript package plays: those of the engine's own folders (csrc/games/). The tests'
# build of Python also registers the example game of tests/games/, which the package does not ship.
SHIPPED = tuple(name for name in bieten.games() if (ROOT / "csrc" / "games" / name).is_dir())


def node(script: str, *args: str, cwd: Path = PKG) -> str:
    """Runs a node ES module given as text (in cwd: "./dist/bieten.mjs" is the package's); its output."""
    result = subprocess.run(
        [str(NODE), "--input-type=module", "-e", script, *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def game_module(name: str) -> Any:
    """The registered game's package (bieten.<name>; Bieten's is bieten itself)."""
    return bieten if name == SHIPPED[0] else importlib.import_module(f"bieten.{name}")


def make(name: str, knobs: dict[str, Any], seed: int) -> Any:
    rest = dict(knobs)
    preset = rest.pop("preset", None)
    return bieten.make(name, seed=seed, preset=preset, **rest)


def test_the_node_suite_passes(dist: Path) -> None:
    """bindings/wasm/test: the surface, refusals it checks alone, agents, memory over 100,000 games, size."""
    tests = sorted(str(p) for p in (PKG / "test").glob("*.test.mjs"))
    assert len(tests) >= 2
    result = subprocess.run(
        [str(NODE), "--test", *tests], capture_output=True, text=True, check=False, cwd=PKG
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout


def test_the_module_is_small_and_the_weights_are_separate_files(dist: Path) -> None:
    wasm = (dist / "bieten-core.wasm").read_bytes()
    assert len(gzip.compress(wasm, 9)) <= 400 * 1024
    index = json.loads((dist / "policies" / "index.json").read_text())
    assert index["policies"]
    for name in index["policies"]:
        weights = (dist / "policies" / f"{name}.bin").read_bytes()
        assert weights[:4] == b"BTPN"
        assert weights[:64] not in wasm  # not compiled in as well


@pytest.mark.skipif(
    shutil.which("tsc") is None, reason="needs tsc (Debian: node-typescript; .ci/run installs it)"
)
def test_the_typescript_types_check_an_example() -> None:
    """index.d.ts against bindings/wasm/examples/play.ts, with `tsc --noEmit` (strict)."""
    result = subprocess.run(
        ["tsc", "-p", str(PKG / "test" / "tsconfig.json")],
        capture_output=True,
        text=True,
        check=False,
        cwd=PKG,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm")
def test_npm_pack_makes_a_tarball_that_plays_in_an_empty_folder(dist: Path, tmp_path: Path) -> None:
    packed = subprocess.run(
        ["npm", "pack", "--pack-destination", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
        cwd=PKG,
    )
    assert packed.returncode == 0, packed.stdout + packed.stderr
    tarball = tmp_path / packed.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as tar:
        names = set(tar.getnames())
    assert {"package/dist/bieten.mjs", "package/dist/bieten-core.wasm", "package/index.d.ts"} <= names
    assert not any("/test/" in n or "/scripts/" in n for n in names)
    app = tmp_path / "app"
    app.mkdir()
    (app / "package.json").write_text('{"name": "app", "private": true, "type": "module"}\n')
    installed = subprocess.run(
        ["npm", "install", "--offline", "--no-audit", "--no-fund", str(tarball)],
        capture_output=True,
        text=True,
        check=False,
        cwd=app,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    out = node(
        'import { load } from "bieten";\n'
        "const engine = await load();\n"
        'const game = engine.newGame(engine.rules("bieten", { players: 2 }), 7n);\n'
        "while (!game.isOver) game.applyId(game.legalActionIds()[0]);\n"
        "console.log(JSON.stringify(game.toJson()));\n",
        cwd=app,
    )
    python_game = bieten.Game(bieten.Rules(players=2), seed=7)
    while not python_game.is_over:
        python_game.apply_id(python_game.legal_action_ids()[0])
    assert json.loads(out) == python_game.to_json()


def test_rules_of_every_preset_are_pythons(dist: Path) -> None:
    """engine.rules(game, {preset}) is Python's Rules.preset(preset).to_dict() for every preset (R10, S10)."""
    out = json.loads(
        node(
            'import { load } from "./dist/bieten.mjs";\n'
            "const engine = await load();\n"
            "const all = {};\n"
            "for (const name of engine.games) {\n"
            "  all[name] = { default: engine.rules(name).toDict(), presets: {} };\n"
            "  for (const preset of engine.gameInfo(name).presets) {\n"
            "    all[name].presets[preset] = engine.rules(name, { preset }).toDict();\n"
            "  }\n"
            "}\n"
            "console.log(JSON.stringify(all));\n"
        )
    )
    assert list(out) == list(SHIPPED)
    for name, rules in out.items():
        module = game_module(name)
        assert rules["default"] == module.Rules().to_dict()
        assert list(rules["presets"]) == list(module.Rules.PRESETS)
        for preset, knobs in rules["presets"].items():
            assert knobs == module.Rules.preset(preset).to_dict(), (name, preset)


BAD_KNOBS: list[tuple[str, dict[str, Any]]] = [
    ("bieten", {"players": 7}),
    ("bieten", {"players": 1}),
    ("bieten", {"foo": 1}),
    ("bieten", {"preset": "nope"}),
    ("bieten", {"wild": 3}),
    ("bieten", {"wild": "joker"}),
    ("bieten", {"target": "11"}),
    ("bieten", {"hand_size": 9}),
    ("bieten", {"players": True}),
    ("bieten", {"preset": 3}),
]


def _second_game_bad_knobs() -> list[tuple[str, dict[str, Any]]]:
    second = SHIPPED[1]
    return [
        (second, {"players": 3}),
        (second, {"target": 0}),
        (second, {"preset": "nope"}),
        (second, {"bogus": True}),
    ]


def test_refused_rules_carry_pythons_message(dist: Path) -> None:
    """Bad knobs throw RulesError with Python's RulesError message, word for word (R10, S10)."""
    cases = BAD_KNOBS + _second_game_bad_knobs()
    out = json.loads(
        node(
            'import { load } from "./dist/bieten.mjs";\n'
            "const engine = await load();\n"
            "const cases = JSON.parse(process.argv[1]);\n"
            "console.log(JSON.stringify(cases.map(([name, knobs]) => {\n"
            "  try { engine.rules(name, knobs); return null; }\n"
            "  catch (e) { return [e.name, e.message, e.rule]; }\n"
            "})));\n",
            json.dumps(cases),
        )
    )
    for (name, knobs), got in zip(cases, out, strict=True):
        with pytest.raises(bieten.RulesError) as refused:
            make(name, knobs, 1)
        assert got is not None, (name, knobs)
        assert got[0] == "RulesError"
        assert got[1] == str(refused.value), (name, knobs)
        assert got[2] == str(refused.value).split(":")[0]


def test_golden_deals_are_pythons(dist: Path) -> None:
    """The first deal of the golden vectors' seeds (tests/data: R3, S3), as game.hands, is Python's."""
    vectors = json.loads((ROOT / "tests" / "data" / "deal_vectors.json").read_text())["vectors"]
    cases = [
        ("bieten", {"players": v["players"], "hand_size": v["hand_size"]}, str(v["seed"]))
        for v in vectors
        if v["hand"] == 0 and v["dealer"] == 0
    ]
    second = SHIPPED[1]
    more = json.loads((ROOT / "tests" / "data" / f"{second}_deal_vectors.json").read_text())["vectors"]
    presets = {4: "bauernschnapsen", 2: "schnapsen"}
    cases += [
        (second, {"preset": presets[v["players"]], "knock": v["knock"]}, str(v["seed"]))
        for v in more
        if v["hand"] == 0 and v["dealer"] == 0
    ]
    cases += [("bieten", {"players": 4}, str(2**64 - 1)), (second, {}, str(2**64 - 1))]
    assert len(cases) >= 10
    out = json.loads(
        node(
            'import { load } from "./dist/bieten.mjs";\n'
            "const engine = await load();\n"
            "const cases = JSON.parse(process.argv[1]);\n"
            "console.log(JSON.stringify(cases.map(([name, knobs, seed]) => {\n"
            "  const game = engine.newGame(engine.rules(name, knobs), BigInt(seed));\n"
            "  return [game.hands, game.legalActions(), game.events()];\n"
            "})));\n",
            json.dumps(cases),
        )
    )
    for (name, knobs, seed), (hands, legal, events) in zip(cases, out, strict=True):
        game = make(name, knobs, int(seed))
        assert hands == game.hands, (name, knobs, seed)
        assert legal == [str(a) for a in game.legal_actions()]
        assert events == [e.to_dict() for e in game.events]


def test_self_play_inside_webassembly_is_pythons_simulate(dist: Path) -> None:
    """engine.simulate seeds its games as bieten.simulate (R3.2): the same winners, scores and hands."""
    runs = [("bieten", {"preset": "tyrol", "players": 3}, ["random", "heuristic", "random"])]
    second = SHIPPED[1]
    second_rules = game_module(second).Rules
    runs += [(second, {"preset": second_rules.PRESETS[-1]}, ["heuristic", "random"])]
    out = json.loads(
        node(
            'import { load } from "./dist/bieten.mjs";\n'
            "const engine = await load();\n"
            "const runs = JSON.parse(process.argv[1]);\n"
            "console.log(JSON.stringify(runs.map(([name, knobs, agents]) => {\n"
            "  const r = engine.simulate(engine.rules(name, knobs), agents, 40, 12345n);\n"
            "  const [scores, hands, winners] = [r.scores, r.hands, r.winners].map((a) => Array.from(a));\n"
            "  return { scores, hands, winners };\n"
            "})));\n",
            json.dumps(runs),
        )
    )
    for (name, knobs, agents), got in zip(runs, out, strict=True):
        rules = make(name, knobs, 0).rules
        result = bieten.simulate(rules, agents, games=40, seed=12345, threads=1)
        assert got["scores"] == [int(x) for row in result.scores for x in row]
        assert got["hands"] == [int(h) for h in result.hands]
        assert all(mask > 0 for mask in got["winners"])


@pytest.fixture(scope="module")
def traces(dist: Path) -> list[dict[str, Any]]:
    result = subprocess.run(
        [str(NODE), str(PKG / "tools" / "trace.mjs"), str(GAMES_PER_GAME)],
        capture_output=True,
        text=True,
        check=False,
        cwd=PKG,
    )
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def replay(trace: dict[str, Any]) -> None:
    """Plays the traced game in Python and checks every step against what JavaScript saw."""
    name = trace["game"]
    game = make(name, trace["knobs"], int(trace["seed"]))
    assert game.rules.to_dict() == trace["rules"]
    text = game_module(name).action_text
    digest = hashlib.sha256()
    refusals: dict[int, list[dict[str, Any]]] = {}
    for r in trace["refusals"]:
        refusals.setdefault(r["step"], []).append(r)
    snapshot = trace["snapshot"]
    for step, action in enumerate(trace["actions"]):
        ids = game.legal_action_ids()
        digest.update(f"{','.join(map(str, ids))}|{'|'.join(text(a) for a in ids)};".encode())
        if snapshot is not None and step == snapshot["step"]:
            assert [e.to_dict() for e in game.events] == snapshot["events"]
            assert game.to_json() == snapshot["record"]
            assert game.hands == snapshot["hands"]
            assert [str(a) for a in game.legal_actions()] == snapshot["legal"]
            assert game.current_player == snapshot["current"]
            assert game.scores == snapshot["scores"]
            for seat in range(len(game.scores)):
                assert [e.to_dict() for e in game.events_for(seat)] == snapshot["views"][seat]
                assert [float(x) for x in game.observation(seat)] == snapshot["observations"][seat]
        for r in refusals.get(step, []):
            with pytest.raises(bieten.IllegalActionError) as refused:
                if "id" in r:
                    game.apply_id(r["id"])
                else:
                    game.apply(r["text"])
            assert (type(refused.value).__name__, str(refused.value)) == (r["error"], r["message"]), (step, r)
        if isinstance(action, str):
            game.apply(action)
        else:
            game.apply_id(action)
    assert game.is_over
    assert digest.hexdigest() == trace["digest"]
    assert [e.to_dict() for e in game.events] == trace["events"]
    assert game.to_json() == trace["record"]
    assert game.scores == trace["scores"]
    assert game.winners == trace["winners"]
    assert trace["current"] is None


def test_random_games_through_javascript_are_pythons_step_by_step(traces: list[dict[str, Any]]) -> None:
    assert len(traces) == GAMES_PER_GAME * len(SHIPPED)
    for trace in traces:
        try:
            replay(trace)
        except AssertionError as failure:
            raise AssertionError(
                f"{trace['game']} game {trace['index']} ({trace['knobs']}, seed {trace['seed']})"
            ) from failure


def test_the_traces_cover_every_preset_refusal_and_the_text_path(traces: list[dict[str, Any]]) -> None:
    """What the comparison above has seen: every preset of every game, refusals of each kind and rule."""
    for name in SHIPPED:
        seen = {t["knobs"].get("preset") for t in traces if t["game"] == name}
        assert seen == set(game_module(name).Rules.PRESETS)
    kinds = {(r["error"], "id" in r) for t in traces for r in t["refusals"]}
    assert {("IllegalActionError", True), ("ActionError", False), ("IllegalActionError", False)} <= kinds
    rules = {r["rule"].split(".")[0] for t in traces for r in t["refusals"]}
    assert {"R11", "R4", "R7"} <= rules
    assert any(isinstance(a, str) for t in traces for a in t["actions"])
    assert any(t["seed"] == str(2**64 - 1) for t in traces)
    assert all(t["snapshot"] is not None for t in traces[:10])


def test_bad_records_carry_pythons_message(dist: Path) -> None:
    """engine.fromJson refuses what Python's Game.from_json refuses, with its GameRecordError message."""
    records = []
    for name in SHIPPED:
        game = make(name, {}, 5)
        for _ in range(6):
            game.apply_id(game.legal_action_ids()[-1])
        good = json.loads(game.to_json())
        tampered = [
            dict(good, seed=-1),
            dict(good, actions=[*good["actions"], "play XX"]),
            dict(good, bogus=1),
        ]
        tampered += [{k: v for k, v in good.items() if k != "actions"}, dict(good, rules={"players": 9})]
        records += [(name, json.dumps(r)) for r in tampered]
    out = json.loads(
        node(
            'import { load } from "./dist/bieten.mjs";\n'
            "const engine = await load();\n"
            "const cases = JSON.parse(process.argv[1]);\n"
            "console.log(JSON.stringify(cases.map(([, text]) => {\n"
            "  try { engine.fromJson(text); return null; } catch (e) { return [e.name, e.message]; }\n"
            "})));\n",
            json.dumps(records),
        )
    )
    for (name, text), got in zip(records, out, strict=True):
        with pytest.raises(bieten.GameRecordError) as refused:
            game_module(name).Game.from_json(text)
        assert got == ["GameRecordError", str(refused.value)], text


def _js_blocks(path: Path) -> list[str]:
    return re.findall(r"```js\n(.*?)```", path.read_text(), re.DOTALL)


@pytest.mark.parametrize("page", ["docs/javascript.md", "README.md"])
def test_the_pages_node_example_runs_as_written(dist: Path, page: str) -> None:
    """The first JavaScript block of the page, with the package imported from this checkout."""
    code = _js_blocks(ROOT / page)[0].replace('from "bieten"', 'from "./bindings/wasm/dist/bieten.mjs"')
    out = node(code, cwd=ROOT)
    assert out.strip()
    if page == "docs/javascript.md":
        first = out.splitlines()[0]
        assert first == "IllegalActionError R4.1 R4.1: seat 1 does not hold HA unplayed"
    else:
        assert out.strip().endswith("true")
