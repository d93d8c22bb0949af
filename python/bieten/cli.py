"""The ``bieten`` command: show a seeded deal, self-play many games, play a game at the terminal,
replay a saved one, serve the engine protocol (``bieten engine``, docs/protocol.md), or serve tables
to play in a browser (``bieten serve``, docs/server.md). ``--game``
picks Bieten (the default) or a preset of Bauernschnapsen and Schnapsen (SCHNAPSEN.md S10) for
``deal``, ``simulate`` and ``play``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from bieten._core import BietenError
from bieten._families import FAMILIES, KINDS, AnyRules, Family, kind_family
from bieten._rules import Rules
from bieten._version import __version__

#: The values of ``--game``: Bieten, or a preset of Bauernschnapsen and Schnapsen (S10).
GAMES = KINDS
#: The rules options some family takes and another refuses (``Family.own_options``), with their flags.
_FAMILY_OPTIONS = {"preset": "--preset", "players": "--players", "hand_size": "--hand-size"}


def _family(args: argparse.Namespace) -> Family:
    return kind_family(getattr(args, "game", "bieten"))


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
        raise _Usage(
            f"{', '.join(given)} are {owners}'s; --game {args.game} fixes its players and cards "
            f"({family.rule_prefix}10)"
        )
    overrides: dict[str, object] = {
        name: getattr(args, name)
        for name in (*family.own_options, "target")
        if name != "preset" and getattr(args, name, None) is not None
    }
    preset = getattr(args, "preset", None) if "preset" in family.own_options else None
    return family.rules_for(args.game, preset, **overrides)  # type: ignore[no-any-return]


def _preset(args: argparse.Namespace) -> str:
    """The preset the command plays: Bieten's R10 preset, or the Schnapsen kind (S10)."""
    family = _family(args)
    if family.preset_apart:
        return str(args.preset or family.default_preset)
    return str(args.game)


class _Usage(Exception):
    """A command line that cannot work (exit status 2)."""


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        default="bieten",
        choices=GAMES,
        help="bieten (default), or a Bauernschnapsen/Schnapsen preset (SCHNAPSEN.md S10)",
    )
    parser.add_argument("--preset", default=None, choices=Rules.PRESETS, help="Bieten rules preset (R10)")
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
    for line in face.deal_lines(dealt):
        print(line, file=out)
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] | None = None) -> int:
    """``bieten play``: a game at the terminal against built-in agents (the family's terminal view)."""
    from bieten.terminal import play, wants_color

    rules = _rules_from(args)
    if not 0 <= args.seat < rules.players:
        print(f"bieten: error: --seat must be 0 to {rules.players - 1}", file=sys.stderr)
        return 2
    play(
        rules,
        out,
        seed=args.seed,
        you=args.seat,
        opponents=args.opponents,
        save=args.save,
        color=wants_color(out, args.no_color),
        preset=_preset(args),
        read=read,
    )
    return 0


def cmd_replay(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] | None = None) -> int:
    """``bieten replay FILE``: a saved game step by step, as text or as one seat's JSON Lines events."""
    from bieten.terminal import load_jsonl, replay, wants_color

    if args.json and args.seat is None:
        print("bieten: error: replay --json needs --seat K: the event stream is per seat", file=sys.stderr)
        return 2
    try:
        with open(args.file, encoding="utf-8") as stream:
            text = stream.read()
    except OSError as err:
        print(f"bieten: error: replay: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    saved = load_jsonl(text, name=args.file)
    players = saved.start.rules.players
    if args.seat is not None and not 0 <= args.seat < players:
        print(f"bieten: error: --seat must be 0 to {players - 1}", file=sys.stderr)
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


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from bieten._simulate import simulate

    family = _family(args)
    rules = _rules_from(args)
    agents = (
        [a.strip() for a in args.agents.split(",")]
        if args.agents
        else (["heuristic"] + ["random"] * (rules.players - 1))
    )
    result = simulate(rules, agents, **_run_options(args))
    summary = result.summary()
    if args.json:
        data = {"rules": rules.to_dict(), "seed": args.seed, "threads": args.threads, **summary.to_dict()}
        if family.names_kind:
            data = {"game": args.game, **data}
        print(json.dumps(data), file=out)
        return 0
    title = f"{_preset(args)} ({family.setup(rules)})"
    print(f"{args.games:,} games of {title}, seed {args.seed}, {args.threads} thread(s)", file=out)
    print(summary, file=out)
    return 0


def cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    from bieten._tournament import tournament

    rules = _rules_from(args)
    agents = [a.strip() for a in args.agents.split(",")]
    result = tournament(rules, agents, **_run_options(args))
    if args.json:
        print(json.dumps({"rules": rules.to_dict(), **result.to_dict()}), file=out)
        return 0
    print(f"Round robin of {', '.join(agents)}: {args.games:,} games a pair, seed {args.seed}", file=out)
    print(result, file=out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bieten",
        description="Bieten, the Tyrolean and Bavarian bluffing card game; with --game, Bauernschnapsen "
        "and Schnapsen.",
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
        help="comma-separated, one per seat: random, heuristic, ismcts[:knobs] "
        "(default: heuristic,random,...)",
    )
    _add_run_options(p_sim, 20_000, "number of games", "run", "the summary")
    p_tour = sub.add_parser(
        "tournament", help="round robin of built-in agents, seats rotated, with win rates and ratings"
    )
    p_tour.add_argument(
        "--agents",
        default="heuristic,random",
        help="comma-separated built-in agents (default heuristic,random)",
    )
    _add_run_options(p_tour, 2_000, "games per pair of agents", "tournament", "the result")
    p_play = sub.add_parser("play", help="play a game at the terminal against built-in agents")
    p_play.add_argument("--seed", type=int, default=None, help="game seed (default: random, printed)")
    p_play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p_play.add_argument("--target", type=int, default=None, help="points to win (default: the preset's)")
    p_play.add_argument(
        "--opponents",
        default="heuristic",
        metavar="AGENT",
        help="the agent of every other seat: random, heuristic, ismcts[:knobs] (default heuristic)",
    )
    p_play.add_argument(
        "--save", metavar="FILE.jsonl", default=None, help="save the game as JSON Lines as it goes"
    )
    p_play.add_argument("--no-color", action="store_true", help="plain text, no colours")
    _add_rules_options(p_play)
    p_replay = sub.add_parser("replay", help="replay a game saved by 'bieten play --save', step by step")
    p_replay.add_argument("file", metavar="FILE", help="the saved game (JSON Lines, docs/frontends.md)")
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
    p_rules = sub.add_parser(
        "rules", help="list the rules of both games, or print one by the id messages cite (R7.4, S6.6)"
    )
    p_rules.add_argument(
        "id", nargs="?", metavar="ID", help="a rule or section of either game, e.g. R7.4, S6 (any case)"
    )
    return parser


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """``bieten serve``: the web tables (python/bieten/web, docs/server.md) under uvicorn."""
    if args.bot_delay < 0 or args.max_tables < 1 or not 0 <= args.port < 65536:
        print(
            "bieten: error: --bot-delay must be >= 0, --max-tables >= 1, --port 0 to 65535", file=sys.stderr
        )
        return 2
    try:
        import uvicorn

        from bieten.web import MAX_MESSAGE, create_app
    except ImportError as err:
        print(
            f"bieten: error: bieten serve needs the web extra ({err.name} is missing): "
            "pip install 'bieten[web]'",
            file=sys.stderr,
        )
        return 2
    app = create_app(bot_delay=args.bot_delay, max_tables=args.max_tables)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"bieten serve: open http://{host}:{args.port}/ in a browser", file=out, flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        access_log=not args.no_access_log,
        ws_max_size=4 * MAX_MESSAGE,  # bigger ones close the socket; up to it they get too_large
        ws_per_message_deflate=False,  # updates are small; compressing them costs more than it saves
    )
    return 0


def cmd_engine(args: argparse.Namespace) -> int:
    """``bieten engine``: the engine protocol on stdin and stdout (python/bieten/engine.py)."""
    from bieten import engine

    limits = {"max_line": args.max_line, "max_games": args.max_games}
    for name, value in limits.items():
        if value is not None and value < 1:
            print(f"bieten: error: --{name.replace('_', '-')} must be at least 1", file=sys.stderr)
            return 2
    return engine.main(**{name: value for name, value in limits.items() if value is not None})


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    stream = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
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
        if args.command == "rules":
            from bieten._rulebook import command

            return command(args.id, stream)
        return cmd_play(args, stream)
    except (BietenError, _Usage) as err:
        print(f"bieten: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
