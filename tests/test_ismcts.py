"""The ISMCTS agent (docs/agents.md, "ismcts") in both games: only legal actions, the same choices from
the same seed (and the same batch results on any number of threads), no peeking (a seat's choice is
the same in two games that differ only in cards hidden from it, R4.4 and S12), its knobs, and a
cheap check of its strength. The full strength table is in docs/agents.md, not here."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from test_schnapsen_agents import agent_game

import bieten
from bieten import schnapsen
from bieten._core import schnapsen as score

Z99 = 2.5758293035489


def wilson_low(wins: int, games: int, z: float = Z99) -> float:
    p = wins / games
    centre = p + z * z / (2 * games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - half) / (1 + z * z / games)


# --- names and knobs ---------------------------------------------------------------------------------


def test_ismcts_is_a_builtin_agent_with_knobs() -> None:
    assert "ismcts" in bieten.AGENTS
    assert bieten.Agent("ismcts", seed=1).name == "ismcts"
    assert bieten.Agent("ismcts:200", seed=1).name == "ismcts:200"
    assert bieten.Agent("ISMCTS:5ms:c=1.5", seed=1).name == "ismcts:5ms:c=1.5"
    # The knobs' numbers are read without std::from_chars or a locale; a name reads back as written.
    for name in ("ismcts:2.5ms:c=.25", "ismcts:3.6e+06ms:c=1e+06"):
        assert bieten.Agent(bieten.Agent(name, seed=1).name, seed=1).name == bieten.Agent(name, seed=1).name
    assert bieten.Agent("ismcts:c=.25", seed=1).name == "ismcts:c=0.25"
    assert (
        score.CoreAgent("ismcts:64:rollout=random:others=uct", 1).name
        == "ismcts:64:rollout=random:others=uct"
    )
    for bad in (
        "ismcts:",
        "ismcts:0",
        "ismcts:abc",
        "ismcts:5ms:c=-1",
        "ismcts:rollout=smart",
        "ismcts:c=1,5",
        "ismcts:c=1e",
        "ismcts:c=.",
        "ismcts:1.5",
    ):
        with pytest.raises(ValueError, match="ismcts"):
            bieten.Agent(bad, seed=1)
        with pytest.raises(ValueError, match="ismcts"):
            score.CoreAgent(bad, 1)
    with pytest.raises(bieten.AgentError):
        bieten.Agent("ismctsx", seed=1)


# --- legality and determinism ------------------------------------------------------------------------


def bieten_game(rules: bieten.Rules, seed: int, agent_seed: int, name: str) -> list[int]:
    game = bieten.Game(rules, seed=seed, record=False)
    agents = [
        bieten.Agent(name if s % 2 == 0 else "heuristic", seed=agent_seed + s) for s in range(rules.players)
    ]
    chosen: list[int] = []
    while not game.is_over:
        legal = game.legal_action_ids()
        action = agents[game.current_player].act(game)
        assert action in legal
        chosen.append(action)
        game.apply_id(action)
    return chosen


@pytest.mark.parametrize("preset", ["tyrol", "welibieten", "south_tyrol"])
def test_bieten_ismcts_is_legal_and_deterministic(preset: str) -> None:
    rules = bieten.Rules.preset(preset)
    for seed in (1, 2):
        first = bieten_game(rules, seed, 7, "ismcts:40")
        assert bieten_game(rules, seed, 7, "ismcts:40") == first


@pytest.mark.parametrize("preset", sorted(schnapsen.PRESETS))
def test_schnapsen_ismcts_is_legal_and_deterministic(preset: str) -> None:
    for seed in (1, 2):
        first = agent_game(preset, seed, 7, "ismcts:40", odd_seats="heuristic")
        assert agent_game(preset, seed, 7, "ismcts:40", odd_seats="heuristic") == first


def test_simulate_with_ismcts_is_the_same_on_any_thread_count() -> None:
    agents = ["ismcts:30", "heuristic", "random", "heuristic"]
    one = bieten.simulate(bieten.Rules(), agents, games=6, seed=5, threads=1)
    two = bieten.simulate(bieten.Rules(), agents, games=6, seed=5, threads=2)
    assert one.winner.tolist() == two.winner.tolist() and one.scores.tolist() == two.scores.tolist()
    assert one.actions.tolist() == two.actions.tolist()
    for preset, names in (
        ("bauernschnapsen", ["ismcts:30", "heuristic"] * 2),
        ("schnapsen", ["ismcts:30", "random"]),
    ):
        rules = schnapsen.Rules.preset(preset)
        a = bieten.simulate(rules, names, games=6, seed=5, threads=1)
        b = bieten.simulate(rules, names, games=6, seed=5, threads=2)
        assert a.scores.tolist() == b.scores.tolist() and a.actions.tolist() == b.actions.tolist()


def test_ismcts_acts_on_a_copy_as_on_the_original_and_refuses_a_finished_game() -> None:
    game = bieten.Game(bieten.Rules(), seed=3)
    assert bieten.Agent("ismcts:30", seed=2).act(game) == bieten.Agent("ismcts:30", seed=2).act(game.clone())
    while not game.is_over:
        game.apply_id(bieten.Agent("random", seed=1).act(game))
    with pytest.raises(bieten.IllegalActionError, match=r"R8\.2"):
        bieten.Agent("ismcts", seed=1).act(game)
    sgame = schnapsen.Game(schnapsen.Rules.preset("schnapsen"), seed=3)
    while not sgame.is_over:
        sgame.apply_id(score.CoreAgent("random", 1).act(sgame))
    with pytest.raises(schnapsen.IllegalActionError, match=r"S8\.6"):
        score.CoreAgent("ismcts", 1).act(sgame)


# --- no peeking --------------------------------------------------------------------------------------


def replay(make: Callable[[], Any], actions: list[int]) -> Any | None:
    """A new game from ``make`` with ``actions`` applied, or None if one of them is illegal there."""
    game = make()
    for a in actions:
        if not game.is_legal(a):
            return None
        game.apply_id(a)
    return game


def bieten_hidden_swaps(
    game: bieten.Game, deal: list[list[str]], seat: int, rng: random.Random
) -> list[list[list[str]]]:
    """Deals that differ from ``deal`` only in unplayed cards hidden from ``seat``: a card of another
    seat swapped with a card of the same suit of a third seat or of the undealt stock (so the suits each
    seat followed or failed stay the same, R4.2)."""
    unplayed = [set(game.unplayed[p]) for p in range(game.rules.players)]
    dealt = {c for hand in deal for c in hand}
    stock = [c for c in (str(bieten.Card(i)) for i in range(33)) if c not in dealt]
    out = []
    others = [p for p in range(game.rules.players) if p != seat]
    for p in others:
        for c in sorted(unplayed[p]):
            suit = c[0]
            for q in [*others, -1]:
                if q == p:
                    continue
                pool = sorted(unplayed[q]) if q >= 0 else stock
                for d in pool:
                    if d[0] != suit or d == c:
                        continue
                    new = [list(h) for h in deal]
                    new[p] = [d if x == c else x for x in new[p]]
                    if q >= 0:
                        new[q] = [c if x == d else x for x in new[q]]
                    out.append(new)
    rng.shuffle(out)
    return out[:3]


def test_bieten_ismcts_does_not_peek_at_hidden_cards() -> None:
    rules = bieten.Rules()
    rng = random.Random(13)
    compared = 0
    for seed in range(1, 13):
        deal = bieten.deal(seed, rules)
        game = bieten.Game(rules, seed=seed, deal=deal)
        actions: list[int] = []
        bots = [bieten.Agent("heuristic", seed=seed + s) for s in range(rules.players)]
        while not game.is_over and game.hand_number == 0:
            seat = game.current_player
            if len(game.legal_action_ids()) > 1 and rng.random() < 0.5:
                mine = bieten.Agent("ismcts:60", seed=99).act(game)
                for other in bieten_hidden_swaps(game, deal, seat, rng):
                    twin = replay(lambda other=other, s=seed: bieten.Game(rules, seed=s, deal=other), actions)
                    # The same information set: the seat's observation is the same (a seat's after-play
                    # window, R7.1, depends on its own cards, so some swaps change what others see).
                    if twin is None or not np.array_equal(twin.observation(seat), game.observation(seat)):
                        continue
                    assert twin.current_player == seat
                    assert bieten.Agent("ismcts:60", seed=99).act(twin) == mine, (seed, actions, other)
                    compared += 1
            action = bots[seat].act(game)
            actions.append(action)
            game.apply_id(action)
    assert compared >= 40


def schnapsen_hidden_swaps(
    game: schnapsen.Game, deal: dict[str, Any], seat: int, actions: list[int], rng: random.Random
) -> list[dict[str, Any]]:
    """Deals that differ from ``deal`` only in cards hidden from ``seat``: an unplayed card of another
    seat, never one it showed (S12: the trump card, the trump Unter, the turned card, melded Kings and
    Obers), swapped with a card of the same suit of a third seat or of the stock still face down."""
    n = game.rules.players
    shown = {str(game.trump_card), str(game.turned_card), str(deal.get("trump_card"))}
    trump = str(game.trump_card)[0] if game.trump_card is not None else None
    if trump:
        shown.add(trump + "U")
    for a in actions:
        text = schnapsen.action_text(a)
        if text.startswith("meld "):
            shown |= {text[5] + "K", text[5] + "O"}
    hidden = [set(game.hands[p]) - shown for p in range(n)]
    drawn = 10 - game.stock_count if n == 2 else 0
    stock = [c for c in (deal.get("stock") or []) if c not in shown]
    face_down = set(stock[drawn:]) if n == 2 and game.stock_count > 0 else set()
    out = []
    others = [p for p in range(n) if p != seat]
    for p in others:
        for c in sorted(hidden[p]):
            for q in [*others, -1]:
                if q == p:
                    continue
                pool = sorted(hidden[q]) if q >= 0 else sorted(face_down)
                for d in pool:
                    if d[0] != c[0] or d == c:
                        continue

                    # Exchange the two cards wherever the deal has them (a card drawn from the
                    # stock is in the deal's stock, not its hand).
                    def swap(x: str, c: str = c, d: str = d) -> str:
                        return d if x == c else c if x == d else x

                    new = {k: ([swap(x) for x in v] if isinstance(v, list) else v) for k, v in deal.items()}
                    new["hands"] = [[swap(x) for x in h] for h in deal["hands"]]
                    out.append(new)
    rng.shuffle(out)
    return out[:3]


@pytest.mark.parametrize("preset", ["bauernschnapsen", "schnapsen"])
def test_schnapsen_ismcts_does_not_peek_at_hidden_cards(preset: str) -> None:
    rules = schnapsen.Rules.preset(preset)
    rng = random.Random(preset)
    compared = 0
    for seed in range(1, 11):
        deal = schnapsen.deal(seed, rules)
        game = schnapsen.Game(rules, seed=seed, deal=deal)
        actions: list[int] = []
        bots = [score.CoreAgent("heuristic", seed + s) for s in range(rules.players)]
        while not game.is_over and game.hand_number == 0:
            seat = game.current_player
            assert seat is not None
            if game.phase == "play" and len(game.legal_action_ids()) > 1 and rng.random() < 0.5:
                mine = score.CoreAgent("ismcts:60", 99).act(game)
                for other in schnapsen_hidden_swaps(game, deal, seat, actions, rng):
                    twin = replay(
                        lambda other=other, s=seed: schnapsen.Game(rules, seed=s, deal=other), actions
                    )
                    if twin is None or not np.array_equal(twin.observation(seat), game.observation(seat)):
                        continue
                    assert twin.current_player == seat
                    assert score.CoreAgent("ismcts:60", 99).act(twin) == mine, (seed, actions, other)
                    compared += 1
            action = bots[seat].act(game)
            actions.append(action)
            game.apply_id(action)
    assert compared >= 30


# --- strength (cheap; the full table is in docs/agents.md) -------------------------------------------


def test_ismcts_beats_the_heuristic_at_schnapsen_and_random_at_bieten() -> None:
    # Schnapsen (two players), seats alternated: ismcts:200 against the heuristic.
    rules = schnapsen.Rules.preset("schnapsen")
    wins = games = 0
    for seat in (0, 1):
        names = ["heuristic", "heuristic"]
        names[seat] = "ismcts:200"
        run = bieten.simulate(rules, names, games=40, seed=11 + seat, threads=2)
        wins += int(run.winners[:, seat].sum())
        games += len(run.winners)
    assert wilson_low(wins, games) > 0.5, f"ismcts won {wins}/{games} at schnapsen"
    # Bieten (four players): one ismcts:100 seat against three random ones wins more than its share.
    wins = games = 0
    for seat in range(4):
        names = ["random"] * 4
        names[seat] = "ismcts:100"
        result = bieten.simulate(bieten.Rules(), names, games=40, seed=21 + seat, threads=2)
        wins += int((result.winner == seat).sum())
        games += len(result.winner)
    assert wilson_low(wins, games) > 0.25, f"ismcts won {wins}/{games} at bieten"
