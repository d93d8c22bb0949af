"""The strength table of the ISMCTS agent in docs/agents.md ("ismcts"): win rates against the heuristic
and against random, with 99% Wilson intervals, seats rotated.

    python benchmarks/ismcts_strength.py GAME AGENT OPPONENT GAMES [--threads N] [--seed S]

GAME is ``bieten`` (Rules(), four players: one AGENT seat against three OPPONENT seats, each seat in
turn, GAMES/4 games per seat; the fair share is 1/4) or a Schnapsen preset (``bauernschnapsen``: AGENT
plays one team, seats 0+2 then 1+3; ``schnapsen`` and ``bauernschnapsen_2``: AGENT plays seat 0, then
seat 1; the fair share is 1/2). Game i of seating k uses base seed S + k. The result is the same for
any --threads (every game is a pure function of its seeds).

    python benchmarks/ismcts_strength.py GAME AGENT OPPONENT POSITIONS --timing [--seed S]

instead times the decisions: CPU milliseconds per decision of AGENT and of OPPONENT, each asked at the
same POSITIONS positions (decisions with more than one legal action of the seats AGENT plays in
seeded games against OPPONENT), one thread.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np

import bieten
from bieten import schnapsen

Z99 = 2.5758293035489  # two-sided 99% normal quantile


def wilson(wins: int, games: int, z: float = Z99) -> tuple[float, float]:
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - half) / (1 + z * z / games), (centre + half) / (1 + z * z / games)


def timing(game: str, agent: str, opponent: str, positions: int, seed: int) -> None:
    """CPU ms per decision of `agent` and `opponent` at the same positions (time.process_time)."""
    found: list[Any] = []
    g = seed
    while len(found) < positions:
        rules: Any = bieten.Rules() if game == "bieten" else schnapsen.Rules.preset(game)
        state: Any = (bieten.Game if game == "bieten" else schnapsen.Game)(rules, seed=g, record=False)
        names = [agent if s % 2 == 0 else opponent for s in range(rules.players)]
        bots = [bieten.Agent(name, seed=g * 10 + s) for s, name in enumerate(names)]
        while not state.is_over and len(found) < positions:
            seat = state.current_player
            if seat % 2 == 0 and len(state.legal_action_ids()) > 1:
                found.append(state.clone())
            state.apply_id(bots[seat].act(state))
        g += 1
    for name in (agent, opponent):
        bot = bieten.Agent(name, seed=seed)
        start = time.process_time()
        for position in found:
            bot.act(position)
        ms = 1000 * (time.process_time() - start) / len(found)
        print(f"{game} {name}: {ms:.2f} ms CPU per decision over {len(found)} positions")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("agent")
    parser.add_argument("opponent")
    parser.add_argument("games", type=int)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timing", action="store_true", help="time decisions instead (GAMES: positions)")
    args = parser.parse_args()
    if args.timing:
        timing(args.game, args.agent, args.opponent, args.games, args.seed)
        return
    start = time.perf_counter()
    wins = games = 0
    if args.game == "bieten":
        rules = bieten.Rules()
        for seat in range(rules.players):
            names = [args.opponent] * rules.players
            names[seat] = args.agent
            run = bieten.simulate(
                rules, names, games=args.games // rules.players, seed=args.seed + seat, threads=args.threads
            )
            wins += int((run.winner == seat).sum())
            games += len(run.winner)
        share = 1 / rules.players
    else:
        srules = schnapsen.Rules.preset(args.game)
        for first in (0, 1):
            names = [args.opponent] * srules.players
            for s in range(first, srules.players, 2):
                names[s] = args.agent
            srun = bieten.simulate(
                srules, names, games=args.games // 2, seed=args.seed + first, threads=args.threads
            )
            wins += int(np.asarray(srun.winners)[:, first].sum())
            games += len(srun.winners)
        share = 0.5
    low, high = wilson(wins, games)
    verdict = "stronger" if low > share else "weaker" if high < share else "not separated"
    print(
        f"{args.game} {args.agent} vs {args.opponent}: {wins}/{games} = {wins / games:.3f} "
        f"[{low:.3f}, {high:.3f}] (fair share {share:g}: {verdict} at 99%)  "
        f"{time.perf_counter() - start:.1f} s"
    )


if __name__ == "__main__":
    main()
