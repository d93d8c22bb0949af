"""Builds the C++ unit tests (tests/cpp) with CMake and runs them with ctest: a release build, and a
build with AddressSanitizer and UndefinedBehaviorSanitizer."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(
    shutil.which("cmake") is None, reason="cmake is needed to build the C++ tests"
)


def build_and_run(build: Path, *extra: str, env: dict[str, str] | None = None) -> str:
    configure = [
        "cmake",
        "-S",
        str(ROOT),
        "-B",
        str(build),
        "-DBIETEN_BUILD_TESTS=ON",
        "-DBIETEN_WERROR=ON",
        "-DBIETEN_LTO=OFF",
        *extra,
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
        env=env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "100% tests passed" in result.stdout
    return result.stdout + result.stderr


def test_cpp_unit_tests_pass_under_ctest(tmp_path: Path) -> None:
    build_and_run(tmp_path / "release", "-DCMAKE_BUILD_TYPE=Release")


def test_cpp_unit_tests_pass_under_address_and_undefined_behaviour_sanitizers(tmp_path: Path) -> None:
    flags = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    out = build_and_run(
        tmp_path / "asan",
        "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
        f"-DCMAKE_CXX_FLAGS={flags}",
        f"-DCMAKE_EXE_LINKER_FLAGS={flags}",
        env=env,
    )
    assert "runtime error" not in out and "AddressSanitizer" not in out
