"""The OpenSpiel games of bieten: every game of :func:`bieten.games` as ``python_<game>``
(docs/openspiel.md).

They are one game class, :class:`CardGame`, with one state class and one observer, parameterized by
the game's env family (``bieten.<game>.env``). Importing this module registers each registered
game's with ``pyspiel.register_game`` (one loop over the registry, :data:`GAMES`); then
``pyspiel.load_game("python_bieten(preset=south_tyrol,players=3)")`` makes one like any other game.

>>> import pyspiel
>>> from bieten.env import openspiel as bos
>>> game = pyspiel.load_game("python_bieten(players=2,target=5)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 140, 35)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 33)
>>> bos.load_game("south_tyrol", players=3, cut_steal=True).get_parameters()["cut_steal"]
1
>>> import bieten
>>> [bos.spiel_name(name) for name in bos.GAMES] == [f"python_{f.name}" for f in families() if f.spiel]
True
>>> bos.GAMES[0], len(bos.GAMES) >= 2  # every registered game with a chance mode (Family.spiel)
('bieten', True)

Every random event of a deal is an explicit chance node (``CoreGame(..., chance_deals=True)``); the
game's family says what its chance ids and player actions are (docs/openspiel.md). The returns are
the final scores (general-sum: points are only ever won).

The default game's own names from before ``game=`` (``GAME_NAME``, ``DEFAULT_PARAMETERS``,
``BietenGame``, ``hand_action_bound``, …) still resolve here (deprecated); another game's old module
is made by :func:`legacy_module`.

Needs OpenSpiel: ``pip install 'bieten[openspiel]'``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from bieten.env._family import Family, families, game_family
from bieten.env._spiel import CardGame, CardObserver, CardState, game_class, load, register

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "CardGame",
    "CardObserver",
    "CardState",
    "game_names",
    "legacy_module",
    "load",
    "load_game",
    "spiel_name",
]

#: The game :func:`load_game` loads when ``game`` is not given.
DEFAULT_GAME = "bieten"

# One registration per registered game that has OpenSpiel's side (bieten._families, in the core's
# order; Family.spiel).
for _family in families():
    if _family.spiel:
        register(_family)

#: The registered games' names, each loadable as ``python_<name>``.
GAMES: tuple[str, ...] = tuple(family.name for family in families() if family.spiel)


def spiel_name(game: str = DEFAULT_GAME) -> str:
    """The short name pyspiel knows ``game`` by (``python_bieten``, ...)."""
    return game_family(game).spiel_name


def load_game(preset: str | None = None, *, game: str = DEFAULT_GAME, **params: Any) -> CardGame:
    """``pyspiel.load_game("python_<game>", ...)`` with Python values: switches may be ``bool``;
    ``preset`` defaults to the game's first.

    >>> load_game("welibieten", players=2, reraise=False).rules.reraise
    False
    >>> load_game(game="bieten").get_type().short_name
    'python_bieten'
    """
    return load(game_family(game), preset, **params)


def game_names(game: str = DEFAULT_GAME) -> dict[str, Any]:
    """A game's own OpenSpiel names, as its module had them before ``game=`` (deprecated):
    ``GAME_NAME``, ``DEFAULT_PARAMETERS``, ``MAX_CHANCE_OUTCOMES``, ``<Prefix>Game``,
    ``<Prefix>State``, ``<Prefix>Observer`` (``Prefix`` the core's class prefix) and the public
    names of the game's env module (bounds, sizes, ``PACK``, ...)."""
    family = game_family(game)
    module = importlib.import_module(type(family).__module__)
    prefix = family.class_prefix
    names: dict[str, Any] = {name: getattr(module, name) for name in getattr(module, "__all__", ())}
    names |= {
        "GAME_NAME": family.spiel_name,
        "DEFAULT_PARAMETERS": dict(family.default_parameters),
        "MAX_CHANCE_OUTCOMES": family.max_chance_outcomes,
        f"{prefix}Game": game_class(family),
        f"{prefix}State": CardState,
        f"{prefix}Observer": CardObserver,
    }
    return names


def legacy_module(family: Family, name: str) -> ModuleType:
    """The module a game's OpenSpiel game had before ``game=`` (deprecated; named by the family's
    ``legacy_modules``): :func:`game_names`, ``load_game`` of that game and the shared classes."""
    module = ModuleType(name, f"Deprecated: bieten.env.openspiel with game={family.name!r}.")

    def legacy_load_game(preset: str | None = None, **params: Any) -> CardGame:
        return load(family, preset, **params)

    names: dict[str, Any] = {"CardGame": CardGame, "CardObserver": CardObserver, "CardState": CardState}
    names |= {"load_game": legacy_load_game, **game_names(family.name)}
    vars(module).update(names, __all__=sorted(names))
    return module


def __getattr__(name: str) -> Any:
    """The default game's own names, as this module had them before ``game=`` (deprecated)."""
    names = game_names(DEFAULT_GAME)
    if name in names:
        return names[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
