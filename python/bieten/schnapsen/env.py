"""Bauernschnapsen and Schnapsen (docs/rules/schnapsen.md) as the environments see them: the family
``SCHNAPSEN`` with its bounds, texts and views of the history; needs no framework.

>>> from bieten.schnapsen import Rules
>>> [max_deal_score(Rules.preset(p)) for p in Rules.PRESETS]
[24, 24, 3, 3]
>>> [hand_action_bound(Rules.preset(p)) for p in Rules.PRESETS]
[33, 35, 27, 27]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from bieten import _core
from bieten.env._family import NOBODY, PUBLIC, Block, Family, Knobs, Step, Table, spiel_parameters
from bieten.schnapsen._game import NUM_ACTIONS, OBSERVATION_LAYOUT, OBSERVATION_SIZE, Game, action_text
from bieten.schnapsen._rules import PRESETS, Rules

__all__ = [
    "OBS_SCORES",
    "PACK",
    "PACK_SIZE",
    "SCHNAPSEN",
    "hand_action_bound",
    "max_deal_score",
    "max_game_length",
    "max_hands",
    "max_utility",
    "observation_high",
]

#: Offset of the ``scores`` block of the observation (totals / target, one per relative seat).
OBS_SCORES: int = OBSERVATION_LAYOUT["scores"][0]
_SCORES_LENGTH: int = OBSERVATION_LAYOUT["scores"][1]
#: The cards of the pack (S1.1): every deal draws all of them, one chance node each.
PACK_SIZE = 20
# S5.1: the highest contract value (bauernschnapser, kontraschnapser); S8.1-S8.3: a claim, a wrong
# claim or a failed close pays at most 3.
_MAX_CONTRACT = 12
_MAX_CLAIM = 3
#: The pack in index order (S1.3): chance id i draws ``PACK[i]``.
PACK: tuple[str, ...] = tuple(
    str(_core.Card.from_id(8 * suit + rank)) for suit in range(4) for rank in range(5)
)
_ACTION_TEXT: tuple[str, ...] = tuple(_core.schnapsen.action_texts())
# Blocks of the observation that are sets of cards: one pack-indexed block of 20 per seat or item.
_CARD_BLOCKS = frozenset({"hand", "played", "trick", "known", "trump_card", "turned", "called"})
_PHASES = {"cut": "cut or knock", "trump": "trump", "bid": "bidding", "call": "call", "double": "doubling"}
# The kinds of step in a table's history.
_PLAYER, _DRAW = range(2)


def max_deal_score(rules: Rules) -> int:
    """The most points one seat can gain in one deal: a contract's value (S5.1, four players with
    ``bidding``) or a claim's 3 (S8.1-S8.3), doubled by a ``spritze`` and again by a ``retour`` (S8.5)."""
    base = _MAX_CONTRACT if rules.players == 4 and rules.bidding else _MAX_CLAIM
    multiplier = 4 if rules.retour else 2 if rules.spritze else 1
    return base * multiplier


def max_hands(rules: Rules, episode: str = "game") -> int:
    """The most deals an episode can last.

    Every deal scores at least 1 point for some seat (a claim S8.1/S8.2, a close S8.3, the last trick
    S7.3, a contract S8.4) and no total decreases; a game still running after k deals has every
    total at most target - 1, so k <= players * (target - 1) (S8.6).
    """
    return 1 if episode == "hand" else rules.players * (rules.target - 1) + 1


def hand_action_bound(rules: Rules) -> int:
    """An upper bound on the player decisions of one deal.

    - ``cut`` or ``knock`` (S3.3, with ``knock``): 1;
    - four players: the trump choice (S4.1) 1, each seat's bid (S5.2) 4, the call (S5.4) 1, the
      doubling round (S5.5): every seat but the declarer (called) or the other team (fixed), and
      the ``retour``;
    - two players: one ``exchange`` (S6.5: the Unter then lies under the stock and is drawn last) and
      one ``close`` (S6.7);
    - the 20 cards of the pack played (S6.1), at most 4 melds (S6.6: one per suit, its King or Ober is
      then led) and one ``claim`` (S7.1, it ends the deal).
    """
    bound = (1 if rules.knock else 0) + PACK_SIZE + 4 + (1 if rules.claim == "explicit" else 0)
    if rules.players == 2:
        return bound + 1 + (1 if rules.closing else 0)
    called = rules.partners == "called"
    bound += 1 + (4 if rules.bidding else 0) + (1 if called else 0)
    if rules.spritze:
        bound += (3 if called else 2) + (1 if rules.retour else 0)
    return bound


def max_game_length(rules: Rules, episode: str = "game") -> int:
    """The most player decisions of an episode: ``max_hands * hand_action_bound``."""
    return max_hands(rules, episode) * hand_action_bound(rules)


def max_utility(rules: Rules, episode: str = "game") -> int:
    """The highest final score: the game ends at the first deal that brings a seat to the target
    (S8.6), which had at most target - 1 before it; one deal pays at most :func:`max_deal_score`."""
    deal = max_deal_score(rules)
    bound = rules.target - 1 + deal
    return min(bound, deal) if episode == "hand" else bound


def observation_high(rules: Rules) -> npt.NDArray[np.float32]:
    """The upper bound of each entry of ``Game.observation`` under ``rules``: 1, except the
    ``scores`` block (a total / target, up to :func:`max_utility` / target). Computed in float32 as
    the core divides, so every observation lies inside it."""
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    target = np.float32(rules.target)
    high[OBS_SCORES : OBS_SCORES + _SCORES_LENGTH] = max(
        np.float32(1), np.float32(max_utility(rules)) / target
    )
    return high


# -- texts and views -------------------------------------------------------------------------------
def _event_text(event: Mapping[str, Any]) -> str:
    """One event of a seat's view (S12) as text; a card hidden from the seat is ``?``."""
    parts = [str(event["type"])]
    for key, value in event.items():
        if key in ("type", "seq"):
            continue
        if isinstance(value, list):
            value = ",".join("?" if v is None else str(v) for v in value)
        parts.append(f"{key}={value}")
    return " ".join(parts)


def _observation_text(obs: npt.NDArray[np.float32], players: int) -> str:
    """The observation vector as text, block by block (OBSERVATION_LAYOUT): a card block lists its
    cards per slot (seats relative, +0 the observer; the slots of absent seats, always empty, are
    left out), any other block its nonzero entries."""
    parts = []
    for name, (offset, size) in OBSERVATION_LAYOUT.items():
        block = obs[offset : offset + size]
        if not block.any():
            continue
        if name in _CARD_BLOCKS:
            rows = block.reshape(-1, PACK_SIZE)
            rows = rows[:players] if len(rows) > 1 else rows
            text = " | ".join(
                f"+{q} " * (len(rows) > 1) + (" ".join(PACK[i] for i in np.flatnonzero(row)) or "-")
                for q, row in enumerate(rows)
            )
        else:
            text = " ".join(f"{i}={float(block[i]):g}" for i in np.flatnonzero(block))
        parts.append(f"{name} {text}")
    return "; ".join(parts)


def render(env: Any) -> str:
    """The PettingZoo env's table as text: the deal, scores, trump, contract, trick, the last action,
    a deal just scored and who is to act."""
    game: Game = env.game
    names = env.possible_agents
    rules = env.rules
    label = env._preset_name or "custom rules"
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
    if env._last_action is not None:
        who, action_id = env._last_action
        lines.append(f"Last action: {who} {action_text(action_id)}")
    if env._scored_hand is not None:
        scored = next(
            e for e in reversed(game.events) if e.type == "deal_scored" and e.hand == env._scored_hand
        )
        gained = ", ".join(f"{names[s]} +{p}" for s, p in enumerate(scored["gained"]) if p)
        lines.append(f"Deal {env._scored_hand} scored ({scored['end']}): {gained or 'nothing'}")
    lines += SCHNAPSEN.status_lines(env, None if env._done else game.current_player)
    return "\n".join(lines)


def _record(table: Table, action: int) -> Step:
    """Applies ``action`` to the table's core; every seat sees the action (S12: all are public) or a
    ``draw`` (nobody sees the card drawn), then the engine's events as redacted for it."""
    core = table.core
    start = core.event_count()
    chance = core.is_chance_node
    seat = core.current_player
    core.apply_id(action)  # IllegalActionError names the rule and changes nothing (S9)
    table.public("draw" if chance else f"{seat} {_ACTION_TEXT[action]}")
    _add_events(table, start)
    return Step(-1, action, NOBODY, _DRAW) if chance else Step(int(seat), action, PUBLIC, _PLAYER)


def _add_events(table: Table, start: int) -> None:
    for seat, view in enumerate(table.views):
        view.extend(_event_text(e) for e in table.core.event_dicts_for(seat, start))


def _blocks() -> tuple[Block, ...]:
    """OBSERVATION_LAYOUT as named blocks, a card block of several seats or items as rows of 20."""
    return tuple(
        (
            name,
            offset,
            (size // PACK_SIZE, PACK_SIZE) if name in _CARD_BLOCKS and size > PACK_SIZE else (size,),
        )
        for name, (offset, size) in OBSERVATION_LAYOUT.items()
    )


class _Schnapsen(Family):
    name = "schnapsen"
    global_name = "SCHNAPSEN"
    rules_class = Rules
    rules_label = "bieten.schnapsen.Rules"
    game_class = Game
    default_preset = "bauernschnapsen"
    vector_games = ("schnapsen", *(p for p in PRESETS if p != "schnapsen"))
    num_actions = NUM_ACTIONS
    observation_size = OBSERVATION_SIZE
    min_players, max_players = 2, 4
    rule_seats = "S2.1"
    rule_dealer = "S2.1"
    rule_illegal = "S9"
    rule_actions = "S11"
    rule_presets = "S10"
    rule_over = "S8.6"
    actions_doc = "docs/schnapsen.md"
    aec_name = "schnapsen_v0"
    spiel_name = "python_schnapsen"
    spiel_long_name = "Python Bauernschnapsen and Schnapsen"
    knobs = Knobs(
        ints=("players", "target", "one_point_from"),
        bools=("knock", "bidding", "spritze", "retour", "closing"),
        strs=("partners", "claim", "must_head"),
    )
    default_parameters = spiel_parameters(default_preset, knobs)
    max_chance_outcomes = PACK_SIZE
    obs_blocks = _blocks()
    hand_word = "deal"
    legacy_modules = {  # noqa: RUF012
        "_schnapsen": "environment",
        "schnapsen_pettingzoo": "pettingzoo",
        "schnapsen_openspiel": "openspiel",
    }

    observation_high = staticmethod(observation_high)
    render = staticmethod(render)
    max_utility = staticmethod(max_utility)
    max_game_length = staticmethod(max_game_length)

    def default_rules(self, game: str) -> Rules:
        return Rules.preset(game)

    def winners_text(self, game: Any, names: list[str]) -> str:
        return f"{', '.join(names[s] for s in game.winners)} win"

    def phase_text(self, phase: str) -> str:
        return _PHASES.get(phase, phase)

    def holding(self, game: Any, seat: int) -> list[str]:
        return list(game.hands[seat])

    def max_chance_nodes(self, rules: Any, episode: str = "game") -> int:
        return max_hands(rules, episode) * PACK_SIZE

    def new_core(self, rules: Any, dealer: int) -> Any:
        # The seed is irrelevant in chance mode: chance nodes draw every card.
        return _core.schnapsen.CoreGame(rules._core, 0, dealer, None, None, None, True, chance_deals=True)

    def open_views(self, table: Table) -> None:
        _add_events(table, 0)

    def record(self, table: Table, action: int) -> Step:
        return _record(table, action)

    def chance_text(self, action: int) -> str:
        return f"draw {PACK[action]}"

    def action_text(self, action: int) -> str:
        return action_text(action)

    def state_lines(self, core: Any) -> list[str]:
        lines = [
            f"seat {seat}: {_core.CardSet.from_mask(mask) or '-'}"
            for seat, mask in enumerate(core.hand_masks)
        ]
        if core.trump is not None or core.contract is not None:
            lines.append(
                f"trump {core.trump or 'none'}, contract {core.contract or '-'}, declarer {core.declarer}"
                + (f", trump card {core.trump_card}, stock {core.stock_count}" if core.trump_card else "")
                + (" (closed)" if core.closed else "")
            )
        trick = core.trick()
        if trick:
            lines.append("trick: " + ", ".join(f"{s} {c}" for s, c in trick))
        return lines

    def observation_text(self, obs: npt.NDArray[np.float32], rules: Any) -> str:
        return _observation_text(obs, rules.players)


#: Bauernschnapsen and Schnapsen as the environments see them.
SCHNAPSEN = _Schnapsen()
