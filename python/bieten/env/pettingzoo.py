"""A PettingZoo AEC environment for Bieten (docs/pettingzoo.md).

>>> from bieten.env.pettingzoo import env
>>> table = env(preset="tyrol", players=3)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_1'
>>> obs, reward, terminated, truncated, info = table.last()
>>> obs["observation"].shape, obs["action_mask"].dtype, reward, terminated
((663,), dtype('int8'), 0.0, False)

Agents are ``player_0`` … ``player_{n-1}``, ``player_k`` being seat ``k``. An action is an id of the
fixed action space (``Discrete(bieten.NUM_ACTIONS)``, docs/actions.md); an observation is a dict of
``observation`` (``Game.observation(seat)``, docs/observation.md) and ``action_mask`` (int8, 1 at the
legal ids for the agent to act, all 0 for the others). A step's reward is the points each seat
gained by it (points are credited when a hand ends, R8.1). An episode is one game to the target, or
with ``episode="hand"`` one hand. An illegal action raises ``bieten.IllegalActionError`` naming the
rule, and changes nothing (R9).

Needs PettingZoo: ``pip install 'bieten[rl]'``.
"""

from __future__ import annotations

import operator
import secrets
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

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

from bieten import _core
from bieten._core import IllegalActionError, SeatError
from bieten._game import NUM_ACTIONS, OBSERVATION_SIZE, Game, action_text
from bieten._rules import Rules
from bieten._seeds import check_u64

__all__ = ["OBS_SCORES", "OBS_SECURED", "env", "raw_env"]

#: Offset of the ``scores`` block of the observation (docs/observation.md): totals / target.
OBS_SCORES = 347
#: Offset of the ``secured`` block: points secured this hand by conceded bids and raises / target.
OBS_SECURED = 352
# R7.7: a conceded bid secures 1 for its bidder, a conceded raise 2 for its raiser; each of the five
# figures is bid at most once a hand (R7.1), so one seat secures at most 10 points in a hand.
_MAX_SECURED = 10
# R8.2: the game ends as soon as a credit (at most 3, R7.7) brings a seat to the target, so no total
# exceeds target - 1 + 3.
_MAX_CREDIT = 3

Episode = Literal["game", "hand"]
Observation = dict[str, npt.NDArray[Any]]


def observation_high(rules: Rules) -> npt.NDArray[np.float32]:
    """The upper bound of each observation entry under ``rules``.

    Every entry is 0 or 1, except the ``scores`` block (a total / target, up to (target + 2) / target
    for the winner) and the ``secured`` block (up to 10 / target, which exceeds 1 for small targets
    with ``overbid="none"``). The bounds are computed in float32 exactly as the core divides, so
    every observation lies inside them.
    """
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    target = np.float32(rules.target)
    high[OBS_SCORES : OBS_SCORES + 5] = max(
        np.float32(1), np.float32(rules.target + _MAX_CREDIT - 1) / target
    )
    high[OBS_SECURED : OBS_SECURED + 5] = max(np.float32(1), np.float32(_MAX_SECURED) / target)
    return high


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the bare env
    """The unwrapped AEC environment; :func:`env` adds PettingZoo's checking wrappers.

    Arguments are those of :func:`env`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "bieten_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        preset: str | Rules = "tyrol",
        render_mode: str | None = None,
        episode: Episode = "game",
        seed: int | None = None,
        dealer: int | Literal["random"] = 0,
        **rules_overrides: Any,
    ) -> None:
        super().__init__()
        if isinstance(preset, Rules):
            self.rules = preset.replace(**rules_overrides) if rules_overrides else preset
            self._preset_name: str | None = None
        else:
            self.rules = Rules.preset(preset, **rules_overrides)
            self._preset_name = preset
        if episode not in ("game", "hand"):
            raise ValueError(f"episode must be 'game' or 'hand', not {episode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        players = self.rules.players
        if dealer != "random" and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players
        ):
            raise SeatError(
                f"R2.2: dealer must be a seat from 0 to {players - 1} or 'random', not {dealer!r}"
            )
        self.episode: Episode = episode
        self.render_mode = render_mode
        self.dealer_option: int | Literal["random"] = dealer
        self._base_seed: int | None = None if seed is None else check_u64(seed)
        self._episode_index = -1

        self.possible_agents: list[str] = [f"player_{seat}" for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        high = observation_high(self.rules)
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, shape=(OBSERVATION_SIZE,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents
        }

        self._game: Game | None = None
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
    def game(self) -> Game:
        """The :class:`bieten.Game` of the current episode (all seats' cards: not for agents)."""
        if self._game is None:
            raise RuntimeError("the environment has no game before reset()")
        return self._game

    @property
    def game_seed(self) -> int:
        """The seed of the current game: ``bieten.Game(env.rules, seed=..., dealer=...)`` replays it."""
        return self.game.seed

    def seat(self, agent: str) -> int:
        """The seat of an agent name (``player_k`` is seat ``k``)."""
        try:
            return self._seat_of[agent]
        except KeyError:
            raise SeatError(
                f"R2.1: no agent {agent!r}; the agents are {', '.join(self.possible_agents)}"
            ) from None

    # -- the AEC API -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game (or hand) from a seed.

        ``reset(seed=s)`` plays game ``mix64(s + GAMMA)`` (R3.2), the same deal as game 0 of
        ``bieten.simulate(..., seed=s)``; a later ``reset()`` without a seed plays the next game of
        that stream (game 1, 2, …), as Gymnasium continues its generator. Without any seed, the
        stream's base seed is drawn from the operating system. ``options`` is accepted and ignored.
        """
        if seed is not None:
            self._base_seed = check_u64(seed, "reset seed")
            self._episode_index = 0
        else:
            if self._base_seed is None:
                self._base_seed = secrets.randbits(64)
            self._episode_index += 1
        game_seed = _core.batch_game_seed(self._base_seed, self._episode_index)
        players = self.rules.players
        dealer = _core.mix64(game_seed) % players if self.dealer_option == "random" else self.dealer_option
        self._game = Game(self.rules, seed=game_seed, dealer=dealer)
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
        game = self.game
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
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
                f"R9: {agent} is to act: None is only for an agent whose episode is over"
            )
        try:
            action_id = operator.index(action)
        except TypeError:
            action_id = -1
        if isinstance(action, bool) or not 0 <= action_id < NUM_ACTIONS:
            raise IllegalActionError(
                f"R11: an action is an int id 0 to {NUM_ACTIONS - 1} (docs/actions.md), not {action!r}"
            )
        game = self.game
        before = game.scores
        hand = game.hand_number
        game.apply_id(action_id)  # IllegalActionError names the rule and changes nothing (R9)

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
        text = self._table()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    # -- helpers ---------------------------------------------------------------------------------
    def _agent_to_act(self) -> str:
        seat = self.game.current_player
        if seat is None:  # pragma: no cover - a finished game ends the episode before this
            raise RuntimeError("the game is over")
        return self.possible_agents[seat]

    def _table(self) -> str:
        game = self.game
        names = self.possible_agents
        rules = self.rules
        # After the last card the engine scores the hand and deals the next one at once; when that
        # ended the episode, show the hand that was played rather than the fresh deal.
        shown = self._scored_hand if self._done and self._scored_hand is not None else game.hand_number
        events = []
        for event in reversed(game.events):
            if event.hand < shown:
                break
            if event.hand == shown:
                events.append(event)
        events.reverse()

        dealer = game.dealer
        top_card = None
        played: list[list[str]] = [[] for _ in names]
        bids: dict[str, str] = {}
        credits: list[str] = []
        for event in events:
            kind = event.type
            if kind == "hand_dealt":
                dealer = event["dealer"]
            elif kind == "top_card_shown":
                top_card = event["card"]
            elif kind == "card_played":
                named = event.get("as")
                played[event["seat"]].append(event["card"] + (f" as {named}" if named else ""))
            elif kind == "bid_opened":
                bids[event["figure"]] = f"bid by {names[event['seat']]}"
            elif kind == "answered" and event["answer"] in ("hold", "three"):
                bids[event["figure"]] += f", {event['answer']} by {names[event['seat']]}"
            elif kind == "bid_settled":
                bids[event["figure"]] += f": {event['outcome']} at {event['stake']}"
            elif kind == "figure_credited":
                credits.append(
                    f"{names[event['seat']]} +{event['points']} {event['figure']} ({event['reason']})"
                )

        label = self._preset_name or "custom rules"
        lines = [
            f"Bieten ({label}, {rules.players} players, target {rules.target}): "
            f"hand {shown}, dealer {names[dealer]}"
        ]
        secured = game.secured if shown == game.hand_number else [0] * rules.players
        lines.append(
            "Scores: "
            + ", ".join(
                f"{name} {score}" + (f" (+{sec} secured)" if sec else "")
                for name, score, sec in zip(names, game.scores, secured, strict=True)
            )
        )
        if top_card:
            lines.append(f"Face-up card: {top_card}")
        current = None if self._done else game.current_player
        lines.append("Played:")
        for seat, name in enumerate(names):
            marker = "  <- to act" if seat == current else ""
            lines.append(f"  {name}: {', '.join(played[seat]) or '-'}{marker}")
        trick = game.trick() if shown == game.hand_number else []
        if trick:
            shown_trick = ", ".join(f"{names[s]} {c}" + (f" as {n}" if n else "") for s, c, n in trick)
            lines.append(f"Trick {game.trick_index + 1}: {shown_trick}")
        lines.append("Bids: " + ("; ".join(f"{f} {text}" for f, text in bids.items()) if bids else "none"))

        if self._last_action is not None:
            who, action_id = self._last_action
            lines.append(f"Last action: {who} {action_text(action_id)}")
        if self._scored_hand is not None:
            if shown != self._scored_hand:  # the scored hand's credits, now that the next is dealt
                credits = [
                    f"{names[e['seat']]} +{e['points']} {e['figure']} ({e['reason']})"
                    for e in game.events
                    if e.hand == self._scored_hand and e.type == "figure_credited"
                ]
            lines.append(f"Hand {self._scored_hand} scored: {', '.join(credits) or 'nothing'}")
        if game.is_over:
            winner = game.winner
            lines.append(
                f"Game over: {'nobody' if winner is None else names[winner]} wins; "
                f"Bummerl: {', '.join(names[s] for s in game.bummerl) or 'nobody'}"
            )
        elif self._done:
            lines.append("Hand over: the episode ends here (episode='hand')")
        elif current is not None:
            lines.append(
                f"To act: {names[current]} ({game.phase}), holding {' '.join(game.unplayed[current]) or '-'}"
            )
        return "\n".join(lines)


def env(
    preset: str | Rules = "tyrol",
    render_mode: str | None = None,
    episode: Episode = "game",
    seed: int | None = None,
    dealer: int | Literal["random"] = 0,
    illegal_reward: float | None = None,
    **rules_overrides: Any,
) -> AECEnv:
    """A Bieten table as a PettingZoo AEC environment, wrapped as PettingZoo recommends.

    ``preset`` is a preset name of ``bieten.Rules.PRESETS`` (or a ``bieten.Rules``), and
    ``rules_overrides`` are knobs of R10 (``players=2``, ``target=21``, …). ``episode`` is ``"game"``
    (to the target) or ``"hand"`` (one hand of a new game). ``seed`` seeds the stream of games that
    unseeded ``reset()`` calls play. ``dealer`` is the first dealer's seat, or ``"random"`` (drawn
    from the game seed). An illegal action raises ``bieten.IllegalActionError``; with
    ``illegal_reward`` set, it instead ends the episode with that reward for the offender
    (PettingZoo's ``TerminateIllegalWrapper``).
    """
    table: AECEnv = raw_env(
        preset, render_mode=render_mode, episode=episode, seed=seed, dealer=dealer, **rules_overrides
    )
    if illegal_reward is not None:
        table = wrappers.TerminateIllegalWrapper(table, illegal_reward=illegal_reward)
    table = wrappers.AssertOutOfBoundsWrapper(table)
    return wrappers.OrderEnforcingWrapper(table)
