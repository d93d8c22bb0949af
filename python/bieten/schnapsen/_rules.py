"""The rules of Bauernschnapsen and Schnapsen (SCHNAPSEN.md S10): every knob, the four presets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from bieten._core import RulesError
from bieten._core import schnapsen as _core

# The knobs and their types come from the core's one table (csrc/games/schnapsen/rules.hpp kKnobs).
_TYPES: dict[str, str] = dict(_core.KNOB_TYPES)  # name -> "int", "bool" or "str"
KNOBS: tuple[str, ...] = tuple(_TYPES)
PRESETS = ("bauernschnapsen", "bauernschnapsen_called", "bauernschnapsen_2", "schnapsen")


def _check_knob(name: str, value: object) -> None:
    """S10: knob types as R10 (bool, int that is not bool, strings as shown)."""
    kind = _TYPES[name]
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"S10: {name} must be an int, not {value!r}")
        if not -(2**31) <= value < 2**31:
            raise RulesError(f"S10: {name} is out of range: {value}")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"S10: {name} must be a bool, not {value!r}")
    elif not isinstance(value, str):
        raise RulesError(f"S10: {name} must be a str, not {value!r}")


def _core_name(text: str) -> str:
    """A name as the core takes it: a lone surrogate (no Unicode text, which pybind11 cannot pass on)
    keeps its escape, so that the core refuses it as any other unknown name."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class Rules:
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
    >>> Rules(players=4, closing=True)
    Traceback (most recent call last):
    ...
    bieten._core.RulesError: S10: closing is for 2 players; with 4 players it must be off
    """

    PRESETS: ClassVar[tuple[str, ...]] = PRESETS
    __slots__ = ("_core", "_values")

    _values: tuple[Any, ...]
    _core: _core.CoreRules

    def __init__(self, **knobs: Any) -> None:
        players = knobs.get("players", 4)
        base = "bauernschnapsen_2" if players == 2 and not isinstance(players, bool) else "bauernschnapsen"
        self._build({**_core.preset_values(base), **knobs})

    def _build(self, knobs: dict[str, Any]) -> None:
        unknown = sorted(set(knobs) - set(KNOBS))
        if unknown:
            raise RulesError(f"S10: unknown rules knob(s): {', '.join(unknown)} (known: {', '.join(KNOBS)})")
        for name in KNOBS:
            _check_knob(name, knobs[name])
        core = _core.CoreRules(**knobs)
        object.__setattr__(self, "_values", tuple(knobs[name] for name in KNOBS))
        object.__setattr__(self, "_core", core)

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """A preset of S10 with knobs overridden.

        >>> Rules.preset("bauernschnapsen_called").partners
        'called'
        """
        if not isinstance(name, str):
            raise RulesError(f"S10: unknown preset {name!r} ({', '.join(PRESETS)})")
        if name not in PRESETS:
            _core.preset_values(_core_name(name))  # raises the core's RulesError, as the C ABI's
        rules = cls.__new__(cls)
        rules._build({**_core.preset_values(name), **overrides})
        return rules

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a mapping of knobs (as made by :meth:`to_dict`); missing knobs as ``Rules()``."""
        if not isinstance(data, Mapping):
            raise RulesError(f"S10: rules must be a mapping of knobs, not {type(data).__name__}")
        return cls(**{str(k): v for k, v in data.items()})

    def to_dict(self) -> dict[str, Any]:
        """Every knob, JSON-safe."""
        return dict(zip(KNOBS, self._values, strict=True))

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some knobs changed.

        >>> Rules().replace(target=11).target
        11
        """
        rules = Rules.__new__(Rules)
        rules._build({**self.to_dict(), **overrides})
        return rules

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules are immutable; use rules.replace(...)")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._values == other._values

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        knobs = ", ".join(f"{k}={v!r}" for k, v in zip(KNOBS, self._values, strict=True))
        return f"schnapsen.Rules({knobs})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Rules.from_dict, (self.to_dict(),))

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
