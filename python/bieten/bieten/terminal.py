"""Bieten's terminal view (``bieten play``, ``bieten replay``; docs/frontends.md): how a seat's view
tells Bieten's events (docs/events.md), its prompts, help and the ``odds`` command. The loops that
use it are python/bieten/terminal/_loop.py; the registry names this module ``BIETEN.terminal``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Text

from bieten._core import Action
from bieten.bieten._deal import deal, deal_top_card
from bieten.bieten._figures import evaluate, figure_odds
from bieten.bieten._rules import Rules
from bieten.terminal._render import (
    BID_STYLE,
    POINTS_STYLE,
    SeatWords,
    card_text,
    cards_text,
    count,
    join,
    percent,
)

if TYPE_CHECKING:
    from bieten.bieten._game import Game
    from bieten.terminal._loop import PlaySession

#: The figures one can bid (R6), in the order the odds and the bids are listed.
FIGURES = ("red", "green", "gleich", "hanger", "spiel")
#: The end line's field that says who won (docs/frontends.md): R8.2's one seat.
END_FIELD = "winner"
#: What the greeting asks of the person.
INSTRUCTIONS = "Type a move's number or its R11 text, 'odds' for your figure odds, 'help', or 'q' to quit."


def title(rules: Rules) -> str:
    """The game's name in the greeting."""
    return "Bieten"


def deal_data(
    rules: Rules, seed: int, hand: int, dealer: int, knock: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``bieten deal``: the options that shaped the deal (none besides the rules; ``knock`` is
    another family's) and what was dealt: every seat's cards, the face-up card (R3.8) and each figure's
    winner (R6), or None for the figures when a wild card was dealt (R5.2: they depend on how it is
    named)."""
    hands = deal(seed, rules, hand=hand, dealer=dealer)
    top = deal_top_card(seed, rules, hand=hand, dealer=dealer) if rules.show_top_card else None
    wild = {"none": set(), "weli": {"S6"}, "spitzen": {"S6", "S7", "E7"}}[rules.wild]
    named_later = any(card in wild for cards in hands for card in cards)
    return {}, {"hands": hands, "top_card": top, "figures": None if named_later else evaluate(hands, rules)}


def deal_setup(rules: Rules, knock: bool) -> str:
    """How the deal was made, in the few words of its heading."""
    return f"{rules.players} players, {rules.hand_size} cards"


def deal_lines(dealt: dict[str, Any]) -> list[str]:
    """The lines of ``bieten deal`` under its heading and the seats' hands."""
    lines: list[str] = []
    if dealt["top_card"] is not None:
        lines.append(f"  face-up card: {dealt['top_card']}")
    winners = dealt["figures"]
    if winners is None:
        lines.append("Figures: a wild card was dealt; the figures depend on how it is named (R5.2).")
        return lines
    lines.append("Figures:")
    for name, seat in winners.items():
        lines.append(f"  {name:7} {'nobody' if seat is None else f'seat {seat}'}")
    return lines


def about(rules: Rules, players: str) -> str:
    """The rules in a replay's first line, with its ``players``."""
    return f"{rules_name(rules)} rules ({players}; {rules.hand_size} cards, target {rules.target})"


# ---- What a seat knows, told from the events --------------------------------------------------------

_ANSWERS = {
    ("bid", "good"): "good",
    ("bid", "hold"): "hold (the bid stands at 2)",
    ("bid", "three"): "three (raises to 3)",
    ("reraise", "three"): "three (raises to 3)",
    ("reraise", "pass"): "pass (no raise)",
    ("raise", "good"): "good",
    ("raise", "hold"): "hold (it stands at 3)",
}
_REASONS = {
    "unbid": "unbid, the best",
    "conceded": "bid, conceded",
    "held": "bid, held at 2",
    "raise_conceded": "raise conceded",
    "held_three": "held at 3",
    "weli_point": "the Weli point",
}
# credit_void (docs/events.md): what the credit was, and why nobody receives it, with the rule.
_VOID_CREDITS = {
    "unbid": "unbid",
    "conceded": "conceded",
    "held": "held",
    "raise_conceded": "raise conceded",
    "held_three": "held at 3",
    "weli_point": "Weli point",
}
_VOID_WHY = {
    "tie": "the best are tied — void (R6.5)",
    "unheld": "nobody has it — void (R7.7)",
    "game_over": "the game is already won — void (R8.2)",
}


@dataclass
class View(SeatWords):
    """A game as one seat sees it (``viewer``; None: every card, from ``game.events``), kept up to
    date by ``feed`` with each event's dict, which also returns the lines that tell the event.

    ``you`` is the seat called "you" (the person at the keyboard), if any.
    """

    rules: Rules
    viewer: int | None = None
    you: int | None = None
    hand: int = -1
    dealer: int = 0
    scores: list[int] = field(default_factory=list)
    dealt: list[list[str] | None] = field(default_factory=list)
    played: list[list[tuple[str, str | None]]] = field(default_factory=list)
    trick: list[tuple[int, str, str | None]] = field(default_factory=list)
    trick_number: int = 0
    tricks_won: list[int] = field(default_factory=list)
    top_card: str | None = None
    bids: dict[str, Text] = field(default_factory=dict)
    open_bid: tuple[str, int] | None = None
    hand_closed: bool = False
    over: bool = False
    shown: str | None = None
    stolen: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.rules.players
        self.scores = [0] * n
        self._new_hand()

    def _new_hand(self) -> None:
        n = self.rules.players
        self.dealt = [None] * n
        self.played = [[] for _ in range(n)]
        self.trick = []
        self.trick_number = 0
        self.tricks_won = [0] * n
        self.top_card = None
        self.bids = {}
        self.open_bid = None
        self.hand_closed = False
        self.shown = None
        self.stolen = []

    # -- words -------------------------------------------------------------------------------------
    def _seats(self, values: list[int], signed: bool = False) -> Text:
        return join(
            [Text.assemble(self.name(s), f" {v:+d}" if signed else f" {v}") for s, v in enumerate(values)]
        )

    def unplayed(self, seat: int) -> list[str] | None:
        cards = self.dealt[seat]
        if cards is None:
            return None
        gone = {card for card, _ in self.played[seat]}
        return [c for c in cards if c not in gone]

    # -- the events --------------------------------------------------------------------------------
    def feed(self, e: dict[str, Any]) -> list[Text]:
        """Takes in one event (``Event.to_dict()``) and returns the lines that tell it."""
        kind = e["type"]
        if e["hand"] != self.hand:
            self.hand = e["hand"]
            self._new_hand()
        seat: Any = e.get("seat")
        if kind == "hand_dealt":
            self.dealer = e["dealer"]
            self.dealt = [None if h is None else list(h) for h in e["hands"]]
            lines = [
                Text(
                    f"--- Hand {self.hand + 1}: dealer seat {self.dealer}, seat {e['forehand']} leads ---",
                    style="bold",
                )
            ]
            for s, cards in enumerate(self.dealt):
                if cards is not None:
                    holds = "You hold: " if s == self.you else f"Seat {s} holds: "
                    lines.append(Text.assemble(holds, cards_text(cards)))
            return lines
        if kind in ("card_seen", "card_stolen", "card_left"):
            self.dealer = (seat + 1) % self.rules.players  # the cutter sits at the dealer's right (R2.2)
            card = e["card"]
            if kind == "card_seen":
                self.shown = card
            elif kind == "card_stolen" and card is not None:
                self.stolen.append(card)
            what: Text = (
                card_text(card) if card is not None else Text("a card" if kind == "card_seen" else "it")
            )
            if kind == "card_seen":
                shown = " are shown " if seat == self.you else " is shown "
                return [Text.assemble("  ", self.name(seat), shown, what, " (the cutter, R3.7)")]
            word = "steals" if kind == "card_stolen" else "leaves"
            return [Text.assemble("  ", self._does(seat, word), " ", what)]
        if kind == "top_card_shown":
            self.top_card = e["card"]
            return [Text.assemble("Face-up card: ", card_text(self.top_card), " (R3.8)")]
        if kind == "card_played":
            card, named = e["card"], e["as"]
            self.played[seat].append((card, named))
            self.trick.append((seat, card, named))
            self.trick_number = e["trick"]
            return [Text.assemble("  ", self._does(seat, "plays"), " ", card_text(card, named))]
        if kind == "trick_won":
            self.tricks_won[seat] += 1
            self.trick = []
            self.trick_number = e["trick"] + 1
            return [Text.assemble("  ", self._does(seat, "wins"), f" trick {e['trick'] + 1}")]
        if kind == "bid_opened":
            self.open_bid = (e["figure"], seat)
            self.bids[e["figure"]] = Text.assemble("open, bid by ", self.name(seat))
            return [Text.assemble("  ", self._does(seat, "bids"), " ", Text(e["figure"], style=BID_STYLE))]
        if kind == "answered":
            if e["answer"] == "hold":
                stake = 3 if e["stage"] == "raise" else 2
                self.bids[e["figure"]] = Text.assemble(f"stands at {stake} (held by ", self.name(seat), ")")
            elif e["answer"] == "three":
                self.bids[e["figure"]] = Text.assemble("raised to 3 by ", self.name(seat))
            words = _ANSWERS.get((e["stage"], e["answer"]), e["answer"])
            return [Text.assemble("    ", self.name(seat), ": ", Text(words, style=BID_STYLE))]
        if kind == "turn_passed":
            return [Text.assemble("  ", self._does(seat, "passes", "pass"))]
        if kind == "bid_settled":
            return [self._settled(e)]
        if kind == "figure_credited":
            lines = self._close_hand()
            figure = "the Weli point" if e["figure"] == "weli" else e["figure"]
            reason = _REASONS.get(e["reason"], e["reason"])
            verb = "score" if seat == self.you else "scores"
            lines.append(
                Text.assemble(
                    "  ",
                    self.name(seat),
                    f" {verb} ",
                    Text(f"{e['points']}", style=POINTS_STYLE),
                    f" for {figure} ({reason})" if e["figure"] != "weli" else f" for {figure}",
                )
            )
            return lines
        if kind == "credit_void":
            lines = self._close_hand()
            lines.append(self._void(e))
            return lines
        if kind == "hand_scored":
            lines = self._close_hand()
            self.scores = list(e["scores"])
            lines.append(
                Text.assemble(
                    f"Hand {self.hand + 1} scores: ",
                    self._seats(e["points"], signed=True),
                    "; totals: ",
                    self._seats(self.scores),
                    f" (target {self.rules.target})",
                )
            )
            return lines
        if kind == "game_over":
            self.over = True
            self.scores = list(e["scores"])
            winner = e["winner"]
            verb = "win" if winner == self.you else "wins"
            bummerl = join([self.name(s) for s in e["bummerl"]]) if e["bummerl"] else Text("nobody")
            return [
                Text.assemble(
                    Text("Game over: ", style="bold"),
                    self.name(winner),
                    f" {verb} with {self.scores[winner]}",
                    ". Bummerl: ",
                    bummerl,
                    ". Final scores: ",
                    self._seats(self.scores),
                    ".",
                )
            ]
        return [Text(json.dumps(e))]  # an event type this version does not know: shown as it is

    def _settled(self, e: dict[str, Any]) -> Text:
        figure, outcome, bidder, by = e["figure"], e["outcome"], e["bidder"], e["by"]
        self.open_bid = None
        fig = Text(figure, style=BID_STYLE)
        if outcome == "conceded":
            short = Text.assemble("conceded to ", self.name(bidder), " (1)")
            line = Text.assemble("    ", fig, " is conceded: ", self.name(bidder), " will get 1")
        elif outcome == "stands":
            short = Text.assemble("stands at 2 (held by ", self.name(by), ")")
            line = Text.assemble(
                "    ", fig, " stands at 2, held by ", self.name(by), f": the best {figure} gets 2"
            )
        elif outcome == "raise_conceded":
            short = Text.assemble("raise conceded to ", self.name(by), " (2)")
            line = Text.assemble("    ", fig, " raise is conceded: ", self.name(by), " will get 2")
        else:
            short = Text.assemble("stands at 3 (held by ", self.name(by), ")")
            line = Text.assemble(
                "    ", fig, " stands at 3, held by ", self.name(by), f": the best {figure} gets 3"
            )
        self.bids[figure] = short
        return line

    def _void(self, e: dict[str, Any]) -> Text:
        """'  spiel (held, 2): nobody has it — void (R7.7)': a credit that nobody receives."""
        weli = e["figure"] == "weli"
        credit = f"{_VOID_CREDITS[e['credit']]}, {e['points']}"
        what = f"the Weli point ({e['points']})" if weli else f"{e['figure']} ({credit})"
        why = _VOID_WHY[e["reason"]]
        if weli and e["reason"] == "unheld":
            why = "nobody was dealt the Weli — void (R6.6)"
        line = Text.assemble("  ", what, ": ", why, style="dim")
        seat = e["seat"]
        if seat is not None:  # R8.2: who would have had it
            line.append_text(Text.assemble("; ", self.name(seat), " would have had it", style="dim"))
        return line

    def _close_hand(self) -> list[Text]:
        if self.hand_closed:
            return []
        self.hand_closed = True
        line = Text.assemble(f"Hand {self.hand + 1} is over. Tricks won: ", self._seats(self.tricks_won))
        return [line]

    # -- the table ---------------------------------------------------------------------------------
    def table(self) -> list[Text]:
        """The table: per seat its score, tricks and face-up played cards (R4.4), the face-up card
        (R3.8), the current trick, the bids of this hand, and the viewer's own unplayed cards."""
        n = self.rules.players
        names = self.padded_names(n)
        lines = [Text(f"Table (hand {self.hand + 1}, target {self.rules.target}):", style="bold")]
        for s in range(n):
            name = names[s]
            played = [card_text(c, a, sep="=") for c, a in self.played[s]]
            row = Text.assemble(
                "  ",
                name,
                f"  {self.scores[s]:>2} pts  {count(self.tricks_won[s], 'trick'):<8}  played: ",
                join(played, " ") if played else Text("-", style="dim"),
            )
            if s == self.dealer:
                row.append("  (dealer)", style="dim")
            lines.append(row)
        if self.top_card is not None:
            lines.append(Text.assemble("Face-up card: ", card_text(self.top_card)))
        if self.trick_number < self.rules.hand_size:
            shown = join([Text.assemble(self.name(s), " ", card_text(c, a)) for s, c, a in self.trick])
            lines.append(
                Text.assemble(
                    f"Trick {self.trick_number + 1}: ", shown if self.trick else Text("no card yet")
                )
            )
        if self.bids:
            lines.append(
                Text.assemble(
                    "Bids: ",
                    join([Text.assemble(Text(f, style=BID_STYLE), " ", t) for f, t in self.bids.items()]),
                )
            )
        return lines


# ---- bieten play ------------------------------------------------------------------------------------

HELP = """\
Type the number of a move, or the move in R11 notation:
  play HA, play S6 as HK (a wild, R5.2), bid red|green|gleich|hanger|spiel,
  good, hold, three, pass, steal, leave. A card alone (HA) means 'play HA'.
Other commands:
  odds, ?   the chance that your hand ends with the best of each figure
  t, table  show the table and your moves again
  help, h   this help
  q, quit   stop (the game is saved first with --save)"""


def rules_name(rules: Rules) -> str:
    """The preset the rules are (with their players, hand size and target), else 'custom'."""
    for name in Rules.PRESETS:
        same = Rules.preset(name, players=rules.players, hand_size=rules.hand_size, target=rules.target)
        if same == rules:
            return name
    return "custom"


def _prompt_context(game: Game, view: View, you: int) -> Text:
    phase = game.phase
    if phase == "steal":
        return Text.assemble(
            "You are the cutter and were shown ", card_text(view.shown), ": steal it or leave it (R3.7)."
        )
    if phase in ("answer", "raise_answer") and view.open_bid is not None:
        figure, bidder = view.open_bid
        if phase == "answer":
            return Text.assemble(
                view.name(bidder), " bid ", Text(figure, style=BID_STYLE), ": your answer (R7.4)."
            )
        return Text.assemble(
            "The bid on ", Text(figure, style=BID_STYLE), " was raised to 3: your answer (R7.5)."
        )
    if phase == "reraise" and view.open_bid is not None:
        return Text.assemble(
            "The bid on ",
            Text(view.open_bid[0], style=BID_STYLE),
            " stands at 2: raise to three or pass (R7.6).",
        )
    if phase == "after_play":
        return Text("You have played: open a bid, or pass (R7.1).")
    return Text("Your turn: play a card, or open a bid (R7.1).")


def action_label(action: Action) -> Text:
    """A legal action as the numbered choices show it."""
    if action.kind == "play" and action.card is not None:
        return Text.assemble("play ", card_text(action.card, action.named))
    if action.kind == "bid" and action.figure is not None:
        return Text.assemble("bid ", Text(action.figure, style=BID_STYLE))
    return Text(str(action))


def status(game: Game, view: View, you: int) -> list[Text]:
    """The person's hand and what they are asked, before the numbered moves."""
    mine = game.unplayed[you]
    if game.phase == "steal":
        hand = Text.assemble("not dealt yet", "; stolen: " if mine else "", cards_text(mine, empty=""))
    else:
        hand = cards_text(mine, empty="(all played)")
    return [Text.assemble(Text("Your hand: ", style="bold"), hand), _prompt_context(game, view, you)]


def commands(session: PlaySession) -> tuple[dict[str, Callable[[], object]], dict[str, str]]:
    """The commands besides moves (``odds``, also ``?``): the chance that the person's hand ends
    with the best of each figure."""

    def odds() -> None:
        chances = figure_odds(session.game, session.you)
        parts = [Text.assemble(Text(f, style=BID_STYLE), " ", percent(chances[f])) for f in FIGURES]
        session.say(
            Text.assemble(
                "Figure odds (the chance your hand ends with the best of each): ", join(parts, " | ")
            )
        )

    return {"odds": odds}, {"?": "odds"}
