"""The Schnapsen agents (docs/agents.md, "Schnapsen"): the heuristic beats random with 99% confidence
in the four- and two-player games, and both agents choose only legal actions, deterministically from
their seed."""

from __future__ import annotations

import math
import random

import pytest

from bieten import schnapsen
from bieten._core import schnapsen as core

Z99 = 2.5758293035489  # two-sided 99% normal quantile
SEED = 20261201


def wilson(wins: int, games: int, z: float = Z99) -> tuple[float, float]:
    """Wilson score interval of a binomial proportion."""
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - half) / scale, (centre + half) / scale


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.3753, abs=1e-4) and high == pytest.approx(0.6247, abs=1e-4)
    low, high = wilson(100, 100)
    assert low == pytest.approx(100 / (100 + Z99 * Z99)) and high == pytest.approx(1.0)


def heuristic_side_wins(preset: str, agents: list[str], games: int) -> int:
    """Games (of ``games``) that the heuristic seats win, by simulate's bitmask of winning seats."""
    rules = schnapsen.Rules.preset(preset)._core
    result = core.simulate(rules, agents, [None] * len(agents), SEED, games, 0, games, 0, 1, 2)
    winners = result["winners"].astype(int)
    heuristic = sum(1 << seat for seat, name in enumerate(agents) if name == "heuristic")
    assert len(winners) == games and bool((winners != 0).all())  # every game ends with a winner (S8.6)
    # Sides never share a win in these presets: one side reaches the target first (S2.2, S2.4).
    assert bool(((winners & heuristic == 0) | (winners & ~heuristic == 0)).all())
    return int(((winners & heuristic) != 0).sum())


@pytest.mark.parametrize(
    ("preset", "agents"),
    [
        ("bauernschnapsen", ["heuristic", "random", "heuristic", "random"]),  # team 0,2 vs 1,3
        ("bauernschnapsen", ["random", "heuristic", "random", "heuristic"]),  # seats swapped
        ("schnapsen", ["heuristic", "random"]),
        ("schnapsen", ["random", "heuristic"]),
    ],
)
def test_heuristic_beats_random_with_99_percent_confidence(preset: str, agents: list[str]) -> None:
    games = 10_000
    wins = heuristic_side_wins(preset, agents, games)
    low, high = wilson(wins, games)
    assert low > 0.5, f"{preset} {agents}: heuristic won {wins}/{games}, 99% interval {low:.3f}-{high:.3f}"


def agent_game(preset: str, seed: int, agent_seed: int, name: str, odd_seats: str | None = None) -> list[int]:
    """One whole game in which every seat's action comes from ``CoreAgent(name, ...)`` (the odd seats'
    from ``CoreAgent(odd_seats, ...)`` if given), checked legal; the actions chosen."""
    rules = schnapsen.Rules.preset(preset)
    game = schnapsen.Game(rules, seed=seed, record=False)
    names = [odd_seats if odd_seats is not None and seat % 2 else name for seat in range(rules.players)]
    agents = [core.CoreAgent(names[seat], agent_seed + seat) for seat in range(rules.players)]
    chosen: list[int] = []
    legal = game.legal_action_ids()
    while legal:
        seat = game.current_player
        assert seat is not None
        action = agents[seat].act(game)
        assert action in legal, f"{name} chose {schnapsen.action_text(action)} outside {legal}"
        chosen.append(action)
        legal = game.step(action)
    assert game.is_over and game.winners
    return chosen


@pytest.mark.parametrize("name", ["random", "heuristic"])
@pytest.mark.parametrize("preset", sorted(schnapsen.PRESETS))
def test_agents_choose_only_legal_actions_and_are_deterministic(preset: str, name: str) -> None:
    rng = random.Random(f"{preset}/{name}")
    played: set[tuple[int, ...]] = set()
    for _ in range(200):
        seed, agent_seed = rng.getrandbits(64), rng.getrandbits(32)
        first = agent_game(preset, seed, agent_seed, name)
        assert agent_game(preset, seed, agent_seed, name) == first  # the same seeds, the same game
        played.add(tuple(first))
    assert len(played) > 1


def test_agent_acts_on_a_copy_as_on_the_original_and_refuses_a_finished_game() -> None:
    game = schnapsen.Game(schnapsen.Rules.preset("bauernschnapsen"), seed=3)
    for name in ("random", "heuristic"):
        assert core.CoreAgent(name, 9).name == name
        assert core.CoreAgent(name, 9).act(game) == core.CoreAgent(name, 9).act(game.clone())
    while not game.is_over:
        game.apply_id(core.CoreAgent("random", 1).act(game))
    with pytest.raises(schnapsen.IllegalActionError, match=r"S8\.6"):
        core.CoreAgent("heuristic", 1).act(game)


@pytest.mark.parametrize("module", ["bieten", "schnapsen"])
def test_both_games_read_agent_names_alike_and_run_no_external_agent(module: str) -> None:
    """One parser of agent names serves both games (agent_spec.hpp): any case, the canonical name
    back, and "external" (a caller's function in simulate) refused where the engine must act itself."""
    from bieten import _core

    make = _core.CoreAgent if module == "bieten" else core.CoreAgent
    assert make("Random", 1).name == "random"
    assert make("HEURISTIC", 1).name == "heuristic"
    assert make("ismcts:64", 1).name == "ismcts:64"
    with pytest.raises(ValueError, match=r"^'external' is not a built-in agent$"):
        make("external", 1)
    with pytest.raises(
        ValueError,
        match=r"^unknown agent 'genius': expected random, heuristic, ismcts, expert, policy or policy:FILE$",
    ):
        make("genius", 1)
