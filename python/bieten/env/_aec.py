"""The PettingZoo AEC environment of every game (docs/pettingzoo.md).

:class:`TableEnv` is one table of a turn-based card game: agents ``player_k`` for seats ``k``, a fixed
discrete action space, an observation dict of the game's float ``observation(seat)`` and an int8
``action_mask``, rewards that are each seat's score gained by a step, and episodes of one game (or of
its first deal). What differs per game (its rules and game classes, sizes, rule ids, the render)
comes from its family (``bieten.env._family``); :func:`make` wraps a table as PettingZoo recommends.

Importing it needs PettingZoo and Gymnasium; without them it raises an ImportError that says what to
install.
"""

from __future__ import annotations

import operator
import secrets
from typing import Any, Literal, Protocol, TypeVar

# PettingZoo ships no type information (no py.typed); the ignores also cover an environment without
# the extra, where mypy finds neither package.
try:
    import gymnasium  # type: ignore[import-not-found, unused-ignore]
    from gymnasium import spaces  # type: ignore[import-not-found, unused-ignore]
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"bieten.env.pettingzoo needs PettingZoo and Gymnasium ({err}); install them with "
        "pip install 'bieten[rl]'"
    ) from err
import numpy as np
import numpy.typing as npt

from bieten import _core
from bieten._core import IllegalActionError, SeatError
from bieten._seeds import check_u64
from bieten.env._family import Family

__all__ = ["AECEnv", "Episode", "Observation", "TableEnv", "TableGame", "make", "rules_from", "wrap"]

Episode = Literal["game", "hand"]
Observation = dict[str, npt.NDArray[Any]]


class TableGame(Protocol):
    """What :class:`TableEnv` needs of a game (every family's ``game_class``)."""

    @property
    def seed(self) -> int: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def current_player(self) -> int | None: ...
    def observation(self, seat: int) -> npt.NDArray[np.float32]: ...
    def legal_action_mask(self) -> npt.NDArray[np.bool_]: ...
    def apply_id(self, id: int) -> None: ...


R = TypeVar("R")  # a game's Rules class (its family's ``rules_class``)


def rules_from(preset: str | R, overrides: dict[str, Any], rules_class: type[R]) -> tuple[R, str | None]:
    """An env's rules and preset name: a ``Rules`` object (with the overrides applied, no name), or a
    preset's name and the overrides."""
    if isinstance(preset, rules_class):
        given: Any = preset  # every Rules class has replace() and preset()
        return (given.replace(**overrides) if overrides else preset), None
    presets: Any = rules_class
    return presets.preset(preset, **overrides), str(preset)  # preset() refuses a name it lacks (R10/S10)


class TableEnv(AECEnv):  # type: ignore[misc]  # PettingZoo's AECEnv is untyped
    """One table of a family's game as an AEC environment; ``preset`` is a preset name of the
    family's ``Rules.PRESETS`` (default the family's) or a ``Rules``, and the other arguments are
    those of ``bieten.env.pettingzoo.env`` (docs/pettingzoo.md)."""

    # Each table's copy names its family's environment (``aec_name``: ``bieten_v0``, ...).
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "name": "table_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        family: Family,
        preset: Any = None,
        render_mode: str | None = None,
        episode: Episode = "game",
        seed: int | None = None,
        dealer: int | Literal["random"] = 0,
        **rules_overrides: Any,
    ) -> None:
        super().__init__()
        self.family = family
        self.metadata = {**self.metadata, "name": family.aec_name}
        self.rules, self._preset_name = rules_from(
            family.default_preset if preset is None else preset, rules_overrides, family.rules_class
        )
        players = self.rules.players
        if episode not in ("game", "hand"):
            raise ValueError(f"episode must be 'game' or 'hand', not {episode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        if dealer != "random" and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players
        ):
            raise SeatError(
                f"{family.rule_dealer}: dealer must be a seat from 0 to {players - 1} or 'random', "
                f"not {dealer!r}"
            )
        self.episode: Episode = episode
        self.render_mode = render_mode
        self.dealer_option: int | Literal["random"] = dealer
        self._base_seed: int | None = None if seed is None else check_u64(seed)
        self._episode_index = -1
        self._players = players

        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size, n = family.observation_size, family.num_actions
        self.num_actions = n
        high = family.observation_high(self.rules)
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(n) for agent in self.possible_agents
        }

        self._game: TableGame | None = None
        self._done = False
        self._last_action: tuple[str, int] | None = None
        self._scored_hand: int | None = None  # the hand that the last action ended, if it did
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]

    # -- spaces ----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # -- the game --------------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The game of the current episode, an instance of the family's
        ``game_class`` (all seats' cards: not for agents)."""
        return self._require_game()

    @property
    def game_seed(self) -> int:
        """The seed of the current game: the game class with ``seed=..., dealer=...`` replays it."""
        return int(self._require_game().seed)

    def _require_game(self) -> Any:  # the family's Game class, with more than TableGame
        if self._game is None:
            raise RuntimeError("the environment has no game before reset()")
        return self._game

    def seat(self, agent: str) -> int:
        """The seat of an agent name (``player_k`` is seat ``k``)."""
        try:
            return self._seat_of[agent]
        except KeyError:
            raise SeatError(
                f"{self.family.rule_seats}: no agent {agent!r}; "
                f"the agents are {', '.join(self.possible_agents)}"
            ) from None

    # -- the AEC API -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game (or hand) from a seed.

        ``reset(seed=s)`` plays game ``mix64(s + GAMMA)`` (R3.2), game 0 of a batch with base seed
        ``s``; a later ``reset()`` without a seed plays the next game of that stream (game 1, 2, …),
        as Gymnasium continues its generator. Without any seed, the stream's base seed is drawn from
        the operating system. ``options`` is accepted and ignored.
        """
        if seed is not None:
            self._base_seed = check_u64(seed, "reset seed")
            self._episode_index = 0
        else:
            if self._base_seed is None:
                self._base_seed = secrets.randbits(64)
            self._episode_index += 1
        game_seed = _core.batch_game_seed(self._base_seed, self._episode_index)
        dealer = (
            _core.mix64(game_seed) % self._players if self.dealer_option == "random" else self.dealer_option
        )
        self._game = self.family.game_class(self.rules, seed=game_seed, dealer=dealer)
        self._done = False
        self._last_action = None
        self._scored_hand = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_act()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` knows now, from its own seat; its mask is all 0 unless it is to act."""
        game = self._require_game()
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if not self._done and agent == self.agent_selection:
            mask[game.legal_action_mask()] = 1
        return {"observation": game.observation(self.seat(agent)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Applies the selected agent's action id; a finished agent steps ``None`` to leave."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                f"{self.family.rule_illegal}: {agent} is to act: "
                "None is only for an agent whose episode is over"
            )
        try:
            action_id = operator.index(action)
        except TypeError:
            action_id = -1
        if isinstance(action, bool) or not 0 <= action_id < self.num_actions:
            raise IllegalActionError(
                f"{self.family.rule_actions}: an action is an int id 0 to {self.num_actions - 1} "
                f"({self.family.actions_doc}), not {action!r}"
            )
        game = self._require_game()
        before = game.scores
        hand = game.hand_number
        game.apply_id(action_id)  # IllegalActionError names the rule and changes nothing

        after = game.scores
        points = [a - b for a, b in zip(after, before, strict=True)]
        self._last_action = (agent, action_id)
        self._scored_hand = hand if game.hand_number != hand or game.is_over else None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: float(points[self._seat_of[name]]) for name in self.agents}
        self._accumulate_rewards()
        if game.is_over or (self.episode == "hand" and game.hand_number != hand):
            self._done = True
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_act()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``ansi``), or printed (``human``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = self.family.render(self)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    def _agent_to_act(self) -> str:
        seat = self._require_game().current_player
        if seat is None:  # pragma: no cover - a finished game ends the episode before this
            raise RuntimeError("the game is over")
        return self.possible_agents[int(seat)]


def wrap(table: AECEnv, illegal_reward: float | None) -> AECEnv:
    """PettingZoo's recommended wrappers; with ``illegal_reward`` an illegal action ends the episode
    with that reward for the offender instead of raising (``TerminateIllegalWrapper``)."""
    if illegal_reward is not None:
        table = wrappers.TerminateIllegalWrapper(table, illegal_reward=illegal_reward)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)


def make(family: Family, preset: Any = None, illegal_reward: float | None = None, **kwargs: Any) -> AECEnv:
    """A table of the family's game, wrapped as PettingZoo recommends (:func:`wrap`); the keywords
    are :class:`TableEnv`'s: ``render_mode``, ``episode``, ``seed``, ``dealer`` and knobs of the rules.

    ``preset`` is a preset name of the family's ``Rules.PRESETS`` (or a ``Rules``; default the
    family's first preset), and ``rules_overrides`` are knobs of its rules (R10, S10). ``episode`` is
    ``"game"`` (to the target) or ``"hand"`` (the first hand of a new game). ``seed`` seeds the
    stream of games that unseeded ``reset()`` calls play. ``dealer`` is the first dealer's seat, or
    ``"random"`` (drawn from the game seed). An illegal action raises ``bieten.IllegalActionError``;
    with ``illegal_reward`` set, it instead ends the episode with that reward for the offender
    (PettingZoo's ``TerminateIllegalWrapper``).
    """
    return wrap(TableEnv(family, preset, **kwargs), illegal_reward)
