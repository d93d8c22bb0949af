"""The rules of a game (RULES.md R10): every knob, the five presets, validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bieten import _core
from bieten._core import RulesError

# The knobs and their types come from the core's one table (csrc/games/bieten/rules.hpp kKnobs).
_TYPES: dict[str, str] = dict(_core.KNOB_TYPES)  # name -> "int", "bool" or "str"
KNOBS: tuple[str, ...] = tuple(_TYPES)
_STR_KNOBS = tuple(name for name, kind in _TYPES.items() if kind == "str")


def _check_knob(name: str, value: object) -> None:
    kind = _TYPES[name]
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"R10: {name} must be an int, not {value!r}")
        if not -(2**31) <= value < 2**31:  # the core's int; any value this large is out of range anyway
            raise RulesError(f"R10: {name} is out of range: {value}")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"R10: {name} must be a bool, not {value!r}")
    elif not isinstance(value, str):
        raise RulesError(f"R10: {name} must be a str, not {value!r}")


def _core_text(text: str) -> str:
    """A name as the core takes it: text that is no valid Unicode (a lone surrogate, which pybind11
    cannot pass on) keeps its escape (``\\ud800``), so that the core refuses it as any other name
    that R10 does not know, with the C ABI's message and after the type checks of every knob."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


class Rules:
    """The rules of a game. Defaults are the ``tyrol`` preset (R10).

    >>> rules = Rules(players=3)
    >>> rules.players, rules.wild, rules.weli_point
    (3, 'none', True)
    >>> Rules.preset("south_tyrol", players=3).to_dict()["overbid"]
    'gespannt'
    >>> Rules.from_dict(rules.to_dict()) == rules
    True
    >>> Rules(wild="weli")
    Traceback (most recent call last):
    ...
    bieten._core.RulesError: R6.6: weli_point is refused with a wild Weli (wild='weli')
    """

    PRESETS: ClassVar[tuple[str, ...]] = ("tyrol", "bavaria", "welibieten", "spitzbieten", "south_tyrol")
    __slots__ = ("_core", "_values")

    _values: tuple[Any, ...]
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
        if unknown:
            names = ", ".join(sorted(unknown))
            raise RulesError(f"R10: unknown rules knob(s): {names} (known: {', '.join(KNOBS)})")
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
        for name, value in zip(KNOBS, values, strict=True):
            _check_knob(name, value)
        knobs: dict[str, Any] = dict(zip(KNOBS, values, strict=True))
        for name in _STR_KNOBS:
            knobs[name] = _core_text(knobs[name])
        core = _core.CoreRules(**knobs)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_core", core)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """A preset of R10 (tyrol, bavaria, welibieten, spitzbieten, south_tyrol) with knobs overridden.

        >>> Rules.preset("bavaria").weli_point
        False
        """
        if not isinstance(name, str):
            raise RulesError(f"R10: unknown preset {name!r} ({', '.join(Rules.PRESETS)})")
        values: dict[str, Any] = dict(_core.preset_values(_core_text(name)))
        values.update(overrides)
        return cls(**values)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a mapping of knobs (as made by :meth:`to_dict`); missing knobs take the defaults."""
        if not isinstance(data, Mapping):
            raise RulesError(f"R10: rules must be a mapping of knobs, not {type(data).__name__}")
        return cls(**{str(k): v for k, v in data.items()})

    def to_dict(self) -> dict[str, Any]:
        """Every knob, JSON-safe."""
        return dict(zip(KNOBS, self._values, strict=True))

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some knobs changed.

        >>> Rules().replace(target=21).target
        21
        """
        return Rules(**{**self.to_dict(), **overrides})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules are immutable; use rules.replace(...)")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._values == other._values

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        knobs = ", ".join(f"{k}={v!r}" for k, v in zip(KNOBS, self._values, strict=True))
        return f"Rules({knobs})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Rules.from_dict, (self.to_dict(),))

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
