"""The registry of game families: what every front end needs to know about a game, in one place.

A *family* (:class:`~bieten._family.Family`) is one game of the engine with its rules class, game
class, rule ids, presets, record format and the modules that show it at a terminal or wrap it as an
environment. The CLI, the engine protocol, the server, the terminal, simulate, tournament and
distributed look a family up here (by name, by a ``kind`` of the protocol and the CLI, by a record's
format, or by a rules or game object) instead of switching on types.

The list is the compiled core's registry (csrc/games/registry.hpp, ``bieten._core.GAMES``), in its
order. Each game describes itself in its own package, ``bieten.<game>._family.FAMILY``; a registered
game that has no Python package of its own (a game folder with C++ only, such as the example game the
tests build in tests/games/) gets the family ``bieten._generic`` builds from its descriptor,
with generic ``Rules`` and ``Game`` classes over its compiled module. Nothing here names a game.

Each game's model is a subpackage named after the game, with the same module names (``_rules``,
``_game``, ``_family``); shared code has no game's name in it (``_common_game``, ``_event``,
``_records``, ``_agents``, ``_simulation``, ``_session``), and a front end is a package of shared
modules that finds each game's part of it in the game's package (``bieten.<game>.terminal``; its
rulebook ``rules.md``, event schemas ``events-v<N>.json`` and policy weights ``policies/<name>.bin``
beside it), named by its family.

>>> import bieten
>>> [f.name for f in FAMILIES] == list(bieten.games()), family_of(bieten.Rules()).name
(True, 'bieten')
>>> other = FAMILIES[1]  # the registry's second game
>>> family_of(other.rules()) is other is kind_family(other.kinds[-1]) is family(other.name)
True
>>> KINDS == tuple(kind for f in FAMILIES for kind in f.kinds), KINDS[0]
(True, 'bieten')
>>> family("bieten").rules_for("bieten", players=3).players
3
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from bieten import _core
from bieten._family import Family, SimulationShape

__all__ = [
    "FAMILIES",
    "KINDS",
    "Family",
    "SimulationShape",
    "family",
    "family_of",
    "kind_family",
    "record_family",
]

#: A rules or a game object of any registered game (each game's own classes; see ``family_of``).
AnyRules = Any
AnyGame = Any


def _registered(name: str) -> Family:
    """The family of the registered game ``name``: its package's ``_family.FAMILY``, or, for a game
    with no Python package of its own, the generic family over its compiled module."""
    try:
        module = importlib.import_module(f"bieten.{name}._family")
    except ModuleNotFoundError as error:
        if error.name not in (f"bieten.{name}", f"bieten.{name}._family"):
            raise  # the game's package is there but something it imports is not: not ours to hide
        from bieten._generic import generic_family

        return generic_family(name)
    found: Family = module.FAMILY
    return found


#: Every family, in the compiled registry's order (Bieten first).
FAMILIES: tuple[Family, ...] = tuple(_registered(str(game["name"])) for game in _core.GAMES)
#: Every kind of the CLI's ``--game`` and the protocol's ``new``, family by family.
KINDS: tuple[str, ...] = tuple(kind for family in FAMILIES for kind in family.kinds)

_BY_NAME: Mapping[str, Family] = {family.name: family for family in FAMILIES}
_BY_KIND: Mapping[str, Family] = {kind: family for family in FAMILIES for kind in family.kinds}
_BY_FORMAT: Mapping[str, Family] = {family.record_format: family for family in FAMILIES}
_BY_CLASS: Mapping[type, Family] = {
    klass: family for family in FAMILIES for klass in (family.rules, family.game)
}


def family(name: str) -> Family:
    """The family of a registered game's name (one of ``bieten.games()``); KeyError for another."""
    return _BY_NAME[name]


def kind_family(kind: str) -> Family:
    """The family of a kind (one of ``KINDS``); KeyError for another."""
    return _BY_KIND[kind]


def record_family(form: object) -> Family | None:
    """The family of a game record's ``format``, or None for a format no family writes."""
    return _BY_FORMAT.get(form) if isinstance(form, str) else None


def type_family(kind: type) -> Family | None:
    """The family of a rules or game class (or a subclass of one), or None. The registry's one
    lookup by type."""
    for klass in kind.__mro__:
        found = _BY_CLASS.get(klass)
        if found is not None:
            return found
    return None


def family_of(thing: object) -> Family:
    """The family of a rules or game object (or of an object that has ``rules``, such as a
    simulation result); TypeError for anything else."""
    found = type_family(type(thing))
    if found is not None:
        return found
    rules = getattr(thing, "rules", None)
    if rules is not None and rules is not thing:
        return family_of(rules)
    names = " or a ".join(f"bieten.{f.rules._REPR}" for f in FAMILIES)  # as repr names them
    raise TypeError(f"rules must be a {names}, not {type(thing).__name__}")


def __getattr__(name: str) -> Family:
    """A family by its name in capitals (``_families.BIETEN``), as older code names them."""
    found = _BY_NAME.get(name.lower()) if name.isupper() else None
    if found is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return found
