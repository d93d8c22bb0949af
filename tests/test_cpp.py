"""Builds the C++ unit tests (tests/cpp) with CMake and runs them with ctest."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is needed to build the C++ tests")
def test_cpp_unit_tests_pass_under_ctest(tmp_path: Path) -> None:
    build = tmp_path / "build"
    configure = [
        "cmake",
        "-S",
        str(ROOT),
        "-B",
        str(build),
        "-DCMAKE_BUILD_TYPE=Release",
        "-DBIETEN_BUILD_TESTS=ON",
        "-DBIETEN_WERROR=ON",
        "-DBIETEN_LTO=OFF",
    ]
    if shutil.which("ninja"):
        configure += ["-G", "Ninja"]
    subprocess.run(configure, check=True, capture_output=True, text=True)
    subprocess.run(
        ["cmake", "--build", str(build), "--parallel", "2"], check=True, capture_output=True, text=True
    )
    result = subprocess.run(
        ["ctest", "--test-dir", str(build), "--output-on-failure"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "100% tests passed" in result.stdout
