"""Builds the C++ unit tests (tests/cpp) with CMake and runs them with ctest: a build with
AddressSanitizer and UndefinedBehaviorSanitizer, and (``BIETEN_SLOW=1``) a release build and the vector
env's test alone under ThreadSanitizer.

Each build compiles the whole core, which is most of this file's time (several minutes on two cores):
the default run builds once, with the sanitizers, which runs every test case and checks more than a
release build; the release build (the same tests at -O3) and ThreadSanitizer are the slow sweep. The
wheel's own build (``pip install``) compiles the core at release with ``-Werror`` already. The sanitizer
build runs in the background from the session's start, and these tests at its end
(tests/background_builds.py).

Every C++ test is doctest (Debian's doctest-dev, which .ci/run installs), run by ctest under the
names in CTEST_NAMES: Bieten's core one area at a time (tests/cpp/test_cards.cpp ... test_state.cpp,
one executable), then schnapsen, agents, ismcts, vector_env, parallel (simulate's thread pool) and games
(tests/cpp/test_games.cpp: the same checks for every registered game, built with the games made only for
the tests, -DBIETEN_TEST_GAMES=ON: tests/games/), and each game folder's own tests (its sources.cmake's
BIETEN_GAME_TESTS: test_<game>, run as <game>), found by looking in the folders.
CMake builds none of them when doctest's header is missing, and then these tests are skipped."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import background_builds
import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCTEST_HEADER = background_builds.DOCTEST_HEADER

pytestmark = pytest.mark.skipif(
    shutil.which("cmake") is None, reason="cmake is needed to build the C++ tests"
)
slow = pytest.mark.skipif(
    os.environ.get("BIETEN_SLOW") != "1", reason="a second whole build of the core: set BIETEN_SLOW=1"
)

needs_doctest = pytest.mark.skipif(
    not DOCTEST_HEADER.is_file(),
    reason=f"{DOCTEST_HEADER} is missing (install Debian's doctest-dev, as .ci/run does): "
    "CMake skips the C++ unit tests (tests/cpp)",
)

# Bieten's core by area (CMakeLists.txt's BIETEN_CORE_AREAS, each tests/cpp/test_<area>.cpp), then
# the second game, the agents, ISMCTS, the vector env, simulate's thread pool and every registered game.
CORE_AREAS = ("cards", "rules", "deal", "figures", "play", "wilds", "state")
CTEST_NAMES = {f"bieten_{area}" for area in CORE_AREAS} | {
    "schnapsen",
    "agents",
    "ismcts",
    "vector_env",
    "parallel",
    "games",
}
# Each game folder whose sources.cmake names tests of its own (BIETEN_GAME_TESTS): CMake builds them as
# test_<game> and ctest runs them as <game> (the example game of tests/games/ has its rules' tests).
GAME_FOLDER_TESTS = background_builds.game_folder_tests()
CTEST_NAMES |= set(GAME_FOLDER_TESTS)


def build_and_run(commands: list[list[str]], build: Path, env: dict[str, str] | None = None) -> str:
    """Runs the configure and build ``commands`` (tests/background_builds.py's) into ``build``, then ctest."""
    for command in commands:
        subprocess.run(command, check=True, capture_output=True, text=True)
    result = subprocess.run(
        ["ctest", "--test-dir", str(build), "--output-on-failure", "--parallel", "2"],
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
def release_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cpp") / "release"


@pytest.fixture(scope="module")
def release_output(release_dir: Path) -> str:
    commands = background_builds.cpp_test_commands(release_dir, 2, "-DCMAKE_BUILD_TYPE=Release")
    return build_and_run(commands, release_dir)


@pytest.fixture(scope="module")
def sanitizer_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The background build's folder (tests/background_builds.py), once it is done; else a new one."""
    background_builds.wait("sanitizer")
    return background_builds.build_dir("sanitizer") or tmp_path_factory.mktemp("cpp") / "asan"


@pytest.fixture(scope="module")
def sanitizer_output(sanitizer_dir: Path) -> str:
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1")
    return build_and_run(background_builds.sanitizer_commands(sanitizer_dir, 2), sanitizer_dir, env=env)


def test_every_core_area_has_its_source_and_ctest_entry() -> None:
    """Each area of CORE_AREAS is a source file and a ctest entry of CMakeLists.txt, and no test
    source of tests/cpp is left out of the build."""
    cmake = (ROOT / "CMakeLists.txt").read_text()
    areas = re.search(r"set\(BIETEN_CORE_AREAS ([a-z ]+)\)", cmake)
    assert areas is not None and tuple(areas.group(1).split()) == CORE_AREAS
    sources = {p.name for p in (ROOT / "tests" / "cpp").glob("test_*.cpp")}
    built = {f"test_{area}.cpp" for area in CORE_AREAS} | set(re.findall(r"tests/cpp/(test_\w+\.cpp)", cmake))
    assert sources == built


@slow
@pytest.mark.slow
@needs_doctest
def test_cpp_unit_tests_pass_under_ctest(release_output: str) -> None:
    assert passed_tests(release_output) == CTEST_NAMES, release_output


@needs_doctest
def test_cpp_unit_tests_pass_under_address_and_undefined_behaviour_sanitizers(sanitizer_output: str) -> None:
    assert passed_tests(sanitizer_output) == CTEST_NAMES, sanitizer_output
    assert "runtime error" not in sanitizer_output and "AddressSanitizer" not in sanitizer_output


@needs_doctest
def test_each_core_area_runs_its_own_test_cases(sanitizer_dir: Path, sanitizer_output: str) -> None:
    """ctest runs an area by doctest's --source-file filter: each area selects some test cases, and the
    areas together select every test case of test_bieten exactly once (a filter that matched nothing
    would pass silently). Counted with doctest's --count, which lists without running."""
    binary = sanitizer_dir / "test_bieten"

    def cases(*args: str) -> int:
        run = subprocess.run([str(binary), "--count", *args], capture_output=True, text=True, check=True)
        out = run.stdout
        match = re.search(r"unskipped test cases passing the current filters: (\d+)", out)
        assert match is not None, out
        return int(match.group(1))

    per_area = [cases(f"--source-file=*test_{area}.cpp") for area in CORE_AREAS]
    assert all(n > 0 for n in per_area), per_area
    assert sum(per_area) == cases()


@needs_doctest
@slow
@pytest.mark.slow
@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is needed for the ThreadSanitizer build")
def test_vector_env_threads_are_clean_under_thread_sanitizer(tmp_path: Path) -> None:
    """VectorEnv's worker pool hands jobs over through atomics with a spin before it sleeps
    (vector_env.hpp): tests/cpp/test_vector_env.cpp, which steps envs on 1 to 5 threads and lets
    the workers fall asleep between jobs, built with -fsanitize=thread reports no data race."""
    # The core and the test as CMakeLists.txt builds them (its generated registry and embedded weights),
    # with ThreadSanitizer's flags and without link-time optimisation.
    build = tmp_path / "tsan"
    configure = background_builds.configure_command(
        build,
        "-DBIETEN_BUILD_TESTS=ON",
        "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
        "-DCMAKE_CXX_FLAGS=-fsanitize=thread -O1",
        "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread",
    )
    subprocess.run(configure, check=True, capture_output=True, text=True)
    subprocess.run(
        ["cmake", "--build", str(build), "--parallel", "2", "--target", "test_vector_env"],
        check=True,
        capture_output=True,
        text=True,
    )
    binary = build / "test_vector_env"
    env = dict(os.environ, TSAN_OPTIONS="halt_on_error=1")
    result = subprocess.run([str(binary)], capture_output=True, text=True, check=False, env=env)
    output = result.stdout + result.stderr
    assert result.returncode == 0 and "ThreadSanitizer" not in output, output
    assert re.search(r"\[doctest\] assertions:\s+[1-9]\d* \|\s+\d+ passed \|\s+0 failed", output), output
    assert "[doctest] Status: SUCCESS!" in output, output
