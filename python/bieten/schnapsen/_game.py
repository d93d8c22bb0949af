"""A whole game of Bauernschnapsen or Schnapsen to the target (rulebook S2-S12), its events and record."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from bieten._common_game import CommonGame
from bieten._core import Card, CardError, HandError, SeatError
from bieten._core import schnapsen as _core
from bieten._event import Event
from bieten._records import record_data_text, record_text
from bieten._seeds import check_u64
from bieten.schnapsen._rules import Rules

JSON_FORMAT = "bieten-schnapsen-game"
JSON_VERSION = 1
_PACK = frozenset(8 * suit + rank for suit in range(4) for rank in range(5))  # S1.1

Action = _core.Action
#: The size of the fixed action space (docs/schnapsen.md).
NUM_ACTIONS: int = int(_core.NUM_ACTIONS)
#: The length of ``Game.observation``.
OBSERVATION_SIZE: int = int(_core.OBSERVATION_SIZE)
#: Each block of ``Game.observation``: name -> (offset, length) (docs/schnapsen.md, "Observation").
OBSERVATION_LAYOUT: dict[str, tuple[int, int]] = dict(_core.OBSERVATION_LAYOUT)
_ACTION_TEXTS: list[str] = list(_core.action_texts())


def action_text(action_id: int) -> str:
    """The S11 text of an action id.

    >>> action_text(0), action_text(41), action_text(60)
    ('cut', 'play HA', 'play E10')
    """
    return str(Action(action_id))


def check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a bieten.schnapsen.Rules, not {type(rules).__name__}")
    return rules


def check_dealer(dealer: object, rules: Rules) -> int:
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise SeatError(f"S2.1: dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
    return dealer


def card_id(card: object, where: str) -> int:
    """A card of the Schnapsen pack, by text or Card (S1.1); anything else is refused."""
    try:
        parsed = Card(card)
    except (CardError, TypeError):
        raise CardError(f"S1.1: {where}: {card!r} is not a card of the Schnapsen pack") from None
    if parsed.id not in _PACK:
        raise CardError(f"S1.1: {parsed} is not in the Schnapsen pack ({where})")
    return int(parsed.id)


def _given_deal(deal: object, rules: Rules) -> tuple[list[list[int]], int | None, list[int]]:
    """deal()'s shape as card ids: hands in dealt order, the trump card, the stock (S3.6, S3.7)."""
    if not isinstance(deal, Mapping) or set(deal) - {"hands", "trump_card", "stock"} or "hands" not in deal:
        raise HandError(
            "S3.7: deal must be a dict with hands, trump_card and stock, as schnapsen.deal() gives"
        )
    hands = deal["hands"]
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise HandError(f"S3.7: deal['hands'] must be a list of hands, one per seat, not {hands!r}")
    ids: list[list[int]] = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Sequence):
            raise HandError(f"S3.7: the hand of seat {seat} must be a list of cards, not {hand!r}")
        ids.append([card_id(card, f"seat {seat}") for card in hand])
    trump = deal.get("trump_card")
    trump_id = None if trump is None else card_id(trump, "trump_card")
    stock = deal.get("stock", [])
    if isinstance(stock, (str, bytes)) or not isinstance(stock, Sequence):
        raise HandError(f"S3.7: deal['stock'] must be a list of cards, not {stock!r}")
    return ids, trump_id, [card_id(card, "stock") for card in stock]


_PLACEHOLDER = Rules()


def _built(game: Game) -> bool:
    return _core.initialised(game) and game._meta is not None


class Game(CommonGame[Rules], _core.GameBase):  # type: ignore[misc]  # why_illegal: None, not "", when legal
    """A game of Bauernschnapsen or Schnapsen to the target, driven by actions in S11 notation.

    >>> game = Game(Rules.preset("schnapsen"), seed=7)
    >>> game.current_player, game.trump, game.contract, game.declarer
    (1, 'H', 'normal', 1)
    >>> game.hands
    [['HA', 'HU', 'LO', 'LU', 'E10'], ['LK', 'SO', 'SU', 'S10', 'EA']]
    >>> [str(a) for a in game.legal_actions()]
    ['close', 'play LK', 'play SO', 'play SU', 'play S10', 'play EA']
    >>> game.apply("claim")
    Traceback (most recent call last):
    ...
    bieten._core.IllegalActionError: S7.1: no claim before the second trick

    ``events_for(seat)`` hides what S12 hides: other seats' cards, the stock, forehand's last two
    cards until he has chosen trump, and the called partner until the called card is played.
    """

    __slots__ = ()
    _RULE = "S"
    _ACTION = Action
    _ACTION_TEXTS = _ACTION_TEXTS
    _EVENT = Event
    _RULES_CLASS = Rules

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        *,
        deal: Mapping[str, Any] | None = None,
        dealer: int = 0,
        record: bool = True,
    ) -> None:
        """``deal`` gives the first deal in ``schnapsen.deal()``'s shape (S3.7; it skips that deal's cut
        or knock). ``record=False`` keeps no events and no action list, for cheap clones."""
        if deal is None and self._new_plain(rules, seed, dealer, record):
            return  # Game(rules, seed) in one core call; anything else goes the checking way below
        if _built(self):
            raise TypeError("this Game is already initialised; make a new Game(rules, seed) instead")
        try:
            self._build(rules, seed, deal, dealer, record)
        except BaseException:
            if not _built(self):
                super().__init__(_PLACEHOLDER._core, 0)
                self._meta = (_PLACEHOLDER, None)
            raise

    def _build(
        self, rules: Rules, seed: int | None, deal: Mapping[str, Any] | None, dealer: int, record: bool
    ) -> None:
        rules = check_rules(rules)
        seed = secrets.randbits(64) if seed is None else check_u64(seed)
        check_dealer(dealer, rules)
        if deal is None:
            super().__init__(rules._core, seed, dealer, None, None, None, bool(record))
            self._meta = (rules, None)
            return
        hands, trump, stock = _given_deal(deal, rules)
        super().__init__(rules._core, seed, dealer, hands, trump, stock, bool(record))
        self._meta = (rules, self.dealt_cards())

    @property
    def unplayed(self) -> list[list[str]]:
        """Each seat's cards not yet played: ``hands``, under the name Bieten's games give them."""
        return self.hands

    def __repr__(self) -> str:
        state = f"winners {self.winners}" if self.is_over else f"seat {self.current_player} to act"
        return (
            f"<bieten.schnapsen.Game seed={self.seed} deal={self.hand_number} scores={self.scores} {state}>"
        )

    def to_record(self) -> dict[str, Any]:
        """The game as JSON-safe data: what is needed to replay it, and the state to check it by."""
        self._require_record("to_json")
        return self.record_dict()

    def to_json(self) -> str:
        """The game record as JSON text (``json.dumps(game.to_record())``, both written by the core,
        csrc/games/schnapsen/record.hpp); ``Game.from_json`` restores a game that continues identically."""
        return self.record_json()  # the core refuses a game made with record=False

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Restores a game from ``to_json`` by replaying its actions. The core reads and checks the
        record, as ``bieten_schnapsen_from_json`` does: a malformed, tampered or inconsistent record
        raises GameRecordError (a ValueError)."""
        return cls._restored(record_text(text))

    @classmethod
    def _restored(cls, record: str | bytes | bytearray | memoryview) -> Game:
        """A game from a record the core reads: JSON text (a str) or a binary record (bytes)."""
        game, _rules, _given = _core.GameBase._restore(cls, record, Rules)  # the core sets _meta too
        return game  # type: ignore[no-any-return]

    @classmethod
    def from_record(cls, record: object) -> Game:
        """Restores a game from ``to_record`` data (see ``from_json``)."""
        return cls.from_json(record_data_text(record))


# The decision-loop calls as Game's own C method descriptors: CPython calls a descriptor of exactly
# self's class directly, and one of a base class (CoreGame's) through its generic path.
_core.GameBase._own_fast_calls(Game)
