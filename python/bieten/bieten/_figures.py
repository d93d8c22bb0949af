"""Who wins each figure (docs/rules/bieten.md R6), for one deal or for NumPy batches."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bieten import _core
from bieten._core import HandError
from bieten._seeds import check_u64
from bieten.bieten._deal import _check_rules, _hand_mask
from bieten.bieten._rules import Rules

if TYPE_CHECKING:  # NumPy is imported on first use only (a fast ``import bieten``)
    import numpy as np
    import numpy.typing as npt

    from bieten.bieten._game import Game

#: Columns of :func:`evaluate_batch`: the four card figures and the Weli point (R6.6).
EVAL_COLUMNS = ("red", "green", "gleich", "hanger", "weli")
#: Columns of ``SimulationResult.figure_points``: the biddable figures and the Weli point.
FIGURE_COLUMNS = ("red", "green", "gleich", "hanger", "spiel", "weli")


def evaluate(hands: Sequence[Iterable[object]], rules: Rules) -> dict[str, int | None]:
    """The winning seat of each figure for complete hands of natural cards (R6.1-R6.3, R6.5, R6.6).

    One hand per seat, ``rules.hand_size`` cards each, cards as text (or :class:`Card`).
    ``"weli"`` is present only when ``rules.weli_point``; ``None`` means nobody wins the figure.

    >>> evaluate([["HA", "HK", "E7"], ["LA", "SA", "S6"]], Rules(players=2))
    {'red': 0, 'green': 1, 'gleich': 1, 'hanger': 0, 'weli': 1}
    """
    rules = _check_rules(rules)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise HandError(f"R2.1: hands must be a list of {rules.players} hands, not {hands!r}")
    masks = [_hand_mask(seat, cards) for seat, cards in enumerate(hands)]
    winners = _core.evaluate(masks, rules._core)
    result = {name: (None if w < 0 else w) for name, w in zip(EVAL_COLUMNS, winners, strict=False)}
    if not rules.weli_point:
        del result["weli"]
    return result


def evaluate_batch(masks: npt.ArrayLike, rules: Rules, *, validate: bool = True) -> npt.NDArray[np.int8]:
    """Figure winners of many deals in one call, with the GIL released.

    ``masks`` has shape ``(deals, rules.players)``: each entry a seat's cards as a uint64 bitmask
    (bit ``id`` set for each card, R1.4). Returns int8 of shape ``(deals, 5)``, columns
    :data:`EVAL_COLUMNS`, ``-1`` where nobody wins (always so for "weli" without ``weli_point``).
    ``validate=False`` skips the checks of each deal, for inputs known to be valid. On x86-64 the
    deals are judged 8 at a time with AVX-512 or 4 at a time with AVX2, whichever the CPU has (chosen
    when called; the same winners as one deal at a time on every deal).

    >>> import numpy as np
    >>> from bieten import CardSet
    >>> rules = Rules(players=2)
    >>> masks = np.array([[CardSet("HA HK E7").mask, CardSet("LA SA S6").mask]], dtype=np.uint64)
    >>> evaluate_batch(masks, rules).tolist()
    [[0, 1, 1, 0, 1]]
    """
    import numpy as np  # lazily: ``import bieten`` does not load NumPy

    rules = _check_rules(rules)
    try:
        array = np.asarray(masks)
    except (TypeError, ValueError, OverflowError) as err:  # ragged or odd nested sequences
        raise HandError(f"R2.1: masks must be an array of shape (deals, {rules.players}): {err}") from None
    return _core.evaluate_batch(array, rules._core, validate)


def figure_odds(game: Game, seat: int, seed: int = 0) -> dict[str, float]:
    """For ``seat``, the probability of ending the hand with the best Red, Green, Gleich, Hanger and
    Spiel, from what that seat may see (docs/agents.md): exact where the unseen hands are few,
    seeded sampling otherwise. A hint for front ends, and what the heuristic agent bids by.

    >>> from bieten import Game
    >>> odds = figure_odds(Game(Rules(players=2), seed=7), seat=0)
    >>> sorted(odds)
    ['gleich', 'green', 'hanger', 'red', 'spiel']
    """
    probabilities, _exact, _worlds = _core.figure_odds(game, seat, check_u64(seed))
    return dict(zip(FIGURE_COLUMNS[:5], probabilities, strict=True))
