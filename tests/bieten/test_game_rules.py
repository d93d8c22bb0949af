"""Scripted hands through ``bieten.Game`` pinning docs/rules/bieten.md R3.7, R3.8, R4, R5, R7, R8 and R9.

Every test starts from an explicit deal (or, for cut-steal, from a seed whose deck and cut are
read back with ``bieten._core.shuffle``). The expected legal actions, credits and scores were
worked out by hand from docs/rules/bieten.md; comments name the rule each step relies on. The engine's
choices where the rules leave room are those of the docstring of tests/reference/game.py
(C1..C23), cited as such.
"""

from __future__ import annotations

import re

import pytest

import bieten
from bieten._core import shuffle

# ----------------------------------------------------------------------------- helpers


def make_game(
    preset: str,
    hands: list[str],
    *,
    dealer: int = 0,
    seed: int = 1,
    top_card: str | None = None,
    **overrides: object,
) -> bieten.Game:
    """A game whose first hand is dealt as given (one space-separated hand per seat)."""
    cards = [h.split() for h in hands]
    rules = bieten.Rules.preset(preset, players=len(cards), hand_size=len(cards[0]), **overrides)
    return bieten.Game(rules, seed=seed, deal=cards, dealer=dealer, top_card=top_card)


def legal(game: bieten.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def legal_plays(game: bieten.Game) -> list[str]:
    return [a for a in legal(game) if a.startswith("play")]


def legal_bids(game: bieten.Game) -> list[str]:
    return [a for a in legal(game) if not a.startswith("play")]


def credits(game: bieten.Game) -> list[tuple]:
    """(hand, figure, seat, points, reason) of every figure_credited event."""
    return [
        (d["hand"], d["figure"], d["seat"], d["points"], d["reason"])
        for d in (e.to_dict() for e in game.events if e.type == "figure_credited")
    ]


def voids(game: bieten.Game) -> list[tuple]:
    """(hand, figure, seat, points, credit, reason) of every credit_void event."""
    return [
        (d["hand"], d["figure"], d["seat"], d["points"], d["credit"], d["reason"])
        for d in (e.to_dict() for e in game.events if e.type == "credit_void")
    ]


def settlement(game: bieten.Game) -> list[tuple]:
    """(figure, paid or void) of every credit of R8.1, in the order of the events."""
    return [
        (d["figure"], "paid" if d["type"] == "figure_credited" else d["reason"])
        for d in (e.to_dict() for e in game.events if e.type in ("figure_credited", "credit_void"))
    ]


def assert_void_adds_nothing(game: bieten.Game) -> None:
    """hand_scored.points is the sum of the hand's figure_credited points: credit_void adds nothing."""
    for scored in events_of(game, "hand_scored"):
        points = [0] * game.rules.players
        for d in events_of(game, "figure_credited"):
            if d["hand"] == scored["hand"]:
                points[d["seat"]] += d["points"]
        assert scored["points"] == points, scored


def events_of(game: bieten.Game, *types: str, seat: int | None = None) -> list[dict]:
    source = game.events if seat is None else game.events_for(seat)
    return [e.to_dict() for e in source if e.type in types]


def run(game: bieten.Game, *actions: str) -> None:
    for action in actions:
        game.apply(action)


def play(game: bieten.Game, *cards: str) -> None:
    """Plays cards in turn, answering `pass` whenever the player is asked after his card (R7.1)."""
    for card in cards:
        game.apply(f"play {card}")
        if "pass" in legal(game):
            game.apply("pass")


def state(game: bieten.Game) -> tuple:
    return (
        game.to_json(),
        legal(game),
        game.current_player,
        game.hands,
        game.scores,
        game.hand_number,
        game.dealer,
        game.is_over,
        game.winner,
        game.bummerl,
        [e.to_dict() for e in game.events],
    )


def assert_refused(game: bieten.Game, action: str, *rule_ids: str, seat: int | None = None) -> str:
    """R9: the action raises IllegalActionError citing one of rule_ids; nothing changes."""
    before = state(game)
    with pytest.raises(bieten.IllegalActionError) as info:
        if seat is None:
            game.apply(action)
        else:
            game.apply(action, seat=seat)
    message = str(info.value)
    assert any(re.search(rf"(?<![\w.]){re.escape(r)}(?![\d])", message) for r in rule_ids), message
    assert state(game) == before
    return message


def text(card_id: int) -> str:
    return str(bieten.Card.from_id(card_id))


def texts(ids) -> list[str]:
    return [text(i) for i in sorted(ids)]


def deal_r3_6(
    deck: list[int], players: int, hand_size: int, dealer: int, held: dict[int, list[int]] | None = None
) -> tuple[list[list[str]], list[int]]:
    """R3.6 from a cut deck: two packets clockwise from forehand; a seat holding k cards gets
    max(0, 2 - k) then hand_size - max(k, 2). Returns the hands as text and the stock."""
    held = held or {}
    hands = [list(held.get(p, [])) for p in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    pos = 0
    for packet in (0, 1):
        for p in order:
            k = len(held.get(p, []))
            count = max(0, 2 - k) if packet == 0 else hand_size - max(k, 2)
            hands[p] += deck[pos : pos + count]
            pos += count
    return [texts(h) for h in hands], deck[pos:]


def seed_with_cut(predicate, hand: int = 0) -> int:
    return next(s for s in range(100_000) if predicate(shuffle(s, hand)[1]))


def play_out_hand(game: bieten.Game) -> None:
    """Finishes the current hand with a fixed, bid-free policy (first legal card, pass, good)."""
    hand = game.hand_number
    while game.hand_number == hand and not game.is_over:
        acts = legal(game)
        for choice in ("pass", "good", "leave"):
            if choice in acts:
                game.apply(choice)
                break
        else:
            game.apply(legal_plays(game)[0])


# ------------------------------------------------------------------ R3.7 cut-steal


def test_r3_7_cutter_steals_two_then_leaves_the_cut_is_completed_and_dealt():
    rules = bieten.Rules.preset("south_tyrol")
    seed = seed_with_cut(lambda c: c >= 4)
    deck, c = shuffle(seed, 0)
    g = bieten.Game(rules, seed=seed)
    # R2.2: dealer 0, so the cutter is seat 3 (dealer - 1); he acts before anyone else.
    assert g.current_player == 3
    assert legal(g) == ["steal", "leave"]
    assert g.hands == [[], [], [], []]
    g.apply("steal")  # R3.7: the bottom card of the lifted packet, deck[c-1]
    assert g.hands == [[], [], [], [text(deck[c - 1])]]
    assert g.current_player == 3 and legal(g) == ["steal", "leave"]
    g.apply("steal")  # the next card up, deck[c-2]
    assert g.hands[3] == texts([deck[c - 1], deck[c - 2]])
    g.apply("leave")  # deck[c-3] stays in the packet, seen
    hands, stock = deal_r3_6(deck[c:] + deck[: c - 2], 4, 3, 0, {3: [deck[c - 1], deck[c - 2]]})
    assert g.hands == hands
    assert g.top_card == text(stock[0])  # R3.8 (south_tyrol shows the top card)
    assert g.current_player == 1  # forehand leads (R4.1)
    assert legal_plays(g) == [f"play {card}" for card in hands[1]]
    seen = [
        ("card_seen", deck[c - 1]),
        ("card_stolen", deck[c - 1]),
        ("card_seen", deck[c - 2]),
        ("card_stolen", deck[c - 2]),
        ("card_seen", deck[c - 3]),
        ("card_left", deck[c - 3]),
    ]
    full = [
        {"type": t, "seq": i, "hand": 0, "seat": 3, "card": text(card)} for i, (t, card) in enumerate(seen)
    ]
    kinds = ("card_seen", "card_stolen", "card_left")
    assert events_of(g, *kinds) == full
    # R3.7: every card the cutter saw is known to him alone.
    assert events_of(g, *kinds, seat=3) == full
    for seat in (0, 1, 2):
        assert events_of(g, *kinds, seat=seat) == [dict(e, card=None) for e in full]
        dealt = events_of(g, "hand_dealt", seat=seat)
        assert [e["hands"] for e in dealt] == [[hands[p] if p == seat else None for p in range(4)]]


def test_r3_7_leave_at_once_keeps_the_plain_cut():
    rules = bieten.Rules.preset("south_tyrol", players=3)
    seed = seed_with_cut(lambda c: c >= 2)
    deck, c = shuffle(seed, 0)
    g = bieten.Game(rules, seed=seed)
    assert g.current_player == 2  # cutter of dealer 0 with 3 players
    g.apply("leave")
    hands, stock = deal_r3_6(deck[c:] + deck[:c], 3, 3, 0)
    assert g.hands == hands
    assert g.top_card == text(stock[0])
    assert events_of(g, "card_seen", "card_left", seat=2) == [
        {"type": "card_seen", "seq": 0, "hand": 0, "seat": 2, "card": text(deck[c - 1])},
        {"type": "card_left", "seq": 1, "hand": 0, "seat": 2, "card": text(deck[c - 1])},
    ]
    assert [e["card"] for e in events_of(g, "card_seen", "card_left", seat=0)] == [None, None]


def test_r3_7_stealing_ends_by_itself_after_three_cards():
    # Four-card hands, so the limit of 3 is not the hand size.
    rules = bieten.Rules.preset("south_tyrol", hand_size=4)
    seed = seed_with_cut(lambda c: c >= 5)
    deck, c = shuffle(seed, 0)
    g = bieten.Game(rules, seed=seed)
    run(g, "steal", "steal")
    assert legal(g) == ["steal", "leave"]
    g.apply("steal")  # the third: no fourth is offered (R3.7)
    stolen = [deck[c - 1], deck[c - 2], deck[c - 3]]
    hands, stock = deal_r3_6(deck[c:] + deck[: c - 3], 4, 4, 0, {3: stolen})
    assert g.hands == hands
    assert set(texts(stolen)) <= set(g.hands[3]) and len(g.hands[3]) == 4
    assert g.top_card == text(stock[0])
    assert g.current_player == 1
    assert "steal" not in legal(g) and legal(g)[0].startswith("play")
    assert [e["type"] for e in events_of(g, "card_seen", "card_stolen", "card_left")] == [
        "card_seen",
        "card_stolen",
        "card_seen",
        "card_stolen",
        "card_seen",
        "card_stolen",
    ]


@pytest.mark.parametrize("cut", [1, 2])
def test_r3_7_stealing_never_takes_more_than_the_cut(cut):
    rules = bieten.Rules.preset("south_tyrol")
    seed = seed_with_cut(lambda c: c == cut)
    deck, c = shuffle(seed, 0)
    assert c == cut
    g = bieten.Game(rules, seed=seed)
    for _ in range(cut - 1):
        g.apply("steal")
        assert legal(g) == ["steal", "leave"]
    g.apply("steal")  # the last card of the lifted packet: stealing ends (R3.7)
    assert g.current_player == 1
    assert legal(g)[0].startswith("play")
    hands, stock = deal_r3_6(deck[c:], 4, 3, 0, {3: deck[:c]})
    assert g.hands == hands
    assert g.top_card == text(stock[0])


def test_r3_7_cut_steal_comes_first_in_every_later_hand():
    g = make_game("south_tyrol", ["HK L9 E8", "H9 LA S10", "HO EA SA", "H7 L7 E7"], top_card="SK")
    # A given first deal has no cut-steal (CONFORMANCE): forehand is to play.
    assert g.current_player == 1 and legal(g)[0] == "play H9"
    play_out_hand(g)
    assert g.hand_number == 1 and g.dealer == 1
    # R2.2: the new cutter is seat 0 (dealer 1 - 1); nothing is dealt yet.
    assert g.current_player == 0
    assert legal(g) == ["steal", "leave"]
    assert g.hands == [[], [], [], []]
    deck, c = shuffle(g.seed, 1)
    g.apply("leave")
    hands, stock = deal_r3_6(deck[c:] + deck[:c], 4, 3, 1)
    assert g.hands == hands
    assert g.top_card == text(stock[0])
    assert g.current_player == 2


# ------------------------------------------------------------- R3.8 face-up card


def test_r3_8_face_up_card_is_shown_to_all_and_counts_for_no_figure():
    # The face-up HA would beat every Hearts card dealt; Red still goes to HK (R3.8, R6).
    g = make_game("bavaria", ["HK L9 E8", "H9 LA S10", "HO EA SA"], top_card="HA", show_top_card=True)
    assert g.top_card == "HA"
    shown = {"type": "top_card_shown", "seq": 1, "hand": 0, "card": "HA"}
    for seat in range(3):
        assert events_of(g, "top_card_shown", seat=seat) == [shown]
    assert g.hands == [["HK", "L9", "E8"], ["H9", "LA", "S10"], ["HO", "SA", "EA"]]
    assert_refused(g, "play HA", "R4.1")  # it belongs to no one
    play(g, "H9", "HO", "HK")  # HK wins (seat 0)
    play(g, "L9", "LA", "EA")  # LA wins (seat 1)
    play(g, "S10", "SA")
    g.apply("play E8")  # SA wins the last trick (seat 2)
    # Red HK (0), Green LA (1), Gleich EA SA (2), no run, Spiel (2).
    assert credits(g) == [
        (0, "red", 0, 1, "unbid"),
        (0, "green", 1, 1, "unbid"),
        (0, "gleich", 2, 1, "unbid"),
        (0, "spiel", 2, 1, "unbid"),
    ]
    assert g.scores == [1, 1, 2]


def test_r3_8_seeded_face_up_card_is_the_next_card_of_the_stock():
    rules = bieten.Rules.preset("bavaria", players=5, hand_size=4, show_top_card=True)
    for seed in (3, 77, 2**63 + 5):
        deck, c = shuffle(seed, 0)
        cut = deck[c:] + deck[:c]
        g = bieten.Game(rules, seed=seed)
        hands, stock = deal_r3_6(cut, 5, 4, 0)
        assert g.hands == hands == bieten.deal(seed, rules, hand=0, dealer=0)
        assert g.top_card == text(stock[0]) == text(cut[20])
        assert events_of(g, "top_card_shown") == [
            {"type": "top_card_shown", "seq": 1, "hand": 0, "card": text(cut[20])}
        ]


# ------------------------------------------------------------------- R4 the tricks


def test_r4_2_follow_suit_r4_3_highest_of_led_suit_wins_without_trumps():
    # bavaria, dealer 0: forehand 1, then 2, then 0.
    g = make_game("bavaria", ["HK EA E7", "H7 LO E9", "H10 L7 SA"])
    assert g.current_player == 1
    assert legal(g) == ["play H7", "play LO", "play E9", "bid red", "bid green", "bid spiel"]
    run(g, "play E9", "pass")
    # Seat 2 has no Acorns: any card (R4.2).
    assert legal(g) == ["play H10", "play L7", "play SA", "bid red", "bid green", "bid spiel"]
    run(g, "play SA", "pass")
    # Seat 0 holds Acorns: he must follow, but need not win (EA or E7).
    assert legal(g) == ["play EA", "play E7", "bid red", "bid spiel"]
    assert_refused(g, "play HK", "R4.2")
    run(g, "play E7", "pass")
    # R4.3: E9 beats E7; the Sow of Bells is not of the led suit and there are no trumps.
    assert events_of(g, "trick_won") == [{"type": "trick_won", "seq": 6, "hand": 0, "seat": 1, "trick": 0}]
    assert g.current_player == 1  # R4.1: the winner leads
    run(g, "play LO", "pass")
    assert legal_plays(g) == ["play L7"]  # must follow Leaves
    play(g, "L7", "EA")  # EA is off-suit: LO wins
    assert g.current_player == 1
    play(g, "H7", "H10")
    g.apply("play HK")
    assert [e["seat"] for e in events_of(g, "trick_won")] == [1, 1, 0]
    # Red HK (0), Green LO (1), no set, no run, Spiel HK (0).
    assert credits(g) == [(0, "red", 0, 1, "unbid"), (0, "green", 1, 1, "unbid"), (0, "spiel", 0, 1, "unbid")]
    assert g.scores == [2, 1, 0]


def test_r4_2_natural_weli_is_a_bells_card_below_the_seven():
    # tyrol, 2 players, dealer 0: forehand 1.
    g = make_game("tyrol", ["SK S6 EA", "S7 HA LK"])
    run(g, "play S7", "pass")
    # The natural Weli is Bells: seat 0 must follow with SK or S6 (R4.2, R1.3).
    assert legal_plays(g) == ["play SK", "play S6"]
    assert_refused(g, "play EA", "R4.2")
    play(g, "S6")
    # R1.3/R4.3: the Weli ranks below the Bells 7.
    assert events_of(g, "trick_won")[0]["seat"] == 1
    assert g.current_player == 1

    g = make_game("tyrol", ["S7 EA EK", "S6 HA LK"])
    run(g, "play S6", "pass")  # a trick led with the natural Weli is led in Bells
    assert legal_plays(g) == ["play S7"]
    play(g, "S7")
    assert events_of(g, "trick_won")[0]["seat"] == 0
    assert g.current_player == 0


def test_r4_1_four_card_hand_has_four_tricks_and_winner_leads():
    g = make_game("bavaria", ["H9 L9 S9 E9", "HA HK HO LA"])
    play(g, "HA", "H9", "HK", "L9", "HO", "E9", "LA")
    assert g.hand_number == 0
    g.apply("play S9")
    assert [(e["trick"], e["seat"]) for e in events_of(g, "trick_won")] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    # Red HA, Green LA (1); four Nines (0, R6.2); Hanger HA-HK-HO (1); Spiel (1).
    assert credits(g) == [
        (0, "red", 1, 1, "unbid"),
        (0, "green", 1, 1, "unbid"),
        (0, "gleich", 0, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [1, 4]
    assert g.hand_number == 1 and g.dealer == 1


# --------------------------------------------------------------------- R5 wild cards


def test_r5_3_naming_dealt_card_failed_suit_and_r5_5_holding():
    # welibieten, dealer 1: forehand 2, then 0, then 1.
    g = make_game("welibieten", ["LK EA E8", "S6 HK E9", "LA L7 H10"], dealer=1)
    assert g.current_player == 2
    play(g, "L7")
    assert legal_plays(g) == ["play LK"]
    play(g, "LK")
    assert g.current_player == 1
    # No natural Leaves: anything, the Weli named as any of the 32 natural cards except those
    # dealt to him, HK and E9 (R5.3). R5.5: the Weli gives him Green, a set and a run.
    named = [f"play S6 as {text(i)}" for i in range(32) if text(i) not in ("HK", "E9")]
    assert legal(g) == [
        "play HK",
        "play E9",
        *named,
        "bid red",
        "bid green",
        "bid gleich",
        "bid hanger",
        "bid spiel",
    ]
    assert_refused(g, "play S6 as HK", "R5.3")
    assert_refused(g, "play S6 as E9", "R5.3")
    assert_refused(g, "play S6", "R5.2")
    assert_refused(g, "play HK as HA", "R5.1")
    assert_refused(g, "play S6 as S6", "R5.2")
    g.apply("play E9")  # fails to follow Leaves: the Weli may never be Leaves now (R5.3)
    assert legal(g) == ["bid red", "bid gleich", "bid hanger", "bid spiel", "pass"]
    assert_refused(g, "bid green", "R7.2")
    g.apply("pass")
    assert g.current_player == 0  # LK won
    play(g, "E8")
    # No natural Acorns left: HK, or the Weli as anything outside Leaves but HK and E9.
    named = [f"play S6 as {text(i)}" for i in range(32) if i // 8 != 1 and text(i) not in ("HK", "E9")]
    assert legal_plays(g) == ["play HK", *named]
    assert_refused(g, "play S6 as LA", "R5.3")
    play(g, "S6 as E10")  # beats E8 (R5.4)
    play(g, "H10")
    assert g.current_player == 1
    play(g, "HK", "LA")
    g.apply("play EA")
    # Red HK (1); Green LA (2); no set; Hanger E10*-E9 (1); Spiel HK (1).
    assert credits(g) == [
        (0, "red", 1, 1, "unbid"),
        (0, "green", 2, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [0, 3, 1]
    played = events_of(g, "card_played")
    assert [(e["seat"], e["card"], e["as"]) for e in played][4] == (1, "S6", "E10")


def test_r5_3_wild_lead_sets_the_suit_and_followers_use_natural_or_named_in_suit():
    # welibieten, dealer 0: forehand 1, then 2, then 0.
    g = make_game("welibieten", ["H10 S9 EA", "S6 LK E9", "HK H7 LA"])
    run(g, "play S6 as HA", "pass")  # R5.3: a trick led with a wild is led in the named suit
    assert legal_plays(g) == ["play HK", "play H7"]
    assert_refused(g, "play LA", "R4.2")
    play(g, "HK")
    assert legal_plays(g) == ["play H10"]
    play(g, "H10")
    # R5.4: the Weli named HA ranks just below the natural HA, above HK.
    assert events_of(g, "trick_won")[0]["seat"] == 1

    # A player holding a natural card of the led suit may follow with it or with a wild named
    # in that suit (not a card dealt to him; a card already on the table may be named).
    g = make_game("welibieten", ["H10 S9 EA", "H9 LK E9", "S6 HK LA"])
    run(g, "play H9", "pass")
    assert g.current_player == 2
    named = ("HA", "HO", "HU", "H10", "H9", "H8", "H7")
    assert legal_plays(g) == ["play HK"] + [f"play S6 as {c}" for c in named]
    assert_refused(g, "play S6 as LA", "R5.3", "R4.2")
    assert_refused(g, "play S6 as HK", "R5.3")
    assert_refused(g, "play LA", "R4.2")
    play(g, "S6 as H8")  # follows Hearts: Hearts is not failed
    play(g, "H10")
    assert events_of(g, "trick_won")[0]["seat"] == 0  # H10 > H9 > H8*
    play(g, "S9", "LK", "LA")  # seat 2 fails Bells with LA
    assert g.current_player == 0


@pytest.mark.parametrize(
    ("preset", "hands", "wild", "naturals"),
    [
        ("welibieten", ["S6 HK L9", "SA LA S9"], "S6", ["HK", "L9"]),
        ("spitzbieten", ["S7 HK E9", "SA LA L9"], "S7", ["HK", "E9"]),
        ("spitzbieten", ["E7 HK L9", "EA LA S9"], "E7", ["HK", "L9"]),
    ],
)
def test_r5_1_a_wild_has_no_suit_so_it_never_obliges_to_follow(preset, hands, wild, naturals):
    # 2 players, forehand 1 leads a card of the suit the wild would naturally belong to.
    g = make_game(preset, hands)
    run(g, f"play {hands[1].split()[0]}", "pass")
    assert g.current_player == 0
    dealt = set(hands[0].split())
    named = [f"play {wild} as {text(i)}" for i in range(32) if text(i) not in dealt]
    assert legal(g) == [f"play {c}" for c in naturals] + named + [
        "bid red",
        "bid green",
        "bid gleich",
        "bid hanger",
        "bid spiel",
    ]


def test_r5_3_wild_may_not_repeat_the_name_of_another_own_wild():
    # spitzbieten, 2 players, forehand 1: the Weli and the Bells 7 are both wild.
    g = make_game("spitzbieten", ["H9 HO LA", "S6 S7 L9"])
    play(g, "S6 as HA", "H9")
    assert g.current_player == 1
    # L9, or the Bells 7 named anything but S7 and L9 (dealt to him) and HA (the Weli's name).
    named = [f"play S7 as {text(i)}" for i in range(32) if text(i) not in ("S7", "L9", "HA")]
    assert legal_plays(g) == ["play L9", *named]
    assert_refused(g, "play S7 as HA", "R5.3")
    assert_refused(g, "play S7 as S7", "R5.3")


def test_r5_3_failing_with_a_named_wild_bars_the_suit_for_the_other_wild():
    # spitzbieten, 2 players, forehand 1 leads Hearts; seat 0 has no natural Hearts.
    g = make_game("spitzbieten", ["S6 S7 E9", "HA HK LA"])
    run(g, "play HA", "pass")
    assert "bid red" in legal(g)  # either wild could still be a Hearts card (R5.5)
    g.apply("play S6 as LK")  # a wild named off the led suit fails to follow Hearts
    assert legal(g) == ["bid green", "bid gleich", "bid hanger", "bid spiel", "pass"]
    assert_refused(g, "bid red", "R7.2")
    g.apply("pass")
    run(g, "play HK", "pass")
    # The Bells 7 may not be Hearts (failed), LK (the Weli's name), S7 or E9 (dealt to him).
    named = [f"play S7 as {text(i)}" for i in range(8, 32) if text(i) not in ("LK", "S7", "E9")]
    assert legal(g) == ["play E9", *named, "bid green", "bid gleich", "bid hanger", "bid spiel"]
    assert_refused(g, "play S7 as HO", "R5.3")
    assert_refused(g, "play S7 as LK", "R5.3")


def test_r5_4_natural_card_beats_a_wild_naming_it():
    g = make_game("welibieten", ["HA L9 E8", "S6 HK LA"])
    play(g, "S6 as HA")
    assert legal_plays(g) == ["play HA"]
    play(g, "HA")
    assert events_of(g, "trick_won")[0]["seat"] == 0
    assert g.current_player == 0


def test_r5_4_wilds_naming_one_card_rank_weli_bells7_acorns7_in_tricks_and_red():
    # spitzbieten, dealer 0: forehand 1, then 2, then 0. The Acorns 7 leads, the Weli plays last.
    g = make_game("spitzbieten", ["S6 H9 LU", "E7 HK L9", "S7 H8 L10"])
    play(g, "E7 as HA")
    play(g, "S7 as HA")
    play(g, "S6 as HA")
    assert events_of(g, "trick_won")[0]["seat"] == 0  # the Weli ranks first
    play(g, "LU", "L9", "L10")  # LU wins
    play(g, "H9", "HK")
    g.apply("play H8")  # HK wins the last trick (seat 1)
    # Red: three wilds named HA, the Weli's is best (R5.4); Green LU (0); Hanger HA*-HK (1).
    assert credits(g) == [
        (0, "red", 0, 1, "unbid"),
        (0, "green", 0, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [2, 2, 0]


@pytest.mark.parametrize(("first", "second", "winner"), [("S7", "E7", 1), ("E7", "S7", 0)])
def test_r5_4_bells_seven_beats_acorns_seven_naming_the_same_card(first, second, winner):
    hands = {"S7": "S7 LA EA", "E7": "E7 LK EK"}
    # 2 players, forehand 1 leads `first`.
    g = make_game("spitzbieten", [hands[second], hands[first]])
    play(g, f"{first} as HA", f"{second} as HA")
    assert events_of(g, "trick_won")[0]["seat"] == (1 if first == "S7" else 0)
    assert g.current_player == winner


def test_r5_5_unplayed_wild_counts_for_spiel_on_the_last_trick_unless_suit_failed():
    # welibieten, 2 players, forehand 1. Seat 0 fails Hearts, so his Weli can never be Hearts.
    g = make_game("welibieten", ["S6 E9 L7", "HA HK LA"])
    play(g, "HA", "E9")  # fails Hearts
    play(g, "LA")
    # Must follow Leaves: L7, or the Weli named in Leaves but L7 (dealt); LA on the table may
    # be named (R5.3 bars only his own dealt cards and names).
    named = ("LA", "LK", "LO", "LU", "L10", "L9", "L8")
    assert legal_plays(g) == ["play L7"] + [f"play S6 as {c}" for c in named]
    play(g, "L7")
    run(g, "play HK", "pass")  # the last trick is led in Hearts
    assert g.current_player == 0
    named = [f"play S6 as {text(i)}" for i in range(8, 32) if text(i) not in ("L7", "E9")]
    assert legal(g) == [*named, "bid green", "bid gleich", "bid hanger"]
    assert_refused(g, "bid spiel", "R7.2")
    assert_refused(g, "bid red", "R7.2")

    # The same, but the last trick is led in Leaves, a suit he may still name: Spiel is open.
    g = make_game("welibieten", ["S6 L9 HO", "HA HK LA"])
    play(g, "HA", "HO", "HK", "L9")  # fails Hearts with L9
    run(g, "play LA", "pass")
    assert g.current_player == 0
    named = [f"play S6 as {text(i)}" for i in range(8, 32) if text(i) != "L9"]
    assert legal(g) == [*named, "bid red", "bid green", "bid gleich", "bid hanger", "bid spiel"]


# ----------------------------------------------------------------- R7.1 the bidding turn


def test_r7_1_bids_before_and_after_the_card_several_per_turn_and_pass():
    # tyrol, dealer 0: forehand 1, then 2, then 0.
    g = make_game("tyrol", ["H7 L8 E7", "HA HK E9", "LA L9 S8"])
    assert legal(g) == ["play HA", "play HK", "play E9", "bid red", "bid hanger", "bid spiel"]
    g.apply("bid red")
    assert g.current_player == 2 and legal(g) == ["good"]  # R7.4 from the bidder's left
    assert_refused(g, "play LA", "R7.1", "R7.4")  # nothing else happens while answering
    g.apply("good")
    assert g.current_player == 0 and legal(g) == ["good", "hold", "three"]
    g.apply("good")  # conceded at 1 (R7.4)
    assert g.current_player == 1  # back before his card, with Red gone (bid once per hand)
    assert legal(g) == ["play HA", "play HK", "play E9", "bid hanger", "bid spiel"]
    assert_refused(g, "bid red", "R7.1")
    assert_refused(g, "pass", "R7.1")
    g.apply("play E9")
    # After the card: open a bid or pass (R7.1).
    assert g.current_player == 1 and legal(g) == ["bid hanger", "bid spiel", "pass"]
    assert_refused(g, "play HA", "R7.1")
    run(g, "bid hanger", "good", "good")
    assert g.current_player == 1 and legal(g) == ["bid spiel", "pass"]
    g.apply("pass")
    assert g.current_player == 2
    assert legal(g) == ["play LA", "play L9", "play S8", "bid green", "bid spiel"]
    run(g, "bid green", "good", "good", "bid spiel", "good", "good")
    # Every figure he holds is bid: only cards, and after his card no pass is asked.
    assert legal(g) == ["play LA", "play L9", "play S8"]
    g.apply("play S8")
    assert g.current_player == 0 and legal(g) == ["play E7", "bid gleich"]
    g.apply("play E7")  # completes the trick: he may still bid (Gleich H7 E7) or pass
    assert g.current_player == 0 and legal(g) == ["bid gleich", "pass"]
    g.apply("pass")
    assert g.current_player == 1  # E9 won the trick
    play(g, "HK", "L9", "H7", "HA", "LA")
    g.apply("play L8")
    # R8.1: bid figures in the order first bid (red, hanger, green, spiel), then the unbid
    # Gleich H7 E7 (0); no Weli dealt.
    assert credits(g) == [
        (0, "red", 1, 1, "conceded"),
        (0, "hanger", 1, 1, "conceded"),
        (0, "green", 2, 1, "conceded"),
        (0, "spiel", 2, 1, "conceded"),
        (0, "gleich", 0, 1, "unbid"),
    ]
    assert g.scores == [1, 2, 2]


def test_r7_1_bidding_after_trick_completing_card_and_none_after_the_last_card():
    rules_seed = 99
    g = make_game("tyrol", ["H7 L8 E7", "HA HK E9", "LA L9 S8"], seed=rules_seed)
    play(g, "E9", "S8")
    g.apply("play E7")  # completes trick 1; E9 (seat 1) wins
    assert g.current_player == 0
    assert legal(g) == ["bid red", "bid green", "bid gleich", "bid spiel", "pass"]
    run(g, "bid red")
    assert g.current_player == 1 and legal(g) == ["good", "hold", "three"]
    run(g, "good", "good")
    assert g.current_player == 0 and legal(g) == ["bid green", "bid gleich", "bid spiel", "pass"]
    g.apply("pass")
    assert g.current_player == 1  # the trick's winner leads now
    assert legal(g)[:2] == ["play HA", "play HK"]
    play(g, "HK", "L9", "H7", "HA", "LA")
    # Last card of the hand: he may bid before it (Spiel no longer: L8 is not Hearts, R7.2) ...
    assert g.current_player == 0 and legal(g) == ["play L8", "bid green", "bid gleich"]
    g.apply("play L8")
    # ... but not after it: the hand is scored and the next one dealt at once (R7.1, R8.1).
    assert credits(g) == [
        (0, "red", 0, 1, "conceded"),
        (0, "green", 2, 1, "unbid"),
        (0, "gleich", 0, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [2, 2, 1]
    assert events_of(g, "hand_scored") == [
        {
            "type": "hand_scored",
            "seq": events_of(g, "hand_scored")[0]["seq"],
            "hand": 0,
            "points": [2, 2, 1],
            "scores": [2, 2, 1],
        }
    ]
    # R2.2: the deal passes left; dealer 1, forehand 2; the hand is dealt from the seed.
    assert g.hand_number == 1 and g.dealer == 1
    assert g.current_player == 2
    assert g.hands == bieten.deal(rules_seed, g.rules, hand=1, dealer=1)
    assert not g.is_over and g.winner is None and g.bummerl == []
    dealt = events_of(g, "hand_dealt")
    assert [(e["hand"], e["dealer"], e["forehand"]) for e in dealt] == [(0, 0, 1), (1, 1, 2)]


def test_r2_2_dealer_moves_left_and_wraps_round():
    g = make_game("tyrol", ["H7 L8 E7", "HA HK E9", "LA L9 S8"], dealer=2, seed=5)
    assert g.dealer == 2 and g.current_player == 0  # forehand of dealer 2
    play_out_hand(g)
    assert g.hand_number == 1 and g.dealer == 0 and g.current_player == 1
    assert g.hands == bieten.deal(5, g.rules, hand=1, dealer=0)
    play_out_hand(g)
    assert g.hand_number == 2 and g.dealer == 1 and g.current_player == 2
    assert g.hands == bieten.deal(5, g.rules, hand=2, dealer=1)


# ------------------------------------------------------------ R7.2 holding a figure


def test_r7_2_opening_and_holding_need_the_figure():
    # tyrol, 4 players, forehand 1. S7 S6 is a run in natural rules (R6.3); the Weli makes no set.
    g = make_game("tyrol", ["H9 S9 E8", "S7 S6 LK", "HA EA E9", "HK HO L9"])
    assert legal(g) == ["play LK", "play S7", "play S6", "bid green", "bid hanger", "bid spiel"]
    assert_refused(g, "bid red", "R7.2")
    assert_refused(g, "bid gleich", "R7.2")
    g.apply("bid hanger")
    assert g.current_player == 2 and legal(g) == ["good"]  # no run
    assert_refused(g, "hold", "R7.2")
    assert_refused(g, "three", "R7.2")
    g.apply("good")
    assert g.current_player == 3 and legal(g) == ["good", "hold", "three"]  # HK HO
    g.apply("good")
    assert g.current_player == 0 and legal(g) == ["good"]  # H9 S9 E8: a set, no run
    g.apply("good")
    assert g.current_player == 1
    assert legal(g) == ["play LK", "play S7", "play S6", "bid green", "bid spiel"]


def test_r7_2_spiel_on_the_last_trick_needs_a_card_of_the_led_suit():
    # tyrol, dealer 0: forehand 1, then 2, then 0.
    g = make_game("tyrol", ["SA S9 EK", "HA HK E9", "LA L9 H7"])
    play(g, "HA", "H7", "S9", "HK", "L9")
    g.apply("play SA")  # completes trick 2: the last trick is not yet led, Spiel is free
    assert g.current_player == 0 and legal(g) == ["bid spiel", "pass"]
    g.apply("pass")
    assert legal(g) == ["play E9", "bid red", "bid hanger", "bid spiel"]
    g.apply("play E9")  # the leader's own card is of the led suit
    assert legal(g) == ["bid red", "bid hanger", "bid spiel", "pass"]
    g.apply("pass")
    # Seat 2's last card LA is not Acorns: no Spiel (he keeps Red by his played H7).
    assert g.current_player == 2 and legal(g) == ["play LA", "bid red", "bid green"]
    assert_refused(g, "bid spiel", "R7.2")
    play(g, "LA")
    assert g.current_player == 0 and legal(g) == ["play EK", "bid spiel"]  # EK in hand is Acorns
    g.apply("bid spiel")
    assert g.current_player == 1 and legal(g) == ["good", "hold", "three"]  # played E9
    g.apply("good")
    assert g.current_player == 2 and legal(g) == ["good"]  # played LA
    assert_refused(g, "hold", "R7.2")
    g.apply("good")  # conceded at 1
    assert g.current_player == 0 and legal(g) == ["play EK"]
    g.apply("play EK")
    assert credits(g) == [
        (0, "spiel", 0, 1, "conceded"),
        (0, "red", 1, 1, "unbid"),
        (0, "green", 2, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
    ]
    assert g.scores == [1, 2, 1]


# -------------------------------------------------------------- R7.3 the score limit


def test_r7_3_strict_limit_counts_secured_points_holder_reraises_game_ends_mid_credits():
    # tyrol, target 4, strict: open iff s + 2 <= 4, raise iff s + 3 <= 4.
    g = make_game("tyrol", ["H9 L8 E7", "HA HK LA", "H7 L7 EK"], target=4)
    assert legal(g) == [
        "play HA",
        "play HK",
        "play LA",
        "bid red",
        "bid green",
        "bid gleich",
        "bid hanger",
        "bid spiel",
    ]
    run(g, "bid red", "good", "good")  # s = 1
    run(g, "bid green", "good", "good")  # s = 2: may open, may not raise
    g.apply("bid gleich")
    assert g.current_player == 2 and legal(g) == ["good", "hold", "three"]
    g.apply("hold")
    # R7.6: the bidder may not raise (2 + 3 > 4) and is not asked; the holder is.
    assert g.current_player == 2 and legal(g) == ["three", "pass"]
    g.apply("three")
    # R7.5: answered clockwise from the raiser's left; the limited bidder may still hold.
    assert g.current_player == 0 and legal(g) == ["good"]
    g.apply("good")
    assert g.current_player == 1 and legal(g) == ["good", "hold"]
    assert_refused(g, "three", "R7.5", "R7.3")
    g.apply("hold")  # stands at 3
    assert g.current_player == 1
    assert legal(g) == ["play HA", "play HK", "play LA", "bid hanger", "bid spiel"]
    run(g, "bid hanger", "good", "good")  # s = 3 = target - 1: gespannt
    assert legal(g) == ["play HA", "play HK", "play LA"]
    assert_refused(g, "bid spiel", "R7.3")
    g.apply("play HA")
    play(g, "H7")
    g.apply("play H9")  # completes the trick: seat 0 (s = 0) may open Spiel
    assert legal(g) == ["bid spiel", "pass"]
    g.apply("bid spiel")
    assert g.current_player == 1 and legal(g) == ["good", "hold"]  # gespannt: no three
    g.apply("good")
    assert g.current_player == 2 and legal(g) == ["good", "hold", "three"]
    g.apply("good")  # conceded to seat 0; nothing left he may open: his turn ends
    assert g.current_player == 1
    play(g, "HK", "EK", "E7", "LA", "L7")
    assert g.hand_number == 0
    g.apply("play L8")
    # R8.1: Red +1, Green +1, Gleich stands at 3: AA (1) beats 77 (2), +3 -> 5 >= 4: the game
    # ends at once (R8.2); the conceded Hanger and seat 0's conceded Spiel are void.
    assert credits(g) == [
        (0, "red", 1, 1, "conceded"),
        (0, "green", 1, 1, "conceded"),
        (0, "gleich", 1, 3, "held_three"),
    ]
    # credit_void (R8.2): the conceded bids still name their bidders; nobody was dealt the Weli.
    assert voids(g) == [
        (0, "hanger", 1, 1, "conceded", "game_over"),
        (0, "spiel", 0, 1, "conceded", "game_over"),
        (0, "weli", None, 1, "weli_point", "game_over"),
    ]
    assert g.scores == [0, 5, 0]
    assert_void_adds_nothing(g)
    assert g.is_over and g.winner == 1
    assert g.bummerl == [0, 2]  # R8.3: equal lowest totals each get one
    assert g.current_player is None and legal(g) == []
    assert g.hand_number == 0
    assert events_of(g, "game_over") == [
        {
            "type": "game_over",
            "seq": events_of(g, "game_over")[0]["seq"],
            "hand": 0,
            "winner": 1,
            "bummerl": [0, 2],
            "scores": [0, 5, 0],
        }
    ]
    assert_refused(g, "play HA", "R8.2")


def test_r7_3_strict_raise_conceded_at_two_counts_as_secured():
    g = make_game("bavaria", ["H9 L8 E7", "HA LA SA", "HK LK EK"], target=4)
    g.apply("bid red")
    assert g.current_player == 2 and legal(g) == ["good", "hold", "three"]
    g.apply("three")
    assert g.current_player == 0 and legal(g) == ["good", "hold"]
    g.apply("good")
    assert g.current_player == 1 and legal(g) == ["good", "hold"]
    g.apply("good")  # raise conceded at 2 to seat 2: s = 2
    g.apply("bid green")
    assert g.current_player == 2 and legal(g) == ["good", "hold"]  # 2 + 3 > 4
    assert_refused(g, "three", "R7.3")
    g.apply("good")
    assert g.current_player == 0 and legal(g) == ["good", "hold", "three"]


def test_r7_3_strict_target_two_nobody_may_raise_and_no_reraise_is_asked():
    g = make_game("bavaria", ["H9 L8 E7", "HA LA SA", "HK LK EK"], target=2)
    g.apply("bid red")  # 0 + 2 <= 2
    assert legal(g) == ["good", "hold"]  # 0 + 3 > 2
    g.apply("hold")
    # Neither the bidder nor the holder may raise: no one is asked (R7.6); stands at 2.
    assert g.current_player == 1
    assert legal(g) == ["play HA", "play LA", "play SA", "bid green", "bid gleich", "bid spiel"]


def test_r7_3_gespannt_limits_only_at_target_minus_one():
    g = make_game("bavaria", ["H9 L8 E7", "HA HK LA", "H7 L7 EK"], target=4, overbid="gespannt")
    run(g, "bid red", "good", "good", "bid green", "good", "good")  # s = 2 = target - 2
    g.apply("bid gleich")
    assert legal(g) == ["good", "hold", "three"]
    g.apply("hold")
    # Unlike strict, the bidder at target - 2 may still raise (R7.3 gespannt).
    assert g.current_player == 1 and legal(g) == ["three", "pass"]
    g.apply("pass")
    assert g.current_player == 2 and legal(g) == ["three", "pass"]
    g.apply("pass")  # stands at 2
    run(g, "bid hanger", "good", "good")  # s = 3 = target - 1
    assert legal(g) == ["play HA", "play HK", "play LA"]
    assert_refused(g, "bid spiel", "R7.3")
    g.apply("play HA")  # nothing he may open: the turn ends with the card
    assert g.current_player == 2
    g.apply("play H7")
    assert legal(g) == ["bid spiel", "pass"]
    g.apply("bid spiel")
    assert g.current_player == 0 and legal(g) == ["good", "hold", "three"]
    g.apply("good")
    assert g.current_player == 1 and legal(g) == ["good", "hold"]  # gespannt: hold, no three
    assert_refused(g, "three", "R7.3")
    g.apply("hold")
    assert g.current_player == 2 and legal(g) == ["three", "pass"]  # the bidder first
    g.apply("pass")  # the gespannt holder is not asked (R7.6): stands at 2
    assert g.current_player == 0 and legal(g) == ["play H9"]
    g.apply("play H9")
    assert g.current_player == 1
    play(g, "HK", "EK", "E7", "LA", "L7")
    g.apply("play L8")
    # Red +1, Green +1, Gleich stands at 2: AA (1) over 77, +2 -> 4: game over; the rest void.
    assert credits(g) == [
        (0, "red", 1, 1, "conceded"),
        (0, "green", 1, 1, "conceded"),
        (0, "gleich", 1, 2, "held"),
    ]
    assert g.scores == [0, 4, 0] and g.winner == 1 and g.bummerl == [0, 2]


def test_r7_3_none_has_no_limit():
    g = make_game("bavaria", ["H9 L8 E7", "HA HK LA", "H7 L7 EK"], target=3, overbid="none")
    run(g, "bid red", "good", "good", "bid green", "good", "good")  # s = 2 = target - 1
    assert legal(g) == ["play HA", "play HK", "play LA", "bid gleich", "bid hanger", "bid spiel"]
    g.apply("bid gleich")
    g.apply("hold")
    assert g.current_player == 1 and legal(g) == ["three", "pass"]
    g.apply("three")
    assert g.current_player == 2 and legal(g) == ["good", "hold"]

    strict = make_game("bavaria", ["H9 L8 E7", "HA HK LA", "H7 L7 EK"], target=3)
    run(strict, "bid red", "good", "good", "bid green", "good", "good")  # s = 2: 2 + 2 > 3
    assert strict.current_player == 1
    assert legal(strict) == ["play HA", "play HK", "play LA"]
    assert_refused(strict, "bid gleich", "R7.3")


# ------------------------------------------------------ R7.4 - R7.7 answers and payouts


def test_r7_7_every_payout_and_r8_1_credit_order():
    # bavaria, 4 players, dealer 0: forehand 1, then 2, 3, 0.
    g = make_game("bavaria", ["HK HO S7", "H9 LK EU", "LA SA E8", "HA L10 L9"])
    g.apply("bid red")  # seat 1 holds H9; HA (seat 3) is the best Red
    assert (g.current_player, legal(g)) == (2, ["good"])
    g.apply("good")
    assert (g.current_player, legal(g)) == (3, ["good", "hold", "three"])
    g.apply("good")
    assert (g.current_player, legal(g)) == (0, ["good", "hold", "three"])
    g.apply("good")  # conceded at 1: the bidder scores, whoever has the best Red (R7.7)
    g.apply("bid green")
    assert (g.current_player, legal(g)) == (2, ["good", "hold", "three"])
    g.apply("good")  # seat 2 holds the best Green (LA) but concedes
    assert g.current_player == 3
    g.apply("hold")  # stands at 2; no one else is asked (R7.4)
    assert (g.current_player, legal(g)) == (1, ["three", "pass"])  # R7.6: bidder first
    g.apply("pass")
    assert (g.current_player, legal(g)) == (3, ["three", "pass"])  # then the holder
    g.apply("pass")
    assert (g.current_player, legal(g)) == (1, ["play H9", "play LK", "play EU", "bid spiel"])
    run(g, "play EU", "pass")
    assert legal(g) == ["play E8", "bid gleich", "bid spiel"]
    run(g, "play E8", "pass")
    assert legal(g) == ["play HA", "play L10", "play L9", "bid hanger", "bid spiel"]
    g.apply("bid spiel")
    assert (g.current_player, legal(g)) == (0, ["good", "hold", "three"])
    g.apply("three")  # R7.5: answered by all but seat 0, from his left
    for seat in (1, 2, 3):
        assert (g.current_player, legal(g)) == (seat, ["good", "hold"])
        g.apply("good")
    # Raise conceded at 2 to seat 0; seat 3 is back before his card.
    assert (g.current_player, legal(g)) == (3, ["play HA", "play L10", "play L9", "bid hanger"])
    run(g, "play L9")
    assert legal(g) == ["bid hanger", "pass"]  # L10 L9, the L9 played, is a run
    g.apply("pass")
    assert (g.current_player, legal(g)) == (0, ["play HK", "play HO", "play S7", "bid hanger"])
    g.apply("bid hanger")
    assert (g.current_player, legal(g)) == (1, ["good"])
    g.apply("good")
    assert (g.current_player, legal(g)) == (2, ["good"])
    g.apply("good")
    assert (g.current_player, legal(g)) == (3, ["good", "hold", "three"])
    g.apply("three")
    assert (g.current_player, legal(g)) == (0, ["good", "hold"])  # the bidder answers first
    g.apply("hold")  # stands at 3
    assert (g.current_player, legal(g)) == (0, ["play HK", "play HO", "play S7"])
    g.apply("play S7")  # EU wins trick 1 (seat 1)
    assert g.current_player == 1
    play(g, "H9", "SA", "HA", "HO")  # HA (seat 3)
    play(g, "L10", "HK", "LK")
    g.apply("play LA")  # LA wins the last trick (seat 2)
    # R8.1: bid figures in the order first bid, then the unbid ones (Gleich only).
    # Red conceded -> bidder 1; Green stands at 2 -> best Green LA (2), who said good;
    # Spiel raise conceded -> raiser 0; Hanger stands at 3 -> best run HK-HO (0) over L10-L9.
    assert credits(g) == [
        (0, "red", 1, 1, "conceded"),
        (0, "green", 2, 2, "held"),
        (0, "spiel", 0, 2, "raise_conceded"),
        (0, "hanger", 0, 3, "held_three"),
        (0, "gleich", 2, 1, "unbid"),
    ]
    assert g.scores == [5, 1, 3, 0]
    settled = [
        (e["figure"], e["outcome"], e["stake"], e["bidder"], e["by"]) for e in events_of(g, "bid_settled")
    ]
    assert settled == [
        ("red", "conceded", 1, 1, None),
        ("green", "stands", 2, 1, 3),
        ("spiel", "raise_conceded", 2, 3, 0),
        ("hanger", "stands_three", 3, 0, 0),
    ]


def _red_held_by_seat_2(reraise: bool = True) -> bieten.Game:
    # bavaria, dealer 0: forehand 1, then 2, then 0. Seat 1 holds the best Red (HA).
    g = make_game("bavaria", ["HO L9 E8", "HA S9 E7", "H9 LA SK"], reraise=reraise)
    run(g, "bid red", "hold")
    return g


def _finish_red_hand(g: bieten.Game) -> None:
    play(g, "S9", "SK", "E8")  # SK (2)
    play(g, "LA", "L9", "E7")  # LA (2)
    play(g, "H9", "HO")
    g.apply("play HA")  # HA (1)


def test_r7_6_bidder_reraises_and_raise_stands_at_three():
    g = _red_held_by_seat_2()
    assert (g.current_player, legal(g)) == (1, ["three", "pass"])
    assert_refused(g, "good", "R7.6")
    assert_refused(g, "hold", "R7.6")
    assert_refused(g, "play HA", "R7.6", "R7.1")
    g.apply("three")
    # R7.5: every other player from the raiser's left, the holder first.
    assert (g.current_player, legal(g)) == (2, ["good", "hold"])
    assert_refused(g, "three", "R7.5")
    g.apply("good")
    assert (g.current_player, legal(g)) == (0, ["good", "hold"])
    g.apply("hold")  # stands at 3
    assert (g.current_player, legal(g)) == (1, ["play HA", "play S9", "play E7", "bid spiel"])
    _finish_red_hand(g)
    assert credits(g) == [
        (0, "red", 1, 3, "held_three"),
        (0, "green", 2, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [0, 4, 1]


def test_r7_6_holder_reraises_after_the_bidder_passes_raise_conceded():
    g = _red_held_by_seat_2()
    g.apply("pass")
    assert (g.current_player, legal(g)) == (2, ["three", "pass"])
    g.apply("three")
    # R7.5: from seat 2's left: seat 0, then the original bidder.
    assert (g.current_player, legal(g)) == (0, ["good", "hold"])
    g.apply("good")
    assert (g.current_player, legal(g)) == (1, ["good", "hold"])
    g.apply("good")  # raise conceded at 2 to the raiser, though seat 1 has HA (R7.7)
    assert g.current_player == 1
    _finish_red_hand(g)
    assert credits(g) == [
        (0, "red", 2, 2, "raise_conceded"),
        (0, "green", 2, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [0, 1, 3]
    answers = [(e["seat"], e["answer"], e["stage"]) for e in events_of(g, "answered")]
    assert answers[:5] == [
        (2, "hold", "bid"),
        (1, "pass", "reraise"),
        (2, "three", "reraise"),
        (0, "good", "raise"),
        (1, "good", "raise"),
    ]


def test_r7_6_both_pass_stands_at_two_and_reraise_off_asks_nobody():
    g = _red_held_by_seat_2()
    run(g, "pass", "pass")
    assert (g.current_player, legal(g)) == (1, ["play HA", "play S9", "play E7", "bid spiel"])
    _finish_red_hand(g)
    assert credits(g)[0] == (0, "red", 1, 2, "held")  # stands at 2: the best Red

    g = _red_held_by_seat_2(reraise=False)
    # R7.6 off: nobody is asked to re-raise; the bidder is back before his card.
    assert (g.current_player, legal(g)) == (1, ["play HA", "play S9", "play E7", "bid spiel"])
    assert_refused(g, "three", "R7.4", "R7.6")
    _finish_red_hand(g)
    assert credits(g)[0] == (0, "red", 1, 2, "held")


@pytest.mark.parametrize(
    ("ties", "expected", "void", "scores"),
    [
        ("suit_priority", [(0, "hanger", 1, 2, "held")], [], [0, 5]),
        ("no_point", [], [(0, "hanger", None, 2, "held", "tie")], [0, 3]),
    ],
)
def test_r7_7_standing_bid_on_a_tied_figure(ties, expected, void, scores):
    # HK-HO against LK-LO: equal runs; R6.5 suit priority gives Leaves, no_point gives nobody.
    g = make_game("bavaria", ["HK HO E7", "LK LO HA"], ties=ties)
    run(g, "bid hanger", "hold", "pass", "pass")
    assert g.current_player == 1
    play(g, "HA", "HO", "LK", "E7", "LO")
    g.apply("play HK")
    assert credits(g) == [
        *expected,
        (0, "red", 1, 1, "unbid"),
        (0, "green", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    # credit_void: the tied bid (R6.5/R7.7), and Gleich, which nobody holds (R6.2), both in R8.1 order
    assert voids(g) == [*void, (0, "gleich", None, 1, "unbid", "unheld")]
    assert [f for f, _ in settlement(g)] == ["hanger", "red", "green", "gleich", "spiel"]
    assert g.scores == scores
    assert_void_adds_nothing(g)


def test_r7_7_standing_bid_whose_figure_was_named_away_scores_nothing():
    # spitzbieten, dealer 0: forehand 1, then 2, then 0. No natural Hearts is dealt; the Weli
    # (seat 1) and the Bells 7 (seat 2) give Red for bidding (R5.5), then are named elsewhere.
    g = make_game("spitzbieten", ["L9 E9 SK", "S6 LA EA", "S7 LK EK"])
    assert "bid red" in legal(g)
    g.apply("bid red")
    assert (g.current_player, legal(g)) == (2, ["good", "hold", "three"])
    run(g, "hold", "pass", "pass")  # stands at 2
    assert g.current_player == 1
    play(g, "LA")
    named = ("LA", "LO", "LU", "L10", "L9", "L8", "L7")
    assert legal_plays(g) == ["play LK"] + [f"play S7 as {c}" for c in named]
    play(g, "LK", "L9")  # LA (1)
    play(g, "EA", "EK", "E9")  # EA (1)
    play(g, "S6 as SA", "S7 as SO")
    g.apply("play SK")  # SA* (1) wins
    # Red stands but nobody has a Hearts card: nobody scores it (R7.7). Green LA (1); Gleich
    # LA EA SA* (three Aces, 1) beats KK and 99; no run; Spiel (1).
    assert credits(g) == [
        (0, "green", 1, 1, "unbid"),
        (0, "gleich", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    # credit_void: the standing Red, worth 2, goes to nobody since no Hearts card counts for anyone
    # (R6.1, R5.3/R7.7: both wilds were named away); no run either (R6.3).
    assert voids(g) == [(0, "red", None, 2, "held", "unheld"), (0, "hanger", None, 1, "unbid", "unheld")]
    assert settlement(g) == [
        ("red", "unheld"),
        ("green", "paid"),
        ("gleich", "paid"),
        ("hanger", "unheld"),
        ("spiel", "paid"),
    ]
    assert g.scores == [0, 3, 0]
    assert_void_adds_nothing(g)


# ------------------------------------------------------------------ R8 scoring, the end


def test_r8_1_bid_order_then_unbid_order_then_weli_point():
    # tyrol (Weli point on), dealer 0: forehand 1, then 2, then 0.
    g = make_game("tyrol", ["LA L9 E7", "HK HO S6", "EA SA H7"])
    run(g, "bid spiel", "good", "good", "bid red", "good", "good", "play HK", "pass", "play H7")
    assert legal(g) == ["bid gleich", "pass"]
    run(g, "bid gleich", "good", "good")
    assert g.current_player == 0
    play(g, "E7", "HO", "SA", "L9", "S6", "EA")
    g.apply("play LA")
    assert credits(g) == [
        (0, "spiel", 1, 1, "conceded"),
        (0, "red", 1, 1, "conceded"),
        (0, "gleich", 2, 1, "conceded"),
        (0, "green", 0, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
        (0, "weli", 1, 1, "weli_point"),
    ]
    assert g.scores == [1, 4, 1]
    assert events_of(g, "hand_scored")[0]["points"] == [1, 4, 1]


def test_r8_2_game_ends_at_target_mid_credits_and_r8_3_single_bummerl():
    # tyrol, target 2: Red (1) +1, Green (0) +1, Gleich LA SA (0) +1 -> 2: over. Hanger S7-S6
    # and the Weli point of seat 2 and Spiel are void.
    g = make_game("tyrol", ["LA SA E7", "HA L8 E8", "S6 H7 S7"], target=2)
    play(g, "E8", "S7", "E7", "HA", "H7", "SA", "L8", "S6")
    assert g.hand_number == 0 and not g.is_over
    g.apply("play LA")
    assert credits(g) == [
        (0, "red", 1, 1, "unbid"),
        (0, "green", 0, 1, "unbid"),
        (0, "gleich", 0, 1, "unbid"),
    ]
    # R8.2: the rest is void, each naming who would have had it: the run S7-S6 (2, R6.3), the last
    # trick, won by LA (0, R6.4), the Weli (2, R6.6).
    assert voids(g) == [
        (0, "hanger", 2, 1, "unbid", "game_over"),
        (0, "spiel", 0, 1, "unbid", "game_over"),
        (0, "weli", 2, 1, "weli_point", "game_over"),
    ]
    assert g.scores == [2, 1, 0]
    assert_void_adds_nothing(g)
    assert g.is_over and g.winner == 0 and g.bummerl == [2]
    assert g.current_player is None and legal(g) == [] and g.hand_number == 0
    assert [e.type for e in g.events][-2:] == ["hand_scored", "game_over"]
    for action in ("play LA", "pass", "good", "bid red", "steal"):
        assert_refused(g, action, "R8.2")


# No Hearts dealt (R6.1); no set (R6.2); S9-S8 against E9-E8: equal runs, Bells = Acorns (R6.5);
# the Weli not dealt (R6.6). Seat 1 (forehand) leads LK; LA, S9 and S8 win every trick for seat 0.
NOBODY_HANDS = ["S9 S8 LA", "E9 E8 LK"]


def _nobody_hand(**overrides: object) -> bieten.Game:
    g = make_game("tyrol", NOBODY_HANDS, **overrides)
    play(g, "LK", "LA", "S9", "E9", "S8")
    g.apply("play E8")
    return g


@pytest.mark.parametrize("ties", ["suit_priority", "no_point"])
def test_r7_7_r6_6_credits_to_nobody_are_credit_void_events_in_r8_1_order(ties):
    g = _nobody_hand(ties=ties)
    assert credits(g) == [(0, "green", 0, 1, "unbid"), (0, "spiel", 0, 1, "unbid")]
    # R7.7: an unbid figure nobody has scores nothing; unheld = nobody holds it (R6.1, R6.2, R6.6),
    # tie = the best are equal (R6.5). Each in its R8.1 place among the paid credits.
    assert voids(g) == [
        (0, "red", None, 1, "unbid", "unheld"),
        (0, "gleich", None, 1, "unbid", "unheld"),
        (0, "hanger", None, 1, "unbid", "tie"),
        (0, "weli", None, 1, "weli_point", "unheld"),
    ]
    assert settlement(g) == [
        ("red", "unheld"),
        ("green", "paid"),
        ("gleich", "unheld"),
        ("hanger", "tie"),
        ("spiel", "paid"),
        ("weli", "unheld"),
    ]
    types = [e.type for e in g.events if e.hand == 0]
    assert types[-7:] == [
        "credit_void",
        "figure_credited",
        "credit_void",
        "credit_void",
        "figure_credited",
        "credit_void",
        "hand_scored",
    ]
    assert events_of(g, "hand_scored")[0]["points"] == [2, 0]
    assert_void_adds_nothing(g)
    # Public (R4.4): every dealt card is face up when the hand is scored, so no seat's view hides a void.
    for seat in (0, 1):
        assert events_of(g, "credit_void", seat=seat) == events_of(g, "credit_void")


def test_r8_2_after_the_winning_credit_every_credit_is_void_also_those_nobody_would_have_had():
    g = _nobody_hand(target=1)
    # Red is void before the game is won (nobody has it); Green wins it for seat 0 (R8.2).
    assert credits(g) == [(0, "green", 0, 1, "unbid")]
    assert voids(g) == [
        (0, "red", None, 1, "unbid", "unheld"),
        (0, "gleich", None, 1, "unbid", "game_over"),
        (0, "hanger", None, 1, "unbid", "game_over"),
        (0, "spiel", 0, 1, "unbid", "game_over"),
        (0, "weli", None, 1, "weli_point", "game_over"),
    ]
    assert g.is_over and g.winner == 0 and g.scores == [1, 0]
    assert [e.type for e in g.events][-3:] == ["credit_void", "hand_scored", "game_over"]
    assert_void_adds_nothing(g)


def test_r8_3_every_equal_lowest_total_gets_a_bummerl():
    # target 1: the first credit ends the game; the three others tie at 0.
    g = make_game("bavaria", ["HA L9 E8", "H9 LA S10", "HO EA SA", "H7 L7 E7"], target=1)
    play_out_hand(g)
    assert g.is_over
    assert credits(g) == [(0, "red", 0, 1, "unbid")]
    assert g.scores == [1, 0, 0, 0] and g.winner == 0 and g.bummerl == [1, 2, 3]


# ------------------------------------------------------------------------ R9 refusals


def _after(preset: str, hands: list[str], actions: list[str], **overrides) -> bieten.Game:
    g = make_game(preset, hands, **overrides)
    run(g, *actions)
    return g


WELI3 = ["LA LK EA", "S6 HK E9", "HA H10 L7"]
TYROL3 = ["H7 L8 EA", "HA HK E9", "LA L9 S8"]


@pytest.mark.parametrize(
    ("preset", "hands", "actions", "overrides", "action", "rules"),
    [
        ("welibieten", WELI3, [], {}, "jump", ("R11",)),
        ("welibieten", WELI3, [], {}, "play XY", ("R1.5",)),
        ("welibieten", WELI3, [], {}, "bid weli", ("R11",)),
        ("welibieten", WELI3, [], {}, "play LA", ("R4.1",)),
        ("welibieten", WELI3, [], {}, "play S6", ("R5.2",)),
        ("welibieten", WELI3, [], {}, "play HK as HA", ("R5.1",)),
        ("welibieten", WELI3, [], {}, "play S6 as S6", ("R5.2",)),
        ("welibieten", WELI3, [], {}, "play S6 as E9", ("R5.3",)),
        ("welibieten", WELI3, [], {}, "good", ("R7.4",)),
        ("welibieten", WELI3, [], {}, "hold", ("R7.4",)),
        ("welibieten", WELI3, [], {}, "three", ("R7.4",)),
        ("welibieten", WELI3, [], {}, "pass", ("R7.1",)),
        ("welibieten", WELI3, [], {}, "steal", ("R3.7",)),
        ("welibieten", WELI3, [], {}, "leave", ("R3.7",)),
        ("tyrol", TYROL3, [], {}, "bid green", ("R7.2",)),
        ("tyrol", TYROL3, [], {}, "bid gleich", ("R7.2",)),
        ("tyrol", TYROL3, ["bid red"], {}, "hold", ("R7.2",)),
        ("tyrol", TYROL3, ["bid red"], {}, "three", ("R7.2",)),
        ("tyrol", TYROL3, ["bid red"], {}, "pass", ("R7.4",)),
        ("tyrol", TYROL3, ["bid red"], {}, "bid spiel", ("R7.1", "R7.4")),
        ("tyrol", TYROL3, ["bid red"], {}, "play LA", ("R7.1", "R7.4")),
        ("tyrol", TYROL3, ["bid red", "good", "good"], {}, "bid red", ("R7.1",)),
        ("tyrol", TYROL3, ["play E9"], {}, "play HA", ("R7.1",)),
        ("tyrol", TYROL3, ["play E9", "pass", "play S8", "pass"], {}, "play H7", ("R4.2",)),
        ("tyrol", TYROL3, ["bid red", "good", "three"], {}, "three", ("R7.5",)),
        ("tyrol", TYROL3, ["bid red", "good", "hold"], {}, "good", ("R7.6",)),
        ("tyrol", TYROL3, [], {"target": 1}, "bid red", ("R7.3",)),
        ("tyrol", TYROL3, [], {"target": 1}, "bid spiel", ("R7.3",)),
        ("tyrol", TYROL3, ["bid red", "good"], {"target": 2}, "three", ("R7.3",)),
        ("south_tyrol", TYROL3, [], {"top_card": "SK"}, "steal", ("R3.7",)),
    ],
)
def test_r9_illegal_actions_are_refused_with_the_rule_and_change_nothing(
    preset, hands, actions, overrides, action, rules
):
    g = _after(preset, hands, actions, **overrides)
    assert action not in legal(g)
    assert_refused(g, action, *rules)


def test_r9_cut_steal_phase_refuses_everything_but_steal_and_leave():
    rules = bieten.Rules.preset("south_tyrol")
    g = bieten.Game(rules, seed=seed_with_cut(lambda c: c >= 2))
    for action in ("play HA", "play S6 as HA", "bid spiel", "pass", "good", "hold", "three"):
        assert_refused(g, action, "R3.7")


def test_r9_apply_from_a_seat_not_to_act_is_refused():
    g = make_game("tyrol", TYROL3)
    assert g.current_player == 1
    for seat in (0, 2):
        message = assert_refused(g, "play HA", "R9", seat=seat)
        assert f"seat {seat}" in message
        assert_refused(g, "bid red", "R9", seat=seat)
    g.apply("bid red", seat=1)
    assert g.current_player == 2
    assert_refused(g, "good", "R9", seat=1)
    g.apply("good", seat=2)
    assert g.current_player == 0
    over = make_game("bavaria", ["HA L9 E8", "H9 LA S10", "HO EA SA", "H7 L7 E7"], target=1)
    play_out_hand(over)
    assert over.is_over
    assert_refused(over, "play HA", "R9", "R8.2", seat=0)
