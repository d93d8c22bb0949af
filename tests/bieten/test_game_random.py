"""Seeded random games through ``bieten.Game``, in the manner of OpenSpiel's basic tests.

Every preset x 2..5 players x 3- and 4-card hands: at every step a clone equals the original and
continues identically, legal actions are non-empty until the game ends and each of them applies,
random illegal actions are refused and change nothing, totals never fall, nobody's unplayed card
leaks through ``events_for``; at a few random steps ``to_json``/``from_json`` round-trips and the
copy continues identically. A differential test plays the same random games through ``bieten.Game``
and the independent pure-Python ``reference.game.RefGame`` and compares them at every step.

The default run is bounded; ``BIETEN_SLOW=1`` enables the larger sweep marked ``slow``.
"""

from __future__ import annotations

import itertools
import os
import random

import numpy as np
import pytest

import bieten

from reference.game import RefGame

PRESETS = bieten.Rules.PRESETS
NUM_ACTIONS = bieten.NUM_ACTIONS
ALL_TEXTS = [bieten.action_text(i) for i in range(NUM_ACTIONS)]
GARBAGE = [
    "",
    "   ",
    "jump",
    "play",
    "play XY",
    "play HA as",
    "bid",
    "bid weli",
    "three three",
    "play S6 as S6",
    "play HK as HA",
    "steal now",
]
CARD_KEYS = ("card", "hands")  # event fields that carry physical cards ("as" is a named identity)
PRIVATE_STEAL = ("card_seen", "card_stolen", "card_left")

# Actions that keep a hand calm (no bids, holds or raises), to make games run over more hands.
QUIET_IDS = {i for i, t in enumerate(ALL_TEXTS) if t.split()[0] in ("play", "pass", "good", "leave")}

slow = pytest.mark.skipif(os.environ.get("BIETEN_SLOW") != "1", reason="set BIETEN_SLOW=1 for the full sweep")

# Credit reasons of the engine's events and of RefGame.credits().
REASONS = {
    "unbid": "unbid",
    "conceded": "conceded",
    "held": "stands",
    "raise_conceded": "raise conceded",
    "held_three": "stands at 3",
    "weli_point": "weli point",
}
# Why a credit is void: credit_void's reason and RefGame.settlement()'s (R6.5, R6.6/R7.7, R8.2).
VOIDS = {"tie": "tie", "unheld": "unheld", "game_over": "game over"}


# ------------------------------------------------------------------------------ helpers


def light_state(g: bieten.Game) -> tuple:
    """Everything observable but the event list and the JSON text (cheap, for every step)."""
    return (
        g.legal_action_ids(),
        g.current_player,
        g.hands,
        g.unplayed,
        g.scores,
        g.hand_number,
        g.dealer,
        g.is_over,
        g.winner,
        g.bummerl,
        g.top_card,
        g.event_count(),
        g.history_ids(),
    )


def full_state(g: bieten.Game) -> tuple:
    return (*light_state(g), g.to_json(), [e.to_dict() for e in g.events])


def card_strings(value) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [c for item in value for c in card_strings(item)]


def check_privacy(g: bieten.Game) -> None:
    """events_for(seat) shows no other seat's unplayed card and none of the cutter's secrets (R3.7)."""
    n = g.rules.players
    full = [e.to_dict() for e in g.events]
    dealt: dict[int, list[list[str]]] = {}
    public: dict[int, set[str]] = {}
    seen: dict[int, tuple[int, set[str]]] = {}
    for d in full:
        h = d["hand"]
        public.setdefault(h, set())
        if d["type"] == "hand_dealt":
            dealt[h] = d["hands"]
        elif d["type"] == "card_played" or d["type"] == "top_card_shown":
            public[h].add(d["card"])
        elif d["type"] in PRIVATE_STEAL:
            cutter, cards = seen.setdefault(h, (d["seat"], set()))
            assert cutter == d["seat"]
            cards.add(d["card"])
    by_seq = {d["seq"]: d for d in full}
    for seat in range(n):
        for d in (e.to_dict() for e in g.events_for(seat)):
            assert by_seq[d["seq"]]["type"] == d["type"]
            h = d["hand"]
            allowed = set(public.get(h, ()))
            if h in dealt:
                allowed |= set(dealt[h][seat])
            if h in seen and seen[h][0] == seat:
                allowed |= seen[h][1]
            if d["type"] in PRIVATE_STEAL and seen[h][0] != seat:
                assert d["card"] is None, (seat, d)
            if d["type"] == "hand_dealt":
                assert d["hands"][seat] == dealt[h][seat]
            for key in CARD_KEYS:
                leaked = [c for c in card_strings(d.get(key)) if c not in allowed]
                assert not leaked, (seat, d, leaked)


def check_static(g: bieten.Game) -> None:
    """Checks that need no stepping: legal actions, mask, observation, end of game."""
    ids = g.legal_action_ids()
    mask = g.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,)
    assert np.flatnonzero(mask).tolist() == ids
    assert [a.id for a in g.legal_actions()] == ids
    assert [str(a) for a in g.legal_actions()] == [ALL_TEXTS[i] for i in ids]
    n = g.rules.players
    for seat in range(n):
        obs = g.observation(seat)
        assert obs.dtype == np.float32 and obs.shape == (bieten.OBSERVATION_SIZE,)
    target = g.rules.target
    if g.is_over:
        assert ids == [] and g.current_player is None
        assert g.winner is not None and g.scores[g.winner] >= target
        assert sum(s >= target for s in g.scores) == 1  # the game stops at the first to reach it
        low = min(g.scores)
        assert g.bummerl == [s for s in range(n) if g.scores[s] == low]
    else:
        assert ids, "legal actions are non-empty until the game is over"
        assert g.current_player in range(n)
        assert g.winner is None and g.bummerl == []
        assert max(g.scores) < target


def check_refusals(g: bieten.Game, rng: random.Random, full: bool) -> None:
    """Random illegal actions (ids, texts, garbage) raise IllegalActionError and change nothing."""
    legal_ids = set(g.legal_action_ids())
    illegal_ids = [i for i in range(NUM_ACTIONS) if i not in legal_ids]
    probes: list[object] = [rng.choice(illegal_ids) for _ in range(2)]
    probes += [ALL_TEXTS[rng.choice(illegal_ids)], rng.choice(GARBAGE), rng.choice([-1, NUM_ACTIONS, 10**9])]
    before = full_state(g) if full else light_state(g)
    for probe in probes:
        with pytest.raises(bieten.IllegalActionError):
            g.apply(probe)
        if isinstance(probe, int) and 0 <= probe < NUM_ACTIONS:
            with pytest.raises(bieten.IllegalActionError):
                g.apply_id(probe)
    if not g.is_over:  # a legal action from a seat not to act (R9)
        other = (g.current_player + 1) % g.rules.players
        with pytest.raises(bieten.IllegalActionError):
            g.apply(ALL_TEXTS[min(legal_ids)], seat=other)
    assert (full_state(g) if full else light_state(g)) == before


def play_checked_game(
    rules: bieten.Rules, seed: int, rng: random.Random, json_checks: int = 3, calm: float = 0.0
) -> bieten.Game:
    """Plays one random game, checking at every step. With probability `calm` a step picks among
    the quiet actions only (play, pass, good, leave), so that games run over more hands."""
    g = bieten.Game(rules, seed=seed)
    n, target = rules.players, rules.target
    shadow = g.clone()  # a clone made at some step, kept in lockstep
    restored: bieten.Game | None = None  # a from_json copy, kept in lockstep
    scores = g.scores
    hand = 0
    steps = 0
    while True:
        check_static(g)
        clone = g.clone()
        assert clone == g and light_state(clone) == light_state(g)
        assert light_state(shadow) == light_state(g) and shadow == g
        if restored is not None:
            assert light_state(restored) == light_state(g) and restored == g
        # Totals never fall; a new hand follows the old one, the deal passing left (R2.2).
        assert all(a <= b for a, b in zip(scores, g.scores, strict=True)) and len(g.scores) == n
        scores = g.scores
        if g.hand_number != hand:
            assert g.hand_number == hand + 1 and not g.is_over
            hand = g.hand_number
            assert g.dealer == (g.first_dealer + hand) % n
            if not rules.cut_steal:
                assert g.hands == bieten.deal(seed, rules, hand=hand, dealer=g.dealer)
            check_privacy(g)
        if g.is_over:
            break
        ids = g.legal_action_ids()
        if rng.random() < 0.25:  # every legal action applies (on clones)
            for a in ids:
                c = g.clone()
                c.apply_id(a)
                assert c.history_ids()[-1] == a
        if rng.random() < 0.2:
            check_refusals(g, rng, full=rng.random() < 0.2)
        if rng.random() < 0.05:
            check_privacy(g)
        if json_checks and rng.random() < 0.06:
            json_checks -= 1
            restored = bieten.Game.from_json(g.to_json())
            assert full_state(restored) == full_state(g)
        if rng.random() < 0.02:
            shadow = g.clone()
        quiet = [a for a in ids if a in QUIET_IDS]
        action = rng.choice(quiet if quiet and rng.random() < calm else ids)
        form = rng.random()
        if form < 0.6:
            g.apply_id(action)
        elif form < 0.8:
            g.apply(ALL_TEXTS[action].upper())
        else:
            g.apply(g.legal_actions()[ids.index(action)], seat=g.current_player)
        shadow.apply_id(action)
        if restored is not None:
            restored.apply(ALL_TEXTS[action])
        steps += 1
        assert steps < 50_000
    assert g.scores[g.winner] >= target
    assert full_state(shadow) == full_state(g)
    if restored is not None:
        assert full_state(restored) == full_state(g)
    check_privacy(g)
    assert full_state(bieten.Game.from_json(g.to_json())) == full_state(g)
    # The credits add up to the totals; the game-ending credit goes to the winner (R8.2).
    credited = [e.to_dict() for e in g.events if e.type == "figure_credited"]
    for seat in range(n):
        assert sum(d["points"] for d in credited if d["seat"] == seat) == g.scores[seat]
    assert credited[-1]["seat"] == g.winner
    return g


# -------------------------------------------------------------------- random simulation


@pytest.mark.parametrize("hand_size", [3, 4])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_keep_every_invariant(preset, players, hand_size):
    rng = random.Random(f"{preset}/{players}/{hand_size}")
    for target, calm in ((11, 0.0), (11, 0.9), (5, 0.5)):
        rules = bieten.Rules.preset(preset, players=players, hand_size=hand_size, target=target)
        play_checked_game(rules, rng.randrange(2**64), rng, calm=calm)


@pytest.mark.parametrize("preset", PRESETS)
def test_random_game_to_default_target_with_given_dealer_and_deal(preset):
    rules = bieten.Rules.preset(preset, players=3)
    base = bieten.Game(bieten.Rules.preset(preset, players=3, cut_steal=False), seed=11)
    deal = base.hands
    top = None
    if rules.show_top_card:
        dealt = {c for h in deal for c in h}
        top = next(t for t in ("HA", "LA", "SA", "EA") if t not in dealt)
    g = bieten.Game(rules, seed=12, deal=deal, dealer=2, top_card=top)
    rng = random.Random(preset)
    restored = bieten.Game.from_json(g.to_json())
    assert restored == g and restored.hands == deal and restored.dealer == 2
    while not g.is_over:
        check_static(g)
        g.apply_id(rng.choice(g.legal_action_ids()))
    check_privacy(g)
    again = bieten.Game.from_json(g.to_json())
    assert full_state(again) == full_state(g)


@slow
@pytest.mark.slow
@pytest.mark.parametrize("hand_size", [3, 4])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_keep_every_invariant_sweep(preset, players, hand_size):
    for index in range(6):
        rng = random.Random(f"sweep/{preset}/{players}/{hand_size}/{index}")
        target = rng.choice([1, 3, 11, 15])
        overbid = rng.choice(["strict", "gespannt", "none"])
        rules = bieten.Rules.preset(
            preset,
            players=players,
            hand_size=hand_size,
            target=target,
            reraise=rng.random() < 0.5,
            overbid=overbid,
        )
        play_checked_game(rules, rng.randrange(2**64), rng, json_checks=5, calm=rng.choice([0.0, 0.5, 0.9]))


# --------------------------------------------------------------- differential: RefGame


def engine_view(g: bieten.Game) -> tuple:
    return (
        sorted(str(a) for a in g.legal_actions()),
        g.current_player,
        g.hands,
        g.scores,
        g.hand_number,
        g.dealer,
        g.is_over,
        g.winner,
        g.bummerl,
    )


def reference_view(r: RefGame) -> tuple:
    return (
        sorted(r.legal_actions()),
        r.current_player,
        r.hands,
        list(r.scores),
        r.hand_number,
        r.dealer,
        r.is_over,
        r.winner,
        list(r.bummerl),
    )


def engine_credits(g: bieten.Game) -> list[tuple]:
    return [
        (d["hand"], d["figure"], d["seat"], d["points"], REASONS[d["reason"]])
        for d in (e.to_dict() for e in g.events if e.type == "figure_credited")
    ]


def engine_settlement(g: bieten.Game) -> list[tuple]:
    """Every credit of R8.1, paid (figure_credited) or void (credit_void), in the order of the events."""
    out = []
    for d in (e.to_dict() for e in g.events if e.type in ("figure_credited", "credit_void")):
        if d["type"] == "figure_credited":
            out.append((d["hand"], d["figure"], d["seat"], d["points"], REASONS[d["reason"]], None))
        else:
            kind, void = REASONS[d["credit"]], VOIDS[d["reason"]]
            out.append((d["hand"], d["figure"], d["seat"], d["points"], kind, void))
    return out


def play_differential(rules: bieten.Rules, seed: int, rng: random.Random, calm: float) -> int:
    g = bieten.Game(rules, seed=seed)
    r = RefGame(rules.to_dict(), seed)
    steps = 0
    while True:
        mine, theirs = engine_view(g), reference_view(r)
        assert mine == theirs, f"step {steps} after {r.history[-8:]}"
        if g.is_over:
            break
        acts = mine[0]
        # Lean towards the quiet actions now and then, so that games run over many hands.
        quiet = [a for a in acts if a.split()[0] in ("play", "pass", "good", "leave")]
        action = rng.choice(quiet if quiet and rng.random() < calm else acts)
        g.apply(action)
        r.apply(action)
        steps += 1
    assert engine_credits(g) == r.credits()
    assert engine_settlement(g) == r.settlement()
    return steps


KNOBS = list(
    itertools.product([5, 11], [True, False], ["strict", "gespannt", "none"], ["suit_priority", "no_point"])
)


@pytest.mark.parametrize(("target", "reraise", "overbid", "ties"), KNOBS)
@pytest.mark.parametrize("preset", PRESETS)
def test_engine_agrees_with_reference_game(preset, target, reraise, overbid, ties):
    rng = random.Random(f"diff/{preset}/{target}/{reraise}/{overbid}/{ties}")
    for calm in (0.0, 0.5, 0.9):
        players, hand_size = rng.randint(2, 5), rng.choice([3, 4])
        rules = bieten.Rules.preset(
            preset,
            players=players,
            hand_size=hand_size,
            target=target,
            reraise=reraise,
            overbid=overbid,
            ties=ties,
        )
        play_differential(rules, rng.randrange(2**64), rng, calm)


@slow
@pytest.mark.slow
@pytest.mark.parametrize(("target", "reraise", "overbid", "ties"), KNOBS)
@pytest.mark.parametrize("preset", PRESETS)
def test_engine_agrees_with_reference_game_sweep(preset, target, reraise, overbid, ties):
    rng = random.Random(f"diff-sweep/{preset}/{target}/{reraise}/{overbid}/{ties}")
    for players, hand_size in itertools.product([2, 3, 4, 5], [3, 4]):
        for calm in (0.0, 0.5, 0.9):
            rules = bieten.Rules.preset(
                preset,
                players=players,
                hand_size=hand_size,
                target=target,
                reraise=reraise,
                overbid=overbid,
                ties=ties,
            )
            play_differential(rules, rng.randrange(2**64), rng, calm)


def test_a_game_made_with_record_false_plays_like_a_recording_one_and_refuses_its_record() -> None:
    """record=False (for search) keeps no events or actions; clones stay independent."""
    rules = bieten.Rules(players=3)
    recorded = bieten.Game(rules, seed=77)
    bare = bieten.Game(rules, seed=77, record=False)
    rng = random.Random(77)
    while not recorded.is_over:
        ids = recorded.legal_action_ids()
        assert bare.legal_action_ids() == ids
        choice = ids[rng.randrange(len(ids))]
        copy = bare.clone()
        recorded.apply_id(choice)
        bare.apply_id(choice)
        assert copy.ply == bare.ply - 1
    assert bare.scores == recorded.scores and bare.winner == recorded.winner
    calls = (lambda: bare.events, lambda: bare.events_for(0), lambda: bare.to_json(), lambda: bare.history)
    for call in calls:
        with pytest.raises(bieten.BietenError, match="record=False"):
            call()
