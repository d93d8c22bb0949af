"""The engine protocol's logic, apart from any transport (docs/protocol.md).

A :class:`Table` is one game of any family of the registry (python/bieten/_families.py) behind one
uniform surface: its state, a seat's events since a sequence number, the legal actions with the ply,
client and bot moves, and its record. A :class:`Session` is a set of tables and the request dispatch:
it takes a request (a decoded JSON object, or one line of text) and returns the reply as a dict,
never raising for anything a client sends. ``bieten engine`` (python/bieten/engine.py) is a thin
stdin/stdout JSON Lines loop over a Session; other front ends (an HTTP or WebSocket server) reuse it.

>>> session = Session()
>>> session.handle({"type": "hello", "id": 1, "protocols": [1]})["protocol"]
1
>>> kind = KINDS[-1]  # a kind of the registry's last family
>>> reply = session.handle({"type": "new", "kind": kind, "seed": 7})
>>> reply["game"], reply["family"] == kind_family(kind).name, reply["state"]["current_player"]
('g1', True, 1)
>>> session.handle({"type": "apply", "game": "g1", "seat": 0, "ply": 0, "action": "close"})["code"]
'wrong_seat'
>>> session.handle_line("{not json")["code"]
'bad_json'
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from bieten import _core
from bieten._agents import AGENT_NAMES, AGENTS, is_builtin_agent
from bieten._core import BietenError, GameRecordError
from bieten._families import FAMILIES, AnyGame, Family, family_of, kind_family, record_family
from bieten._families import KINDS as KINDS

#: The protocol versions this engine speaks, oldest first (docs/protocol.md, "Versioning").
PROTOCOLS = (1,)
# KINDS, the values of ``kind`` in a ``new`` request (each family's kinds), are the registry's
# (python/bieten/_families.py).
#: The longest request line, in bytes without its newline (``bieten engine --max-line``).
MAX_LINE = 1 << 20
#: The most games a session keeps open at once.
MAX_GAMES = 64
#: The longest client ``id`` string echoed back.
MAX_ID = 256
#: The longest error message, in characters: longer ones (that quote a client's input) are cut.
MAX_ERROR_TEXT = 500

ERROR_CODES = (
    "bad_json",
    "not_object",
    "line_too_long",
    "unknown_type",
    "missing_field",
    "unknown_field",
    "bad_field",
    "no_handshake",
    "unsupported_version",
    "too_many_games",
    "unknown_game",
    "bad_rules",
    "bad_seed",
    "bad_deal",
    "bad_record",
    "bad_seat",
    "unknown_agent",
    "game_over",
    "wrong_seat",
    "stale_ply",
    "bad_action",
    "illegal_action",
    "internal",
)


class ProtocolError(Exception):
    """A refused request: an error code of docs/protocol.md and a message (citing a rule id where
    there is one). The request changed nothing."""

    def __init__(self, code: str, message: str) -> None:
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


def seed_value(value: object) -> int:
    """A seed as a client sends it: a JSON integer, or its decimal digits as a string (a JavaScript
    number keeps only 53 bits, so a page sends a 64-bit seed as text); 0 <= seed < 2**64 (R3.2), else
    ``bad_seed`` saying so.

    >>> seed_value("15871847963295036875"), seed_value(7)
    (15871847963295036875, 7)
    >>> seed_value("1e3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    bieten._session.ProtocolError: R3.2: seed must be an integer 0 <= seed < 2**64 (or its digits ...
    """
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        value = int(value)
    if type(value) is not int or not 0 <= value < 2**64:
        raise ProtocolError(
            "bad_seed",
            "R3.2: seed must be an integer 0 <= seed < 2**64 (or its digits as a string), "
            f"not {_show(value)}",
        )
    return value


def _refusal(err: BaseException) -> ProtocolError:
    """The protocol error of an exception the games raise (their messages cite the rule)."""
    codes: tuple[tuple[type[BaseException], str], ...] = (
        (GameRecordError, "bad_record"),
        (_core.RulesError, "bad_rules"),
        (_core.SeedError, "bad_seed"),
        (_core.SeatError, "bad_seat"),
        (_core.HandError, "bad_deal"),
        (_core.CardError, "bad_deal"),
        (_core.AgentError, "unknown_agent"),
        (_core.IllegalActionError, "illegal_action"),
        (_core.ActionError, "bad_action"),
    )
    for kind, code in codes:
        if isinstance(err, kind):
            return ProtocolError(code, str(err))
    return ProtocolError("internal", f"{type(err).__name__}: {err}")


class Table:
    """One game of any family, behind the surface the protocol needs.

    >>> table = Table.new("bieten", rules={"players": 2}, seed=7)
    >>> table.family, table.players, table.ply
    ('bieten', 2, 0)
    >>> table.legal(seat=1)["actions"][:2]
    [{'id': 4, 'text': 'play H10'}, {'id': 7, 'text': 'play H7'}]
    >>> table.apply(seat=1, ply=0, action="bid red")["state"]["current_player"]
    0
    >>> table.apply(seat=0, ply=0, action="good")
    Traceback (most recent call last):
    ...
    bieten._session.ProtocolError: R9: 'good' was sent for ply 0, but the game is at ply 1: ...
    """

    __slots__ = ("_family", "family", "game")

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self._family: Family = family_of(game)
        self.family = self._family.name

    # -- making a game --------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        kind: str,
        *,
        preset: str | None = None,
        rules: Mapping[str, Any] | None = None,
        seed: int | str | None = None,
        dealer: int = 0,
        deal: Any = None,
        top_card: str | None = None,
    ) -> Table:
        """A new game: ``kind`` is one of ``KINDS`` (the family's kind, with a ``preset`` for a family
        whose preset is chosen apart, ``Family.preset_apart``, else the kind is the preset); ``rules``
        overrides knobs; no ``seed`` draws one at random."""
        if kind not in KINDS:
            raise ProtocolError(
                "bad_field", f"new: kind must be one of {', '.join(KINDS)}, not {_show(kind)}"
            )
        family = kind_family(kind)
        knobs = dict(rules or {})
        unknown = sorted(set(knobs) - set(family.knobs))
        if unknown:  # refused here: Rules.preset would take a knob called "name" for its preset
            raise ProtocolError(
                "bad_rules",
                f"{family.rules_rule}: unknown rules knob(s): {', '.join(_cut(u) for u in unknown)} "
                f"(known: {', '.join(family.knobs)})",
            )
        seed = secrets.randbits(64) if seed is None else seed_value(seed)
        try:
            game_rules = family.rules_for(kind, preset, **knobs)
            return cls(family.new_game(game_rules, seed, deal=deal, dealer=dealer, top_card=top_card))
        except (BietenError, TypeError) as err:
            raise _refusal(err) from None

    @classmethod
    def load(cls, record: Mapping[str, Any]) -> Table:
        """A game restored from its record (``save``), of any family by its ``format``."""
        form = record.get("format")
        family = record_family(form)
        if family is None:
            quoted = [repr(f.record_format) for f in FAMILIES]  # as the C ABI lists them: 'a', 'b' or 'c'
            formats = f"{', '.join(quoted[:-1])} or {quoted[-1]}"
            raise ProtocolError("bad_record", f"from_json: format must be {formats}, not {form!r}")
        try:
            return cls(family.game.from_record(dict(record)))
        except (BietenError, TypeError) as err:
            raise _refusal(err) from None

    # -- reading it -----------------------------------------------------------------------------------
    @property
    def rule_prefix(self) -> str:
        """The prefix of the game's rule ids (``Family.rule_prefix``): "R" for Bieten's."""
        return self._family.rule_prefix

    @property
    def players(self) -> int:
        return int(self.game.rules.players)

    @property
    def ply(self) -> int:
        return int(self.game.ply)

    def state(self) -> dict[str, Any]:
        """What changes as the game goes on: the ``state`` object of docs/protocol.md."""
        game = self.game
        return {
            "ply": self.ply,
            "hand_number": int(game.hand_number),
            "phase": str(game.phase),
            "current_player": game.current_player,
            "is_over": bool(game.is_over),
            "scores": [int(s) for s in game.scores],
            "winners": [int(s) for s in game.winners],
            "next": int(game.event_count()),
        }

    def describe(self) -> dict[str, Any]:
        """The game as a ``game`` reply shows it (without type, id and handle)."""
        return {
            "family": self.family,
            "rules": self.game.rules.to_dict(),
            "seed": int(self.game.seed),
            "dealer": int(self.game.first_dealer),
            "players": self.players,
            "state": self.state(),
        }

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.players:
            raise ProtocolError(
                "bad_seat", f"{self.rule_prefix}2.1: seat must be 0 to {self.players - 1}, not {seat}"
            )

    def events(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        """The events ``seat`` may see with ``seq >= since`` (each game's events page in docs/)."""
        self.check_seat(seat)
        view = self.game.events_for(seat)
        return [event.to_dict() for event in view if event.seq >= since]

    def legal(self, seat: int | None = None) -> dict[str, Any]:
        """The current ply, the seat to act and its legal actions (none when ``seat`` is given and is
        not to act, or the game is over)."""
        if seat is not None:
            self.check_seat(seat)
        current = self.game.current_player
        listed = current is not None and (seat is None or seat == current)
        actions = [{"id": int(a.id), "text": str(a)} for a in self.game.legal_actions()] if listed else []
        return {"seat": seat, "ply": self.ply, "current_player": current, "actions": actions}

    # -- moves ----------------------------------------------------------------------------------------
    def _refuse_turn(self, seat: int, ply: int, what: str) -> None:
        """Refuses a move for a seat that is not to act or a ply that is not the game's (R9, S9),
        in the words of ``Game.apply``."""
        self.check_seat(seat)
        rule = f"{self.rule_prefix}9"
        current = self.game.current_player
        if current is None:
            raise ProtocolError("game_over", f"{rule}: the game is over, so {what} is refused")
        if seat != current:
            raise ProtocolError(
                "wrong_seat",
                f"{rule}: seat {seat} is not to act; seat {current} is to act, so {what} is refused",
            )
        if ply != self.ply:
            raise ProtocolError(
                "stale_ply",
                f"{rule}: {what} was sent for ply {ply}, but the game is at ply {self.ply}: "
                "a stale or replayed action is refused",
            )

    def _action(self, action: str | int) -> tuple[int, str]:
        """An action's id and text in this game's notation (its rulebook's: R11, ...), or ``bad_action``."""
        if isinstance(action, str) and len(action) > 64:
            raise ProtocolError("bad_action", f"{self.rule_prefix}11: {_quote(action)} is not an action")
        try:
            parsed = self._family.action(action)
        except (BietenError, TypeError, OverflowError) as err:
            raise ProtocolError("bad_action", str(err)) from None
        return int(parsed.id), str(parsed)

    def _moved(self, seat: int, ply: int, action: tuple[int, str], by: str | None) -> dict[str, Any]:
        return {
            "seat": seat,
            "ply": ply,
            "action": {"id": action[0], "text": action[1]},
            "by": by,
            "state": self.state(),
        }

    def apply(self, *, seat: int, ply: int, action: str | int) -> dict[str, Any]:
        """Applies a client's action (its text or id) for ``seat`` at ``ply``; a refusal changes nothing."""
        self._refuse_turn(seat, ply, _quote(action))
        parsed = self._action(action)
        try:
            self.game.apply(parsed[0], seat=seat, ply=ply)
        except (BietenError, TypeError) as err:
            raise _refusal(err) from None
        return self._moved(seat, ply, parsed, None)

    def bot_seed(self, seat: int) -> int:
        """The default seed of a bot move: from the game's seed, the seat and the ply, so that the same
        position gets the same move, also after ``load``."""
        return int(_core.mix64(_core.agent_state(int(self.game.seed), seat) ^ self.ply))

    def bot(
        self,
        *,
        seat: int,
        ply: int,
        agent: str,
        seed: int | str | None = None,
        budget: Mapping[str, int] | None = None,
        apply: bool = True,
    ) -> dict[str, Any]:
        """The move of a built-in agent for ``seat`` at ``ply``, applied unless ``apply`` is false.
        ``budget`` is accepted for agents that search; the built-in ones decide at once and ignore it."""
        del budget  # the built-in agents take no budget (docs/protocol.md, "bot")
        self._refuse_turn(seat, ply, f"a {agent} move")
        if not is_builtin_agent(agent):
            raise ProtocolError("unknown_agent", f"unknown agent {_cut(agent)}; the agents are {AGENT_NAMES}")
        try:
            chosen_seed = self.bot_seed(seat) if seed is None else seed_value(seed)
            made = self._make_agent(agent, chosen_seed)
            action_id = int(made.act(self.game))
            action = self._action(action_id)
            if not apply:
                return {"seat": seat, "ply": ply, "action": {"id": action[0], "text": action[1]}, "by": agent}
            self.game.apply(action_id, seat=seat, ply=ply)
        except (BietenError, TypeError, OverflowError) as err:
            raise _refusal(err) from None
        return self._moved(seat, ply, action, agent)

    def _make_agent(self, agent: str, seed: int) -> Any:
        """The core's agent of a built-in name; knobs its parser refuses (``ismcts:0``, ``ismcts:xyz``,
        ``ismcts:5ms:c=abc``: docs/agents.md) are ``unknown_agent``, with the parser's reason."""
        try:
            return self._family.core_agent(agent, seed)
        except BietenError as err:
            if isinstance(err, _core.SeedError):
                raise
            message = (
                str(err)
                if len(agent) <= 80 or agent.lower().startswith("policy:")
                else (f"bad agent {_cut(agent)} (docs/agents.md)")
            )
            raise ProtocolError("unknown_agent", message) from None

    def record(self) -> dict[str, Any]:
        """The game's record, as ``Game.to_json`` writes it (docs/frontends.md)."""
        return json.loads(self.game.to_json())  # type: ignore[no-any-return]


# -- request checking: against the shipped schema (python/bieten/schema/protocol-v1.json) ------------

#: Where the schema states a range or a list the game itself checks, the game's answer is the
#: protocol's (docs/protocol.md, "Errors"): a seat or dealer off the table is ``bad_seat`` (R2.1,
#: R2.2, S2.1), a seed out of range ``bad_seed`` (R3.2), an unknown preset ``bad_rules`` (R10), an
#: agent the schema's pattern refuses ``unknown_agent`` with the core's reason (as one whose knobs are
#: out of range, which a pattern cannot say); and what a record holds is its reader's to judge
#: (``bad_record``).
_GAME_ANSWERS: Mapping[str, frozenset[str]] = {
    "seat": frozenset({"minimum"}),
    "dealer": frozenset({"minimum"}),
    "seed": frozenset({"minimum", "maximum", "pattern"}),
    "preset": frozenset({"enum"}),
    "agent": frozenset({"type", "pattern"}),
}
_RECORD_SHAPE = frozenset({"type"})  # of a load's record, only that it is an object is the protocol's


class _Schema:
    """The request definitions of the shipped schema, each compiled into a validator once.

    JSON Schema counts ``1.0`` as an integer; the protocol does not (docs/protocol.md: integers are
    JSON integers), so the validators' ``integer`` is an int that is not a bool, as ``json`` reads it.
    """

    def __init__(self) -> None:
        from importlib.resources import files

        from jsonschema import Draft202012Validator, validators

        text = files("bieten").joinpath("schema", "protocol-v1.json").read_text(encoding="utf-8")
        self.defs: dict[str, Any] = json.loads(text)["$defs"]
        # A new game's kind is one of the registry's (KINDS), which may hold more games than the
        # shipped file lists (a game built only for the tests, tests/games/).
        self.defs["request_new"]["properties"]["kind"]["enum"] = list(KINDS)
        checker = Draft202012Validator.TYPE_CHECKER.redefine(
            "integer", lambda _checker, value: type(value) is int
        )
        kind = validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]

        def compiled(name: str) -> Any:
            # Each definition with its references written out: validating then needs no reference
            # lookups (a third of the time per request, measured).
            return kind(_inlined(self.defs[name], self.defs))

        self.ident = compiled("request_id")
        self.requests = {
            name.removeprefix("request_"): compiled(name)
            for name in self.defs
            if name.startswith("request_") and name != "request_id"
        }
        self._fields = {
            kind: {
                name: node
                for name, node in self.defs[f"request_{kind}"]["properties"].items()
                if name not in ("type", "id")
            }
            for kind in self.requests
        }

    def fields(self, kind: str) -> dict[str, Any]:
        """A request type's fields besides ``type`` and ``id``, in the schema's order."""
        return self._fields[kind]

    def check(self, kind: str, request: Mapping[str, Any]) -> None:
        """Refuses a request the schema refuses: an unknown field first, then field by field in the
        schema's order a missing one or one of the wrong type or range."""
        fields = self.fields(kind)
        problems: dict[str, Any] = {}
        unknown: list[str] = []
        for error in self.requests[kind].iter_errors(request):
            if error.validator == "additionalProperties" and not error.path:
                unknown = sorted(set(request) - set(fields) - {"type", "id"})
            elif error.validator == "required":
                for name in self.defs[f"request_{kind}"]["required"]:
                    if name not in request:
                        problems.setdefault(name, None)
            elif error.path and not self._games_own(error):
                problems.setdefault(str(error.path[0]), error)
        if unknown:
            raise ProtocolError(
                "unknown_field",
                f"{kind} has no field(s) {', '.join(unknown)} (its fields: {', '.join(fields) or 'none'})",
            )
        for name, node in fields.items():
            if name not in problems:
                continue
            if name not in request:
                what = _what(node, self.defs, described=True)
                raise ProtocolError("missing_field", f"{kind} needs the field {name}: {what}")
            raise ProtocolError(
                "bad_field", f"{kind}: {name} must be {_what(node, self.defs)}, not {_show(request[name])}"
            )

    @staticmethod
    def _games_own(error: Any) -> bool:
        """Whether the game, not the protocol, answers this schema error (``_GAME_ANSWERS``)."""
        name = str(error.path[0])
        if name == "record":
            return len(error.path) > 1 or error.validator not in _RECORD_SHAPE
        return len(error.path) == 1 and error.validator in _GAME_ANSWERS.get(name, ())


def _inlined(node: Any, defs: Mapping[str, Any]) -> Any:
    """A schema node with each ``$ref`` to ``#/$defs/...`` replaced by what it names (the request
    definitions refer to no definition that refers back)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if ref is not None:
            return _inlined(defs[str(ref).rsplit("/", 1)[-1]], defs)
        return {key: _inlined(value, defs) for key, value in node.items()}
    if isinstance(node, list):
        return [_inlined(item, defs) for item in node]
    return node


def _what(node: Mapping[str, Any], defs: Mapping[str, Any], described: bool = False) -> str:
    """What a schema node asks for, in words: its description when ``described`` (and it has one),
    else its type and range."""
    ref = node.get("$ref")
    if ref is not None:
        return _what(defs[str(ref).rsplit("/", 1)[-1]], defs, described)
    if described and "description" in node:
        return str(node["description"])
    if "enum" in node:
        return "one of " + ", ".join(map(str, node["enum"]))
    if "oneOf" in node:
        return " or ".join(_what(n, defs) for n in node["oneOf"])
    kinds = node.get("type")
    if isinstance(kinds, list):
        return " or ".join(_what({"type": k}, defs) for k in kinds)
    if kinds == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"an integer from {low} to {high}"
        return "an integer" + ("" if low is None else f" >= {low}")
    if kinds == "array":
        items = node.get("items")
        size = " non-empty" if node.get("minItems", 0) > 0 else ""
        return f"a{size} list" + ("" if items is None else f" of {_plural(_what(items, defs))}")
    if kinds == "object" and node.get("properties") and not node.get("required"):
        return "an object with optional " + " and ".join(node["properties"])
    if kinds == "object" and "description" in node:
        return str(node["description"])
    words = {"string": "a string", "boolean": "true or false", "object": "an object"}
    return words.get(str(kinds), "a value")


def _plural(what: str) -> str:
    """``an integer >= 0`` -> ``integers >= 0``."""
    head, _, rest = what.partition(" ")
    noun, _, tail = rest.partition(" ")
    return f"{noun}s{' ' + tail if tail else ''}" if head in ("a", "an") else what


_SCHEMA: _Schema | None = None


def _schema() -> _Schema:
    """The compiled schema, made on first use (importing jsonschema costs about 50 ms)."""
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = _Schema()
    return _SCHEMA


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise _DuplicateKey(f"the key {twice!r} occurs twice")
    return data


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant)


def decode(line: str | bytes) -> object:
    """A request line as JSON data; strict JSON (no NaN, no duplicate keys), else ProtocolError."""
    try:
        text = line.decode("utf-8") if isinstance(line, bytes) else line
        return _DECODER.decode(text.strip())
    except UnicodeDecodeError:
        raise ProtocolError("bad_json", "the line is not UTF-8 text") from None
    except (ValueError, RecursionError) as err:
        raise ProtocolError("bad_json", f"the line is not one JSON value: {err}") from None


class Session:
    """The games of one client and the dispatch of its requests (docs/protocol.md).

    ``handle`` takes a decoded request and returns its reply; ``handle_line`` a line of text. Neither
    raises for anything a client sends: a refused request gets an ``error`` reply and changes nothing.
    After ``quit``, ``closed`` is true.

    >>> session = Session()
    >>> session.handle({"type": "list"})["code"]
    'no_handshake'
    >>> session.handle({"type": "hello", "protocols": [2]})["code"]
    'unsupported_version'
    >>> session.handle({"type": "hello", "id": "a", "protocols": [1, 2]})["id"]
    'a'
    >>> session.handle({"type": "new", "kind": "bieten", "rules": {"players": 9}})["message"]
    'R10/R2.1: players must be 2 to 5, not 9'
    >>> session.handle({"type": "quit"})["type"], session.closed
    ('bye', True)
    """

    def __init__(self, *, max_line: int = MAX_LINE, max_games: int = MAX_GAMES) -> None:
        self.tables: dict[str, Table] = {}
        self.protocol: int | None = None
        self.closed = False
        self.max_line = max_line
        self.max_games = max_games
        self._opened = 0

    def handle_line(self, line: str | bytes) -> dict[str, Any]:
        """The reply to one request line (the newline may be included)."""
        size = len(line) if isinstance(line, bytes) else len(line.encode("utf-8", "surrogatepass"))
        if size > self.max_line + 2:  # a transport that reads whole lines still gets the limit
            return error_reply(None, "line_too_long", f"a request line is at most {self.max_line} bytes")
        try:
            request = decode(line)
        except ProtocolError as err:
            return error_reply(None, err.code, err.message)
        return self.handle(request)

    def handle(self, request: object) -> dict[str, Any]:
        """The reply to one decoded request."""
        if not isinstance(request, dict):
            return error_reply(None, "not_object", f"a request is a JSON object, not {_json_kind(request)}")
        ident = request.get("id")
        schema = _schema()
        if ident is not None and not schema.ident.is_valid(ident):
            return error_reply(
                None, "bad_field", f"id must be a string of at most {MAX_ID} characters or an integer"
            )
        try:
            kind = request.get("type")
            if "type" not in request:
                raise ProtocolError("missing_field", "a request needs the field type")
            if not isinstance(kind, str) or kind not in schema.requests:
                known = ", ".join(schema.requests)
                raise ProtocolError("unknown_type", f"unknown request type {_show(kind)} (known: {known})")
            if self.protocol is None and kind not in ("hello", "quit"):
                raise ProtocolError("no_handshake", "the session starts with hello (docs/protocol.md)")
            schema.check(kind, request)
            reply = getattr(self, f"_on_{kind}")(request)
        except ProtocolError as err:
            return error_reply(ident, err.code, err.message)
        except Exception as err:  # the session outlives any bug: report it, keep going
            return error_reply(ident, "internal", f"{type(err).__name__}: {err}")
        return {"type": reply.pop("type"), "id": ident, **reply}

    # -- the requests ---------------------------------------------------------------------------------
    def _on_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        common = sorted(set(request["protocols"]) & set(PROTOCOLS))
        if not common:
            raise ProtocolError(
                "unsupported_version",
                f"this engine speaks protocol {', '.join(map(str, PROTOCOLS))}, "
                f"not {', '.join(map(str, request['protocols']))}",
            )
        from bieten import __version__

        self.protocol = common[-1]
        return {
            "type": "hello",
            "protocol": self.protocol,
            "engine": "bieten",
            "version": __version__,
            "kinds": list(KINDS),
            # the presets chosen apart from the kind (a preset_apart family's; protocol v1 has one)
            "presets": [p for f in FAMILIES if f.preset_apart for p in f.presets],
            "agents": list(AGENTS),
            "max_line": self.max_line,
            "max_games": self.max_games,
        }

    def _table(self, request: Mapping[str, Any]) -> tuple[str, Table]:
        handle = request["game"]
        table = self.tables.get(handle)
        if table is None:
            known = ", ".join(self.tables) or "none"
            raise ProtocolError("unknown_game", f"no open game {_cut(handle)} (open: {known})")
        return handle, table

    def _open(self, table_of: Callable[[], Table]) -> dict[str, Any]:
        if len(self.tables) >= self.max_games:
            raise ProtocolError(
                "too_many_games", f"at most {self.max_games} games are open at once; close one"
            )
        table = table_of()
        self._opened += 1
        handle = f"g{self._opened}"
        self.tables[handle] = table
        return {"type": "game", "game": handle, **table.describe()}

    def _on_new(self, request: Mapping[str, Any]) -> dict[str, Any]:
        def make() -> Table:
            return Table.new(
                request["kind"],
                preset=request.get("preset"),
                rules=request.get("rules"),
                seed=request.get("seed"),
                dealer=request.get("dealer", 0),
                deal=request.get("deal"),
                top_card=request.get("top_card"),
            )

        return self._open(make)

    def _on_load(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return self._open(lambda: Table.load(request["record"]))

    def _on_state(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, table = self._table(request)
        return {"type": "game", "game": handle, **table.describe()}

    def _on_events(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, table = self._table(request)
        since = request.get("since", 0)
        events = table.events(request["seat"], since)
        return {
            "type": "events",
            "game": handle,
            "seat": request["seat"],
            "since": since,
            "next": int(table.game.event_count()),
            "events": events,
        }

    def _on_legal(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, table = self._table(request)
        return {"type": "legal", "game": handle, **table.legal(request.get("seat"))}

    def _on_apply(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, table = self._table(request)
        moved = table.apply(seat=request["seat"], ply=request["ply"], action=request["action"])
        return {"type": "applied", "game": handle, **moved}

    def _on_bot(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, table = self._table(request)
        moved = table.bot(
            seat=request["seat"],
            ply=request["ply"],
            agent=request["agent"],
            seed=request.get("seed"),
            budget=request.get("budget"),
            apply=request.get("apply", True),
        )
        if "state" not in moved:
            return {"type": "suggested", "game": handle, **moved}
        return {"type": "applied", "game": handle, **moved}

    def _on_save(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, table = self._table(request)
        return {"type": "saved", "game": handle, "family": table.family, "record": table.record()}

    def _on_close(self, request: Mapping[str, Any]) -> dict[str, Any]:
        handle, _table = self._table(request)
        del self.tables[handle]
        return {"type": "closed", "game": handle}

    def _on_list(self, request: Mapping[str, Any]) -> dict[str, Any]:
        games = [
            {"game": handle, "family": table.family, "players": table.players, "state": table.state()}
            for handle, table in self.tables.items()
        ]
        return {"type": "games", "games": games}

    def _on_quit(self, request: Mapping[str, Any]) -> dict[str, Any]:
        self.closed = True
        return {"type": "bye"}


def error_reply(ident: object, code: str, message: str) -> dict[str, Any]:
    """An ``error`` reply (docs/protocol.md, "Errors").

    >>> error_reply(3, "stale_ply", "R9: ...")
    {'type': 'error', 'id': 3, 'code': 'stale_ply', 'message': 'R9: ...'}

    A message that quotes a client's input at length (a game's reader may echo a whole field) is cut
    to ``MAX_ERROR_TEXT`` characters, with an ellipsis and its length.
    """
    if len(message) > MAX_ERROR_TEXT:
        message = f"{message[: MAX_ERROR_TEXT - 1]}… ({len(message):,} characters)"
    return {"type": "error", "id": ident, "code": code, "message": message}


def _quote(action: object) -> str:
    """An action as messages quote it, cut short if long."""
    text = str(action)
    return f"'{text}'" if len(text) <= 40 else f"'{text[:37]}...'"


def _cut(text: str, limit: int = 80) -> str:
    """A string quoted for a message, cut to ``limit`` characters with an ellipsis and its length."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 1]!r}… ({len(text):,} characters)"


def _show(value: object, limit: int = 60) -> str:
    """A value as JSON for a message, cut short if long."""
    text = json.dumps(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return "a number"
