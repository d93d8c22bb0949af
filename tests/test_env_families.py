"""Both games behind one PettingZoo env class, one OpenSpiel game class and one VectorEnv, each
parameterized by the game's family (bieten.env._family, issue 21)."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys

import numpy as np
import pytest

import bieten
from bieten import schnapsen
from bieten.bieten.env import BIETEN
from bieten.env._family import families, family_named, family_of
from bieten.schnapsen.env import SCHNAPSEN

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
pyspiel = pytest.importorskip("pyspiel")

from bieten.env import _aec, _spiel  # noqa: E402
from bieten.env import openspiel as bos  # noqa: E402
from bieten.env import pettingzoo as bz  # noqa: E402


def test_families_are_looked_up_by_game_name_and_by_rules_type() -> None:
    assert families()[:2] == (BIETEN, SCHNAPSEN)  # then any game built for the tests (tests/games/)
    assert [family_named(name).name for name in ("bieten", "schnapsen")] == ["bieten", "schnapsen"]
    assert family_named("bauernschnapsen_called") is SCHNAPSEN
    assert family_of(bieten.Rules.preset("bavaria")) is BIETEN
    assert family_of(schnapsen.Rules.preset("schnapsen")) is SCHNAPSEN
    with pytest.raises(
        bieten.RulesError, match=r"R10/S10(/[A-Z0-9]+)*: game must be one of bieten, schnapsen, "
    ):
        family_named("skat")
    with pytest.raises(
        bieten.BietenError,
        match=re.escape("rules must be a bieten.Rules or bieten.schnapsen.Rules")
        + r"( or [a-z._]+\.Rules)*, not dict",
    ):
        family_of({})


def test_a_family_pickles_as_the_same_object() -> None:
    assert pickle.loads(pickle.dumps(BIETEN)) is BIETEN
    assert pickle.loads(pickle.dumps(SCHNAPSEN)) is SCHNAPSEN


def test_both_pettingzoo_envs_are_one_class_named_per_family() -> None:
    bieten_table, schnapsen_table = bz.raw_env(players=2), bz.raw_env("schnapsen", game="schnapsen")
    assert type(bieten_table) is type(schnapsen_table) is _aec.TableEnv
    assert (bieten_table.family, schnapsen_table.family) == (BIETEN, SCHNAPSEN)
    assert bieten_table.metadata["name"] == "bieten_v0"
    assert schnapsen_table.metadata["name"] == "schnapsen_v0"
    assert _aec.TableEnv.metadata["name"] == "table_v0"  # each table's copy is renamed, not the class's
    assert bieten_table.action_space("player_0").n == 140
    assert schnapsen_table.action_space("player_1").n == 61


def test_both_openspiel_games_are_one_game_class_and_one_state_class() -> None:
    bieten_game = pyspiel.load_game("python_bieten(players=2)")
    schnapsen_game = pyspiel.load_game("python_schnapsen(preset=schnapsen)")
    assert isinstance(bieten_game, _spiel.CardGame) and isinstance(schnapsen_game, _spiel.CardGame)
    assert (
        type(bieten_game) is bos.BietenGame
        and type(schnapsen_game) is bos.game_names("schnapsen")["SchnapsenGame"]
    )
    assert (type(bieten_game).__name__, type(schnapsen_game).__name__) == ("BietenGame", "SchnapsenGame")
    assert (bieten_game.family, schnapsen_game.family) == (BIETEN, SCHNAPSEN)
    states = bieten_game.new_initial_state(), schnapsen_game.new_initial_state()
    assert type(states[0]) is type(states[1]) is _spiel.CardState
    assert bos.BietenState is bos.game_names("schnapsen")["SchnapsenState"] is _spiel.CardState


def test_python_schnapsen_says_it_cannot_resample_yet() -> None:
    state = bos.load_game("schnapsen", game="schnapsen").new_initial_state()
    with pytest.raises(
        NotImplementedError, match="python_schnapsen: resample_from_infostate is not provided yet"
    ):
        state.resample_from_infostate(0, np.random.RandomState(0).rand)


def test_vector_env_errors_name_the_family_rules() -> None:
    with pytest.raises(
        bieten.RulesError, match=re.escape("R10: game 'bieten' takes a bieten.Rules, not Rules")
    ):
        bieten.VectorEnv("bieten", schnapsen.Rules())
    with pytest.raises(
        bieten.RulesError, match=re.escape("S10: game 'schnapsen' takes a bieten.schnapsen.Rules, not Rules")
    ):
        bieten.VectorEnv("schnapsen", bieten.Rules())
    with pytest.raises(bieten.RulesError, match="S10: game 'bauernschnapsen_2' is a preset"):
        bieten.VectorEnv("bauernschnapsen_2", schnapsen.Rules())
    assert bieten.VectorEnv("bauernschnapsen_2").rules == schnapsen.Rules.preset("bauernschnapsen_2")


def test_the_interpreter_exits_cleanly_after_loading_both_games() -> None:
    # pyspiel drops the registered creators after Python has shut down, without the GIL; a creator
    # that Python would then free (a function) crashed the interpreter on exit.
    code = (
        "import pyspiel, bieten.env.openspiel\n"
        "for name in ('python_bieten', 'python_schnapsen'):\n"
        "    pyspiel.load_game(name).new_initial_state()\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (out.returncode, out.stderr) == (0, "")
