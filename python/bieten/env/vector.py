"""Thin wrappers of :class:`bieten.VectorEnv` (docs/vector_env.md): Gymnasium's vector API for the
single-agent view, and a PettingZoo-style parallel view of every seat.

>>> from bieten.env.vector import GymVectorEnv
>>> envs = GymVectorEnv("bieten", num_envs=3, seed=1, opponents="random")
>>> obs, infos = envs.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, obs["action_mask"].dtype
((3, 663), (3, 140), dtype('int8'))
>>> actions = obs["action_mask"].argmax(axis=1)
>>> obs, rewards, terminations, truncations, infos = envs.step(actions)
>>> rewards.shape, terminations.shape, bool(truncations.any())
((3,), (3,), False)

Needs Gymnasium: ``pip install 'bieten[rl]'``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"bieten.env.vector needs Gymnasium ({err}); install it with pip install 'bieten[rl]'"
    ) from err

from bieten._core import BietenError
from bieten._vector import VectorEnv
from bieten.env._family import family_of

if TYPE_CHECKING:
    from bieten._families import AnyRules

__all__ = ["GymVectorEnv", "ParallelVectorEnv", "single_observation_space"]

Obs = dict[str, npt.NDArray[Any]]


def single_observation_space(env: VectorEnv) -> spaces.Dict:
    """One game's observation: ``observation`` (float32, within the game's bounds) and ``action_mask``
    (int8, 1 at the legal ids), as in the PettingZoo environments (docs/pettingzoo.md)."""
    size = env.observation_size
    high = family_of(env.rules).observation_high(env.rules) if size else np.zeros(0, np.float32)
    return spaces.Dict(
        {
            "observation": spaces.Box(np.zeros(size, np.float32), high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (env.num_actions,), dtype=np.int8),
        }
    )


class GymVectorEnv(gymnasium.vector.VectorEnv):
    """The single-agent view of a :class:`bieten.VectorEnv` as a ``gymnasium.vector.VectorEnv``.

    Takes VectorEnv's arguments; ``opponents`` is required (the other seats' built-in agents). An
    observation is a dict of ``observation`` [N, O] and ``action_mask`` [N, A] (int8, a view of the
    bool buffer); a reward is the learner's (``VectorEnv.learner_rewards``); ``truncations`` are
    always False. Autoreset is ``SAME_STEP``: where ``terminations[i]``, the observation is the new
    game's and ``infos["final_obs"]`` holds the finished one's (flagged by ``infos["_final_obs"]``),
    with its scores and winners in ``infos["final_info"]``. Arrays are views of the buffers,
    overwritten by the next step, unless ``copy=True``.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(self, game: str = "bieten", rules: AnyRules | None = None, **kwargs: Any) -> None:
        if kwargs.get("opponents") is None:
            raise BietenError("GymVectorEnv is the single-agent view: give opponents= (e.g. 'random')")
        self.env = VectorEnv(game, rules, **kwargs)
        self.num_envs = self.env.num_envs
        self.single_observation_space = single_observation_space(self.env)
        self.single_action_space = spaces.Discrete(self.env.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, self.num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, self.num_envs)
        self._truncations = np.zeros(self.num_envs, dtype=np.bool_)
        self._no_mask = np.zeros((self.num_envs, self.env.num_actions), dtype=np.int8)

    def _obs(self) -> Obs:
        obs: Obs = {"observation": self.env.observations, "action_mask": self.env.masks.view(np.int8)}
        if self.env.copy:
            obs = {k: v.copy() for k, v in obs.items()}
        return obs

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game in every env; ``seed`` (an int) restarts the envs' episodes under that base seed."""
        if isinstance(seed, list):
            raise BietenError("GymVectorEnv.reset takes one base seed (an int), not a list")
        super().reset(seed=seed)
        self.env.reset(seed)
        return self._obs(), {"seat": self.env.learner_seats.copy()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Obs, npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        self.env.step(actions)
        env = self.env
        terminated = env.terminated.copy()
        infos: dict[str, Any] = {"seat": env.learner_seats.copy()}
        if terminated.any():
            infos["final_obs"] = {"observation": env.final_observations.copy(), "action_mask": self._no_mask}
            infos["_final_obs"] = terminated
            infos["final_info"] = {
                "scores": env.final_scores.copy(),
                "winners": env.final_winners.copy(),
                "_scores": terminated,
                "_winners": terminated,
            }
            infos["_final_info"] = terminated
        rewards = env.learner_rewards.copy() if env.copy else env.learner_rewards
        return self._obs(), rewards, terminated, self._truncations, infos

    def close_extras(self, **kwargs: Any) -> None:
        pass


class ParallelVectorEnv:
    """Every seat of a :class:`bieten.VectorEnv` as PettingZoo-style parallel dicts, batched over
    the envs: agents ``player_0`` … ``player_{n-1}``; ``step`` takes a dict of action arrays [N] and
    uses ``actions[agent][i]`` for the agent to act in env ``i`` (the others' entries are ignored).
    Observations are ``{"observation", "action_mask"}`` per agent, the rows of envs where the agent
    is not to act all 0 (it sees nothing there, and may do nothing); rewards, terminations,
    truncations are [N] arrays per agent. Builds new arrays per step (NumPy, no Python loop over
    envs); the core's buffers stay available as ``.env``.
    """

    metadata: dict[str, Any] = {"name": "bieten_vector_parallel", "render_modes": []}  # noqa: RUF012

    def __init__(self, game: str = "bieten", rules: AnyRules | None = None, **kwargs: Any) -> None:
        if kwargs.get("opponents") is not None:
            raise BietenError("ParallelVectorEnv steps every seat; use GymVectorEnv for opponents=")
        self.env = VectorEnv(game, rules, **kwargs)
        self.num_envs = self.env.num_envs
        self.possible_agents = [f"player_{k}" for k in range(self.env.players)]
        self.agents = list(self.possible_agents)
        self._obs_space = single_observation_space(self.env)
        self._act_space = spaces.Discrete(self.env.num_actions)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._act_space

    def _observations(self) -> dict[str, Obs]:
        out: dict[str, Obs] = {}
        env = self.env
        for k, agent in enumerate(self.possible_agents):
            acting = env.seats == k
            out[agent] = {
                "observation": np.where(acting[:, None], env.observations, np.float32(0)),
                "action_mask": (env.masks & acting[:, None]).view(np.int8),
            }
        return out

    def _to_act(self) -> dict[str, Any]:
        return {agent: {"to_act": self.env.seats == k} for k, agent in enumerate(self.possible_agents)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, Any]]:
        self.env.reset(seed)
        return self._observations(), self._to_act()

    def step(
        self, actions: Mapping[str, npt.ArrayLike]
    ) -> tuple[
        dict[str, Obs],
        dict[str, npt.NDArray[np.float32]],
        dict[str, npt.NDArray[np.bool_]],
        dict[str, npt.NDArray[np.bool_]],
        dict[str, Any],
    ]:
        env = self.env
        combined = np.zeros(self.num_envs, dtype=np.int64)
        for k, agent in enumerate(self.possible_agents):
            acting = env.seats == k
            if not acting.any():
                continue
            if agent not in actions:
                raise BietenError(
                    f"{agent} is to act in env {int(np.argmax(acting))}: its actions are missing"
                )
            chosen = np.asarray(actions[agent])
            if chosen.shape != (self.num_envs,):
                raise BietenError(
                    f"actions[{agent!r}] must have shape ({self.num_envs},), not {chosen.shape}"
                )
            if chosen.dtype.kind not in "iu":
                raise BietenError(f"actions[{agent!r}] must be integers, not dtype {chosen.dtype}")
            combined[acting] = chosen[acting]
        env.step(combined)
        terminated = env.terminated.copy()
        rewards = {agent: env.rewards[:, k].copy() for k, agent in enumerate(self.possible_agents)}
        terminations = dict.fromkeys(self.possible_agents, terminated)
        truncations = {agent: np.zeros(self.num_envs, dtype=np.bool_) for agent in self.possible_agents}
        infos = self._to_act()
        return self._observations(), rewards, terminations, truncations, infos

    def close(self) -> None:
        pass


def make(
    game: str = "bieten", *, view: Literal["gymnasium", "parallel"] = "gymnasium", **kwargs: Any
) -> GymVectorEnv | ParallelVectorEnv:
    """``GymVectorEnv(game, **kwargs)`` or ``ParallelVectorEnv(game, **kwargs)``."""
    return GymVectorEnv(game, **kwargs) if view == "gymnasium" else ParallelVectorEnv(game, **kwargs)
