#!/usr/bin/env python3
"""Fuzzes Game.from_bytes of both games (the binary record, docs/records.md): raw bytes, and valid
records of random games (every preset of Bieten and Schnapsen, given deals too) with bytes changed,
inserted, removed or cut off, and then, half the time, their length and CRC-32C made right again, so
that the reader of the body and the replay see the change rather than the checksum.

Only GameRecordError (documented; a ValueError) may come out. A change that is not resealed must be
refused (the length and the checksum catch every one). A record that is accepted must be the bytes
its game writes again (varints in their shortest form, one encoding per game), and the same game as
its JSON record restores.
Run: ``python fuzz/fuzz_game_bytes.py fuzz/corpus/game_bytes`` (see fuzz/README.md).
"""

from __future__ import annotations

import os
import random
import struct
import sys

import atheris

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # fuzz/_common.py, run as a script
from _common import attempt, bieten, run

from bieten import schnapsen  # after _common, which imports bieten instrumented

FAMILIES = [(bieten.Game, bieten.Rules), (schnapsen.Game, schnapsen.Rules)]


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
        table.append(crc)
    return table


CRC_TABLE = _crc_table()


def crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    for byte in data:
        crc = (crc >> 8) ^ CRC_TABLE[(crc ^ byte) & 0xFF]
    return crc ^ 0xFFFFFFFF


def resealed(data: bytes) -> bytes:
    """``data`` (a record with its checksum) with the length and the checksum made right again."""
    if len(data) < 14:
        return data
    body = data[:6] + struct.pack("<I", len(data)) + data[10:-4]
    return body + struct.pack("<I", crc32c(body))


def a_game(fdp: atheris.FuzzedDataProvider) -> tuple[type, object]:
    """A game of either family part way through (or to its end), maybe from a given deal."""
    game_class, rules_class = fdp.PickValueInList(FAMILIES)
    rules = rules_class.preset(fdp.PickValueInList(list(rules_class.PRESETS)))
    seed = fdp.ConsumeIntInRange(0, 2**64 - 1)
    dealer = fdp.ConsumeIntInRange(0, rules.players - 1)
    if fdp.ConsumeIntInRange(0, 3) == 0:
        if game_class is bieten.Game:
            deal = bieten.deal(fdp.ConsumeIntInRange(0, 2**64 - 1), rules)
            used = {c for hand in deal for c in hand}
            deck = [str(c) for c in bieten.CardSet.deck() if str(c) not in used]
            top = fdp.PickValueInList(deck) if rules.show_top_card else None
            game = bieten.Game(rules, seed, deal=deal, dealer=dealer, top_card=top)
        else:
            deal = schnapsen.deal(fdp.ConsumeIntInRange(0, 2**64 - 1), rules)
            game = schnapsen.Game(rules, seed, deal=deal, dealer=dealer)
    else:
        game = game_class(rules, seed, dealer=dealer)
    steps = 3000 if fdp.ConsumeIntInRange(0, 4) == 0 else fdp.ConsumeIntInRange(0, 60)
    pick = random.Random(fdp.ConsumeInt(4))
    legal = game.legal_action_ids()
    for _ in range(steps):
        if not legal:
            break
        legal = game.step(pick.choice(legal))
    return game_class, game


def mutated(fdp: atheris.FuzzedDataProvider, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        how = fdp.ConsumeIntInRange(0, 5)
        at = fdp.ConsumeIntInRange(0, max(len(out) - 1, 0))
        if how <= 1 and out:  # a byte changed
            out[at] ^= fdp.ConsumeIntInRange(1, 255)
        elif how == 2:  # bytes inserted
            out[at:at] = fdp.ConsumeBytes(fdp.ConsumeIntInRange(1, 4))
        elif how == 3:  # bytes removed
            del out[at : at + fdp.ConsumeIntInRange(1, 4)]
        elif how == 4:  # cut off, or bytes after it
            out = out[:at] if fdp.ConsumeBool() else out + fdp.ConsumeBytes(fdp.ConsumeIntInRange(1, 4))
        else:  # a byte set to a value that means something: 0, 1, 255, an action id
            out[at : at + 1] = bytes([fdp.PickValueInList([0, 1, 2, 127, 128, 139, 140, 200, 255])])
    return bytes(out)


def check_accepted(game_class: type, data: bytes, restored: object) -> None:
    assert restored.to_bytes() == data, data.hex()  # type: ignore[attr-defined]
    again = game_class.from_json(restored.to_json())  # type: ignore[attr-defined]
    assert again == restored and again.to_bytes() == data, data.hex()


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    if fdp.ConsumeIntInRange(0, 4) == 0:  # raw bytes, maybe behind a right header
        raw = fdp.ConsumeBytes(fdp.ConsumeIntInRange(0, 300))
        if fdp.ConsumeBool():
            raw = resealed(
                b"\x89BTR\x01" + bytes([fdp.ConsumeIntInRange(1, 2)]) + b"\0\0\0\0" + raw + b"\0\0\0\0"
            )
        for game_class, _ in FAMILIES:
            ok, restored = attempt(
                lambda c=game_class: c.from_bytes(raw), raw, expected=bieten.GameRecordError
            )
            if ok:
                check_accepted(game_class, raw, restored)
        return
    game_class, game = a_game(fdp)
    record = game.to_bytes()  # type: ignore[attr-defined]
    if fdp.ConsumeIntInRange(0, 5) == 0:
        restored = game_class.from_bytes(record)
        assert restored == game and restored.to_json() == game.to_json()  # type: ignore[attr-defined]
        return
    changed = mutated(fdp, record)
    reseal = fdp.ConsumeBool()
    if reseal:
        changed = resealed(changed)
    if changed == record:
        return
    ok, restored = attempt(lambda: game_class.from_bytes(changed), changed, expected=bieten.GameRecordError)
    if ok:
        assert reseal, ("a changed record was accepted without its checksum made right", changed.hex())
        check_accepted(game_class, changed, restored)


if __name__ == "__main__":
    run(TestOneInput)
