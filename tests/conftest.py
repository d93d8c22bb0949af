"""Puts the tests directory on sys.path, so that tests can ``import reference``; keeps the state
folder of the servers the tests start in a temporary folder."""

import os
import sys
from pathlib import Path

import pytest

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)


@pytest.fixture(scope="session", autouse=True)
def _state_home_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """``bieten serve`` without ``--db`` keeps its tables in ``$XDG_STATE_HOME/bieten/serve.sqlite3``
    (docs/server.md): the tests, and the servers they start, write there, never in the home folder."""
    os.environ["XDG_STATE_HOME"] = str(tmp_path_factory.mktemp("state"))
