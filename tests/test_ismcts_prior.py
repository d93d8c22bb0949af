"""The search with the policy network as its prior (docs/agents.md, "ismcts", knobs ``prior=policy`` and
``tau=``): the names parse, are refused and read back, the prior orders the search's expansions (one
iteration plays the network's own choice), and the agent plays only legal actions (R4, S6), the same
game from the same seeds (tests/test_ismcts_policy.py: on any number of threads, and the protocol
schema's names). Its strength is measured in docs/agents.md."""

from __future__ import annotations

import pytest
from test_ismcts import bieten_game
from test_schnapsen_agents import agent_game

import bieten
from bieten import schnapsen
from bieten._core import schnapsen as score


def test_the_prior_knobs_parse_and_read_back_their_canonical_name() -> None:
    assert bieten.Agent("ismcts:prior=policy", seed=1).name == "ismcts:prior=policy"
    assert bieten.Agent("ISMCTS:Tau=0.5:PRIOR=Policy:400", seed=1).name == "ismcts:400:prior=policy:tau=0.5"
    # The prior combines with the network's play-outs and model; each part keeps its canonical place.
    assert bieten.Agent("ismcts:prior=policy:model=policy", seed=1).name == "ismcts:model=policy:prior=policy"
    assert score.CoreAgent("ismcts:prior=policy:c=3:policy", 1).name == "ismcts:c=3:policy:prior=policy"
    for name in ("ismcts:prior=policy", "ismcts:8ms:prior=policy:tau=2:rollout=random"):
        assert bieten.is_builtin_agent(name)
        assert bieten.Agent(bieten.Agent(name, seed=1).name, seed=1).name == bieten.Agent(name, seed=1).name


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("ismcts:prior=heuristic", "the prior must be policy"),
        ("ismcts:prior=", "the prior must be policy"),
        ("ismcts:prior=policy:tau=0", "the prior's temperature tau must be a number from 0.01 to 100"),
        ("ismcts:prior=policy:tau=101", "the prior's temperature tau must be a number from 0.01 to 100"),
        ("ismcts:prior=policy:tau=-1", "the prior's temperature tau must be a number from 0.01 to 100"),
        ("ismcts:tau=2", "tau=<x> needs prior=policy"),
    ],
)
def test_a_bad_prior_knob_is_refused_naming_it(bad: str, why: str) -> None:
    with pytest.raises(ValueError, match=f"bad agent '{bad}': {why}"):
        bieten.Agent(bad, seed=1)
    with pytest.raises(ValueError, match=why):
        score.CoreAgent(bad, 1)


def test_one_iteration_with_the_prior_plays_the_networks_choice() -> None:
    # S6: in the card play the search expands the root's untried actions in the order of the prior, so
    # its one child after one iteration is the network's highest-scoring legal action (the `policy`
    # agent's choice); the plain search expands a random one and differs somewhere.
    same = differs = positions = 0
    for seed in range(6):
        game = schnapsen.Game(schnapsen.Rules.preset("schnapsen"), seed=seed, record=False)
        bots = [score.CoreAgent("heuristic", seed * 10 + s) for s in range(2)]
        while not game.is_over:
            if game.phase == "play" and len(game.legal_action_ids()) > 1:
                positions += 1
                network = score.CoreAgent("policy", 5).act(game)
                same += score.CoreAgent("ismcts:1:prior=policy", 5).act(game) == network
                differs += score.CoreAgent("ismcts:1", 5).act(game) != network
            game.apply_id(bots[game.current_player].act(game))
    assert positions > 50
    assert same == positions
    assert differs > 0


@pytest.mark.parametrize("preset", sorted(schnapsen.PRESETS))
def test_schnapsen_ismcts_prior_is_legal_deterministic_and_uses_the_prior(preset: str) -> None:
    first = agent_game(preset, 3, 7, "ismcts:12:prior=policy", odd_seats="heuristic")
    assert agent_game(preset, 3, 7, "ismcts:12:prior=policy", odd_seats="heuristic") == first
    assert agent_game(preset, 4, 8, "ismcts:12:prior=policy:model=policy") == agent_game(
        preset, 4, 8, "ismcts:12:prior=policy:model=policy"
    )
    # The same seeds without the prior choose otherwise somewhere in the game.
    assert agent_game(preset, 3, 7, "ismcts:12", odd_seats="heuristic") != first
    for seed in range(10, 16):  # every seat searching with the prior, checked legal action by action
        agent_game(preset, seed, seed, "ismcts:20:prior=policy")


def test_bieten_ismcts_prior_is_legal_deterministic_and_uses_the_prior() -> None:
    rules = bieten.Rules(target=12)
    first = bieten_game(rules, 4, 7, "ismcts:20:prior=policy")
    assert bieten_game(rules, 4, 7, "ismcts:20:prior=policy") == first
    assert bieten_game(rules, 4, 7, "ismcts:20") != first
    for preset in ("tyrol", "welibieten", "south_tyrol"):  # R4-R7: legal in every preset's rules
        bieten_game(bieten.Rules.preset(preset).replace(target=10), 5, 5, "ismcts:20:prior=policy")
