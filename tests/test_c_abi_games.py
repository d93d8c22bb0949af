"""The C ABI's one handle for every registered game (bieten.h, "The registered games"; docs/c_abi.md):
``bieten_games_json`` lists the registry, ``bieten_game_create`` makes a game of any of them by name,
and every function that takes a ``bieten_game*`` answers for it as Python's game of that name does.
Games are mirrored action by action on ``bieten.make``'s game: legal ids, events (all and each seat's
view), scores, winners and the JSON and binary records must be Python's, byte for byte."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_c_abi import ERR_LEN, CLibrary, _cdef_from_header, _compile

import bieten
from bieten import _core

OK, NO_SEAT, E_NULL, E_ARGUMENT, E_JSON, E_RULES, E_RECORD, E_ILLEGAL, E_ACTION, E_BUFFER = range(0, -10, -1)

NAMES = [g["name"] for g in _core.GAMES]
FORMATS = [g["record_format"] for g in _core.GAMES]


def _listed(names: list[str]) -> str:
    """Names as the engine's messages list them: quoted, the last after "or" ('a', 'b' or 'c')."""
    quoted = [f"'{name}'" for name in names]
    return f"{', '.join(quoted[:-1])} or {quoted[-1]}"


ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def capi() -> CLibrary:
    cffi = pytest.importorskip("cffi")
    ffi = cffi.FFI()
    text = (Path(bieten.c_include_dir()) / "bieten" / "bieten.h").read_text(encoding="utf-8")
    ffi.cdef(_cdef_from_header(text))
    return CLibrary(ffi, ffi.dlopen(bieten.c_library_path()))


def _create(capi: CLibrary, name: str, rules: dict[str, Any] | None, seed: int) -> Any:
    err = capi.err()
    text = capi.ffi.NULL if rules is None else json.dumps(rules).encode()
    game = capi.lib.bieten_game_create(name.encode(), text, seed, err, ERR_LEN)
    assert game != capi.ffi.NULL, capi.text(err)
    return capi.ffi.gc(game, capi.lib.bieten_game_free)


def _ints(capi: CLibrary, fn: Any, *args: Any, cap: int = 256) -> list[int]:
    out = capi.ffi.new("int[]", cap)
    n = fn(*args, out, cap)
    assert n >= 0
    return list(out[0:n])


def test_games_json_lists_the_registry_in_order(capi: CLibrary) -> None:
    games = json.loads(capi.take(capi.lib.bieten_games_json()))
    assert [g["name"] for g in games] == NAMES  # the shipped games first, then any built for the tests
    assert NAMES[:2] == ["bieten", "schnapsen"]
    for listed, core in zip(games, _core.GAMES, strict=True):
        assert listed["presets"] == list(core["presets"])
        assert [(k["name"], k["type"], k["rule"]) for k in listed["knobs"]] == list(core["knobs"])
        assert (listed["num_actions"], listed["observation_size"], listed["max_players"]) == (
            core["num_actions"],
            core["observation_size"],
            core["max_players"],
        )
    assert [g["record_format"] for g in games] == FORMATS
    assert FORMATS[:2] == ["bieten-game", "bieten-schnapsen-game"]


@pytest.mark.parametrize(
    ("name", "preset", "seed"),
    [
        ("bieten", "tyrol", 7),
        ("bieten", "south_tyrol", 11),
        ("schnapsen", "schnapsen", 3),
        ("schnapsen", "bauernschnapsen_called", 5),
    ],
)
def test_a_game_by_name_plays_as_pythons_game_of_that_name(
    capi: CLibrary, name: str, preset: str, seed: int
) -> None:
    lib, ffi = capi.lib, capi.ffi
    game = _create(capi, name, {"preset": preset}, seed)
    mirror = bieten.make(name, preset=preset, seed=seed)
    assert ffi.string(lib.bieten_game_name(game)).decode() == name
    size = _core.GAMES[NAMES.index(name)]["num_actions"]
    assert lib.bieten_game_num_actions(game) == size
    assert lib.bieten_game_action_text(game, size - 1) != ffi.NULL
    assert lib.bieten_game_action_text(game, size) == ffi.NULL
    assert lib.bieten_game_observation_size(game) == len(mirror.observation(0))
    rng = random.Random(seed)
    err = capi.err()
    while not mirror.is_over:
        legal = _ints(capi, lib.bieten_legal_actions, game)
        assert legal == mirror.legal_action_ids()
        assert lib.bieten_current_player(game) == mirror.current_player
        action = rng.choice(legal)
        text = ffi.string(lib.bieten_game_action_text(game, action)).decode()
        assert text == str(mirror.legal_actions()[legal.index(action)])
        assert lib.bieten_game_parse_action(game, text.encode()) == action
        assert lib.bieten_apply_id(game, action, err, ERR_LEN) == OK, capi.text(err)
        mirror.apply_id(action)
    assert lib.bieten_is_over(game) == 1 and lib.bieten_current_player(game) == NO_SEAT
    assert _ints(capi, lib.bieten_scores, game) == mirror.scores
    winners = mirror.winners if hasattr(mirror, "winners") else [mirror.winner]
    assert _ints(capi, lib.bieten_winners, game) == winners
    assert json.loads(capi.take(lib.bieten_events_json(game, -1))) == [e.to_dict() for e in mirror.events]
    for seat in range(mirror.rules.players):
        assert json.loads(capi.take(lib.bieten_events_json(game, seat))) == [
            e.to_dict() for e in mirror.events_for(seat)
        ]
    assert capi.take(lib.bieten_to_json(game)) == mirror.to_json()
    size = lib.bieten_to_bytes(game, ffi.NULL, 0)
    data = ffi.new("uint8_t[]", size)
    assert lib.bieten_to_bytes(game, data, size) == size
    assert bytes(ffi.buffer(data, size)) == mirror.to_bytes()


@pytest.mark.parametrize("name", NAMES)
def test_records_of_every_game_are_restored_by_their_format(capi: CLibrary, name: str) -> None:
    lib, ffi = capi.lib, capi.ffi
    mirror = bieten.make(name, seed=21)
    for _ in range(12):
        mirror.apply_id(mirror.legal_action_ids()[0])
    err = capi.err()
    restored = lib.bieten_game_from_json(mirror.to_json().encode(), err, ERR_LEN)
    assert restored != ffi.NULL, capi.text(err)
    restored = ffi.gc(restored, lib.bieten_game_free)
    assert ffi.string(lib.bieten_game_name(restored)).decode() == name
    assert capi.take(lib.bieten_to_json(restored)) == mirror.to_json()
    data = mirror.to_bytes()
    from_bytes = lib.bieten_game_from_bytes(data, len(data), err, ERR_LEN)
    assert from_bytes != ffi.NULL, capi.text(err)
    from_bytes = ffi.gc(from_bytes, lib.bieten_game_free)
    assert capi.take(lib.bieten_to_json(from_bytes)) == mirror.to_json()


def test_a_record_of_no_registered_format_is_refused_naming_the_formats(capi: CLibrary) -> None:
    lib, ffi = capi.lib, capi.ffi
    err = capi.err()
    assert lib.bieten_game_from_json(b'{"format": "skat-game"}', err, ERR_LEN) == ffi.NULL
    assert capi.text(err) == f"from_json: format must be {_listed(FORMATS)}, not 'skat-game'"
    assert lib.bieten_game_from_json(b"{", err, ERR_LEN) == ffi.NULL
    assert capi.text(err).startswith("from_json: not JSON text: ")


def test_an_unknown_game_name_is_refused_listing_the_registered_names(capi: CLibrary) -> None:
    lib, ffi = capi.lib, capi.ffi
    err = capi.err()
    assert lib.bieten_game_create(b"skat", ffi.NULL, 1, err, ERR_LEN) == ffi.NULL
    assert capi.text(err) == f"bieten_game_create: the game must be {_listed(NAMES)}, not 'skat'"
    assert lib.bieten_game_create(ffi.NULL, ffi.NULL, 1, err, ERR_LEN) == ffi.NULL
    assert capi.text(err) == "bieten_game_create: name is NULL"


def test_rules_json_takes_a_preset_and_knobs_over_it(capi: CLibrary) -> None:
    lib = capi.lib
    game = _create(capi, "schnapsen", {"preset": "schnapsen", "target": 3}, 1)
    assert (
        json.loads(capi.take(lib.bieten_rules_json(game)))
        == bieten.schnapsen.Rules.preset("schnapsen", target=3).to_dict()
    )
    err = capi.err()
    assert lib.bieten_game_create(b"bieten", b'{"preset": "nowhere"}', 1, err, ERR_LEN) == capi.ffi.NULL
    assert capi.text(err).startswith("R10: unknown preset 'nowhere'")  # R10: the presets
    assert lib.bieten_game_create(b"schnapsen", b'{"target": 0}', 1, err, ERR_LEN) == capi.ffi.NULL
    assert capi.text(err).startswith("S10")  # S8.6's target refused by the knob table


def test_bieten_winner_is_bietens_and_names_bieten_winners_for_another_game(capi: CLibrary) -> None:
    game = _create(capi, "schnapsen", None, 1)
    assert capi.lib.bieten_winner(game) == E_ARGUMENT
    assert capi.lib.bieten_winner(_create(capi, "bieten", None, 1)) == NO_SEAT  # R8.1: nobody before the end


def test_agents_choose_for_any_game_as_the_deprecated_functions_did(capi: CLibrary) -> None:
    lib, ffi = capi.lib, capi.ffi
    for name in NAMES:
        game = _create(capi, name, None, 9)
        state = ffi.new("uint64_t*")
        assert lib.bieten_agent_state(9, 0, state) == OK
        assert state[0] == _core.agent_state(9, 0)
        err = capi.err()
        action = lib.bieten_agent_action(game, b"random", state, err, ERR_LEN)
        assert action in _ints(capi, lib.bieten_legal_actions, game), capi.text(err)
        assert lib.bieten_agent_action(game, b"nobody", state, err, ERR_LEN) == E_ARGUMENT


@pytest.mark.skipif(shutil.which("cc") is None or sys.platform == "win32", reason="needs a C compiler (cc)")
def test_the_docs_c_example_compiles_and_plays_to_the_winners(capi: CLibrary, tmp_path: Path) -> None:
    """docs/c_abi.md, "Any registered game": its C block, in a main(), compiles warning-free
    (-Wall -Wextra -Werror -pedantic) and plays Schnapsen to 11 (S8.6) to the winners that the same
    calls give through cffi: the doc shows real calls."""
    doc = (ROOT / "docs" / "c_abi.md").read_text(encoding="utf-8")
    block = re.search(r"```c\n(.*?)```", doc[doc.index("## Any registered game") :], re.DOTALL)
    assert block is not None
    source = tmp_path / "any_game.c"
    main = "#include <bieten/bieten.h>\n#include <stdio.h>\n\nint main(void) {\n" + block.group(1)
    source.write_text(main + "  return 0;\n}\n", encoding="utf-8")
    program = _compile(source, tmp_path / "any_game")
    result = subprocess.run([str(program)], capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    lib, ffi = capi.lib, capi.ffi
    game = _create(capi, "schnapsen", {"preset": "schnapsen", "target": 11}, 42)
    state = ffi.new("uint64_t*")
    lib.bieten_agent_state(42, 0, state)
    err = capi.err()
    while not lib.bieten_is_over(game):
        assert (
            lib.bieten_apply_id(
                game, lib.bieten_agent_action(game, b"heuristic", state, err, ERR_LEN), err, ERR_LEN
            )
            == OK
        )
    winners = _ints(capi, lib.bieten_winners, game)
    assert winners and result.stdout == "".join(f"winner: seat {seat}\n" for seat in winners)
