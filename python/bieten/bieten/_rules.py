"""The rules of a game (docs/rules/bieten.md R10): every knob, the five presets, validation."""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from bieten import _core
from bieten._rules_common import CommonRules

# The knobs and their types come from the core's one table (csrc/games/bieten/rules.hpp kKnobs).
KNOBS: tuple[str, ...] = tuple(name for name, _ in _core.KNOB_TYPES)
PRESETS = ("tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol")


class Rules(CommonRules):
    """The rules of a game. Defaults are the ``tyrol`` preset (R10).

    >>> rules = Rules(players=3)
    >>> rules.players, rules.wild, rules.weli_point
    (3, 'none', True)
    >>> Rules.preset("south_tyrol", players=3).to_dict()["overbid"]
    'gespannt'
    >>> Rules.from_dict(rules.to_dict()) == rules
    True
    >>> Rules.preset("bavaria").weli_point
    False
    >>> Rules().replace(target=21).target
    21
    >>> Rules(wild="weli")
    Traceback (most recent call last):
    ...
    bieten._core.RulesError: R6.6: weli_point is refused with a wild Weli (wild='weli')
    """

    PRESETS: ClassVar[tuple[str, ...]] = PRESETS
    _RULE = "R10"
    _CORE: ClassVar[ModuleType] = _core
    _REPR = "Rules"
    __slots__ = ()

    _core: _core.CoreRules

    def __init__(
        self,
        *,
        players: int = 4,
        hand_size: int = 3,
        target: int = 11,
        wild: str = "none",
        weli_point: bool = True,
        ties: str = "suit_priority",
        overbid: str = "strict",
        cut_steal: bool = False,
        show_top_card: bool = False,
        reraise: bool = True,
        **unknown: object,
    ) -> None:
        values = (
            players,
            hand_size,
            target,
            wild,
            weli_point,
            ties,
            overbid,
            cut_steal,
            show_top_card,
            reraise,
        )
        knobs = dict(zip(KNOBS, values, strict=True))
        if unknown:
            knobs.update(unknown)
        self._build(knobs)

    @property
    def players(self) -> int:
        return int(self._values[0])

    @property
    def hand_size(self) -> int:
        return int(self._values[1])

    @property
    def target(self) -> int:
        return int(self._values[2])

    @property
    def wild(self) -> str:
        return str(self._values[3])

    @property
    def weli_point(self) -> bool:
        return bool(self._values[4])

    @property
    def ties(self) -> str:
        return str(self._values[5])

    @property
    def overbid(self) -> str:
        return str(self._values[6])

    @property
    def cut_steal(self) -> bool:
        return bool(self._values[7])

    @property
    def show_top_card(self) -> bool:
        return bool(self._values[8])

    @property
    def reraise(self) -> bool:
        return bool(self._values[9])
