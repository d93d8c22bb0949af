"""Training the ``policy`` agent on ``bieten.VectorEnv`` (docs/agents.md, "policy"): PyTorch on the
CPU, an optional extra (``pip install 'bieten[train]'``); playing the trained policy never needs it.

``train(game, minutes, seed, out)`` runs the method of docs/agents.md ("How it learns"): behaviour
cloning of a built-in teacher's decisions as a warm start, then proximal policy optimisation (PPO)
in the single-agent view against a league of the built-in agents, with checkpoints in ``out`` (a run
resumes from the last one), an evaluation against ``heuristic`` and ``ismcts`` after each phase and
a learning-curve PNG. The network is written as ``out/<game>.bin``, the format the engine reads
(``bieten.policies``); copying it to its game's ``python/bieten/<game>/policies/`` and rebuilding
ships it.

``game`` is one of :data:`GAMES`: every kind the other commands take, a registered game's default
rules (``"bieten"``: ``Rules()``) or one of its presets; ``seed`` is 0 to 2**32 - 1. The arguments
are checked (``check_arguments``) before PyTorch is looked for.
"""

from __future__ import annotations

from bieten.train._config import GAMES, MAX_SEED, TrainConfig, TrainResult, check_arguments

__all__ = ["GAMES", "MAX_SEED", "TrainConfig", "TrainResult", "check_arguments", "train"]


def train(
    game: str,
    minutes: float,
    seed: int = 0,
    out: str = "train_out",
    *,
    progress: bool = True,
    config: TrainConfig | None = None,
) -> TrainResult:
    """Trains a policy for ``game`` for about ``minutes`` of wall-clock time on one thread, writing
    checkpoints, ``<game>.bin``, ``curve.png`` and ``curve.json`` into ``out``; resumes from
    ``out/checkpoint.pt`` if present. Needs PyTorch (``bieten[train]``)."""
    check_arguments(game, minutes, seed, out)  # before PyTorch is looked for
    from bieten.train._ppo import run  # PyTorch is imported only here

    return run(game, minutes, seed, out, progress=progress, config=config or TrainConfig())
