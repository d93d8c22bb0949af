"""The ``bieten`` command: show a seeded deal, self-play many games, play a game at the terminal,
replay a saved one, serve the engine protocol (``bieten engine``, docs/protocol.md), or serve tables
to play in a browser (``bieten serve``, docs/server.md). ``--game``
picks a kind of a registered family (python/bieten/_families.py; the first family's the default) for
``deal``, ``simulate`` and ``play``."""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import socket
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, cast

from bieten._core import BietenError
from bieten._families import FAMILIES, KINDS, AnyRules, Family, kind_family
from bieten._seeds import MAX_THREADS
from bieten._version import __version__

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

#: The values of ``--game``: every family's kinds (the first family's first kind the default).
GAMES = KINDS
#: The family whose preset is chosen apart from its kind (``--preset``; ``Family.preset_apart``).
_PRESET_FAMILY = next(f for f in FAMILIES if f.preset_apart)
#: The rules options some family takes and another refuses (``Family.own_options``), with their flags.
_FAMILY_OPTIONS = {"preset": "--preset", "players": "--players", "hand_size": "--hand-size"}


def _family(args: argparse.Namespace) -> Family:
    return kind_family(getattr(args, "game", GAMES[0]))


def _rules_from(args: argparse.Namespace) -> AnyRules:
    """The rules of the command: its ``--game`` kind with its rules options; an option of another
    family's rules is refused."""
    family = _family(args)
    given = [
        flag
        for name, flag in _FAMILY_OPTIONS.items()
        if name not in family.own_options and getattr(args, name, None) is not None
    ]
    if given:
        flags = set(given)
        owners = " and ".join(
            f.title for f in FAMILIES if flags & {_FAMILY_OPTIONS[o] for o in f.own_options}
        )
        options = "an option" if len(given) == 1 else "options"
        raise _Usage(
            f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} {options} of {owners}; "
            f"--game {args.game} fixes its players and cards ({family.rules_rule})"
        )
    overrides: dict[str, object] = {
        name: getattr(args, name)
        for name in (*family.own_options, "target")
        if name != "preset" and getattr(args, name, None) is not None
    }
    preset = getattr(args, "preset", None) if "preset" in family.own_options else None
    return family.rules_for(args.game, preset, **overrides)


def _preset(args: argparse.Namespace) -> str:
    """The preset the command plays: one chosen apart (``--preset``), or the kind itself."""
    family = _family(args)
    if family.preset_apart:
        return str(args.preset or family.default_preset)
    return str(args.game)


class _Usage(Exception):
    """A command line that cannot work (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, with its errors in one line (the usage is one ``--help`` away)."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """As argparse's, without hiding a failed write (``--help > /dev/full`` is exit status 1)."""
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("bieten").strip()  # one prefix for every command's errors
        where = f"{command}: " if command else ""
        self.exit(2, f"bieten: error: {where}{message} (see {self.prog} --help)\n")


#: The highest --target (points to win): the rules' (R10, S10), a 32-bit signed score.
_MAX_TARGET = 2**31 - 1
#: The ranges of the numeric options, checked after parsing: (command, option) -> (lowest, highest);
#: None is no bound. Out of range is one line naming the option and its range, exit status 2.
_RANGES: dict[tuple[str, str], tuple[float | None, float | None]] = {
    **{(c, "games"): (1, 2**64 - 1) for c in ("simulate", "tournament")},
    **{(c, "target"): (1, _MAX_TARGET) for c in ("simulate", "tournament", "play")},
    ("train", "seed"): (0, 2**32 - 1),
    **{(c, "threads"): (1, MAX_THREADS) for c in ("simulate", "tournament")},
    ("deal", "hand"): (0, 2**32 - 1),
    ("engine", "max_line"): (1, 1 << 30),
    ("engine", "max_games"): (1, 1 << 20),
    ("serve", "port"): (0, 65535),
    ("serve", "bot_delay"): (0, 3600),
    ("serve", "max_tables"): (1, 1 << 20),
    ("serve", "workers"): (1, 64),
}


def _check_ranges(args: argparse.Namespace) -> None:
    for (command, name), (low, high) in _RANGES.items():
        value = getattr(args, name, None)
        if args.command != command or value is None:
            continue
        if (low is not None and not value >= low) or (high is not None and not value <= high):
            flag = "--" + name.replace("_", "-")
            span = f"at least {low:,}" if high is None else f"{low:,} to {high:,}"
            raise _Usage(f"{flag} must be {span}, not {value}")


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    from bieten._rulebook import title

    others = " or a ".join(
        f"{title(f'{f.name}.md').replace(' and ', '/')} preset (docs/rules/{f.name}.md {f.rules_rule})"
        for f in FAMILIES
        if not f.preset_apart
    )
    parser.add_argument(
        "--game", default=GAMES[0], choices=GAMES, help=f"{GAMES[0]} (default), or a {others}"
    )
    apart = _PRESET_FAMILY
    parser.add_argument(
        "--preset",
        default=None,
        choices=apart.presets,
        help=f"{apart.title} rules preset ({apart.rules_rule})",
    )
    parser.add_argument("--players", type=int, default=None, help="2 to 5 (default: the preset's, 4)")
    parser.add_argument("--hand-size", type=int, default=None, help="3, or 4 for the four-card variant")


def _add_run_options(parser: argparse.ArgumentParser, games: int, what: str, run: str, result: str) -> None:
    """The options of a batch of games on threads (simulate, tournament), and the rules options."""
    parser.add_argument("--games", type=int, default=games, help=f"{what} (default {games:,})")
    parser.add_argument(
        "--threads", type=int, default=os.cpu_count() or 1, help="threads (default: all cores)"
    )
    parser.add_argument("--seed", type=int, default=1, help=f"base seed of the {run} (default 1)")
    parser.add_argument("--target", type=int, default=None, help="points to win (default: the preset's)")
    parser.add_argument("--json", action="store_true", help=f"print {result} as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    _add_rules_options(parser)


def _run_options(args: argparse.Namespace) -> dict[str, Any]:
    """The arguments of a batch of games (simulate, tournament) from the command line."""
    progress = not args.no_progress and not args.json
    return {"games": args.games, "seed": args.seed, "threads": args.threads, "progress": progress}


def cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    """``bieten deal``: one seeded deal, as the family's terminal view shows it (or as JSON)."""
    family = _family(args)
    rules = _rules_from(args)
    for owner in FAMILIES:  # an option of another family's deal is refused, not ignored
        for option, rule in owner.deal_options.items():
            if getattr(args, option, None) and option not in family.deal_options:
                from bieten._rulebook import title

                raise _Usage(f"--{option} is an option of {title(f'{owner.name}.md')} ({rule}); add --game")
    face = family.module("terminal")
    options, dealt = face.deal_data(rules, args.seed, args.hand, args.dealer, args.knock)
    if args.json:
        named = {"game": args.game} if family.names_kind else {}
        where = {"seed": args.seed, "hand": args.hand, "dealer": args.dealer}
        print(json.dumps({**named, **where, **options, "rules": rules.to_dict(), **dealt}), file=out)
        return 0
    print(
        f"Deal of seed {args.seed}, hand {args.hand}, dealer seat {args.dealer} ({_preset(args)}, "
        f"{face.deal_setup(rules, args.knock)})",
        file=out,
    )
    for seat, cards in enumerate(dealt["hands"]):
        print(f"  seat {seat}: {' '.join(cards)}", file=out)
    for line in face.deal_lines(dealt):
        print(line, file=out)
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] | None = None) -> int:
    """``bieten play``: a game at the terminal against built-in agents (the family's terminal view)."""
    from bieten.terminal import play, wants_color

    rules = _rules_from(args)
    if not 0 <= args.seat < rules.players:
        print(f"bieten: error: --seat must be 0 to {rules.players - 1}, not {args.seat}", file=sys.stderr)
        return 2
    if args.save is not None:
        _check_save(args.save, args.force)
    session = play(
        rules,
        out,
        seed=args.seed,
        you=args.seat,
        opponents=args.opponents,
        save=args.save,
        color=wants_color(out, args.no_color),
        preset=_preset(args),
        read=read,
        overwrite=args.force,
    )
    return 130 if session.interrupted else 0


def _check_save(path: str, force: bool) -> None:
    """Refuses, before the game starts, a ``--save`` file that cannot be written or that exists
    (without ``--force``): a saved game is never replaced by accident."""
    if not path:
        raise _Usage("--save needs a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise _Usage(f"--save {path}: {folder} is a file, not a folder")
    if not os.path.isdir(folder):
        raise _Usage(f"--save {path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise _Usage(f"--save {path}: is a folder, not a file")
    if os.path.exists(path) and not force:
        raise _Usage(f"--save {path}: the file exists; --force replaces it")
    if not os.access(folder, os.W_OK):
        raise _Usage(f"--save {path}: the folder {folder} is not writable")


#: The largest file ``bieten replay`` reads (a saved game of thousands of actions is some 100 KB).
MAX_SAVED = 64 * 2**20


def cmd_replay(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] | None = None) -> int:
    """``bieten replay FILE``: a saved game step by step, as text or as one seat's JSON Lines events."""
    from bieten.terminal import load_jsonl, replay, wants_color

    if args.json and args.seat is None:
        print("bieten: error: replay --json needs --seat K: the event stream is per seat", file=sys.stderr)
        return 2
    try:
        with open(args.file, "rb") as stream:
            data = stream.read(MAX_SAVED + 1)
        if len(data) > MAX_SAVED:
            raise _Usage(
                f"replay: {args.file} is not a saved game: it is larger than {MAX_SAVED // 2**20} MiB "
                "(a saved game is a few KB of JSON Lines)"
            )
        text = data.decode("utf-8")
    except OSError as err:
        print(f"bieten: error: replay: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as err:
        print(
            f"bieten: error: replay: {args.file} is not a saved game: byte {err.start:,} is not UTF-8 "
            "(a saved game is JSON Lines text)",
            file=sys.stderr,
        )
        return 2
    saved = load_jsonl(text, name=args.file)
    players = saved.start.rules.players
    if args.seat is not None and not 0 <= args.seat < players:
        print(f"bieten: error: --seat must be 0 to {players - 1}, not {args.seat}", file=sys.stderr)
        return 2
    wait = read
    if wait is None and args.step and sys.stdin.isatty():
        wait = _step_reader(sys.stderr if args.json else out)
    return replay(
        saved,
        out,
        seat=args.seat,
        as_json=args.json,
        color=not args.json and wants_color(out, args.no_color),
        wait=wait if args.step else None,
        name=args.file,
    )


def _step_reader(prompt_to: TextIO) -> Callable[[str], str]:
    def wait(prompt: str) -> str:
        prompt_to.write(prompt)
        prompt_to.flush()
        line = sys.stdin.readline()
        return line if line else "q"

    return wait


def _agent_names(text: str) -> list[str]:
    """The agents of ``--agents`` (comma-separated), each checked: an unknown or empty name is named.
    Names are case-insensitive (``Random``, ``IsMcTs:400``), as the core's agent parser reads them,
    and shown in lower case."""
    from bieten._agents import AGENT_NAMES, is_builtin_agent

    names = [a.strip() for a in text.split(",")]
    names = [base.lower() + colon + knobs for base, colon, knobs in (n.partition(":") for n in names)]
    for place, name in enumerate(names, 1):
        if not name:
            raise _Usage(f"--agents: agent {place} of {len(names)} is empty; name one of {AGENT_NAMES}")
        if not is_builtin_agent(name):
            raise _Usage(
                f"--agents: unknown agent {_cut(name)}; the agents are {AGENT_NAMES} "
                "(ismcts takes knobs, e.g. ismcts:400; policy:FILE plays a network bieten train wrote)"
            )
    return names


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


#: The longest input a message quotes in full; longer input is cut, with its length.
ECHO_LIMIT = 80


def _cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters with an ellipsis and its length."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 1]!r}… ({len(text):,} characters)"


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from bieten._simulate import simulate_summary

    family = _family(args)
    rules = _rules_from(args)
    agents = (
        _agent_names(args.agents)
        if args.agents is not None
        else (["heuristic"] + ["random"] * (rules.players - 1))
    )
    if len(agents) != rules.players:
        raise _Usage(
            f"--agents names {len(agents)} agent{'' if len(agents) == 1 else 's'}, but the game has "
            f"{rules.players} seats: one agent per seat ({family.rule_prefix}2.1)"
        )
    summary = simulate_summary(rules, agents, **_run_options(args))
    if args.json:
        data = {"rules": rules.to_dict(), "seed": args.seed, "threads": args.threads, **summary.to_dict()}
        if family.names_kind:
            data = {"game": args.game, **data}
        print(json.dumps(data), file=out)
        return 0
    title = f"{_preset(args)} ({family.setup(rules)})"
    threads = f"{args.threads} thread{'' if args.threads == 1 else 's'}"
    print(f"{_count(args.games, 'game')} of {title}, seed {args.seed}, {threads}", file=out)
    print(summary, file=out)
    return 0


def cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    from bieten._tournament import tournament

    rules = _rules_from(args)
    agents = _agent_names(args.agents)
    result = tournament(rules, agents, **_run_options(args))
    if args.json:
        print(json.dumps({"rules": rules.to_dict(), **result.to_dict()}), file=out)
        return 0
    each = _count(args.games, "game")
    print(f"Round robin of {', '.join(agents)}: {each} a pair, seed {args.seed}", file=out)
    print(result, file=out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    from bieten._rulebook import title

    others = ", ".join(title(f"{f.name}.md") for f in FAMILIES[1:])
    parser = _Parser(
        prog="bieten",
        description=f"Bieten, the Tyrolean and Bavarian bluffing card game; with --game, {others}.",
    )
    parser.add_argument("--version", action="version", version=f"bieten {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p_deal = sub.add_parser("deal", help="show the seeded deal of a hand and its figure winners (R3, R6)")
    p_deal.add_argument("--seed", type=int, required=True, help="game seed, 0 <= seed < 2**64")
    p_deal.add_argument("--hand", type=int, default=0, help="hand number (default 0)")
    p_deal.add_argument("--dealer", type=int, default=0, help="dealer seat (default 0)")
    p_deal.add_argument("--json", action="store_true", help="print JSON")
    p_deal.add_argument(
        "--knock", action="store_true", help="with --game: the cutter knocks, five cards at a time (S3.3)"
    )
    _add_rules_options(p_deal)
    p_sim = sub.add_parser("simulate", help="self-play many games on threads and summarise them")
    p_sim.add_argument(
        "--agents",
        default=None,
        help="comma-separated, one per seat: random, heuristic, ismcts[:knobs], expert[:knobs], policy, or "
        "policy:FILE (a network bieten train wrote) (default: heuristic,random,...)",
    )
    _add_run_options(p_sim, 20_000, "number of games", "run", "the summary")
    p_tour = sub.add_parser(
        "tournament", help="round robin of agents, seats rotated, with win rates and ratings"
    )
    p_tour.add_argument(
        "--agents",
        default="heuristic,random",
        help="comma-separated agents: random, heuristic, ismcts[:knobs], expert[:knobs], policy, policy:FILE "
        "(default heuristic,random)",
    )
    _add_run_options(p_tour, 2_000, "games per pair of agents", "tournament", "the result")
    p_train = sub.add_parser(
        "train", help="train the policy agent by self-play on VectorEnv (needs 'bieten[train]', PyTorch)"
    )
    p_train.add_argument(
        "--game", required=True, choices=GAMES, help=f"the kind to train for: {', '.join(GAMES)}"
    )
    p_train.add_argument(
        "--minutes",
        type=float,
        required=True,
        help="wall-clock budget in minutes (more than 0, at most 1,440)",
    )
    p_train.add_argument(
        "--seed", type=int, default=0, help="seed of the run, 0 to 4,294,967,295 (default 0)"
    )
    p_train.add_argument(
        "--out", required=True, help="folder for checkpoints, <game>.bin and curve.png (made if missing)"
    )
    p_train.add_argument("--no-progress", action="store_true", help="no progress bar")
    p_play = sub.add_parser("play", help="play a game at the terminal against built-in agents")
    p_play.add_argument("--seed", type=int, default=None, help="game seed (default: random, printed)")
    p_play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p_play.add_argument("--target", type=int, default=None, help="points to win (default: the preset's)")
    p_play.add_argument(
        "--opponents",
        default="heuristic",
        metavar="AGENT",
        help="the agent of every other seat: random, heuristic, ismcts[:knobs], expert[:knobs], policy or "
        "policy:FILE (a network bieten train wrote) (default heuristic)",
    )
    p_play.add_argument(
        "--save",
        metavar="FILE.jsonl",
        default=None,
        help="save the game as JSON Lines as it goes (a new file)",
    )
    p_play.add_argument("--force", action="store_true", help="let --save replace an existing file")
    p_play.add_argument("--no-color", action="store_true", help="plain text, no colours")
    _add_rules_options(p_play)
    p_replay = sub.add_parser(
        "replay", help="replay a game step by step: saved by 'bieten play --save', or a game record"
    )
    p_replay.add_argument(
        "file",
        metavar="FILE",
        help="JSON Lines of 'bieten play --save', or one game record (Game.to_json, the page's "
        "'Download the record', the engine protocol's save; docs/frontends.md)",
    )
    p_replay.add_argument("--seat", type=int, default=None, help="show only what this seat saw")
    p_replay.add_argument(
        "--json",
        action="store_true",
        help="print the seat's events as JSON Lines (docs/events.md); needs --seat",
    )
    p_replay.add_argument(
        "--step", action="store_true", help="wait for Enter before each action (on a terminal)"
    )
    p_replay.add_argument("--no-color", action="store_true", help="plain text, no colours")
    p_engine = sub.add_parser(
        "engine", help="speak the engine protocol on stdin/stdout, JSON Lines (docs/protocol.md)"
    )
    p_engine.add_argument(
        "--max-line", type=int, default=None, help="longest request line in bytes (default 1 MiB)"
    )
    p_engine.add_argument("--max-games", type=int, default=None, help="most games open at once (default 64)")
    p_serve = sub.add_parser(
        "serve", help="serve tables to play in a browser, HTTP + WebSocket (docs/server.md; bieten[web])"
    )
    p_serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p_serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p_serve.add_argument(
        "--bot-delay", type=float, default=0.4, help="seconds before each bot move (default 0.4)"
    )
    p_serve.add_argument(
        "--max-tables", type=int, default=1000, help="most tables kept at once (default 1000)"
    )
    p_serve.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
        help="uvicorn's log level (default info)",
    )
    p_serve.add_argument("--no-access-log", action="store_true", help="do not log every HTTP request")
    p_serve.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="where tables are kept: sqlite:///PATH, a file in an existing folder (three slashes: PATH "
        "relative to this folder, sqlite:///tables.db; four: absolute, sqlite:////srv/tables.db; "
        "default ~/.local/state/bieten/serve.sqlite3), postgresql://user@host/db (give the password "
        "in PGPASSWORD or ~/.pgpass, not here: ps shows it), or memory (lost on restart)",
    )
    p_serve.add_argument(
        "--policy",
        action="append",
        default=[],
        metavar="FILE",
        help="a policy file bieten train wrote (DIR/<game>.bin), offered as the seat kind "
        "policy:<file name> at tables of its game; repeatable",
    )
    p_serve.add_argument(
        "--wasm",
        default=None,
        metavar="DIR",
        help="the engine in WebAssembly (npm --prefix bindings/wasm run build's bindings/wasm/dist; default "
        "$BIETEN_WASM_DIST): the page then also plays tables against bots in the browser, offline",
    )
    p_serve.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes sharing the port (default 1; more need --db postgresql://...)",
    )
    p_rules = sub.add_parser(
        "rules", help="list the rules of both games, or print one by the id messages cite (R7.4, S6.6)"
    )
    p_rules.add_argument(
        "id", nargs="?", metavar="ID", help="a rule or section of either game, e.g. R7.4, S6 (any case)"
    )
    return parser


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """``bieten serve``: the web tables (python/bieten/web, docs/server.md) under uvicorn, in one
    process or ``--workers`` processes that share the listening socket and a PostgreSQL store."""
    try:
        import uvicorn

        from bieten.web import MAX_MESSAGE, create_app
        from bieten.web._store import DEFAULT_SQLITE, open_store
    except ImportError as err:
        print(
            f"bieten: error: bieten serve needs the web extra ({err.name} is missing): "
            "pip install 'bieten[web]'",
            file=sys.stderr,
        )
        return 2
    from bieten.web._server import configured_policies

    configured_policies(args.policy)  # each file read and checked before anything starts (exit 2)
    if args.db is None:  # the default file's folder is made; a folder --db names must exist
        DEFAULT_SQLITE.parent.mkdir(parents=True, exist_ok=True)
    db = args.db if args.db is not None else f"sqlite:///{DEFAULT_SQLITE}"
    store = open_store(db)  # a --db that names no store: one line, exit status 2 (a ValueError)
    db = store.url if store.url.startswith("sqlite:") else db  # the workers open the same absolute file
    if args.workers > 1 and not store.shared:
        raise _Usage(
            f"--workers {args.workers} needs a store that processes share, --db postgresql://...; "
            f"{store.url} is one process's"
        )
    import asyncio

    try:  # connect and migrate once, before anything listens (and before the workers start)
        asyncio.run(_open_and_close(store))
    except Exception as err:
        why = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise _Usage(f"--db {store.url}: cannot open it: {why[:200]}") from None
    listening = _listen(args.host, args.port)  # before anything says where to open the page
    port = listening.getsockname()[1]
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"bieten serve: open http://{host}:{port}/ in a browser", file=out, flush=True)
    workers = f", {args.workers} processes" if args.workers > 1 else ""
    kept = f"the file {store.path} ({store.url})" if hasattr(store, "path") else store.url
    print(f"bieten serve: tables kept in {kept}{workers}", file=sys.stderr, flush=True)

    def serve() -> None:
        app = create_app(
            bot_delay=args.bot_delay,
            max_tables=args.max_tables,
            db=open_store(db),
            policies=args.policy,
            wasm_dir=args.wasm,
        )
        config = uvicorn.Config(
            app,
            host=args.host,
            port=port,
            log_level=args.log_level,
            access_log=not args.no_access_log,
            ws_max_size=4 * MAX_MESSAGE,  # bigger ones close the socket; up to it they get too_large
            ws_per_message_deflate=False,  # updates are small; compressing them costs more than it saves
        )
        uvicorn.Server(config).run(sockets=[listening])

    if args.workers == 1:
        serve()
        return 0
    return _supervise(serve, args.workers)


async def _open_and_close(store: Any) -> None:
    await store.open()
    await store.close()


def _supervise(serve: Callable[[], None], workers: int) -> int:
    """Runs ``serve`` in ``workers`` forked processes (they share the listening socket), starts a
    new one for each that dies (a crash, or SIGKILL), and stops them all on Ctrl-C or SIGTERM."""
    import signal
    import time

    children: set[int] = set()
    stopping = False

    def start() -> None:
        pid = os.fork()
        if pid == 0:  # the worker: uvicorn handles its signals from here on
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            code = 1
            try:
                serve()
                code = 0
            finally:
                os._exit(code)
        children.add(pid)

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for _ in range(workers):
            start()
        while children:
            try:
                pid, _status = os.wait()
            except ChildProcessError:
                break
            children.discard(pid)
            if not stopping:
                print(f"bieten serve: worker {pid} ended; starting another", file=sys.stderr, flush=True)
                time.sleep(0.2)
                start()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 130 if stopping else 0


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host``:``port``; an address that is taken or not this machine's is
    one line (``_Usage``) before the server starts."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as err:
        raise _Usage(f"--host {_cut(host)}: not an address of this machine ({err.strerror})") from None
    except (UnicodeError, ValueError):  # bytes that are no text, a NUL, a label too long
        shown = _cut(host) if host.isprintable() else repr(os.fsencode(host))
        raise _Usage(f"--host {shown}: not a host name or an IP address") from None
    family, kind, proto, _, address = infos[0]
    listening = socket.socket(family, kind, proto)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
        listening.listen(2048)
    except OSError as err:
        listening.close()
        if err.errno == errno.EADDRINUSE:
            why = f"--port {port} is in use by another program; choose another --port"
        elif err.errno == errno.EADDRNOTAVAIL:
            why = f"--host {_cut(host)} is not an address of this machine ({err.strerror})"
        elif err.errno == errno.EACCES:
            why = f"--port {port} needs privileges this user lacks ({err.strerror}); choose one above 1023"
        else:
            why = err.strerror or str(err)
        raise _Usage(f"cannot listen on {host}:{port}: {why}") from None
    listening.set_inheritable(True)
    return listening


def cmd_engine(args: argparse.Namespace) -> int:
    """``bieten engine``: the engine protocol on stdin and stdout (python/bieten/engine.py)."""
    from bieten import engine

    limits = {"max_line": args.max_line, "max_games": args.max_games}  # in range: _RANGES
    return engine.main(**{name: value for name, value in limits.items() if value is not None})


def cmd_train(args: argparse.Namespace, stream: TextIO) -> int:
    """``bieten train``: bieten.train.train with the command line's arguments (docs/agents.md); the
    arguments are checked before PyTorch is looked for."""
    from bieten.train import check_arguments, train

    try:
        check_arguments(args.game, args.minutes, args.seed, args.out)
    except BietenError as err:  # in the command line's words: --minutes, --seed
        flags = {"train: minutes ": "--minutes ", "train: seed ": "--seed ", "train: --out": "--out"}
        message = str(err)
        for plain, flag in flags.items():
            message = message.replace(plain, flag, 1)
        raise _Usage(message) from None
    try:
        from bieten.train._ppo import run as _  # noqa: F401  (PyTorch present?)
    except ImportError as err:
        raise _Usage(f"train: {err}") from None
    result = train(args.game, args.minutes, args.seed, args.out, progress=not args.no_progress)
    for row in result.curve:
        print(
            f"{row['minutes']:7.2f} min: won {row['heuristic']:.3f} against heuristic, "
            f"{row['ismcts']:.3f} against ismcts",
            file=stream,
        )
    print(f"weights: {result.weights}", file=stream)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Runs the command; every refused input ends in one line on stderr and a non-zero exit status
    (2 for a command line that cannot work, 130 after Ctrl-C), never a traceback."""
    stream = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # --help, --version: written, or said why not (exit status 1)
        if stop.code == 0:
            try:
                sys.stdout.flush()
            except OSError as err:
                return _unwritten(err)
        raise
    except OSError as err:
        return _unwritten(err)
    output = _Output(stream)
    try:
        _check_ranges(args)
        return _dispatch(args, cast(TextIO, output))  # a TextIO in all that is asked of it
    except (BietenError, _Usage, ValueError) as err:
        _error(str(err))
        return 2
    except OSError as err:
        if isinstance(err, BrokenPipeError):  # ``bieten ... | head``: the reader has what it wanted
            _quiet(stream)
            return 0
        if err.filename:  # a path the command was given: as every other bad path, exit status 2
            _error(f"{args.command}: cannot use {err.filename}: {err.strerror or err}")
            return 2
        if output.failed:
            _error(f"{args.command}: cannot write to standard output: {err.strerror or err}")
            _quiet(stream)
            return 1
        _error(f"{args.command}: {err.strerror or err}")
        return 1
    except KeyboardInterrupt as err:
        from bieten._simulate import RunInterrupted

        done = f": {err}" if isinstance(err, RunInterrupted) else ""
        print(f"bieten {args.command}: interrupted{done}", file=sys.stderr)
        return 130


def _error(message: str) -> None:
    print(f"bieten: error: {message}", file=sys.stderr)


def _unwritten(err: OSError) -> int:
    """``--help`` or ``--version`` could not be written: said on stderr, exit status 1."""
    _error(f"cannot write to standard output: {err.strerror or err}")
    _quiet(sys.stdout)
    return 1


class _Output:
    """The command's output stream, noting whether a write to it failed (so that the message names
    standard output, not a file); everything else is the stream's."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.failed = False

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError:
            self.failed = True
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _quiet(stream: TextIO) -> None:
    """After a closed pipe: the interpreter's last flush of stdout must not fail again."""
    if stream is sys.stdout:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _dispatch(args: argparse.Namespace, stream: TextIO) -> int:
    if args.command == "deal":
        return cmd_deal(args, stream)
    if args.command == "simulate":
        return cmd_simulate(args, stream)
    if args.command == "replay":
        return cmd_replay(args, stream)
    if args.command == "engine":
        return cmd_engine(args)
    if args.command == "serve":
        return cmd_serve(args, stream)
    if args.command == "tournament":
        return cmd_tournament(args, stream)
    if args.command == "train":
        return cmd_train(args, stream)
    if args.command == "rules":
        from bieten._rulebook import command

        return command(args.id, stream)
    return cmd_play(args, stream)


if __name__ == "__main__":
    sys.exit(main())
