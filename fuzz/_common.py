"""The part every fuzz harness (fuzz/fuzz_*.py) shares: bieten imported under atheris's coverage
instrumentation, and the policy of what may come out of an entry point (only bieten.BietenError,
except the open bugs of fuzz/README.md, which a harness steps over unless BIETEN_FUZZ_STRICT=1)."""

from __future__ import annotations

import gc
import os
import sys
import types
from collections.abc import Callable, Iterator

import atheris

with atheris.instrument_imports(include=["bieten"]):
    import bieten

# The vocabulary the harnesses build inputs from.
DECK = [str(c) for c in bieten.CardSet.deck()]
ACTION_TEXTS = [bieten.action_text(i) for i in range(bieten.NUM_ACTIONS)]
KNOBS = list(bieten.Rules().to_dict())
PRESETS = list(bieten.Rules.PRESETS)
#: The fields of a game record (python/bieten/_game.py to_record).
FIELDS = [
    "format",
    "version",
    "rules",
    "seed",
    "dealer",
    "deal",
    "top_card",
    "actions",
    "hand_number",
    "scores",
    "hands",
]

#: Set BIETEN_FUZZ_STRICT=1 to stop at the open bugs of tests/test_fuzz_regressions.py as well.
STRICT = os.environ.get("BIETEN_FUZZ_STRICT") == "1"


def instrument_bieten() -> None:
    """Makes sure bieten's Python code (and this harness) reports coverage to libFuzzer.

    instrument_imports cannot see through the custom loader of an editable install, so the
    functions it missed are instrumented here, in memory.
    """
    for obj in gc.get_objects():
        if (
            isinstance(obj, types.FunctionType)
            and str(obj.__module__).startswith(("bieten", "__main__", __name__))
            and "__ATHERIS_INSTRUMENTED__" not in obj.__code__.co_consts
        ):
            atheris.instrument_func(obj)


def known_bug(err: BaseException, *inputs: object) -> bool:
    """Whether ``err``, raised for ``inputs``, is an open bug that the fuzzer steps over to go deeper
    (unless BIETEN_FUZZ_STRICT=1); each has an xfail test in tests/test_fuzz_regressions.py.

    No bug of this kind is open (fuzz/README.md lists the fixed ones): when one is found and pinned
    as an xfail test, recognise it here by its error and ``inputs``. fuzz_c_abi steps over the open
    differences between Python and the C ABI where it finds them (same_message).
    """
    del err, inputs
    return False


def walk(value: object) -> Iterator[object]:
    """``value`` and everything in it (lists, tuples, dict keys and values), without recursion, as
    values may be nested deeply or hold themselves."""
    todo, seen = [value], set()
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())
        elif isinstance(item, (list, tuple)):
            todo.extend(item)


def attempt(call, *inputs, expected=bieten.BietenError):
    """(True, result) if ``call()`` succeeds, (False, None) if it raises ``expected``; else re-raises.

    ``inputs`` are what ``call`` was given, for known_bug to recognise an open bug by.
    """
    try:
        return True, call()
    except expected:
        return False, None
    except Exception as err:
        if known_bug(err, *inputs):
            return False, None
        raise


def run(test_one_input: Callable[[bytes], None]) -> None:
    """A harness's main: instruments bieten and hands ``test_one_input`` to libFuzzer (sys.argv)."""
    instrument_bieten()
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
