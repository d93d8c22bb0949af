"""The play loop of ``bieten play`` and the step loop of ``bieten replay``, the same for every game
(docs/frontends.md). What differs between the games (how a seat's view tells the events, the
prompts, the help, which commands besides moves there are) is the family's terminal view
(``Family.terminal``: the ``terminal`` module of each game's package, python/bieten/<game>/terminal.py),
looked up in the registry.

Both loops tell a game from an event stream: ``play`` from ``events_for`` of the person's seat, so
it shows exactly what that seat may see, and ``replay`` from one seat's view or from every event.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, TextIO, TypeVar

from rich.console import Console
from rich.text import Text

from bieten import _core
from bieten._agents import AGENT_NAMES, is_builtin_agent
from bieten._core import ActionError, AgentError, BietenError, SeatError
from bieten._families import AnyRules, Family, family_of
from bieten.terminal._render import REFUSED_STYLE, Reader, count, make_console, numbered
from bieten.terminal._saved import Recorder, SavedGame, end_fields

_QUIT = ("q", "quit", "exit")
_Move = TypeVar("_Move")


def default_reader(console: Console) -> Reader:
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
class PlaySession:
    """A person at ``you`` against built-in agents (each drawing from its own generator, derived
    from the game seed as simulate() does, docs/simulate.md, so the same seed and the same moves give
    the same game); ``run`` plays until the game ends or they quit."""

    game: Any
    you: int
    opponents: str
    console: Console
    read: Reader
    recorder: Recorder | None = None
    save_path: str | None = None
    preset: str = ""
    agents: dict[int, Any] = field(default_factory=dict)
    #: Whether the person stopped the game with Ctrl-C (``bieten play`` then exits with status 130).
    interrupted: bool = False
    family: Family = field(init=False)
    face: ModuleType = field(init=False)
    view: Any = field(init=False)
    _seen: int = 0

    def __post_init__(self) -> None:
        self.family = family_of(self.game)
        self.face = self.family.module("terminal")
        self.agents = {
            s: self.family.core_agent(self.opponents, _core.agent_state(self.game.seed, s))
            for s in range(self.game.rules.players)
            if s != self.you
        }
        self.view = self.face.View(self.game.rules, viewer=self.you, you=self.you)

    def say(self, *lines: Text | str) -> None:
        for line in lines:
            self.console.print(line)

    def _catch_up(self) -> None:
        events = self.game.events_for(self.you)
        for event in events[self._seen :]:
            self.say(*self.view.feed(event.to_dict()))
        self._seen = len(events)

    def _apply(self, action: Any) -> None:
        seat, ply = self.game.current_player, self.game.ply
        assert seat is not None
        self.game.apply(action, seat=seat, ply=ply)
        if self.recorder is not None:
            self.recorder.action(ply, seat, str(self.family.action(int(action))))

    def _status(self, actions: list[Any]) -> None:
        self.say(Text(""), *self.view.table())
        self.say(*self.face.status(self.game, self.view, self.you))
        self.say(*numbered([self.face.action_label(a) for a in actions]))

    def _finish(self, quitting: bool) -> None:
        if self.recorder is not None:
            self.recorder.end_line(end_fields(self.game))
            self.say(f"Saved to {self.save_path} (bieten replay {self.save_path}).")
        elif quitting:  # not its record: that holds every seat's hidden cards
            self.say(
                f"Not saved (bieten play --save FILE.jsonl saves a game); seed {self.game.seed}, "
                f"{count(self.game.ply, 'action')} played."
            )

    def run(self) -> int:
        rules = self.game.rules
        self.say(
            Text.assemble(
                Text(self.face.title(rules), style="bold"),
                f" ({self.preset}, {self.family.setup(rules)}), seed {self.game.seed}."
                f" You are seat {self.you}; opponents: {self.opponents}.",
            ),
            self.face.INSTRUCTIONS,
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
        extra, aliases = self.face.commands(self)
        commands: dict[str, Callable[[], object]] = {
            "help": lambda: self.say(self.face.HELP),
            "t": lambda: self._status(actions),
            **extra,
        }
        aliases = {"h": "help", "table": "t", **aliases}
        return take_turn(self.read, self.say, actions, self._parse_move, self._apply, commands, aliases)

    def _parse_move(self, answer: str) -> Any:
        """An action from its text (the game's notation), or a card alone for 'play <card>'."""
        try:
            return self.family.action(answer)
        except ActionError:
            try:
                return self.family.action("play " + answer)
            except ActionError:
                pass
            raise


#: The longest answer a refusal quotes in full.
ECHO_LIMIT = 80


def _span(n: int) -> str:
    return "1" if n == 1 else f"1 to {n}"


def _choose(n: int) -> str:
    return "Choose 1, the only move." if n == 1 else f"Choose 1 to {n}."


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
        if len(answer) > ECHO_LIMIT:  # no move is this long; it is not echoed back whole
            say(
                Text(
                    f"Refused: {answer[: ECHO_LIMIT - 1]!r}… ({len(answer):,} characters) is not a move; "
                    f"choose {_span(len(actions))}, type a move, help or q.",
                    style=REFUSED_STYLE,
                )
            )
            continue
        command = commands.get((aliases or {}).get(lowered, lowered))
        if command is not None:
            command()
            continue
        try:
            if answer.isdigit():
                number = int(answer)
                if not 1 <= number <= len(actions):
                    say(Text(_choose(len(actions)), style=REFUSED_STYLE))
                    continue
                action = actions[number - 1]
            else:
                action = parse(answer)
            apply(action)
            return True
        except BietenError as err:
            say(Text(f"Refused: {err}", style=REFUSED_STYLE))


def play(
    rules: AnyRules,
    out: TextIO,
    *,
    seed: int | None = None,
    you: int = 0,
    opponents: str = "heuristic",
    save: str | None = None,
    color: bool = False,
    preset: str | None = None,
    read: Reader | None = None,
    overwrite: bool = False,
) -> PlaySession:
    """Plays ``bieten play`` (the game ``rules`` are for) on ``out``, reading moves with ``read``
    (default: standard input); returns the session (its ``game`` is the game as it was left).
    ``preset`` names the rules in the greeting (default: the preset they are, else 'custom').
    ``save`` is a new file: an existing one is refused (FileExistsError) unless ``overwrite``."""
    family = family_of(rules)
    if isinstance(you, bool) or not isinstance(you, int) or not 0 <= you < rules.players:
        raise SeatError(
            f"{family.rule_prefix}2.1: your seat must be an int from 0 to {rules.players - 1}, not {you!r}"
        )
    if not is_builtin_agent(opponents):
        raise AgentError(f"unknown agent {opponents[:80]!r}; the agents are {AGENT_NAMES}")
    family.core_agent(opponents, 0)  # a bad policy:FILE is refused now, before a --save file is made
    console = make_console(out, color)
    game = family.new_game(rules, seed)
    mode = "w" if overwrite else "x"
    stream = open(save, mode, encoding="utf-8") if save else None  # noqa: SIM115 - closed below
    try:
        agents = [("human" if s == you else opponents) for s in range(rules.players)]
        session = PlaySession(
            game=game,
            you=you,
            opponents=opponents,
            console=console,
            read=read or default_reader(console),
            recorder=Recorder(stream, game, agents) if stream is not None else None,
            save_path=save,
            preset=family.module("terminal").rules_name(rules) if preset is None else preset,
        )
        try:
            session.run()
        except KeyboardInterrupt:
            console.print("")
            session.interrupted = True
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
    face = family_of(game).module("terminal")
    view = face.View(game.rules, viewer=seat, you=None)
    about = face.about(game.rules, players)
    whose = "every card shown" if seat is None else f"as seat {seat} saw it"
    console.print(
        Text.assemble(
            Text(f"Replay of {name}" if name else "Replay", style="bold"),
            f": {about}, seed {game.seed}, {count(len(saved.steps), 'action')}, {whose}.",
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
            "the record ends"
            if saved.whole_record
            else "the session ended"
            if saved.ended
            else "the file ends (no end line: the session did not finish)"
        )
        console.print(
            Text(f"The game is not over: {state} at ply {game.ply}, seat {game.current_player} to act.")
        )
    return 0
