"""Builds that tests need, started in the background when the session begins (tests/conftest.py).

tests/test_cpp.py needs the core and the C++ tests built with the sanitizers (the longest, a few minutes
of both cores), tests/test_portability.py the core built with clang and libc++ (about a minute), and
tests/test_wasm.py, tests/test_web_offline.py and tests/schnapsen/test_solve_wasm.py the WebAssembly
package (bindings/wasm/dist, a minute or two of em++ the first time). Most tests run on one core and leave
the other idle: these builds run there, one after the other, at low priority (nice 10: a test that needs
the CPU gets it first), while the tests go on; tests/conftest.py moves the tests that need them to the end
of the session (TEST_FILES, in the chain's order), so that they find the work done instead of waiting for
it. Such a test waits for the chain to end and then runs its command itself, which finds the work done
(the build folder's objects, the package's cache) or, had the background build failed, does it and
reports why.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "bindings" / "wasm"
CLANG = shutil.which("clang++-16")
DOCTEST_HEADER = Path("/usr/include/doctest/doctest.h")
SANITIZER_FLAGS = "-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

# The test files each build is for, in the chain's order (the order of the session's last tests).
TEST_FILES = {
    "sanitizer": ("test_cpp.py",),
    "clang": ("test_portability.py",),
    "wasm": ("test_wasm.py", "test_web_offline.py", "test_solve_wasm.py"),
}

_chain: subprocess.Popen[bytes] | None = None
_marks: Path | None = None  # the chain's folder: a build folder and a mark <build>.done for each build
_dirs: dict[str, Path] = {}


def wasm_build_command() -> list[str]:
    """``npm --prefix bindings/wasm run build`` (its script with node when npm is missing)."""
    npm = shutil.which("npm")
    if npm:
        return [npm, "--prefix", str(PKG), "run", "build"]
    return ["node", str(PKG / "scripts" / "build.mjs")]


def build_env() -> dict[str, str]:
    """The environment for the WebAssembly build: its script finds nlohmann-json's headers through this
    interpreter (``BIETEN_PYTHON``), the one running the tests, whether or not its venv is on PATH."""
    return {**os.environ, "BIETEN_PYTHON": os.environ.get("BIETEN_PYTHON", sys.executable)}


def _generator() -> list[str]:
    return ["-G", "Ninja"] if shutil.which("ninja") else []


# The C++ test executables (not the C ABI library, which tests/test_c_abi*.py load from the wheel): the
# core's, and each game folder's own (its sources.cmake's BIETEN_GAME_TESTS: test_<game>).
CPP_TEST_TARGETS = (
    "test_bieten",
    "test_schnapsen",
    "test_agents",
    "test_ismcts",
    "test_vector_env",
    "test_parallel",
    "test_games",
)


def game_folder_tests() -> list[str]:
    """The game folders whose sources.cmake names tests of their own (BIETEN_GAME_TESTS): CMake builds them
    as test_<game> and ctest runs them as <game>."""
    return sorted(
        folder.name
        for top in (ROOT / "csrc" / "games", ROOT / "tests" / "games")
        for folder in top.iterdir()
        if (folder / "sources.cmake").is_file()
        and "BIETEN_GAME_TESTS" in (folder / "sources.cmake").read_text()
    )


def configure_command(build: Path, *flags: str) -> list[str]:
    """CMake's configure of this repository into ``build`` with ``flags``, without link-time optimisation."""
    return [
        "cmake",
        "-S",
        str(ROOT),
        "-B",
        str(build),
        "-DBIETEN_LTO=OFF",
        f"-DPython_EXECUTABLE={sys.executable}",  # finds nlohmann-json's headers (CMakeLists.txt)
        *flags,
        *_generator(),
    ]


def cpp_test_commands(build: Path, jobs: int, *extra: str) -> list[list[str]]:
    """Configure (with ``extra``) and build the C++ tests of tests/cpp, with the games made for the tests."""
    configure = configure_command(
        build,
        "-DBIETEN_BUILD_TESTS=ON",
        "-DBIETEN_WERROR=ON",
        "-DBIETEN_TEST_GAMES=ON",  # the registry with the games built only for the tests (tests/games/)
        *extra,
    )
    targets = [*CPP_TEST_TARGETS, *(f"test_{game}" for game in game_folder_tests())]
    return [configure, ["cmake", "--build", str(build), "--parallel", str(jobs), "--target", *targets]]


def sanitizer_commands(build: Path, jobs: int) -> list[list[str]]:
    """The C++ tests built with AddressSanitizer and UndefinedBehaviorSanitizer (tests/test_cpp.py)."""
    return cpp_test_commands(
        build,
        jobs,
        "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
        # -O1 (the sanitizers' usual level) and line tables only (-g1: enough for their reports' file
        # and line): the build was 233 s of a 507 s suite at -O2 -g, 123 s like this (2 cores).
        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG",
        f"-DCMAKE_CXX_FLAGS={SANITIZER_FLAGS}",
        f"-DCMAKE_EXE_LINKER_FLAGS={SANITIZER_FLAGS}",
    )


def clang_commands(build: Path, jobs: int) -> list[list[str]]:
    """Configure and build the core, the C ABI and the registry's C++ tests with clang 16 and libc++."""
    configure = configure_command(
        build,
        f"-DCMAKE_CXX_COMPILER={CLANG}",
        "-DCMAKE_CXX_FLAGS=-stdlib=libc++",
        "-DCMAKE_EXE_LINKER_FLAGS=-stdlib=libc++",
        "-DCMAKE_SHARED_LINKER_FLAGS=-stdlib=libc++",
        "-DCMAKE_BUILD_TYPE=Release",
        # -O0: clang's warnings come from its front end, the same at any level, in half -O1's compile time
        "-DCMAKE_CXX_FLAGS_RELEASE=-O0",
        "-DBIETEN_WERROR=ON",
        "-DBIETEN_BUILD_TESTS=ON",
    )
    targets = ["--target", "bieten_core", "bieten_c", "test_games"]
    return [configure, ["cmake", "--build", str(build), "--parallel", str(jobs), *targets]]


def start(builds: set[str], jobs: int = 2) -> None:
    """Starts the chain of the ``builds`` the collected tests need (names of TEST_FILES), once a session,
    ``jobs`` compiles at once. After each build the chain leaves a mark in its folder, so that a test
    waits for its own build only (``wait``)."""
    global _chain, _marks
    if _chain is not None or not builds:
        return
    _marks = Path(tempfile.mkdtemp(prefix="bieten-builds-"))
    steps: list[str] = []
    for build in TEST_FILES:  # the chain's order
        if build not in builds:
            continue
        if build == "wasm":
            # into the package's cache only: dist/ changes only when a test that needs it builds it
            commands = [[*wasm_build_command(), "--", "--jobs", str(jobs), "--cache-only"]]
        else:
            _dirs[build] = _marks / build
            make = sanitizer_commands if build == "sanitizer" else clang_commands
            commands = make(_dirs[build], jobs)
        # each command whatever the last one did: a failure is reported by the test that runs it again
        steps += [shlex.join(command) for command in commands]
        steps.append(shlex.join(["touch", str(_marks / f"{build}.done")]))
    _chain = subprocess.Popen(
        ["nice", "-n", "10", "sh", "-c", " ; ".join(steps)],
        cwd=ROOT,
        env=build_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def wait(build: str | None = None) -> None:
    """Waits for the background build ``build`` (None: the whole chain), if the chain was started."""
    if _chain is None:
        return
    if build is None:
        _chain.wait()
        return
    while _marks is not None and not (_marks / f"{build}.done").exists() and _chain.poll() is None:
        time.sleep(0.5)


def build_dir(build: str) -> Path | None:
    """The folder the background build ``build`` (``sanitizer``, ``clang``) used (None: none was started)."""
    return _dirs.get(build)


def stop() -> None:
    """Ends the chain at the end of the session, if it still runs, and removes its build folders."""
    if _chain is not None and _chain.poll() is None:
        _chain.terminate()
        try:
            _chain.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _chain.kill()
    if _marks is not None:
        shutil.rmtree(_marks, ignore_errors=True)


def wanted(paths: set[str]) -> set[str]:
    """The builds (names of TEST_FILES) the collected test files need and this machine can make."""
    if os.environ.get("BIETEN_NO_BACKGROUND") == "1":  # every build in the test that needs it
        return set()
    can = {
        "sanitizer": shutil.which("cmake") is not None and DOCTEST_HEADER.is_file(),
        "clang": CLANG is not None
        and Path("/usr/lib/llvm-16/include/c++/v1/vector").is_file()
        and shutil.which("cmake") is not None,
        "wasm": all(shutil.which(tool) for tool in ("node", "em++", "emcmake")),
    }
    return {build for build, files in TEST_FILES.items() if can[build] and paths & set(files)}


def session_order(path: str) -> int:
    """Where a test file's tests go in the session: 0 for most, after them 1, 2, 3 for the files that
    need the first, second or third build of the chain."""
    name = Path(path).name
    for rank, files in enumerate(TEST_FILES.values(), start=1):
        if name in files:
            return rank
    return 0
