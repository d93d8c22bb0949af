"""``import bieten`` stays light (issue 15): NumPy and the optional parts load on first use only.

The time is measured, not asserted, in benchmarks/test_bench_import.py; here the fresh interpreter's
``sys.modules`` is checked, and the names loaded lazily (PEP 562 ``__getattr__``) still resolve.
"""

from __future__ import annotations

import json
import subprocess
import sys

import bieten

HEAVY = ("numpy", "rich", "gymnasium", "pettingzoo", "starlette", "uvicorn", "jsonschema")

LAZY = (
    "AGENTS",
    "FIGURE_COLUMNS",
    "Agent",
    "RunTime",
    "SimulationResult",
    "Summary",
    "figure_odds",
    "is_builtin_agent",
    "simulate",
    "Match",
    "TournamentResult",
    "tournament",
    "VectorEnv",
)


def _fresh(code: str) -> object:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_import_bieten_loads_no_heavy_module() -> None:
    loaded = _fresh(
        f"import bieten, json, sys; print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    assert loaded == []


def test_import_core_alone_loads_no_numpy() -> None:
    # pybind11's py::array imports NumPy on first use, not when _core is loaded
    assert _fresh("import bieten._core, json, sys; print(json.dumps('numpy' in sys.modules))") is False


def test_numpy_free_calls_stay_numpy_free() -> None:
    code = (
        "import bieten, json, sys\n"
        "rules = bieten.Rules.preset('tyrol', players=3)\n"
        "hands = bieten.deal(7, rules)\n"
        "bieten.evaluate(hands, rules)\n"
        "game = bieten.Game(rules, seed=1)\n"
        "game.apply_id(game.legal_action_ids()[0])\n"
        "bieten.Game.from_json(game.to_json())\n"
        "print(json.dumps('numpy' in sys.modules))"
    )
    assert _fresh(code) is False


def test_lazy_names_resolve_to_the_module_objects() -> None:
    from bieten import _simulate, _tournament, _vector

    homes = {"bieten._simulate": _simulate, "bieten._tournament": _tournament, "bieten._vector": _vector}
    # a family's older names of the result types resolve too, lazily, though no longer listed
    assert bieten.SchnapsenSimulationResult is _simulate.SimulationResult
    for name in LAZY:
        value = getattr(bieten, name)
        assert value is getattr(homes[bieten._LAZY[name]], name), name
        assert getattr(bieten, name) is value  # cached in the module's namespace after first access
    assert set(bieten._LAZY) == set(LAZY)


def test_all_and_dir_unchanged() -> None:
    assert set(LAZY) <= set(bieten.__all__)
    assert set(bieten.__all__) <= set(dir(bieten))
    assert len(bieten.__all__) == len(set(bieten.__all__))
    for name in bieten.__all__:
        assert getattr(bieten, name) is not None, name


def test_schnapsen_still_reachable_as_an_attribute() -> None:
    code = "import bieten, json\nprint(json.dumps([bieten.schnapsen.__name__, 'schnapsen' in dir(bieten)]))"
    assert _fresh(code) == ["bieten.schnapsen", True]


def test_import_bieten_loads_bietens_package_only_and_no_registry() -> None:
    code = "import bieten, json, sys\nprint(json.dumps(sorted(m for m in sys.modules if 'bieten.' in m)))"
    loaded = _fresh(code)
    assert isinstance(loaded, list)
    assert "bieten.bieten" in loaded and "bieten.bieten._game" in loaded
    assert not {"bieten.schnapsen", "bieten._families"} & set(loaded)


def test_every_game_is_an_attribute_named_in_dir_and_games_and_make_are_public() -> None:
    code = (
        "import bieten, json\n"
        "print(json.dumps([[getattr(bieten, n).__name__ for n in bieten.games()], "
        "[n in dir(bieten) for n in ('bieten', 'schnapsen', 'games', 'make')]]))"
    )
    names, listed = _fresh(code)
    assert names == [f"bieten.{n}" for n in bieten.games()] and names[:2] == [
        "bieten.bieten",
        "bieten.schnapsen",
    ]
    assert listed == [True, True, True, True]
    assert bieten.games() == bieten._LAZY_SUBPACKAGES
    assert {"games", "make"} <= set(bieten.__all__)


def test_star_import_in_fresh_interpreter() -> None:
    code = "from bieten import *\nimport json\nprint(json.dumps([VectorEnv.__name__, simulate.__name__]))"
    assert _fresh(code) == ["VectorEnv", "simulate"]


def test_unknown_attribute_still_raises() -> None:
    try:
        bieten.no_such_name  # noqa: B018
    except AttributeError as err:
        assert "no_such_name" in str(err)
    else:
        raise AssertionError("bieten.no_such_name resolved")
