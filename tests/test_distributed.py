"""Shards of a simulation on a Dask cluster equal the local run bit for bit (bieten[distributed])."""

from __future__ import annotations

import pytest

from bieten import Rules, simulate

distributed = pytest.importorskip("distributed")


def test_two_worker_local_cluster_merges_to_the_local_run_exactly() -> None:
    from bieten.distributed import simulate as simulate_on_cluster

    rules = Rules(players=3)
    agents = ["heuristic", "random", "random"]
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        merged = simulate_on_cluster(rules, agents, games=400, seed=17, client=client, shards=4)
    local = simulate(rules, agents, games=400, seed=17, threads=2)
    assert merged == local
    assert merged.shard == (0, 1)
