"""Minimum-of-repeats timings of single calls for both games, one line per process: run it with two
interpreters alternately (before and after a change) where before_after.py's pairs are too noisy.

    python benchmarks/call_minimums.py
"""

import random
import timeit

import bieten
from bieten import schnapsen

out = []
for name, Game, rules in (
    ("bieten", bieten.Game, bieten.Rules()),
    ("schnapsen", schnapsen.Game, schnapsen.Rules.preset("bauernschnapsen")),
):
    g = Game(rules, seed=11)
    rng = random.Random(11)
    for _ in range(9):
        g.apply(rng.choice(g.legal_actions()))
    ids = g.legal_action_ids()

    def stepper(Game=Game, rules=rules):
        h = Game(rules, seed=5)
        i = h.legal_action_ids()
        while i:
            i = h.step(i[0])

    for label, f, n in (
        ("clone", g.clone, 20000),
        ("mask", g.legal_action_mask, 20000),
        ("legal_actions", g.legal_actions, 20000),
        ("legal_ids", g.legal_action_ids, 20000),
        ("game+step to end", stepper, 300),
    ):
        t = min(timeit.repeat(f, number=n, repeat=15)) / n * 1e9
        out.append(f"{name} {label} {t:.0f}")
print(" | ".join(out))
