"""A whole game to the target (RULES.md R2-R11), its events and its JSON record."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from bieten import _core
from bieten._common_game import CommonGame
from bieten._core import Action, BietenError, HandError
from bieten._deal import _check_dealer, _check_rules
from bieten._figures import _hand_mask
from bieten._rules import Rules
from bieten._seeds import check_u64

JSON_FORMAT = "bieten-game"
JSON_VERSION = 1


class GameRecordError(BietenError):
    """A game record (``Game.from_json``) that is malformed, tampered with or inconsistent."""


class Event:
    """One thing that happened in a game (docs/events.md): a type, a sequence number, a hand number
    and the fields of that type.

    >>> game = Game(Rules(players=2), seed=7)
    >>> first = game.events[0]
    >>> first.type, first.seq, first.hand, first["dealer"]
    ('hand_dealt', 0, 0, 0)
    """

    __slots__ = ("_data",)

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data

    @property
    def type(self) -> str:
        return str(self._data["type"])

    @property
    def seq(self) -> int:
        return int(self._data["seq"])

    @property
    def hand(self) -> int:
        return int(self._data["hand"])

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self._data.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-safe data (a fresh copy)."""
        return json.loads(json.dumps(self._data))  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._data == other._data

    def __hash__(self) -> int:
        return hash(json.dumps(self._data, sort_keys=True))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self._data.items() if k not in ("type", "seq", "hand"))
        return f"Event({self.type} #{self.seq} hand {self.hand}: {fields})"


def _masks_of(deal: Sequence[Iterable[object]]) -> list[int]:
    if isinstance(deal, (str, bytes)) or not isinstance(deal, Sequence):
        raise HandError(f"R3.6: deal must be a list of hands, one per seat, not {deal!r}")
    return [_hand_mask(seat, cards) for seat, cards in enumerate(deal)]


def _cards(mask: int) -> list[str]:
    return str(_core.CardSet.from_mask(mask)).split()


_PLACEHOLDER = Rules()


def _built(game: Game) -> bool:
    """Whether a Game has been initialised (its C++ part constructed and its metadata set)."""
    return _core.initialised(game) and game._meta is not None


class Game(CommonGame, _core.GameBase):  # type: ignore[misc]  # why_illegal: None, not "", when legal
    """A game of Bieten to the target, driven by actions in R11 notation.

    The state lives in the C++ core; the methods that agents call in a loop
    (``legal_action_ids``, ``apply_id``, ``legal_action_mask``, ``legal_actions``) are the core's own.

    >>> game = Game(Rules(players=2), seed=7)
    >>> game.hands
    [['HK', 'L9', 'EU'], ['H10', 'H7', 'EO']]
    >>> game.current_player
    1
    >>> [str(a) for a in game.legal_actions()]
    ['play H10', 'play H7', 'play EO', 'bid red', 'bid spiel']
    >>> game.apply("bid red")
    >>> [str(a) for a in game.legal_actions()]
    ['good', 'hold', 'three']
    >>> game.apply("play HA")
    Traceback (most recent call last):
    ...
    bieten._core.IllegalActionError: R7.4: seat 0 must answer the bid on red (good, hold or three), not ...
    """

    # No instance __dict__: the metadata and the event caches live in the C++ object (GameBase),
    # so that clone() is one C++ copy (bindings/register_game.cpp).
    __slots__ = ()
    _RULE = "R"
    _ACTION = Action
    _ACTION_TEXTS = tuple(_core.action_texts())
    _EVENT = Event

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        *,
        deal: Sequence[Iterable[object]] | None = None,
        dealer: int = 0,
        top_card: object | None = None,
        record: bool = True,
    ) -> None:
        """``record=False`` keeps no events and no action list: for search and self-play, where
        clones must be cheap; ``events``, ``events_for``, ``history`` and ``to_json`` then raise."""
        if _built(self):  # pybind11 would keep the old state under the new metadata
            raise TypeError("this Game is already initialised; make a new Game(rules, seed) instead")
        try:
            self._build(rules, seed, deal, dealer, top_card, record)
        except BaseException:
            # Never leave a half-built object behind (the traceback keeps `self`): make it a
            # complete, harmless game before the error propagates.
            if not _built(self):
                super().__init__(_PLACEHOLDER._core, 0)
                self._set_meta(_PLACEHOLDER, None, None)
            raise

    def _set_meta(self, rules: Rules, deal: list[list[str]] | None, top_card: str | None) -> None:
        self._meta = (rules, deal, top_card)

    def _build(self, rules: Rules, seed: int | None, deal: Sequence[Iterable[object]] | None, dealer: int,
               top_card: object | None, record: bool) -> None:
        rules = _check_rules(rules)
        seed = secrets.randbits(64) if seed is None else check_u64(seed)
        _check_dealer(dealer, rules)
        masks = None if deal is None else _masks_of(deal)
        top_id = None if top_card is None else _core.Card(top_card).id
        if top_id is not None and deal is None:
            raise HandError("R3.8: top_card is only given together with a deal")
        super().__init__(rules._core, seed, dealer, masks, top_id, bool(record))
        deal_text = None if masks is None else [_cards(m) for m in masks]
        top_text = None if top_id is None else str(_core.Card.from_id(top_id))
        self._set_meta(rules, deal_text, top_text)  # the metadata is immutable, shared by clones

    # -- the state (seed, hand_number, dealer, current_player, scores, is_over, winner, bummerl,
    # -- top_card and phase come straight from the core) -------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._meta[0]

    @property
    def hands(self) -> list[list[str]]:
        """Every seat's cards of the current hand, played and unplayed, in ascending card id."""
        return [_cards(m) for m in self.hand_masks]

    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over, as Schnapsen's games name them: ``[winner]``
        (R8.2: one seat wins), or [] until then."""
        winner = self.winner
        return [] if winner is None else [int(winner)]

    @property
    def unplayed(self) -> list[list[str]]:
        """Every seat's cards not yet played in the current hand."""
        return [_cards(m) for m in self.unplayed_masks]

    # -- copies and records ----------------------------------------------------------------------
    # clone(), copy.copy and copy.deepcopy come from the core: a C++ copy of the state in a new
    # Game, sharing the immutable `_meta`; the event caches start empty (register_game.cpp clone_as).

    def __repr__(self) -> str:
        state = f"winner {self.winner}" if self.is_over else f"seat {self.current_player} to act"
        return f"<bieten.Game seed={self.seed} hand={self.hand_number} scores={self.scores} {state}>"

    def to_record(self) -> dict[str, Any]:
        """The game as JSON-safe data: what is needed to replay it, and the state to check it by."""
        self._require_record("to_json")
        return {
            "format": JSON_FORMAT,
            "version": JSON_VERSION,
            "rules": self._meta[0].to_dict(),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "deal": self._meta[1],
            "top_card": self._meta[2],
            "actions": self.history,
            "hand_number": self.hand_number,
            "scores": self.scores,
            "hands": self.hands,
        }

    def to_json(self) -> str:
        """The game record as JSON text; ``Game.from_json`` restores a game that continues identically.

        The text is ``json.dumps(game.to_record())``, written by the core (csrc/games/bieten/record.cpp).
        """
        self._require_record("to_json")
        return self.record_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restores a game from ``to_json`` by replaying its actions.

        A malformed, tampered or inconsistent record raises GameRecordError (a ValueError). The
        numbers it states (version, hand_number, scores) compare by exact value: ``1.0`` is 1,
        ``true`` is not (docs/c_abi.md, "Strict JSON").
        """
        try:
            if type(text) is str:  # one decoder for every record; json.loads would build one per call
                record = _RECORD_DECODER.decode(text)
            else:
                record = json.loads(text, parse_float=_json_real)
        except (TypeError, ValueError, RecursionError) as err:
            raise GameRecordError(f"from_json: not JSON text: {type(err).__name__}: {err}") from None
        return cls.from_record(record)

    @classmethod
    def from_record(cls, record: object) -> Game:
        """Restores a game from ``to_record`` data (see ``from_json``)."""
        if not isinstance(record, dict):
            raise GameRecordError("from_json: a game record is a JSON object")
        if record.get("format") != JSON_FORMAT or not _says(record.get("version"), JSON_VERSION):
            raise GameRecordError(
                f"from_json: expected format {JSON_FORMAT!r} version {JSON_VERSION}, got "
                f"{record.get('format')!r} version {record.get('version')!r}"
            )
        missing = [k for k in ("rules", "seed", "dealer", "actions") if k not in record]
        if missing:
            raise GameRecordError(f"from_json: the record lacks {', '.join(missing)}")
        unknown = sorted(set(record) - _RECORD_FIELDS)
        if unknown:
            raise GameRecordError(f"from_json: unknown field(s) {', '.join(unknown)}")
        actions = record["actions"]
        if not isinstance(actions, list) or not (
            set(map(type, actions)) <= _STR_ONLY or all(isinstance(a, str) for a in actions)
        ):
            raise GameRecordError("from_json: actions must be a list of R11 texts")
        try:
            game = cls(
                Rules.from_dict(record["rules"]),
                record["seed"],
                deal=record.get("deal"),
                dealer=record["dealer"],
                top_card=record.get("top_card"),
            )
        except (BietenError, TypeError) as err:
            raise GameRecordError(f"from_json: {err}") from None
        try:
            game.apply_all(actions)  # in C++; a refusal leaves the actions before it applied (R9)
        except BietenError as err:
            index = game.ply
            raise GameRecordError(f"from_json: action {index} {actions[index]!r} is refused: {err}") from None
        checks = (("hand_number", game.hand_number), ("scores", game.scores), ("hands", game.hands))
        for field, value in checks:
            if field in record and not _says(record[field], value):
                raise GameRecordError(
                    f"from_json: the record says {field} {record[field]!r}, but its actions give {value!r}"
                )
        return game


class _RoundedReal(float):
    """A real of JSON text that float() rounds (``1.00000000000000000001``), with its exact value."""

    __slots__ = ("exact",)
    exact: Decimal


def _json_real(text: str) -> float:
    """A JSON real as json.loads reads it, a float; one that float() rounds remembers its exact value,
    so that a record's numbers compare exactly, as bieten_from_json compares them (docs/c_abi.md)."""
    value = float(text)
    exact = Decimal(text)
    if exact == value:  # an exact comparison, as float == int is
        return value
    rounded = _RoundedReal(value)
    rounded.exact = exact
    return rounded


_RECORD_DECODER = json.JSONDecoder(parse_float=_json_real)


def _says(said: object, value: object) -> bool:
    """Whether a record's field says ``value`` (an int, a card text, or lists of them), compared as the
    C ABI compares JSON (docs/c_abi.md): numbers by their exact value, so that ``1.0`` says 1 but
    ``1.5`` and ``true`` do not (``True == 1`` in Python: fuzz/README.md, bug 5); lists item by item."""
    if said == value and _plain(said):  # the usual case, a record as to_json wrote it
        return True
    if isinstance(value, list):
        return (
            isinstance(said, list)
            and len(said) == len(value)
            and all(_says(a, b) for a, b in zip(said, value, strict=True))
        )
    if isinstance(value, str):
        return isinstance(said, str) and said == value
    if isinstance(said, bool) or not isinstance(said, (int, float)):
        return False
    return (said.exact if isinstance(said, _RoundedReal) else said) == value


def _plain(data: object) -> bool:
    """Whether data is ints and strs in lists, where == compares as _says does (no bool, no real)."""
    kind = type(data)
    if kind is int or kind is str:
        return True
    if not isinstance(data, list) or kind is not list:
        return False
    return all(type(item) is int or type(item) is str or _plain(item) for item in data)


_STR_ONLY = {str}
_RECORD_FIELDS = frozenset(
    {
        "format",
        "version",
        "rules",
        "seed",
        "dealer",
        "deal",
        "top_card",
        "actions",
        "hand_number",
        "scores",
        "hands",
    }
)
_ACTION_TEXTS: list[str] = list(_core.action_texts())
#: The size of the fixed action space (docs/actions.md).
NUM_ACTIONS: int = int(_core.NUM_ACTIONS)
#: The length of ``Game.observation``.
OBSERVATION_SIZE: int = int(_core.OBSERVATION_SIZE)
#: Each block of ``Game.observation``: name -> (offset, length) (docs/observation.md).
OBSERVATION_LAYOUT: dict[str, tuple[int, int]] = dict(_core.OBSERVATION_LAYOUT)


def action_text(action_id: int) -> str:
    """The R11 text of an action id.

    >>> action_text(129), action_text(33 + 32 * 0 + 1)
    ('bid red', 'play S6 as HK')
    """
    return str(Action(action_id))
