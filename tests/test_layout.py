"""The layout that makes every game a peer (docs/architecture.md): the core names no game, the bindings
reach the games through the registry only, and what is one game's lives in that game's folder. These
tests pin what issue 37 reached, so that the list of exceptions can only shrink."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INCLUDE = re.compile(r'^\s*#\s*include\s+"(games/[^"]+)"', re.MULTILINE)


def _includes(folder: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*")):
        if path.suffix in {".cpp", ".hpp", ".h", ".inc"}:
            names = INCLUDE.findall(path.read_text(encoding="utf-8"))
            if names:
                found[str(path.relative_to(ROOT))] = names
    return found


def test_the_core_includes_no_games_header() -> None:
    assert _includes(ROOT / "csrc" / "core") == {}


def test_the_bindings_reach_the_games_through_the_registry_only() -> None:
    """Each game's own part of the module and of the C ABI is in its folder (csrc/games/<game>/python/,
    c_abi.cpp); bindings/ includes the registry alone, and Bieten's 33 card ids, which are the card ids
    of every game's pack (R1.4, S1.1), for bieten.Card."""
    others = {
        path: [name for name in names if name != "games/registry.hpp"]
        for path, names in _includes(ROOT / "bindings").items()
    }
    assert {path: names for path, names in others.items() if names} == {
        "bindings/python/register_cards.cpp": ["games/bieten/cards.hpp"],
    }


def _naming(pattern: str, own_folder: re.Pattern[str]) -> set[str]:
    """Files under csrc/, bindings/ and python/bieten/ outside a game's own folder whose text names
    the game (issue 37's count)."""
    word = re.compile(pattern, re.IGNORECASE)
    found = set()
    for top in ("csrc", "bindings", "python/bieten"):
        for path in (ROOT / top).rglob("*"):
            relative = str(path.relative_to(ROOT))
            if not path.is_file() or path.suffix in {".bin", ".png", ".pyc"} or own_folder.search(relative):
                continue
            if relative.startswith("bindings/wasm/dist/"):  # the WebAssembly build output (git-ignored)
                continue
            if word.search(path.read_text(encoding="utf-8", errors="replace")):
                found.add(relative)
    return found


def test_files_outside_schnapsens_folders_that_name_it_are_only_these() -> None:
    """The registry, the re-exported and deprecated names, the compiled module's stubs and the shared
    engine protocol's schema; no other file may start to name the game."""
    assert _naming("schnapsen", re.compile(r"(^|/)schnapsen/")) <= {
        "csrc/include/bieten/bieten.h",  # the deprecated bieten_schnapsen_* declarations (ABI 1)
        "python/bieten/_core/__init__.pyi",  # the stubs of the compiled module (its submodule's import)
        "python/bieten/agent.pxd",  # bieten.h's constants, for Cython
        "python/bieten/schema/protocol-v1.json",  # the engine protocol's rules and records of each game
    }


def test_no_file_outside_the_example_games_folder_names_it() -> None:
    """Issue 37: the example game is its folder (tests/games/toy_tricks/) and one registry line
    (CMakeLists.txt's BIETEN_TEST_GAME_NAMES); the docs may describe it, the C++ test list may name
    its own test; nothing under csrc/, bindings/ or python/bieten/ does."""
    assert _naming(r"toy_tricks|toy tricks", re.compile(r"(^|/)toy_tricks/")) == set()
    word = re.compile(r"toy_tricks|toy tricks", re.IGNORECASE)
    tests = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tests").rglob("*")
        if path.is_file()
        and path.suffix in {".py", ".cpp", ".hpp", ".cmake", ".json", ".sh"}
        and "toy_tricks" not in path.parts
        and path.name != "test_layout.py"  # this test
        and word.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert tests == []
    registry = [line for line in (ROOT / "CMakeLists.txt").read_text().splitlines() if word.search(line)]
    assert registry == ["set(BIETEN_TEST_GAME_NAMES toy_tricks)"]  # its one registry line


def test_files_outside_bietens_folders_that_name_its_figures_are_only_these() -> None:
    own = re.compile(r"^(csrc/games/bieten|python/bieten/bieten)/")
    assert _naming(r"gleich|hanger", own) <= {
        "csrc/include/bieten/bieten.h",  # an R7 message quoted as the example of err
    }
