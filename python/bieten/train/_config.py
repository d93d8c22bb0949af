"""The knobs of a training run and its result (no PyTorch here)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from bieten._core import BietenError
from bieten._families import KINDS

#: The games ``train`` takes: every kind the other commands take (``--game``; a registered game's
#: default rules or one of its presets), the kinds of the shipped policies among them.
GAMES: tuple[str, ...] = tuple(KINDS)
#: The seeds ``train`` takes: 0 to 2**32 - 1 (a run derives its games' seeds from it).
MAX_SEED = 2**32 - 1


@dataclass(frozen=True)
class TrainConfig:
    """The method's knobs (docs/agents.md, "How it learns": which shipped weights were trained with
    which knobs). The defaults are the latest shipped run's."""

    hidden: tuple[int, ...] = (256, 256)
    clone_share: float = 0.2  # of the minutes: collecting the teacher's decisions and cloning them
    clone_smoothing: float = 0.1  # of the target's mass spread over the legal actions: keeps the logits soft
    teacher: str = "heuristic"  # the built-in agent whose decisions are cloned
    clone_limit: int = 300_000  # at most this many decisions kept (a compact observation each)
    league: tuple[str, ...] = ("heuristic",)  # opponents of the PPO phase, a game each in turn
    num_envs: int = 128
    rollout_steps: int = 32
    lr_clone: float = 1e-3
    lr_ppo: float = 3e-4
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_warmup: int = 50  # first PPO updates that fit only the value (the policy stays the clone)
    epochs: int = 2
    minibatch: int = 1024
    eval_games: int = 128
    eval_ismcts: str = "ismcts:300"
    eval_ismcts_games: int = 32


@dataclass
class TrainResult:
    """What a run wrote and how its policy played at each evaluation."""

    game: str
    out: str
    weights: str
    curve: list[dict[str, float]] = field(default_factory=list)


def check_arguments(game: str, minutes: float, seed: int, out: str) -> None:
    """Refuses (BietenError, one line) what no run can take, before anything is made: a game no
    command takes, a time budget outside (0, 1440] minutes, a seed outside 0..2**32 - 1, an --out
    that is a file."""
    if game not in GAMES:
        raise BietenError(f"train: game must be one of {', '.join(GAMES)}, not {game!r}")
    if not 0 < minutes <= 24 * 60:
        raise BietenError(f"train: minutes must be more than 0 and at most 1,440, not {minutes}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BietenError(f"train: seed must be 0 to {MAX_SEED:,}, not {seed}")
    if os.path.exists(out) and not os.path.isdir(out):
        raise BietenError(
            f"train: --out {out} is a file; give a folder (it holds <game>.bin and checkpoints)"
        )
