"""Environments for reinforcement learning on top of :class:`bieten.Game` and
:class:`bieten.schnapsen.Game`.

Each submodule wraps a game for one framework and needs that framework installed; importing this
package itself needs nothing beyond bieten:

- :mod:`bieten.env.pettingzoo`: Bieten as a PettingZoo AEC environment (``pip install
  'bieten[rl]'``, docs/pettingzoo.md).
- :mod:`bieten.env.schnapsen_pettingzoo`: Bauernschnapsen and Schnapsen as a PettingZoo AEC
  environment, ``schnapsen_v0`` (``pip install 'bieten[rl]'``, docs/pettingzoo.md, "Schnapsen").
- :mod:`bieten.env.vector`: :class:`bieten.VectorEnv` as a Gymnasium vector environment and as a
  PettingZoo-style parallel view batched over games (``pip install 'bieten[rl]'``,
  docs/vector_env.md).
- :mod:`bieten.env.openspiel`: Bieten as the OpenSpiel game ``python_bieten`` (``pip install
  'bieten[openspiel]'``, docs/openspiel.md).
- :mod:`bieten.env.schnapsen_openspiel`: Bauernschnapsen and Schnapsen as the OpenSpiel game
  ``python_schnapsen`` (``pip install 'bieten[openspiel]'``, docs/openspiel.md, "Schnapsen").

Each framework has one class for both games, parameterized by the game's family: ``_aec.TableEnv``
(the AEC table), ``_spiel.CardGame`` with ``CardState`` and ``CardObserver`` (the OpenSpiel game),
and :class:`bieten.VectorEnv`. What differs per game lives in its family object, ``_bieten.BIETEN``
and ``_schnapsen.SCHNAPSEN`` (``_family.Family``: names, sizes, rule ids, bounds, texts and each
seat's view of an OpenSpiel history); the ``schnapsen_*`` modules are the second game's names for
the same classes.
"""

from __future__ import annotations

__all__: list[str] = []
