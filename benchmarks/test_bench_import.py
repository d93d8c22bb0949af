"""The cost of ``import bieten`` (issue 15: at most 50 ms) beside ``import numpy`` and an empty interpreter.

Each figure is the median wall time of fresh ``python -c ...`` subprocesses (interpreter start-up
included, so ``python -c pass`` is measured too and subtracted in the report), plus the cumulative
microseconds ``python -X importtime`` reports for the top-level ``bieten`` and ``numpy`` imports.

The editable install (``pip install -e .`` with ``editable.rebuild``) checks the CMake build on every
import, which alone costs hundreds of milliseconds, so bieten is measured as a regular install would
see it: the package's Python files (python/bieten) and its built extension modules (the ``*.so`` /
``*.pyd`` files of ``build/install/platlib/bieten``, or of the package directory in a regular
install) are copied into a temporary directory. Every run uses this interpreter with ``-S`` and
``PYTHONPATH`` = that directory, then this environment's site-packages: ``-S`` skips the ``.pth``
files, among them the editable install's import hook, which would otherwise take ``import bieten``
from the checkout, and it skips ``site`` itself (a few ms, the same for every figure, ``python -S -c
pass`` included). No other ``PYTHON*`` variable is passed on. The benchmark
is skipped when no built extension is found. Each figure is stored in the benchmark's ``extra_info``
(``ms``, and ``ms_over_python_S_pass`` for the wall times).

    python -m pytest benchmarks/test_bench_import.py --benchmark-only -q
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import MILLISECONDS

ROOT = Path(__file__).resolve().parents[1]
RUNS = 15
TARGET_MS = 50.0


def _extension_dir() -> Path | None:
    """The directory holding the built ``_core`` extension (and the C library beside it)."""
    candidates = [ROOT / "build" / "install" / "platlib" / "bieten"]
    import bieten._core

    candidates.append(Path(bieten._core.__file__).resolve().parent)
    for folder in candidates:
        if any(folder.glob("_core*.so")) or any(folder.glob("_core*.pyd")):
            return folder
    return None


@pytest.fixture(scope="module")
def install_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = _extension_dir()
    if built is None:
        pytest.skip("no built bieten._core extension (build the package first)")
    target = tmp_path_factory.mktemp("site") / "bieten"
    shutil.copytree(ROOT / "python" / "bieten", target, ignore=shutil.ignore_patterns("__pycache__"))
    for item in built.iterdir():
        if item.is_file() and item.suffix in (".so", ".pyd", ".dylib", ".dll"):
            shutil.copy2(item, target / item.name)
    site = target.parent
    out = subprocess.run(
        [sys.executable, "-S", "-c", "import bieten; print(bieten.__file__)"],
        env=_env(site),
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(out.stdout.strip()).resolve().is_relative_to(site.resolve()), out.stdout  # not the checkout
    return site


def _env(site: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    paths = sysconfig.get_paths()
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([str(site), paths["purelib"], paths["platlib"]]))
    return env


def _wall_ms(code: str, site: Path, runs: int = RUNS) -> float:
    env = _env(site)
    subprocess.run([sys.executable, "-S", "-c", code], env=env, check=True)  # warm: .pyc written, disk cache
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-S", "-c", code], env=env, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _importtime_ms(module: str, site: Path, runs: int = RUNS) -> float:
    """Median cumulative time ``-X importtime`` reports for the top-level import of ``module``."""
    values = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-S", "-X", "importtime", "-c", f"import {module}"],
            env=_env(site),
            capture_output=True,
            text=True,
            check=True,
        )
        for line in out.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[2].rstrip() == f" {module}":
                values.append(int(parts[1]) / 1000)
    return statistics.median(values)


def _record(benchmark: Any, name: str, value_ms: float) -> None:
    MILLISECONDS[name] = value_ms
    benchmark.extra_info["ms"] = round(value_ms, 2)


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("python_S_pass", "pass"),
        ("import_numpy", "import numpy"),
        ("import_bieten", "import bieten"),
        ("import_bieten_schnapsen", "import bieten.schnapsen"),
        ("import_bieten_then_vector_env", "import bieten; bieten.VectorEnv"),
    ],
)
def test_wall_time(benchmark: Any, install_dir: Path, name: str, code: str) -> None:
    value = benchmark.pedantic(_wall_ms, args=(code, install_dir), rounds=1, iterations=1)
    _record(benchmark, f"{name}_wall", value)
    if "python_S_pass_wall" in MILLISECONDS:
        benchmark.extra_info["ms_over_python_S_pass"] = round(value - MILLISECONDS["python_S_pass_wall"], 2)


@pytest.mark.parametrize("module", ["numpy", "bieten"])
def test_importtime(benchmark: Any, install_dir: Path, module: str) -> None:
    value = benchmark.pedantic(_importtime_ms, args=(module, install_dir), rounds=1, iterations=1)
    _record(benchmark, f"import_{module}_importtime", value)
    if module == "bieten":
        benchmark.extra_info["target_ms"] = TARGET_MS
        benchmark.extra_info["within_target"] = value <= TARGET_MS
