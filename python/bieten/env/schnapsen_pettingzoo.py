"""A PettingZoo AEC environment for Bauernschnapsen and Schnapsen (docs/pettingzoo.md, "Schnapsen").

>>> from bieten.env.schnapsen_pettingzoo import env
>>> table = env(preset="schnapsen")
>>> table.reset(seed=1)
>>> table.possible_agents, table.agent_selection
(['player_0', 'player_1'], 'player_1')
>>> obs, reward, terminated, truncated, info = table.last()
>>> obs["observation"].shape, obs["action_mask"].shape, reward, terminated
((426,), (61,), 0.0, False)

Agents are ``player_0`` … ``player_{n-1}`` (n = 4 or 2), ``player_k`` being seat ``k`` (S2.1). An
action is an id of the fixed action space (``Discrete(61)``, docs/schnapsen.md); an observation is a
dict of ``observation`` (``Game.observation(seat)``, what S12 lets the seat see) and ``action_mask``
(int8, 1 at the legal ids for the agent to act, all 0 for the others). A step's reward is the points
each seat gained by it (a deal's score is added to every seat of the side that scores it when the
deal ends, S2.4, S8). An episode is one game to the target, or with ``episode="hand"`` one deal. An
illegal action raises ``bieten.IllegalActionError`` naming the rule, and changes nothing (S9).

Needs PettingZoo: ``pip install 'bieten[rl]'``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal

try:
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]

    from bieten.env._aec import Episode, Observation, TableEnv, rules_from, wrap
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"bieten.env.schnapsen_pettingzoo needs PettingZoo and Gymnasium ({err}); install them with "
        "pip install 'bieten[rl]'"
    ) from err

from bieten.env._schnapsen import OBS_SCORES, observation_high
from bieten.schnapsen._game import NUM_ACTIONS, OBSERVATION_SIZE, Game, action_text
from bieten.schnapsen._rules import Rules

__all__ = ["OBS_SCORES", "Episode", "Observation", "env", "observation_high", "raw_env"]

_PHASES = {"cut": "cut or knock", "trump": "trump", "bid": "bidding", "call": "call", "double": "doubling"}


class raw_env(TableEnv):
    """The unwrapped AEC environment; :func:`env` adds PettingZoo's checking wrappers.

    Arguments are those of :func:`env`.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "schnapsen_v0",
        "is_parallelizable": False,
    }
    num_actions = NUM_ACTIONS
    observation_size = OBSERVATION_SIZE
    rule_seats = "S2.1"
    rule_dealer = "S2.1"
    rule_illegal = "S9"
    rule_actions = "S11"
    actions_doc = "docs/schnapsen.md"

    def __init__(
        self,
        preset: str | Rules = "bauernschnapsen",
        render_mode: str | None = None,
        episode: Episode = "game",
        seed: int | None = None,
        dealer: int | Literal["random"] = 0,
        **rules_overrides: Any,
    ) -> None:
        self.rules, self._preset_name = rules_from(preset, rules_overrides, Rules)
        super().__init__(
            self.rules.players,
            observation_high(self.rules),
            render_mode=render_mode,
            episode=episode,
            seed=seed,
            dealer=dealer,
        )

    @property
    def game(self) -> Game:
        """The :class:`bieten.schnapsen.Game` of the current episode (all seats' cards: not for agents)."""
        game: Game = self._require_game()
        return game

    def _new_game(self, seed: int, dealer: int) -> Game:
        return Game(self.rules, seed=seed, dealer=dealer)

    def _table(self) -> str:
        game = self.game
        names = self.possible_agents
        rules = self.rules
        label = self._preset_name or "custom rules"
        title = "Schnapsen" if rules.players == 2 else "Bauernschnapsen"
        lines = [
            f"{title} ({label}, {rules.players} players, target {rules.target}): "
            f"deal {game.hand_number}, dealer {names[game.dealer]}",
            "Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, game.scores, strict=True)),
        ]
        if game.trump is not None or game.contract is not None:
            trump = f"Trump: {game.trump or 'none'}"
            if game.turned_card:
                trump += f" (turned {game.turned_card})"
            if rules.players == 2 and game.trump_card:
                trump += f", trump card {game.trump_card}"
            if rules.players == 2:
                trump += f", stock {game.stock_count}" + (" (closed)" if game.closed else "")
            lines.append(trump)
        if game.contract is not None and game.declarer is not None:
            contract = f"Contract: {game.contract} by {names[game.declarer]}"
            if game.called_card:
                contract += f", called {game.called_card}"
            if game.multiplier > 1:
                contract += f", x{game.multiplier}"
            lines.append(contract)
        trick = game.trick()
        if trick:
            cards = ", ".join(f"{names[seat]} {card}" for seat, card in trick)
            lines.append(f"Trick {game.trick_index + 1}: {cards}")
        if self._last_action is not None:
            who, action_id = self._last_action
            lines.append(f"Last action: {who} {action_text(action_id)}")
        if self._scored_hand is not None:
            scored = next(
                e for e in reversed(game.events) if e.type == "deal_scored" and e.hand == self._scored_hand
            )
            gained = ", ".join(f"{names[s]} +{p}" for s, p in enumerate(scored["gained"]) if p)
            lines.append(f"Deal {self._scored_hand} scored ({scored['end']}): {gained or 'nothing'}")
        current = None if self._done else game.current_player
        if game.is_over:
            lines.append(
                f"Game over: {', '.join(names[s] for s in game.winners)} win; "
                f"Bummerl: {', '.join(names[s] for s in game.bummerl) or 'nobody'}"
            )
        elif self._done:
            lines.append("Deal over: the episode ends here (episode='hand')")
        elif current is not None:
            phase = _PHASES.get(game.phase, game.phase)
            lines.append(
                f"To act: {names[current]} ({phase}), holding {' '.join(game.hands[current]) or '-'}"
            )
        return "\n".join(lines)


def env(
    preset: str | Rules = "bauernschnapsen",
    render_mode: str | None = None,
    episode: Episode = "game",
    seed: int | None = None,
    dealer: int | Literal["random"] = 0,
    illegal_reward: float | None = None,
    **rules_overrides: Any,
) -> AECEnv:
    """A Bauernschnapsen or Schnapsen table as a PettingZoo AEC environment, wrapped as PettingZoo
    recommends.

    ``preset`` is a preset name of ``bieten.schnapsen.PRESETS`` (or a ``bieten.schnapsen.Rules``):
    ``bauernschnapsen``, ``bauernschnapsen_called`` (4 players), ``bauernschnapsen_2``, ``schnapsen``
    (2 players); ``rules_overrides`` are knobs of S10 (``target=7``, ``closing=True``, …). ``episode``
    is ``"game"`` (to the target) or ``"hand"`` (one deal of a new game). ``seed`` seeds the stream
    of games that unseeded ``reset()`` calls play. ``dealer`` is the first dealer's seat, or
    ``"random"`` (drawn from the game seed). An illegal action raises ``bieten.IllegalActionError``;
    with ``illegal_reward`` set, it instead ends the episode with that reward for the offender
    (PettingZoo's ``TerminateIllegalWrapper``).
    """
    table: AECEnv = raw_env(
        preset, render_mode=render_mode, episode=episode, seed=seed, dealer=dealer, **rules_overrides
    )
    return wrap(table, illegal_reward)
