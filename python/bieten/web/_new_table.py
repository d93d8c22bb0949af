"""What a ``POST /api/tables`` body asks for, checked: its kind, its game and its seats (docs/server.md),
and the player counts each kind takes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bieten._agents import AGENTS
from bieten._families import kind_family
from bieten._session import ProtocolError, Table
from bieten.web._limits import Refused
from bieten.web._offered import OFFERED_KINDS as KINDS

__all__ = ["OPEN", "SEAT_KINDS", "NewTable", "players_allowed", "read_new_table"]

#: The kinds of seat: a person, or a built-in agent.
SEAT_KINDS = ("human", *AGENTS)
#: A seat that anyone may take from the lobby (``POST /api/tables/<id>/join``): a person's seat whose
#: token the table's creator is not given.
OPEN = "open"

_TABLE_FIELDS = ("kind", "preset", "rules", "seed", "seats")


@dataclass(frozen=True)
class NewTable:
    """A table asked for: its kind, its game at ply 0 and each seat's kind (``human``, ``open`` or an
    agent's name)."""

    kind: str
    table: Table
    seats: list[str]


def players_allowed() -> dict[str, list[int]]:
    """The player counts each kind takes: any its rules allow when the preset is chosen apart
    (Bieten, R2.1), else its preset's (S10)."""
    allowed: dict[str, list[int]] = {}
    for kind in KINDS:
        owner = kind_family(kind)
        if not owner.preset_apart:
            allowed[kind] = [int(owner.rules_for(kind).players)]
            continue
        ok = []
        for n in range(2, 9):
            try:
                owner.rules_for(kind, players=n)
            except Exception:
                continue
            ok.append(n)
        allowed[kind] = ok
    return allowed


def read_new_table(body: object, policies: Mapping[str, str] | None = None) -> NewTable:
    """The table a ``POST /api/tables`` body asks for, or :class:`Refused` saying what is wrong.
    ``policies`` are the server's configured policy seat kinds and the game of each."""
    if not isinstance(body, dict):
        raise Refused(400, "not_object", 'the body is a JSON object such as {"kind": "bieten"}')
    unknown = sorted(set(body) - set(_TABLE_FIELDS))
    if unknown:
        raise Refused(
            400,
            "unknown_field",
            f"a table has no field(s) {', '.join(unknown)} (its fields: {', '.join(_TABLE_FIELDS)})",
        )
    kind = body.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise Refused(400, "bad_field", f"kind must be one of {', '.join(KINDS)}, not {kind!r}"[:200])
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise Refused(400, "bad_field", "preset must be a Bieten preset name (R10)")
    rules = body.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise Refused(400, "bad_rules", "rules must be an object of rules knobs (R10, S10)")
    seed = body.get("seed")  # an integer, or its digits as a string: the page's numbers keep 53 bits
    try:
        table = Table.new(kind, preset=preset, rules=rules, seed=seed)
    except ProtocolError as err:
        raise Refused(400, err.code, err.message) from None
    return NewTable(kind=kind, table=table, seats=_seats(body.get("seats"), table, policies or {}))


def _seats(seats: object, table: Table, policies: Mapping[str, str]) -> list[str]:
    """The seat kinds asked for (one person and heuristic bots when none are), lower-cased; a
    configured policy only at a table of its game."""
    rule = table.rule_prefix
    kinds = (*SEAT_KINDS, *policies)
    if seats is None:
        seats = ["human"] + ["heuristic"] * (table.players - 1)
    if isinstance(seats, list):  # seat kinds are case-insensitive, as agent names are everywhere
        seats = [s.lower() if isinstance(s, str) else s for s in seats]
    if (
        not isinstance(seats, list)
        or len(seats) != table.players
        or not all(isinstance(s, str) and (s in kinds or s == OPEN) for s in seats)
    ):
        raise Refused(
            400,
            "bad_field",
            f"{rule}2.1: seats must list {table.players} seat kinds, each one of {', '.join((*kinds, OPEN))}",
        )
    for kind in seats:
        if kind in policies and policies[kind] != table.family:
            raise Refused(
                400, "bad_field", f"seats: {kind} is a policy of {policies[kind]}, not of {table.family}"
            )
    if "human" not in seats and OPEN not in seats:
        raise Refused(400, "bad_field", "seats: at least one seat is human or open (a table of bots only)")
    return [str(s) for s in seats]
