"""A batched environment for learning agents (docs/vector_env.md): N games stepped together in C++.

>>> import numpy as np
>>> env = VectorEnv("bieten", num_envs=4, seed=7)
>>> obs, masks, seats = env.reset()
>>> obs.shape, obs.dtype, masks.shape, masks.dtype, seats.shape
((4, 663), dtype('float32'), (4, 140), dtype('bool'), (4,))
>>> actions = masks.argmax(axis=1)  # the lowest legal id of each game
>>> obs, masks, seats, rewards, terminated = env.step(actions)
>>> rewards.shape, rewards.dtype, terminated.dtype
((4, 4), dtype('float32'), dtype('bool'))
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from bieten._core import BietenError, RulesError, SeatError
from bieten._seeds import check_u64
from bieten.env._family import families, family_named

if TYPE_CHECKING:
    from bieten._core import _VectorEnvCore
    from bieten._families import AnyRules

__all__ = ["GAMES", "Reset", "Step", "VectorEnv"]

#: The ``game`` names VectorEnv takes: every registered game, and the presets a family names
#: (its env family's ``vector_games``).
GAMES: tuple[str, ...] = tuple(name for family in families() for name in family.vector_games)

Floats = npt.NDArray[np.float32]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int32]
#: ``reset()``: observations [N, O], legal masks [N, A], the seat to act [N].
Reset = tuple[Floats, Bools, Ints]
#: ``step()``: observations, masks, seats, rewards [N, players], terminated [N].
Step = tuple[Floats, Bools, Ints, Floats, Bools]


def _positive(value: object, what: str, limit: int) -> int:
    if isinstance(value, bool):
        raise BietenError(f"{what} must be an int 1 to {limit}, not {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise BietenError(f"{what} must be an int 1 to {limit}, not {value!r}") from None
    if not 1 <= number <= limit:
        raise BietenError(f"{what} must be an int 1 to {limit}, not {number}")
    return number


class VectorEnv:
    """``num_envs`` games of one registered game stepped together in C++ (the core's
    ``<class_prefix>VectorEnv`` of the game, looked up in the registry).

    ``reset()`` returns ``(observations, masks, seats)``; ``step(actions)`` applies one action id per
    game (with the GIL released, on ``threads`` threads) and returns ``(observations, masks, seats,
    rewards, terminated)``. The arrays are read-only **views of buffers made once**: every call
    returns the same arrays, overwritten by the next call (``copy=True`` returns fresh copies
    instead). A finished game restarts at once (auto-reset): its row then shows the new game, while
    ``final_observations``, ``final_scores``, ``final_winners`` keep the finished one's end where
    ``terminated`` is set. See docs/vector_env.md for the rewards, seeds and the single-agent view.
    """

    def __init__(
        self,
        game: str = "bieten",
        rules: AnyRules | None = None,
        *,
        num_envs: int = 1,
        seed: int = 0,
        threads: int = 1,
        opponents: str | Sequence[str] | None = None,
        learner_seat: int | Literal["rotate"] = 0,
        reward: Literal["points", "win"] = "points",
        observations: bool = True,
        observation_dtype: Literal["float32", "uint8"] = "float32",
        copy: bool = False,
    ) -> None:
        family = family_named(game)  # RulesError for a name it does not know
        if rules is None:
            rules = family.default_rules(game)
        elif game != family.name:
            raise RulesError(
                f"{family.rule_presets}: game {game!r} is a preset; "
                f"give rules with game={family.name!r} instead"
            )
        elif not isinstance(rules, family.rules_class):
            raise RulesError(
                f"{family.rule_presets}: game {family.name!r} takes a {family.rules_label}, "
                f"not {type(rules).__name__}"
            )
        n = _positive(num_envs, "num_envs", 1 << 24)
        t = _positive(threads, "threads", 1024)
        base_seed = check_u64(seed)
        if reward not in ("points", "win"):
            raise BietenError(f"reward must be 'points' or 'win', not {reward!r}")
        if not isinstance(observations, bool) or not isinstance(copy, bool):
            raise BietenError("observations and copy must be bools")
        if observation_dtype not in ("float32", "uint8"):
            raise BietenError(f"observation_dtype must be 'float32' or 'uint8', not {observation_dtype!r}")
        players = rules.players
        rule = family.rule_seats
        names: list[str] = []
        seat = 0
        if opponents is not None:
            if isinstance(opponents, str):
                names = [opponents] * (players - 1)
            elif isinstance(opponents, Sequence) and all(isinstance(o, str) for o in opponents):
                names = list(opponents)
            else:
                raise BietenError(f"opponents must be an agent name or a list of them, not {opponents!r}")
            if len(names) != players - 1:
                raise BietenError(
                    f"opponents: one agent per other seat is needed ({players - 1}), not {len(names)}"
                )
            if learner_seat == "rotate":
                seat = -1
            elif (
                isinstance(learner_seat, int)
                and not isinstance(learner_seat, bool)
                and 0 <= learner_seat < players
            ):
                seat = learner_seat
            else:
                raise SeatError(
                    f"{rule}: learner_seat must be 0 to {players - 1} or 'rotate', not {learner_seat!r}"
                )
        elif learner_seat != 0:
            raise SeatError(f"{rule}: learner_seat is for the single-agent view (opponents=...)")
        core: _VectorEnvCore[Any] = family.vector_core(
            rules._core, n, base_seed, t, observations, reward, names, seat, observation_dtype
        )
        self._core = core
        self.game = family.name
        self.rules: AnyRules = rules
        self.num_envs: int = n
        self.threads: int = t
        self.players: int = players
        self.num_actions: int = int(self._core.num_actions)
        self.observation_size: int = int(self._core.observation_size)
        self.opponents: tuple[str, ...] = tuple(names)
        self.learner_seat: int | Literal["rotate"] = "rotate" if seat < 0 else seat
        self.reward: str = reward
        self.observation_dtype: str = observation_dtype
        self.copy = copy
        b = self._core.buffers()
        #: [N, O] float32 (or uint8, the compact form): the observation of the seat to act (in the
        #: single-agent view, the learner's).
        self.observations: Floats = b["observations"]
        #: [O] float32: the float form is the compact form divided by these (1 but for the fractions:
        #: scores, points, counts), exactly.
        self.observation_divisors: Floats = b["observation_divisors"]
        #: [N, A] bool: its legal actions.
        self.masks: Bools = b["masks"]
        #: [N] int32: the seat to act.
        self.seats: Ints = b["seats"]
        #: [N, players] float32: each seat's reward for the last step.
        self.rewards: Floats = b["rewards"]
        #: [N] bool: the last step ended the env's game (which then restarted).
        self.terminated: Bools = b["terminated"]
        #: [N, O] float32 (or uint8), where terminated: the finished game's last observation, for final_seats.
        self.final_observations: Floats = b["final_observations"]
        #: [N] int32, where terminated: whose view final_observations is (the last actor, or the learner).
        self.final_seats: Ints = b["final_seats"]
        #: [N, players] int32, where terminated: the finished game's scores.
        self.final_scores: Ints = b["final_scores"]
        #: [N, players] bool, where terminated: who won it (R8.2, S8.6).
        self.final_winners: Bools = b["final_winners"]
        #: [N] int32: the learner's seat in each env's game (single-agent view; else -1).
        self.learner_seats: Ints = b["learner_seats"]
        #: [N] float32: rewards[i, seat] for the seat that chose the env's last action (the learner).
        self.learner_rewards: Floats = b["learner_rewards"]
        #: [N] uint64: the episode number of each env's game.
        self.episodes: npt.NDArray[np.uint64] = b["episodes"]
        #: [N] uint64: the seed of each env's game, ``VectorEnv.game_seed(seed, env, episode)``.
        self.game_seeds: npt.NDArray[np.uint64] = b["game_seeds"]

    @property
    def seed(self) -> int:
        """The base seed (the last one given to the constructor or to ``reset``)."""
        return int(self._core.seed)

    @staticmethod
    def game_seed(seed: int, env: int, episode: int) -> int:
        """The game seed of episode ``episode`` of env ``env`` under base seed ``seed``:
        ``mix64``-batch seed twice (R3.2), so ``Game(rules, seed=...)`` replays that env's game (the
        same for every game: the first registered game's class computes it)."""
        return int(
            families()[0].vector_core.game_seed(
                check_u64(seed), check_u64(env, "env"), check_u64(episode, "episode")
            )
        )

    def reset(self, seed: int | None = None) -> Reset:
        """Starts a new game in every env. With ``seed``, episodes count from 0 again under that base
        seed; without, each env abandons its game and starts its next episode."""
        self._core.reset(None if seed is None else check_u64(seed))
        if self.copy:
            return self.observations.copy(), self.masks.copy(), self.seats.copy()
        return self.observations, self.masks, self.seats

    def step(self, actions: npt.ArrayLike) -> Step:
        """Applies ``actions[i]`` (an action id) in env ``i`` for every env, then lets the opponents
        move in the single-agent view. Every action is checked before any game moves: an illegal
        one raises ``IllegalActionError`` naming the lowest such env and the rule, and changes
        nothing."""
        array = np.asarray(actions)
        self._core.step(array)
        if self.copy:
            return (
                self.observations.copy(),
                self.masks.copy(),
                self.seats.copy(),
                self.rewards.copy(),
                self.terminated.copy(),
            )
        return self.observations, self.masks, self.seats, self.rewards, self.terminated

    def __repr__(self) -> str:
        return (
            f"VectorEnv(game={self.game!r}, num_envs={self.num_envs}, seed={self.seed}, "
            f"threads={self.threads}, opponents={list(self.opponents) or None})"
        )
