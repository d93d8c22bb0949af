"""``expert`` against the external RdeepBot of the PyPI package ``schnapsen==0.0.5`` (VU Amsterdam's
Intelligent Systems course platform), in that package's own engine, over DEALS deals (one game of its
engine is one deal), seats swapped halfway; the share of deals won with its 99% Wilson interval.

    python benchmarks/rdeep_expert.py [DEALS] [--agent expert] [--samples 16] [--depth 4] [--seed S]
                                      [--target T] [--runs R] [--jobs J]

With ``--runs R`` it plays R runs of DEALS deals, on the seeds S, S + 1, ..., S + R - 1 (each run the
same as ``--seed`` alone gives it), J processes at a time, and prints each run's line and then the
total with its 99% Wilson interval: ``--seed 43001 --runs 10 --jobs 2`` is the ten runs of 43001 to
43010 in one command.

Benchmark only, never a dependency: the package is installed with pip into a throwaway virtual
environment under /tmp (made on the first run) and imported from there; it is pure Python.

How the agent plays in that engine: the package's rules are Schnapsen without closing (S6.7 off), with
automatic claims at the end of a trick (S7.2), following, trumping and heading in the second phase (S6.3,
must_head always), the King played with a marriage, and 3/2/1 game points. At each of its turns the bot
builds a ``bieten.schnapsen.Game`` of ``Rules.preset("schnapsen", closing=False, claim="automatic",
target=T)`` on the engine's deal (read from the engine's generator before the deal starts, as the engine
shuffles it) and replays the deal's moves so far; the agent then sees only what that seat may see (S12:
its own hand, the cards played and shown, the counts), and its action is played back as the engine's
move. Where the two rules differ (the engine credits a marriage with the melder's next trick won, S6.6 at
once when it already has one; it gives 3 game points to a winner whose opponent has no card points, S8.1
when it has no trick), the replay can fail; the bot then plays the engine's first legal move and the run
counts those decisions ("fallbacks").

The engine's game is one deal, won or lost (its game points are reported, not played to a total), so
the agent's game is played to T = 1 point by default (S8.6): an agent that values a deal by the game it
decides (``expert``) then plays to win the deal, not for its points. ``--target 1000`` makes the deal's
game points count instead, as in a long game.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from random import Random
from typing import Any

import bieten
from bieten.schnapsen import Game, Rules

VENV = Path("/tmp/bieten-rdeep-schnapsen-0.0.5")
Z99 = 2.5758293035489  # two-sided 99% normal quantile


def wilson(wins: int, games: int, z: float = Z99) -> tuple[float, float]:
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - half) / (1 + z * z / games), (centre + half) / (1 + z * z / games)


def import_package() -> Any:
    """The package from its throwaway environment (made and filled with pip on the first run, in a
    folder of this process's that is renamed into place once the package is in it, so that runs started
    together never see a half-made one)."""
    if not VENV.exists():
        making = VENV.with_name(f"{VENV.name}.{os.getpid()}")
        subprocess.run([sys.executable, "-m", "venv", str(making)], check=True)
        subprocess.run([str(making / "bin" / "pip"), "install", "-q", "schnapsen==0.0.5"], check=True)
        try:
            making.rename(VENV)
        except OSError:  # another run put its own in place first
            shutil.rmtree(making)
    site = next(VENV.glob("lib/python3*/site-packages"))
    sys.path.insert(0, str(site))
    import schnapsen.game as engine_module

    return engine_module


RUN_LINE = re.compile(r"(\d+)/(\d+) deals won.*game points ([+-]\d+); (\d+) fallbacks in (\d+) decisions")


def run_many(args: argparse.Namespace) -> None:
    """--runs: each seed's run in a process of its own (this script without --runs), --jobs at a time,
    then the total. The first run makes the throwaway environment before the others start."""
    seeds = list(range(args.seed, args.seed + args.runs))

    def one(seed: int) -> str:
        command = [
            sys.executable,
            __file__,
            str(args.deals),
            "--seed",
            str(seed),
            "--agent",
            args.agent,
            "--samples",
            str(args.samples),
            "--depth",
            str(args.depth),
            "--target",
            str(args.target),
        ]
        done = subprocess.run(command, check=True, capture_output=True, text=True)
        line = done.stdout.strip().splitlines()[-1]
        print(f"seed {seed}: {line}", flush=True)
        return line

    import_package()
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        lines = list(pool.map(one, seeds))
    totals = [0, 0, 0, 0, 0]
    for line in lines:
        found = RUN_LINE.search(line)
        if found is None:
            raise SystemExit(f"rdeep_expert: a run printed no result: {line!r}")
        totals = [t + int(v) for t, v in zip(totals, found.groups(), strict=True)]
    wins, deals, points, fallbacks, decisions = totals
    low, high = wilson(wins, deals)
    print(
        f"{args.agent} (its game to {args.target}) vs RdeepBot({args.samples}, {args.depth}), seeds "
        f"{seeds[0]} to {seeds[-1]}: {wins}/{deals} deals won = {wins / deals:.3f} [{low:.3f}, {high:.3f}] "
        f"(99% Wilson), game points {points:+d}; {fallbacks} fallbacks in {decisions} decisions; "
        f"{time.perf_counter() - start:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("deals", type=int, nargs="?", default=400)
    parser.add_argument("--agent", default="expert")
    parser.add_argument("--samples", type=int, default=16)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--target", type=int, default=1, help="the agent's game is played to this (S8.6)")
    parser.add_argument("--runs", type=int, default=1, help="runs, on the seeds from --seed on; their total")
    parser.add_argument("--jobs", type=int, default=1, help="with --runs: processes at a time")
    args = parser.parse_args()
    if args.runs < 1 or args.deals < 1:
        parser.error("DEALS and --runs must be at least 1")
    if args.runs > 1:
        run_many(args)
        return

    sg = import_package()
    from schnapsen.bots.rdeep import RdeepBot
    from schnapsen.deck import Card, Rank, Suit

    suit_letter = {Suit.HEARTS: "H", Suit.CLUBS: "L", Suit.SPADES: "S", Suit.DIAMONDS: "E"}
    rank_letter = {Rank.ACE: "A", Rank.TEN: "10", Rank.KING: "K", Rank.QUEEN: "O", Rank.JACK: "U"}
    letter_suit = {v: k for k, v in suit_letter.items()}
    letter_rank = {v: k for k, v in rank_letter.items()}

    def text(card: Any) -> str:
        return suit_letter[card.suit] + rank_letter[card.rank]

    def card_of(t: str) -> Any:
        return Card.get_card(letter_rank[t[1:]], letter_suit[t[0]])

    rules = Rules.preset("schnapsen", closing=False, claim="automatic", target=args.target)

    class ExpertBot(sg.Bot):  # type: ignore[misc, name-defined]
        """Our agent in the engine: the engine's leader of the first trick is bieten's forehand, seat 1."""

        def __init__(self, agent: str, seed: int) -> None:
            super().__init__("bieten " + agent)
            self.agent = bieten.Agent(agent, seed=seed)
            self.deal: dict[str, Any] = {}
            self.first: Any = None  # the engine's leader of the first trick
            self.fallbacks = 0
            self.decisions = 0

        def shadow(self, perspective: Any, leader_move: Any) -> Game | None:
            game = Game(rules, 0, deal=self.deal, dealer=0, record=False)

            def play(move: Any) -> None:
                if move.is_trump_exchange():
                    game.apply("exchange")
                elif move.is_marriage():
                    game.apply("meld " + suit_letter[move.suit])
                    game.apply("play " + text(move.king_card))
                else:
                    game.apply("play " + text(move.card))

            for _view, trick in perspective.get_game_history()[:-1]:
                if trick.is_trump_exchange():
                    play(trick.exchange)
                else:
                    play(trick.leader_move)
                    play(trick.follower_move)
            if leader_move is not None:
                play(leader_move)
            if game.hand_number != 0 or game.is_over:
                return None
            mine = sorted(text(c) for c in perspective.get_hand().get_cards())
            if sorted(game.hands[game.current_player]) != mine:  # the replay left the engine's deal
                return None
            return game

        def get_move(self, perspective: Any, leader_move: Any) -> Any:
            self.decisions += 1
            moves = perspective.valid_moves()
            try:
                game = self.shadow(perspective, leader_move)
            except bieten.BietenError:
                game = None
            if game is None:
                self.fallbacks += 1
                return moves[0]
            action = str(bieten.schnapsen.Action(self.agent.act(game)))
            kind, _, rest = action.partition(" ")
            hand = set(perspective.get_hand().get_cards())
            if kind == "exchange":
                jack = next(m for m in moves if m.is_trump_exchange())
                return jack
            if kind == "meld":
                return next(m for m in moves if m.is_marriage() and suit_letter[m.suit] == rest)
            card = card_of(rest)
            assert card in hand, (action, hand)
            for m in moves:
                if m.is_regular_move() and m.card == card:
                    return m
            self.fallbacks += 1  # a card the engine refuses (its rules differ)
            return moves[0]

    engine = sg.SchnapsenGamePlayEngine()
    rng = Random(args.seed)
    wins = 0
    points = 0
    start = time.perf_counter()
    expert = ExpertBot(args.agent, args.seed)
    for i in range(args.deals):
        rdeep = RdeepBot(num_samples=args.samples, depth=args.depth, rand=Random(rng.getrandbits(32)))
        deal_rng = Random(rng.getrandbits(64))
        # The deal as the engine will shuffle it (play_game's first draws from its generator).
        peek = Random()
        peek.setstate(deal_rng.getstate())
        cards = list(
            engine.deck_generator.shuffle_deck(engine.deck_generator.get_initial_deck(), peek).get_cards()
        )
        first_hand = [text(cards[k]) for k in range(0, 10, 2)]
        second_hand = [text(cards[k]) for k in range(1, 11, 2)]
        talon = [text(c) for c in cards[10:]]
        expert_leads = i % 2 == 0
        bots = (expert, rdeep) if expert_leads else (rdeep, expert)
        # bieten seat 1 leads (forehand of dealer 0): the engine's first hand
        expert.deal = {"hands": [second_hand, first_hand], "trump_card": talon[-1], "stock": talon[:-1]}
        winner, game_points, _score = engine.play_game(bots[0], bots[1], deal_rng)
        if winner is expert:
            wins += 1
            points += game_points
        else:
            points -= game_points
    low, high = wilson(wins, args.deals)
    print(
        f"{args.agent} (its game to {args.target}) vs RdeepBot({args.samples}, {args.depth}) "
        "in schnapsen 0.0.5's engine: "
        f"{wins}/{args.deals} deals won = {wins / args.deals:.3f} [{low:.3f}, {high:.3f}] (99% Wilson), "
        f"game points {points:+d}; {expert.fallbacks} fallbacks in {expert.decisions} decisions; "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
