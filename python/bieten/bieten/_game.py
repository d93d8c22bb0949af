"""A whole game to the target (docs/rules/bieten.md R2-R11), its events and its JSON record."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from typing import Any

from bieten import _core
from bieten._common_game import CommonGame
from bieten._core import Action, HandError
from bieten._event import Event
from bieten._records import record_data_text, record_text
from bieten._seeds import check_u64
from bieten.bieten._deal import _check_dealer, _check_rules, _hand_mask
from bieten.bieten._rules import Rules

JSON_FORMAT = "bieten-game"
JSON_VERSION = 1


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


class Game(CommonGame[Rules], _core.GameBase):  # type: ignore[misc]  # why_illegal: None, not "", when legal
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
    # so that clone() is one C++ copy (bindings/python/register_game.cpp).
    __slots__ = ()
    _RULE = "R"
    _ACTION = Action
    _ACTION_TEXTS = tuple(_core.action_texts())
    _EVENT = Event
    _RULES_CLASS = Rules

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
        if deal is None and top_card is None and self._new_plain(rules, seed, dealer, record):
            return  # Game(rules, seed) in one core call; anything else goes the checking way below
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

    def _build(
        self,
        rules: Rules,
        seed: int | None,
        deal: Sequence[Iterable[object]] | None,
        dealer: int,
        top_card: object | None,
        record: bool,
    ) -> None:
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
    # -- top_card and phase come straight from the core; rules and hands from CommonGame) ---------
    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over, as every game names them: ``[winner]``
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
        return self.record_dict()

    def to_json(self) -> str:
        """The game record as JSON text; ``Game.from_json`` restores a game that continues identically.

        The text is ``json.dumps(game.to_record())``; both are written by the core
        (csrc/games/bieten/record.hpp), for Python and the C ABI alike.
        """
        return self.record_json()  # the core refuses a game made with record=False

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restores a game from ``to_json`` by replaying its actions.

        The core reads and checks the record (csrc/games/bieten/record.cpp, as ``bieten_from_json``
        does): a malformed, tampered or inconsistent record raises GameRecordError (a ValueError). The
        numbers it states (version, hand_number, scores) compare by value: ``1.0`` is 1, ``true`` is not.
        """
        return cls._restored(record_text(text))

    @classmethod
    def _restored(cls, record: str | bytes | bytearray | memoryview) -> Game:
        """A game from a record the core reads: JSON text (a str) or a binary record (bytes)."""
        # One core call reads and replays the record and sets the metadata of a seeded game.
        game, rules, given = _core.GameBase._restore(cls, record, Rules)
        if given is not None:  # the deal's texts, as Game(deal=...) keeps them
            top = None if given[1] is None else str(_core.Card.from_id(given[1]))
            game._set_meta(rules, [_cards(m) for m in given[0]], top)
        return game  # type: ignore[no-any-return]

    @classmethod
    def from_record(cls, record: object) -> Game:
        """Restores a game from ``to_record`` data (see ``from_json``)."""
        return cls.from_json(record_data_text(record))


# The decision-loop calls as Game's own C method descriptors: CPython calls a descriptor of exactly
# self's class directly, and one of a base class (CoreGame's) through its generic path.
_core.GameBase._own_fast_calls(Game)


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
