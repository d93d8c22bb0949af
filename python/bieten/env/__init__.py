"""Environments for reinforcement learning on top of the games of :func:`bieten.games`.

Each submodule wraps every registered game for one framework and needs that framework installed;
importing this package itself needs nothing beyond bieten:

- :mod:`bieten.env.pettingzoo`: a game as a PettingZoo AEC environment, ``env(game=...)`` (``pip
  install 'bieten[rl]'``, docs/pettingzoo.md).
- :mod:`bieten.env.vector`: :class:`bieten.VectorEnv` as a Gymnasium vector environment and as a
  PettingZoo-style parallel view batched over games (``pip install 'bieten[rl]'``,
  docs/vector_env.md).
- :mod:`bieten.env.openspiel`: every game as an OpenSpiel game, ``python_<game>`` (``pip install
  'bieten[openspiel]'``, docs/openspiel.md).

Each framework has one class for every game, parameterized by the game's family: ``_aec.TableEnv``
(the AEC table), ``_spiel.CardGame`` with ``CardState`` and ``CardObserver`` (the OpenSpiel game),
and :class:`bieten.VectorEnv`. What differs per game lives in its env family object
(``_family.Family``: names, sizes, rule ids, bounds, texts and each seat's view of an OpenSpiel
history), in the game's own package (``bieten.<game>.env``), which the registry names
(``bieten._families``, ``Family.environment``).

Module names of a game's environments from before ``game=`` (deprecated; each env family lists its
own in ``legacy_modules``) still import: this package makes them from the shared modules
(:class:`_LegacyModules`).

>>> from bieten.env._family import families
>>> [(old, role) for family in families() for old, role in family.legacy_modules.items()][0]
('_bieten', 'environment')
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bieten.env._family import Family

__all__: list[str] = []


class _LegacyModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports ``bieten.env.<old>`` for an ``old`` module name an env family lists in its
    ``legacy_modules``: the role ``"environment"`` is the family's env module itself, ``"pettingzoo"``
    and ``"openspiel"`` a module of the game's own names made by that shared module
    (``legacy_module``), importing its framework (so an ImportError still says what to install)."""

    PREFIX = __name__ + "."

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(self.PREFIX) or _legacy(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        found = _legacy(spec.name)
        assert found is not None  # find_spec said so
        family, role = found
        if role == "environment":
            return sys.modules[type(family).__module__]  # the env module itself, under its old name too
        module: ModuleType = importlib.import_module(f"{__name__}.{role}").legacy_module(family, spec.name)
        return module

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: ``create_module`` returned the module complete."""


def _legacy(fullname: str) -> tuple[Family, str] | None:
    """The env family and role of an old module name, or None (the families load on first use:
    importing this package stays light)."""
    from bieten.env._family import families

    old = fullname.removeprefix(_LegacyModules.PREFIX)
    for family in families():
        role = family.legacy_modules.get(old)
        if role is not None:
            return family, role
    return None


# Last: a module that exists as a file is always found first.
if not any(isinstance(finder, _LegacyModules) for finder in sys.meta_path):
    sys.meta_path.append(_LegacyModules())
