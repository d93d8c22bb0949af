"""Environments for reinforcement learning on top of :class:`bieten.Game`.

Each submodule wraps the game for one framework and needs that framework installed; importing this
package itself needs nothing beyond bieten:

- :mod:`bieten.env.pettingzoo`: a PettingZoo AEC environment (``pip install 'bieten[rl]'``,
  docs/pettingzoo.md).
"""

from __future__ import annotations

__all__: list[str] = []
