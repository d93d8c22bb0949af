"""A PettingZoo AEC environment for Bieten (docs/pettingzoo.md): the one table of both games
(``bieten.env._aec.TableEnv``) with Bieten's family; :mod:`bieten.env.schnapsen_pettingzoo` is the
same for Bauernschnapsen and Schnapsen.

>>> from bieten.env.pettingzoo import env
>>> table = env(preset="tyrol", players=3)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_1'
>>> obs, reward, terminated, truncated, info = table.last()
>>> obs["observation"].shape, obs["action_mask"].dtype, reward, terminated
((663,), dtype('int8'), 0.0, False)

Agents are ``player_0`` … ``player_{n-1}``, ``player_k`` being seat ``k``. An action is an id of the
fixed action space (``Discrete(bieten.NUM_ACTIONS)``, docs/actions.md); an observation is a dict of
``observation`` (``Game.observation(seat)``, docs/observation.md) and ``action_mask`` (int8, 1 at the
legal ids for the agent to act, all 0 for the others). A step's reward is the points each seat
gained by it (points are credited when a hand ends, R8.1). An episode is one game to the target, or
with ``episode="hand"`` one hand. An illegal action raises ``bieten.IllegalActionError`` naming the
rule, and changes nothing (R9).

Needs PettingZoo: ``pip install 'bieten[rl]'``.
"""

from __future__ import annotations

from typing import Any

from bieten.bieten._rules import Rules
from bieten.env._aec import AECEnv, Episode, Observation, TableEnv, make  # or says what to install
from bieten.env._bieten import BIETEN, OBS_SCORES, OBS_SECURED, observation_high

__all__ = [
    "OBS_SCORES",
    "OBS_SECURED",
    "Episode",
    "Observation",
    "TableEnv",
    "env",
    "observation_high",
    "raw_env",
]


def raw_env(preset: str | Rules = "tyrol", **kwargs: Any) -> TableEnv:
    """The unwrapped AEC environment: the arguments of :func:`env` but ``illegal_reward``."""
    return TableEnv(BIETEN, preset, **kwargs)


def env(preset: str | Rules = "tyrol", **kwargs: Any) -> AECEnv:
    """A Bieten table as a PettingZoo AEC environment, wrapped as PettingZoo recommends.

    ``preset`` is a preset name of ``bieten.Rules.PRESETS`` (or a ``bieten.Rules``); the other
    keywords are knobs of R10 (``players=2``, ``target=21``, …) and the table's ``render_mode``,
    ``episode``, ``seed``, ``dealer`` and ``illegal_reward`` (``bieten.env._aec.make``,
    docs/pettingzoo.md).
    """
    return make(BIETEN, preset, **kwargs)
