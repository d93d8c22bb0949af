"""Puts the tests directory on sys.path, so that tests can ``import reference``; keeps the state
folder of the servers the tests start in a temporary folder; starts the long builds some tests need in the
background once the tests are collected (tests/background_builds.py)."""

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tests that need a background build last, in the chain's order (a stable sort: every other
    test keeps its place and its order)."""
    import background_builds

    items.sort(key=lambda item: background_builds.session_order(str(item.fspath)))


def pytest_collection_finish(session: pytest.Session) -> None:
    import background_builds

    files = {Path(str(item.fspath)).name for item in session.items}
    background_builds.start(background_builds.wanted(files))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    import background_builds

    background_builds.stop()
