"""One conformance suite over every game family, through the public API only (CONFORMANCE.md), in the
manner of OpenSpiel's RandomSimTest and pgx's api_test: the same checks run on Bieten (R1-R11) and on
Bauernschnapsen/Schnapsen (S1-S12), parametrized by the table FAMILIES below.

Over seeded random games of several presets and knobs of each family:

- every applied action comes from ``legal_actions()``, whose ids, texts and ``legal_action_mask()``
  agree; an action that is not legal raises ``IllegalActionError`` naming a rule of the family
  (R... or S...) and leaves the state exactly as it was (``to_json`` before == after);
- a clone, and a ``from_json(to_json())`` copy made at a random point, continue identically to the
  end (same legal actions, events, scores, winners);
- ``observation(seat)`` has the documented size; every event of the full stream and of every seat's
  ``events_for`` validates against the family's shipped JSON Schema, each view is the full stream
  with hidden fields nulled, and ``seq``/``hand`` count as documented;
- no view leaks a hidden card: ``events_for(seat)`` names no card another seat holds (``hands``)
  unless every seat's view names it; and in two games that differ only in two cards hidden from a
  seat (built with a given deal), that seat's ``events_for`` and ``observation`` are identical until
  one of the two cards shows in the game or the rules make the turn order differ;
- the game ends with winners consistent with the scores and the rules' target, and bummerl the seats
  of lowest total;
- ``bieten.simulate`` gives identical results on 1, 2, 3 and 8 threads, and ``bieten.VectorEnv``
  steps identically on 1, 2 and 3 threads (and on 1 and 2 with opponents);
- (hypothesis) for any seed and ply, a restored game and a clone are equal and continue identically.

The default run is bounded (a few hundred games per family); ``BIETEN_SLOW=1`` runs the sweep marked
``slow`` with many more. Rule-specific behaviour stays in the per-game folders (bieten/test_game_rules.py,
schnapsen/test_schnapsen_rules.py, test_events_schema.py, schnapsen/test_schnapsen_events.py, ...).
"""

from __future__ import annotations

import importlib.resources
import itertools
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

import bieten
from bieten import schnapsen

SLOW = os.environ.get("BIETEN_SLOW") == "1"
slow = pytest.mark.skipif(not SLOW, reason="set BIETEN_SLOW=1 for the full sweep")


# ------------------------------------------------------------------------------------ the families


def _winner_list(game: Any) -> list[int]:
    """The winning seats as a list (both games' ``winners``; Bieten's has one seat, R8.2)."""
    return list(game.winners)


# Each family's first deal as data, for games that differ only in cards hidden from one seat: the deal
# of a seed, the places of the cards another seat may not see, and the game from a deal. A place is
# ("hand", seat, index), or ("undealt", index) for Bieten, ("stock", index) for Schnapsen.
Place = tuple[Any, ...]

# Bieten's 33 cards (R1.3), in id order.
BIETEN_PACK = [str(bieten.Card(i)) for i in range(33)]


def _bieten_deal(rules: Any, seed: int, dealer: int) -> dict[str, Any]:
    """The first hand of ``seed`` (R3, without cut-steal) and, where the rules show one (R3.8), a top card
    that nobody holds."""
    hands = bieten.deal(seed, rules, hand=0, dealer=dealer)
    dealt = {c for h in hands for c in h}
    undealt = [c for c in BIETEN_PACK if c not in dealt]
    top = undealt.pop(seed % len(undealt)) if rules.show_top_card else None
    return {"hands": hands, "top_card": top, "undealt": undealt}


def _bieten_places(rules: Any, deal: dict[str, Any], viewer: int) -> list[Place]:
    others = [s for s in range(rules.players) if s != viewer]
    places: list[Place] = [("hand", s, i) for s in others for i in range(rules.hand_size)]
    return places + [("undealt", i) for i in range(len(deal["undealt"]))]


def _bieten_game(rules: Any, seed: int, dealer: int, deal: dict[str, Any]) -> Any:
    return bieten.Game(rules, seed=seed, dealer=dealer, deal=deal["hands"], top_card=deal["top_card"])


def _schnapsen_deal(rules: Any, seed: int, dealer: int) -> dict[str, Any]:
    return dict(schnapsen.deal(seed, rules, hand=0, dealer=dealer))


def _schnapsen_places(rules: Any, deal: dict[str, Any], viewer: int) -> list[Place]:
    places: list[Place] = [("hand", s, i) for s in range(rules.players) if s != viewer for i in range(5)]
    return places + [("stock", i) for i in range(len(deal["stock"]))]


def _schnapsen_game(rules: Any, seed: int, dealer: int, deal: dict[str, Any]) -> Any:
    return schnapsen.Game(rules, seed=seed, dealer=dealer, deal=deal)


def _slot(deal: dict[str, Any], place: Place) -> tuple[list[str], int]:
    if place[0] == "hand":
        return deal["hands"][place[1]], place[2]
    return deal[place[0]], place[1]


def swapped(deal: dict[str, Any], one: Place, other: Place) -> tuple[dict[str, Any], set[str]]:
    """A copy of ``deal`` with the cards at two places exchanged, and the two cards."""
    copy: dict[str, Any] = json.loads(json.dumps(deal))
    (xs, i), (ys, j) = _slot(copy, one), _slot(copy, other)
    xs[i], ys[j] = ys[j], xs[i]
    return copy, {xs[i], ys[j]}


@dataclass(frozen=True)
class Family:
    """One game family as the suite sees it (to be pointed at python/bieten's registry of families)."""

    name: str
    package: ModuleType  # Rules, Game, IllegalActionError, NUM_ACTIONS, OBSERVATION_SIZE, action_text, deal
    rule_prefix: str  # its rulebook's rule ids: "R" (docs/rules/bieten.md) or "S" (docs/rules/schnapsen.md)
    schema: str  # its events' JSON Schema in its package, bieten/<name>/
    vector_game: str  # bieten.VectorEnv's name for it
    configs: tuple[tuple[str, dict[str, Any]], ...]  # presets and knobs the random sweeps play
    first_deal: Callable[[Any, int, int], dict[str, Any]]  # (rules, seed, dealer) -> the first deal
    hidden_places: Callable[[Any, dict[str, Any], int], list[Place]]  # (rules, deal, seat): hidden from it
    from_deal: Callable[[Any, int, int, dict[str, Any]], Any]  # (rules, seed, dealer, deal) -> a game
    not_actions: tuple[str, ...]  # texts that are no action of the family

    def rules(self, preset: str, knobs: dict[str, Any]) -> Any:
        return self.package.Rules.preset(preset, **knobs)

    @property
    def game(self) -> Any:
        return self.package.Game

    def action_texts(self) -> list[str]:
        return [self.package.action_text(i) for i in range(self.package.NUM_ACTIONS)]


FAMILIES = (
    Family(
        name="bieten",
        package=bieten,
        rule_prefix="R",
        schema="events-v2.json",
        vector_game="bieten",
        configs=(
            ("tyrol", {}),
            ("bavaria", {"players": 2, "hand_size": 4, "target": 7}),
            ("welibieten", {"players": 3}),
            ("spitzbieten", {"players": 5, "hand_size": 4, "target": 7}),
            ("south_tyrol", {}),
            ("south_tyrol", {"players": 3, "hand_size": 4, "reraise": False}),
            ("tyrol", {"players": 2, "overbid": "gespannt", "ties": "no_point", "target": 5}),
            ("bavaria", {"players": 5, "overbid": "none", "weli_point": False, "target": 9}),
        ),
        first_deal=_bieten_deal,
        hidden_places=_bieten_places,
        from_deal=_bieten_game,
        not_actions=("", "jump", "play", "play XY", "bid weli", "play HA as", "play H6", "steal now"),
    ),
    Family(
        name="schnapsen",
        package=schnapsen,
        rule_prefix="S",
        schema="events-v1.json",
        vector_game="schnapsen",
        configs=(
            ("bauernschnapsen", {}),
            ("bauernschnapsen_called", {}),
            ("bauernschnapsen_2", {}),
            ("schnapsen", {}),
            ("bauernschnapsen", {"knock": False, "retour": True, "must_head": "always", "target": 41}),
            ("schnapsen", {"closing": False, "claim": "automatic", "must_head": "contracts", "target": 4}),
        ),
        first_deal=_schnapsen_deal,
        hidden_places=_schnapsen_places,
        from_deal=_schnapsen_game,
        not_actions=("", "jump", "play", "trump X", "meld", "call", "exchange now"),
    ),
)
FAMILY_IDS = [f.name for f in FAMILIES]
CONFIGS = [(f, preset, knobs) for f in FAMILIES for preset, knobs in f.configs]


def _config_id(config: tuple[Family, str, dict[str, Any]]) -> str:
    family, preset, knobs = config
    return "-".join([family.name, preset, *(f"{k}={v}" for k, v in knobs.items())])


CONFIG_IDS = [_config_id(c) for c in CONFIGS]

# Games per config of the random sweep: 8 Bieten and 6 Schnapsen configs give a few hundred games per
# family by default, ten times more with BIETEN_SLOW=1.
GAMES_PER_CONFIG = 30
SLOW_GAMES_PER_CONFIG = 300


# ------------------------------------------------------------------------------------ helpers


def _validator(family: Family) -> Draft202012Validator:
    text = (importlib.resources.files(f"bieten.{family.name}") / family.schema).read_text(encoding="utf-8")
    schema = json.loads(text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


VALIDATORS = {f.name: _validator(f) for f in FAMILIES}


def state(game: Any) -> tuple[Any, ...]:
    """What the public API shows of a game, without the event list (cheap enough for every step)."""
    return (
        game.legal_action_ids(),
        game.current_player,
        game.hands,
        game.scores,
        game.hand_number,
        game.dealer,
        game.is_over,
        _winner_list(game),
        game.bummerl,
        game.event_count(),
    )


def full_state(game: Any) -> tuple[Any, ...]:
    return (*state(game), game.to_json(), [e.to_dict() for e in game.events])


def rule_cited(family: Family, message: str) -> bool:
    """Whether an error message names a rule of the family, e.g. "R4.1: ..." or "(S6.3)"."""
    return re.search(rf"\b{family.rule_prefix}\d+(\.\d+)?\b", message) is not None


def card_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from card_strings(item)


def is_redaction(shown: Any, real: Any) -> bool:
    """Whether a view's value is the full stream's value with hidden parts replaced by null."""
    if shown == real or shown is None:
        return True
    if isinstance(shown, list) and isinstance(real, list) and len(shown) == len(real):
        return all(is_redaction(s, r) for s, r in zip(shown, real, strict=True))
    return False


# ------------------------------------------------------------------------------ the random sweep


def check_step(family: Family, game: Any, texts: list[str]) -> list[int]:
    """Checks of one position that need no stepping; returns the legal ids."""
    ids: list[int] = game.legal_action_ids()
    actions = game.legal_actions()
    assert [a.id for a in actions] == ids and ids == sorted(set(ids))
    assert [str(a) for a in actions] == [texts[i] for i in ids]
    mask = game.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (family.package.NUM_ACTIONS,)
    assert np.flatnonzero(mask).tolist() == ids
    players = game.rules.players
    if game.is_over:
        assert ids == [] and game.current_player is None
    else:
        assert ids, "legal actions are non-empty until the game is over"
        assert game.current_player in range(players)
        assert _winner_list(game) == [] and game.bummerl == []
    return ids


def check_refusals(family: Family, game: Any, ids: list[int], rng: random.Random) -> None:
    """Illegal ids, texts of illegal actions and texts that are no action at all raise
    IllegalActionError naming a rule of the family, and change nothing."""
    texts = family.action_texts()
    illegal = [i for i in range(family.package.NUM_ACTIONS) if i not in set(ids)]
    probes: list[Any] = [rng.choice(illegal), texts[rng.choice(illegal)], rng.choice(family.not_actions)]
    probes.append(rng.choice([-1, family.package.NUM_ACTIONS, 10**9]))
    before = game.to_json()
    light = state(game)
    for probe in probes:
        with pytest.raises(family.package.IllegalActionError) as refused:
            game.apply(probe)
        assert isinstance(refused.value, ValueError)
        assert rule_cited(family, str(refused.value)), (probe, str(refused.value))
    if not game.is_over:  # a legal action by a seat not to act
        other = (game.current_player + 1) % game.rules.players
        with pytest.raises(family.package.IllegalActionError) as refused:
            game.apply(texts[ids[0]], seat=other)
        assert rule_cited(family, str(refused.value)), str(refused.value)
    assert game.to_json() == before and state(game) == light


def check_end(family: Family, game: Any) -> None:
    """The game is over with winners at the target (S8.6/R8.2) and bummerl the lowest totals (R8.3)."""
    players, target = game.rules.players, game.rules.target
    scores = game.scores
    assert game.is_over and len(scores) == players
    winners = _winner_list(game)
    assert winners, "a finished game has a winner"
    assert winners == [s for s in range(players) if scores[s] >= target], (scores, winners, target)
    low = min(scores)
    assert game.bummerl == [s for s in range(players) if scores[s] == low]


def check_streams(family: Family, game: Any, validated: dict[str, set[str]], every_event: bool) -> None:
    """seq counts 0, 1, 2, ... in the full stream and in every seat's view; hand numbers step by one to
    the last; the last event is game_over; each view is the full stream with hidden values nulled; and
    the events validate against the family's schema: with ``every_event`` every distinct one (seq and
    hand aside, which the schema does not tie to the rest), else those of a type not validated yet."""
    validator = VALIDATORS[family.name]
    full = [e.to_dict() for e in game.events]
    players = game.rules.players
    views = [[e.to_dict() for e in game.events_for(seat)] for seat in range(players)]
    for name, stream in [("events", full)] + [(f"events_for({s})", v) for s, v in enumerate(views)]:
        assert [e["seq"] for e in stream] == list(range(len(stream))), name
        hands = [e["hand"] for e in stream]
        assert hands[0] == 0 and hands[-1] == game.hand_number, name
        assert all(b - a in (0, 1) for a, b in itertools.pairwise(hands)), name
        assert stream[-1]["type"] == "game_over" and [e["type"] for e in stream].count("game_over") == 1, name
        for event in stream:
            seen = validated.setdefault(event["type"], set())
            if seen and not every_event:
                continue
            key = json.dumps({**event, "seq": 0, "hand": 0}, sort_keys=True)
            if key in seen:
                continue
            error = best_match(validator.iter_errors(event))
            assert error is None, f"{name}: {event}: {error.message if error else ''}"
            seen.add(key)
    for seat, view in enumerate(views):
        assert len(view) == len(full)
        for mine, every in zip(view, full, strict=True):
            assert set(mine) == set(every), (seat, mine, every)
            for key, real in every.items():
                assert is_redaction(mine[key], real), (seat, key, mine, every)


def check_no_card_of_another_seat(game: Any) -> None:
    """events_for(seat) names no card that another seat holds now (game.hands) in the current hand,
    unless every seat's view names it too (a card played or shown to the table)."""
    players, hand = game.rules.players, game.hand_number
    views = [[e.to_dict() for e in game.events_for(seat)] for seat in range(players)]
    public: set[str] = set()
    for events in zip(*views, strict=True):
        if events[0]["hand"] == hand:
            public |= set.intersection(*(set(card_strings(list(e.values()))) for e in events))
    for seat in range(players):
        others = {c for o in range(players) if o != seat for c in game.hands[o]}
        for event in views[seat]:
            if event["hand"] == hand:
                leaked = (set(card_strings(list(event.values()))) & others) - public
                assert not leaked, (seat, event, leaked)


def play_checked_game(
    family: Family,
    rules: Any,
    seed: int,
    rng: random.Random,
    validated: dict[str, set[str]],
    every_event: bool,
) -> Any:
    game = family.game(rules, seed=seed)
    texts = family.action_texts()
    clone: Any = None  # a clone made at a random step, kept in lockstep
    restored: Any = None  # a from_json copy made at a random step, kept in lockstep
    observed = False
    steps = 0
    while True:
        ids = check_step(family, game, texts)
        if clone is not None:
            assert state(clone) == state(game)
        if restored is not None:
            assert state(restored) == state(game)
        if game.is_over:
            break
        if rng.random() < 0.05:
            check_refusals(family, game, ids, rng)
        if clone is None and rng.random() < 0.04:
            clone = game.clone()
            assert clone == game and full_state(clone) == full_state(game)
        if restored is None and rng.random() < 0.04:
            restored = family.game.from_json(game.to_json())
            assert full_state(restored) == full_state(game)
        if rng.random() < 0.05:
            check_no_card_of_another_seat(game)
        if not observed and rng.random() < 0.05:
            observed = True
            for seat in range(rules.players):
                obs = game.observation(seat)
                assert obs.dtype == np.float32 and obs.shape == (family.package.OBSERVATION_SIZE,)
        action = rng.choice(ids)
        form = rng.random()
        if form < 0.5:
            game.apply_id(action)
        elif form < 0.75:
            game.apply(texts[action])
        else:
            game.apply(game.legal_actions()[ids.index(action)], seat=game.current_player)
        assert game.history_ids()[-1] == action
        if clone is not None:
            clone.apply_id(action)
        if restored is not None:
            restored.apply(texts[action])
        steps += 1
        assert steps < 50_000
    check_end(family, game)
    for copy in (clone, restored, family.game.from_json(game.to_json())):
        if copy is not None:
            assert full_state(copy) == full_state(game)
    check_streams(family, game, validated, every_event)
    return game


def sweep(config: tuple[Family, str, dict[str, Any]], games: int, salt: str) -> None:
    family, preset, knobs = config
    rules = family.rules(preset, knobs)
    rng = random.Random(f"{salt}/{_config_id(config)}")
    validated: dict[str, set[str]] = {}
    last_hands = []
    for i in range(games):
        game = play_checked_game(family, rules, rng.randrange(2**64), rng, validated, SLOW or i < 2)
        last_hands.append(game.hand_number)
    assert max(last_hands) >= 1, "some game runs past its first hand"
    assert sum(len(v) for v in validated.values()) > 20


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_random_games_keep_every_api_invariant(config: tuple[Family, str, dict[str, Any]]) -> None:
    sweep(config, GAMES_PER_CONFIG, "default")


@slow
@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_random_games_keep_every_api_invariant_sweep(config: tuple[Family, str, dict[str, Any]]) -> None:
    sweep(config, SLOW_GAMES_PER_CONFIG, "slow")


# A card that is not in the family's pack, in the texts of its actions.
OUTSIDE_THE_PACK = {"bieten": ("play H6", "play HA as H6"), "schnapsen": ("play H9", "play S6", "call H9")}


@pytest.mark.parametrize("family", FAMILIES, ids=FAMILY_IDS)
def test_an_action_naming_a_card_outside_the_pack_is_an_illegal_action(family: Family) -> None:
    preset, knobs = family.configs[0]
    game = family.game(family.rules(preset, knobs), seed=3)
    before = game.to_json()
    for text in OUTSIDE_THE_PACK[family.name]:
        with pytest.raises(family.package.IllegalActionError) as refused:
            game.apply(text)
        assert rule_cited(family, str(refused.value)), str(refused.value)
        assert game.to_json() == before


# ------------------------------------------------------------------------------ no hidden card leaks


def names_any(event: dict[str, Any], cards: set[str]) -> bool:
    return any(c in cards for c in card_strings(list(event.values())))


def lockstep(a: Any, b: Any, viewer: int, hidden: set[str], rng: random.Random) -> int:
    """Drives games ``a`` and ``b``, which differ only in the two ``hidden`` cards' places, with the same
    actions (legal in both) and asserts that ``viewer``'s events_for and observation are identical,
    until an event after the deal names one of the two cards in either game (a card played, shown,
    drawn or dealt later: from then on the viewer may know it), the seat to act or the phase differ
    (the rules make that public), or the game ends. Returns the number of actions compared."""
    start = a.event_count()
    assert b.event_count() == start
    steps = 0
    while True:
        full_a, full_b = [e.to_dict() for e in a.events], [e.to_dict() for e in b.events]
        shown = [i for f in (full_a, full_b) for i in range(start, len(f)) if names_any(f[i], hidden)]
        cut = min(shown, default=None)
        view_a = [e.to_dict() for e in a.events_for(viewer)]
        view_b = [e.to_dict() for e in b.events_for(viewer)]
        if cut is not None:
            assert view_a[:cut] == view_b[:cut], f"seat {viewer} sees a difference in {hidden}"
            return steps
        assert view_a == view_b, f"seat {viewer} sees a difference in {hidden}"
        if a.is_over:
            return steps
        if (a.current_player, a.phase) != (b.current_player, b.phase):
            # Who is asked may depend on hidden cards by the rules, and is then public (R7.1: a seat that
            # could open no bid is not asked; R7.6: nor one who may not raise).
            return steps
        assert np.array_equal(a.observation(viewer), b.observation(viewer)), f"seat {viewer}: observation"
        both = sorted(set(a.legal_action_ids()) & set(b.legal_action_ids()))
        if not both:  # the seat to act must show a hidden card in one of the games
            return steps
        action = rng.choice(both)
        a.apply_id(action)
        b.apply_id(action)
        steps += 1


def check_hidden_swaps(config: tuple[Family, str, dict[str, Any]], trials: int) -> None:
    family, preset, knobs = config
    rules = family.rules(preset, knobs)
    rng = random.Random(f"swap/{_config_id(config)}")
    compared = 0
    for trial in range(trials):
        seed, viewer, dealer = rng.randrange(2**64), trial % rules.players, rng.randrange(rules.players)
        deal = family.first_deal(rules, seed, dealer)
        places = family.hidden_places(rules, deal, viewer)
        one = rng.choice([p for p in places if p[0] == "hand"])  # another seat's card, swapped with a card
        other = rng.choice([p for p in places if p[:2] != one[:2]])  # not in that seat's hand
        changed, hidden = swapped(deal, one, other)
        a, b = family.from_deal(rules, seed, dealer, deal), family.from_deal(rules, seed, dealer, changed)
        assert a.to_json() != b.to_json()  # the records keep the given deals
        compared += lockstep(a, b, viewer, hidden, rng)
    assert compared >= trials, "the games are compared beyond the deal"


SWAP_TRIALS = 25
SLOW_SWAP_TRIALS = 600


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_a_seat_sees_nothing_of_cards_hidden_from_it(config: tuple[Family, str, dict[str, Any]]) -> None:
    """R4.4/S12: two games that differ only in two cards hidden from a seat (in other seats' hands, the
    undealt cards or the stock) look the same to it until one of the two cards shows."""
    check_hidden_swaps(config, SWAP_TRIALS)


@slow
@pytest.mark.slow
@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_a_seat_sees_nothing_of_hidden_cards_sweep(config: tuple[Family, str, dict[str, Any]]) -> None:
    check_hidden_swaps(config, SLOW_SWAP_TRIALS)


def test_the_swap_check_notices_a_difference_the_seat_may_see() -> None:
    """A self-check of lockstep: swapping one of the viewer's own cards shows at once (R4.4/S12: a seat
    sees its own cards), so claiming the two cards hidden fails the comparison in both families."""
    for family in FAMILIES:
        preset, knobs = family.configs[0]
        rules = family.rules(preset, knobs)
        deal = family.first_deal(rules, 5, 0)
        changed, _ = swapped(deal, ("hand", 0, 0), ("hand", 1, 0))
        a, b = family.from_deal(rules, 5, 0, deal), family.from_deal(rules, 5, 0, changed)
        with pytest.raises(AssertionError, match="seat 0 sees a difference"):
            lockstep(a, b, 0, {"nothing"}, random.Random(5))


# ------------------------------------------------------------------- simulate and VectorEnv threads


def winner_rows(result: Any, players: int) -> npt.NDArray[np.bool_]:
    """Each game's winners as a row of bools: Bieten's results name one winner, Schnapsen's a row."""
    rows: npt.NDArray[np.bool_]
    if hasattr(result, "winners"):
        rows = np.asarray(result.winners, dtype=np.bool_)
    else:
        rows = np.asarray(result.winner)[:, None] == np.arange(players)[None, :]
    return rows


SIMULATED_GAMES = 120


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_simulate_is_the_same_on_1_2_3_and_8_threads(config: tuple[Family, str, dict[str, Any]]) -> None:
    """R3.2/S3: game i of a run is seeded from the run's seed alone, so the thread count changes nothing;
    every game ends with winners at the target and bummerl at the lowest total (R8.2, R8.3, S8.6)."""
    family, preset, knobs = config
    rules = family.rules(preset, knobs)
    agents = ["heuristic"] + ["random"] * (rules.players - 1)
    one = bieten.simulate(rules, agents, games=SIMULATED_GAMES, seed=5, threads=1)
    for threads in (2, 3, 8):
        assert bieten.simulate(rules, agents, games=SIMULATED_GAMES, seed=5, threads=threads) == one
    n = SIMULATED_GAMES
    assert np.array_equal(one.game_index, np.arange(n, dtype=np.uint64))
    assert one.scores.shape == one.bummerl.shape == (n, rules.players) and one.scores.dtype == np.int16
    assert one.bummerl.dtype == np.bool_ and getattr(one, "winners", one.bummerl).dtype == np.bool_
    assert one.hands.shape == one.actions.shape == (n,)
    assert one.agents == tuple(agents) and one.rules == rules and one.shard == (0, 1)
    scores = one.scores.astype(np.int64)
    assert np.array_equal(winner_rows(one, rules.players), scores >= rules.target)
    assert np.array_equal(one.bummerl, scores == scores.min(axis=1, keepdims=True))


def random_actions(masks: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A uniformly random legal id per row."""
    noise = rng.random(masks.shape)
    return np.asarray(np.argmax(np.where(masks, noise, -1.0), axis=1), dtype=np.int64)


def vector_trace(env: bieten.VectorEnv, steps: int) -> list[npt.NDArray[Any]]:
    rng = np.random.default_rng(1)
    _, masks, _ = env.reset()
    trace: list[npt.NDArray[Any]] = []
    for _ in range(steps):
        obs, masks, seats, rewards, terminated = env.step(random_actions(masks, rng))
        trace += [obs.copy(), masks.copy(), seats.copy(), rewards.copy(), terminated.copy()]
    trace += [env.final_observations.copy(), env.final_scores.copy(), env.episodes.copy()]
    return trace


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_vector_env_steps_the_same_on_1_2_and_3_threads(config: tuple[Family, str, dict[str, Any]]) -> None:
    """Every buffer of every step is identical for 1, 2 and 3 threads with every seat learning, and for
    1 and 2 threads with heuristic opponents around a rotating learner."""
    family, preset, knobs = config
    rules = family.rules(preset, knobs)
    for options, threads, steps in (
        ({}, (2, 3), 120),
        ({"opponents": "heuristic", "learner_seat": "rotate"}, (2,), 60),
    ):

        def trace(t: int, options: dict[str, Any] = options, steps: int = steps) -> list[npt.NDArray[Any]]:
            env = bieten.VectorEnv(family.vector_game, rules, num_envs=24, seed=9, threads=t, **options)
            return vector_trace(env, steps)

        one = trace(1)
        for t in threads:
            other = trace(t)
            assert len(one) == len(other)
            for a, b in zip(one, other, strict=True):
                assert a.dtype == b.dtype and np.array_equal(a, b)
        if not options:  # every seat's actions are random here: some episode ends within the steps
            assert sum(int(terminated.sum()) for terminated in one[4:-3:5]) > 0


def test_the_card_check_notices_a_seat_shown_another_seats_hand() -> None:
    """A self-check of check_no_card_of_another_seat: a game whose seat 0 is shown seat 1's view fails it."""

    class ShowsSeat1ToSeat0:
        def __init__(self, game: Any) -> None:
            self.game = game

        def __getattr__(self, name: str) -> Any:
            return getattr(self.game, name)

        def events_for(self, seat: int) -> Any:
            return self.game.events_for(1 if seat == 0 else seat)

    for family in FAMILIES:
        preset, knobs = family.configs[0]
        game = family.game(family.rules(preset, knobs), seed=5)
        rng = random.Random(5)
        while not all(game.hands):  # (Schnapsen deals after the cut or knock)
            game.apply_id(rng.choice(game.legal_action_ids()))
        check_no_card_of_another_seat(game)
        with pytest.raises(AssertionError):
            check_no_card_of_another_seat(ShowsSeat1ToSeat0(game))


# --------------------------------------------------------------------- property: any seed, any ply


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**64 - 1),
    plies=st.integers(0, 400),
    choices=st.randoms(use_true_random=False),
)
def test_a_game_restored_at_any_ply_is_equal_and_continues_identically(
    config: tuple[Family, str, dict[str, Any]], seed: int, plies: int, choices: random.Random
) -> None:
    """For any seed and any ply of a random game, from_json(to_json()) and clone() give games equal to
    it that continue identically to the end."""
    family, preset, knobs = config
    game = family.game(family.rules(preset, knobs), seed=seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.apply_id(choices.choice(game.legal_action_ids()))
    copies = [family.game.from_json(game.to_json()), game.clone()]
    assert all(c == game and full_state(c) == full_state(game) for c in copies)
    while not game.is_over:
        action = choices.choice(game.legal_action_ids())
        for g in (game, *copies):
            g.apply_id(action)
    assert all(full_state(c) == full_state(game) for c in copies)
    check_end(family, game)


def test_the_suite_covers_every_family_of_the_registry() -> None:
    """A game added to the registry (python/bieten/_families.py) is not conformant until this suite
    plays it: its table above must name the same families, with the registry's rule-id prefix."""
    from bieten import _families

    # every game with a package of its own; a game built only for the tests (tests/games/), which the
    # registry alone describes (bieten._generic), has no event schema or deal shape to check here
    packaged = [f for f in _families.FAMILIES if f.own_package]
    ours = [(f.name, f.rule_prefix) for f in FAMILIES]
    assert ours == [(f.name, f.rule_prefix) for f in packaged]
    assert [f.game for f in FAMILIES] == [f.game for f in packaged]
