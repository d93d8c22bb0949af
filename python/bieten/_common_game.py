"""What every game's ``Game`` class adds to its compiled core in the same words: checked moves for
front ends (``apply`` with ``seat`` and ``ply``), ``why_illegal``, the event lists, the action
history and record equality. Each game's class (python/bieten/<game>/_game.py) names its rule
prefix, its Action type and its action texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from bieten._core import BietenError, CardSet, GameRecordError, IllegalActionError

if TYPE_CHECKING:
    from bieten._event import Event


_RulesT = TypeVar("_RulesT")  # the game's Rules
_GameT = TypeVar("_GameT", bound="CommonGame[Any]")


class CommonGame(Generic[_RulesT]):
    """The shared surface of a game of any family, mixed in before its core class."""

    __slots__ = ()

    #: The game's rule-id prefix, that of its rulebook's ids (docs/rules/<game>.md): "R" for Bieten.
    _RULE: ClassVar[str]
    #: The game's Action type (its rulebook's action notation) and the text of every action id.
    _ACTION: ClassVar[type[Any]]
    _ACTION_TEXTS: ClassVar[Sequence[str]]
    #: What builds an event from the core's dict (bieten.Event).
    _EVENT: ClassVar[type[Event]]
    #: The game's Rules class, what ``Game(rules, seed)`` takes.
    _RULES_CLASS: ClassVar[type[Any]]

    if TYPE_CHECKING:  # the core's, for the type checker
        records: bool
        ply: int
        _meta: tuple[Any, ...]  # the game's rules first, then what its record needs

        @property
        def hand_masks(self) -> list[int]: ...

        @property
        def current_player(self) -> int | None: ...
        @property
        def _event_cache(self) -> list[Event]: ...
        def _view_cache(self, seat: int) -> list[Event]: ...
        def history_ids(self) -> list[int]: ...
        def event_count(self) -> int: ...
        def event_dicts(self, start: int = ...) -> list[dict[str, Any]]: ...
        def event_dicts_for(self, seat: int, start: int = ...) -> list[dict[str, Any]]: ...
        def record_bytes(self) -> bytes: ...
        @classmethod
        def _restored(cls, record: str | bytes | bytearray | memoryview) -> Any: ...
        def _init_plain(self, rules: object, seed: object, record: bool) -> bool: ...

    def _new_plain(self, rules: object, seed: object, dealer: object, record: object) -> bool:
        """``Game(rules, seed)`` with dealer 0, ``record`` True or False and no given deal (the caller has
        checked that) in one core call (``GameBase._init_plain``): True once built; False, with nothing
        changed, for anything else, which the caller's checking way then builds or refuses."""
        return (
            (record is True or record is False)
            and type(dealer) is int
            and dealer == 0
            and isinstance(rules, self._RULES_CLASS)
            and self._init_plain(rules, seed, record)
        )

    @property
    def rules(self) -> _RulesT:
        return self._meta[0]  # type: ignore[no-any-return]

    @property
    def hands(self) -> list[list[str]]:
        """Every seat's cards of the current hand as its rules count them, in ascending card id: R
        every card dealt to the seat, played and unplayed; S those now in hand (dealt, not played)."""
        return [str(CardSet.from_mask(mask)).split() for mask in self.hand_masks]

    def _require_record(self, what: str) -> None:
        if not self.records:
            raise BietenError(f"{what} needs a recording game; this one was made with record=False")

    @property
    def history(self) -> list[str]:
        """Every action applied so far, as text (R11, S11)."""
        self._require_record("history")
        texts = self._ACTION_TEXTS
        return [texts[i] for i in self.history_ids()]

    def apply(self, action: Any, seat: int | None = None, ply: int | None = None) -> None:
        """Applies an action (an Action, its R11 / S11 text, or its id).

        An illegal action raises IllegalActionError naming the rule and changes nothing (R9, S9).
        For front ends relaying actions from players (docs/security.md): with ``seat`` the action
        is refused unless that seat is the one to act, and with ``ply`` it is refused unless exactly
        that many actions have been applied (a stale or replayed action).
        """
        if seat is not None and seat != self.current_player:
            current = self.current_player
            whose = "the game is over" if current is None else f"seat {current} is to act"
            raise IllegalActionError(
                f"{self._RULE}9: seat {seat} is not to act; {whose}, so '{action}' is refused"
            )
        if ply is not None and ply != self.ply:
            raise IllegalActionError(
                f"{self._RULE}9: '{action}' was sent for ply {ply}, but the game is at ply {self.ply}: "
                "a stale or replayed action is refused"
            )
        core: Any = super()
        core.apply(action)

    def why_illegal(self, action: Any) -> str | None:
        """Why an action would be refused (citing the rule), or None if it is legal."""
        core: Any = super()
        try:
            reason = core.why_illegal(self._ACTION(action).id)
        except IllegalActionError as err:
            return str(err)
        return str(reason) or None

    @property
    def events(self) -> list[Event]:
        """Every event so far (the game's events page in docs/), every card visible."""
        self._require_record("events")
        cache = self._event_cache
        if self.event_count() > len(cache):
            cache.extend(self._EVENT(d) for d in self.event_dicts(len(cache)))
        return list(cache)

    def events_for(self, seat: int) -> list[Event]:
        """The events as ``seat`` may see them: no other seat's unplayed cards, no cutter's secrets
        (R3.7), nothing S12 hides (the stock, forehand's last two cards until he has chosen trump,
        the called partner until the called card is played).

        Each seat's view is built once per event and kept, so polling after every action is cheap.
        """
        self._require_record("events_for")
        view = self._view_cache(seat)  # refuses anything but a seat, as observation(seat) does
        if self.event_count() > len(view):
            view.extend(self._EVENT(d) for d in self.event_dicts_for(seat, len(view)))
        return list(view)

    def to_bytes(self) -> bytes:
        r"""The game record in binary, for storage and datasets: what ``to_json`` records (rules,
        seed, first dealer, given deal, hand number and every action, an action id a byte) in a few
        times fewer bytes, versioned and checksummed (CRC-32C); ``from_bytes`` restores the game.
        docs/records.md has the layout. The JSON record stays the interchange format.

        >>> import bieten
        >>> game = bieten.Game(bieten.Rules(players=2), seed=7)
        >>> game.apply("bid red")
        >>> data = game.to_bytes()
        >>> len(data), len(game.to_json())
        (60, 405)
        >>> data[:6]
        b'\x89BTR\x01\x01'
        >>> bieten.Game.from_bytes(data) == game
        True
        """
        return self.record_bytes()  # the core refuses a game made with record=False

    @classmethod
    def from_bytes(cls: type[_GameT], data: bytes | bytearray | memoryview) -> _GameT:
        """Restores a game from ``to_bytes`` by replaying its actions, as ``from_json`` does.

        Bytes that are no record of this game raise GameRecordError (a ValueError) saying why: no
        magic, an unknown version, another game's record, truncated, bytes after it, a checksum
        mismatch, or an action the rules refuse (at its ply, citing the rule).

        >>> import bieten
        >>> data = bieten.Game(bieten.Rules(players=2), seed=7).to_bytes()
        >>> bieten.Game.from_bytes(data[:-1])
        Traceback (most recent call last):
        ...
        bieten._core.GameRecordError: from_bytes: truncated: the header says 59 bytes, 58 given
        >>> other = bieten.make(bieten.games()[1], seed=7)  # a game of another registered family
        >>> try:
        ...     type(other).from_bytes(data)
        ... except bieten.GameRecordError as err:
        ...     print(err)
        from_bytes: a record of another game (game 1), not of bieten-...-game (game 2)
        """
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise GameRecordError(f"from_bytes: expected bytes, not {type(data).__name__}")
        restored: _GameT = cls._restored(data)
        return restored

    def __eq__(self, other: object) -> bool:
        """Games are equal when they are the same record: rules, seed, first deal and actions."""
        core: Any = super()
        return isinstance(other, type(self)) and bool(core.__eq__(other))

    __hash__ = None  # type: ignore[assignment]
