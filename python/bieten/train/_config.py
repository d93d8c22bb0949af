"""The knobs of a training run and its result (no PyTorch here)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bieten import _core

#: The games ``train`` takes: the policies each registered game's core ships (``policies`` of
#: ``bieten._core.GAMES``, each a kind of its game: its default rules or a preset), game by game.
GAMES: tuple[str, ...] = tuple(str(policy) for game in _core.GAMES for policy in game["policies"])


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
