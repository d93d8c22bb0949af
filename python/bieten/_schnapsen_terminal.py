"""Bauernschnapsen and Schnapsen at the terminal (``bieten play --game ...``), docs/frontends.md.

Like the Bieten game of ``_terminal.py`` (whose console, cards, numbered moves, input loop and JSON
Lines recorder it shares), it tells the game from ``events_for`` of the person's seat, so it shows
exactly what that seat may see (S12): its own cards (forehand's last two only after his trump
choice), every card played, trump, contract and doubles, the stock's size and all totals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, TextIO

from rich.console import Console
from rich.text import Text

from bieten import _core
from bieten._core import ActionError, AgentError, Card, SeatError
from bieten._simulate import AGENTS, is_builtin_agent  # the built-in agents for the other seats
from bieten._terminal import (
    _POINTS_STYLE,
    _YOU_STYLE,
    Reader,
    Recorder,
    SeatLoop,
    _count,
    _default_reader,
    _join,
    card_text,
    cards_text,
    make_console,
    numbered,
    take_turn,
)
from bieten.schnapsen import Action, Game, Rules
from bieten.schnapsen import action_text as schnapsen_action_text

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
class SchnapsenView:
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
    def name(self, seat: int | None) -> Text:
        if seat is None:
            return Text("nobody")
        if seat == self.you:
            return Text("you", style=_YOU_STYLE)
        return Text(f"seat {seat}")

    def _does(self, seat: int, verb: str, plural: str | None = None) -> Text:
        """'seat 2 plays' / 'you play'."""
        if seat == self.you:
            return Text.assemble(self.name(seat), " ", plural or verb[:-1])
        return Text.assemble(self.name(seat), " ", verb)

    def _names(self, seats: list[int]) -> Text:
        return _join([self.name(s) for s in seats]) if seats else Text("nobody")

    def _seats(self, values: list[int], signed: bool = False) -> Text:
        return _join(
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
            rest = f" and {_count(hidden_count, 'card')} you see after choosing trump" if hidden_count else ""
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
                    Text(f" for {e['points']}", style=_POINTS_STYLE),
                )
            ]
        if kind == "marriage_credited":
            return [
                Text.assemble(
                    "  ",
                    Text(f"{e['points']}", style=_POINTS_STYLE),
                    " for the marriage credited to ",
                    self._names(e["side"]),
                )
            ]
        if kind == "claimed":
            verdict = "correct" if e["correct"] else "wrong"
            return [
                Text.assemble(
                    "  ", self._does(seat, "claims"), f" 66: {verdict} ({e['points']} points)", " (S7.1)"
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
                    "  ", self._does(seat, "wins"), f" trick {e['trick'] + 1} ({e['points']} points)"
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
                    self._names(e["side"]),
                    " score ",
                    Text(f"{e['points']}", style=_POINTS_STYLE),
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
        names = [self.name(s) for s in range(n)]
        width = max(len(t.plain) for t in names)
        lines = [Text(f"Table (deal {self.hand + 1}, target {self.rules.target}):", style="bold")]
        for s in range(n):
            name = names[s].copy()
            name.pad_right(width - len(name.plain))
            row = Text.assemble(
                "  ",
                name,
                f"  {self.scores[s]:>2} pts  {_count(self.tricks_won[s], 'trick'):<8} "
                f"{self.card_points[s]:>3} card points  {_count(self.counts[s], 'card')} in hand",
            )
            if s == self.dealer:
                row.append("  (dealer)", style="dim")
            lines.append(row)
        trump = Text.assemble("Trump: ", _suit(self.trump))
        if n == 2:
            if self.closed:
                trump.append(f"; the stock is closed ({self.stock} cards)")
            elif self.stock:
                trump.append_text(
                    Text.assemble(f"; stock {self.stock} cards, the last ", card_text(self.trump_card))
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
            shown = _join([Text.assemble(self.name(s), " ", card_text(c)) for s, c in self.trick])
            lines.append(
                Text.assemble(
                    f"Trick {self.trick_number + 1}: ", shown if self.trick else Text("no card yet")
                )
            )
        return lines


# ---- bieten play --game ... --------------------------------------------------------------------------


def _prompt(game: Game, view: SchnapsenView) -> Text:
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


def _action_text(action: Action) -> Text:
    card = action.card
    if card is not None:
        verb = str(action).split(" ", 1)[0]
        return Text.assemble(verb, " ", card_text(card))
    if action.kind in ("trump", "meld") and action.suit is not None:
        return Text.assemble(action.kind, " ", _suit(action.suit))
    return Text(str(action))


def _parse_move(answer: str) -> Action:
    """An action from S11 text, or a card alone for 'play <card>'."""
    try:
        return Action(answer)
    except ActionError:
        try:
            return Action("play " + answer)
        except ActionError:
            pass
        raise


@dataclass
class SchnapsenSession(SeatLoop):
    """A person at ``you`` against built-in agents; ``run`` plays until the game ends or they quit."""

    game: Game
    you: int
    opponents: str
    console: Console
    read: Reader
    recorder: Recorder | None = None
    save_path: str | None = None
    preset: str = "schnapsen"
    agents: dict[int, _core.schnapsen.CoreAgent] = field(default_factory=dict)
    view: SchnapsenView = field(init=False)
    _seen: int = 0

    def __post_init__(self) -> None:
        # Each bot draws from its own generator derived from the game seed as simulate() does
        # (docs/simulate.md), so the same seed and the same moves give the same game.
        self.agents = {
            s: _core.schnapsen.CoreAgent(self.opponents, _core.agent_state(self.game.seed, s))
            for s in range(self.game.rules.players)
            if s != self.you
        }
        self.view = SchnapsenView(self.game.rules, viewer=self.you, you=self.you)

    @staticmethod
    def action_text(action: int) -> str:
        return schnapsen_action_text(action)

    def _status(self, actions: list[Action]) -> None:
        self.say(Text(""), *self.view.table())
        known, hidden = self.view.hand_cards()
        hand = cards_text(known, empty="(none)")
        if hidden:
            hand.append(f" and {_count(hidden, 'card')} you see after choosing trump", style="dim")
        self.say(Text.assemble(Text("Your hand: ", style="bold"), hand))
        self.say(_prompt(self.game, self.view), *numbered([_action_text(a) for a in actions]))

    def _finish(self, quitting: bool) -> None:
        if self.recorder is not None:
            game = self.game
            self.recorder.end_line(
                {
                    "ply": game.ply,
                    "hand_number": game.hand_number,
                    "scores": game.scores,
                    "winners": game.winners,
                }
            )
            self.say(f"Saved to {self.save_path} (bieten replay {self.save_path}).")
        elif quitting:
            self.say(
                "Not saved (bieten play --save FILE.jsonl saves a game). Its record:", self.game.to_json()
            )

    def _turn(self) -> bool:
        """The person's move: False if they quit."""
        actions = self.game.legal_actions()
        self._status(actions)
        commands = {"help": lambda: self.say(HELP), "t": lambda: self._status(actions)}
        aliases = {"h": "help", "table": "t"}
        return take_turn(self.read, self.say, actions, _parse_move, self._apply, commands, aliases)

    def run(self) -> int:
        rules = self.game.rules
        self.say(
            Text.assemble(
                Text("Schnapsen" if rules.players == 2 else "Bauernschnapsen", style="bold"),
                f" ({self.preset}, {rules.players} players, target {rules.target}), seed {self.game.seed}."
                f" You are seat {self.you}; opponents: {self.opponents}.",
            ),
            "Type a move's number or its S11 text, 'help', or 'q' to quit.",
        )
        while not self.game.is_over:
            self._catch_up()
            actor = self.game.current_player
            assert actor is not None
            if actor != self.you:
                self._apply(self.agents[actor].act(self.game))
                continue
            if not self._turn():
                self._finish(quitting=True)
                return 0
        self._catch_up()
        self._finish(quitting=False)
        return 0


def play(
    rules: Rules,
    out: TextIO,
    *,
    seed: int | None = None,
    you: int = 0,
    opponents: str = "heuristic",
    save: str | None = None,
    color: bool = False,
    preset: str = "schnapsen",
    read: Reader | None = None,
) -> SchnapsenSession:
    """Plays ``bieten play --game ...`` on ``out``, reading moves with ``read`` (default: standard
    input); returns the session (its ``game`` is the game as it was left)."""
    if isinstance(you, bool) or not isinstance(you, int) or not 0 <= you < rules.players:
        raise SeatError(f"S2.1: your seat must be an int from 0 to {rules.players - 1}, not {you!r}")
    if not is_builtin_agent(opponents):
        raise AgentError(f"unknown agent {opponents!r}; the built-in agents are {', '.join(AGENTS)}")
    console = make_console(out, color)
    game = Game(rules, seed=seed)
    stream = open(save, "w", encoding="utf-8") if save else None  # noqa: SIM115 - closed below
    try:
        agents = [("human" if s == you else opponents) for s in range(rules.players)]
        session = SchnapsenSession(
            game=game,
            you=you,
            opponents=opponents,
            console=console,
            read=read or _default_reader(console),
            recorder=Recorder(stream, game, agents) if stream is not None else None,
            save_path=save,
            preset=preset,
        )
        try:
            session.run()
        except KeyboardInterrupt:
            console.print("")
            session._finish(quitting=True)
        return session
    finally:
        if stream is not None:
            stream.close()
