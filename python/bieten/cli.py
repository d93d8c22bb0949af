"""The ``bieten`` command: show a seeded deal, or play a game at the terminal."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from bieten._core import BietenError
from bieten._deal import deal, deal_top_card
from bieten._figures import evaluate
from bieten._game import Game
from bieten._rules import Rules

_SUIT_NAMES = {"H": "Hearts", "L": "Leaves", "S": "Bells", "E": "Acorns"}


def _rules_from(args: argparse.Namespace) -> Rules:
    overrides: dict[str, object] = {}
    if args.players is not None:
        overrides["players"] = args.players
    if args.hand_size is not None:
        overrides["hand_size"] = args.hand_size
    if getattr(args, "target", None) is not None:
        overrides["target"] = args.target
    return Rules.preset(args.preset, **overrides)


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default="tyrol", choices=Rules.PRESETS, help="rules preset (R10)")
    parser.add_argument("--players", type=int, default=None, help="2 to 5 (default: the preset's, 4)")
    parser.add_argument("--hand-size", type=int, default=None, help="3, or 4 for the four-card variant")


def _winners_line(hands: list[list[str]], rules: Rules) -> dict[str, int | None] | None:
    wild = {"none": set(), "weli": {"S6"}, "spitzen": {"S6", "S7", "E7"}}[rules.wild]
    if any(card in wild for hand in hands for card in hand):
        return None  # R5.2: the figures depend on how the wilds will be named
    return evaluate(hands, rules)


def cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    hands = deal(args.seed, rules, hand=args.hand, dealer=args.dealer)
    winners = _winners_line(hands, rules)
    top = deal_top_card(args.seed, rules, hand=args.hand, dealer=args.dealer) if rules.show_top_card else None
    if args.json:
        data = {
            "seed": args.seed,
            "hand": args.hand,
            "dealer": args.dealer,
            "rules": rules.to_dict(),
            "hands": hands,
            "top_card": top,
            "figures": winners,
        }
        print(json.dumps(data), file=out)
        return 0
    print(
        f"Deal of seed {args.seed}, hand {args.hand}, dealer seat {args.dealer} ({args.preset}, "
        f"{rules.players} players, {rules.hand_size} cards)",
        file=out,
    )
    for seat, hand in enumerate(hands):
        print(f"  seat {seat}: {' '.join(hand)}", file=out)
    if top is not None:
        print(f"  face-up card: {top}", file=out)
    if winners is None:
        print("Figures: a wild card was dealt; the figures depend on how it is named (R5.2).", file=out)
    else:
        print("Figures:", file=out)
        for name, winner in winners.items():
            print(f"  {name:7} {'nobody' if winner is None else f'seat {winner}'}", file=out)
    return 0


def _describe(game: Game, seat: int) -> str:
    lines = [
        f"Hand {game.hand_number}, dealer seat {game.dealer}. Scores: {game.scores} "
        f"(target {game.rules.target})"
    ]
    if game.top_card:
        lines.append(f"Face-up card: {game.top_card}")
    lines.append(f"Your cards: {' '.join(game.unplayed[seat]) or '-'}")
    table = [f"seat {s}: {' '.join(played) or '-'}" for s, played in enumerate(_played(game))]
    lines.append("Played: " + " | ".join(table))
    trick = game.trick()
    if trick:
        shown = ", ".join(f"seat {s} {c}" + (f" as {n}" if n else "") for s, c, n in trick)
        lines.append(f"This trick: {shown}")
    if game.bid_figure:
        lines.append(f"Bid being answered: {game.bid_figure}")
    return "\n".join(lines)


def _played(game: Game) -> list[list[str]]:
    pairs = zip(game.hands, game.unplayed, strict=True)
    return [[card for card in hand if card not in unplayed] for hand, unplayed in pairs]


def cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] = input) -> int:
    rules = _rules_from(args)
    game = Game(rules, seed=args.seed)
    you = args.seat
    if not 0 <= you < rules.players:
        print(f"--seat must be 0 to {rules.players - 1}", file=out)
        return 2
    bots = random.Random(game.seed)
    print(f"Bieten ({args.preset}, {rules.players} players), seed {game.seed}. You are seat {you}.", file=out)
    print(
        "Type an action by number or in R11 notation (e.g. 'play HA', 'bid red', 'good'); 'q' quits.",
        file=out,
    )
    seen = 0
    while not game.is_over:
        for event in game.events[seen:]:
            line = _event_line(event.to_dict(), you)
            if line:
                print(line, file=out)
        seen = len(game.events)
        actor = game.current_player
        assert actor is not None
        actions = game.legal_actions()
        if actor != you:
            game.apply(bots.choice(actions))
            continue
        print(_describe(game, you), file=out)
        for i, action in enumerate(actions, 1):
            print(f"  {i:2}. {action}", file=out)
        while True:
            try:
                answer = read("> ").strip()
            except EOFError:
                print("\nGoodbye.", file=out)
                return 0
            if answer.lower() in ("q", "quit", "exit"):
                print(f"Saved game record:\n{game.to_json()}", file=out)
                return 0
            try:
                choice = actions[int(answer) - 1] if answer.isdigit() else answer
                if answer.isdigit() and not 1 <= int(answer) <= len(actions):
                    raise IndexError
                game.apply(choice)
                break
            except IndexError:
                print(f"Choose 1 to {len(actions)}.", file=out)
            except BietenError as err:
                print(f"Refused: {err}", file=out)
    for event in game.events[seen:]:
        line = _event_line(event.to_dict(), you)
        if line:
            print(line, file=out)
    print(f"Game over: seat {game.winner} wins with {game.scores}. Bummerl: {game.bummerl}.", file=out)
    return 0


def _event_line(e: dict[str, object], you: int) -> str | None:
    kind = e["type"]
    who = "you" if e.get("seat") == you else f"seat {e.get('seat')}"
    if kind == "card_played":
        named = f" as {e['as']}" if e.get("as") else ""
        return f"{who} played {e['card']}{named}"
    if kind == "trick_won":
        return f"{who} won trick {int(e['trick']) + 1}"  # type: ignore[call-overload]
    if kind == "bid_opened":
        return f"{who} bid {e['figure']}"
    if kind == "answered":
        return f"{who} said {e['answer']} ({e['figure']})"
    if kind == "figure_credited":
        return f"{who} scored {e['points']} for {e['figure']} ({e['reason']})"
    if kind == "hand_scored":
        return f"Hand over. Scores: {e['scores']}"
    return None


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from bieten._simulate import simulate

    rules = _rules_from(args)
    agents = (
        [a.strip() for a in args.agents.split(",")]
        if args.agents
        else (["heuristic"] + ["random"] * (rules.players - 1))
    )
    result = simulate(
        rules,
        agents,
        games=args.games,
        seed=args.seed,
        threads=args.threads,
        progress=not args.no_progress and not args.json,
    )
    summary = result.summary()
    if args.json:
        print(
            json.dumps(
                {"rules": rules.to_dict(), "seed": args.seed, "threads": args.threads, **summary.to_dict()}
            ),
            file=out,
        )
        return 0
    print(
        f"{args.games:,} games of {args.preset} ({rules.players} players, {rules.hand_size} cards, target "
        f"{rules.target}), seed {args.seed}, {args.threads} thread(s)",
        file=out,
    )
    print(summary, file=out)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bieten", description="Bieten, the Tyrolean and Bavarian bluffing card game."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_deal = sub.add_parser("deal", help="show the seeded deal of a hand and its figure winners (R3, R6)")
    p_deal.add_argument("--seed", type=int, required=True, help="game seed, 0 <= seed < 2**64")
    p_deal.add_argument("--hand", type=int, default=0, help="hand number (default 0)")
    p_deal.add_argument("--dealer", type=int, default=0, help="dealer seat (default 0)")
    p_deal.add_argument("--json", action="store_true", help="print JSON")
    _add_rules_options(p_deal)
    p_sim = sub.add_parser("simulate", help="self-play many games on threads and summarise them")
    p_sim.add_argument(
        "--agents",
        default=None,
        help="comma-separated, one per seat: random, heuristic (default: heuristic,random,...)",
    )
    p_sim.add_argument("--games", type=int, default=20_000, help="number of games (default 20,000)")
    p_sim.add_argument(
        "--threads", type=int, default=os.cpu_count() or 1, help="threads (default: all cores)"
    )
    p_sim.add_argument("--seed", type=int, default=1, help="base seed of the run (default 1)")
    p_sim.add_argument("--target", type=int, default=None, help="points to win (default 11)")
    p_sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    p_sim.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    _add_rules_options(p_sim)
    p_play = sub.add_parser("play", help="play a game at the terminal against random opponents")
    p_play.add_argument("--seed", type=int, default=None, help="game seed (default: random, printed)")
    p_play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p_play.add_argument("--target", type=int, default=None, help="points to win (default 11)")
    _add_rules_options(p_play)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    stream = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        if args.command == "deal":
            return cmd_deal(args, stream)
        if args.command == "simulate":
            return cmd_simulate(args, stream)
        return cmd_play(args, stream)
    except BietenError as err:
        print(f"bieten: error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
