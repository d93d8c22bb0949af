"""The core is portable C++20: it compiles warning-free (``-Wall -Wextra -Werror``) under clang 16 with
LLVM's libc++, not only under GCC with libstdc++ (the wheel's build), and every registered game passes the
registry's C++ tests (tests/cpp/test_games.cpp) built that way. Debian's clang-16, libc++-16-dev and
libc++abi-16-dev, which .ci/run installs; skipped without them. The third compiler, emscripten's (clang 14
with libc++ 14), builds the same core with ``-Werror`` for the WebAssembly package: tests/test_wasm.py.

Only what the check needs is built, lean: the core library, the C ABI library and the registry's test
executable, at -O1 without link-time optimisation (about 45 s on two cores); tests/test_cpp.py runs every
C++ test under GCC with the sanitizers."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

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
    build = tmp_path_factory.mktemp("clang") / "build"
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
    subprocess.run(configure, check=True, capture_output=True, text=True)
    built = subprocess.run(
        [
            "cmake",
            "--build",
            str(build),
            "--parallel",
            "2",
            "--target",
            "bieten_core",
            "bieten_c",
            "test_games",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
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
