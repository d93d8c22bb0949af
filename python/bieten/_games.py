"""The registered games by name, and a new game of one by its name: ``bieten.games()`` and
``bieten.make()``, for programs that choose the game as they run.

The names are the compiled core's registry (csrc/games/registry.hpp, ``bieten._core.GAMES``), the one
list of games: each is a game's subpackage (``bieten.<name>``) and the name of its family in the
Python registry (python/bieten/_families.py, in the same order; tests/test_make.py checks both). This
module names the games without importing them, so that ``import bieten`` loads Bieten's package only,
whose API it hands on; another game's package is imported on first use and the registry by ``make``.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

from bieten._core import GAMES as _CORE_GAMES
from bieten._core import RulesError

#: The registered games, in the registry's order: each the name of a subpackage ``bieten.<name>``.
GAMES: tuple[str, ...] = tuple(str(game["name"]) for game in _CORE_GAMES)


def games() -> tuple[str, ...]:
    """The names of the registered games, in the registry's order: what :func:`make` takes.

    >>> import bieten
    >>> bieten.games() == tuple(game["name"] for game in bieten._core.GAMES), bieten.games()[0]
    (True, 'bieten')
    """
    return GAMES


def make(name: str, /, *, seed: int | None = None, preset: str | None = None, **knobs: Any) -> Any:
    """A new game of the registered game ``name`` (one of :func:`games`): that game's ``Game``, its
    rules the ``preset`` (one of its ``Rules.PRESETS``: R10, S10; without one, the defaults of its
    ``Rules``) with the rules' ``knobs`` overriding it, dealt from ``seed`` (R3.2, S3.2; a fresh
    random seed without one).

    ``make(name, seed=s, preset=p, **knobs)`` is ``Game(Rules.preset(p, **knobs), s)`` of that
    game's package. An unknown name raises RulesError (a ValueError) naming the registered games; an
    unknown preset or a bad knob, the rules' own RulesError; a bad seed, SeedError.

    >>> import bieten
    >>> game = bieten.make("bieten", seed=7, players=2)
    >>> game == bieten.Game(bieten.Rules(players=2), seed=7), game.hands
    (True, [['HK', 'L9', 'EU'], ['H10', 'H7', 'EO']])
    >>> other = getattr(bieten, bieten.games()[-1])  # another registered game's package
    >>> preset = other.Rules.PRESETS[-1]
    >>> game = bieten.make(bieten.games()[-1], seed=7, preset=preset, target=11)
    >>> game  # doctest: +ELLIPSIS
    <bieten....Game seed=7 deal=0 scores=[0, 0] seat 1 to act>
    >>> game == other.Game(other.Rules.preset(preset, target=11), seed=7)
    True
    >>> bieten.make("skat")
    Traceback (most recent call last):
    ...
    bieten._core.RulesError: unknown game 'skat'; the registered games are bieten, ...
    >>> bieten.make("bieten", players=7)
    Traceback (most recent call last):
    ...
    bieten._core.RulesError: R10/R2.1: players must be 2 to 5, not 7
    """
    if not isinstance(name, str) or name not in GAMES:
        raise RulesError(f"unknown game {name!r}; the registered games are {', '.join(GAMES)}")
    from bieten._families import family  # the registry imports every game: on first use only

    rules_class: Any = family(name).rules
    rules = rules_class(**knobs) if preset is None else rules_class.preset(preset, **knobs)
    return family(name).new_game(rules, seed)


class _GenericPackages(importlib.abc.MetaPathFinder):
    """``import bieten.<game>`` for a registered game with no package of its own: the module
    ``bieten._generic`` makes from its descriptor (``Rules``, ``Game``, ...), so that its classes
    pickle and unpickle by name like any game's. A game with a package of its own is left to the
    other finders; the rulebook folder such a game may install (a namespace package) stays its path."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        package, _, name = fullname.partition(".")
        if package != "bieten" or name not in GAMES:
            return None
        found = None
        for finder in sys.meta_path:
            if finder is not self and hasattr(finder, "find_spec"):
                found = finder.find_spec(fullname, path, target)
                if found is not None:
                    break
        if found is not None and found.loader is not None and found.origin not in (None, "namespace"):
            return None  # the game's own package
        spec = importlib.util.spec_from_loader(fullname, _GenericLoader(name), is_package=True)
        if spec is not None and found is not None and found.submodule_search_locations is not None:
            spec.submodule_search_locations = list(found.submodule_search_locations)
        return spec


class _GenericLoader(importlib.abc.Loader):
    def __init__(self, name: str) -> None:
        self.name = name

    def create_module(self, spec: ModuleSpec) -> None:
        return None  # the default module

    def exec_module(self, module: ModuleType) -> None:
        from bieten._generic import game_module  # only when such a game is imported

        game_module(self.name, module)


#: Installed once, ahead of the path finders (which would make an empty namespace package of a game's
#: rulebook folder).
if not any(isinstance(finder, _GenericPackages) for finder in sys.meta_path):
    sys.meta_path.insert(0, _GenericPackages())
