"""OpenSpiel plumbing shared by the Python games of both card games (docs/openspiel.md).

A game's parameters are OpenSpiel scalars: every knob of the rules has a sentinel default (-1 for a
number or a switch, "" for a word) that keeps the preset's value, and switches are ints (0 off, 1
on) so that ``"closing=1"`` parses in a game string. :func:`rules_overrides` turns such parameters
into the keyword arguments of ``Rules.preset``.

>>> knobs = Knobs(ints=("target",), bools=("closing",), strs=("claim",))
>>> rules_overrides({"target": 5, "closing": 1, "claim": ""}, knobs, "S10")
{'target': 5, 'closing': True}

Importing it needs OpenSpiel's pyspiel: import it only after checking for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

__all__ = [
    "CHANCE_SEAT",
    "Knobs",
    "TableState",
    "check_dealer",
    "check_episode",
    "check_observer_type",
    "check_parameters",
    "game_info",
    "game_type",
    "python_parameters",
    "rules_overrides",
]

#: ``CoreGame.current_player`` at a chance node (OpenSpiel's kChancePlayer), in both games.
CHANCE_SEAT = -2


class Knobs(NamedTuple):
    """The knobs of a game's rules by parameter type."""

    ints: tuple[str, ...]
    bools: tuple[str, ...]
    strs: tuple[str, ...]


def check_parameters(name: str, params: Mapping[str, Any], defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters with the defaults filled in; an unknown name is a ValueError."""
    unknown = sorted(set(params) - set(defaults))
    if unknown:
        raise ValueError(f"{name}: unknown parameter(s) {', '.join(unknown)}")
    return {**defaults, **params}


def rules_overrides(values: Mapping[str, Any], knobs: Knobs, rule: str) -> dict[str, Any]:
    """The knobs that are not at their sentinel, as ``Rules.preset`` keyword arguments; a switch
    other than -1, 0 or 1 is a ValueError citing ``rule``."""
    overrides: dict[str, Any] = {}
    for name in knobs.ints:
        if values[name] != -1:
            overrides[name] = values[name]
    for name in knobs.bools:
        value = values[name]
        if value not in (-1, 0, 1) or isinstance(value, float):
            raise ValueError(f"{rule}: {name} is -1 (the preset's), 0 (off) or 1 (on), not {value!r}")
        if value != -1:
            overrides[name] = bool(value)
    for name in knobs.strs:
        if values[name] != "":
            overrides[name] = values[name]
    return overrides


def check_episode(name: str, episode: object) -> str:
    """``"game"`` or ``"hand"``; anything else is a ValueError."""
    if episode not in ("game", "hand"):
        raise ValueError(f"{name}: episode must be 'game' or 'hand', not {episode!r}")
    return str(episode)


def check_dealer(dealer: object, players: int, rule: str) -> int:
    """A seat from 0 to players - 1; anything else is a ValueError citing ``rule``."""
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise ValueError(f"{rule}: dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    return dealer


def python_parameters(knobs: Knobs, params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` with Python ``bool`` switches turned into the ints OpenSpiel parameters hold."""
    return {
        name: int(value) if name in knobs.bools and isinstance(value, bool) else value
        for name, value in params.items()
    }


def game_type(
    short_name: str,
    long_name: str,
    players: tuple[int, int],
    parameters: Mapping[str, Any],
    information_state_tensor: bool,
) -> Any:
    """The ``pyspiel.GameType`` of a card game: sequential, explicit chance nodes, imperfect
    information, general-sum (points are only ever won), terminal rewards."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=information_state_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=dict(parameters),
    )


def check_observer_type(name: str, iig_obs_type: Any, params: Mapping[str, Any] | None) -> bool:
    """Refuses what an observer cannot give (parameters; another view than the player's own);
    returns whether it is the perfect-recall (information state) observer."""
    if params:
        raise ValueError(f"{name}: observation parameters are not supported, got {dict(params)}")
    if iig_obs_type is not None and (
        not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
    ):
        raise ValueError(
            f"{name}: only a player's own view is supported (public_info=True, private_info=SINGLE_PLAYER)"
        )
    return bool(iig_obs_type is not None and iig_obs_type.perfect_recall)


def game_info(num_actions: int, max_chance_outcomes: int, players: int, max_utility: int, length: int) -> Any:
    """The ``pyspiel.GameInfo`` of a card game: utilities from 0 (points are only ever won)."""
    return pyspiel.GameInfo(
        num_distinct_actions=num_actions,
        max_chance_outcomes=max_chance_outcomes,
        num_players=players,
        min_utility=0.0,
        max_utility=float(max_utility),
        utility_sum=None,
        max_game_length=length,
    )


class TableState:
    """The ``pyspiel.State`` methods both games share, put before ``pyspiel.State`` in a state's
    bases: the state keeps its game in ``self._table`` (``core``: a CoreGame in chance mode,
    ``terminal``, ``config.rules``, ``apply(id)``); ``GAME_NAME`` names the game in errors."""

    GAME_NAME: ClassVar[str]
    _table: Any

    def current_player(self) -> int:
        table = self._table
        seat = table.core.current_player
        if table.terminal or seat is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if seat == CHANCE_SEAT else int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._table.core.legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        table = self._table
        if table.terminal or not table.core.is_chance_node:
            raise ValueError(f"{self.GAME_NAME}: chance_outcomes() at a state that is not a chance node")
        return list(table.core.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self._table.apply(int(action))

    def is_terminal(self) -> bool:
        return bool(self._table.terminal)

    def returns(self) -> list[float]:
        table = self._table
        if not table.terminal:
            return [0.0] * table.config.rules.players
        return [float(s) for s in table.core.scores]
