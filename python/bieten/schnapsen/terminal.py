"""Bauernschnapsen's and Schnapsen's terminal view (``bieten play --game ...``, ``bieten replay``;
docs/frontends.md): how a seat's view tells the events (docs/schnapsen_events.md), the prompts and
the help. The loops that use it are python/bieten/terminal/_loop.py; the registry names this module
``SCHNAPSEN.terminal``.

It tells the game from ``events_for`` of the person's seat, so it shows exactly what that seat may
see (S12): its own cards (forehand's last two only after his trump choice), every card played,
trump, contract and doubles, the stock's size and all totals.

>>> import io
>>> from bieten import schnapsen
>>> from bieten.terminal import play
>>> out = io.StringIO()
>>> session = play(schnapsen.Rules.preset("schnapsen"), out, seed=7, read=lambda prompt: "q")
>>> print(out.getvalue().splitlines()[0])
Schnapsen (schnapsen, 2 players, target 7), seed 7. You are seat 0; opponents: heuristic.
>>> session.game.is_over, session.game.winners
(False, [])
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Text

from bieten._core import Card
from bieten.schnapsen import Action, Game, Rules, deal
from bieten.terminal._render import POINTS_STYLE, SeatWords, card_text, cards_text, count, join

if TYPE_CHECKING:
    from bieten.terminal._loop import PlaySession

#: The end line's field that says who won (docs/frontends.md): S8.6's seats.
END_FIELD = "winners"
#: What the greeting asks of the person.
INSTRUCTIONS = "Type a move's number or its S11 text, 'help', or 'q' to quit."


_SUITS = {"H": "Hearts", "L": "Leaves", "S": "Bells", "E": "Acorns"}
_WORD_STYLE = "bold magenta"
_ENDS = {
    "claim": "a correct claim",
    "wrong_claim": "a wrong claim",
    "last_trick": "the last trick",
    "close_failed": "the close failed",
    "contract_won": "the contract is won",
    "contract_lost": "the contract is lost",
}

HELP = """\
Type the number of a move, or the move in S11 notation:
  cut, knock, trump H|L|S|E, turn, pass, schnapser, gang, bauernschnapser, kontraschnapser,
  call EA, spritze, retour, exchange, close, meld H, claim, play HA. A card alone (HA) means 'play HA'.
Other commands:
  t, table  show the table and your moves again
  help, h   this help
  q, quit   stop (the game is saved first with --save)"""


def rules_name(rules: Rules) -> str:
    """The preset the rules are (with their target), else 'custom'."""
    for name in Rules.PRESETS:
        if Rules.preset(name, target=rules.target) == rules:
            return name
    return "custom"


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: Card(c).id)


def _suit(suit: str | None) -> Text:
    if suit is None:
        return Text("none")
    return Text.assemble(card_text(suit).copy(), f" ({_SUITS.get(suit, suit)})")


@dataclass
class View(SeatWords):
    """A game of Bauernschnapsen or Schnapsen as seat ``viewer`` sees it, kept up to date by ``feed``
    with each event's dict (``Event.to_dict()`` of ``events_for(viewer)``), which returns the lines
    that tell the event. ``you`` is the seat called "you"."""

    rules: Rules
    viewer: int | None = None
    you: int | None = None
    hand: int = -1
    dealer: int = 0
    forehand: int = 1
    scores: list[int] = field(default_factory=list)
    mine: list[str | None] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    tricks_won: list[int] = field(default_factory=list)
    card_points: list[int] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    trick_number: int = 0
    trump: str | None = None
    trump_card: str | None = None
    stock: int = 0
    closed: bool = False
    contract: str | None = None
    declarer: int | None = None
    called: str | None = None
    partner: int | None = None
    doubled: str | None = None
    over: bool = False

    def __post_init__(self) -> None:
        self.scores = [0] * self.rules.players
        self._new_deal()

    def _new_deal(self) -> None:
        n = self.rules.players
        self.mine = []
        self.counts = [0] * n
        self.tricks_won = [0] * n
        self.card_points = [0] * n
        self.trick = []
        self.trick_number = 0
        self.trump = self.trump_card = self.contract = self.called = self.doubled = None
        self.declarer = self.partner = None
        self.stock = 0
        self.closed = False

    # -- words ---------------------------------------------------------------------------------------
    def _names(self, seats: list[int]) -> Text:
        return join([self.name(s) for s in seats]) if seats else Text("nobody")

    def _seats(self, values: list[int], signed: bool = False) -> Text:
        return join(
            [Text.assemble(self.name(s), f" {v:+d}" if signed else f" {v}") for s, v in enumerate(values)]
        )

    def hand_cards(self) -> tuple[list[str], int]:
        """The viewer's cards it may see, in ascending card id, and how many it may not see yet."""
        known = [c for c in self.mine if c is not None]
        return _sorted(known), len(self.mine) - len(known)

    # -- the events ----------------------------------------------------------------------------------
    def feed(self, e: dict[str, Any]) -> list[Text]:
        """Takes in one event and returns the lines that tell it."""
        kind = e["type"]
        seat: Any = e.get("seat")
        if e["hand"] != self.hand:
            self.hand = e["hand"]
            self._new_deal()
        if kind == "deal_started":
            self.dealer, self.forehand = e["dealer"], e["forehand"]
            return [
                Text(
                    f"--- Deal {self.hand + 1}: dealer seat {self.dealer}, "
                    f"seat {self.forehand} is forehand ---",
                    style="bold",
                )
            ]
        if kind == "cut_chosen":
            word = "knocks" if e["choice"] == "knock" else "cuts"
            return [Text.assemble("  ", self._does(seat, word, word[:-1]))]
        if kind in ("cards_dealt", "cards_revealed"):
            cards: list[str | None] = list(e["cards"])
            if kind == "cards_dealt":
                self.counts[seat] += len(cards)
            if seat != self.viewer and self.viewer is not None:
                return []
            if seat == self.viewer:
                if kind == "cards_revealed":
                    hidden = iter(cards)
                    self.mine = [next(hidden, None) if c is None else c for c in self.mine]
                else:
                    self.mine.extend(cards)
            shown = [c for c in cards if c is not None]
            if not shown:
                return []
            verb = "see your last cards: " if kind == "cards_revealed" else "are dealt "
            if seat != self.you:
                verb = "sees the last cards: " if kind == "cards_revealed" else "is dealt "
            hidden_count = len(cards) - len(shown)
            rest = f" and {count(hidden_count, 'card')} you see after choosing trump" if hidden_count else ""
            return [Text.assemble("  ", self.name(seat), " ", verb, cards_text(shown), rest)]
        if kind == "trump_card_turned":
            self.trump_card = e["card"]
            self.trump = e["card"][0]
            self.stock = 10  # S3.5: nine face-down cards on the trump card
            return [Text.assemble("Trump card: ", card_text(self.trump_card), " (S3.5)")]
        if kind == "trump_chosen":
            self.trump = e["suit"]
            if e["turned"] is not None:
                return [
                    Text.assemble(
                        "  ",
                        self._does(seat, "turns"),
                        " up ",
                        card_text(e["turned"]),
                        ": trump is ",
                        _suit(self.trump),
                    )
                ]
            return [Text.assemble("  ", self._does(seat, "chooses"), " trump ", _suit(self.trump))]
        if kind in ("bid", "doubled"):
            word = e["bid" if kind == "bid" else "word"]
            if kind == "doubled" and word != "pass":
                self.doubled = word
            return [Text.assemble("    ", self.name(seat), ": ", Text(word, style=_WORD_STYLE))]
        if kind == "contract_settled":
            self.contract, self.declarer, self.trump = e["contract"], e["declarer"], e["trump"]
            return [
                Text.assemble(
                    "Contract: ",
                    Text(self.contract or "", style=_WORD_STYLE),
                    ", declarer ",
                    self.name(self.declarer),
                    ", trump ",
                    _suit(self.trump),
                )
            ]
        if kind == "card_called":
            self.called = e["card"]
            return [Text.assemble("  ", self._does(seat, "calls"), " ", card_text(self.called), " (S5.4)")]
        if kind == "exchanged":
            if seat == self.viewer:
                self.mine = [e["taken"] if c == e["unter"] else c for c in self.mine]
            self.trump_card = e["unter"]
            return [
                Text.assemble(
                    "  ",
                    self._does(seat, "exchanges"),
                    " ",
                    card_text(e["unter"]),
                    " for ",
                    card_text(e["taken"]),
                    " (S6.5)",
                )
            ]
        if kind == "closed":
            self.closed = True
            return [Text.assemble("  ", self._does(seat, "closes"), " the stock (S6.7)")]
        if kind == "melded":
            return [
                Text.assemble(
                    "  ",
                    self._does(seat, "melds"),
                    " ",
                    _suit(e["suit"]),
                    Text(f" for {e['points']}", style=POINTS_STYLE),
                )
            ]
        if kind == "marriage_credited":
            return [
                Text.assemble(
                    "  ",
                    Text(f"{e['points']}", style=POINTS_STYLE),
                    " for the marriage credited to ",
                    self._names(e["side"]),
                )
            ]
        if kind == "claimed":
            verdict = "correct" if e["correct"] else "wrong"
            return [
                Text.assemble(
                    "  ",
                    self._does(seat, "claims"),
                    f" 66: {verdict} ({count(e['points'], 'point')})",
                    " (S7.1)",
                )
            ]
        if kind == "card_played":
            card = e["card"]
            self.counts[seat] -= 1
            if seat == self.viewer and card in self.mine:
                self.mine.remove(card)
            self.trick.append((seat, card))
            self.trick_number = e["trick"]
            return [Text.assemble("  ", self._does(seat, "plays"), " ", card_text(card))]
        if kind == "partner_revealed":
            self.partner = seat
            return [
                Text.assemble(
                    "  ", self.name(seat), " played the called card: partner of ", self.name(self.declarer)
                )
            ]
        if kind == "trick_won":
            self.tricks_won[seat] += 1
            self.card_points[seat] += e["points"]
            self.trick = []
            self.trick_number = e["trick"] + 1
            return [
                Text.assemble(
                    "  ", self._does(seat, "wins"), f" trick {e['trick'] + 1} ({count(e['points'], 'point')})"
                )
            ]
        if kind == "card_drawn":
            self.counts[seat] += 1
            self.stock -= 1
            card = e["card"]
            if seat == self.viewer and card is not None:
                self.mine.append(card)
            if e["face_up"]:
                self.trump_card = None
            what = card_text(card) if card is not None else Text("a card")
            return [Text.assemble("  ", self._does(seat, "draws"), " ", what)]
        if kind == "deal_scored":
            self.scores = list(e["scores"])
            end = _ENDS.get(e["end"], e["end"])
            return [
                Text.assemble(
                    f"Deal {self.hand + 1} is over ({end}): ",
                    self._do(e["side"], "scores", "score"),
                    " ",
                    Text(f"{e['points']}", style=POINTS_STYLE),
                    "; totals: ",
                    self._seats(self.scores),
                    f" (target {self.rules.target})",
                )
            ]
        if kind == "game_over":
            self.over = True
            self.scores = list(e["scores"])
            return [
                Text.assemble(
                    Text("Game over: ", style="bold"),
                    "won by ",
                    self._names(e["winners"]),
                    ". Bummerl: ",
                    self._names(e["bummerl"]),
                    ". Final scores: ",
                    self._seats(self.scores),
                    ".",
                )
            ]
        return [Text(json.dumps(e))]  # an event type this version does not know: shown as it is

    # -- the table -----------------------------------------------------------------------------------
    def table(self) -> list[Text]:
        """Per seat its total, tricks and card points this deal and cards in hand; trump, the stock,
        the contract, and the current trick."""
        n = self.rules.players
        names = self.padded_names(n)
        lines = [Text(f"Table (deal {self.hand + 1}, target {self.rules.target}):", style="bold")]
        for s in range(n):
            name = names[s]
            row = Text.assemble(
                "  ",
                name,
                f"  {self.scores[s]:>2} pts  {count(self.tricks_won[s], 'trick'):<8} "
                f"{self.card_points[s]:>3} card points  {count(self.counts[s], 'card')} in hand",
            )
            if s == self.dealer:
                row.append("  (dealer)", style="dim")
            lines.append(row)
        trump = Text.assemble("Trump: ", _suit(self.trump))
        if n == 2:
            if self.closed:
                trump.append(f"; the stock is closed ({count(self.stock, 'card')})")
            elif self.stock:
                trump.append_text(
                    Text.assemble(
                        f"; stock {count(self.stock, 'card')}, the last ", card_text(self.trump_card)
                    )
                )
            else:
                trump.append("; the stock is empty")
        lines.append(trump)
        if self.contract is not None and n == 4:
            contract = Text.assemble(
                "Contract: ", Text(self.contract, style=_WORD_STYLE), ", declarer ", self.name(self.declarer)
            )
            if self.called is not None:
                contract.append_text(Text.assemble(", called ", card_text(self.called)))
            if self.doubled is not None:
                contract.append_text(Text.assemble(", ", Text(self.doubled, style=_WORD_STYLE)))
            lines.append(contract)
        if self.contract is not None or n == 2:
            shown = join([Text.assemble(self.name(s), " ", card_text(c)) for s, c in self.trick])
            lines.append(
                Text.assemble(
                    f"Trick {self.trick_number + 1}: ", shown if self.trick else Text("no card yet")
                )
            )
        return lines


# ---- bieten play --game ... --------------------------------------------------------------------------


def _prompt(game: Game, view: View) -> Text:
    phase = game.phase
    if phase == "cut":
        return Text("You are the cutter: cut, or knock for five cards at a time (S3.3).")
    if phase == "trump":
        return Text("You are forehand: name trump from your first three cards, or turn up the fourth (S4.1).")
    if phase == "bid":
        return Text("Announce a contract higher than any so far, or pass (S5.2).")
    if phase == "call":
        return Text("Call a card: its holder is your partner in this deal (S5.4).")
    if phase == "double":
        return Text("Double the deal (spritze), or pass (S5.5).")
    if phase == "retour":
        return Text("You were doubled: double again (retour), or pass (S5.5).")
    if view.trick:
        return Text("Your turn: play a card to the trick (S6).")
    return Text("Your lead (S6.8: exchange, close, meld, claim, then a card).")


def action_label(action: Action) -> Text:
    """A legal action as the numbered choices show it."""
    card = action.card
    if card is not None:
        verb = str(action).split(" ", 1)[0]
        return Text.assemble(verb, " ", card_text(card))
    if action.kind in ("trump", "meld") and action.suit is not None:
        return Text.assemble(action.kind, " ", _suit(action.suit))
    return Text(str(action))


def title(rules: Rules) -> str:
    """The game's name in the greeting: Schnapsen for two players, else Bauernschnapsen."""
    return "Schnapsen" if rules.players == 2 else "Bauernschnapsen"


def deal_data(
    rules: Rules, seed: int, hand: int, dealer: int, knock: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``bieten deal --game ...``: the options that shaped the deal (``knock``: five cards at a time,
    S3.3) and what was dealt (``schnapsen.deal()``: the hands, the trump card and the stock)."""
    return {"knock": knock}, deal(seed, rules, hand=hand, dealer=dealer, knock=knock)


def deal_setup(rules: Rules, knock: bool) -> str:
    """How the deal was made, in the few words of its heading."""
    return f"{rules.players} players, {'knocked: five at a time' if knock else 'cut'}"


def deal_lines(dealt: dict[str, Any]) -> list[str]:
    """The lines of ``bieten deal --game ...`` under its heading and the seats' hands."""
    lines: list[str] = []
    if dealt["trump_card"] is not None:
        lines.append(f"  trump card: {dealt['trump_card']}")
    if dealt["stock"]:
        lines.append(f"  stock: {' '.join(dealt['stock'])}")
    return lines


def about(rules: Rules, players: str) -> str:
    """The rules in a replay's first line, with its ``players``."""
    return f"{rules_name(rules)} rules ({players}; target {rules.target})"


def status(game: Game, view: View, you: int) -> list[Text]:
    """The person's hand and what they are asked, before the numbered moves."""
    known, hidden = view.hand_cards()
    hand = cards_text(known, empty="(none)")
    if hidden:
        hand.append(f" and {count(hidden, 'card')} you see after choosing trump", style="dim")
    return [Text.assemble(Text("Your hand: ", style="bold"), hand), _prompt(game, view)]


def commands(session: PlaySession) -> tuple[dict[str, Callable[[], object]], dict[str, str]]:
    """The commands besides moves and the shared ones (help, table, quit): none."""
    return {}, {}
