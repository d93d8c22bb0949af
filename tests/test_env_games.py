"""Every registered game (``bieten._core.GAMES``) through the one PettingZoo ``env(game=...)``, the one
OpenSpiel registration loop and the one VectorEnv, each looked up in the registry (issue 37); and the
module names of before ``game=``, still importable as deprecated aliases of the shared modules."""

from __future__ import annotations

import doctest
import importlib
import re
import subprocess
import sys

import pytest

import bieten
from bieten import _core, schnapsen
from bieten._families import FAMILIES
from bieten.env._family import families, game_family

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from pettingzoo.test import api_test  # type: ignore[import-untyped]  # noqa: E402

from bieten.env import _spiel, openspiel, pettingzoo  # noqa: E402

NAMES = [game["name"] for game in _core.GAMES]
# the games OpenSpiel plays: each with a chance mode (env Family.spiel; not a game built only for the tests)
SPIEL_NAMES = [family.name for family in families() if family.spiel]
# api_test warns about dict observations (observation + action_mask) unless the environment's name is
# one of PettingZoo's own classic games; the dict is PettingZoo's documented convention for masks.
DICT_OBSERVATION = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


def test_the_registry_names_each_games_env_family_in_its_own_package() -> None:
    assert list(bieten.games()) == NAMES and NAMES[:2] == ["bieten", "schnapsen"]
    assert [family.name for family in families()] == NAMES
    # a game's own package names its env family; a game with none (tests/games/) gets the generic one
    assert [type(family).__module__ for family in families()] == [
        f"bieten.{f.name}.env" if f.own_package else "bieten.env._generic" for f in FAMILIES
    ]
    assert [f.environment for f in FAMILIES][:2] == [
        "bieten.bieten.env:BIETEN",
        "bieten.schnapsen.env:SCHNAPSEN",
    ]
    assert {(f.pettingzoo, f.openspiel) for f in FAMILIES} == {
        ("bieten.env.pettingzoo", "bieten.env.openspiel")
    }


@pytest.mark.parametrize("name", NAMES)
@DICT_OBSERVATION[0]
@DICT_OBSERVATION[1]
def test_env_of_every_registered_game_passes_pettingzoos_api_test(name: str) -> None:
    family = game_family(name)
    table = pettingzoo.env(game=name, seed=3)
    assert table.unwrapped.family is family
    assert table.unwrapped.metadata["name"] == f"{name}_v0"
    assert table.unwrapped.rules == family.rules_class.preset(family.default_preset)
    assert table.action_space("player_0").n == _core.GAMES[NAMES.index(name)]["num_actions"]
    api_test(table, num_cycles=300)


@DICT_OBSERVATION[0]
@DICT_OBSERVATION[1]
def test_env_takes_the_games_preset_and_knobs() -> None:
    table = pettingzoo.raw_env("schnapsen", game="schnapsen", target=5)
    assert (table.rules, table.possible_agents) == (
        schnapsen.Rules.preset("schnapsen", target=5),
        ["player_0", "player_1"],
    )
    assert pettingzoo.raw_env("south_tyrol", players=3).rules == bieten.Rules.preset("south_tyrol", players=3)
    api_test(pettingzoo.env(game="schnapsen", preset="schnapsen"), num_cycles=300)


def test_env_of_an_unregistered_game_is_refused_naming_the_registered_ones() -> None:
    rules = "/".join(f.rule_presets for f in families())
    with pytest.raises(
        bieten.RulesError, match=re.escape(f"{rules}: game must be one of {', '.join(NAMES)}, not 'skat'")
    ):
        pettingzoo.env(game="skat")
    assert rules.startswith("R10/S10")
    with pytest.raises(bieten.RulesError, match="not 'bauernschnapsen'"):  # a preset, not a game
        openspiel.load_game(game="bauernschnapsen")


def test_openspiel_registers_one_game_per_registered_family() -> None:
    registered = {game.short_name for game in pyspiel.registered_games()}
    # every game with a chance mode (Family.spiel): each with a package of its own
    assert tuple(SPIEL_NAMES) == openspiel.GAMES
    assert [f.name for f in FAMILIES if f.own_package] == SPIEL_NAMES
    assert [openspiel.spiel_name(name) for name in SPIEL_NAMES][:2] == ["python_bieten", "python_schnapsen"]
    assert {f"python_{name}" for name in SPIEL_NAMES} <= registered
    assert not {f"python_{f.name}" for f in FAMILIES if not f.own_package} & registered
    for name in SPIEL_NAMES:
        game = pyspiel.load_game(f"python_{name}")
        assert type(game) is _spiel.game_class(game_family(name))
        assert type(game).__name__ == f"{_core.GAMES[NAMES.index(name)]['class_prefix']}Game"


@pytest.mark.parametrize("name", SPIEL_NAMES)
def test_random_simulations_of_every_registered_game_pass_pyspiels_checks(name: str) -> None:
    game = openspiel.load_game(game=name, target=3)
    assert game.get_type().short_name == f"python_{name}"
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_vector_env_takes_the_cores_class_of_every_game_from_the_registry() -> None:
    for name, descriptor in zip(NAMES, _core.GAMES, strict=True):
        env = bieten.VectorEnv(name, num_envs=2)
        assert type(env._core) is getattr(_core, f"{descriptor['class_prefix']}VectorEnv")
        assert (env.num_actions, env.observation_size) == (
            descriptor["num_actions"],
            descriptor["observation_size"],
        )


# -- the module names of before game= (deprecated) -------------------------------------------------------
def test_the_old_schnapsen_modules_are_the_shared_ones_with_game_schnapsen() -> None:
    sz = importlib.import_module("bieten.env.schnapsen_pettingzoo")
    sos = importlib.import_module("bieten.env.schnapsen_openspiel")
    table = sz.env("schnapsen")
    assert table.unwrapped.family is game_family("schnapsen")
    assert type(sz.raw_env()) is pettingzoo.TableEnv
    assert sz.raw_env().rules == schnapsen.Rules.preset("bauernschnapsen")
    assert (
        sz.OBS_SCORES == 419
        and sz.observation_high is importlib.import_module("bieten.schnapsen.env").observation_high
    )
    assert (sos.GAME_NAME, sos.MAX_CHANCE_OUTCOMES, sos.PACK[:2]) == ("python_schnapsen", 20, ("HA", "HK"))
    assert sos.SchnapsenGame is _spiel.game_class(game_family("schnapsen"))
    assert (sos.SchnapsenState, sos.SchnapsenObserver) == (_spiel.CardState, _spiel.CardObserver)
    assert sos.load_game("schnapsen", closing=False).rules.closing is False
    assert sos.DEFAULT_PARAMETERS["preset"] == "bauernschnapsen"


def test_the_old_bieten_names_resolve_on_the_shared_modules() -> None:
    from bieten.bieten import env as bieten_env

    assert (pettingzoo.OBS_SCORES, pettingzoo.OBS_SECURED) == (347, 352)
    assert openspiel.BietenGame is _spiel.game_class(bieten_env.BIETEN)
    assert (openspiel.GAME_NAME, openspiel.MAX_CHANCE_OUTCOMES, openspiel.HISTORY_SLOT_SIZE) == (
        "python_bieten",
        35,
        147,
    )
    assert openspiel.hand_action_bound is bieten_env.hand_action_bound
    with pytest.raises(AttributeError, match="has no attribute 'SchnapsenGame'"):
        _ = openspiel.SchnapsenGame


def test_the_old_env_module_paths_are_the_game_packages_modules() -> None:
    assert importlib.import_module("bieten.env._bieten") is importlib.import_module("bieten.bieten.env")
    assert importlib.import_module("bieten.env._schnapsen") is importlib.import_module("bieten.schnapsen.env")
    with pytest.raises(ModuleNotFoundError, match=re.escape("bieten.env.skat_pettingzoo")):
        importlib.import_module("bieten.env.skat_pettingzoo")


def test_shared_env_modules_name_no_game() -> None:
    # The shared modules find every game in the registry (only the default game's name is theirs).
    root = importlib.import_module("bieten.env").__path__[0]
    out = subprocess.run(
        ["grep", "-liE", "schnapsen|gleich|hanger", "-r", root, "--include=*.py"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.stdout == ""


def test_importing_bieten_env_stays_light() -> None:
    code = (
        "import bieten.env, sys; print([m for m in ('numpy', 'pettingzoo', 'pyspiel') if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "name",
    [type(family).__module__ for family in families()]
    + ["bieten.env", "bieten.env._family", "bieten.env.pettingzoo", "bieten.env.openspiel"],
)
def test_docstring_examples_of_the_env_modules_run_as_written(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
