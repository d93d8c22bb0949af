"""Native agents (docs/agents.md "Native agents", docs/c_abi.md): C callbacks that simulate calls per
decision on its threads without the GIL, written in Cython (examples/cython_agent, compiled here with
the Cython of the test extra and the system's C compiler) and with cffi in API mode
(examples/cffi_agent), run from Python's bieten.simulate and from the C ABI's bieten_simulate and
bieten_schnapsen_simulate. Skipped when there is no C compiler.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import threading
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from test_c_abi import _cdef_from_header

import bieten
from bieten import schnapsen

ROOT = Path(__file__).resolve().parents[1]
E_ARGUMENT, E_AGENT = -3, -12

pytestmark = pytest.mark.skipif(
    shutil.which("cc") is None or sys.platform == "win32", reason="needs a C compiler (cc)"
)


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def cy(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """examples/cython_agent/example_agents.pyx, compiled."""
    pytest.importorskip("Cython")
    builder = _load(ROOT / "examples" / "cython_agent" / "build.py", "cython_agent_build")
    module: ModuleType = builder.build(tmp_path_factory.mktemp("cython_agent"))
    return module


@pytest.fixture(scope="module")
def cf(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """examples/cffi_agent/build_agent.py's module, compiled (cffi API mode), and its helper."""
    pytest.importorskip("cffi")
    builder = _load(ROOT / "examples" / "cffi_agent" / "build_agent.py", "cffi_agent_build")
    module: ModuleType = builder.build(tmp_path_factory.mktemp("cffi_agent"))

    def native_agent(function: str, name: str | None = None, user: Any = None) -> bieten.NativeAgent:
        agent: bieten.NativeAgent = builder.native_agent(module, function, name, user)
        return agent

    module.native_agent = native_agent  # type: ignore[attr-defined]
    return module


BIETEN_RULES = [bieten.Rules(), bieten.Rules(players=2), bieten.Rules.preset("spitzbieten", players=5)]
SCHNAPSEN_RULES = [schnapsen.Rules(), schnapsen.Rules.preset("schnapsen")]
ALL_RULES = [*BIETEN_RULES, *SCHNAPSEN_RULES]


def _game(rules: Any) -> int:
    return 1 if isinstance(rules, schnapsen.Rules) else 0


def _check_played(result: Any, games: int) -> None:
    """A run that ended: every game finished (an illegal choice would have stopped it)."""
    assert len(result.game_index) == games
    assert (result.hands >= 1).all() and (result.actions > 0).all()
    if isinstance(result.rules, bieten.Rules):  # one result type for both games: its rules say which
        assert ((result.winner >= 0) & (result.winner < result.rules.players)).all()
    else:
        assert result.winners.any(axis=1).all()


# ---- Cython --------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_cython_agents_play_legal_games_in_both_games(cy: ModuleType, rules: Any) -> None:
    players = rules.players
    agents = [cy.greedy_agent(), cy.parity_agent(), "heuristic", "random", "random"][:players]
    result = bieten.simulate(rules, agents, games=300, seed=5, threads=2)
    _check_played(result, 300)
    assert result.agents[:2] == ("greedy", "parity")


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_cython_agent_run_is_the_same_for_one_and_two_threads(cy: ModuleType, rules: Any) -> None:
    agents = [cy.greedy_agent() if s % 2 == 0 else cy.parity_agent() for s in range(rules.players)]
    agents[-1] = "heuristic"
    one = bieten.simulate(rules, agents, games=400, seed=11, threads=1)
    two = bieten.simulate(rules, agents, games=400, seed=11, threads=2)
    assert one == two


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_cython_agents_choose_as_their_python_twins(cy: ModuleType, rules: Any) -> None:
    """The same agent as a Python callable gives the same run, bit for bit."""
    players = rules.players
    native = bieten.simulate(
        rules,
        [cy.greedy_agent(), cy.parity_agent(), *["random"] * (players - 2)],
        games=200,
        seed=3,
        threads=2,
    )
    python = bieten.simulate(
        rules,
        [cy.python_greedy(_game(rules)), cy.python_parity, *["random"] * (players - 2)],
        games=200,
        seed=3,
        threads=1,
    )
    for name in ("game_index", "scores", "bummerl", "hands", "actions"):
        assert np.array_equal(getattr(native, name), getattr(python, name)), name


@pytest.mark.parametrize("rules", [bieten.Rules(), schnapsen.Rules.preset("schnapsen")], ids=repr)
def test_an_illegal_choice_stops_the_run_naming_agent_and_seat(cy: ModuleType, rules: Any) -> None:
    agents: list[Any] = ["random"] * rules.players
    agents[1] = cy.illegal_agent()
    with pytest.raises(
        bieten.AgentError,
        match=r"^the agent 'cheater' of seat 1 chose action \d+ '.+' in game \d+, "
        r"which is illegal: [RS]\d",
    ):
        bieten.simulate(rules, agents, games=50, seed=1, threads=2)


def test_native_agent_arguments_are_checked() -> None:
    with pytest.raises(bieten.AgentError, match="NULL"):
        bieten.NativeAgent(0)
    with pytest.raises(bieten.AgentError, match="name"):
        bieten.NativeAgent(1, 0, "")
    agent = bieten.NativeAgent(1234, 5, "mine")
    assert (agent.function, agent.user, agent.name, repr(agent)) == (
        1234,
        5,
        "mine",
        "NativeAgent(name='mine')",
    )


def test_the_pxd_ships_in_the_package() -> None:
    pxd = Path(bieten.cython_include_dir()) / "bieten" / "agent.pxd"
    assert pxd.is_file()
    assert 'cdef extern from "bieten/bieten.h"' in pxd.read_text(encoding="utf-8")


def test_native_agents_run_without_the_gil(cy: ModuleType) -> None:
    """While a run of native agents plays, a Python thread keeps running."""
    stamps: list[float] = []
    stop = threading.Event()

    def tick() -> None:
        while not stop.is_set():
            stamps.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        time.sleep(0.02)
        start = time.perf_counter()
        result = bieten.simulate(bieten.Rules(), [cy.greedy_agent()] * 4, games=40_000, seed=1, threads=1)
        end = time.perf_counter()
    finally:
        stop.set()
        ticker.join()
    _check_played(result, 40_000)
    during = [t for t in stamps if start + 0.02 < t < end - 0.02]
    assert end - start < 0.1 or len(during) > 3, (end - start, len(during))


# ---- cffi (API mode) -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_RULES, ids=repr)
def test_cffi_agents_play_and_agree_with_cython(cy: ModuleType, cf: Any, rules: Any) -> None:
    rest = ["random"] * (rules.players - 2)
    with_cffi = bieten.simulate(
        rules, [cf.native_agent("parity"), cf.native_agent("checker"), *rest], games=300, seed=9, threads=2
    )
    _check_played(with_cffi, 300)
    assert with_cffi.agents[:2] == ("parity", "checker")
    again = bieten.simulate(
        rules, [cy.parity_agent(), cf.native_agent("checker"), *rest], games=300, seed=9, threads=1
    )
    assert np.array_equal(with_cffi.scores, again.scores) and np.array_equal(with_cffi.actions, again.actions)


@pytest.mark.parametrize("k", [0, 1, 5])
def test_a_parameter_through_the_user_pointer(cf: Any, k: int) -> None:
    user = cf.ffi.new("int*", k)  # alive for the run
    rules = bieten.Rules(players=3)
    native = bieten.simulate(
        rules, [cf.native_agent("nth", user=user), "random", "heuristic"], games=100, threads=2
    )
    python = bieten.simulate(
        rules, [lambda obs, legal: legal[k % len(legal)], "random", "heuristic"], games=100, threads=1
    )
    assert np.array_equal(native.scores, python.scores) and np.array_equal(native.actions, python.actions)


@pytest.mark.parametrize("rules", [bieten.Rules(players=2), schnapsen.Rules.preset("schnapsen")], ids=repr)
def test_a_negative_choice_stops_the_run(cf: Any, rules: Any) -> None:
    with pytest.raises(bieten.AgentError, match=r"^the agent 'quitter' of seat 1 stopped the run$"):
        bieten.simulate(rules, ["random", cf.native_agent("quitter")], games=10, threads=2)


def test_cffi_illegal_agent_raises(cf: Any) -> None:
    with pytest.raises(bieten.AgentError, match=r"^the agent 'cheater' of seat 0 chose action"):
        bieten.simulate(
            schnapsen.Rules(), [cf.native_agent("cheater"), "random", "random", "random"], games=5
        )


# ---- The C ABI: bieten_simulate, bieten_schnapsen_simulate, bieten_observation ----------------------


@pytest.fixture(scope="module")
def capi(cf: Any) -> Any:
    import cffi

    ffi = cffi.FFI()
    ffi.cdef(
        _cdef_from_header((Path(bieten.c_include_dir()) / "bieten" / "bieten.h").read_text(encoding="utf-8"))
    )
    return ffi, ffi.dlopen(bieten.c_library_path())


def _c_agents(ffi: Any, cf: Any, specs: list[str], keep: list[Any]) -> Any:
    """A bieten_agent array: built-in names, or "cffi:<function>" for the cffi module's callbacks."""
    agents = ffi.new("bieten_agent[]", len(specs))
    for i, spec in enumerate(specs):
        name = ffi.new("char[]", spec.removeprefix("cffi:").encode())
        keep.append(name)
        agents[i].name = name
        if spec.startswith("cffi:"):
            address = cf.native_agent(spec.removeprefix("cffi:")).function
            agents[i].fn = ffi.cast("bieten_agent_fn", address)
    return agents


def _c_run(capi: Any, cf: Any, rules: Any, specs: list[str], games: int, seed: int, threads: int) -> Any:
    ffi, lib = capi
    keep: list[Any] = []
    agents = _c_agents(ffi, cf, specs, keep)
    first = ffi.new("int[]", games)
    scores = ffi.new("int[]", games * rules.players)
    hands = ffi.new("int[]", games)
    err = ffi.new("char[]", 512)
    if isinstance(rules, schnapsen.Rules):
        import json

        knobs = json.dumps(rules.to_dict()).encode()
        code = lib.bieten_schnapsen_simulate(
            ffi.NULL, knobs, agents, len(specs), seed, games, threads, first, scores, hands, err, 512
        )
    else:
        import json

        code = lib.bieten_simulate(
            json.dumps(rules.to_dict()).encode(),
            agents,
            len(specs),
            seed,
            games,
            threads,
            first,
            scores,
            hands,
            err,
            512,
        )
    return code, ffi.string(err).decode(), list(first), list(scores), list(hands)


@pytest.mark.parametrize("rules", [bieten.Rules(), bieten.Rules(players=3), *SCHNAPSEN_RULES], ids=repr)
def test_c_simulate_with_callbacks_equals_python_simulate(capi: Any, cf: Any, rules: Any) -> None:
    specs = ["cffi:checker", "heuristic", "cffi:parity", "random"][: rules.players]
    if rules.players == 2:
        specs = ["cffi:checker", "cffi:parity"]
    for threads in (1, 2, 0):
        code, err, first, scores, hands = _c_run(capi, cf, rules, specs, 120, 21, threads)
        assert (code, err) == (0, "")
        python = bieten.simulate(
            rules,
            [cf.native_agent(s[5:]) if s.startswith("cffi:") else s for s in specs],
            games=120,
            seed=21,
            threads=1,
        )
        assert scores == python.scores.ravel().tolist()
        assert hands == python.hands.tolist()
        if isinstance(rules, schnapsen.Rules):
            assert first == [int(sum(1 << p for p in range(rules.players) if w[p])) for w in python.winners]
        else:
            assert first == python.winner.tolist()


def test_c_simulate_reports_agent_errors(capi: Any, cf: Any) -> None:
    code, err, *_ = _c_run(capi, cf, bieten.Rules(), ["random", "random", "cffi:cheater", "random"], 10, 1, 2)
    assert code == E_AGENT
    assert err.startswith("the agent 'cheater' of seat 2 chose action ")
    code, err, *_ = _c_run(
        capi, cf, schnapsen.Rules(), ["random", "cffi:cheater", "random", "random"], 10, 1, 1
    )
    assert code == E_AGENT and err.startswith("the agent 'cheater' of seat 1 chose action ")
    code, err, *_ = _c_run(capi, cf, bieten.Rules(), ["random", "clever", "random", "random"], 10, 1, 1)
    assert code == E_ARGUMENT and "clever" in err
    code, err, *_ = _c_run(capi, cf, bieten.Rules(), ["random", "random"], 10, 1, 1)
    assert code == E_ARGUMENT and err == "bieten_simulate: one agent per seat is needed (4), not 2"
    ffi, lib = capi
    assert ffi.string(lib.bieten_status_name(E_AGENT)).decode() == "BIETEN_E_AGENT"


def test_c_observation_equals_python(capi: Any) -> None:
    ffi, lib = capi
    game = bieten.Game(bieten.Rules(players=3), seed=4)
    cgame = ffi.gc(lib.bieten_game_new(b'{"players": 3}', 4, ffi.NULL, 0), lib.bieten_game_free)
    out = ffi.new("float[]", lib.BIETEN_OBSERVATION_SIZE)
    for _ in range(12):
        for seat in range(3):
            assert (
                lib.bieten_observation(cgame, seat, out, lib.BIETEN_OBSERVATION_SIZE)
                == bieten.OBSERVATION_SIZE
            )
            assert np.array_equal(np.frombuffer(ffi.buffer(out), dtype=np.float32), game.observation(seat))
        action = game.legal_action_ids()[0]
        game.apply_id(action)
        assert lib.bieten_apply_id(cgame, action, ffi.NULL, 0) == 0
    assert lib.bieten_observation(cgame, 3, out, lib.BIETEN_OBSERVATION_SIZE) == E_ARGUMENT
    assert lib.bieten_observation(cgame, 0, out, 10) == -9


def test_c_example_program_runs_a_native_agent(tmp_path: Path) -> None:
    """examples/c/native_agent.c, built with -std=c99 -pedantic -Werror: the header's inline view
    functions are plain C99."""
    from test_c_abi import _compile, _run

    program = _compile(ROOT / "examples" / "c" / "native_agent.c", tmp_path / "native_agent")
    one = _run([str(program), "2000", "1"])
    two = _run([str(program), "2000", "2"])
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    lines = one.stdout.splitlines()
    assert lines[0].startswith("seat 0 (strongest_card): ")
    assert lines[-1].startswith("BIETEN_E_AGENT: the agent 'cheater' of seat 0 chose action ")
