"""The rules of Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md S10): every knob, the four presets."""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from bieten._core import schnapsen as _core
from bieten._rules_common import CommonRules

# The knobs and their types come from the core's one table (csrc/games/schnapsen/rules.hpp kKnobs).
KNOBS: tuple[str, ...] = tuple(name for name, _ in _core.KNOB_TYPES)
PRESETS = ("bauernschnapsen", "bauernschnapsen_called", "bauernschnapsen_2", "schnapsen")


class Rules(CommonRules):
    """The rules of a game of Bauernschnapsen or Schnapsen (S10).

    ``Rules(**knobs)`` starts from the ``bauernschnapsen`` preset, or from ``bauernschnapsen_2`` when
    ``players=2``; ``Rules.preset(name, **knobs)`` from the named preset.

    >>> rules = Rules(players=2, closing=True)
    >>> rules.players, rules.knock, rules.closing, rules.target
    (2, True, True, 21)
    >>> Rules.preset("schnapsen").to_dict()["must_head"]
    'always'
    >>> Rules.from_dict(rules.to_dict()) == rules
    True
    >>> Rules.preset("bauernschnapsen_called").partners
    'called'
    >>> Rules().replace(target=11).target
    11
    >>> Rules(players=4, closing=True)
    Traceback (most recent call last):
    ...
    bieten._core.RulesError: S10: closing is for 2 players; with 4 players it must be off
    """

    PRESETS: ClassVar[tuple[str, ...]] = PRESETS
    _RULE = "S10"
    _CORE: ClassVar[ModuleType] = _core
    _REPR = "schnapsen.Rules"
    __slots__ = ()

    _core: _core.CoreRules

    def __init__(self, **knobs: Any) -> None:
        players = knobs.get("players", 4)
        base = "bauernschnapsen_2" if players == 2 and not isinstance(players, bool) else "bauernschnapsen"
        self._build({**_core.preset_values(base), **knobs})

    @property
    def players(self) -> int:
        return int(self._values[0])

    @property
    def partners(self) -> str:
        return str(self._values[1])

    @property
    def knock(self) -> bool:
        return bool(self._values[2])

    @property
    def bidding(self) -> bool:
        return bool(self._values[3])

    @property
    def spritze(self) -> bool:
        return bool(self._values[4])

    @property
    def retour(self) -> bool:
        return bool(self._values[5])

    @property
    def claim(self) -> str:
        return str(self._values[6])

    @property
    def must_head(self) -> str:
        return str(self._values[7])

    @property
    def closing(self) -> bool:
        return bool(self._values[8])

    @property
    def one_point_from(self) -> int:
        return int(self._values[9])

    @property
    def target(self) -> int:
        return int(self._values[10])
