#!/usr/bin/env python
"""bieten beside its peers, in one process and one run, interleaved to cancel drift.

    python benchmarks/peers.py                     # 7 repeats of ~0.4 s per measurement
    python benchmarks/peers.py --repeats 11 --duration 1
    python benchmarks/peers.py --quick --no-write  # a smoke run that leaves RESULTS.md alone

Peers (the ``bench`` extra): OpenSpiel (``pyspiel``: leduc_poker, kuhn_poker, hearts) and RLCard
(leduc-holdem). A missing peer is skipped and said so in the results. Four sections:

* stepping: random self-play from Python, the same loop for every engine (a ``random.Random`` per
  run, a uniform choice from the legal list, pyspiel chance nodes sampled from ``chance_outcomes()``);
* calls: the cost of one clone, legal-actions, serialize/deserialize, observation and apply call;
* batch: bieten's C++ self-play (``bieten.simulate``, 1 and 2 threads) beside each peer's best loop;
* evaluation: ``bieten.evaluate_batch`` beside bieten's own pure-Python evaluator (tests/reference).

Every measurement is a fixed workload calibrated once to about ``--duration`` seconds; each repeat
runs every measurement once, in an order rotated (and reversed every other repeat) from the last, so
slow drift of the machine lands on all engines alike. The figures are medians over the repeats. The
garbage collector is off while a workload is timed (as in ``timeit``), for every engine alike.
Writes benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib.metadata
import json
import math
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))  # the pure-Python reference evaluator
if os.environ.get("BEFORE"):  # an older build's bieten package copied there (records_before_after.py)
    sys.meta_path[:] = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, os.environ["BEFORE"])

import bieten  # noqa: E402

try:
    import pyspiel
except ImportError:  # pragma: no cover - the bench extra is not installed
    pyspiel = None
try:
    import rlcard
except ImportError:  # pragma: no cover
    rlcard = None

SEED = 20261129
RULES = bieten.Rules()  # tyrol, 4 players, 3 cards, to 11 points
PYSPIEL_GAMES = ("leduc_poker", "kuhn_poker", "hearts")
PRIMARY_PEER = "pyspiel leduc_poker"  # the peer the stepping and clone targets refer to
STATES_PER_ENGINE = 512  # sampled mid-game states for the per-call costs

Counts = dict[str, float]
Runner = Callable[[int], tuple[float, Counts]]  # workload size -> (seconds, units done)


# -- measurement machinery ------------------------------------------------------------------------
@dataclass
class Bench:
    key: str
    section: str
    run: Runner
    size: int = 1
    samples: list[dict[str, float]] = field(default_factory=list)  # per repeat: unit -> units/s

    def measure(self) -> dict[str, float]:
        gc.collect()
        gc.disable()
        try:
            seconds, counts = self.run(self.size)
        finally:
            gc.enable()
        return {unit: value / seconds for unit, value in counts.items()} | {"seconds": seconds}

    def calibrate(self, duration: float) -> None:
        # One untimed call first: a first call may pay one-time costs (bieten.simulate imports NumPy
        # lazily, ~0.1 s), which would otherwise calibrate the workload to a handful of games.
        self.run(1)
        size = 1
        while True:
            gc.disable()
            try:
                seconds, _ = self.run(size)
            finally:
                gc.enable()
            if seconds >= duration / 5 or size >= 1 << 30:
                break
            size *= 2 if seconds <= 0 else max(2, min(64, int(duration / 5 / seconds) + 1))
        self.size = max(1, math.ceil(size * duration / max(seconds, 1e-9)))

    def median(self, unit: str) -> float:
        return statistics.median(s[unit] for s in self.samples)

    def spread(self, unit: str) -> float:
        """(max - min) / median over the repeats."""
        values = [s[unit] for s in self.samples]
        return (max(values) - min(values)) / statistics.median(values)


def run_interleaved(benches: list[Bench], repeats: int, duration: float, log: Callable[[str], None]) -> None:
    log(f"calibrating {len(benches)} measurements to ~{duration:g} s each")
    for b in benches:
        b.calibrate(duration)
    for r in range(repeats):
        shift = (r * 3) % len(benches)
        order = benches[shift:] + benches[:shift]
        if r % 2:
            order.reverse()
        start = time.perf_counter()
        for b in order:
            b.samples.append(b.measure())
        log(f"repeat {r + 1}/{repeats} done in {time.perf_counter() - start:.1f} s")


def timed_loop(
    stmt: str, target: str = "s", names: dict[str, Any] | None = None
) -> Callable[[list[Any], int], float]:
    """A compiled ``for _ in range(n): for <target> in items: <stmt>`` returning its seconds.

    Every engine's calls go through the same loop, so the loop's own cost is the same for all.
    """
    source = (
        "def run(items, n):\n"
        "    t0 = _perf_counter()\n"
        "    for _ in range(n):\n"
        f"        for {target} in items:\n"
        f"            {stmt}\n"
        "    return _perf_counter() - t0\n"
    )
    namespace: dict[str, Any] = {"_perf_counter": time.perf_counter, **(names or {})}
    exec(source, namespace)
    return namespace["run"]  # type: ignore[no-any-return]


# -- stepping: random self-play from Python -------------------------------------------------------
def bieten_objects(games: int) -> tuple[float, Counts]:
    rng = random.Random(SEED)
    actions = hands = 0
    t0 = time.perf_counter()
    for seed in range(games):
        game = bieten.Game(RULES, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
        hands += game.hand_number + 1
    seconds = time.perf_counter() - t0
    return seconds, {"actions": actions, "decisions": actions, "games": games, "hands": hands}


def bieten_ids(games: int) -> tuple[float, Counts]:
    rng = random.Random(SEED)
    actions = hands = 0
    t0 = time.perf_counter()
    for seed in range(games):
        game = bieten.Game(RULES, seed=seed)
        while not game.is_over:
            legal = game.legal_action_ids()
            game.apply_id(legal[rng.randrange(len(legal))])
            actions += 1
        hands += game.hand_number + 1
    seconds = time.perf_counter() - t0
    return seconds, {"actions": actions, "decisions": actions, "games": games, "hands": hands}


def bieten_step(games: int) -> tuple[float, Counts]:
    rng = random.Random(SEED)
    actions = hands = 0
    t0 = time.perf_counter()
    for seed in range(games):
        game = bieten.Game(RULES, seed=seed)
        legal = game.legal_action_ids()
        while legal:
            legal = game.step(legal[rng.randrange(len(legal))])
            actions += 1
        hands += game.hand_number + 1
    seconds = time.perf_counter() - t0
    return seconds, {"actions": actions, "decisions": actions, "games": games, "hands": hands}


def pyspiel_loop(name: str) -> Runner:
    game = pyspiel.load_game(name)

    def run(games: int) -> tuple[float, Counts]:
        rng = random.Random(SEED)
        actions = decisions = 0
        t0 = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    decisions += 1
                actions += 1
        seconds = time.perf_counter() - t0
        return seconds, {"actions": actions, "decisions": decisions, "games": games, "hands": games}

    return run


def rlcard_env_loop(games: int) -> tuple[float, Counts]:
    env = rlcard.make("leduc-holdem", config={"seed": SEED})
    rng = random.Random(SEED)
    actions = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state, _player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _player = env.step(legal[rng.randrange(len(legal))])
            actions += 1
    seconds = time.perf_counter() - t0
    return seconds, {"actions": actions, "decisions": actions, "games": games, "hands": games}


def rlcard_game_loop(games: int) -> tuple[float, Counts]:
    """RLCard's game object without the env's state encoding: its fastest Python loop."""
    game = rlcard.make("leduc-holdem", config={"seed": SEED}).game
    rng = random.Random(SEED)
    actions = 0
    t0 = time.perf_counter()
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
            actions += 1
    seconds = time.perf_counter() - t0
    return seconds, {"actions": actions, "decisions": actions, "games": games, "hands": games}


@dataclass(frozen=True)
class Stepper:
    key: str
    engine: str  # the engine (peer) this loop belongs to
    label: str
    run: Runner


def steppers() -> list[Stepper]:
    out = [
        Stepper(
            "step/bieten objects",
            "bieten",
            "bieten, object API: `legal_actions()` + `apply(action)`",
            bieten_objects,
        ),
        Stepper(
            "step/bieten ids", "bieten", "bieten, int path: `legal_action_ids()` + `apply_id(id)`", bieten_ids
        ),
        Stepper("step/bieten step", "bieten", "bieten, int path: `ids = step(id)`", bieten_step),
    ]
    if pyspiel is not None:
        for name in PYSPIEL_GAMES:
            out.append(
                Stepper(f"step/pyspiel {name}", f"pyspiel {name}", f"pyspiel {name}", pyspiel_loop(name))
            )
    if rlcard is not None:
        out.append(
            Stepper(
                "step/rlcard env", "rlcard leduc-holdem", "RLCard leduc-holdem, `env.step`", rlcard_env_loop
            )
        )
        out.append(
            Stepper(
                "step/rlcard game",
                "rlcard leduc-holdem",
                "RLCard leduc-holdem, raw `env.game.step`",
                rlcard_game_loop,
            )
        )
    return out


# -- per-call costs -------------------------------------------------------------------------------
def bieten_states(count: int, record: bool = True) -> list[bieten.Game]:
    """Mid-game states spread over whole games (each decision kept with probability 1/8)."""
    rng = random.Random(SEED + 1)
    states: list[bieten.Game] = []
    seed = 0
    while len(states) < count:
        game = bieten.Game(RULES, seed=seed, record=record)
        seed += 1
        legal = game.legal_action_ids()
        while legal and len(states) < count:
            if rng.random() < 1 / 8:
                states.append(game.clone())
            legal = game.step(legal[rng.randrange(len(legal))])
    return states


def pyspiel_states(game: Any, count: int) -> list[Any]:
    """Decision (non-chance, non-terminal) states spread over whole games."""
    rng = random.Random(SEED + 1)
    states: list[Any] = []
    keep = 1 / 4 if game.get_type().short_name != "hearts" else 1 / 16
    while len(states) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(states) < count:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if rng.random() < keep:
                states.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return states


@dataclass(frozen=True)
class Call:
    op: str  # the operation (a row of the table)
    engine: str  # the column
    code: str  # what is called, for the table
    run: Runner


def loop_runner(
    items: list[Any], stmt: str, target: str = "s", names: dict[str, Any] | None = None
) -> Runner:
    loop = timed_loop(stmt, target, names)

    def run(passes: int) -> tuple[float, Counts]:
        return loop(items, passes), {"calls": passes * len(items)}

    return run


def apply_runner(
    base: list[tuple[Any, int]], stmt: str, clone: Callable[[Any], Any], names: dict[str, Any] | None = None
) -> Runner:
    """Applies one legal action to each of fresh copies of the states (copies made untimed)."""
    loop = timed_loop(stmt, "s, a", names)

    def run(passes: int) -> tuple[float, Counts]:
        items = [(clone(s), a) for _ in range(passes) for s, a in base]
        return loop(items, 1), {"calls": len(items)}

    return run


def calls() -> list[Call]:
    out: list[Call] = []
    rng = random.Random(SEED + 2)
    games = bieten_states(STATES_PER_ENGINE)
    pairs = [(g, g.current_player) for g in games]
    texts = [g.to_json() for g in games]
    datas = [g.to_bytes() for g in games]  # the binary records (issue 25 item 2)
    moves = [(g, rng.choice(g.legal_action_ids())) for g in games]
    fast_games = bieten_states(STATES_PER_ENGINE, record=False)  # the same states, keeping no events
    b = "bieten"
    out += [
        Call("(empty loop)", b, "`pass`", loop_runner(games, "pass")),
        Call("clone", b, "`game.clone()`", loop_runner(games, "s.clone()")),
        Call(
            "clone, record=False",
            b,
            "`game.clone()` of a `Game(record=False)`",
            loop_runner(fast_games, "s.clone()"),
        ),
        Call("legal actions (ids)", b, "`legal_action_ids()`", loop_runner(games, "s.legal_action_ids()")),
        Call("legal actions (objects)", b, "`legal_actions()`", loop_runner(games, "s.legal_actions()")),
        Call("legal action mask", b, "`legal_action_mask()`", loop_runner(games, "s.legal_action_mask()")),
        Call(
            "observation tensor",
            b,
            "`observation(seat)`",
            loop_runner(pairs, "s.observation(seat)", "s, seat"),
        ),
        Call("serialize", b, "`to_json()`", loop_runner(games, "s.to_json()")),
        Call(
            "deserialize",
            b,
            "`Game.from_json(text)`",
            loop_runner(texts, "from_json(s)", names={"from_json": bieten.Game.from_json}),
        ),
        Call("serialize, binary", b, "`to_bytes()`", loop_runner(games, "s.to_bytes()")),
        Call(
            "deserialize, binary",
            b,
            "`Game.from_bytes(data)`",
            loop_runner(datas, "from_bytes(s)", names={"from_bytes": bieten.Game.from_bytes}),
        ),
        Call("apply", b, "`apply_id(id)`", apply_runner(moves, "s.apply_id(a)", lambda s: s.clone())),
        Call("apply + new legal ids", b, "`step(id)`", apply_runner(moves, "s.step(a)", lambda s: s.clone())),
    ]
    if pyspiel is None:
        return out
    for name in PYSPIEL_GAMES:
        game = pyspiel.load_game(name)
        kind = game.get_type()
        states = pyspiel_states(game, STATES_PER_ENGINE)
        serialized = [s.serialize() for s in states]
        moves = [(s, rng.choice(s.legal_actions())) for s in states]
        e = f"pyspiel {name}"
        out += [
            Call("(empty loop)", e, "`pass`", loop_runner(states, "pass")),
            Call("clone", e, "`state.clone()`", loop_runner(states, "s.clone()")),
            Call("legal actions (ids)", e, "`legal_actions()`", loop_runner(states, "s.legal_actions()")),
            Call(
                "legal action mask",
                e,
                "`legal_actions_mask()`",
                loop_runner(states, "s.legal_actions_mask()"),
            ),
            Call("serialize", e, "`serialize()`", loop_runner(states, "s.serialize()")),
            Call(
                "deserialize",
                e,
                "`game.deserialize_state(text)`",
                loop_runner(serialized, "deserialize(s)", names={"deserialize": game.deserialize_state}),
            ),
            Call(
                "apply", e, "`apply_action(a)`", apply_runner(moves, "s.apply_action(a)", lambda s: s.clone())
            ),
            Call(
                "apply + new legal ids",
                e,
                "`apply_action(a); legal_actions()`",
                apply_runner(moves, "s.apply_action(a); s.legal_actions()", lambda s: s.clone()),
            ),
        ]
        if kind.provides_observation_tensor:
            out.append(
                Call(
                    "observation tensor",
                    e,
                    "`observation_tensor()`",
                    loop_runner(states, "s.observation_tensor()"),
                )
            )
        if kind.provides_information_state_tensor:
            out.append(
                Call(
                    "information state tensor",
                    e,
                    "`information_state_tensor()`",
                    loop_runner(states, "s.information_state_tensor()"),
                )
            )
    return out


# -- batch self-play ------------------------------------------------------------------------------
def simulate_runner(threads: int) -> Runner:
    agents = ["random"] * RULES.players

    def run(games: int) -> tuple[float, Counts]:
        t0 = time.perf_counter()
        result = bieten.simulate(RULES, agents, games=games, seed=SEED, threads=threads)
        seconds = time.perf_counter() - t0
        return seconds, {
            "games": games,
            "hands": int(result.hands.sum()),
            "actions": int(result.actions.sum()),
        }

    return run


def random_playout(games: int) -> tuple[float, Counts]:
    t0 = time.perf_counter()
    actions, hands = bieten._core.random_playout(RULES._core, SEED, games)
    seconds = time.perf_counter() - t0
    return seconds, {"games": games, "hands": hands, "actions": actions}


# -- figure evaluation ----------------------------------------------------------------------------
EVAL_DEALS = 1 << 18
PY_EVAL_DEALS = 256


def evaluation() -> list[tuple[str, str, Runner]]:
    masks = bieten.random_deals(EVAL_DEALS, RULES, seed=SEED)
    players = RULES.players

    def batch(validate: bool) -> Runner:
        def run(calls: int) -> tuple[float, Counts]:
            t0 = time.perf_counter()
            for _ in range(calls):
                bieten.evaluate_batch(masks, RULES, validate=validate)
            return time.perf_counter() - t0, {"player-hands": calls * EVAL_DEALS * players}

        return run

    small = masks[:PY_EVAL_DEALS]
    hands = [[[c for c in range(33) if int(m) >> c & 1] for m in row] for row in small]

    def one_by_one(passes: int) -> tuple[float, Counts]:
        evaluate = bieten.evaluate
        t0 = time.perf_counter()
        for _ in range(passes):
            for deal in hands:
                evaluate(deal, RULES)
        return time.perf_counter() - t0, {"player-hands": passes * len(hands) * players}

    out = [
        ("eval/batch", "`bieten.evaluate_batch(masks, rules, validate=False)`, one core", batch(False)),
        (
            "eval/batch validated",
            "`bieten.evaluate_batch(masks, rules)` (validates each deal), one core",
            batch(True),
        ),
        ("eval/one deal", "`bieten.evaluate(hands, rules)`, one deal per call from Python", one_by_one),
    ]
    try:
        from reference.figures import evaluate as reference_evaluate
        from reference.rules import make_rules
    except ImportError:  # pragma: no cover - tests/ is not beside benchmarks/
        return out
    rules = make_rules("tyrol", players=players)

    def pure_python(passes: int) -> tuple[float, Counts]:
        t0 = time.perf_counter()
        for _ in range(passes):
            for deal in hands:
                reference_evaluate(deal, rules)
        return time.perf_counter() - t0, {"player-hands": passes * len(hands) * players}

    out.append(
        (
            "eval/python reference",
            "pure-Python reference evaluator (`tests/reference/figures.py`)",
            pure_python,
        )
    )
    return out


# -- the environment ------------------------------------------------------------------------------
def version(dist: str) -> str:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git_revision() -> str:
    try:
        rev = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(REPO), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        return rev + (" (with uncommitted changes)" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


# -- the report -----------------------------------------------------------------------------------
def num(x: float) -> str:
    if x >= 100:
        return f"{x:,.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


def ratio(x: float) -> str:
    return f"{x:,.0f}x" if x >= 100 else f"{x:.2f}x"


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    headline: list[str] = field(default_factory=list)
    targets: list[list[str]] = field(default_factory=list)  # target, measured, status

    def say(self, *paragraphs: str) -> None:
        for p in paragraphs:
            self.lines += [p, ""]

    def table(self, header: list[str], rows: list[list[str]], align: str | None = None) -> None:
        align = align or "l" + "r" * (len(header) - 1)
        self.lines.append("| " + " | ".join(header) + " |")
        self.lines.append("| " + " | ".join("---:" if a == "r" else "---" for a in align) + " |")
        self.lines += ["| " + " | ".join(r) + " |" for r in rows]
        self.lines.append("")

    def target(self, name: str, measured: str, met: bool) -> None:
        self.targets.append([name, measured, "met" if met else "**not met**"])

    def text(self) -> str:
        lines = list(self.lines)
        if self.targets:
            lines += ["## Targets", ""]
            lines.append("| target | measured (median) | status |")
            lines.append("| --- | --- | --- |")
            lines += ["| " + " | ".join(t) + " |" for t in self.targets]
            lines.append("")
        if self.headline:
            at = lines.index("## Machine and versions")
            lines[at:at] = ["## Headline", "", *self.headline, ""]
        return "\n".join(lines).rstrip() + "\n"


def report_header(
    rep: Report,
    args: argparse.Namespace,
    started: datetime.datetime,
    elapsed: float,
    loads: tuple[float, float],
    measurements: int,
) -> None:
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    rep.say(
        "# bieten beside its peers",
        f"Generated by `python benchmarks/peers.py --repeats {args.repeats} --duration {args.duration:g}` "
        f"on {started:%Y-%m-%d %H:%M} UTC in {elapsed:.0f} s (one process, one run). Regenerate with the "
        "same command; the README quotes the headline ratios.",
        "## Machine and versions",
        f"- CPU: {cpu_model()}, {os.cpu_count()} logical cores ({affinity} usable by this process)\n"
        f"- OS: {platform.platform()}\n"
        f"- Python {platform.python_version()} ({platform.python_implementation()}, "
        f"{platform.python_compiler()})\n"
        f"- numpy {version('numpy')}, bieten {bieten.__version__} (git {git_revision()}), "
        f"open_spiel (pyspiel) {version('open_spiel')}, rlcard {version('rlcard')}\n"
        f"- load average (1 min) {loads[0]:.2f} before, {loads[1]:.2f} after: the machine is shared, so "
        "other work may have run at the same time; the interleaving spreads it over every engine",
        "## Method",
        f"- Every measurement is a fixed workload calibrated once to about {args.duration:g} s; each of the "
        f"{args.repeats} repeats runs all {measurements} measurements once, in an order rotated by three "
        "places (and reversed every other repeat) from the last, so drift of the machine falls on every "
        "engine alike. Figures are **medians over the repeats**; *spread* is (max - min) / median.\n"
        "- The garbage collector is off while a workload is timed (as `timeit` does), for every engine.\n"
        "- The stepping loops are the same for every engine: a `random.Random` per run, a uniform choice "
        "from the legal list (`legal[rng.randrange(len(legal))]`), pyspiel chance nodes sampled the same way "
        "from `chance_outcomes()`, a new game (or initial state) per game, no bound-method caching.\n"
        "- *actions* counts every applied action, pyspiel chance outcomes included (the conservative count "
        "for bieten, whose deal is internal); *decisions* counts player actions only.\n"
        f"- **A bieten game is played to {RULES.target} points over several hands; a bieten hand is the unit "
        "comparable to a poker hand** (one pyspiel or RLCard leduc/kuhn game) or to one deal of hearts. "
        "Rates per hand are therefore given beside rates per game.\n"
        f"- Rules: `bieten.Rules()` = `{RULES!r}`.",
    )


def report_stepping(rep: Report, step_list: list[Stepper], benches: dict[str, Bench]) -> None:
    rep.say("## Random self-play stepping from Python")
    rows = []
    for s in step_list:
        b = benches[s.key]
        rows.append(
            [
                s.label,
                num(b.median("actions")),
                num(b.median("decisions")),
                num(b.median("games")),
                num(b.median("hands")),
                f"{b.median('actions') / b.median('games'):.1f}",
                pct(b.spread("actions")),
            ]
        )
    rep.table(["loop", "actions/s", "decisions/s", "games/s", "hands/s", "actions/game", "spread"], rows)
    peers = [s for s in step_list if s.engine != "bieten"]
    ours = [s for s in step_list if s.engine == "bieten"]
    if not peers:
        return
    for unit, what in (
        ("actions", "**actions per second**"),
        ("hands", "**hands per second** (a bieten hand against a poker hand or a deal of hearts)"),
    ):
        rep.say(f"Ratio of each bieten loop to each peer, {what}; >1: bieten is faster:")
        rows = [
            [o.label] + [ratio(benches[o.key].median(unit) / benches[p.key].median(unit)) for p in peers]
            for o in ours
        ]
        rep.table(["bieten loop"] + [p.label for p in peers], rows)
    leduc_key = f"step/{PRIMARY_PEER}"
    if leduc_key in benches:
        leduc = benches[leduc_key].median("actions")
        r_step = benches["step/bieten step"].median("actions") / leduc
        r_ids = benches["step/bieten ids"].median("actions") / leduc
        r_obj = benches["step/bieten objects"].median("actions") / leduc
        others = ", ".join(
            f"{ratio(benches['step/bieten step'].median('actions') / benches[p.key].median('actions'))} "
            f"{p.label}"
            for p in peers
            if p.key != leduc_key
        )
        rep.headline.append(
            f"- Python stepping, int path: **{ratio(r_step)}** pyspiel leduc_poker's actions/s with "
            f"`step(id)` ({ratio(r_ids)} with `legal_action_ids()` + `apply_id()`, {ratio(r_obj)} with the "
            f"object API); `step(id)` against the others: {others}"
        )
        rep.target(
            "Python stepping, int path >= 1.5x pyspiel leduc_poker (actions/s)",
            f"{ratio(r_step)} with `step(id)`, {ratio(r_ids)} with `legal_action_ids()` + `apply_id(id)`",
            max(r_step, r_ids) >= 1.5,
        )


def report_calls(rep: Report, call_list: list[Call], benches: dict[tuple[str, str], Bench]) -> None:
    rep.say(
        "## Per-call costs",
        f"Nanoseconds per call (median), each call made once on each of {STATES_PER_ENGINE} mid-game "
        "decision states sampled along random games, through the same compiled `for s in states: <call>` "
        "loop for every engine (the *empty loop* row is that loop's own cost, included in every other "
        "row). The *apply* rows apply one legal action to fresh copies of the states, the copies made "
        "untimed. Ratio = peer ns / bieten ns (>1: bieten is faster).",
    )
    engines = list(dict.fromkeys(c.engine for c in call_list))
    ops = list(dict.fromkeys(c.op for c in call_list))
    code = {(c.op, c.engine): c.code for c in call_list}

    def ns(op: str, engine: str) -> float | None:
        b = benches.get((op, engine))
        return None if b is None else 1e9 / b.median("calls")

    # bieten rows without a namesake at the peers are set beside the nearest peer call
    peer_op = {
        "clone, record=False": "clone",
        "legal actions (objects)": "legal actions (ids)",
        "serialize, binary": "serialize",
        "deserialize, binary": "deserialize",
    }
    header = ["operation", "bieten call", "bieten ns"]
    for e in engines[1:]:
        header += [f"{e.removeprefix('pyspiel ')} ns", "ratio"]
    rows = []
    for op in ops:
        ours = ns(op, "bieten")
        row = [op, code.get((op, "bieten"), "-"), "-" if ours is None else num(ours)]
        for e in engines[1:]:
            theirs = ns(peer_op.get(op, op), e)
            row.append("-" if theirs is None else num(theirs))
            row.append(
                "-" if theirs is None or ours is None or op == "(empty loop)" else ratio(theirs / ours)
            )
        rows.append(row)
    rep.table(header, rows, "ll" + "r" * (len(header) - 2))
    if len(engines) > 1:
        rep.say(
            "pyspiel's calls: "
            + "; ".join(f"*{op}* {code[(op, engines[1])]}" for op in ops if (op, engines[1]) in code)
            + ". bieten's *clone, record=False* and *legal actions (objects)* are set beside pyspiel's "
            "`clone()` and `legal_actions()`, its binary records (*serialize, binary*, *deserialize, "
            "binary*) beside `serialize()` and `deserialize_state(text)`; hearts has no observation "
            "tensor, bieten no separate information-state tensor (its observation is the seat's "
            "information state)."
        )
    clone, fast, loop = (
        ns("clone", "bieten"),
        ns("clone, record=False", "bieten"),
        ns("(empty loop)", "bieten"),
    )
    if clone is not None and fast is not None and loop is not None:
        leduc = ns("clone", PRIMARY_PEER)
        versus = "" if leduc is None else f" ({ratio(leduc / clone)} pyspiel leduc_poker's {leduc:,.0f} ns)"
        rep.headline.append(
            f"- Clone: {clone:,.0f} ns per `game.clone()`{versus}; {fast:,.0f} ns with `record=False`"
        )
        rep.target(
            "clone <= 300 ns",
            f"`game.clone()` {clone:,.0f} ns; of a `Game(record=False)` {fast:,.0f} ns "
            f"(loop {loop:.0f} ns included)",
            clone <= 300,
        )


def report_batch(
    rep: Report, batch: dict[str, Bench], step_list: list[Stepper], steps: dict[str, Bench]
) -> None:
    rep.say(
        "## Batch self-play: bieten's C++ loop beside the best Python loop of each peer",
        '`bieten.simulate(rules, ["random"] * 4, games=..., seed=..., threads=t)`, timed around the whole '
        "call (result arrays included); *hands/s per core* divides by the threads. Each Python row is the "
        "engine's fastest loop of the stepping section (one peer game = one hand).",
    )
    one, two, playout = batch["simulate 1"], batch["simulate 2"], batch["playout"]

    def row(label: str, b: Bench, threads: int, ratios: bool) -> list[str]:
        hands = b.median("hands")
        return [
            label,
            num(hands),
            num(hands / threads),
            num(b.median("games")),
            num(b.median("actions")),
            pct(b.spread("hands")),
            ratio(one.median("hands") / hands) if ratios else "",
            ratio(two.median("hands") / hands) if ratios else "",
        ]

    rows = [
        row("bieten `simulate`, 1 thread", one, 1, False),
        row("bieten `simulate`, 2 threads", two, 2, False),
        row("bieten `_core.random_playout` (the bare C++ loop, private API), 1 thread", playout, 1, False),
    ]
    best: dict[str, Stepper] = {}
    for s in step_list:
        if s.engine not in best or steps[s.key].median("hands") > steps[best[s.engine].key].median("hands"):
            best[s.engine] = s
    rows += [row(f"best Python loop: {s.label}", steps[s.key], 1, True) for s in best.values()]
    rep.table(
        [
            "loop",
            "hands/s",
            "hands/s per core",
            "games/s",
            "actions/s",
            "spread",
            "simulate 1 thread / this",
            "simulate 2 threads / this",
        ],
        rows,
    )
    rep.say(
        f"Two threads give {ratio(two.median('hands') / one.median('hands'))} one thread's hands/s "
        "(on a 2-core machine that other work shares)."
    )
    peer_best = [(e, steps[s.key].median("hands")) for e, s in best.items() if e != "bieten"]
    if peer_best:
        engine, fastest = max(peer_best, key=lambda t: t[1])
        rep.headline.append(
            f"- Batch self-play: **{one.median('hands') / 1e6:.2f} M hands/s** on one thread "
            f"({two.median('hands') / 1e6:.2f} M on two), {ratio(one.median('hands') / fastest)} the "
            f"fastest peer Python loop ({engine}, hands/s)"
        )
    rep.target(
        "batch self-play >= 1 M hands/s per core",
        f"{one.median('hands') / 1e6:.2f} M hands/s on 1 thread, {two.median('hands') / 2e6:.2f} M per core "
        f"on 2 threads; the bare C++ loop {playout.median('hands') / 1e6:.2f} M",
        one.median("hands") >= 1e6,
    )


def report_evaluation(
    rep: Report, eval_list: list[tuple[str, str, Runner]], benches: dict[str, Bench]
) -> None:
    rep.say(
        "## Figure evaluation",
        f"Player-hands per second (a deal of {RULES.players} hands counts {RULES.players}); the batch calls "
        f"take {EVAL_DEALS:,} random deals each, the per-deal rows {PY_EVAL_DEALS} deals per pass.",
    )
    ref = benches.get("eval/python reference")
    rows = []
    for key, label, _run in eval_list:
        b = benches[key]
        rel = "-" if ref is None else ratio(b.median("player-hands") / ref.median("player-hands"))
        rows.append([label, num(b.median("player-hands")), pct(b.spread("player-hands")), rel])
    rep.table(["evaluator", "player-hands/s", "spread", "ratio to the pure-Python evaluator"], rows)
    batch = benches["eval/batch"].median("player-hands")
    if ref is not None:
        rep.headline.append(
            f"- Figure evaluation: **{batch / 1e6:,.0f} M player-hands/s** on one core, "
            f"{ratio(batch / ref.median('player-hands'))} the pure-Python evaluator"
        )
    rep.target(
        "figure evaluation >= 100 M player-hands/s",
        f"{batch / 1e6:,.0f} M player-hands/s (`evaluate_batch`, validate=False, one core)",
        batch >= 100e6,
    )


# -- main -----------------------------------------------------------------------------------------
SECTIONS = ("stepping", "calls", "batch", "evaluation")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeats", type=int, default=7, help="repeats of every measurement (default 7)")
    parser.add_argument(
        "--duration", type=float, default=0.4, help="seconds per measurement and repeat (0.4)"
    )
    parser.add_argument("--quick", action="store_true", help="3 repeats of 0.1 s, a smoke run")
    parser.add_argument("--sections", default=",".join(SECTIONS), help=f"a subset of {','.join(SECTIONS)}")
    parser.add_argument(
        "--output", type=Path, default=HERE / "RESULTS.md", help="default benchmarks/RESULTS.md"
    )
    parser.add_argument("--no-write", action="store_true", help="print the results instead of writing them")
    parser.add_argument("--json", type=Path, help="also write every repeat's raw rates to this JSON file")
    args = parser.parse_args(argv)
    if args.quick:
        args.repeats, args.duration = 3, 0.1
    if args.repeats < 1 or args.duration <= 0:
        parser.error("--repeats must be >= 1 and --duration > 0")
    sections = {s.strip() for s in args.sections.split(",") if s.strip()}
    if sections - set(SECTIONS):
        parser.error(f"unknown section(s): {', '.join(sorted(sections - set(SECTIONS)))}")

    def log(message: str) -> None:
        print(f"[peers] {message}", file=sys.stderr, flush=True)

    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()[0]
    step_list = steppers() if sections & {"stepping", "batch"} else []
    step_benches = {s.key: Bench(s.key, "stepping", s.run) for s in step_list}
    call_list = calls() if "calls" in sections else []
    call_benches = {(c.op, c.engine): Bench(f"call/{c.engine}/{c.op}", "calls", c.run) for c in call_list}
    batch_benches: dict[str, Bench] = {}
    if "batch" in sections:
        batch_benches = {
            "simulate 1": Bench("batch/simulate 1 thread", "batch", simulate_runner(1)),
            "simulate 2": Bench("batch/simulate 2 threads", "batch", simulate_runner(2)),
            "playout": Bench("batch/random_playout", "batch", random_playout),
        }
    eval_list = evaluation() if "evaluation" in sections else []
    eval_benches = {key: Bench(key, "evaluation", run) for key, _label, run in eval_list}
    benches = [
        *step_benches.values(),
        *call_benches.values(),
        *batch_benches.values(),
        *eval_benches.values(),
    ]

    t0 = time.perf_counter()
    run_interleaved(benches, args.repeats, args.duration, log)
    elapsed = time.perf_counter() - t0

    rep = Report()
    report_header(rep, args, started, elapsed, (load_before, os.getloadavg()[0]), len(benches))
    if "stepping" in sections:
        report_stepping(rep, step_list, step_benches)
    if call_benches:
        report_calls(rep, call_list, call_benches)
    if batch_benches:
        report_batch(rep, batch_benches, step_list, step_benches)
    if eval_benches:
        report_evaluation(rep, eval_list, eval_benches)
    text = rep.text()

    if args.json:
        raw = {b.key: {"section": b.section, "size": b.size, "samples": b.samples} for b in benches}
        args.json.write_text(
            json.dumps({"started": started.isoformat(), "repeats": args.repeats, "benches": raw})
        )
        log(f"wrote {args.json}")
    if args.no_write:
        print(text)
    else:
        args.output.write_text(text + _kept_sections(args.output))
        log(f"wrote {args.output}")
        print("\n".join(rep.headline + [""] + [" | ".join(t) for t in rep.targets]))
    return 0


#: Sections of RESULTS.md that other suites measure (test_bench_schnapsen.py); a rewrite keeps them.
KEPT_SECTIONS = (
    "## Bauernschnapsen and Schnapsen",
    "## Web server load",
    "## Vector environment",
    "## ISMCTS",
    "## Import time",
)


def _kept_sections(path: Path) -> str:
    """The tail of the old file from the first kept section on, so regenerating does not drop it."""
    if not path.exists():
        return ""
    old = path.read_text()
    starts = [old.find("\n" + heading + "\n") for heading in KEPT_SECTIONS]
    found = [i for i in starts if i >= 0]
    return old[min(found) :] if found else ""


if __name__ == "__main__":
    sys.exit(main())
