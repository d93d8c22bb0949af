"""A PettingZoo AEC environment for Bauernschnapsen and Schnapsen (docs/pettingzoo.md, "Schnapsen"):
the one table of both games (``bieten.env._aec.TableEnv``) with the Schnapsen family.

>>> from bieten.env.schnapsen_pettingzoo import env
>>> table = env(preset="schnapsen")
>>> table.reset(seed=1)
>>> table.possible_agents, table.agent_selection
(['player_0', 'player_1'], 'player_1')
>>> obs, reward, terminated, truncated, info = table.last()
>>> obs["observation"].shape, obs["action_mask"].shape, reward, terminated
((426,), (61,), 0.0, False)

Agents are ``player_0`` … ``player_{n-1}`` (n = 4 or 2), ``player_k`` being seat ``k`` (S2.1). An
action is an id of the fixed action space (``Discrete(61)``, docs/schnapsen.md); an observation is a
dict of ``observation`` (``Game.observation(seat)``, what S12 lets the seat see) and ``action_mask``
(int8, 1 at the legal ids for the agent to act, all 0 for the others). A step's reward is the points
each seat gained by it (a deal's score is added to every seat of the side that scores it when the
deal ends, S2.4, S8). An episode is one game to the target, or with ``episode="hand"`` one deal. An
illegal action raises ``bieten.IllegalActionError`` naming the rule, and changes nothing (S9).

Needs PettingZoo: ``pip install 'bieten[rl]'``.
"""

from __future__ import annotations

from typing import Any

# Without PettingZoo and Gymnasium, _aec's ImportError says what to install.
from bieten.env._aec import AECEnv, Episode, Observation, TableEnv, make
from bieten.env._schnapsen import OBS_SCORES, SCHNAPSEN, observation_high
from bieten.schnapsen._rules import Rules

__all__ = [
    "OBS_SCORES",
    "Episode",
    "Observation",
    "TableEnv",
    "env",
    "observation_high",
    "raw_env",
]


def raw_env(preset: str | Rules = "bauernschnapsen", **kwargs: Any) -> TableEnv:
    """The unwrapped AEC environment: the arguments of :func:`env` but ``illegal_reward``."""
    return TableEnv(SCHNAPSEN, preset, **kwargs)


def env(preset: str | Rules = "bauernschnapsen", **kwargs: Any) -> AECEnv:
    """A Bauernschnapsen or Schnapsen table as a PettingZoo AEC environment, wrapped as PettingZoo
    recommends.

    ``preset`` is a preset name of ``bieten.schnapsen.PRESETS`` (or a ``bieten.schnapsen.Rules``):
    ``bauernschnapsen``, ``bauernschnapsen_called`` (4 players), ``bauernschnapsen_2``, ``schnapsen``
    (2 players); the other keywords are knobs of S10 (``target=7``, ``closing=True``, …) and the
    table's ``render_mode``, ``episode``, ``seed``, ``dealer`` and ``illegal_reward``
    (``bieten.env._aec.make``, docs/pettingzoo.md).
    """
    return make(SCHNAPSEN, preset, **kwargs)
