"""The batched environment (issue 14, docs/vector_env.md): agent steps per second of
``bieten.VectorEnv.step`` beside the per-call Python loop (``observation()`` + ``legal_action_mask()``
+ ``apply_id()`` per game), beside pgx's CPU backend (leduc_holdem, kuhn_poker) and EnvPool's C++ card
games (LeducHoldem-v1, KuhnPoker-v1), each when installed (``pip install pgx envpool``).

Every loop plays the same policy, the lowest legal id (``masks.argmax(axis=1)``, in NumPy for the
vector env and EnvPool, in jax.numpy for pgx, per game for the Python loop), and counts one agent
step per game per step; the policy's cost is inside every figure (measured alone too,
``policy_argmax``).

Targets: VectorEnv >= 10x the per-call Python loop (with observations and masks), reported for one
thread and for two (the loop cannot use a second core); >= 5 M agent steps/s per core for Bieten; with the
compact observation (``observation_dtype="uint8"``, issue 23) >= 10x on one thread.

    python -m pytest benchmarks/test_bench_vector_env.py --benchmark-only -q
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import bieten
from bieten import schnapsen

from conftest import PAIRED, RATIOS, record

RATIOS.extend(
    [
        ("vector_bieten_1_thread", "python_loop_bieten", 10.0),
        ("vector_schnapsen_1_thread", "python_loop_schnapsen", 10.0),
        # The Python loop cannot use a second core (the GIL); the env can: the same target with both.
        ("vector_bieten_2_threads", "python_loop_bieten", 10.0),
        ("vector_schnapsen_2_threads", "python_loop_schnapsen", 10.0),
        ("vector_bieten_1_thread", "pgx_leduc_holdem_per_call", None),
        ("vector_bieten_1_thread", "pgx_kuhn_poker_per_call", None),
        ("vector_bieten_1_thread", "envpool_leducholdem_1_thread", None),
        ("vector_bieten_1_thread", "envpool_kuhnpoker_1_thread", None),
        ("vector_bieten_2_threads", "vector_bieten_1_thread", None),
        # Issue 23: the compact observation (uint8) on one thread.
        ("vector_bieten_1_thread_uint8", "python_loop_bieten", 10.0),
        ("vector_schnapsen_1_thread_uint8", "python_loop_schnapsen", 10.0),
        ("vector_bieten_1_thread_uint8", "vector_bieten_1_thread", None),
    ]
)

N = 1024  # games per batch
STEPS = 50  # steps per round
PY_GAMES = 64


def _vector_round(game: str, **kwargs: Any) -> Callable[[], None]:
    """One round (STEPS steps of N games) of the vector loop, warmed up: games in all their phases."""
    env = bieten.VectorEnv(game, num_envs=N, seed=1, **kwargs)
    state: dict[str, Any] = {"masks": env.reset()[1]}

    def run() -> None:
        masks = state["masks"]
        for _ in range(STEPS):
            masks = env.step(masks.argmax(axis=1))[1]
        state["masks"] = masks

    run()
    return run


def _vector(benchmark: Any, name: str, game: str, **kwargs: Any) -> None:
    benchmark.pedantic(_vector_round(game, **kwargs), rounds=15, iterations=1)
    record(benchmark, name, N * STEPS, "agent steps/s")


@pytest.mark.parametrize(
    ("name", "game", "kwargs"),
    [
        ("vector_bieten_1_thread", "bieten", {}),
        ("vector_bieten_1_thread_no_observations", "bieten", {"observations": False}),
        ("vector_bieten_1_thread_uint8", "bieten", {"observation_dtype": "uint8"}),
        ("vector_schnapsen_1_thread_uint8", "schnapsen", {"observation_dtype": "uint8"}),
        ("vector_bieten_2_threads", "bieten", {"threads": 2}),
        ("vector_bieten_1_thread_vs_random", "bieten", {"opponents": "random"}),
        ("vector_schnapsen_1_thread", "schnapsen", {}),
        ("vector_schnapsen_2_threads", "schnapsen", {"threads": 2}),
        ("vector_schnapsen_1_thread_no_observations", "schnapsen", {"observations": False}),
        ("vector_bauernschnapsen_1_thread", "bauernschnapsen", {}),
    ],
)
def test_vector_env(benchmark: Any, name: str, game: str, kwargs: dict[str, Any]) -> None:
    _vector(benchmark, name, game, **kwargs)


def test_vector_env_vs_ismcts(benchmark: Any) -> None:
    """The single-agent view against three ISMCTS opponents of 50 iterations (docs/vector_env.md): the
    searches are the cost, so a smaller batch."""
    env = bieten.VectorEnv("bieten", num_envs=64, seed=1, opponents="ismcts:50")
    state: dict[str, Any] = {"masks": env.reset()[1]}

    def run() -> None:
        masks = state["masks"]
        for _ in range(5):
            masks = env.step(masks.argmax(axis=1))[1]
        state["masks"] = masks

    run()
    benchmark.pedantic(run, rounds=3, iterations=1)
    record(benchmark, "vector_bieten_1_thread_vs_ismcts_50", 64 * 5, "agent steps/s")


def test_policy_argmax(benchmark: Any) -> None:
    """The policy alone on the Bieten masks of a played batch: the part of each vector figure that is
    not the env. The masks are those of STEPS steps after the warm-up, as the timed loops see them:
    NumPy's bool argmax reads up to the first legal id, so masks fresh from reset() (lowest ids near
    0) would make it look several times cheaper than it is."""
    env = bieten.VectorEnv("bieten", num_envs=N, seed=1)
    masks = env.reset()[1]
    for _ in range(STEPS):  # the same warm-up as _vector
        masks = env.step(masks.argmax(axis=1))[1]
    seen = []
    for _ in range(STEPS):
        seen.append(masks.copy())
        masks = env.step(masks.argmax(axis=1))[1]
    benchmark.pedantic(lambda: [m.argmax(axis=1) for m in seen], rounds=15, iterations=1)
    record(benchmark, "policy_argmax", N * STEPS, "agent steps/s")


def test_observation_fill_floor(benchmark: Any) -> None:
    """The least any writer of Bieten observations pays: zeroing an [N, 663] float32 buffer (2.6 KB a
    row, NumPy's memset), row by row as the env writes them. Beside policy_argmax and the env without
    observations it shows what a step's budget is spent on (benchmarks/RESULTS.md)."""
    rows = np.empty((N, bieten.OBSERVATION_SIZE), dtype=np.float32)

    def run() -> None:
        for _ in range(STEPS):
            rows.fill(0.0)

    benchmark.pedantic(run, rounds=15, iterations=1)
    record(benchmark, "observation_fill_floor", N * STEPS, "rows/s")


def _python_round(make: Callable[[int], Any]) -> Callable[[], None]:
    """One round (STEPS steps of PY_GAMES games) of the per-call loop, warmed up."""
    games = [make(i) for i in range(PY_GAMES)]
    counter = [PY_GAMES]

    def run() -> None:
        for _ in range(STEPS):
            for i, g in enumerate(games):
                seat = g.current_player
                g.observation(seat)
                mask = g.legal_action_mask()
                g.apply_id(int(mask.argmax()))
                if g.is_over:
                    games[i] = make(counter[0])
                    counter[0] += 1

    run()
    return run


def _python_loop(benchmark: Any, name: str, make: Callable[[int], Any]) -> None:
    benchmark.pedantic(_python_round(make), rounds=7, iterations=1)
    record(benchmark, name, PY_GAMES * STEPS, "agent steps/s")


def _maker(game: str) -> Callable[[int], Any]:
    if game == "bieten":
        rules = bieten.Rules()
        return lambda i: bieten.Game(rules, i, record=False)
    srules = schnapsen.Rules.preset(game)
    return lambda i: schnapsen.Game(srules, i, record=False)


@pytest.mark.parametrize(
    ("game", "threads", "dtype"),
    [
        ("bieten", 1, "float32"),
        ("bieten", 2, "float32"),
        ("schnapsen", 1, "float32"),
        ("schnapsen", 2, "float32"),
        ("bieten", 1, "uint8"),
        ("schnapsen", 1, "uint8"),
    ],
)
def test_interleaved_ratio(benchmark: Any, game: str, threads: int, dtype: str) -> None:
    """The 10x target measured pair by pair: a round of the vector loop, then a round of the per-call
    loop, 15 times, each pair's ratio of agent steps/s taken at the same moment. The host's speed
    drifts by a quarter within minutes, which separate benchmarks (above) turn into ratios anywhere
    from 6x to 14x; the median of paired ratios does not move with it."""
    vector = _vector_round(game, threads=threads, observation_dtype=dtype)
    python = _python_round(_maker(game))
    ratios: list[float] = []

    def pair() -> None:
        start = time.perf_counter()
        vector()
        middle = time.perf_counter()
        python()
        end = time.perf_counter()
        ratios.append((N / (middle - start)) / (PY_GAMES / (end - middle)))

    benchmark.pedantic(pair, rounds=15, iterations=1)
    suffix = "_uint8" if dtype == "uint8" else ""
    name = f"vector_{game}_{threads}_thread{'s' if threads > 1 else ''}{suffix} / python_loop_{game}, paired"
    PAIRED[name] = ratios


def test_python_loop_bieten(benchmark: Any) -> None:
    _python_loop(benchmark, "python_loop_bieten", _maker("bieten"))


def test_python_loop_schnapsen(benchmark: Any) -> None:
    _python_loop(benchmark, "python_loop_schnapsen", _maker("schnapsen"))


@pytest.mark.parametrize("env_id", ["leduc_holdem", "kuhn_poker"])
def test_pgx(benchmark: Any, env_id: str) -> None:
    """pgx on jax's CPU backend: one jitted, vmapped, auto-resetting step per call from Python (as
    VectorEnv is called), actions the lowest legal id."""
    jax = pytest.importorskip("jax")
    pgx = pytest.importorskip("pgx")
    from pgx.experimental import auto_reset

    env = pgx.make(env_id)
    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))
    key = jax.random.PRNGKey(0)
    state_box: dict[str, Any] = {"state": init(jax.random.split(key, N)), "key": key}

    def run() -> None:
        state, key = state_box["state"], state_box["key"]
        for _ in range(STEPS):
            key, sub = jax.random.split(key)
            actions = state.legal_action_mask.argmax(axis=1)
            state = step(state, actions, jax.random.split(sub, N))
        state.observation.block_until_ready()
        state_box["state"], state_box["key"] = state, key

    run()  # compiles
    benchmark.pedantic(run, rounds=15, iterations=1)
    record(benchmark, f"pgx_{env_id}_per_call", N * STEPS, "agent steps/s")


def test_pgx_leduc_scan(benchmark: Any) -> None:
    """pgx's best case: STEPS steps fused into one jitted lax.scan (no Python between steps)."""
    jax = pytest.importorskip("jax")
    pgx = pytest.importorskip("pgx")
    from pgx.experimental import auto_reset

    env = pgx.make("leduc_holdem")
    step = jax.vmap(auto_reset(env.step, env.init))

    def body(carry: Any, _: Any) -> Any:
        state, key = carry
        key, sub = jax.random.split(key)
        state = step(state, state.legal_action_mask.argmax(axis=1), jax.random.split(sub, N))
        return (state, key), None

    scan = jax.jit(lambda state, key: jax.lax.scan(body, (state, key), None, length=STEPS)[0])
    key = jax.random.PRNGKey(0)
    box: dict[str, Any] = {"carry": (jax.jit(jax.vmap(env.init))(jax.random.split(key, N)), key)}

    def run() -> None:
        box["carry"] = scan(*box["carry"])
        box["carry"][0].observation.block_until_ready()

    run()
    benchmark.pedantic(run, rounds=15, iterations=1)
    record(benchmark, "pgx_leduc_holdem_scan", N * STEPS, "agent steps/s")


@pytest.mark.parametrize("env_id", ["LeducHoldem-v1", "KuhnPoker-v1"])
def test_envpool(benchmark: Any, env_id: str) -> None:
    """EnvPool's C++ card games on one thread, synchronous (batch_size = num_envs), actions the lowest
    legal id from ``info["legal_action_mask"]``; EnvPool auto-resets on the step after a game ends."""
    envpool = pytest.importorskip("envpool")
    env = envpool.make_gymnasium(env_id, num_envs=N, batch_size=N, num_threads=1)
    box: dict[str, Any] = {"mask": env.reset()[1]["legal_action_mask"]}

    def run() -> None:
        mask = box["mask"]
        for _ in range(STEPS):
            mask = env.step(mask.argmax(axis=1).astype(np.int32))[4]["legal_action_mask"]
        box["mask"] = mask

    run()
    benchmark.pedantic(run, rounds=15, iterations=1)
    record(benchmark, f"envpool_{env_id.split('-')[0].lower()}_1_thread", N * STEPS, "agent steps/s")
