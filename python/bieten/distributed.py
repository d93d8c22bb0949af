"""Shards of a simulation on a Dask cluster (optional extra ``bieten[distributed]``).

Each shard ``(k, K)`` plays the games with index i % K == k of the run (docs/simulate.md); the
merged result equals ``bieten.simulate`` of the whole run on one machine, bit for bit. Like
``bieten.simulate``, it plays the game the rules are for (the family registry), and gives the same
one result type.

>>> from dask.distributed import Client, LocalCluster            # doctest: +SKIP
>>> with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
...     result = simulate(Rules(), ["heuristic", "random", "random", "random"], games=100_000,
...                       seed=1, client=client)                 # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bieten._families import AnyRules, family, family_of
from bieten._simulation.play import simulate as _simulate_local
from bieten._simulation.results import SimulationResult


def _run_shard(
    game: str,
    rules: dict[str, Any],  # the family's name and its rules travel as plain data, not pickled objects
    agents: list[Any],
    games: int,
    seed: int,
    shard: tuple[int, int],
    threads: int,
) -> SimulationResult:
    return _simulate_local(
        family(game).rules.from_dict(rules), agents, games=games, seed=seed, threads=threads, shard=shard
    )


def simulate(
    rules: AnyRules,
    agents: Sequence[Any],
    games: int,
    seed: int = 0,
    *,
    client: Any = None,
    shards: int | None = None,
    threads_per_shard: int = 1,
) -> SimulationResult:
    """Runs ``bieten.simulate`` as ``shards`` tasks on a Dask cluster and merges them.

    ``client`` is a ``dask.distributed.Client`` (default: the current one). ``shards`` defaults to
    the cluster's total worker threads. Python agents must be picklable to travel to the workers.
    """
    try:
        from dask.distributed import get_client
    except ImportError as err:  # pragma: no cover - exercised only without the extra
        raise ImportError("bieten.distributed needs the extra: pip install 'bieten[distributed]'") from err
    game = family_of(rules).name
    client = client if client is not None else get_client()
    if shards is None:
        shards = max(1, sum(client.nthreads().values()))
    if isinstance(shards, bool) or not isinstance(shards, int) or shards < 1:
        raise ValueError(f"shards must be a positive int, not {shards!r}")
    futures = [
        client.submit(
            _run_shard,
            game,
            rules.to_dict(),
            list(agents),
            games,
            seed,
            (k, shards),
            threads_per_shard,
            pure=False,
        )
        for k in range(shards)
    ]
    parts: list[SimulationResult] = client.gather(futures)
    return SimulationResult.merge(parts)
