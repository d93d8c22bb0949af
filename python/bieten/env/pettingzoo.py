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

from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt

# PettingZoo ships no type information (no py.typed); the ignores also cover an environment without
# the extra, where mypy finds neither package.
try:
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]

    from bieten.env._aec import Episode, Observation, TableEnv, rules_from, wrap
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        f"bieten.env.pettingzoo needs PettingZoo and Gymnasium ({err}); install them with "
        "pip install 'bieten[rl]'"
    ) from err

from bieten._game import NUM_ACTIONS, OBSERVATION_SIZE, Event, Game, action_text
from bieten._rules import Rules

__all__ = ["OBS_SCORES", "OBS_SECURED", "Episode", "Observation", "env", "raw_env"]

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


def _credit_text(event: Event, names: list[str]) -> str:
    """One credit of R8.1 for the render: paid (``figure_credited``) or void (``credit_void``:
    a tie R6.5, nobody holds it R7.7/R6.6, or the game was already won R8.2)."""
    if event.type == "figure_credited":
        return f"{names[event['seat']]} +{event['points']} {event['figure']} ({event['reason']})"
    return f"{event['figure']} void ({event['reason']})"


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


class raw_env(TableEnv):
    """The unwrapped AEC environment; :func:`env` adds PettingZoo's checking wrappers.

    Arguments are those of :func:`env`.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "bieten_v0",
        "is_parallelizable": False,
    }
    num_actions = NUM_ACTIONS
    observation_size = OBSERVATION_SIZE

    def __init__(
        self,
        preset: str | Rules = "tyrol",
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
        """The :class:`bieten.Game` of the current episode (all seats' cards: not for agents)."""
        game: Game = self._require_game()
        return game

    def _new_game(self, seed: int, dealer: int) -> Game:
        return Game(self.rules, seed=seed, dealer=dealer)

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
            elif kind in ("figure_credited", "credit_void"):
                credits.append(_credit_text(event, names))

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
                    _credit_text(e, names)
                    for e in game.events
                    if e.hand == self._scored_hand and e.type in ("figure_credited", "credit_void")
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
    return wrap(table, illegal_reward)
