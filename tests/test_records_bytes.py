"""Binary game records (Game.to_bytes / Game.from_bytes, csrc/core/record_bytes.hpp, docs/records.md):
the same game as the JSON record in a few times fewer bytes, and every corrupted or inconsistent
record refused with GameRecordError saying why."""

from __future__ import annotations

import json
import random
import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bieten
from bieten import GameRecordError, schnapsen

FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FAMILIES: list[tuple[Any, Any]] = [(bieten.Game, bieten.Rules), (schnapsen.Game, schnapsen.Rules)]
PRESETS = [(game, rules, name) for game, rules in FAMILIES for name in rules.PRESETS]


def crc32c(data: bytes) -> int:
    """CRC-32C (Castagnoli) bit by bit, from its polynomial: the tests' own, to write tampered records
    whose checksum is right."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def resealed(body: bytes) -> bytes:
    """A record's bytes before its checksum, with the length and the checksum made right again."""
    head = body[:6] + struct.pack("<I", len(body) + 4) + body[10:]
    return head + struct.pack("<I", crc32c(head))


def played(game_class: Any, rules: Any, seed: int, plies: int, dealer: int = 0) -> Any:
    game = game_class(rules, seed=seed, dealer=dealer)
    rng = random.Random(seed)
    legal = game.legal_action_ids()
    for _ in range(plies):
        if not legal:
            break
        legal = game.step(rng.choice(legal))
    return game


def assert_same_game(restored: Any, game: Any) -> None:
    assert restored == game
    assert restored.rules == game.rules
    assert restored.legal_action_ids() == game.legal_action_ids()
    assert restored.events == game.events
    assert restored.to_json() == game.to_json()
    assert restored.to_bytes() == game.to_bytes()


# ---- Round trips --------------------------------------------------------------------------------


def test_crc32c_is_castagnolis() -> None:
    # RFC 3720's check value, and the record's last 4 bytes are the CRC-32C of the rest.
    assert crc32c(b"123456789") == 0xE3069283
    data = played(bieten.Game, bieten.Rules(), 3, 20).to_bytes()
    assert struct.unpack("<I", data[-4:])[0] == crc32c(data[:-4])


def test_the_layout_of_a_short_game_is_pinned() -> None:
    # R2.1/R10: tyrol for 2 players, seed 7, "bid red" (action id 129): docs/records.md's example.
    game = bieten.Game(bieten.Rules(players=2), seed=7)
    game.apply("bid red")
    data = game.to_bytes()
    assert data[:10] == b"\x89BTR\x01\x01" + struct.pack("<I", len(data)) == b"\x89BTR\x01\x01<\x00\x00\x00"
    # players 2, hand_size 3, target 11 as zigzag varints; wild, ties and overbid by name; the bools.
    knobs = b"\x04\x06\x16\x04none\x01\x0dsuit_priority\x06strict\x00\x00\x01"
    # seed, dealer 0, no given deal, hand_number 0, one action: id 129.
    tail = struct.pack("<Q", 7) + b"\x00" + b"\x00" + b"\x00" + b"\x01" + b"\x81"
    assert data[10:-4] == knobs + tail
    assert game.history_ids() == [129]
    assert len(data) == 60


@pytest.mark.parametrize(("game_class", "rules_class", "preset"), PRESETS)
def test_every_preset_round_trips_through_bytes(game_class: Any, rules_class: Any, preset: str) -> None:
    for seed, plies in ((1, 0), (2, 37), (3, 10_000)):
        game = played(game_class, rules_class.preset(preset), seed, plies)
        data = game.to_bytes()
        assert_same_game(game_class.from_bytes(data), game)
        assert game_class.from_bytes(bytearray(data)) == game == game_class.from_bytes(memoryview(data))
        assert len(data) * 5 <= len(game.to_json())  # issue 25: at least 5x smaller


@FEW
@given(
    family=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**64 - 1),
    plies=st.integers(0, 400),
    dealer=st.integers(0, 4),
)
def test_random_games_round_trip_and_every_byte_flip_is_refused(
    family: tuple[Any, Any, str], seed: int, plies: int, dealer: int
) -> None:
    game_class, rules_class, preset = family
    rules = rules_class.preset(preset)
    game = played(game_class, rules, seed, plies, dealer=dealer % rules.players)
    data = game.to_bytes()
    assert_same_game(game_class.from_bytes(data), game)
    # CRC-32C detects every burst of up to 32 bits: every changed byte is refused, wherever it is.
    rng = random.Random(seed + 1)  # where and how to change the record
    position = rng.randrange(len(data))
    for flip in (0x01, 0x80, 0xFF, rng.randrange(1, 256)):
        changed = bytearray(data)
        changed[position] ^= flip
        with pytest.raises(GameRecordError, match=r"^from_bytes: "):
            game_class.from_bytes(bytes(changed))
    with pytest.raises(GameRecordError, match=r"^from_bytes: truncated: "):
        game_class.from_bytes(data[: rng.randrange(len(data))])


@pytest.mark.parametrize(("game_class", "rules_class"), FAMILIES)
def test_every_single_byte_flip_and_every_truncation_is_refused(game_class: Any, rules_class: Any) -> None:
    data = played(game_class, rules_class(), 11, 60).to_bytes()
    for position in range(len(data)):
        for flip in range(1, 256):
            changed = bytearray(data)
            changed[position] ^= flip
            with pytest.raises(GameRecordError, match=r"^from_bytes: "):
                game_class.from_bytes(bytes(changed))
    for size in range(len(data)):
        with pytest.raises(GameRecordError, match=r"^from_bytes: truncated: "):
            game_class.from_bytes(data[:size])


def test_a_given_deal_and_top_card_round_trip() -> None:
    # R3.6, R3.8: a Bieten game given its first hands and face-up card.
    rules = bieten.Rules(players=2, show_top_card=True)
    game = bieten.Game(rules, 1, deal=[["HK", "L9", "EU"], ["H10", "H7", "EO"]], top_card="SA", dealer=1)
    game.apply_id(game.legal_action_ids()[0])
    restored = bieten.Game.from_bytes(game.to_bytes())
    assert_same_game(restored, game)
    assert json.loads(restored.to_json())["deal"] == [["HK", "L9", "EU"], ["H10", "H7", "EO"]]
    assert json.loads(restored.to_json())["top_card"] == "SA"
    plain = bieten.Game(rules.replace(show_top_card=False), 1, deal=[["HK", "L9", "EU"], ["H10", "H7", "EO"]])
    assert_same_game(bieten.Game.from_bytes(plain.to_bytes()), plain)


@pytest.mark.parametrize("preset", ["bauernschnapsen", "schnapsen"])
def test_a_given_schnapsen_deal_round_trips(preset: str) -> None:
    # S3.7: the first deal in deal()'s shape, four players or two (with trump card and stock).
    rules = schnapsen.Rules.preset(preset)
    deal = schnapsen.deal(99, rules)
    game = schnapsen.Game(rules, 5, deal=deal, dealer=1)
    for _ in range(6):
        game.apply_id(game.legal_action_ids()[-1])
    restored = schnapsen.Game.from_bytes(game.to_bytes())
    assert_same_game(restored, game)
    assert restored.to_record()["deal"] == deal


def test_a_game_without_a_record_has_no_bytes() -> None:
    game = bieten.Game(bieten.Rules(), 1, record=False)
    with pytest.raises(bieten.BietenError, match="to_bytes needs a recording game"):
        game.to_bytes()


# ---- Refusals ----------------------------------------------------------------------------------


@pytest.fixture
def short() -> bytes:
    game = bieten.Game(bieten.Rules(players=2), seed=7)
    game.apply("bid red")
    return game.to_bytes()


def test_bytes_that_are_no_record_are_refused(short: bytes) -> None:
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: not a binary game record: it starts 7b 22 66 6f"
    ):
        bieten.Game.from_bytes(b'{"format": "bieten-game"}')
    with pytest.raises(GameRecordError, match=r"^from_bytes: expected bytes, not str$"):
        bieten.Game.from_bytes(short.decode("latin-1"))  # type: ignore[arg-type]
    with pytest.raises(GameRecordError, match=r"^from_bytes: truncated: 0 bytes, less than the header's 10$"):
        bieten.Game.from_bytes(b"")


def test_an_unknown_version_and_another_game_are_named(short: bytes) -> None:
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: unknown version 2 of the binary record \(this reader "
    ):
        bieten.Game.from_bytes(short[:4] + b"\x02" + short[5:])
    with pytest.raises(
        GameRecordError,
        match=r"^from_bytes: a record of another game \(game 1\), not of bieten-schnapsen-game \(game 2\)$",
    ):
        schnapsen.Game.from_bytes(short)


def test_truncation_trailing_bytes_and_a_bad_checksum_are_named(short: bytes) -> None:
    size = len(short)
    with pytest.raises(
        GameRecordError, match=rf"^from_bytes: truncated: the header says {size} bytes, 20 given$"
    ):
        bieten.Game.from_bytes(short[:20])
    with pytest.raises(
        GameRecordError, match=rf"^from_bytes: 2 trailing byte\(s\) after the record's {size}$"
    ):
        bieten.Game.from_bytes(short + b"\x00\x00")
    changed = bytearray(short)
    changed[30] ^= 0x10
    stored = struct.unpack("<I", short[-4:])[0]
    computed = crc32c(bytes(changed[:-4]))
    with pytest.raises(
        GameRecordError,
        match=rf"^from_bytes: checksum mismatch: the record says CRC-32C 0x{stored:08x}, its bytes give "
        rf"0x{computed:08x} \(a corrupted record\)$",
    ):
        bieten.Game.from_bytes(bytes(changed))


def test_an_illegal_action_is_refused_at_its_ply_citing_the_rule(short: bytes) -> None:
    # R7.4: after "bid red" seat 0 must answer; "play HK" (an action id, checksum made right) is refused.
    play = bieten.Action("play HK").id
    body = short[:-6] + b"\x02" + short[-5:-4] + bytes([play])  # two actions: bid red, play HK
    with pytest.raises(
        GameRecordError,
        match=r"^from_bytes: action 1 \(id \d+ 'play HK'\) is refused: R7\.4: seat 0 must answer the bid",
    ):
        bieten.Game.from_bytes(resealed(body))
    # An id beyond the action space (R11) names it.
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: action 0 \(id 200\) is refused: R11: action id 200 is not in"
    ):
        bieten.Game.from_bytes(resealed(short[:-5] + b"\xc8"))


def test_an_inconsistent_body_is_refused(short: bytes) -> None:
    # The state the record says (hand_number) must be what its actions give.
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: the record says hand_number 3, but its actions give 0$"
    ):
        bieten.Game.from_bytes(resealed(short[:-7] + b"\x03" + short[-6:-4]))
    # Bytes after the actions the count says.
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: the actions at byte \d+ are 1, but 2 bytes follow"
    ):
        bieten.Game.from_bytes(resealed(short[:-4] + b"\x00"))
    # A bool knob other than 0 or 1, a name no choice has (R10), a dealer who is no seat (R2.2).
    index = short.index(b"\x04none") + 5  # weli_point
    with pytest.raises(GameRecordError, match=r"^from_bytes: weli_point at byte 18 is 7, not 0 to 1$"):
        bieten.Game.from_bytes(resealed(short[:index] + b"\x07" + short[index + 1 : -4]))
    renamed = short[:-4].replace(b"\x04none", b"\x04nine")
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: R10: wild must be one of none, weli, spitzen, not 'nine'$"
    ):
        bieten.Game.from_bytes(resealed(renamed))
    dealer = short.index(struct.pack("<Q", 7)) + 8
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: R2\.2: dealer must be a seat from 0 to 1, not 2$"
    ):
        bieten.Game.from_bytes(resealed(short[:dealer] + b"\x02" + short[dealer + 1 : -4]))
    # A varint in more bytes than it needs (a record reads back to the same bytes).
    count = len(short) - 6
    with pytest.raises(
        GameRecordError, match=r"^from_bytes: the number of actions at byte \d+ is a varint longer"
    ):
        bieten.Game.from_bytes(resealed(short[:count] + b"\x81\x00" + short[count + 1 : -4]))


def test_a_name_that_is_no_printable_ascii_is_refused(short: bytes) -> None:
    # Found by fuzz/fuzz_game_bytes.py: a knob's name with a byte that is no UTF-8 (R10's refusal
    # quotes the name, so it must be text).
    renamed = short[:-4].replace(b"\x04none", b"\x04n\xffne")
    with pytest.raises(GameRecordError, match=r"^from_bytes: wild at byte 13 is no name of printable ASCII$"):
        bieten.Game.from_bytes(resealed(renamed))


def test_the_records_page_examples_run_as_written() -> None:
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "records.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.attempted >= 5 and result.failed == 0
