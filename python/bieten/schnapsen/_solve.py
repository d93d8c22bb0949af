"""The exact solver of a two-player deal once the stock is exhausted or closed (docs/solve.md)."""

from __future__ import annotations

from bieten._core import schnapsen as _core
from bieten.schnapsen._game import Game


def solve(game: Game) -> dict[str, int]:
    """The exact value of each legal action of the seat to act: its game points from this deal minus
    the opponent's (S7, S8), with both seats playing best and both hands known (the game's true state).

    Two players only (``schnapsen``, ``bauernschnapsen_2``), once the stock is exhausted (S6.4) or
    closed (S6.7); anywhere else it raises BietenError naming the rule. Keys are the actions' S11 texts.

    >>> from bieten.schnapsen import Game, Rules, solve
    >>> game = Game(Rules.preset("schnapsen"), seed=54)
    >>> game.current_player, game.trump, game.hands
    (1, 'S', [['HA', 'HO', 'H10', 'L10', 'SK'], ['LK', 'LO', 'SU', 'S10', 'EU']])
    >>> game.apply("close")
    >>> solve(game)
    {'meld L': 3, 'play LK': -3, 'play LO': -3, 'play SU': -3, 'play S10': 2, 'play EU': -3}
    >>> solve(Game(Rules.preset("schnapsen"), seed=54))
    Traceback (most recent call last):
    ...
    bieten._core.BietenError: S6.4: the stock is still open (10 cards); solve needs it exhausted or ...
    """
    if not isinstance(game, Game):
        raise TypeError(f"solve takes a bieten.schnapsen.Game, not {type(game).__name__}")
    return dict(_core.solve(game))
