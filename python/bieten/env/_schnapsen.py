"""Bounds of Bauernschnapsen and Schnapsen (SCHNAPSEN.md) shared by its environments; needs no framework.

>>> from bieten.schnapsen import Rules
>>> [max_deal_score(Rules.preset(p)) for p in Rules.PRESETS]
[24, 24, 3, 3]
>>> [hand_action_bound(Rules.preset(p)) for p in Rules.PRESETS]
[33, 35, 27, 27]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bieten.schnapsen._game import OBSERVATION_LAYOUT, OBSERVATION_SIZE
from bieten.schnapsen._rules import Rules

__all__ = [
    "OBS_SCORES",
    "PACK_SIZE",
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
