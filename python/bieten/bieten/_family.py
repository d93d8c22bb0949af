"""Bieten as its front ends see it: its :class:`~bieten._family.Family`, which the registry
(``bieten._families``) finds here by the game's name."""

from __future__ import annotations

from bieten import _core
from bieten._family import Family, SimulationShape
from bieten.bieten._figures import FIGURE_COLUMNS
from bieten.bieten._game import JSON_FORMAT
from bieten.bieten._game import Game as BietenGame
from bieten.bieten._rules import KNOBS
from bieten.bieten._rules import Rules as BietenRules

FAMILY = Family(
    name="bieten",
    title="Bieten",
    rule_prefix="R",
    rules=BietenRules,
    game=BietenGame,
    kinds=("bieten",),
    presets=tuple(BietenRules.PRESETS),
    knobs=tuple(KNOBS),
    record_format=JSON_FORMAT,
    core=_core,
    preset_apart=True,
    own_options=("preset", "players", "hand_size"),
    kind_by_players={},
    secrecy_rule="R3",
    top_card=True,
    names_kind=False,
    terminal="bieten.bieten.terminal",
    simulation_result="bieten._simulation.results:SimulationResult",
    simulation=SimulationShape(
        winner_column="winner",
        one_winner=True,
        unit="hand",
        points_column="figure_points",
        point_labels=FIGURE_COLUMNS,
        point_noun="figure",
    ),
    pettingzoo="bieten.env.pettingzoo",
    openspiel="bieten.env.openspiel",
    environment="bieten.bieten.env:BIETEN",
    rule_example="R7.4",
)
