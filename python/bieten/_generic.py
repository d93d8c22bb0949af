"""A registered game with no Python package of its own, from its descriptor alone.

A game is a folder of C++ (its rules, descriptor, agents) and one entry of the registry. Its compiled
module, ``bieten._core.<name>``, registered by the shared templates, already has what the Python layer
needs: ``CoreRules``, ``KNOB_TYPES`` and ``preset_values`` (its knob table), ``Action`` and
``action_texts`` (its notation), ``GameBase`` (the game), ``CoreAgent`` and ``simulate``. This module
builds over that module the classes a game's package would write -- ``Rules`` on
:class:`~bieten._rules_common.CommonRules`, ``Game`` on :class:`~bieten._common_game.CommonGame` -- and
its :class:`~bieten._family.Family`, so that ``bieten.make``, simulate, tournament, the engine
protocol and the environments (``bieten.env``) play it with no other file written. A game that wants
more (a terminal view, typed properties, a given deal in its own shape) writes its package,
``bieten.<name>``, with a ``_family.py``; the registry (``bieten._families``) then takes that instead.

What such a game's ``GameBase`` takes is the shared one: ``GameBase(rules, seed, dealer=0, hands=None,
record_events=True)``; its rules are its presets' first by default, and every knob is a property.

>>> from bieten import _core
>>> name = _core.GAMES[-1]["name"]  # any registered game; here the registry's last
>>> classes = game_classes(name)
>>> rules = classes.Rules.preset(classes.Rules.PRESETS[-1], target=3)
>>> rules.target, rules == classes.Rules.from_dict(rules.to_dict())
(3, True)
>>> game = classes.Game(rules, seed=7)
>>> while not game.is_over:
...     game.apply(game.legal_actions()[0])
>>> classes.Game.from_json(game.to_json()) == game, classes.Game.from_bytes(game.to_bytes()) == game
(True, True)
"""

from __future__ import annotations

import functools
import secrets
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

from bieten import _core
from bieten._common_game import CommonGame
from bieten._core import Card, HandError, SeatError
from bieten._event import Event
from bieten._family import Family, SimulationShape
from bieten._records import record_data_text, record_text
from bieten._rules_common import CommonRules
from bieten._seeds import check_u64


def descriptor(name: str) -> dict[str, Any]:
    """What the registry's descriptor of ``name`` says (an entry of ``bieten._core.GAMES``)."""
    for game in _core.GAMES:
        if game["name"] == name:
            return dict(game)
    raise KeyError(name)


class GenericRules(CommonRules):
    """The rules of a game with no package of its own: its knob table, every knob a property."""

    __slots__ = ()

    def __init__(self, **knobs: Any) -> None:
        self._build({**self._CORE.preset_values(self.PRESETS[0]), **knobs})

    def __getattr__(self, name: str) -> Any:
        knobs = type(self)._KNOBS if "_KNOBS" in dir(type(self)) else ()
        if name in knobs:
            return self._values[knobs.index(name)]
        raise AttributeError(f"{self._REPR} has no knob or attribute {name!r}")


def _given_hands(deal: object, rule: str) -> list[list[int]]:
    """A given first deal's hands as card ids; a shape other than ``{"hands": [[card, ...], ...]}`` is
    refused (HandError), the cards themselves by the core."""
    hands = deal.get("hands") if isinstance(deal, Mapping) and set(deal) == {"hands"} else None
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise HandError(
            f"{rule}: deal must be a dict {{'hands': [[card, ...], ...]}}, one hand per seat, not {deal!r}"
        )
    ids: list[list[int]] = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
            raise HandError(f"{rule}: the hand of seat {seat} must be a list of cards, not {hand!r}")
        ids.append([int(Card(card).id) for card in hand])
    return ids


class GenericGame(CommonGame[Any]):
    """A game of a game with no package of its own, over its compiled ``GameBase``."""

    __slots__ = ()
    _NAME: ClassVar[str]
    _SEAT_RULE: ClassVar[str]
    _COMPILED: ClassVar[Any]  # its module, bieten._core.<name>

    def __init__(
        self,
        rules: Any,
        seed: int | None = None,
        *,
        deal: Mapping[str, Any] | None = None,
        dealer: int = 0,
        record: bool = True,
    ) -> None:
        """``deal`` gives the first deal as ``{"hands": [[card, ...], ...]}``, one hand per seat (cards
        by text or :class:`~bieten.Card`); the core checks it against the game's deal rules."""
        if deal is None and self._new_plain(rules, seed, dealer, record):
            return
        if not isinstance(rules, self._RULES_CLASS):
            raise TypeError(f"rules must be a bieten.{self._NAME}.Rules, not {type(rules).__name__}")
        seed = secrets.randbits(64) if seed is None else check_u64(seed)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise SeatError(
                f"{self._SEAT_RULE}: dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}"
            )
        hands = None if deal is None else _given_hands(deal, self._SEAT_RULE)
        core: Any = super()
        core.__init__(rules._core, seed, dealer, hands, bool(record))
        this: Any = self  # _meta is the compiled GameBase's attribute
        this._meta = (rules, None if deal is None else core._given_deal())

    def __repr__(self) -> str:
        core: Any = self
        state = f"winners {core.winners}" if core.is_over else f"seat {core.current_player} to act"
        where = f"seed={core.seed} deal={core.hand_number} scores={core.scores}"
        return f"<bieten.{self._NAME}.Game {where} {state}>"

    def to_record(self) -> dict[str, Any]:
        """The game as JSON-safe data: what is needed to replay it, and the state to check it by."""
        self._require_record("to_json")
        core: Any = self
        return core.record_dict()  # type: ignore[no-any-return]

    def to_json(self) -> str:
        """The game record as JSON text, written by the core; ``from_json`` restores it."""
        core: Any = self
        return core.record_json()  # type: ignore[no-any-return]

    @classmethod
    def from_json(cls, text: str | bytes) -> Any:
        """Restores a game from ``to_json``; a bad record raises GameRecordError (a ValueError)."""
        return cls._restored(record_text(text))

    @classmethod
    def _restored(cls, record: str | bytes | bytearray | memoryview) -> Any:
        game, _rules, _given = cls._COMPILED.GameBase._restore(cls, record, cls._RULES_CLASS)
        return game

    @classmethod
    def from_record(cls, record: object) -> Any:
        """Restores a game from ``to_record`` data (see ``from_json``)."""
        return cls.from_json(record_data_text(record))


@dataclass(frozen=True)
class GameClasses:
    """A game's generic classes: ``Rules``, ``Game`` and its compiled module."""

    Rules: type[Any]
    Game: type[Any]
    core: Any


@functools.cache
def game_classes(name: str) -> GameClasses:
    """The generic ``Rules`` and ``Game`` of the registered game ``name`` (one class each, made once)."""
    described = descriptor(name)
    core = getattr(_core, name)
    rules_class: type[Any] = type(
        "Rules",
        (GenericRules,),
        {
            "__slots__": (),
            "__module__": f"bieten.{name}",
            "PRESETS": tuple(described["presets"]),
            "_RULE": str(described["rules_rule"]),
            "_CORE": core,
            "_REPR": f"{name}.Rules",
        },
    )
    game_class: type[Any] = type(
        "Game",
        (GenericGame, core.GameBase),
        {
            "__slots__": (),
            "__module__": f"bieten.{name}",
            "_NAME": name,
            "_COMPILED": core,
            "_SEAT_RULE": str(described["seat_rule"]),
            "_RULE": str(described["rule_prefix"]),
            "_ACTION": core.Action,
            "_ACTION_TEXTS": tuple(core.action_texts()),
            "_EVENT": Event,
            "_RULES_CLASS": rules_class,
        },
    )
    core.GameBase._own_fast_calls(game_class)
    return GameClasses(rules_class, game_class, core)


@functools.cache
def generic_family(name: str) -> Family:
    """The family of a registered game with no package of its own (see the module's docstring)."""
    described = descriptor(name)
    classes = game_classes(name)
    presets = tuple(str(preset) for preset in described["presets"])
    prefix = str(described["rule_prefix"])
    return Family(
        name=name,
        title=str(described["title"]),
        rule_prefix=prefix,
        rules=classes.Rules,
        game=classes.Game,
        kinds=presets,
        presets=presets,
        knobs=tuple(classes.Rules._KNOBS),
        record_format=str(described["record_format"]),
        core=classes.core,
        preset_apart=False,
        own_options=(),
        kind_by_players={},
        secrecy_rule=str(described["secrecy_rule"]),
        top_card=False,
        names_kind=True,
        terminal="",  # no terminal view: the CLI's play and replay say so (Family.terminal)
        simulation_result="bieten._simulation.results:SimulationResult",
        simulation=SimulationShape(winner_column="winners", one_winner=False, unit="deal"),
        pettingzoo="bieten.env.pettingzoo",
        openspiel="bieten.env.openspiel",
        environment=f"bieten.env._generic:{name}",
        rule_example=str(described["rules_rule"]),
        own_package=False,
    )


def game_module(name: str, module: ModuleType | None = None) -> ModuleType:
    """``bieten.<name>`` for a registered game with no package of its own: ``Rules``, ``Game``,
    ``Action``, ``NUM_ACTIONS``, ``OBSERVATION_SIZE`` and ``PRESETS`` from its generic classes, in
    ``module`` (what ``import bieten.<name>`` made: ``bieten._games`` finds such a game) or a new one."""
    classes = game_classes(name)
    if module is None:
        module = ModuleType(f"bieten.{name}")
        sys.modules[module.__name__] = module
    module.__doc__ = f"{descriptor(name)['title']}, from the engine's registry (bieten._generic)."
    vars(module).update(
        Rules=classes.Rules,
        Game=classes.Game,
        Action=classes.core.Action,
        NUM_ACTIONS=int(classes.core.NUM_ACTIONS),
        OBSERVATION_SIZE=int(classes.core.OBSERVATION_SIZE),
        PRESETS=classes.Rules.PRESETS,
    )
    return module
