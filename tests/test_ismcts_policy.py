"""The search with the shipped policy network inside it (docs/agents.md, "ismcts", knobs ``policy``,
``rollout=policy`` and ``model=policy``): the names parse and read back, the agent plays only legal
actions in every preset of both games (R4, S6), the same game from the same seed on any number of
threads, and the network really plays the search's moves (its games differ from the plain search's).
Its strength is measured in docs/agents.md, not here."""

from __future__ import annotations

import pytest
import test_engine_protocol as protocol_tests
from test_ismcts import bieten_game
from test_schnapsen_agents import agent_game

import bieten
from bieten import schnapsen
from bieten._core import schnapsen as score


def test_the_policy_knobs_parse_and_read_back_their_canonical_name() -> None:
    assert bieten.Agent("ismcts:policy", seed=1).name == "ismcts:policy"
    assert bieten.Agent("ISMCTS:Policy:400", seed=1).name == "ismcts:400:policy"
    # `policy` is short for both rollout=policy and model=policy; either alone stays as written.
    assert bieten.Agent("ismcts:model=policy:rollout=policy:c=2", seed=1).name == "ismcts:c=2:policy"
    assert bieten.Agent("ismcts:rollout=policy", seed=1).name == "ismcts:rollout=policy"
    assert score.CoreAgent("ismcts:64:model=policy", 1).name == "ismcts:64:model=policy"
    assert (
        score.CoreAgent("ismcts:policy:rollout=heuristic", 1).name == "ismcts:rollout=heuristic:model=policy"
    )
    for name in ("ismcts:policy", "ismcts:8ms:rollout=policy:model=random"):
        assert bieten.is_builtin_agent(name)
        assert bieten.Agent(bieten.Agent(name, seed=1).name, seed=1).name == bieten.Agent(name, seed=1).name
    for bad, why in (
        ("ismcts:model=smart", "the model must be random, heuristic or policy"),
        ("ismcts:rollout=", "the rollout must be random, heuristic or policy"),
        ("ismcts:policies", "the iterations must be an integer"),
    ):
        with pytest.raises(ValueError, match=f"bad agent '{bad}': {why}"):
            bieten.Agent(bad, seed=1)
        with pytest.raises(ValueError, match=why):
            score.CoreAgent(bad, 1)


@pytest.mark.parametrize("preset", sorted(schnapsen.PRESETS))
def test_schnapsen_ismcts_policy_is_legal_deterministic_and_plays_the_network(preset: str) -> None:
    first = agent_game(preset, 3, 7, "ismcts:12:policy", odd_seats="heuristic")
    assert agent_game(preset, 3, 7, "ismcts:12:policy", odd_seats="heuristic") == first
    # The same seeds with the heuristic's play-outs and model choose otherwise somewhere in the game.
    assert agent_game(preset, 3, 7, "ismcts:12", odd_seats="heuristic") != first


def test_bieten_ismcts_policy_is_legal_deterministic_and_plays_the_network() -> None:
    rules = bieten.Rules(target=12)
    first = bieten_game(rules, 4, 7, "ismcts:6:policy")
    assert bieten_game(rules, 4, 7, "ismcts:6:policy") == first
    assert bieten_game(rules, 4, 7, "ismcts:6") != first


@pytest.mark.parametrize(
    ("in_schnapsen", "in_bauernschnapsen", "in_bieten"),
    [
        # the network as play-outs and model of the other seats
        ("ismcts:10:policy", "ismcts:6:model=policy", "ismcts:4:rollout=policy"),
        # the network as the prior of the search's own choices (knobs prior= and tau=)
        ("ismcts:30:prior=policy", "ismcts:20:prior=policy:tau=2", "ismcts:20:prior=policy"),
    ],
)
def test_simulate_with_the_network_in_the_search_is_the_same_on_any_thread_count(
    in_schnapsen: str, in_bauernschnapsen: str, in_bieten: str
) -> None:
    for rules, names in (
        (schnapsen.Rules.preset("schnapsen"), [in_schnapsen, "ismcts:10"]),
        (schnapsen.Rules.preset("bauernschnapsen"), [in_bauernschnapsen, "heuristic"] * 2),
        (bieten.Rules(target=12), [in_bieten, "heuristic", "random", "heuristic"]),
    ):
        one = bieten.simulate(rules, names, games=4, seed=9, threads=1)
        two = bieten.simulate(rules, names, games=4, seed=9, threads=2)
        assert one.actions.tolist() == two.actions.tolist() and one.scores.tolist() == two.scores.tolist()


@pytest.mark.parametrize(
    "agent",
    [
        "ismcts:policy",
        "ISMCTS:8:Model=Policy:rollout=heuristic",
        "ismcts:model=uct",
        "ismcts:policy:20ms",
        "ismcts:prior=policy",
        "ISMCTS:8:Prior=Policy:tau=1.5",
        "ismcts:prior=search",
        "ismcts:prior:policy",
    ],
)
def test_the_protocol_schema_takes_the_network_knobs_exactly_when_the_engine_plays_them(agent: str) -> None:
    protocol_tests.test_the_schema_takes_an_agent_name_exactly_when_the_engine_plays_it(agent)
