"""Release hygiene (issue 15): one version everywhere, a changelog entry for it, and an import that
prints nothing."""

from __future__ import annotations

import ctypes
import importlib.metadata
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import bieten

ROOT = Path(__file__).resolve().parents[1]


def _project() -> dict[str, object]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


def test_version_comes_from_one_place() -> None:
    text = (ROOT / "python" / "bieten" / "_version.py").read_text()
    (version,) = re.findall(r'^__version__ = "([^"]+)"$', text, re.M)
    assert bieten.__version__ == version
    assert importlib.metadata.version("bieten") == version
    project = _project()
    assert "version" not in project and project["dynamic"] == ["version"]
    assert "VERSION 0." not in (ROOT / "CMakeLists.txt").read_text().split("project(bieten", 1)[1][:40]


def test_c_abi_reports_the_same_version() -> None:
    library = ctypes.CDLL(bieten.c_library_path())
    library.bieten_version.restype = ctypes.c_char_p
    assert library.bieten_version().decode() == bieten.__version__


def test_python_m_bieten_version_prints_the_version() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bieten", "--version"], capture_output=True, text=True, check=True
    )
    assert out.stdout == f"bieten {bieten.__version__}\n"


def test_import_prints_nothing() -> None:
    """An editable install rebuilds quietly on import (editable.verbose = false in pyproject.toml)."""
    env = {k: v for k, v in os.environ.items() if k != "SKBUILD_EDITABLE_VERBOSE"}
    out = subprocess.run([sys.executable, "-c", "import bieten"], capture_output=True, text=True, env=env)
    assert (out.returncode, out.stdout, out.stderr) == (0, "", "")


def test_changelog_has_an_entry_for_this_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert re.search(rf"^## {re.escape(bieten.__version__)}\b", changelog, re.M)
    assert changelog.index("## Unreleased") < changelog.index(f"## {bieten.__version__}")


def test_classifiers_name_every_supported_python() -> None:
    project = _project()
    minor = int(str(project["requires-python"]).removeprefix(">=3."))
    classifiers = [str(c) for c in project["classifiers"]]  # type: ignore[attr-defined]
    named = {int(c.rsplit(".", 1)[1]) for c in classifiers if re.fullmatch(r".*:: 3\.\d+", c)}
    assert named == set(range(minor, 14))


def test_project_urls_are_the_rule_sources_the_readme_cites() -> None:
    """Project URLs (issue 15) are real addresses: the public rules the engine follows, each also
    cited in the README and shipped in the metadata; no invented repository address."""
    urls = _project()["urls"]
    assert isinstance(urls, dict) and urls
    readme = (ROOT / "README.md").read_text()
    for label, url in urls.items():
        assert re.fullmatch(r"https://[\w.-]+/\S*", url), (label, url)
        assert f"<{url}>" in readme, url
    metadata = importlib.metadata.metadata("bieten").get_all("Project-URL") or []
    assert {entry.split(", ", 1)[1] for entry in metadata} == set(urls.values())
