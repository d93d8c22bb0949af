"""The registered games by name, and a new game of one by its name: ``bieten.games()`` and
``bieten.make()``, for programs that choose the game as they run.

The names are the compiled core's registry (csrc/games/registry.hpp, ``bieten._core.GAMES``), the one
list of games: each is a game's subpackage (``bieten.<name>``) and the name of its family in the
Python registry (python/bieten/_families.py, in the same order; tests/test_make.py checks both). This
module names the games without importing them, so that ``import bieten`` loads Bieten's package only,
whose API it hands on; another game's package is imported on first use and the registry by ``make``.
"""

from __future__ import annotations

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
