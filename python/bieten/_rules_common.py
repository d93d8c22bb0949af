"""What every game's ``Rules`` class does in the same words: knob type checks, presets, the mapping
form, immutability, equality, hashing, ``repr`` and pickling. Each game's class
(python/bieten/<game>/_rules.py) names its rule id, its compiled rules module, its presets and its
knobs (with a property for each).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from bieten._core import RulesError

_R = TypeVar("_R", bound="CommonRules")


def core_text(text: str) -> str:
    """A name as the core takes it: text that is no valid Unicode (a lone surrogate, which pybind11
    cannot pass on) keeps its escape (``\\ud800``), so that the core refuses it as any other name
    that R10 / S10 does not know, with the C ABI's message and after the type checks of every knob."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _check_knob(rule: str, name: str, kind: str, value: object) -> None:
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"{rule}: {name} must be an int, not {value!r}")
        if not -(2**31) <= value < 2**31:  # the core's int; any value this large is out of range anyway
            raise RulesError(f"{rule}: {name} is out of range: {value}")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"{rule}: {name} must be a bool, not {value!r}")
    elif not isinstance(value, str):
        raise RulesError(f"{rule}: {name} must be a str, not {value!r}")


class CommonRules:
    """The shared surface of a game's rules: immutable knob values checked by the core's table."""

    # A game restored from a record builds its Rules in C++ (GameBase._restored_rules): these two slots,
    # the knob values in table order and the CoreRules.
    __slots__ = ("_core", "_values")

    #: The game's rules rule id in messages, of its rulebook (docs/rules/<game>.md): "R10" for Bieten.
    _RULE: ClassVar[str]
    #: The game's compiled module (bieten._core, or its submodule named after the game): KNOB_TYPES,
    #: preset_values and CoreRules.
    _CORE: ClassVar[ModuleType]
    #: The name ``repr`` shows: "Rules" for the package's own game, "<game>.Rules" for another.
    _REPR: ClassVar[str]
    #: name -> "int", "bool" or "str", in to_dict order, from the core's table (KNOB_TYPES).
    _TYPES: ClassVar[dict[str, str]]
    _KNOBS: ClassVar[tuple[str, ...]]
    _KNOB_SET: ClassVar[frozenset[str]]
    _STR_KNOBS: ClassVar[tuple[str, ...]]
    #: The game's class (the direct subclass of this one): what equality, ``replace`` and pickling use.
    _FAMILY: ClassVar[type[CommonRules]]
    PRESETS: ClassVar[tuple[str, ...]]

    _values: tuple[Any, ...]
    _core: Any

    if TYPE_CHECKING:  # each game's class takes its knobs as keywords

        def __init__(self, **knobs: Any) -> None: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_CORE" in cls.__dict__:  # a game's own class, not a subclass of one
            cls._FAMILY = cls
            cls._TYPES = dict(cls._CORE.KNOB_TYPES)
            cls._KNOBS = tuple(cls._TYPES)
            cls._KNOB_SET = frozenset(cls._KNOBS)
            cls._STR_KNOBS = tuple(name for name, kind in cls._TYPES.items() if kind == "str")

    def _build(self, knobs: dict[str, Any]) -> None:
        """Checks every knob (unknown names first, then each type in table order) and lets the core
        check the combination."""
        unknown = knobs.keys() - self._KNOB_SET
        if unknown:
            names = ", ".join(sorted(unknown))
            raise RulesError(
                f"{self._RULE}: unknown rules knob(s): {names} (known: {', '.join(self._KNOBS)})"
            )
        rule = self._RULE
        for name, kind in self._TYPES.items():
            _check_knob(rule, name, kind, knobs[name])
        values = tuple([knobs[name] for name in self._KNOBS])
        for name in self._STR_KNOBS:
            knobs[name] = core_text(knobs[name])
        core = self._CORE.CoreRules(**knobs)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_core", core)

    @classmethod
    def _built(cls: type[_R], knobs: dict[str, Any]) -> _R:
        rules = cls.__new__(cls)
        rules._build(knobs)
        return rules

    @classmethod
    def preset(cls: type[_R], name: str, **overrides: Any) -> _R:
        """A preset (one of ``PRESETS``; R10, S10) with knobs overridden."""
        if not isinstance(name, str):
            raise RulesError(f"{cls._RULE}: unknown preset {name!r} ({', '.join(cls.PRESETS)})")
        # An unknown name raises the core's RulesError, as the C ABI's.
        return cls._built({**cls._CORE.preset_values(core_text(name)), **overrides})

    @classmethod
    def from_dict(cls: type[_R], data: Mapping[str, Any]) -> _R:
        """Rules from a mapping of knobs (as made by :meth:`to_dict`); missing knobs as ``Rules()``."""
        if not isinstance(data, Mapping):
            raise RulesError(f"{cls._RULE}: rules must be a mapping of knobs, not {type(data).__name__}")
        return cls(**{str(k): v for k, v in data.items()})

    def to_dict(self) -> dict[str, Any]:
        """Every knob, JSON-safe."""
        return dict(zip(self._KNOBS, self._values, strict=True))

    def replace(self: _R, **overrides: Any) -> _R:
        """A copy with some knobs changed."""
        family: type[_R] = self._FAMILY  # type: ignore[assignment]
        return family._built({**self.to_dict(), **overrides})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules are immutable; use rules.replace(...)")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, self._FAMILY) and self._values == other._values

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        knobs = ", ".join(f"{k}={v!r}" for k, v in zip(self._KNOBS, self._values, strict=True))
        return f"{self._REPR}({knobs})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self._FAMILY.from_dict, (self.to_dict(),))
