"""Builds that tests need, started in the background when the session begins (tests/conftest.py).

tests/test_wasm.py and tests/test_web_offline.py need the WebAssembly package (bindings/wasm/dist, a minute
or two of em++ the first time), tests/test_portability.py the core built with clang and libc++ (about a
minute). Most tests run on one core and leave the other idle: these builds run there, one after the other
(the one needed first, first), one job at a time and at low priority (nice 10), while the tests go on. A
test that needs a build waits for the chain to end and then runs its command itself, which finds the work
done (the package's cache, the build folder's objects) or, had the background build failed, does it and
reports why.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "bindings" / "wasm"
CLANG = shutil.which("clang++-16")

_chain: subprocess.Popen[bytes] | None = None
_clang_dir: Path | None = None


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


def clang_commands(build: Path, jobs: int) -> list[list[str]]:
    """Configure and build the core, the C ABI and the registry's C++ tests with clang 16 and libc++."""
    configure = [
        "cmake",
        "-S",
        str(ROOT),
        "-B",
        str(build),
        f"-DCMAKE_CXX_COMPILER={CLANG}",
        "-DCMAKE_CXX_FLAGS=-stdlib=libc++",
        "-DCMAKE_EXE_LINKER_FLAGS=-stdlib=libc++",
        "-DCMAKE_SHARED_LINKER_FLAGS=-stdlib=libc++",
        "-DCMAKE_BUILD_TYPE=Release",
        "-DCMAKE_CXX_FLAGS_RELEASE=-O1",
        "-DBIETEN_WERROR=ON",
        "-DBIETEN_LTO=OFF",
        "-DBIETEN_BUILD_TESTS=ON",
        f"-DPython_EXECUTABLE={sys.executable}",  # finds nlohmann-json's headers (CMakeLists.txt)
    ]
    if shutil.which("ninja"):
        configure += ["-G", "Ninja"]
    targets = ["--target", "bieten_core", "bieten_c", "test_games"]
    return [configure, ["cmake", "--build", str(build), "--parallel", str(jobs), *targets]]


def start(wasm: bool, clang: bool, jobs: int = 1) -> None:
    """Starts the chain of the builds the collected tests need (once a session), ``jobs`` compiles at once:
    1 beside a whole suite, 2 when the tests that wait for them are about all there is to run."""
    global _chain, _clang_dir
    if _chain is not None or not (wasm or clang):
        return
    steps: list[list[str]] = []
    if clang:  # first: tests/test_portability.py comes before tests/test_wasm.py
        _clang_dir = Path(tempfile.mkdtemp(prefix="bieten-clang-")) / "build"
        steps += clang_commands(_clang_dir, jobs)
    if wasm:
        # into the package's cache only: dist/ changes only when a test that needs it builds it
        steps.append([*wasm_build_command(), "--", "--jobs", str(jobs), "--cache-only"])
    # each step whatever the last one did: a failure is reported by the test that runs it again
    script = " ; ".join(shlex.join(step) for step in steps)
    _chain = subprocess.Popen(
        ["nice", "-n", "10", "sh", "-c", script],
        cwd=ROOT,
        env=build_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def wait() -> None:
    """Waits for the background builds, if any were started."""
    if _chain is not None:
        _chain.wait()


def clang_dir() -> Path | None:
    """The folder the background clang build used (None: none was started)."""
    return _clang_dir


def stop() -> None:
    """Ends the chain at the end of the session, if it still runs."""
    if _chain is not None and _chain.poll() is None:
        _chain.terminate()
        try:
            _chain.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _chain.kill()


def wanted(paths: set[str]) -> tuple[bool, bool]:
    """Which builds the collected test files need: (the WebAssembly package, the clang build)."""
    if os.environ.get("BIETEN_NO_BACKGROUND") == "1":  # every build in the test that needs it
        return False, False
    tools = all(shutil.which(tool) for tool in ("node", "em++", "emcmake"))
    wasm = tools and bool(paths & {"test_wasm.py", "test_web_offline.py"})
    libcxx = Path("/usr/lib/llvm-16/include/c++/v1/vector").is_file()
    clang = (
        CLANG is not None and libcxx and shutil.which("cmake") is not None and "test_portability.py" in paths
    )
    return wasm, clang
