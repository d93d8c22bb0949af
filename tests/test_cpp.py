"""Builds the C++ unit tests (tests/cpp) with CMake and runs them with ctest: a release build, and a
build with AddressSanitizer and UndefinedBehaviorSanitizer; and the vector env's test alone under
ThreadSanitizer.

ctest runs `agents` (tests/cpp/test_agents.cpp, plain checks), `vector_env` (tests/cpp/test_vector_env.cpp,
plain checks) and `core` (tests/cpp/test_core.cpp,
doctest). CMake only builds `core` when doctest's header is found (Debian's doctest-dev, which
.ci/run installs); without it, only the checks that `core` ran are skipped."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nlohmann_json  # type: ignore[import-untyped]
import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCTEST_HEADER = Path("/usr/include/doctest/doctest.h")
SANITIZER_FLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

pytestmark = pytest.mark.skipif(
    shutil.which("cmake") is None, reason="cmake is needed to build the C++ tests"
)

needs_doctest = pytest.mark.skipif(
    not DOCTEST_HEADER.is_file(),
    reason=f"{DOCTEST_HEADER} is missing (install Debian's doctest-dev, as .ci/run does): "
    "CMake skips the doctest unit tests `core` (tests/cpp/test_core.cpp)",
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
        f"-DPython_EXECUTABLE={sys.executable}",  # finds nlohmann-json's headers (CMakeLists.txt)
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


def passed_tests(ctest_output: str) -> set[str]:
    """The names of the tests ctest reports as passed, e.g. `1/2 Test #1: agents ....   Passed`."""
    return set(re.findall(r"Test\s+#\d+: (\S+) \.*\s+Passed", ctest_output))


@pytest.fixture(scope="module")
def release_output(tmp_path_factory: pytest.TempPathFactory) -> str:
    return build_and_run(tmp_path_factory.mktemp("cpp") / "release", "-DCMAKE_BUILD_TYPE=Release")


@pytest.fixture(scope="module")
def sanitizer_output(tmp_path_factory: pytest.TempPathFactory) -> str:
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    return build_and_run(
        tmp_path_factory.mktemp("cpp") / "asan",
        "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
        f"-DCMAKE_CXX_FLAGS={SANITIZER_FLAGS}",
        f"-DCMAKE_EXE_LINKER_FLAGS={SANITIZER_FLAGS}",
        env=env,
    )


def test_cpp_unit_tests_pass_under_ctest(release_output: str) -> None:
    assert {"agents", "vector_env"} <= passed_tests(release_output), release_output


def test_cpp_unit_tests_pass_under_address_and_undefined_behaviour_sanitizers(sanitizer_output: str) -> None:
    assert {"agents", "vector_env"} <= passed_tests(sanitizer_output), sanitizer_output
    assert "runtime error" not in sanitizer_output and "AddressSanitizer" not in sanitizer_output


@needs_doctest
def test_cpp_core_doctest_ran_under_ctest(release_output: str) -> None:
    assert {"agents", "core", "schnapsen"} <= passed_tests(release_output), release_output


@needs_doctest
def test_cpp_core_doctest_ran_under_address_and_undefined_behaviour_sanitizers(sanitizer_output: str) -> None:
    assert {"agents", "core", "schnapsen"} <= passed_tests(sanitizer_output), sanitizer_output


@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is needed for the ThreadSanitizer build")
def test_vector_env_threads_are_clean_under_thread_sanitizer(tmp_path: Path) -> None:
    """VectorEnv's worker pool hands jobs over through atomics with a spin before it sleeps
    (vector_env.hpp): tests/cpp/test_vector_env.cpp, which steps envs on 1 to 5 threads and lets
    the workers fall asleep between jobs, built with -fsanitize=thread reports no data race."""
    sources = sorted(str(p) for d in ("core", "games") for p in (ROOT / "csrc" / d).rglob("*.cpp"))
    binary = tmp_path / "test_vector_env_tsan"
    subprocess.run(
        [
            "g++",
            "-std=c++20",
            "-O1",
            "-g",
            "-fsanitize=thread",
            f"-I{ROOT / 'csrc'}",
            f"-I{ROOT / 'csrc' / 'include'}",
            f"-isystem{nlohmann_json.get_include()}",  # the core's JSON reader (nlohmann-json, a test extra)
            *sources,
            str(ROOT / "tests" / "cpp" / "test_vector_env.cpp"),
            "-o",
            str(binary),
            "-lpthread",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    env = dict(os.environ, TSAN_OPTIONS="halt_on_error=1")
    result = subprocess.run([str(binary)], capture_output=True, text=True, check=False, env=env)
    output = result.stdout + result.stderr
    assert result.returncode == 0 and "ThreadSanitizer" not in output, output
    assert re.search(r"test_vector_env: \d+ checks passed", output), output
