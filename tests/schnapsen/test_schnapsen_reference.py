"""The pure-Python Schnapsen reference (tests/reference/schnapsen.py) and the engine against it.

(a) Self-checks of the reference against examples worked by hand from docs/rules/schnapsen.md: every value
    asserted here was computed from the rules (rule ids in the test names), not by running code.
(b) A differential test: seeded random games of every preset and of many knob combinations are
    played through the reference and through `bieten.schnapsen`, comparing every field after every
    action; given first deals, illegal actions, rules refusals and the deal vectors
    (tests/data/schnapsen_deal_vectors.json) too. It is skipped until `bieten.schnapsen` can be
    imported. The default run is bounded; ``BIETEN_SLOW=1`` enables the bigger sweep marked ``slow``.

Seats of the hand-made deals: dealer 0, so forehand is seat 1 and the cutter seat 3 (S2.1); with
four players the fixed teams are {0, 2} and {1, 3} (S2.2). A given deal skips the cut or knock.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from reference import make_schnapsen_vectors
from reference import schnapsen as ref
from reference.cards import card_text, parse_card
from reference.deal import GAMMA, SplitMix64, mix64

VECTORS = Path(__file__).resolve().parents[1] / "data" / "schnapsen_deal_vectors.json"
SLOW = os.environ.get("BIETEN_SLOW") == "1"
slow = pytest.mark.skipif(not SLOW, reason="set BIETEN_SLOW=1 for the full sweep")


# ------------------------------------------------------------------------------ helpers


def given4(*hands: str) -> dict[str, Any]:
    """A four-player deal, seats 0..3, each hand in dealt order (S3.6)."""
    return {"hands": [hand.split() for hand in hands], "trump_card": None, "stock": []}


def given2(seat0: str, seat1: str, trump_card: str, stock: str) -> dict[str, Any]:
    """A two-player deal: hands in dealt order, the trump card, the stock top first (S3.6)."""
    return {"hands": [seat0.split(), seat1.split()], "trump_card": trump_card, "stock": stock.split()}


def run(game: ref.Game, actions: str) -> None:
    """Apply actions separated by ';'."""
    for action in actions.split(";"):
        game.apply(action.strip())


def by_id(cards: list[str]) -> list[str]:
    return sorted(cards, key=parse_card)


def plays(cards: str) -> list[str]:
    return [f"play {card}" for card in cards.split()]


def rules4(**knobs: Any) -> dict[str, Any]:
    """Fixed partners, no bidding, no spritze unless asked (S10 knobs)."""
    return ref.make_rules(**{"bidding": False, "spritze": False, **knobs})


def game_of(deal: dict[str, Any], rules: dict[str, Any], actions: str = "", seed: int = 5) -> ref.Game:
    game = ref.Game(rules, seed, dealer=0, deal=deal)
    if actions:
        run(game, actions)
    return game


# Hand-made deals (dealer 0). Card points (S1.2): A 11, 10 10, K 4, O 3, U 2.
# A: forehand holds every trump but the Unter once he names Hearts, and the Hearts marriage.
DEAL_A = given4("SU E10 EK EO EU", "HA H10 HK HO LA", "HU LK LO LU SA", "L10 S10 SK SO EA")
# C: for S6.3 following and heading in the led suit (trump H).
DEAL_C = given4("H10 S10 EK EO E10", "HA LU SA EA EU", "LK L10 SK SO SU", "LA LO HK HO HU")
# D: for S6.3 trumping and heading with trumps (trump H).
DEAL_D = given4("SO SU S10 EU E10", "H10 SA SK LA LK", "HO LO LU L10 EA", "HA HK HU EK EO")
# K: forehand's first three are SU HU LK, his fourth EU; seat 3 holds the Acorns marriage.
DEAL_K = given4("S10 H10 L10 HO EA", "SU HU LK EU LO", "SA HA LU SO E10", "SK HK LA EK EO")
# I: for the last trick (S7.3), trump E.
DEAL_I = given4("HK HO LK SK SO", "EU LU SU HU LO", "EA HA LA SA EK", "E10 H10 L10 S10 EO")
# E: two players, trump card HA; forehand (seat 1) holds the trump Unter and the trump marriage.
DEAL_E = given2("EA E10 EK LU LO", "HU HK HO SA S10", "HA", "LA L10 LK SK SO SU EO EU H10")
# H: two players, trump card HU; forehand holds four trumps and SU.
DEAL_H = given2("SA S10 LU LA EU", "HA H10 HK HO SU", "HU", "EA E10 EK EO L10 LK LO SK SO")


# ============================================================== (a) self-checks: S1 cards


def test_s1_3_canonical_deck_and_s1_2_points() -> None:
    assert ref.PACK == (0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20, 24, 25, 26, 27, 28)
    assert [card_text(c) for c in ref.PACK[:5]] == ["HA", "HK", "HO", "HU", "H10"]
    assert sum(ref.points(card) for card in ref.PACK) == 120
    assert [ref.points(parse_card(t)) for t in ("SA", "S10", "SK", "SO", "SU")] == [11, 10, 4, 3, 2]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("play S6", "S1.1"),
        ("play H9", "S1.1"),
        ("call E7", "S1.1"),
        ("play W", "S1.1"),
        ("play XY", "S11"),
        ("jump", "S11"),
        ("", "S11"),
        ("trump X", "S11"),
        ("meld", "S11"),
        ("play HA HK", "S11"),
        ("bid gang", "S11"),
    ],
)
def test_s9_s11_s1_1_text_that_is_no_action_is_refused(text: str, rule: str) -> None:
    with pytest.raises(ValueError, match=f"^{rule}:"):
        ref.parse_action(text)


def test_s11_parsing_is_case_insensitive_and_action_ids_follow_the_docs() -> None:
    assert ref.parse_action("PLAY h10") == ("play", 4)
    assert ref.parse_action(" Trump e ") == ("trump", 3)
    assert ref.NUM_ACTIONS == 61
    texts = ref.ACTION_TEXTS
    assert texts[:12] == [
        "cut",
        "knock",
        "trump H",
        "trump L",
        "trump S",
        "trump E",
        "turn",
        "pass",
        "schnapser",
        "gang",
        "bauernschnapser",
        "kontraschnapser",
    ]
    assert (
        texts[12] == "call HA"
        and texts[16] == "call H10"
        and texts[17] == "call LA"
        and texts[31] == "call E10"
    )
    assert texts[32:41] == [
        "spritze",
        "retour",
        "exchange",
        "close",
        "meld H",
        "meld L",
        "meld S",
        "meld E",
        "claim",
    ]
    assert texts[41] == "play HA" and texts[45] == "play H10" and texts[60] == "play E10"


# ================================================================= S3 the deal


def test_s3_1_s3_2_s3_3_shuffle_and_cut_recomputed_by_hand() -> None:
    """S3.1: deal k uses mix64(S + (k+1)*gamma); S3.2 Fisher-Yates from 19 down; S3.3 c after it."""
    seed, k = 123456789, 3
    gen = SplitMix64(mix64(seed + (k + 1) * GAMMA))
    deck = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20, 24, 25, 26, 27, 28]
    for i in range(19, 0, -1):
        j = gen.bounded(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    c = 1 + gen.bounded(19)
    assert ref.shuffled_deck(seed, k) == (deck, c)
    assert 1 <= c <= 19
    assert ref.cut_deck(deck, c) == deck[c:] + deck[:c]


def test_s3_4_four_players_cut_three_then_two_from_forehand() -> None:
    deck = list(ref.PACK)  # an unshuffled deck makes every packet visible
    hands, trump_card, stock = ref.arrange(deck, 4, dealer=0, knock=False)
    texts = [[card_text(c) for c in hand] for hand in hands]
    # forehand (seat 1) gets cards 1-3 and 13-14, the dealer (seat 0) cards 10-12 and 19-20
    assert texts[1] == ["HA", "HK", "HO", "SO", "SU"]
    assert texts[2] == ["HU", "H10", "LA", "S10", "EA"]
    assert texts[3] == ["LK", "LO", "LU", "EK", "EO"]
    assert texts[0] == ["L10", "SA", "SK", "EU", "E10"]
    assert trump_card is None and stock == []


def test_s3_4_four_players_knock_five_at_a_time() -> None:
    hands, _trump_card, _stock = ref.arrange(list(ref.PACK), 4, dealer=2, knock=True)
    texts = [[card_text(c) for c in hand] for hand in hands]
    assert texts[3] == ["HA", "HK", "HO", "HU", "H10"]  # forehand of dealer 2
    assert texts[0] == ["LA", "LK", "LO", "LU", "L10"]
    assert texts[1] == ["SA", "SK", "SO", "SU", "S10"]
    assert texts[2] == ["EA", "EK", "EO", "EU", "E10"]


def test_s3_5_two_players_trump_card_between_the_packets() -> None:
    hands, trump_card, stock = ref.arrange(list(ref.PACK), 2, dealer=0, knock=False)
    assert [card_text(c) for c in hands[1]] == ["HA", "HK", "HO", "LO", "LU"]  # forehand: 1-3, 8-9
    assert [card_text(c) for c in hands[0]] == ["HU", "H10", "LA", "L10", "SA"]  # 4-6, 10-11
    assert trump_card == parse_card("LK")  # card 7
    assert [card_text(c) for c in stock] == ["SK", "SO", "SU", "S10", "EA", "EK", "EO", "EU", "E10"]


def test_s3_5_two_players_knock_trump_card_after_the_hands() -> None:
    hands, trump_card, stock = ref.arrange(list(ref.PACK), 2, dealer=1, knock=True)
    assert [card_text(c) for c in hands[0]] == ["HA", "HK", "HO", "HU", "H10"]  # forehand of dealer 1
    assert [card_text(c) for c in hands[1]] == ["LA", "LK", "LO", "LU", "L10"]
    assert trump_card == parse_card("SA")
    assert [card_text(c) for c in stock] == ["SK", "SO", "SU", "S10", "EA", "EK", "EO", "EU", "E10"]


def test_s3_6_deal_lists_dealt_order_from_the_cut_deck() -> None:
    for players in (2, 4):
        rules = ref.make_rules(players=players)
        for knock in (False, True):
            deck, c = ref.shuffled_deck(99, 4)
            dealt = ref.deal(99, rules, hand=4, dealer=1, knock=knock)
            expected = ref.arrange(deck if knock else deck[c:] + deck[:c], players, 1, knock)
            assert dealt["hands"] == [[card_text(x) for x in hand] for hand in expected[0]]
            assert len(dealt["stock"]) == (9 if players == 2 else 0)
            assert (dealt["trump_card"] is None) == (players == 4)
            every = [x for hand in dealt["hands"] for x in hand] + dealt["stock"]
            every += [] if dealt["trump_card"] is None else [dealt["trump_card"]]
            assert sorted(parse_card(x) for x in every) == list(ref.PACK)


def test_deal_vectors_file_is_what_the_reference_writes() -> None:
    data = json.loads(VECTORS.read_text())
    assert data == make_schnapsen_vectors.vectors()
    cases = {(v["players"], v["knock"]) for v in data["vectors"]}
    assert cases == {(2, False), (2, True), (4, False), (4, True)}
    assert {0, 2**64 - 1} <= {v["seed"] for v in data["vectors"]}


def test_s3_deal_refuses_bad_arguments() -> None:
    rules = ref.make_rules()
    with pytest.raises(ValueError, match=r"^S3.1"):
        ref.deal(2**64, rules)
    with pytest.raises(ValueError, match=r"^S3.1"):
        ref.deal(-1, rules)
    with pytest.raises(ValueError, match=r"^S2.1"):
        ref.deal(1, rules, dealer=4)
    with pytest.raises(ValueError, match=r"^S3.1"):
        ref.deal(1, rules, hand=-1)


# ================================================================= S10 rules


def test_s10_presets_row_by_row() -> None:
    assert ref.PRESETS["bauernschnapsen"] == {
        "players": 4,
        "partners": "fixed",
        "knock": True,
        "bidding": True,
        "spritze": True,
        "retour": False,
        "claim": "explicit",
        "must_head": "never",
        "closing": False,
        "one_point_from": 34,
        "target": 21,
    }
    assert ref.PRESETS["bauernschnapsen_called"] == {**ref.PRESETS["bauernschnapsen"], "partners": "called"}
    assert ref.PRESETS["bauernschnapsen_2"] == {
        "players": 2,
        "partners": "fixed",
        "knock": True,
        "bidding": False,
        "spritze": False,
        "retour": False,
        "claim": "explicit",
        "must_head": "never",
        "closing": False,
        "one_point_from": 34,
        "target": 21,
    }
    assert ref.PRESETS["schnapsen"] == {
        "players": 2,
        "partners": "fixed",
        "knock": False,
        "bidding": False,
        "spritze": False,
        "retour": False,
        "claim": "explicit",
        "must_head": "always",
        "closing": True,
        "one_point_from": 33,
        "target": 7,
    }


def test_s10_rules_start_from_the_preset_of_the_player_count() -> None:
    assert ref.make_rules() == ref.PRESETS["bauernschnapsen"]
    assert ref.make_rules(players=2) == ref.PRESETS["bauernschnapsen_2"]
    assert ref.make_rules(players=2, closing=True)["closing"] is True
    assert ref.make_rules("schnapsen", target=3)["target"] == 3
    assert ref.make_rules("bauernschnapsen_2", players=4)["closing"] is False


@pytest.mark.parametrize(
    ("preset", "knobs"),
    [
        (None, {"players": 3}),
        (None, {"players": True}),
        (None, {"colour": "red"}),
        (None, {"target": 0}),
        (None, {"target": "21"}),
        (None, {"one_point_from": 35}),
        (None, {"partners": "random"}),
        (None, {"claim": "loud"}),
        (None, {"must_head": "sometimes"}),
        (None, {"knock": 1}),
        (None, {"closing": True}),
        (None, {"retour": True, "spritze": False}),
        (None, {"players": 2, "partners": "called"}),
        (None, {"players": 2, "retour": True}),
        ("schnapsen", {"players": 4}),
        ("bauernschnapsen", {"players": 2}),
        ("tyrol", {}),
    ],
)
def test_s10_refusals(preset: str | None, knobs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"^S10"):
        ref.make_rules(preset, **knobs)


# ============================================================ S3/S4 deal and trump in a game


def test_s3_3_cutter_acts_first_with_nothing_dealt() -> None:
    rules = ref.make_rules()
    game = ref.Game(rules, 7)
    assert game.current_player == 3  # the cutter: dealer 0 - 1
    assert game.legal_actions() == ["cut", "knock"]
    assert game.hands == [[], [], [], []]
    assert (game.trump, game.contract, game.declarer) == (None, None, None)  # reading D1


def test_s3_3_s4_1_knock_deals_five_and_cut_deals_three_before_the_trump_choice() -> None:
    rules = ref.make_rules()
    knocked = ref.Game(rules, 7)
    knocked.apply("knock")
    dealt = ref.deal(7, rules, knock=True)["hands"]
    assert knocked.hands == [by_id(hand) for hand in dealt]  # reading D3
    assert knocked.current_player == 1
    first_three_suits = sorted({"HLSE".index(card[0]) for card in dealt[1][:3]})
    assert knocked.legal_actions() == [f"trump {'HLSE'[s]}" for s in first_three_suits] + ["turn"]
    knocked.apply("turn")
    assert knocked.trump == dealt[1][3][0]  # S4.1: the suit of his fourth card

    cut = ref.Game(rules, 7)
    cut.apply("cut")
    dealt = ref.deal(7, rules)["hands"]
    assert cut.hands == [by_id(hand[:3]) for hand in dealt]
    cut.apply("turn")
    assert cut.hands == [by_id(hand) for hand in dealt]  # the second packet after the choice
    assert cut.trump == dealt[1][3][0]
    assert cut.current_player == 1 and cut.contract is None  # S5.2: forehand speaks first


def test_s4_1_trump_named_among_the_first_three_or_turned() -> None:
    game = game_of(DEAL_K, rules4())
    assert game.current_player == 1
    assert game.hands == [by_id(h.split()[:3]) for h in ("S10 H10 L10", "SU HU LK", "SA HA LU", "SK HK LA")]
    assert game.legal_actions() == ["trump H", "trump L", "trump S", "turn"]  # no Acorns among SU HU LK
    with pytest.raises(ValueError, match=r"^S4.1"):
        game.apply("trump E")
    game.apply("turn")
    assert game.trump == "E"  # his fourth card is EU
    assert game.hands[1] == ["HU", "LK", "LO", "SU", "EU"]
    assert (game.contract, game.declarer) == ("normal", 1)  # bidding off (reading D2)


def test_s4_2_s5_3_two_players_trump_card_contract_at_once() -> None:
    game = game_of(DEAL_E, ref.make_rules("schnapsen"))
    assert (game.trump, game.contract, game.declarer, game.current_player) == ("H", "normal", 1, 1)
    assert game.trump_card == "HA"
    assert game.stock_count == 10  # nine face down and the trump card (docs)
    assert game.hands == [["LO", "LU", "EA", "EK", "E10"], ["HK", "HO", "HU", "SA", "S10"]]


def test_s3_given_deal_is_checked() -> None:
    rules = ref.make_rules()
    bad = [
        given4("SU E10 EK EO", "HA H10 HK HO LA", "HU LK LO LU SA", "L10 S10 SK SO EA"),  # 4 cards
        given4("SU E10 EK EO HA", "HA H10 HK HO LA", "HU LK LO LU SA", "L10 S10 SK SO EA"),  # HA twice
        given4("SU E10 EK EO S6", "HA H10 HK HO LA", "HU LK LO LU SA", "L10 S10 SK SO EA"),  # not in pack
        {**DEAL_A, "trump_card": "EU"},
        {"hands": DEAL_A["hands"], "extra": 1},
        DEAL_A["hands"],
    ]
    for deal in bad:
        with pytest.raises(ValueError, match=r"^S(3.7|1.1)"):
            ref.Game(rules, 1, deal=deal)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^S3.5"):
        ref.Game(ref.make_rules(players=2), 1, deal={"hands": DEAL_E["hands"], "trump_card": "HA"})


# ================================================================= S5 bidding, calling, doubling


def test_s5_2_bidding_fixed_partners_who_may_announce_what() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H")
    assert game.current_player == 1 and game.contract is None
    assert game.legal_actions() == ["pass", "schnapser", "gang", "bauernschnapser"]  # forehand
    game.apply("schnapser")
    assert game.current_player == 2
    assert game.legal_actions() == ["pass", "gang", "kontraschnapser"]  # an opponent of forehand
    game.apply("gang")
    assert game.legal_actions() == ["pass", "bauernschnapser"]  # forehand's partner, above 9
    with pytest.raises(ValueError, match=r"^S5.2"):
        game.apply("schnapser")
    with pytest.raises(ValueError, match=r"^S5.1"):
        game.apply("kontraschnapser")
    game.apply("pass")
    assert game.legal_actions() == ["pass", "kontraschnapser"]
    game.apply("kontraschnapser")
    assert (game.contract, game.declarer, game.trump) == ("kontraschnapser", 0, "H")
    assert game.current_player == 1  # S5.1: forehand leads a kontraschnapser
    assert "meld H" in game.legal_actions()  # S6.6: marriages exist in kontraschnapser


def test_s5_2_equal_values_cannot_follow_each_other() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H; bauernschnapser")
    assert game.legal_actions() == ["pass"]  # kontraschnapser is not higher than 12


def test_s5_2_bidding_called_partner() -> None:
    game = game_of(DEAL_A, ref.make_rules("bauernschnapsen_called", spritze=False), "trump H")
    assert game.legal_actions() == ["pass", "schnapser", "gang", "bauernschnapser"]
    game.apply("pass")
    for seat in (2, 3, 0):
        assert game.current_player == seat
        assert game.legal_actions() == ["pass", "gang", "kontraschnapser"]  # any seat but forehand
        game.apply("pass")
    assert (game.contract, game.declarer) == ("normal", 1)  # S5.2: all passed


def test_s5_4_call_a_card_its_holder_is_partner() -> None:
    game = game_of(
        DEAL_A, ref.make_rules("bauernschnapsen_called", spritze=False), "trump H; pass; pass; pass; pass"
    )
    assert game.current_player == 1
    assert game.legal_actions() == [f"call {card_text(c)}" for c in ref.PACK]
    game.apply("call EA")
    assert game.partner == 3 and game.called_card == "EA"
    assert game.side(1) == frozenset({1, 3}) and game.side(0) == frozenset({0, 2})
    assert game.current_player == 1  # forehand leads


def test_s5_4_s2_3_calling_own_card_plays_alone_and_every_defender_scores() -> None:
    rules = ref.make_rules("bauernschnapsen_called", spritze=False)
    won = game_of(DEAL_A, rules, "trump H; pass; pass; pass; pass; call HA")
    assert won.side(1) == frozenset({1}) and won.side(2) == frozenset({0, 2, 3})
    # S6.6 marriage 40 waits; trick 1: HK 4 + HU 2 + EA 11 + E10 10 = 27, so 67; S8.1: 3
    run(won, "meld H; play HK; play HU; play EA; play E10; claim")
    assert won.scores == [0, 3, 0, 0]
    lost = game_of(DEAL_A, rules, "trump H; pass; pass; pass; pass; call HA")
    run(lost, "play HA; play HU; play EA; play E10; claim")  # 34 points: wrong (S8.2)
    assert lost.scores == [3, 0, 3, 3]  # reading D12: each defender adds 3


def test_s5_4_no_call_in_gang_or_bauernschnapser() -> None:
    game = game_of(
        DEAL_A, ref.make_rules("bauernschnapsen_called", spritze=False), "trump H; gang; pass; pass; pass"
    )
    assert (game.contract, game.declarer, game.trump) == ("gang", 1, None)
    assert game.current_player == 1 and game.legal_actions()[0] == "play HA"
    assert game.side(1) == frozenset({1})


def test_s5_5_spritze_fixed_only_the_other_team_from_the_declarers_left_doubles() -> None:
    game = game_of(DEAL_A, ref.make_rules(), "trump H; gang; pass; pass; pass")
    assert (game.contract, game.declarer, game.trump) == ("gang", 1, None)
    assert game.current_player == 2 and game.legal_actions() == ["pass", "spritze"]
    game.apply("pass")
    assert game.current_player == 0  # seat 3 is the declarer's partner
    game.apply("spritze")
    assert game.current_player == 1  # S5.1: the declarer leads a gang
    # S5.1/S6.2: no trump; forehand wins all five tricks with HA, H10, HK, HO, LA
    run(
        game,
        "play HA; play HU; play SO; play SU; play H10; play LU; play SK; play EU; play HK; play LO; "
        "play S10; play EO; play HO; play LK; play EA; play EK; play LA; play SA; play L10; play E10",
    )
    assert game.scores == [0, 18, 0, 18]  # S8.4 gang 9, S8.5 doubled
    assert game.hand_number == 1 and game.dealer == 1


def test_s5_5_spritze_called_every_seat_but_the_declarer_speaks() -> None:
    game = game_of(
        DEAL_A, ref.make_rules("bauernschnapsen_called"), "trump H; pass; pass; pass; pass; call EA"
    )
    for seat in (2, 3, 0):  # the secret partner 3 too (docs)
        assert game.current_player == seat and game.legal_actions() == ["pass", "spritze"]
        game.apply("pass")
    assert game.current_player == 1 and game.multiplier == 1


def test_s5_5_retour_quadruples_the_score() -> None:
    game = game_of(DEAL_A, ref.make_rules(retour=True), "trump H; pass; pass; pass; pass; spritze")
    assert game.current_player == 1 and game.legal_actions() == ["pass", "retour"]
    run(game, "retour; meld H; play HK; play HU; play EA; play E10; claim")
    assert game.scores == [0, 12, 0, 12]  # S8.1 3 points, S8.5 times four


# ================================================================= S5.1 contracts


def test_s5_1_schnapser_won_at_the_end_of_trick_1() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H; schnapser; pass; pass; pass")
    assert (game.contract, game.declarer, game.current_player) == ("schnapser", 1, 1)
    # marriage 40 credited by trick 1 (HK 4 + HU 2 + EA 11 + E10 10): 67 >= 66
    run(game, "meld H; play HK; play HU; play EA; play E10")
    assert game.scores == [0, 6, 0, 6]


def test_s5_1_schnapser_by_forehands_partner_forehand_leads() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H; pass; pass; schnapser; pass")
    assert (game.contract, game.declarer, game.current_player) == ("schnapser", 3, 1)


def test_s5_1_schnapser_lost_without_66_after_trick_3() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H; schnapser; pass; pass; pass")
    run(game, "play HA; play HU; play SO; play SU")  # 11 + 2 + 3 + 2 = 18
    assert "claim" not in game.legal_actions()  # S7.4
    run(game, "play H10; play LU; play SK; play EU")  # 10 + 2 + 4 + 2 = 18: 36
    run(game, "play HK; play LO; play S10; play EO")  # 4 + 3 + 10 + 3 = 20: 56 < 66
    assert game.scores == [6, 0, 6, 0]


def test_s5_1_kontraschnapser_lost() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H; pass; kontraschnapser; pass; pass")
    assert (game.contract, game.declarer, game.current_player) == ("kontraschnapser", 2, 1)
    run(game, "play HA; play HU; play SO; play SU; play H10; play LU; play SK; play EU")
    assert game.scores == [0, 0, 0, 0]
    run(game, "play HK; play LO; play S10; play EO")  # the declaring side {0, 2} has no point
    assert game.scores == [0, 12, 0, 12]


def test_s5_1_gang_lost_at_the_first_trick_of_another_seat() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H; pass; gang; pass; pass")
    assert (game.contract, game.declarer, game.trump, game.current_player) == ("gang", 2, None, 2)
    run(game, "play SA")
    assert game.legal_actions() == plays("SK SO S10")  # S6.3.1
    run(game, "play S10; play SU; play HA")  # gang: no trump, SA wins
    assert game.scores == [0, 0, 0, 0] and game.trick_index == 1
    run(game, "play LK; play L10; play EU; play LA")  # forehand's LA wins
    assert game.scores == [0, 9, 0, 9]


def test_s5_1_bauernschnapser_lost_when_the_declarers_partner_wins_a_trick() -> None:
    game = game_of(DEAL_A, rules4(bidding=True), "trump H; pass; pass; bauernschnapser; pass")
    assert (game.contract, game.declarer, game.trump, game.current_player) == ("bauernschnapser", 3, "H", 3)
    assert "meld" not in " ".join(game.legal_actions())
    run(game, "play L10; play SU; play LA; play LU")  # the partner (seat 1) wins with LA
    assert game.scores == [12, 0, 12, 0]


# ================================================================= S6 playing


def test_s6_3_follow_then_head_in_the_led_suit() -> None:
    for must_head, seat3 in (("never", plays("LA LO")), ("always", plays("LA"))):
        game = game_of(DEAL_C, rules4(must_head=must_head), "trump H; play LU")
        assert game.legal_actions() == plays("LK L10")
        game.apply("play LK")
        assert game.legal_actions() == seat3  # with must_head only LA beats LK
        game.apply("play LA")
        assert game.legal_actions() == plays("H10")  # S6.3.2: no Leaves, a trump
    game = game_of(DEAL_C, rules4(must_head="never"), "trump H; play LU; play LK")
    with pytest.raises(ValueError, match=r"^S6.3"):
        game.apply("play HK")


def test_s6_3_trump_and_head_with_trumps() -> None:
    expected = {"never": plays("HA HK HU"), "contracts": plays("HA HK HU"), "always": plays("HA HK")}
    for must_head, seat3 in expected.items():
        game = game_of(DEAL_D, rules4(must_head=must_head), "trump H; play SA")
        assert game.legal_actions() == plays("HO")  # seat 2: no Bells, one trump
        game.apply("play HO")
        assert game.legal_actions() == seat3  # HU does not beat HO
        game.apply("play HA")
        assert game.legal_actions() == plays("SO SU S10")  # nothing beats a trump Ace
    contract = game_of(
        DEAL_D,
        rules4(must_head="contracts", bidding=True),
        "trump H; schnapser; pass; pass; pass; play SA; play HO",
    )
    assert contract.legal_actions() == plays("HA HK")  # must_head applies in a schnapser


def test_s6_3_must_trump_even_over_the_partners_ace() -> None:
    game = game_of(DEAL_D, rules4(), "trump H; play LA")
    assert game.legal_actions() == plays("LO LU L10")
    game.apply("play LU")
    assert game.legal_actions() == plays("HA HK HU")
    with pytest.raises(ValueError, match=r"^S6.3: seat 3 holds no Leaves card but a trump"):
        game.apply("play EK")


def test_s6_4_s6_5_two_players_draw_exchange_and_free_play_while_the_stock_lasts() -> None:
    game = game_of(DEAL_E, ref.make_rules("bauernschnapsen_2"))
    assert game.legal_actions() == ["exchange", "meld H", *plays("HK HO HU SA S10")]  # closing off
    run(game, "play SA")
    assert game.legal_actions() == plays("LO LU EA EK E10")
    run(game, "play LU")  # seat 1 wins 13, draws LA; seat 0 draws L10
    assert game.hands == [["LO", "L10", "EA", "EK", "E10"], ["HK", "HO", "HU", "LA", "S10"]]
    assert (game.stock_count, game.trick_index, game.current_player) == (8, 1, 1)
    run(game, "play LA")
    assert game.legal_actions() == plays("LO L10 EA EK E10")  # S6.4: holding Leaves, free to play any
    run(game, "play L10; play S10; play SK; play LK; play LO")  # 21, 14, 7: seat 1 has 55
    assert game.stock_count == 2
    assert "exchange" in game.legal_actions()  # docs: while the last two remain
    run(game, "play SO; play SU")  # 5: seat 1 has 60; the loser draws the trump card last
    assert game.hands == [["HA", "EA", "EK", "EU", "E10"], ["HK", "HO", "HU", "H10", "EO"]]
    assert (game.stock_count, game.trump_card) == (0, None)
    assert game.legal_actions() == ["meld H", "claim", *plays("HK HO HU H10 EO")]
    assert game.side_points(frozenset({1})) == 60
    run(game, "play EO")
    assert game.legal_actions() == plays("EA EK EU E10")  # S6.3 once the stock is exhausted
    again = game_of(
        DEAL_E,
        ref.make_rules("bauernschnapsen_2"),
        "play SA; play LU; play LA; play L10; play S10; play SK; play LK; play LO; play SO; play SU",
    )
    run(again, "meld H; claim")  # credited at once: 60 + 40; S8.1: seat 0 has no trick
    assert again.scores == [0, 3]


def test_s6_5_exchange_then_s6_8_order() -> None:
    game = game_of(DEAL_E, ref.make_rules("schnapsen"))
    assert game.legal_actions() == ["exchange", "close", "meld H", *plays("HK HO HU SA S10")]
    game.apply("exchange")
    assert game.hands[1] == ["HA", "HK", "HO", "SA", "S10"]
    assert (game.trump_card, game.stock_count) == ("HU", 10)
    assert game.legal_actions() == ["close", "meld H", *plays("HA HK HO SA S10")]
    game.apply("meld H")
    assert game.legal_actions() == plays("HK HO")  # S6.8: after a meld only claim and K or O
    with pytest.raises(ValueError, match=r"^S6.8"):
        game.apply("close")
    with pytest.raises(ValueError, match=r"^S6.6"):
        game.apply("play HA")


def test_s6_6_marriage_credited_once_the_side_has_a_trick_then_s7_1_claim() -> None:
    game = game_of(DEAL_E, ref.make_rules("schnapsen"), "exchange; meld H")
    assert game.side_points(frozenset({1})) == 0  # waits for seat 1's first trick
    run(game, "play HK; play LU")  # 4 + 2 and the 40
    assert game.side_points(frozenset({1})) == 46
    assert game.hands == [["LO", "L10", "EA", "EK", "E10"], ["HA", "HO", "LA", "SA", "S10"]]
    assert game.legal_actions() == ["close", "claim", *plays("HA HO LA SA S10")]
    game.apply("claim")  # 46 < 66: wrong; S8.2 seat 0 has no trick: 3
    assert game.scores == [3, 0]
    assert (game.hand_number, game.dealer, game.current_player) == (1, 1, 0)
    assert game.trump == ref.deal(5, ref.make_rules("schnapsen"), hand=1, dealer=1)["trump_card"][0]


def test_s6_6_plain_marriage_is_20() -> None:
    game = game_of(
        DEAL_K,
        rules4(),
        "trump H; play SU; play SA; play SK; play S10; play HA; play HK; play H10; "
        "play HU; play LU; play LA; play L10; play LK",
    )
    assert game.current_player == 3 and game.side_points(frozenset({1, 3})) == 27
    game.apply("meld E")
    assert game.side_points(frozenset({1, 3})) == 47


# ================================================================ S7 claims, S8 scoring


def deal_k_after_three_tricks(**knobs: Any) -> ref.Game:
    """DEAL_K, trump E by turning EU: {0, 2} win 27 + 27, then seat 3 wins 27 with LA."""
    return game_of(
        DEAL_K,
        rules4(**knobs),
        "turn; play SU; play SA; play SK; play S10; play HA; play HK; "
        "play H10; play HU; play LU; play LA; play L10; play LK",
    )


def test_s8_1_correct_claim_one_point_when_the_others_have_34() -> None:
    game = deal_k_after_three_tricks()
    assert game.side_points(frozenset({0, 2})) == 54 and game.side_points(frozenset({1, 3})) == 27
    assert game.current_player == 3
    assert game.legal_actions() == ["meld E", "claim", *plays("EK EO")]
    game.apply("meld E")  # 40, credited at once: 67
    assert game.legal_actions() == ["claim", *plays("EK EO")]
    game.apply("claim")
    assert game.scores == [0, 1, 0, 1]  # the others have a trick and 54 >= 34


def test_s8_2_wrong_claim_two_points_when_the_others_have_a_trick() -> None:
    game = deal_k_after_three_tricks()
    game.apply("claim")  # 27 < 66
    assert game.scores == [2, 0, 2, 0]


def test_s7_2_automatic_claim_judges_the_winners_side_only() -> None:
    game = deal_k_after_three_tricks(claim="automatic")
    assert game.legal_actions() == ["meld E", *plays("EK EO")]  # no claim action
    game.apply("meld E")  # {1, 3}: 67, but no trick has ended (reading D9)
    run(game, "play EK; play EA; play EU; play E10")  # seat 0 wins 27: {0, 2} 81
    assert game.scores == [1, 0, 1, 0]  # S8.1: {1, 3} have a trick and 67 points


def test_s7_2_automatic_claim_after_the_first_trick() -> None:
    game = game_of(DEAL_A, rules4(claim="automatic"), "trump H; meld H; play HK; play HU; play EA; play E10")
    assert game.scores == [0, 3, 0, 3]  # 67 at the end of trick 1, the others have no trick


def test_s7_1_no_claim_on_the_first_lead() -> None:
    game = game_of(DEAL_A, rules4(), "trump H")
    assert game.legal_actions() == ["meld H", *plays("HA HK HO H10 LA")]
    with pytest.raises(ValueError, match=r"^S7.1"):
        game.apply("claim")


def test_s7_1_s8_2_wrong_claim_three_points_when_the_others_have_no_trick() -> None:
    game = game_of(DEAL_A, rules4(), "trump H; play HA; play HU; play EA; play E10; claim")  # 34 points
    assert game.scores == [3, 0, 3, 0]


def test_s7_3_last_trick_point_goes_to_its_winner_under_66() -> None:
    game = game_of(DEAL_I, rules4(), "trump E")
    run(game, "play HU; play HA; play H10; play HK")  # seat 2: 27
    run(game, "play SA; play S10; play SK; play SU")  # seat 2: 27, so 54
    run(game, "play EA; play EO; play HO; play EU")  # seat 2: 19, so 73 (not claimed, reading D10)
    run(game, "play LA; play L10; play LK; play LO")  # seat 2: 28, so 101
    assert game.legal_actions() == ["claim", "play EK"]
    run(game, "play EK; play E10; play SO; play LU")  # seat 3 wins the last trick: 19 < 66
    assert game.scores == [0, 1, 0, 1]


def test_s7_3_last_trick_with_66_is_a_correct_claim() -> None:
    game = game_of(DEAL_I, rules4(), "trump E")
    run(game, "play HU; play HA; play H10; play HO; play SA; play S10; play SO; play SU")  # {0, 2}: 52
    run(game, "play EA; play EO; play HK; play EU; play EK; play E10; play SK; play LO")  # 72; {1, 3}: 21
    run(game, "play L10; play LK; play LU; play LA")  # seat 2 wins the last trick: 99
    assert game.scores == [2, 0, 2, 0]  # S8.1: the others have a trick and 21 < 34


def test_s7_3_last_trick_point_is_doubled_by_spritze() -> None:
    game = game_of(DEAL_I, ref.make_rules(bidding=False), "trump E; pass; spritze")
    assert game.multiplier == 2 and game.current_player == 1
    run(
        game,
        "play HU; play HA; play H10; play HK; play SA; play S10; play SK; play SU; play EA; play EO; "
        "play HO; play EU; play LA; play L10; play LK; play LO; play EK; play E10; play SO; play LU",
    )
    assert game.scores == [0, 2, 0, 2]  # reading D11


# ================================================================= S6.7 close, S8.3


def test_s6_7_close_then_s8_3_closers_correct_claim_judged_at_closing() -> None:
    game = game_of(DEAL_H, ref.make_rules("schnapsen"))
    assert game.legal_actions() == ["close", "meld H", *plays("HA HK HO H10 SU")]
    game.apply("close")  # seat 0 has no trick and no point now
    assert game.legal_actions() == ["meld H", *plays("HA HK HO H10 SU")]
    run(game, "meld H; play HK")
    assert game.legal_actions() == plays("LA LU SA S10 EU")  # no Hearts, no trump: any
    run(game, "play LU")  # 6 and the 40: 46; nobody draws after a close
    assert game.stock_count == 10 and game.hands[1] == ["HA", "HO", "H10", "SU"]
    run(game, "play SU")
    assert game.legal_actions() == plays("SA S10")  # S6.3 from the close on, must_head always
    run(game, "play SA")  # seat 0 wins 13
    assert game.legal_actions() == ["claim", *plays("LA S10 EU")]
    run(game, "play EU")
    assert game.legal_actions() == plays("HA HO H10")  # must trump, each beats EU
    run(game, "play HO; play H10; play S10")  # 5, then 20: 71
    assert game.legal_actions() == ["claim", "play HA"]
    game.apply("claim")
    assert game.scores == [0, 3]  # S8.3: no trick at the close (now 1 trick, 13 points)


def test_s8_3_closer_short_of_66_at_the_last_trick() -> None:
    game = game_of(DEAL_H, ref.make_rules("schnapsen"))
    run(
        game,
        "close; play HK; play LU; play SU; play SA; play EU; play HO; play H10; play S10; play HA; play LA",
    )
    assert game.scores == [3, 0]  # 53 points: the opponent scores 3 (no trick at the close)


def test_s8_3_closers_wrong_claim() -> None:
    game = game_of(DEAL_H, ref.make_rules("schnapsen"), "close; meld H; play HK; play LU; claim")
    assert game.scores == [3, 0]


def test_s8_3_opponents_wrong_claim_is_s8_2() -> None:
    game = game_of(
        DEAL_H, ref.make_rules("schnapsen"), "close; meld H; play HK; play LU; play SU; play SA; claim"
    )
    assert game.scores == [0, 2]  # reading D8: the closer has a trick now


def test_s8_3_opponent_had_a_trick_when_the_stock_was_closed() -> None:
    game = game_of(DEAL_H, ref.make_rules("schnapsen"))
    run(game, "play SU; play SA")  # seat 0 wins 13, draws EA; seat 1 draws E10
    run(game, "play LU; play HK")  # seat 1 trumps: 6, draws EK; seat 0 draws EO
    assert game.hands == [["LA", "S10", "EA", "EO", "EU"], ["HA", "HO", "H10", "EK", "E10"]]
    run(game, "close; claim")  # 6 < 66
    assert game.scores == [2, 0]


def test_s7_2_automatic_claim_after_a_close() -> None:
    game = game_of(DEAL_H, ref.make_rules("schnapsen", claim="automatic"))
    run(game, "close; meld H; play HK; play LU; play SU; play SA; play EU; play HO; play H10; play S10")
    assert game.scores == [0, 3] and game.hand_number == 1  # 71 at the end of trick 4


# ================================================================= S8.6 the game


def test_s8_6_game_end_winners_and_bummerl() -> None:
    game = game_of(DEAL_A, rules4(target=3), "trump H; meld H; play HK; play HU; play EA; play E10; claim")
    assert game.scores == [0, 3, 0, 3]
    assert (game.is_over, game.winners, game.bummerl) == (True, [1, 3], [0, 2])
    assert game.current_player is None and game.legal_actions() == []
    assert (game.hand_number, game.dealer, game.contract) == (0, 0, "normal")  # reading D6
    with pytest.raises(ValueError, match=r"^S8.6"):
        game.apply("cut")


def test_s8_6_two_players_and_the_next_deals_from_the_seed() -> None:
    rules = ref.make_rules("schnapsen", target=5)
    game = game_of(DEAL_H, rules, "close; meld H; play HK; play LU; claim")
    assert game.scores == [3, 0] and not game.is_over
    assert (game.hand_number, game.dealer, game.current_player) == (1, 1, 0)
    dealt = ref.deal(5, rules, hand=1, dealer=1)
    assert game.hands == [by_id(hand) for hand in dealt["hands"]]
    assert game.trump_card == dealt["trump_card"] and game.stock_count == 10
    game.apply(game.legal_actions()[-1])
    assert game.ply == 6


def test_s2_1_dealer_passes_left_and_the_cutter_acts_first_in_the_next_deal() -> None:
    rules = rules4()
    game = game_of(DEAL_A, rules, "trump H; meld H; play HK; play HU; play EA; play E10; claim")
    assert (game.hand_number, game.dealer, game.current_player) == (1, 1, 0)  # the cutter of dealer 1
    assert game.legal_actions() == ["cut", "knock"] and game.hands == [[], [], [], []]
    game.apply("cut")
    dealt = ref.deal(5, rules, hand=1, dealer=1)
    assert game.hands == [by_id(hand[:3]) for hand in dealt["hands"]]
    assert game.current_player == 2  # forehand of dealer 1


# ================================================================= S9 refusals


def test_s9_illegal_actions_change_nothing() -> None:
    game = game_of(DEAL_A, rules4(), "trump H; play HA")
    before = (game.legal_actions(), game.hands, game.ply, game.current_player, game.trick)
    for text, rule in (
        ("play LK", "S6.3"),
        ("play EA", "S6.1"),
        ("claim", "S6.8"),
        ("spritze", "S5.5"),
        ("trump H", "S4.1"),
        ("call HA", "S5.4"),
        ("play S6", "S1.1"),
        ("hello", "S11"),
    ):
        with pytest.raises(ValueError, match=f"^{rule}"):
            game.apply(text)
    assert (game.legal_actions(), game.hands, game.ply, game.current_player, game.trick) == before
    game.apply("PLAY hu")  # S11: case-insensitive
    assert game.history[-1] == "play HU"


def test_seedless_game_draws_a_seed() -> None:
    game = ref.Game(ref.make_rules(), None)
    assert 0 <= game.seed < 2**64


def test_reference_random_games_keep_their_invariants() -> None:
    for index in range(40):
        rng = random.Random(f"self/{index}")
        knobs = random_knobs(rng)
        game = ref.Game(ref.make_rules(**knobs), rng.getrandbits(64), dealer=rng.randrange(knobs["players"]))
        steps = 0
        while not game.is_over:
            legal = game.legal_actions()
            assert legal and game.current_player is not None
            cards = sum(len(hand) for hand in game.hands) + game.stock_count + len(game.trick)
            assert cards <= 20
            before = list(game.scores)
            game.apply(choose(rng, game, legal, 0.5))
            assert all(a >= b for a, b in zip(game.scores, before, strict=False))
            if game.rules["partners"] == "fixed" and game.n == 4:
                assert game.scores[0] == game.scores[2] and game.scores[1] == game.scores[3]
            steps += 1
            assert steps < 20000
        assert game.winners and game.bummerl and game.legal_actions() == []


# ============================================================= (b) differential vs the engine


def random_knobs(rng: random.Random) -> dict[str, Any]:
    """A random valid knob combination (S10)."""
    players = rng.choice((2, 4))
    knobs: dict[str, Any] = {"players": players}
    if players == 2:
        knobs.update(partners="fixed", bidding=False, spritze=False, retour=False, closing=rng.random() < 0.6)
    else:
        spritze = rng.random() < 0.7
        knobs.update(
            partners=rng.choice(("fixed", "called")),
            bidding=rng.random() < 0.75,
            spritze=spritze,
            retour=spritze and rng.random() < 0.5,
            closing=False,
        )
    knobs.update(
        knock=rng.random() < 0.5,
        claim=rng.choice(("explicit", "automatic")),
        must_head=rng.choice(("never", "contracts", "always")),
        one_point_from=rng.choice((33, 34)),
        target=rng.choice((1, 2, 4, 7, 11, 21)),
    )
    return knobs


QUIET = ("play", "pass", "cut", "knock", "trump", "turn", "call", "exchange", "meld")


def choose(rng: random.Random, game: ref.Game, legal: list[str], calm: float) -> str:
    """A random action; with probability `calm` a quiet one; a correct claim is often taken."""
    seat = game.current_player
    if (
        "claim" in legal
        and seat is not None
        and game.side_points(game.side(seat)) >= ref.WIN
        and rng.random() < 0.8
    ):
        return "claim"
    if rng.random() < calm:
        quiet = [action for action in legal if action.split()[0] in QUIET]
        if quiet:
            return rng.choice(quiet)
    return rng.choice(legal)


GARBAGE = [
    "",
    "   ",
    "jump",
    "play",
    "play S6",
    "play H9",
    "play XY",
    "trump X",
    "meld",
    "call W",
    "play HA HK",
    "bid gang",
    "trump",
    "claim now",
    "pass pass",
]
RULE_ID = re.compile(r"\bS(1[0-2]|[1-9])(\.\d+)*\b")


@pytest.fixture(scope="module")
def engine() -> ModuleType:
    return pytest.importorskip("bieten.schnapsen")


def engine_view(game: Any) -> tuple[Any, ...]:
    return (
        [str(action) for action in game.legal_actions()],
        game.current_player,
        [list(hand) for hand in game.hands],
        game.trump,
        game.contract,
        game.declarer,
        list(game.scores),
        bool(game.is_over),
        list(game.winners),
        list(game.bummerl),
        game.hand_number,
        game.dealer,
    )


def reference_view(game: ref.Game) -> tuple[Any, ...]:
    return (
        game.legal_actions(),
        game.current_player,
        game.hands,
        game.trump,
        game.contract,
        game.declarer,
        list(game.scores),
        game.is_over,
        list(game.winners),
        list(game.bummerl),
        game.hand_number,
        game.dealer,
    )


FIELDS = (
    "legal_actions",
    "current_player",
    "hands",
    "trump",
    "contract",
    "declarer",
    "scores",
    "is_over",
    "winners",
    "bummerl",
    "hand_number",
    "dealer",
)


def assert_same(eng: Any, mine: ref.Game, context: str) -> None:
    got, want = engine_view(eng), reference_view(mine)
    if got != want:
        pairs = zip(FIELDS, got, want, strict=True)
        diffs = [f"{name}: engine {g!r} != reference {w!r}" for name, g, w in pairs if g != w]
        raise AssertionError(f"{context}\nafter {mine.history[-12:]}\n" + "\n".join(diffs))


def engine_rules(schnapsen: ModuleType, preset: str | None, knobs: dict[str, Any]) -> Any:
    return schnapsen.Rules(**knobs) if preset is None else schnapsen.Rules.preset(preset, **knobs)


def play_both(
    schnapsen: ModuleType,
    preset: str | None,
    knobs: dict[str, Any],
    seed: int,
    dealer: int,
    rng: random.Random,
    given: dict[str, Any] | None = None,
    calm: float = 0.5,
    illegal: float = 0.1,
    max_steps: int = 5000,
) -> int:
    """Play one random game through both, comparing every field after every action."""
    mine = ref.Game(ref.make_rules(preset, **knobs), seed, dealer=dealer, deal=given)
    kwargs: dict[str, Any] = {"seed": seed, "dealer": dealer}
    if given is not None:
        kwargs["deal"] = given
    eng = schnapsen.Game(engine_rules(schnapsen, preset, knobs), **kwargs)
    context = f"preset={preset} knobs={knobs} seed={seed} dealer={dealer} given={given is not None}"
    assert eng.seed == seed
    steps = 0
    while True:
        assert_same(eng, mine, context)
        if mine.is_over:
            break
        legal = mine.legal_actions()
        if rng.random() < illegal:
            check_refusals(eng, mine, legal, rng, context)
        action = choose(rng, mine, legal, calm)
        sent = action.upper() if rng.random() < 0.1 else action  # S11: case-insensitive
        mine.apply(sent)
        eng.apply(sent)
        steps += 1
        assert steps < max_steps, context
    with pytest.raises(ValueError):
        eng.apply("pass")
    return steps


def check_refusals(eng: Any, mine: ref.Game, legal: list[str], rng: random.Random, context: str) -> None:
    """S9: actions that are not legal now, and text that is no action, are refused by both."""
    wrong = [text for text in ref.ACTION_TEXTS if text not in legal]
    candidates = [*rng.sample(wrong, min(3, len(wrong))), rng.choice(GARBAGE)]
    before = engine_view(eng)
    for text in candidates:
        with pytest.raises(ValueError) as mine_error:
            mine.apply(text)
        with pytest.raises(ValueError) as engine_error:
            eng.apply(text)
        assert RULE_ID.search(str(engine_error.value)), f"{context}: {text!r} -> {engine_error.value}"
        assert RULE_ID.search(str(mine_error.value))
    assert engine_view(eng) == before, context


def random_given(rng: random.Random, players: int) -> dict[str, Any]:
    cards = [card_text(card) for card in ref.PACK]
    rng.shuffle(cards)
    if players == 4:
        return {"hands": [cards[5 * i : 5 * i + 5] for i in range(4)], "trump_card": None, "stock": []}
    return {"hands": [cards[0:5], cards[5:10]], "trump_card": cards[10], "stock": cards[11:20]}


def sweep(schnapsen: ModuleType, label: str, presets: int, combos: int, givens: int) -> None:
    for preset in ref.PRESETS:
        for index in range(presets):
            rng = random.Random(f"{label}/{preset}/{index}")
            knobs = {"target": rng.choice((1, 3, 7, 21))} if index % 2 else {}
            players = ref.PRESETS[preset]["players"]
            play_both(
                schnapsen,
                preset,
                knobs,
                rng.getrandbits(64),
                rng.randrange(players),
                rng,
                calm=rng.choice((0.0, 0.5, 0.9)),
            )
    for index in range(combos):
        rng = random.Random(f"{label}/knobs/{index}")
        knobs = random_knobs(rng)
        seed = rng.choice((0, 2**64 - 1, rng.getrandbits(64)))
        play_both(
            schnapsen,
            None,
            knobs,
            seed,
            rng.randrange(knobs["players"]),
            rng,
            calm=rng.choice((0.0, 0.5, 0.9)),
        )
    for index in range(givens):
        rng = random.Random(f"{label}/given/{index}")
        knobs = random_knobs(rng)
        play_both(
            schnapsen,
            None,
            knobs,
            rng.getrandbits(64),
            rng.randrange(knobs["players"]),
            rng,
            given=random_given(rng, knobs["players"]),
            calm=0.5,
        )


def test_engine_plays_like_the_reference(engine: ModuleType) -> None:
    sweep(engine, "diff", presets=6, combos=60, givens=20)


@slow
@pytest.mark.slow
def test_engine_plays_like_the_reference_sweep(engine: ModuleType) -> None:
    sweep(engine, "sweep", presets=60, combos=1500, givens=300)


@pytest.mark.parametrize("name", sorted(ref.PRESETS))
def test_engine_hand_made_deals(engine: ModuleType, name: str) -> None:
    """The hand-made deals of (a), every legal path sampled, in each preset of their player count."""
    deals = (
        (DEAL_A, DEAL_C, DEAL_D, DEAL_K, DEAL_I) if ref.PRESETS[name]["players"] == 4 else (DEAL_E, DEAL_H)
    )
    for index, deal in enumerate(deals):
        for run_index in range(8):
            rng = random.Random(f"hand-made/{name}/{index}/{run_index}")
            play_both(
                engine, name, {"target": rng.choice((1, 3, 21))}, 17 + run_index, 0, rng, given=deal, calm=0.7
            )


def test_engine_refuses_bad_given_deals(engine: ModuleType) -> None:
    rules4_ = engine.Rules.preset("bauernschnapsen")
    rules2_ = engine.Rules.preset("schnapsen")
    a, e = DEAL_A["hands"], DEAL_E["hands"]
    bad4 = [
        {"hands": [a[0][:4], *a[1:]], "trump_card": None, "stock": []},
        {"hands": [["SU", "E10", "EK", "EO", "HA"], *a[1:]], "trump_card": None, "stock": []},
        {"hands": [["SU", "E10", "EK", "EO", "S6"], *a[1:]], "trump_card": None, "stock": []},
        {"hands": a[:3], "trump_card": None, "stock": []},
        {"hands": a, "trump_card": "EU", "stock": []},
    ]
    bad2 = [
        {"hands": e, "trump_card": "HA", "stock": DEAL_E["stock"][:8]},
        {"hands": e, "trump_card": "HA", "stock": [*DEAL_E["stock"][:8], "HA"]},
        {"hands": e, "trump_card": None, "stock": DEAL_E["stock"]},
        {"hands": [e[0], [*e[1][:4], "L7"]], "trump_card": "HA", "stock": DEAL_E["stock"]},
    ]
    for rules, deals, players in ((rules4_, bad4, 4), (rules2_, bad2, 2)):
        for deal in deals:
            with pytest.raises(ValueError):
                ref.check_given_deal(deal, players)
            with pytest.raises(ValueError):
                engine.Game(rules, seed=1, deal=deal)


def test_engine_rules_agree(engine: ModuleType) -> None:
    for name, knobs in ref.PRESETS.items():
        assert dict(engine.Rules.preset(name).to_dict()).items() >= knobs.items(), name
        assert engine.Rules.preset(name) == engine.Rules(**knobs)
    rng = random.Random("rules")
    for _ in range(200):
        knobs = random_knobs(rng)
        assert dict(engine.Rules(**knobs).to_dict()).items() >= ref.make_rules(**knobs).items()
    refused = [
        {"players": 3},
        {"target": 0},
        {"one_point_from": 35},
        {"closing": True},
        {"colour": 1},
        {"retour": True, "spritze": False},
        {"players": 2, "partners": "called"},
        {"knock": 1},
        {"players": 2, "bidding": True},
        {"must_head": "sometimes"},
        {"claim": "loud"},
    ]
    for knobs in refused:
        with pytest.raises(ValueError):
            ref.make_rules(**knobs)
        with pytest.raises(ValueError):
            engine.Rules(**knobs)
    with pytest.raises(ValueError):
        engine.Rules.preset("schnapsen", players=4)


def test_engine_deal_vectors(engine: ModuleType) -> None:
    data = json.loads(VECTORS.read_text())
    for vector in data["vectors"]:
        rules = engine.Rules(players=vector["players"])
        got = engine.deal(
            vector["seed"], rules, hand=vector["hand"], dealer=vector["dealer"], knock=vector["knock"]
        )
        want = {key: vector[key] for key in ("hands", "trump_card", "stock")}
        assert {key: got[key] for key in want} == want, vector


def test_engine_deal_agrees_with_the_reference(engine: ModuleType) -> None:
    rng = random.Random("deals")
    for _ in range(400):
        players = rng.choice((2, 4))
        seed = rng.getrandbits(rng.choice((8, 32, 64)))
        hand, dealer, knock = (
            rng.getrandbits(rng.choice((2, 16, 40))),
            rng.randrange(players),
            rng.random() < 0.5,
        )
        want = ref.deal(seed, ref.make_rules(players=players), hand=hand, dealer=dealer, knock=knock)
        got = engine.deal(seed, engine.Rules(players=players), hand=hand, dealer=dealer, knock=knock)
        assert {key: got[key] for key in want} == want, (seed, hand, dealer, players, knock)
