"""Checks of integer inputs shared by the public functions (R3.2 seeds, hand numbers)."""

from __future__ import annotations

import operator

from bieten._core import SeedError

SEED_LIMIT = 2**64
#: The most threads a batch run (simulate, tournament) starts.
MAX_THREADS = 1024


def check_u64(value: object, what: str = "seed") -> int:
    """``value`` as an int in [0, 2**64), else SeedError citing R3.2."""
    if isinstance(value, bool):
        raise SeedError(f"R3.2: {what} must be an integer 0 <= {what} < 2**64, not {value!r}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise SeedError(f"R3.2: {what} must be an integer 0 <= {what} < 2**64, not {value!r}") from None
    if not 0 <= number < SEED_LIMIT:
        raise SeedError(f"R3.2: {what} must be an integer 0 <= {what} < 2**64, not {number}")
    return number
