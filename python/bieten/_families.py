"""The registry of game families: what every front end needs to know about a game, in one place.

A *family* is one game of the engine with its rules class, game class, rule ids, presets, record
format and the modules that show it at a terminal or wrap it as an environment. The CLI, the
engine protocol, the server, the terminal, simulate, tournament and distributed look a family up
here (by name, by a ``kind`` of the protocol and the CLI, by a record's format, or by a rules or
game object) instead of switching on types; a third game is one more ``Family`` in ``FAMILIES``.

The layout follows the same split: each game's model is a subpackage named after the game, with the
same module names (``_rules``, ``_game``, ``_deal``): Bieten's ``bieten.bieten`` (whose API
``bieten.*`` hands on) beside ``bieten.schnapsen``; shared code has no game's name in it
(``_common_game``, ``_event``, ``_records``, ``_agents``, ``_simulation``, ``_session``), and a front
end is a package of shared modules that finds each game's part of it in the game's package
(``bieten.<game>.terminal``; its rulebook ``rules.md``, event schemas ``events-v<N>.json`` and
policy weights ``policies/<name>.bin`` beside it), named here so that the front end finds it.

A third game, on the Python side, writes: its model package (``Rules`` with ``PRESETS``, ``KNOBS``
and ``preset``; ``Game`` mixing ``CommonGame`` into its compiled core class; ``deal``), its
terminal view (``<game>/terminal.py`` with the hooks of tests/test_families.py: ``View``,
``END_FIELD``, ``INSTRUCTIONS``, ``HELP``, ``title``, ``about``, ``rules_name``, ``status``,
``action_label``, ``commands``, ``deal_data``, ``deal_setup``, ``deal_lines``), its environment
modules, one ``Family`` in ``FAMILIES`` with its ``simulation`` shape (``SimulationShape``) and its
name in ``bieten._games.GAMES`` (what ``bieten.games()`` lists and ``bieten.make`` takes); the CLI, the
protocol, the server, tournament and distributed then find it here, and simulate gives the one result
type shaped by the core's output and that shape (one winner a game, or winning seats).

>>> from bieten import Rules, schnapsen
>>> family_of(Rules()).name, family_of(schnapsen.Rules()).name
('bieten', 'schnapsen')
>>> kind_family("bauernschnapsen_called").rule_prefix
'S'
>>> KINDS
('bieten', 'bauernschnapsen', 'bauernschnapsen_called', 'bauernschnapsen_2', 'schnapsen')
>>> BIETEN.rules_for("bieten", players=3).players, SCHNAPSEN.rules_for("schnapsen").target
(3, 7)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from bieten import _core
from bieten._core import HandError, RulesError
from bieten.bieten._figures import FIGURE_COLUMNS
from bieten.bieten._game import JSON_FORMAT as BIETEN_FORMAT
from bieten.bieten._game import Game as BietenGame
from bieten.bieten._rules import KNOBS as BIETEN_KNOBS
from bieten.bieten._rules import Rules as BietenRules
from bieten.schnapsen._game import JSON_FORMAT as SCHNAPSEN_FORMAT
from bieten.schnapsen._game import Game as SchnapsenGame
from bieten.schnapsen._rules import KNOBS as SCHNAPSEN_KNOBS
from bieten.schnapsen._rules import PRESETS as SCHNAPSEN_PRESETS
from bieten.schnapsen._rules import Rules as SchnapsenRules

AnyRules = BietenRules | SchnapsenRules
AnyGame = BietenGame | SchnapsenGame


@dataclass(frozen=True)
class SimulationShape:
    """What a family's core ``simulate`` reports beside the columns every game's core reports
    (``game_index``, ``scores``, ``bummerl``, ``hands``, ``actions`` and where the time went), and how
    the one simulation result type (``bieten.SimulationResult``) and its summary read it.

    >>> BIETEN.simulation.winner_column, SCHNAPSEN.simulation.one_winner
    ('winner', False)
    """

    #: The core's column of each game's winners: the winning seat (``one_winner``: R8.2), or a bit
    #: mask of the winning seats (S8.6). A result keeps it under this name.
    winner_column: str
    one_winner: bool
    #: What a result's ``hands`` counts, as a summary says it: Bieten's hands, Schnapsen's deals.
    unit: str
    #: The core's per-seat points summed over a run ((players, len(point_labels)) int64), if it has
    #: any: a result keeps the sum under this name, a summary shows it per game (``points_per_game``),
    #: a column per label, and says what the columns are (``point_noun``).
    points_column: str | None = None
    point_labels: tuple[str, ...] = ()
    point_noun: str = ""
    #: Older, per-game names of the result and summary types (old name -> the type's name), which
    #: ``bieten`` and ``bieten._simulate`` still resolve.
    aliases: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)  # one object per game: compared and hashed by identity
class Family:
    """One game of the engine, as its front ends see it.

    ``kinds`` are the names the CLI's ``--game`` and the protocol's ``new`` take for it: Bieten's
    one kind is ``"bieten"`` (its R10 preset is chosen apart), each Schnapsen kind is an S10
    preset. ``core`` is the game's compiled module (``Action``, ``CoreAgent``, ``simulate``,
    ``NUM_ACTIONS``). Modules named by path (``terminal``, ``pettingzoo``, ``openspiel``) are
    imported only when asked for, since some need optional extras.
    """

    name: str
    title: str
    rule_prefix: str
    rules: type[BietenRules] | type[SchnapsenRules]
    game: type[BietenGame] | type[SchnapsenGame]
    kinds: tuple[str, ...]
    presets: tuple[str, ...]
    knobs: tuple[str, ...]
    record_format: str
    core: ModuleType
    #: Whether a preset is chosen apart from the kind (Bieten's R10 presets), or the kind is the preset.
    preset_apart: bool
    #: The options only the family's rules take, beside ``target``: the CLI refuses them for another.
    own_options: tuple[str, ...]
    #: What rules that equal no preset are called, by player count (``kind_of``).
    kind_by_players: Mapping[int, str]
    #: The rule that keeps the seats' cards secret while the game goes on (R3's deal, S12).
    secrecy_rule: str
    #: Whether a given first deal comes with a face-up card (Bieten's R3.8).
    top_card: bool
    #: Whether the CLI's JSON names the kind (``"game"``): Schnapsen's does; Bieten's, older, does not.
    names_kind: bool
    #: The module of its terminal view (``View``, ``status``, ``deal_lines``, ... as listed above), by path.
    terminal: str
    #: The class of its simulation results (``module:name``; NumPy's, so named, not imported): the one
    #: result type of every family, shaped by ``simulation``.
    simulation_result: str
    #: What its core's simulate reports, which shapes its simulation results and summaries.
    simulation: SimulationShape
    #: Its environments, by module path (python/bieten/env, docs/pettingzoo.md, docs/openspiel.md):
    #: the shared modules, which take the family's name (``env(game=name)``, ``python_<name>``).
    pettingzoo: str
    openspiel: str
    #: What its environments (PettingZoo, OpenSpiel, VectorEnv) need of it, as ``module:name``: the
    #: env family object (bieten.env._family.Family) in the game's package, which needs no framework.
    environment: str
    #: A rule id of its rulebook (``bieten/<name>/rules.md``) that ``bieten rules`` gives as an example.
    rule_example: str
    #: The options of its deal beside the rules (``bieten deal --knock``), each with its rule: the CLI
    #: refuses them for another family.
    deal_options: Mapping[str, str] = field(default_factory=dict)

    @property
    def policy_tag(self) -> int:
        """The game tag of its policy blobs (its descriptor's ``kPolicyTag``, read from the core's
        registry ``_core.GAMES``): what ``bieten.policies.pack`` writes and ``unpack`` reads; its
        policies are ``bieten/<name>/policies/<policy>.bin``, named by the same registry."""
        return int(next(game for game in _core.GAMES if game["name"] == self.name)["policy_tag"])

    @property
    def default_preset(self) -> str:
        """The preset a kind of this family plays when none is named."""
        return self.presets[0]

    def rules_for(self, kind: str, preset: str | None = None, **knobs: Any) -> Any:
        """The rules of ``kind`` (one of ``kinds``) with ``preset`` (Bieten's R10 presets; a Schnapsen
        kind is itself the preset) and knobs overriding it."""
        if not self.preset_apart:
            if preset is not None:
                raise RulesError(
                    f"{self.rule_prefix}10: preset is Bieten's (R10); the kind {kind!r} is itself the preset"
                )
            return self.rules.preset(kind, **knobs)
        return self.rules.preset(self.default_preset if preset is None else preset, **knobs)

    def new_game(
        self,
        rules: Any,
        seed: int | None,
        *,
        deal: Any = None,
        dealer: int = 0,
        top_card: str | None = None,
    ) -> Any:
        """A new game of these rules; ``top_card`` is Bieten's (R3.8) and refused for another."""
        if self.top_card:
            return self.game(rules, seed, deal=deal, dealer=dealer, top_card=top_card)  # type: ignore[call-arg]
        if top_card is not None:
            raise HandError(f"{self.rule_prefix}3.7: top_card is Bieten's (R3.8); give deal.trump_card")
        return self.game(rules, seed, deal=deal, dealer=dealer)

    def kind_of(self, rules: Any) -> str:
        """The kind a family's rules are played as: the preset they equal, else the family's name for
        them at their player count (``kind_by_players``), else its first kind."""
        if self.preset_apart:
            return self.kinds[0]
        for name in self.kinds:
            if self.rules.preset(name) == rules:
                return name
        return self.kind_by_players.get(rules.players, self.kinds[0])

    def setup(self, rules: Any) -> str:
        """The rules in a few words, for titles: players, Bieten's hand size, the target."""
        cards = f"{rules.hand_size} cards, " if "hand_size" in self.knobs else ""
        return f"{rules.players} players, {cards}target {rules.target}"

    def core_agent(self, name: str, seed: int) -> Any:
        """A built-in agent of this game (docs/agents.md) with its own seed."""
        return self.core.CoreAgent(name, seed)

    def action(self, action: object) -> Any:
        """An action of this game's notation (R11, S11) by text, id or Action."""
        return self.core.Action(action)

    def module(self, role: str) -> ModuleType:
        """The module of ``role`` ("terminal", "pettingzoo", "openspiel"), imported on first use."""
        return importlib.import_module(getattr(self, role))

    def member(self, role: str) -> Any:
        """What ``role`` names as ``module:name`` ("simulation_result"), imported on first use."""
        module, _, name = str(getattr(self, role)).partition(":")
        return getattr(importlib.import_module(module), name)


BIETEN = Family(
    name="bieten",
    title="Bieten",
    rule_prefix="R",
    rules=BietenRules,
    game=BietenGame,
    kinds=("bieten",),
    presets=tuple(BietenRules.PRESETS),
    knobs=tuple(BIETEN_KNOBS),
    record_format=BIETEN_FORMAT,
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

SCHNAPSEN = Family(
    name="schnapsen",
    title="Schnapsen",
    rule_prefix="S",
    rules=SchnapsenRules,
    game=SchnapsenGame,
    kinds=tuple(SCHNAPSEN_PRESETS),
    presets=tuple(SCHNAPSEN_PRESETS),
    knobs=tuple(SCHNAPSEN_KNOBS),
    record_format=SCHNAPSEN_FORMAT,
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

#: Every family, Bieten first.
FAMILIES: tuple[Family, ...] = (BIETEN, SCHNAPSEN)
#: Every kind of the CLI's ``--game`` and the protocol's ``new``, family by family.
KINDS: tuple[str, ...] = tuple(kind for family in FAMILIES for kind in family.kinds)

_BY_NAME: Mapping[str, Family] = {family.name: family for family in FAMILIES}
_BY_KIND: Mapping[str, Family] = {kind: family for family in FAMILIES for kind in family.kinds}
_BY_FORMAT: Mapping[str, Family] = {family.record_format: family for family in FAMILIES}
_BY_CLASS: Mapping[type, Family] = {
    klass: family for family in FAMILIES for klass in (family.rules, family.game)
}


def family(name: str) -> Family:
    """The family of a name (``"bieten"``, ``"schnapsen"``); KeyError for another."""
    return _BY_NAME[name]


def kind_family(kind: str) -> Family:
    """The family of a kind (``"bieten"`` or a Schnapsen preset); KeyError for another."""
    return _BY_KIND[kind]


def record_family(form: object) -> Family | None:
    """The family of a game record's ``format``, or None for a format no family writes."""
    return _BY_FORMAT.get(form) if isinstance(form, str) else None


def type_family(kind: type) -> Family | None:
    """The family of a rules or game class (or a subclass of one), or None. The registry's one
    lookup by type."""
    for klass in kind.__mro__:
        found = _BY_CLASS.get(klass)
        if found is not None:
            return found
    return None


def family_of(thing: object) -> Family:
    """The family of a rules or game object (or of an object that has ``rules``, such as a
    simulation result); TypeError for anything else."""
    found = type_family(type(thing))
    if found is not None:
        return found
    rules = getattr(thing, "rules", None)
    if rules is not None and rules is not thing:
        return family_of(rules)
    names = " or a ".join(f"bieten.{f.rules._REPR}" for f in FAMILIES)  # as repr names them
    raise TypeError(f"rules must be a {names}, not {type(thing).__name__}")
