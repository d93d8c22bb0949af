"""The core is portable C++20: it compiles warning-free (``-Wall -Wextra -Werror``) under clang 16 with
LLVM's libc++, not only under GCC with libstdc++ (the wheel's build), and every registered game passes the
registry's C++ tests (tests/cpp/test_games.cpp) built that way. Debian's clang-16, libc++-16-dev and
libc++abi-16-dev, which .ci/run installs; skipped without them. The third compiler, emscripten's (clang 14
with libc++ 14), builds the same core with ``-Werror`` for the WebAssembly package: tests/test_wasm.py.

Only what the check needs is built, lean: the core library, the C ABI library and the registry's test
executable, at -O0 without link-time optimisation (a minute or so of one core), started in the background
when the session begins (tests/background_builds.py); tests/test_cpp.py runs every C++ test under GCC with
the sanitizers, and ``BIETEN_SLOW=1`` every one under clang and libc++ as well."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import background_builds
import pytest

ROOT = Path(__file__).resolve().parents[1]
CLANG = shutil.which("clang++-16")
LIBCXX = Path("/usr/lib/llvm-16/include/c++/v1/vector")
DOCTEST_HEADER = Path("/usr/include/doctest/doctest.h")

pytestmark = pytest.mark.skipif(
    CLANG is None or not LIBCXX.is_file() or shutil.which("cmake") is None or not DOCTEST_HEADER.is_file(),
    reason="needs clang++-16, libc++-16-dev (Debian; .ci/run installs them), cmake and doctest-dev",
)


@pytest.fixture(scope="module")
def clang_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The clang build, in the folder of tests/conftest.py's background build if it started one (whose
    objects this build then finds done), else in a new one."""
    background_builds.wait("clang")
    build = background_builds.build_dir("clang") or tmp_path_factory.mktemp("clang") / "build"
    configure, compile_ = background_builds.clang_commands(build, 2)
    subprocess.run(configure, check=True, capture_output=True, text=True)
    built = subprocess.run(compile_, capture_output=True, text=True, check=False)
    return build, built.stdout + built.stderr if built.returncode else ""


def test_the_core_and_the_c_abi_compile_warning_free_under_clang_and_libcxx(
    clang_build: tuple[Path, str],
) -> None:
    build, failure = clang_build
    assert failure == ""
    assert (build / "libbieten_core.a").is_file()
    # libc++, not libstdc++: the C ABI library links LLVM's standard library
    needed = subprocess.run(
        ["ldd", str(build / "libbieten_c.so")], capture_output=True, text=True, check=True
    ).stdout
    assert "libc++.so" in needed
    assert "libstdc++" not in needed


def test_every_registered_game_passes_the_registry_tests_built_with_libcxx(
    clang_build: tuple[Path, str],
) -> None:
    build, failure = clang_build
    assert failure == ""
    result = subprocess.run([str(build / "test_games")], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Status: SUCCESS!" in result.stdout


@pytest.mark.skipif(
    os.environ.get("BIETEN_SLOW") != "1", reason="every C++ test under libc++: set BIETEN_SLOW=1"
)
def test_every_cpp_test_passes_built_with_libcxx(clang_build: tuple[Path, str]) -> None:
    """The slow sweep: all of tests/cpp (the areas of Bieten's core, Schnapsen, the agents, ISMCTS, the vector
    env, the threads) built with clang and libc++ too, and run by ctest."""
    build, failure = clang_build
    assert failure == ""
    built = subprocess.run(
        ["cmake", "--build", str(build), "--parallel", "2"], capture_output=True, text=True, check=False
    )
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    result = subprocess.run(
        ["ctest", "--test-dir", str(build), "--output-on-failure"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "100% tests passed" in result.stdout
