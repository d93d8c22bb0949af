"""The checks of a run's arguments, before any game is played: the agents (one a seat: built-in,
Python callables, native agents), games, seed, threads and shard (``start_run``), what a Python agent
may answer (``action_id``), and whether the per-game arrays fit in memory (``check_memory``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bieten._agents import AGENTS, is_builtin_agent
from bieten._core import Action, AgentError, NativeAgent
from bieten._seeds import MAX_THREADS, check_u64
from bieten._simulation.run import Run

if TYPE_CHECKING:
    from bieten._families import Family

PythonAgent = Callable[[npt.NDArray[np.float32], list[int]], "Action | str | int"]
AgentSpec = "str | PythonAgent | NativeAgent"

#: Bytes a game's per-game arrays take in a result, and as much again while they are joined.
BYTES_PER_GAME = 2 * (8 + 1 + 4 + 4 + 1)
BYTES_PER_SCORE = 2 * 2


class RunTooBig(ValueError):
    """A run whose per-game arrays would not fit in this machine's memory."""


def action_id(family: Family) -> Callable[[object], int]:
    """What turns a Python agent's answer (an id, an Action or its text in the game's notation: R11,
    S11) into an action id of ``family``'s game, refusing ids outside its action space."""
    size = int(family.core.NUM_ACTIONS)

    def to_id(value: object) -> int:
        if isinstance(value, bool):
            raise TypeError(f"an agent must return an action, its text or its id, not {value!r}")
        chosen = int(value) if isinstance(value, (int, np.integer)) else int(family.action(value).id)
        if not 0 <= chosen < size:
            raise ValueError(f"{family.rule_prefix}11: action id {chosen} is not in 0..{size - 1}")
        return chosen

    return to_id


def start_run(
    players: int,
    agents: Sequence[str | PythonAgent | NativeAgent],
    games: int,
    seed: int,
    threads: int | None,
    shard: tuple[int, int],
    to_id: Callable[[object], int],
) -> Run:
    """The run of checked arguments: one agent per seat, games and seed in 0..2**64-1 (R3.2),
    threads from 1 to ``MAX_THREADS`` (default: the machine's cores), ``shard=(k, K)`` with
    0 <= k < K; ``to_id`` checks a Python agent's answers (``action_id``)."""
    games = check_u64(games, "games")
    seed = check_u64(seed)
    if isinstance(agents, str) or len(agents) != players:
        given = 1 if isinstance(agents, str) else len(agents)
        raise AgentError(f"one agent per seat is needed ({players}), not {given}")
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be an int from 1 to {MAX_THREADS}, not {threads!r}")
    k, big_k = shard
    if not (isinstance(k, int) and isinstance(big_k, int) and 0 <= k < big_k):
        raise ValueError(f"shard must be (k, K) with 0 <= k < K, not {shard!r}")
    names: list[str] = []
    callables: list[object] = []
    failures: list[tuple[int, BaseException]] = []
    labels: list[str] = []
    for seat, agent in enumerate(agents):
        labels.append("python")
        if isinstance(agent, NativeAgent):
            names.append("external")
            callables.append(agent)
            labels[-1] = agent.name
        elif isinstance(agent, str):
            if not is_builtin_agent(agent):
                raise AgentError(
                    f"seat {seat}: unknown agent {agent!r}; built-in agents are {', '.join(AGENTS)}, "
                    "or pass a callable"
                )
            names.append(agent)
            callables.append(None)
            labels[-1] = agent
        elif callable(agent):
            names.append("external")
            callables.append(external(agent, failures, to_id))
        else:
            raise AgentError(f"seat {seat}: an agent is a name, a callable or a NativeAgent, not {agent!r}")
    return Run(names, callables, failures, labels, seed, games, threads, (k, big_k))


def external(
    agent: PythonAgent, failures: list[tuple[int, BaseException]], to_id: Callable[[object], int]
) -> Callable[..., int]:
    """A Python agent as the core calls it (with the seat): its answer as an action id, or -1 with
    the failure kept, to be reported with the seat once the batch has stopped."""

    def call(observation: npt.NDArray[np.float32], legal: list[int], seat: int) -> int:
        try:
            return to_id(agent(observation, legal))
        except BaseException as err:  # reported with the seat once the batch has stopped
            failures.append((seat, err))
            return -1

    return call


def memory() -> int | None:
    """The machine's physical memory in bytes, where the system tells it."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def size(n: float) -> str:
    """A number of bytes for people.

    >>> size(999), size(1_500_000)
    ('999 bytes', '1.5 MB')
    """
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB", "EB"):
        if n < 1000 or unit == "EB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
    raise AssertionError  # pragma: no cover


def check_memory(run: Run, players: int) -> None:
    """Refuses up front a run whose per-game arrays would need more than the machine's memory."""
    games = run.count
    need = games * (BYTES_PER_GAME + BYTES_PER_SCORE * players)
    have = memory()
    if have is not None and need > have:
        raise RunTooBig(
            f"games: {games:,} games would need {size(need)} for their per-game arrays, more than this "
            f"machine's {size(have)}; play them in shards (shard=(k, K)) or use simulate_summary, "
            "which keeps only the totals"
        )
