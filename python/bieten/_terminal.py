"""The terminal game (``bieten play``) and its replay (``bieten replay``), docs/frontends.md.

Both tell a game from an event stream (docs/events.md): ``play`` from ``events_for`` of the person's
seat, so it shows exactly what that seat may see, and ``replay`` from one seat's view or from every
event. A game is saved as JSON Lines as it goes: a header with the game record, then one line per
action, then an end line; ``load_jsonl`` rebuilds it and refuses a file that was tampered with.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol, SupportsInt, TextIO, TypeVar

from rich.console import Console
from rich.text import Text

from bieten import _core
from bieten._core import Action, ActionError, AgentError, BietenError, SeatError
from bieten._game import Game, GameRecordError, action_text
from bieten._rules import Rules
from bieten._simulate import AGENTS, Agent, figure_odds, is_builtin_agent
from bieten.schnapsen._game import JSON_FORMAT as SCHNAPSEN_FORMAT
from bieten.schnapsen._game import Game as SchnapsenGame

#: The figures one can bid (R6), in the order the odds and the bids are listed.
FIGURES = ("red", "green", "gleich", "hanger", "spiel")
#: The ``type`` of each line of a saved game (docs/frontends.md).
LINE_TYPES = ("game", "action", "end")

_SUIT_STYLES = {"H": "red", "L": "green", "S": "yellow", "E": "orange4"}
_WELI_STYLE = "bold black on bright_yellow"
_YOU_STYLE = "bold cyan"
_BID_STYLE = "bold magenta"
_POINTS_STYLE = "bold green"
_REFUSED_STYLE = "bold red"

Reader = Callable[[str], str]
_Move = TypeVar("_Move")


class _Recordable(Protocol):
    def to_record(self) -> dict[str, Any]: ...


class _Teller(Protocol):
    def feed(self, e: dict[str, Any]) -> list[Text]: ...


class _Event(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


class _SeatedGame(Protocol):
    """What a person's seat needs of a game of either kind."""

    @property
    def current_player(self) -> int | None: ...
    @property
    def ply(self) -> int: ...
    def events_for(self, seat: int) -> Sequence[_Event]: ...
    def apply(self, action: Any, *, seat: int | None = None, ply: int | None = None) -> None: ...


class SeatLoop:
    """What a person's console session does in both games: print, tell the seat's new events
    (``events_for``, so only what the seat may see), apply an action for the seat to act with its
    ply (R9/S9) and write it to the recorder. ``action_text`` turns an id into its R11/S11 text."""

    game: _SeatedGame
    you: int
    console: Console
    recorder: Recorder | None
    view: _Teller
    _seen: int

    @staticmethod
    def action_text(action: int) -> str:
        raise NotImplementedError

    def say(self, *lines: Text | str) -> None:
        for line in lines:
            self.console.print(line)

    def _catch_up(self) -> None:
        events = self.game.events_for(self.you)
        for event in events[self._seen :]:
            self.say(*self.view.feed(event.to_dict()))
        self._seen = len(events)

    def _apply(self, action: SupportsInt) -> None:
        seat, ply = self.game.current_player, self.game.ply
        assert seat is not None
        self.game.apply(action, seat=seat, ply=ply)
        if self.recorder is not None:
            self.recorder.action(ply, seat, self.action_text(int(action)))


#: A saved game is of Bieten or of Bauernschnapsen and Schnapsen (by its record's format).
AnyGame = Game | SchnapsenGame


class ReplayError(GameRecordError):
    """A saved game (JSON Lines) that is malformed, tampered with or inconsistent."""


# ---- Output ----------------------------------------------------------------------------------------


def make_console(out: TextIO, color: bool) -> Console:
    """A rich console on ``out``: with colour (ANSI styles) or as plain text without any escape code."""
    return Console(
        file=out,
        force_terminal=color,
        no_color=not color,
        color_system="auto" if color else None,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )


def wants_color(out: TextIO, no_color: bool) -> bool:
    """Colour unless ``--no-color``, the ``NO_COLOR`` convention, or ``out`` is not a terminal."""
    if no_color or "NO_COLOR" in os.environ:
        return False
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


def card_text(card: str | None, named: str | None = None, sep: str = " as ") -> Text:
    """A card in its suit's colour (the Weli highlighted); ``?`` for a card the viewer may not see."""
    if card is None:
        return Text("?", style="dim")
    style = _WELI_STYLE if card == "S6" else _SUIT_STYLES.get(card[0], "")
    text = Text(card, style=style)
    if named is not None:
        text.append(sep)
        text.append_text(card_text(named))
    return text


def cards_text(cards: list[str] | None, empty: str = "-") -> Text:
    if cards is None:
        return Text("?", style="dim")
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c) for c in cards)


def _join(parts: list[Text], sep: str = ", ") -> Text:
    return Text(sep).join(parts)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _percent(p: float) -> str:
    return f"{100 * p:.0f}%" if p >= 0.1 or p == 0 else f"{100 * p:.1f}%"


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
class View:
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

    def _seats(self, values: list[int], signed: bool = False) -> Text:
        return _join(
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
            return [Text.assemble("  ", self._does(seat, "bids"), " ", Text(e["figure"], style=_BID_STYLE))]
        if kind == "answered":
            if e["answer"] == "hold":
                stake = 3 if e["stage"] == "raise" else 2
                self.bids[e["figure"]] = Text.assemble(f"stands at {stake} (held by ", self.name(seat), ")")
            elif e["answer"] == "three":
                self.bids[e["figure"]] = Text.assemble("raised to 3 by ", self.name(seat))
            words = _ANSWERS.get((e["stage"], e["answer"]), e["answer"])
            return [Text.assemble("    ", self.name(seat), ": ", Text(words, style=_BID_STYLE))]
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
                    Text(f"{e['points']}", style=_POINTS_STYLE),
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
            bummerl = _join([self.name(s) for s in e["bummerl"]]) if e["bummerl"] else Text("nobody")
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
        fig = Text(figure, style=_BID_STYLE)
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
        names = [self.name(s) for s in range(n)]
        width = max(len(t.plain) for t in names)
        lines = [Text(f"Table (hand {self.hand + 1}, target {self.rules.target}):", style="bold")]
        for s in range(n):
            name = names[s].copy()
            name.pad_right(width - len(name.plain))
            played = [card_text(c, a, sep="=") for c, a in self.played[s]]
            row = Text.assemble(
                "  ",
                name,
                f"  {self.scores[s]:>2} pts  {_count(self.tricks_won[s], 'trick'):<8}  played: ",
                _join(played, " ") if played else Text("-", style="dim"),
            )
            if s == self.dealer:
                row.append("  (dealer)", style="dim")
            lines.append(row)
        if self.top_card is not None:
            lines.append(Text.assemble("Face-up card: ", card_text(self.top_card)))
        if self.trick_number < self.rules.hand_size:
            shown = _join([Text.assemble(self.name(s), " ", card_text(c, a)) for s, c, a in self.trick])
            lines.append(
                Text.assemble(
                    f"Trick {self.trick_number + 1}: ", shown if self.trick else Text("no card yet")
                )
            )
        if self.bids:
            lines.append(
                Text.assemble(
                    "Bids: ",
                    _join([Text.assemble(Text(f, style=_BID_STYLE), " ", t) for f, t in self.bids.items()]),
                )
            )
        return lines


# ---- Saved games (JSON Lines) -----------------------------------------------------------------------


class Recorder:
    """Writes a game as JSON Lines while it is played, one flushed line at a time (docs/frontends.md)."""

    def __init__(self, stream: IO[str], game: _Recordable, agents: list[str] | None = None) -> None:
        self.stream = stream
        header: dict[str, Any] = {"type": "game", "record": game.to_record()}
        if agents is not None:
            header["agents"] = agents
        self._write(header)

    def _write(self, obj: dict[str, Any]) -> None:
        self.stream.write(json.dumps(obj) + "\n")
        self.stream.flush()

    def action(self, ply: int, seat: int, action: str) -> None:
        self._write({"type": "action", "ply": ply, "seat": seat, "action": action})

    def end(self, game: Game) -> None:
        self.end_line(
            {"ply": game.ply, "hand_number": game.hand_number, "scores": game.scores, "winner": game.winner}
        )

    def end_line(self, fields: dict[str, Any]) -> None:
        """The end line: the state the actions lead to, to check the file by."""
        self._write({"type": "end", **fields})


@dataclass
class Step:
    """One action of a saved game: the line it is on (0 for an action of the header's record)."""

    line: int
    ply: int
    seat: int
    action: str


@dataclass
class SavedGame:
    """A saved game, checked: the game before its first action, its actions, and the game after them."""

    start: AnyGame
    steps: list[Step]
    final: AnyGame
    agents: list[str] | None
    ended: bool


_CHECK_FIELDS = ("hand_number", "scores", "hands")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_jsonl(text: str, name: str = "<jsonl>") -> SavedGame:
    """Rebuilds a saved game from its JSON Lines and checks every line; a malformed, tampered or
    inconsistent file raises ReplayError naming the line."""

    def fail(line: int, message: str) -> ReplayError:
        return ReplayError(f"{name}, line {line}: {message}")

    rows: list[tuple[int, dict[str, Any]]] = []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, raw in enumerate(lines, 1):
        try:
            obj = json.loads(raw)
        except ValueError as err:
            raise fail(number, f"not JSON ({err}); each line is one JSON object") from None
        if not isinstance(obj, dict) or obj.get("type") not in LINE_TYPES:
            kind = obj.get("type") if isinstance(obj, dict) else type(obj).__name__
            raise fail(number, f"a line is a JSON object of type {', '.join(LINE_TYPES)}, not {kind!r}")
        rows.append((number, obj))
    if not rows:
        raise ReplayError(f"{name}: empty; the first line must be the game header")
    first, header = rows[0]
    if header["type"] != "game":
        raise fail(
            first, f"the first line must be the game header (type 'game'), not type {header['type']!r}"
        )
    unknown = sorted(set(header) - {"type", "record", "agents"})
    if unknown:
        raise fail(first, f"unknown header field(s) {', '.join(unknown)}")
    record = header.get("record")
    if not isinstance(record, dict):
        raise fail(first, "the header's 'record' must be a game record object (Game.to_record())")
    agents = header.get("agents")
    if agents is not None and not (isinstance(agents, list) and all(isinstance(a, str) for a in agents)):
        raise fail(first, "the header's 'agents' must be a list of names, one per seat")
    record = {"actions": [], **record}  # a header may leave out the (empty) actions
    try:
        game_class: type[Game] | type[SchnapsenGame] = (
            SchnapsenGame if record.get("format") == SCHNAPSEN_FORMAT else Game
        )
        game_class.from_record(record)  # the record as it is, with its checks (R3: a changed seed is refused)
        prefix = record.get("actions", [])
        bare = {k: v for k, v in record.items() if k not in _CHECK_FIELDS}
        start: AnyGame = game_class.from_record({**bare, "actions": []})
    except GameRecordError as err:
        raise fail(first, str(err)) from None
    if agents is not None and len(agents) != start.rules.players:
        raise fail(first, f"the header names {len(agents)} agents for {start.rules.players} players")

    game = start.clone()
    steps: list[Step] = []
    for action in prefix:
        seat = game.current_player
        assert seat is not None  # from_record applied these already
        steps.append(Step(0, game.ply, seat, action))
        game.apply(action)
    ended = False
    for number, obj in rows[1:]:
        if ended:
            raise fail(number, "nothing may follow the end line")
        if obj["type"] == "game":
            raise fail(number, "a second game header")
        if obj["type"] == "end":
            _check_end(obj, game, functools.partial(fail, number))
            ended = True
            continue
        if set(obj) != {"type", "ply", "seat", "action"}:
            raise fail(number, "an action line has exactly the fields type, ply, seat and action")
        ply, seat, action = obj["ply"], obj["seat"], obj["action"]
        if not (_is_int(ply) and _is_int(seat) and isinstance(action, str)):
            raise fail(number, "ply and seat must be ints and action an R11 text")
        if ply != game.ply:
            raise fail(
                number,
                f"ply {ply}, but the game is at ply {game.ply}: an action was dropped, repeated or moved",
            )
        if seat != game.current_player:
            whose = (
                "the game is over" if game.current_player is None else f"seat {game.current_player} is to act"
            )
            raise fail(number, f"says seat {seat} acts at ply {ply}, but {whose}")
        try:
            game.apply(action, seat=seat, ply=ply)
        except BietenError as err:
            raise fail(number, f"'{action}' is refused: {err}") from None
        steps.append(Step(number, ply, seat, action))
    return SavedGame(start=start, steps=steps, final=game, agents=agents, ended=ended)


def _check_end(obj: dict[str, Any], game: AnyGame, fail: Callable[[str], ReplayError]) -> None:
    expected: dict[str, Any] = {
        "type": "end",
        "ply": game.ply,
        "hand_number": game.hand_number,
        "scores": game.scores,
    }
    if isinstance(game, SchnapsenGame):
        expected["winners"] = game.winners
    else:
        expected["winner"] = game.winner
    if set(obj) != set(expected):
        raise fail(f"the end line has exactly the fields {', '.join(expected)}")
    for key, value in expected.items():
        if obj[key] != value:
            raise fail(f"the end line says {key} {obj[key]!r}, but the actions give {value!r}")


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

_QUIT = ("q", "quit", "exit")


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
                view.name(bidder), " bid ", Text(figure, style=_BID_STYLE), ": your answer (R7.4)."
            )
        return Text.assemble(
            "The bid on ", Text(figure, style=_BID_STYLE), " was raised to 3: your answer (R7.5)."
        )
    if phase == "reraise" and view.open_bid is not None:
        return Text.assemble(
            "The bid on ",
            Text(view.open_bid[0], style=_BID_STYLE),
            " stands at 2: raise to three or pass (R7.6).",
        )
    if phase == "after_play":
        return Text("You have played: open a bid, or pass (R7.1).")
    return Text("Your turn: play a card, or open a bid (R7.1).")


def _moves(actions: list[Action]) -> list[Text]:
    return numbered([_action_text(a) for a in actions])


def numbered(items: list[Text]) -> list[Text]:
    """The choices numbered from 1, one a line, or in columns when there are more than ten."""
    cells = [Text.assemble(f"{i:>2}. ", item) for i, item in enumerate(items, 1)]
    if len(cells) <= 10:
        return [Text.assemble("  ", c) for c in cells]
    width = max(len(c.plain) for c in cells) + 2
    per_row = max(1, 96 // width)
    rows = []
    for start in range(0, len(cells), per_row):
        row = Text("  ")
        for cell in cells[start : start + per_row]:
            padded = cell.copy()
            padded.pad_right(width - len(cell.plain))
            row.append_text(padded)
        row.rstrip()
        rows.append(row)
    return rows


def _action_text(action: Action) -> Text:
    if action.kind == "play" and action.card is not None:
        return Text.assemble("play ", card_text(action.card, action.named))
    if action.kind == "bid" and action.figure is not None:
        return Text.assemble("bid ", Text(action.figure, style=_BID_STYLE))
    return Text(str(action))


def _parse_move(answer: str) -> Action:
    """An action from R11 text, or a card alone for 'play <card>'."""
    try:
        return Action(answer)
    except ActionError:
        try:
            return Action("play " + answer)
        except ActionError:
            pass
        raise


def _default_reader(console: Console) -> Reader:
    echo = not sys.stdin.isatty()

    def read(prompt: str) -> str:
        console.print(Text(prompt, style="bold"), end="")
        console.file.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        if echo:
            console.print(line.rstrip("\n"))
        return line.rstrip("\n")

    return read


@dataclass
class PlaySession(SeatLoop):
    """A person at ``you`` against built-in agents; ``run`` plays until the game ends or they quit."""

    game: Game
    you: int
    opponents: str
    console: Console
    read: Reader
    recorder: Recorder | None = None
    save_path: str | None = None
    preset: str = "tyrol"
    agents: dict[int, Agent] = field(default_factory=dict)
    view: View = field(init=False)
    _seen: int = 0

    def __post_init__(self) -> None:
        players = self.game.rules.players
        # Each opponent draws from its own generator, derived from the game seed as simulate() does
        # (docs/simulate.md), so the same seed gives the same game for the same moves.
        self.agents = {
            s: Agent(self.opponents, seed=_core.agent_state(self.game.seed, s))
            for s in range(players)
            if s != self.you
        }
        self.view = View(self.game.rules, viewer=self.you, you=self.you)

    @staticmethod
    def action_text(action: int) -> str:
        return action_text(action)

    def _status(self, actions: list[Action]) -> None:
        self.say(Text(""), *self.view.table())
        mine = self.game.unplayed[self.you]
        if self.game.phase == "steal":
            hand = Text.assemble("not dealt yet", "; stolen: " if mine else "", cards_text(mine, empty=""))
        else:
            hand = cards_text(mine, empty="(all played)")
        self.say(Text.assemble(Text("Your hand: ", style="bold"), hand))
        self.say(_prompt_context(self.game, self.view, self.you), *_moves(actions))

    def _odds(self) -> None:
        odds = figure_odds(self.game, self.you)
        parts = [Text.assemble(Text(f, style=_BID_STYLE), " ", _percent(odds[f])) for f in FIGURES]
        self.say(
            Text.assemble(
                "Figure odds (the chance your hand ends with the best of each): ", _join(parts, " | ")
            )
        )

    def _finish(self, quitting: bool) -> None:
        if self.recorder is not None:
            self.recorder.end(self.game)
            self.say(f"Saved to {self.save_path} (bieten replay {self.save_path}).")
        elif quitting:
            self.say(
                "Not saved (bieten play --save FILE.jsonl saves a game). Its record:", self.game.to_json()
            )

    def run(self) -> int:
        rules = self.game.rules
        self.say(
            Text.assemble(
                Text("Bieten", style="bold"),
                f" ({self.preset}, {rules.players} players, {rules.hand_size} cards, target {rules.target}),"
                f" seed {self.game.seed}. You are seat {self.you}; opponents: {self.opponents}.",
            ),
            "Type a move's number or its R11 text, 'odds' for your figure odds, 'help', or 'q' to quit.",
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

    def _turn(self) -> bool:
        """The person's move: False if they quit."""
        actions = self.game.legal_actions()
        self._status(actions)
        commands: dict[str, Callable[[], object]] = {
            "help": lambda: self.say(HELP),
            "odds": self._odds,
            "t": lambda: self._status(actions),
        }
        aliases = {"h": "help", "?": "odds", "table": "t"}
        return take_turn(self.read, self.say, actions, _parse_move, self._apply, commands, aliases)


def take_turn(
    read: Reader,
    say: Callable[..., None],
    actions: Sequence[_Move],
    parse: Callable[[str], _Move],
    apply: Callable[[_Move], None],
    commands: Mapping[str, Callable[[], object]],
    aliases: Mapping[str, str] | None = None,
) -> bool:
    """Asks for a move until one is applied (True) or the person quits (False): a move's number, its
    text (``parse``), or one of ``commands`` (by name or alias); a refused move is told and asked again."""
    while True:
        try:
            answer = read("> ").strip()
        except EOFError:
            say("")
            return False
        lowered = answer.lower()
        if not answer:
            continue
        if lowered in _QUIT:
            return False
        command = commands.get((aliases or {}).get(lowered, lowered))
        if command is not None:
            command()
            continue
        try:
            if answer.isdigit():
                number = int(answer)
                if not 1 <= number <= len(actions):
                    say(Text(f"Choose 1 to {len(actions)}.", style=_REFUSED_STYLE))
                    continue
                action = actions[number - 1]
            else:
                action = parse(answer)
            apply(action)
            return True
        except BietenError as err:
            say(Text(f"Refused: {err}", style=_REFUSED_STYLE))


def play(
    rules: Rules,
    out: TextIO,
    *,
    seed: int | None = None,
    you: int = 0,
    opponents: str = "heuristic",
    save: str | None = None,
    color: bool = False,
    preset: str = "tyrol",
    read: Reader | None = None,
) -> PlaySession:
    """Plays ``bieten play`` on ``out``, reading moves with ``read`` (default: standard input);
    returns the session (its ``game`` is the game as it was left)."""
    if isinstance(you, bool) or not isinstance(you, int) or not 0 <= you < rules.players:
        raise SeatError(f"R2.1: your seat must be an int from 0 to {rules.players - 1}, not {you!r}")
    if not is_builtin_agent(opponents):
        raise AgentError(f"unknown agent {opponents!r}; the built-in agents are {', '.join(AGENTS)}")
    console = make_console(out, color)
    game = Game(rules, seed=seed)
    stream = open(save, "w", encoding="utf-8") if save else None  # noqa: SIM115 - closed below
    try:
        agents = [("human" if s == you else opponents) for s in range(rules.players)]
        recorder = Recorder(stream, game, agents) if stream is not None else None
        session = PlaySession(
            game=game,
            you=you,
            opponents=opponents,
            console=console,
            read=read or _default_reader(console),
            recorder=recorder,
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


# ---- bieten replay ----------------------------------------------------------------------------------


def replay(
    saved: SavedGame,
    out: TextIO,
    *,
    seat: int | None = None,
    as_json: bool = False,
    color: bool = False,
    wait: Reader | None = None,
    name: str = "",
) -> int:
    """Prints a saved game step by step: the events of ``seat``'s view (every event without a seat),
    as text or, with ``as_json``, as JSON Lines exactly ``json.dumps(event.to_dict())`` per event.
    With ``wait``, it is called before each action (an answer of 'q' stops)."""
    game = saved.start.clone()

    def events() -> list[dict[str, Any]]:
        evs = game.events if seat is None else game.events_for(seat)
        return [e.to_dict() for e in evs]

    if as_json:
        seen = 0

        def emit() -> None:
            nonlocal seen
            fresh = events()[seen:]
            for d in fresh:
                out.write(json.dumps(d) + "\n")
            seen += len(fresh)
            out.flush()

        emit()
        for step in saved.steps:
            if wait is not None and wait("[Enter: next action, q: stop] ").strip().lower() in _QUIT:
                return 0
            game.apply(step.action, seat=step.seat, ply=step.ply)
            emit()
        return 0

    console = make_console(out, color)
    agents = saved.agents
    players = (
        ", ".join(f"seat {s} {a}" for s, a in enumerate(agents))
        if agents
        else f"{game.rules.players} players"
    )
    view: _Teller
    if isinstance(game, SchnapsenGame):
        from bieten._schnapsen_terminal import SchnapsenView
        from bieten._schnapsen_terminal import rules_name as schnapsen_rules_name

        view = SchnapsenView(game.rules, viewer=seat, you=None)
        about = f"{schnapsen_rules_name(game.rules)} rules ({players}; target {game.rules.target})"
    else:
        rules = game.rules
        view = View(rules, viewer=seat, you=None)
        about = f"{rules_name(rules)} rules ({players}; {rules.hand_size} cards, target {rules.target})"
    whose = "every card shown" if seat is None else f"as seat {seat} saw it"
    console.print(
        Text.assemble(
            Text(f"Replay of {name}" if name else "Replay", style="bold"),
            f": {about}, seed {game.seed}, {len(saved.steps)} actions, {whose}.",
        )
    )
    seen = 0

    def tell() -> None:
        nonlocal seen
        fresh = events()[seen:]
        for d in fresh:
            for line in view.feed(d):
                console.print(line)
        seen += len(fresh)

    tell()
    for step in saved.steps:
        if wait is not None:
            console.print(
                Text(f"[ply {step.ply}: seat {step.seat} to act; Enter shows it, q stops]", style="dim")
            )
            if wait("").strip().lower() in _QUIT:
                return 0
        game.apply(step.action, seat=step.seat, ply=step.ply)
        tell()
    if not game.is_over:
        state = (
            "the session ended" if saved.ended else "the file ends (no end line: the session did not finish)"
        )
        console.print(
            Text(f"The game is not over: {state} at ply {game.ply}, seat {game.current_player} to act.")
        )
    return 0
