#!/usr/bin/env python
"""The record calls of both games (to_json, from_json and, where the install has them, to_bytes and
from_bytes) on 512 mid-game states, printed as one JSON object of ns per call (issue 25 item 2).

    python benchmarks/records_before_after.py                      # this checkout's bieten
    BEFORE=/tmp/before python benchmarks/records_before_after.py   # a built bieten package copied there

With BEFORE, the bieten package in that directory (its python/bieten with the built _core and
libbieten_c copied in) is imported instead of the editable install, so that an older build runs in
the same interpreter with the same states. Each figure is the sum over 16 chunks of 32 states of the
best of 40 passes, which keeps the preemption of a shared machine out of it.
"""

import json
import os
import random
import sys
import time

if os.environ.get("BEFORE"):
    sys.meta_path[:] = [f for f in sys.meta_path if "ScikitBuild" not in type(f).__name__]
    sys.path.insert(0, os.environ["BEFORE"])
import bieten
from bieten import schnapsen

SEED = 20240601  # benchmarks/peers.py's


def states(game_class, rules, count):
    rng = random.Random(SEED + 1)
    out = []
    seed = 0
    while len(out) < count:
        game = game_class(rules, seed=seed)
        seed += 1
        legal = game.legal_action_ids()
        while legal and len(out) < count:
            if rng.random() < 1 / 8:
                out.append(game.clone())
            legal = game.step(legal[rng.randrange(len(legal))])
    return out


def ns_per_call(call, items, chunk=32, passes=40):
    total = 0.0
    for i in range(0, len(items), chunk):
        part = items[i : i + chunk]
        best = float("inf")
        for _ in range(passes):
            start = time.perf_counter()
            for item in part:
                call(item)
            best = min(best, time.perf_counter() - start)
        total += best
    return total / len(items) * 1e9


results = {}
for name, game_class, rules in (
    ("bieten", bieten.Game, bieten.Rules()),
    ("schnapsen", schnapsen.Game, schnapsen.Rules()),
):
    games = states(game_class, rules, 512)
    texts = [g.to_json() for g in games]
    row = {
        "json_bytes": sum(map(len, texts)) / len(texts),
        "to_json": ns_per_call(game_class.to_json, games),
        "from_json": ns_per_call(game_class.from_json, texts),
    }
    if hasattr(game_class, "to_bytes"):
        data = [g.to_bytes() for g in games]
        row["bytes"] = sum(map(len, data)) / len(data)
        row["to_bytes"] = ns_per_call(game_class.to_bytes, games)
        row["from_bytes"] = ns_per_call(game_class.from_bytes, data)
    results[name] = {k: round(v, 1) for k, v in row.items()}
print(json.dumps(results))
