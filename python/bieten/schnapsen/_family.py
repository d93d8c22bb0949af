"""Bauernschnapsen and Schnapsen as their front ends see them: the game's
:class:`~bieten._family.Family`, which the registry (``bieten._families``) finds here by the game's name."""

from __future__ import annotations

from bieten import _core
from bieten._family import Family, SimulationShape
from bieten.schnapsen._game import JSON_FORMAT
from bieten.schnapsen._game import Game as SchnapsenGame
from bieten.schnapsen._rules import KNOBS, PRESETS
from bieten.schnapsen._rules import Rules as SchnapsenRules

FAMILY = Family(
    name="schnapsen",
    title="Schnapsen",
    rule_prefix="S",
    rules=SchnapsenRules,
    game=SchnapsenGame,
    kinds=tuple(PRESETS),
    presets=tuple(PRESETS),
    knobs=tuple(KNOBS),
    record_format=JSON_FORMAT,
    core=_core.schnapsen,
    preset_apart=False,
    own_options=(),
    kind_by_players={2: "schnapsen", 4: "bauernschnapsen"},
    secrecy_rule="S12",
    top_card=False,
    names_kind=True,
    terminal="bieten.schnapsen.terminal",
    simulation_result="bieten._simulation.results:SimulationResult",
    simulation=SimulationShape(
        winner_column="winners",
        one_winner=False,
        unit="deal",
        aliases={"SchnapsenSimulationResult": "SimulationResult", "SchnapsenSummary": "Summary"},
    ),
    pettingzoo="bieten.env.pettingzoo",
    openspiel="bieten.env.openspiel",
    environment="bieten.schnapsen.env:SCHNAPSEN",
    rule_example="S6.6",
    deal_options={"knock": "S3.3"},
)
