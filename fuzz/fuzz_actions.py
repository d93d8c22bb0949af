#!/usr/bin/env python3
"""Fuzzes the action entry points: Action from text, ids and odd values, and games driven by them:
Game(...) with odd seeds, dealers and given deals, then Game.apply (text, ids, Actions, with and without
seat and ply), apply_id, step, is_legal, why_illegal, legal_action_mask, observation and events_for with
odd seats, and clone / to_json / from_json part way through.

Only the documented errors may come out (IllegalActionError for a refused action, which changes
nothing, R9); anything else, or a broken invariant, is a crash.
Run: ``python fuzz/fuzz_actions.py fuzz/corpus/actions`` (see fuzz/README.md).
"""

from __future__ import annotations

import contextlib
import operator
import os
import random
import sys

import atheris
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # fuzz/_common.py, run as a script
from _common import ACTION_TEXTS, DECK, attempt, bieten, known_bug, run

# -- inputs --------------------------------------------------------------------------------------
ACTION_WORDS = [
    "play",
    "bid",
    "as",
    "good",
    "hold",
    "three",
    "pass",
    "steal",
    "leave",
    "red",
    "green",
    "gleich",
    "hanger",
    "spiel",
    "weli",
    "W",
    "Weli",
    "S6",
    "PLAY",
    "Bid",
    "As",
    "fold",
    "raise",
]
JUNK = [
    "",
    " ",
    "play",
    "play HA as",
    "play S6 as S6",
    "play HA as HK",
    "play S6 as",
    "bid",
    "bid red green",
    "bid weli",
    "good hold",
    "play\x00HA",
    "pl ay HA",
    "play\u00a0HA",
    "play HA\u2003",
    "\ud800",
    "play \udc00",
    "bid r\u00e9d",
    "g\u043e\u043ed",
    "play \uff2810",
    "play H10 as H10 as H10",
]
SPACES = [" ", "  ", "\t", "\n", "\r", "\x0b", "\x0c", " \t ", "\u00a0", "\u3000", "\x85", ""]
ODD_OBJECTS = [
    None,
    1.5,
    float("inf"),
    True,
    False,
    b"good",
    [],
    {},
    (),
    object(),
    np.int64(130),
    np.uint8(3),
    np.array([130]),
    np.array(129),
    bieten.Card("HA"),
    bieten.CardSet("HA"),
]
INTS = [
    0,
    1,
    32,
    33,
    128,
    129,
    133,
    134,
    139,
    140,
    -1,
    -140,
    2**31 - 1,
    2**31,
    -(2**31),
    -(2**31) - 1,
    2**63 - 1,
    2**63,
    -(2**63),
    -(2**63) - 1,
    2**64,
    10**40,
]


def mutate(fdp: atheris.FuzzedDataProvider, text: str) -> str:
    for _ in range(fdp.ConsumeIntInRange(0, 2)):
        how = fdp.ConsumeIntInRange(0, 5)
        at = fdp.ConsumeIntInRange(0, len(text))
        if how == 0:
            text = text[:at] + fdp.ConsumeUnicode(1) + text[at:]
        elif how == 1:
            text = text[:at] + text[at + 1 :]
        elif how == 2:
            text = text.swapcase()
        elif how == 3:
            text = text[:at] + fdp.PickValueInList(SPACES) + text[at:]
        elif how == 4:
            text = text[:at] + fdp.PickValueInList(ACTION_WORDS + DECK) + text[at:]
        else:
            text = fdp.PickValueInList(SPACES) + text + fdp.PickValueInList(SPACES)
    return text


def a_text(fdp: atheris.FuzzedDataProvider) -> str:
    how = fdp.ConsumeIntInRange(0, 5)
    if how == 0:
        return fdp.ConsumeUnicode(fdp.ConsumeIntInRange(0, 30))
    if how == 1:
        return fdp.PickValueInList(JUNK)
    if how == 2:  # words of the action language in any order
        words = [fdp.PickValueInList(ACTION_WORDS + DECK) for _ in range(fdp.ConsumeIntInRange(0, 5))]
        return fdp.PickValueInList(SPACES).join(words) if fdp.ConsumeBool() else " ".join(words)
    text = fdp.PickValueInList(ACTION_TEXTS)
    return mutate(fdp, text) if how == 3 else text


def an_int(fdp: atheris.FuzzedDataProvider) -> int:
    how = fdp.ConsumeIntInRange(0, 2)
    if how == 0:
        return fdp.PickValueInList(INTS)
    if how == 1:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 10))
    return fdp.ConsumeIntInRange(-2, bieten.NUM_ACTIONS + 1)


def an_action(fdp: atheris.FuzzedDataProvider) -> object:
    how = fdp.ConsumeIntInRange(0, 4)
    if how <= 1:
        return a_text(fdp)
    if how == 2:
        return an_int(fdp)
    if how == 3:
        return bieten.Action(fdp.ConsumeIntInRange(0, bieten.NUM_ACTIONS - 1))
    return fdp.PickValueInList(ODD_OBJECTS)


def _valid_rules() -> list[bieten.Rules]:
    out = []
    for name in bieten.Rules.PRESETS:
        for players in range(2, 6):
            for hand_size in (3, 4):
                out.append(bieten.Rules.preset(name, players=players, hand_size=hand_size, target=3))
    out += [bieten.Rules(ties="no_point", overbid="none", target=2), bieten.Rules(reraise=False, target=1)]
    out += [
        bieten.Rules.preset("spitzbieten", cut_steal=True, show_top_card=True, overbid="gespannt", target=2)
    ]
    return out


RULES = _valid_rules()


# -- the checks ----------------------------------------------------------------------------------
def check_action(fdp: atheris.FuzzedDataProvider) -> None:
    value = an_action(fdp)
    ok, action = attempt(lambda: bieten.Action(value), value, expected=bieten.ActionError)
    if not ok:
        return
    assert 0 <= action.id < bieten.NUM_ACTIONS, action.id
    assert str(action) == ACTION_TEXTS[action.id]
    assert bieten.Action(str(action)) == action and bieten.Action(action.id) == action
    assert bieten.Action(str(action).upper()) == action and bieten.Action(action) == action
    assert action.kind in ("play", "bid", "good", "hold", "three", "pass", "steal", "leave"), action.kind
    assert (action.card is not None) == (action.kind == "play")
    assert (action.figure is not None) == (action.kind == "bid")
    assert action.named is None or action.card is not None
    if isinstance(value, str):
        assert action == str(action), value


def a_game(fdp: atheris.FuzzedDataProvider) -> bieten.Game | None:
    """A new game from the fuzz input: usually fine, sometimes with an odd seed, dealer or deal."""
    rules = fdp.PickValueInList(RULES)
    seed: object = fdp.ConsumeIntInRange(0, 2**64 - 1)
    dealer: object = fdp.ConsumeIntInRange(0, rules.players - 1)
    deal: object = None
    top: object = None
    odd = fdp.ConsumeIntInRange(0, 9)
    if odd == 0:
        seed = fdp.PickValueInList([*INTS, *ODD_OBJECTS, "1"])
    elif odd == 1:
        dealer = fdp.PickValueInList([*INTS, *ODD_OBJECTS])
    elif odd in (2, 3):  # a given deal: another seed's, maybe changed
        deal = bieten.deal(fdp.ConsumeIntInRange(0, 2**64 - 1), rules)
        used = {c for hand in deal for c in hand}
        free = [c for c in DECK if c not in used]
        top = fdp.PickValueInList(free) if rules.show_top_card or fdp.ConsumeIntInRange(0, 3) == 0 else None
        if odd == 3:
            change = fdp.ConsumeIntInRange(0, 6)
            if change == 0:
                deal[fdp.ConsumeIntInRange(0, len(deal) - 1)][0] = fdp.PickValueInList(
                    [*DECK, "S6", "W", "XX", 40]
                )
            elif change == 1:
                deal.pop()
            elif change == 2:
                deal[0].append(fdp.PickValueInList(free))
            elif change == 3:
                top = fdp.PickValueInList([*DECK, *INTS, *ODD_OBJECTS])
            elif change == 4:
                deal = fdp.PickValueInList(["HA HK HO", "", *ODD_OBJECTS, [[]], [["HA"]] * rules.players])
            elif change == 5:
                deal = [" ".join(hand) for hand in deal]
            else:
                deal = [[fdp.PickValueInList([*DECK, *ODD_OBJECTS]) for _ in h] for h in deal]
    elif odd == 4:
        top = fdp.PickValueInList(DECK)
    inputs = (seed, dealer, deal, top)
    try:
        game = bieten.Game(rules, seed, deal=deal, dealer=dealer, top_card=top)
    except Exception as err:
        if not isinstance(err, bieten.BietenError) and not known_bug(err, *inputs):
            raise
        show_half_built(err)
        return None
    assert seed is None or game.seed == operator.index(seed)  # None: a random seed
    assert game.dealer == dealer and game.rules == rules
    if deal is not None:
        assert [bieten.CardSet(h) for h in game.hands] == [bieten.CardSet(h) for h in deal], deal
    return game


def show_half_built(err: Exception) -> None:
    """What an error reporter does with a refused Game(...): show the ``self`` of Game.__init__ in
    the traceback. That Game was half-built once, and showing it crashed the process (SIGSEGV)."""
    tb = err.__traceback__
    while tb is not None:
        candidate = tb.tb_frame.f_locals.get("self")
        if isinstance(candidate, bieten.Game):
            for show in (repr, lambda g: g.hands, lambda g: g.legal_action_ids()):
                with contextlib.suppress(Exception):  # any exception is fine, a crash is not
                    show(candidate)
        tb = tb.tb_next


def state(game: bieten.Game) -> tuple:
    """What an action may change; the legal ids last."""
    return (
        game.history_ids(),
        game.event_count(),
        game.scores,
        game.current_player,
        game.phase,
        game.hand_masks,
        game.unplayed_masks,
        game.hand_number,
        game.legal_action_ids(),
    )


def a_seat(fdp: atheris.FuzzedDataProvider, game: bieten.Game) -> object:
    how = fdp.ConsumeIntInRange(0, 3)
    if how == 0:
        return fdp.PickValueInList([*INTS, *ODD_OBJECTS])
    return fdp.ConsumeIntInRange(-1, game.rules.players)


def step_legal(fdp: atheris.FuzzedDataProvider, game: bieten.Game) -> None:
    """Applies a legal action, in one of the ways a front end may."""
    ids = game.legal_action_ids()
    action_id = ids[fdp.ConsumeIntInRange(0, len(ids) - 1)]
    assert game.is_legal(action_id) and game.why_illegal(action_id) is None, (
        action_id,
        game.why_illegal(action_id),
    )
    how = fdp.ConsumeIntInRange(0, 7)
    if how == 0:
        game.apply_id(action_id)
    elif how == 1:
        after = game.step(action_id)
        assert after == game.legal_action_ids()
    elif how == 2:
        game.apply(action_id)
    elif how == 3:
        game.apply(bieten.Action(action_id))
    elif how == 4:
        game.apply(ACTION_TEXTS[action_id].upper(), seat=game.current_player)
    elif how == 5:
        game.apply(" " + ACTION_TEXTS[action_id].replace(" ", "\t ") + "\n", ply=game.ply)
    else:
        game.apply(ACTION_TEXTS[action_id], seat=game.current_player, ply=game.ply)


def step_odd(fdp: atheris.FuzzedDataProvider, game: bieten.Game) -> None:
    """Tries an action that may be illegal or no action at all: if refused, with IllegalActionError and
    nothing changed (R9); why_illegal must agree with apply."""
    value = an_action(fdp)
    how = fdp.ConsumeIntInRange(0, 5)
    an_id = isinstance(value, int) and not isinstance(value, bool)  # apply_id and step take ids
    before = state(game)
    ok_why, why = attempt(lambda: game.why_illegal(value), value, expected=())  # never raises
    assert not ok_why or why is None or isinstance(why, str), why
    refused = bieten.IllegalActionError
    applied = False
    if how == 0:
        applied, _ = attempt(lambda: game.apply(value), value, expected=refused)
    elif how == 1:
        seat = a_seat(fdp, game)
        applied, _ = attempt(lambda: game.apply(value, seat=seat), value, seat, expected=refused)
    elif how == 2:
        ply = fdp.PickValueInList([game.ply - 1, game.ply + 1, -1, 2**70, 1.5, "0"])
        applied, _ = attempt(lambda: game.apply(value, ply=ply), value, ply, expected=refused)
        assert not applied, (value, ply)
    elif how == 3 and an_id:
        applied, _ = attempt(lambda: game.apply_id(value), value, expected=refused)
    elif how == 4 and an_id:
        applied, _ = attempt(lambda: game.step(value), value, expected=refused)
    elif an_id:
        ok, legal = attempt(lambda: game.is_legal(value), value, expected=())
        assert not ok or legal == (value in before[-1]), (value, legal)
        how = -1
    if not applied:
        assert state(game) == before, value
    if ok_why and (how == 0 or (how in (3, 4) and an_id)):
        assert applied == (why is None), (value, why, applied)


def check_queries(fdp: atheris.FuzzedDataProvider, game: bieten.Game) -> None:
    ids = game.legal_action_ids()
    mask = game.legal_action_mask()
    assert mask.shape == (bieten.NUM_ACTIONS,) and list(np.flatnonzero(mask)) == ids
    assert ids == sorted(a.id for a in game.legal_actions())
    seat = a_seat(fdp, game)
    what = fdp.ConsumeIntInRange(0, 4)
    if what == 0:
        ok, obs = attempt(lambda: game.observation(seat), seat)
        assert not ok or obs.shape == (bieten.OBSERVATION_SIZE,)
    elif what == 1:
        ok, events = attempt(lambda: game.events_for(seat), seat)
        assert not ok or len(events) <= game.event_count()
    elif what == 2:
        copy = game.clone()
        assert copy == game and state(copy) == state(game)
    elif what == 3:
        again = bieten.Game.from_json(game.to_json())
        assert again == game and state(again) == state(game), game.to_json()
    else:
        assert [e.to_dict() for e in game.events][-1]["seq"] == game.event_count() - 1


def check_game(fdp: atheris.FuzzedDataProvider) -> None:
    game = a_game(fdp)
    if game is None:
        return
    # One input in four finishes its game with random legal actions once the input is used up.
    playout = random.Random(fdp.ConsumeInt(4)) if fdp.ConsumeIntInRange(0, 3) == 0 else None
    for _ in range(fdp.ConsumeIntInRange(0, 400)):
        if game.is_over:
            break
        how = fdp.ConsumeIntInRange(0, 9)
        if how <= 6:
            step_legal(fdp, game)
        elif how <= 8:
            step_odd(fdp, game)
        else:
            check_queries(fdp, game)
        if fdp.remaining_bytes() == 0:
            break
    for _ in range(3000 if playout else 0):
        if game.is_over:
            break
        game.apply_id(playout.choice(game.legal_action_ids()))
    if game.is_over:
        assert game.legal_action_ids() == [] and game.current_player is None
        assert game.winner in range(game.rules.players), game.winner
        step_odd(fdp, game)
    check_queries(fdp, game)


def TestOneInput(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    if fdp.ConsumeIntInRange(0, 2) == 0:
        check_action(fdp)
    else:
        check_game(fdp)


if __name__ == "__main__":
    run(TestOneInput)
