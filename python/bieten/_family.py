"""What a game of the engine is to its front ends: :class:`Family` and the shape of its simulation
results, :class:`SimulationShape`. Each game's package describes itself with one ``Family`` in its own
``_family.py`` (``bieten.<game>._family.FAMILY``); the registry (``bieten._families``) collects them in
the compiled registry's order, and a registered game with no package of its own gets a family built
from its descriptor alone (``bieten._generic``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from bieten import _core
from bieten._core import HandError, RulesError


@dataclass(frozen=True)
class SimulationShape:
    """What a family's core ``simulate`` reports beside the columns every game's core reports
    (``game_index``, ``scores``, ``bummerl``, ``hands``, ``actions`` and where the time went), and how
    the one simulation result type (``bieten.SimulationResult``) and its summary read it.

    >>> from bieten._families import family
    >>> family("bieten").simulation.winner_column, family("bieten").simulation.one_winner
    ('winner', True)
    """

    #: The core's column of each game's winners: the winning seat (``one_winner``: R8.2), or a bit
    #: mask of the winning seats (S8.6). A result keeps it under this name.
    winner_column: str
    one_winner: bool
    #: What a result's ``hands`` counts, as a summary says it: Bieten's hands, another game's deals.
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
    one kind is ``"bieten"`` (its R10 preset is chosen apart); another game's kinds may be its
    presets. ``core`` is the game's compiled module (``Action``, ``CoreAgent``, ``simulate``,
    ``NUM_ACTIONS``). Modules named by path (``terminal``, ``pettingzoo``, ``openspiel``) are
    imported only when asked for, since some need optional extras.
    """

    name: str
    title: str
    rule_prefix: str
    rules: type[Any]
    game: type[Any]
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
    #: Whether the CLI's JSON names the kind (``"game"``): a newer game's does; Bieten's, older, does not.
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
    #: Whether the game has a Python package of its own (``bieten.<name>`` with its ``_family.py``);
    #: False for a game the registry describes alone (``bieten._generic``: no terminal view, no page,
    #: no OpenSpiel chance mode).
    own_package: bool = True

    @property
    def policy_tag(self) -> int:
        """The game tag of its policy blobs (its descriptor's ``kPolicyTag``, read from the core's
        registry ``_core.GAMES``): what ``bieten.policies.pack`` writes and ``unpack`` reads; its
        policies are ``bieten/<name>/policies/<policy>.bin``, named by the same registry."""
        return int(next(game for game in _core.GAMES if game["name"] == self.name)["policy_tag"])

    @property
    def rules_rule(self) -> str:
        """The rule of its presets and knobs (R10, S10; its descriptor's, read from ``_core.GAMES``)."""
        return str(next(game for game in _core.GAMES if game["name"] == self.name)["rules_rule"])

    @property
    def default_preset(self) -> str:
        """The preset a kind of this family plays when none is named."""
        return self.presets[0]

    def rules_for(self, kind: str, preset: str | None = None, **knobs: Any) -> Any:
        """The rules of ``kind`` (one of ``kinds``) with ``preset`` (Bieten's R10 presets; where
        ``preset_apart`` is false, the kind is itself the preset) and knobs overriding it."""
        if not self.preset_apart:
            if preset is not None:
                raise RulesError(
                    f"{self.rules_rule}: preset is Bieten's (R10); the kind {kind!r} is itself the preset"
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
            return self.game(rules, seed, deal=deal, dealer=dealer, top_card=top_card)
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
        if not getattr(self, role):
            raise RulesError(
                f"{self.rule_prefix}: {self.title} has no {role} view: only a game with a Python package of "
                "its own has one (docs/architecture.md, 'Adding a game')"
            )
        return importlib.import_module(getattr(self, role))

    def member(self, role: str) -> Any:
        """What ``role`` names as ``module:name`` ("simulation_result"), imported on first use."""
        module, _, name = str(getattr(self, role)).partition(":")
        return getattr(importlib.import_module(module), name)
