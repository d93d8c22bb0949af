"""``bieten.schnapsen.solve`` (docs/solve.md): the exact value of every legal action once the stock is
exhausted (S6.4) or closed (S6.7), compared with a plain minimax written over the Python reference
(tests/reference/schnapsen.py), which knows nothing of the solver: it clones the reference game, applies
every legal action and reads the deal's score (S7, S8) where the deal ends.

Positions come from seeded random games of both two-player presets and of knob variants (automatic
claims S7.2, must_head S6.3, one_point_from S8.1), played in the engine and the reference side by side
to a random point after the stock is exhausted or closed: with 5 cards in hand down to the last trick,
mid-trick, after a marriage (S6.6), before the first card after a close (S6.7, D13). The default run
checks 1,200 positions; ``BIETEN_SLOW=1`` checks 10,000 more.
"""

from __future__ import annotations

import dataclasses
import os
import random
from typing import Any

import pytest

from bieten import schnapsen
from bieten.schnapsen import BietenError, Game, Rules, solve

from reference import schnapsen as ref

SLOW = os.environ.get("BIETEN_SLOW") == "1"
slow = pytest.mark.skipif(not SLOW, reason="set BIETEN_SLOW=1 for the bigger sweep")

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("schnapsen", {}),
    ("bauernschnapsen_2", {}),
    ("schnapsen", {"claim": "automatic"}),
    ("bauernschnapsen_2", {"closing": True, "must_head": "always"}),
    ("schnapsen", {"must_head": "never", "one_point_from": 34}),
]


# ------------------------------------------------------------------ the reference's plain minimax


def clone(game: ref.Game) -> ref.Game:
    """A copy of a reference game whose play can go on independently (every mutable field copied)."""
    out = ref.Game.__new__(ref.Game)
    state = dict(game.__dict__)
    for name, value in state.items():
        if isinstance(value, list):
            state[name] = [copied(item) for item in value]
    out.__dict__.update(state)
    return out


def copied(item: Any) -> Any:
    if isinstance(item, list):
        return list(item)
    return dataclasses.replace(item) if isinstance(item, ref.Meld) else item


def minimax(game: ref.Game, results: int) -> int:
    """The value of the deal for the seat to act (its score in the deal minus the other's), both
    playing best."""
    seat = game.current_player
    return max(action_value(game, action, seat, results) for action in game.legal_actions())


def action_value(game: ref.Game, action: str, seat: int | None, results: int) -> int:
    child = clone(game)
    child.apply(action)
    if len(child.deal_results) > results:  # the deal is over: S7/S8 scored it
        _deal, seats, points, _why = child.deal_results[results]
        return points if seat in seats else -points
    value = minimax(child, results)
    return value if child.current_player == seat else -value


def reference_values(game: ref.Game) -> dict[str, int]:
    results = len(game.deal_results)
    seat = game.current_player
    return {action: action_value(game, action, seat, results) for action in game.legal_actions()}


# ------------------------------------------------------------------ positions


def solvable(game: Game) -> bool:
    return not game.is_over and game.phase == "play" and (game.stock_count == 0 or game.closed)


def random_positions(count: int, seed: int, max_cards: int) -> list[tuple[Game, ref.Game]]:
    """Seeded random games to a random point once the deal is solvable, with at most `max_cards` cards
    in the hand of the seat to act; engine and reference kept in step."""
    rng = random.Random(seed)
    out: list[tuple[Game, ref.Game]] = []
    while len(out) < count:
        preset, knobs = VARIANTS[len(out) % len(VARIANTS)]
        game_seed = rng.getrandbits(64)
        game = Game(Rules.preset(preset, **knobs), game_seed)
        mirror = ref.Game(ref.make_rules(preset, **knobs), game_seed)
        stop_after = rng.choice([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        while not game.is_over:
            if solvable(game):
                if stop_after == 0 and len(game.hands[game.current_player]) <= max_cards:
                    out.append((game, mirror))
                    break
                stop_after -= 1
            legal = [str(a) for a in game.legal_actions()]
            if "close" in legal and rng.random() < 0.25:
                action = "close"
            else:
                plain = [a for a in legal if a not in ("claim", "close")] or legal
                action = rng.choice(plain)
            game.apply(action)
            mirror.apply(action)
    return out


def check(positions: list[tuple[Game, ref.Game]]) -> int:
    for game, mirror in positions:
        assert [str(a) for a in game.legal_actions()] == mirror.legal_actions()
        assert solve(game) == reference_values(mirror), game.to_json()
    return len(positions)


def test_solve_equals_a_plain_minimax_over_the_reference_on_1200_positions() -> None:
    """S6-S8: values identical to the reference's brute force, 1,000 positions of up to 4 cards in
    the hand of the seat to act) and 200 of up to 5 cards (a fresh close or the stock just exhausted)."""
    assert check(random_positions(1000, seed=40, max_cards=4)) == 1000
    assert check(random_positions(200, seed=41, max_cards=5)) == 200


@slow
def test_solve_equals_a_plain_minimax_over_the_reference_on_10000_more_positions() -> None:
    assert check(random_positions(10000, seed=4040, max_cards=5)) == 10000


# ------------------------------------------------------------------ hand-made positions and refusals


def closed_at_once() -> Game:
    """schnapsen seed 7: seat 1 leads and closes before the first card (S6.7, D13)."""
    game = Game(Rules.preset("schnapsen"), seed=7)
    game.apply("close")
    return game


def test_solve_gives_every_legal_action_its_value() -> None:
    game = closed_at_once()
    values = solve(game)
    assert list(values) == [str(a) for a in game.legal_actions()]
    assert all(isinstance(v, int) and -3 <= v <= 3 for v in values.values())


def test_solve_refuses_while_the_stock_is_open_citing_s6_4() -> None:
    game = Game(Rules.preset("schnapsen"), seed=7)
    with pytest.raises(BietenError, match=r"^S6\.4: the stock is still open \(10 cards\)"):
        solve(game)


def test_solve_refuses_four_players_citing_s2_1() -> None:
    game = Game(Rules.preset("bauernschnapsen"), seed=7)
    with pytest.raises(BietenError, match=r"^S2\.1: solve needs a two-player deal"):
        solve(game)


def test_solve_refuses_before_the_card_play_and_after_the_game() -> None:
    game = Game(Rules.preset("bauernschnapsen_2"), seed=7)  # the cutter cuts or knocks first (S3.3)
    with pytest.raises(BietenError, match=r"^S6: solve needs the card play"):
        solve(game)
    over = Game(Rules.preset("schnapsen", target=1), seed=7)
    while not over.is_over:
        over.apply(over.legal_actions()[-1])
    with pytest.raises(BietenError, match=r"^S8\.6: the game is over"):
        solve(over)


def test_solve_takes_only_a_schnapsen_game() -> None:
    import bieten

    with pytest.raises(TypeError, match=r"bieten\.schnapsen\.Game"):
        solve(bieten.Game(bieten.Rules(), seed=1))  # type: ignore[arg-type]
    assert schnapsen.solve is solve


# ------------------------------------------------------------------ the C ABI (docs/c_abi.md)


def test_bieten_solve_in_the_c_abi_gives_solves_values_and_refuses_as_python_does() -> None:
    import json
    from pathlib import Path

    import bieten

    cffi = pytest.importorskip("cffi")
    from test_c_abi import ERR_LEN, _cdef_from_header

    ffi = cffi.FFI()
    header = Path(bieten.c_include_dir()) / "bieten" / "bieten.h"
    ffi.cdef(_cdef_from_header(header.read_text(encoding="utf-8")))
    lib = ffi.dlopen(bieten.c_library_path())
    err = ffi.new("char[]", ERR_LEN)
    actions, values = ffi.new("int[]", 64), ffi.new("int[]", 64)

    def create(name: str, preset: str) -> Any:
        game = lib.bieten_game_create(name.encode(), json.dumps({"preset": preset}).encode(), 7, err, ERR_LEN)
        return ffi.gc(game, lib.bieten_game_free)

    game = create("schnapsen", "schnapsen")
    assert lib.bieten_solve(game, actions, values, 64, err, ERR_LEN) == -3  # BIETEN_E_ARGUMENT
    assert ffi.string(err).decode().startswith("bieten_solve: S6.4: the stock is still open (10 cards)")
    assert lib.bieten_apply_text(game, b"close", err, ERR_LEN) == 0
    n = lib.bieten_solve(game, actions, values, 64, err, ERR_LEN)
    expected = solve(closed_at_once())
    assert n == len(expected)
    assert {schnapsen.action_text(actions[i]): values[i] for i in range(n)} == expected
    assert lib.bieten_solve(game, actions, values, n - 1, err, ERR_LEN) == -9  # BIETEN_E_BUFFER
    assert lib.bieten_solve(create("bieten", "tyrol"), actions, values, 64, err, ERR_LEN) == -3
    assert "not schnapsen" in ffi.string(err).decode()
    assert lib.bieten_solve(ffi.NULL, actions, values, 64, err, ERR_LEN) == -2  # BIETEN_E_NULL
