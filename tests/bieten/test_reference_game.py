"""Tests of the pure-Python reference game (tests/reference/game.py).

Every scripted hand starts from an explicit deal; the expected scores were worked out by
hand from docs/rules/bieten.md, citing the rule each step relies on. The last tests play seeded random
games over every preset, 2..5 players and 3/4-card hands, checking invariants.
"""

from __future__ import annotations

import itertools
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the reference package

from reference.cards import card_text
from reference.deal import deal, deal_from_deck, shuffled_and_cut
from reference.game import RefGame
from reference.rules import PRESETS, make_rules

RULE_ID = re.compile(r"^R\d+(\.\d+)?")


def new_game(
    preset: str, hands: list[str], dealer: int = 0, seed: int = 1, top_card: str | None = None, **overrides
) -> RefGame:
    rules = make_rules(preset, players=len(hands), **overrides)
    return RefGame(rules, seed, deal=[h.split() for h in hands], dealer=dealer, top_card=top_card)


def run(game: RefGame, *actions: str) -> None:
    for action in actions:
        game.apply(action)


def play(game: RefGame, *cards: str) -> None:
    """Play cards in turn; after each, `pass` when the player is asked to (R7.1)."""
    for card in cards:
        game.apply(f"play {card}")
        if "pass" in game.legal_actions():
            game.apply("pass")


def snapshot(game: RefGame) -> tuple:
    return (
        game.hand_number,
        game.dealer,
        [list(h) for h in game.hands],
        game.current_player,
        list(game.scores),
        game.is_over,
        game.winner,
        list(game.bummerl),
        game.credits(),
        game.legal_actions(),
        list(game.history),
    )


def assert_illegal(game: RefGame, action: str, rule: str) -> None:
    """R9: refused with an error naming the rule, and the state is unchanged."""
    before = snapshot(game)
    with pytest.raises(ValueError) as info:
        game.apply(action)
    assert str(info.value).startswith(rule), str(info.value)
    assert snapshot(game) == before


# --------------------------------------------------------------------- unbid hand


def test_unbid_hand_tyrol_every_figure_and_next_deal():
    # R2.2: dealer 0, forehand 1. Tyrol: natural rules, Weli point on.
    g = new_game("tyrol", ["HA LK S6", "HK HO E9", "LA LO EA", "SA SK E10"], seed=42)
    assert g.hands == [["HA", "LK", "S6"], ["HK", "HO", "E9"], ["LA", "LO", "EA"], ["SA", "SK", "E10"]]
    assert g.current_player == 1
    # R7.1: on turn before his card: play a card or open a bid (R7.2: he holds Red and
    # Hanger HK-HO; Spiel needs nothing; no Leaves, no set).
    assert g.legal_actions() == ["play HK", "play HO", "play E9", "bid red", "bid hanger", "bid spiel"]
    g.apply("play E9")
    # R7.1: after the card he may still open a bid, or pass.
    assert g.legal_actions() == ["bid red", "bid hanger", "bid spiel", "pass"]
    assert g.current_player == 1
    g.apply("pass")
    assert g.current_player == 2
    assert g.legal_actions()[:1] == ["play EA"]  # R4.2: must follow Acorns
    assert_illegal(g, "play LA", "R4.2")
    play(g, "EA", "E10", "LK")  # trick 1 won by EA (R4.3), seat 2 leads
    assert g.current_player == 2
    play(g, "LA", "SK", "S6", "HO")  # trick 2: seat 2
    play(g, "LO", "SA", "HA")
    # The last card of the hand: bidding ends (R7.1), the hand is scored and the next
    # one dealt at once (CONFORMANCE), with the dealer moving left (R2.2).
    g.apply("play HK")
    # R7.7/R8.1 unbid figures in order: Red HA (0), Green LA (2), Gleich LA+EA (2),
    # Hanger SA-SK beats HK-HO (3, R6.3), Spiel (2, R6.4); then the Weli point (0, R6.6).
    assert g.credits() == [
        (0, "red", 0, 1, "unbid"),
        (0, "green", 2, 1, "unbid"),
        (0, "gleich", 2, 1, "unbid"),
        (0, "hanger", 3, 1, "unbid"),
        (0, "spiel", 2, 1, "unbid"),
        (0, "weli", 0, 1, "weli point"),
    ]
    assert g.scores == [2, 0, 3, 1]
    assert g.hand_number == 1 and g.dealer == 1
    assert g.current_player == 2  # forehand of the new dealer
    rules = make_rules("tyrol")
    assert g.hands == [[card_text(c) for c in h] for h in deal(42, rules, hand=1, dealer=1)]
    assert not g.is_over and g.winner is None and g.bummerl == []


# -------------------------------------------------------------------- bids (R7)


def test_conceded_held_and_raise_conceded_bids():
    # 3 players, dealer 0, forehand 1.
    g = new_game("tyrol", ["H7 LA EK", "HA LO E9", "H10 L7 SA"])
    assert g.current_player == 1
    g.apply("bid red")
    # R7.4: answers clockwise from the bidder's left; seat 2 holds Red (H10).
    assert g.current_player == 2
    assert g.legal_actions() == ["good", "hold", "three"]
    assert_illegal(g, "play HA", "R7.1")  # nothing else happens during answers
    run(g, "good")
    assert g.current_player == 0
    run(g, "good")  # conceded at 1 to seat 1 (R7.4)
    # R7.1: several bids on one turn; Red cannot be bid twice.
    assert g.current_player == 1
    assert g.legal_actions() == ["play HA", "play LO", "play E9", "bid green", "bid spiel"]
    assert_illegal(g, "bid red", "R7.1")
    assert_illegal(g, "bid gleich", "R7.2")
    run(g, "bid green", "hold")  # seat 2 holds with L7: stands at 2
    # R7.6 re-raise: the bidder first, then the holder.
    assert g.current_player == 1 and g.legal_actions() == ["three", "pass"]
    run(g, "pass")
    assert g.current_player == 2 and g.legal_actions() == ["three", "pass"]
    run(g, "pass")
    assert g.current_player == 1  # back before his card
    run(g, "play E9")
    assert g.legal_actions() == ["bid spiel", "pass"]
    run(g, "bid spiel")
    assert g.current_player == 2
    run(g, "three")  # R7.4: seat 2 raises to three
    # R7.5: every other player answers clockwise from the raiser's left.
    assert g.current_player == 0 and g.legal_actions() == ["good", "hold"]
    assert_illegal(g, "three", "R7.5")
    run(g, "good")
    assert g.current_player == 1
    run(g, "good")  # raise conceded at 2 to seat 2
    # Seat 1 can open no more bids (no set, no run): his turn ends by itself (R7.1).
    assert g.current_player == 2
    play(g, "SA", "EK")  # trick 1: EK (seat 0) wins, SA not led suit
    assert g.current_player == 0
    play(g, "LA", "LO", "L7", "H7", "HA")
    g.apply("play H10")
    # R8.1 bid figures first, in order first bid: Red conceded at 1 (seat 1),
    # Green stands at 2 -> best Green LA is seat 0, who was never asked (R7.7);
    # Spiel raise conceded at 2 -> raiser seat 2. Unbid: no Gleich, no Hanger; no Weli.
    assert g.credits() == [
        (0, "red", 1, 1, "conceded"),
        (0, "green", 0, 2, "stands"),
        (0, "spiel", 2, 2, "raise conceded"),
    ]
    assert g.scores == [2, 1, 2]


def _hanger_three_game(**overrides) -> RefGame:
    # 2 players: dealer 0, forehand 1, cutter 0 (R2.2).
    g = new_game("bavaria", ["HK HO E7", "HA LK LO"], **overrides)
    run(g, "bid hanger", "hold")  # seat 0 holds HK-HO: stands at 2
    assert g.current_player == 1 and g.legal_actions() == ["three", "pass"]
    run(g, "three")  # R7.6: the bidder re-raises
    assert g.current_player == 0 and g.legal_actions() == ["good", "hold"]
    run(g, "hold")  # stands at 3 (R7.5)
    assert g.current_player == 1
    play(g, "HA", "HO", "LK", "E7", "LO", "HK")
    return g


def test_reraise_by_bidder_held_at_three_suit_priority():
    g = _hanger_three_game()
    # Hanger: LK-LO and HK-HO are equal 2-runs topped by a King; R6.5 suit priority
    # Leaves > Hearts gives it to seat 1: 3 points. Then Red, Green, Spiel (seat 1).
    assert g.credits() == [
        (0, "hanger", 1, 3, "stands at 3"),
        (0, "red", 1, 1, "unbid"),
        (0, "green", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [0, 6]


def test_bid_standing_with_no_best_figure_scores_nothing():
    g = _hanger_three_game(ties="no_point")
    # R6.5 no_point: the tied Hanger gives nobody the 3 points (R7.7).
    assert g.credits() == [
        (0, "red", 1, 1, "unbid"),
        (0, "green", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [0, 3]


def test_holder_reraises_after_bidder_passes_raise_conceded():
    # 3 players; forehand 1. Seat 1 bids Red, seat 2 holds, seat 1 passes, seat 2 raises;
    # the raise is answered from seat 2's left: seat 0, then seat 1 (R7.5).
    g = new_game("bavaria", ["HO L9 E8", "HA S9 E7", "H9 LA SK"])
    run(g, "bid red", "hold", "pass", "three")
    assert g.current_player == 0
    run(g, "good")
    assert g.current_player == 1 and g.legal_actions() == ["good", "hold"]
    run(g, "good")  # raise conceded at 2 to seat 2 (R7.5)
    assert g.current_player == 1
    play(g, "S9", "SK", "E8")  # trick 1: SK (seat 2)
    play(g, "LA", "L9", "E7")  # trick 2: LA (seat 2); order 2, 0, 1
    assert g.hand_number == 0
    play(g, "H9", "HO")
    g.apply("play HA")
    # Red: raise conceded -> raiser seat 2 gets 2, although seat 1 has HA (R7.7).
    # Green LA (2); no Gleich; Hanger none (HO/H9 are different seats); Spiel HA (1).
    assert g.credits() == [
        (0, "red", 2, 2, "raise conceded"),
        (0, "green", 2, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [0, 1, 3]


def test_no_reraise_when_switched_off():
    g = new_game("bavaria", ["HO L9 E8", "HA S9 E7", "H9 LA SK"], reraise=False)
    run(g, "bid red", "hold")
    # R7.6 off: the bid stands at 2 and seat 1 is back on turn before his card.
    assert g.current_player == 1
    assert g.legal_actions() == ["play HA", "play S9", "play E7", "bid spiel"]


def test_post_card_bid_then_turn_ends_by_itself_or_asks_again():
    # Tyrol, 3 players, forehand 1: HA HK E9 holds Red, Hanger and Spiel.
    g = new_game("tyrol", ["H7 L8 EA", "HA HK E9", "LA L9 S8"])
    run(g, "play E9")
    assert g.legal_actions() == ["bid red", "bid hanger", "bid spiel", "pass"]
    run(g, "bid red", "good", "good")
    # Still able to open Hanger and Spiel: asked again (choice C2 of game.py).
    assert g.current_player == 1
    assert g.legal_actions() == ["bid hanger", "bid spiel", "pass"]
    run(g, "bid hanger", "good", "good", "bid spiel", "good", "good")
    # Nothing left to open: his turn ended without a pass. Seat 2 has no Acorns (R4.2);
    # Red, Hanger and Spiel are bid already (R7.1), he holds Green (LA, L9).
    assert g.current_player == 2
    assert g.legal_actions() == ["play LA", "play L9", "play S8", "bid green"]


# ---------------------------------------------------------- score limit (R7.3)


def test_strict_limit_counts_secured_points_and_game_ends_mid_scoring():
    # target 4, strict: open iff s+2 <= 4, raise iff s+3 <= 4.
    g = new_game("tyrol", ["H9 L8 E7", "HA LA SA", "EK SK H7"], target=4)
    run(g, "bid red", "good", "good")  # seat 1 secures 1 (s = 1)
    run(g, "bid green", "good", "good")  # s = 2: may still open, may not raise
    assert g.legal_actions() == ["play HA", "play LA", "play SA", "bid gleich", "bid spiel"]
    run(g, "bid gleich")
    assert g.current_player == 2 and g.legal_actions() == ["good", "hold", "three"]
    run(g, "hold")
    # R7.6: the bidder may not raise (2 + 3 > 4), so he is not asked; the holder is.
    assert g.current_player == 2 and g.legal_actions() == ["three", "pass"]
    run(g, "pass")
    assert g.current_player == 1
    run(g, "bid spiel", "good", "good")  # s = 3 = target - 1: gespannt
    assert g.legal_actions() == ["play HA", "play LA", "play SA"]
    assert_illegal(g, "bid hanger", "R7.2")
    play(g, "SA", "SK", "E7", "HA", "H7", "H9", "LA", "EK")
    assert g.hand_number == 0
    g.apply("play L8")
    # R8.1: Red +1 (1), Green +1 (2), Gleich stands: three Aces beat two Kings, +2 -> 4:
    # R8.2 the game ends at once, the conceded Spiel and the rest are void.
    assert g.credits() == [
        (0, "red", 1, 1, "conceded"),
        (0, "green", 1, 1, "conceded"),
        (0, "gleich", 1, 2, "stands"),
    ]
    assert g.scores == [0, 4, 0]
    assert g.is_over and g.winner == 1 and g.bummerl == [0, 2]  # R8.3: equal lowest
    assert g.current_player is None and g.legal_actions() == []
    assert g.hand_number == 0
    assert_illegal(g, "play HA", "R8.2")


def test_gespannt_limit_may_hold_but_not_open_or_raise():
    # overbid gespannt, target 3: only s >= 2 is limited, and then neither opens nor raises.
    g = new_game("bavaria", ["H9 L8 E7", "HA LA SA", "EK SK H7"], target=3, overbid="gespannt")
    run(g, "bid red", "good", "good")  # s = 1
    run(g, "bid green", "good")
    assert g.legal_actions() == ["good", "hold", "three"]  # seat 0 holds L8 and may raise
    run(g, "good")  # s = 2: gespannt
    assert g.legal_actions() == ["play HA", "play LA", "play SA"]
    assert_illegal(g, "bid gleich", "R7.3")
    assert_illegal(g, "bid spiel", "R7.3")
    run(g, "play SA")  # nothing to open: turn ends (R7.1)
    assert g.current_player == 2
    run(g, "play SK")
    assert g.legal_actions() == ["bid gleich", "bid spiel", "pass"]
    run(g, "bid gleich")
    assert g.current_player == 0 and g.legal_actions() == ["good"]  # holds no set
    assert_illegal(g, "hold", "R7.2")
    run(g, "good")
    assert g.current_player == 1 and g.legal_actions() == ["good", "hold"]
    assert_illegal(g, "three", "R7.3")
    run(g, "hold")
    # R7.6: bidder seat 2 may re-raise; the gespannt holder would not be asked.
    assert g.current_player == 2 and g.legal_actions() == ["three", "pass"]
    run(g, "pass")
    assert g.current_player == 2 and g.legal_actions() == ["bid spiel", "pass"]
    run(g, "pass")
    play(g, "E7", "HA", "H7", "H9", "LA")
    # Last trick led Leaves: seat 2's EK is not of the led suit: no Spiel (R7.2), and he
    # can open nothing else, so no pass is asked.
    assert g.current_player == 2 and g.legal_actions() == ["play EK"]
    run(g, "play EK")
    g.apply("play L8")
    # Red +1, Green +1 (seat 1 = 2), Gleich stands at 2: AAA beats KK -> 4 >= 3: over.
    assert g.credits() == [
        (0, "red", 1, 1, "conceded"),
        (0, "green", 1, 1, "conceded"),
        (0, "gleich", 1, 2, "stands"),
    ]
    assert g.is_over and g.winner == 1 and g.bummerl == [0, 2]


def test_game_end_voids_remaining_credits_in_unbid_order():
    # target 2: the second credit to one player ends the game (R8.2).
    g = new_game("tyrol", ["HA LA E7", "H8 L8 E8", "S6 SA SK"], target=2)
    # Pass everything (Spiel is openable: 0 + 2 <= 2).
    play(g, "E8", "SK", "E7", "H8", "SA", "HA")
    assert g.current_player == 0
    play(g, "LA", "L8")
    g.apply("play S6")
    # Red HA (0) 1, Green LA (0) 2 -> game over; the rest (Gleich 888 of seat 1, Hanger
    # SK-S6... , Spiel, Weli) is void.
    assert g.credits() == [(0, "red", 0, 1, "unbid"), (0, "green", 0, 1, "unbid")]
    assert g.scores == [2, 0, 0] and g.winner == 0 and g.bummerl == [1, 2]


# ------------------------------------------------------------------ Spiel (R7.2)


def test_spiel_restriction_on_last_trick():
    g = new_game("tyrol", ["SA S9 EK", "HA HK E9", "LA L9 H7"])
    play(g, "HA", "H7", "S9", "HK", "L9")
    g.apply("play SA")
    # Completing trick 2, before the last trick is led: Spiel is still free (R7.1, R7.2).
    assert g.current_player == 0 and g.legal_actions() == ["bid spiel", "pass"]
    g.apply("pass")
    assert g.current_player == 1
    assert g.legal_actions() == ["play E9", "bid red", "bid hanger", "bid spiel"]
    g.apply("play E9")
    assert g.legal_actions() == ["bid red", "bid hanger", "bid spiel", "pass"]
    g.apply("pass")
    # Seat 2's last card LA is not of the led suit (Acorns): no Spiel.
    assert g.legal_actions() == ["play LA", "bid red", "bid green"]
    assert_illegal(g, "bid spiel", "R7.2")
    play(g, "LA")
    assert g.current_player == 0
    assert g.legal_actions() == ["play EK", "bid spiel"]
    g.apply("bid spiel")
    # Seat 1 played E9 (Acorns) in the last trick: he may hold.
    assert g.current_player == 1 and g.legal_actions() == ["good", "hold", "three"]
    g.apply("hold")
    run(g, "pass", "pass")  # R7.6: bidder then holder decline
    assert g.current_player == 0 and g.legal_actions() == ["play EK"]
    g.apply("play EK")
    # Spiel stands at 2: EK wins the last trick (seat 0). Red HA (1), Green LA (2),
    # Hanger HA-HK (1); no set; no Weli dealt.
    assert g.credits() == [
        (0, "spiel", 0, 2, "stands"),
        (0, "red", 1, 1, "unbid"),
        (0, "green", 2, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
    ]
    assert g.scores == [2, 2, 1]


def test_spiel_answer_only_good_when_last_card_off_suit():
    g = new_game("tyrol", ["SA S9 EK", "HA HK E9", "LA L9 H7"])
    play(g, "HA", "H7", "S9", "HK", "L9", "SA", "E9", "LA")
    run(g, "bid spiel", "good")
    assert g.current_player == 2 and g.legal_actions() == ["good"]
    assert_illegal(g, "hold", "R7.2")
    run(g, "good")  # conceded at 1 to seat 0
    g.apply("play EK")
    assert g.credits()[0] == (0, "spiel", 0, 1, "conceded")


# ------------------------------------------------------------------- wilds (R5)


def test_welibieten_naming_failed_suit_and_r5_5_holding():
    # dealer 1: forehand 2, order 2, 0, 1.
    g = new_game("welibieten", ["LK EA E8", "S6 HK E9", "LA L7 H10"], dealer=1)
    assert g.current_player == 2
    play(g, "L7", "LK")
    assert g.current_player == 1
    # R5.5: the Weli could be Leaves (Green), a King (Gleich), HA/HO (Hanger).
    acts = g.legal_actions()
    assert [a for a in acts if a.startswith("bid")] == [
        "bid red",
        "bid green",
        "bid gleich",
        "bid hanger",
        "bid spiel",
    ]
    plays = [a for a in acts if a.startswith("play")]
    # R5.3: no natural Leaves, so anything; the Weli as any of the 32 identities but
    # the cards dealt to him (HK, E9).
    assert len(plays) == 2 + 30
    assert "play S6 as LA" in plays and "play S6 as S7" in plays
    assert_illegal(g, "play S6 as HK", "R5.3")
    assert_illegal(g, "play S6", "R5.2")
    assert_illegal(g, "play HK as HA", "R5.1")
    assert_illegal(g, "play S6 as S6", "R5.2")
    g.apply("play E9")  # fails to follow Leaves (R5.3)
    # Green is no longer held: the Weli may never be named Leaves now.
    assert g.legal_actions() == ["bid red", "bid gleich", "bid hanger", "bid spiel", "pass"]
    assert_illegal(g, "bid green", "R7.2")
    g.apply("pass")
    assert g.current_player == 0  # LK won trick 1
    play(g, "E8")
    plays = [a for a in g.legal_actions() if a.startswith("play")]
    assert len(plays) == 1 + 22  # HK, Weli as non-Leaves but HK, E9
    assert_illegal(g, "play S6 as LA", "R5.3")
    play(g, "W as E10")  # R1.5 alias; named E10 beats E8 (R5.4)
    play(g, "H10")
    assert g.current_player == 1  # the named wild won trick 2
    play(g, "HK", "LA")
    g.apply("play EA")
    # Red HK (1) over H10; Green LA (2); no set; Hanger E10*-E9 (1); Spiel HK (1).
    assert g.credits() == [
        (0, "red", 1, 1, "unbid"),
        (0, "green", 2, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]
    assert g.scores == [0, 3, 1]


def test_trick_led_with_wild_and_natural_beats_named():
    # forehand 1 leads the Weli as HA; seat 2 must follow Hearts and his natural HA wins.
    g = new_game("welibieten", ["LA LK EA", "S6 HK E9", "HA H10 L7"])
    play(g, "S6 as HA")
    assert [a for a in g.legal_actions() if a.startswith("play")] == ["play HA", "play H10"]
    play(g, "HA", "EA")
    assert g.current_player == 2  # R5.4: the natural card ranks first


def test_spitzbieten_wild_order_and_dealt_identity_bar():
    g = new_game("spitzbieten", ["E7 H9 LU", "S6 HK L9", "S7 H8 L10"])
    assert "play S6 as S7" in g.legal_actions()
    play(g, "S6 as HA")
    # Seat 2 holds H8 (must follow): H8, or the S7 named in Hearts but not H8 (dealt).
    assert [a for a in g.legal_actions() if a.startswith("play")] == ["play H8"] + [
        f"play S7 as {c}" for c in ("HA", "HK", "HO", "HU", "H10", "H9", "H7")
    ]
    play(g, "S7 as HA")
    assert_illegal(g, "play E7 as H9", "R5.3")  # H9 was dealt to seat 0
    play(g, "E7 as HA")
    assert g.current_player == 1  # R5.4: Weli > Bells 7 > Acorns 7
    play(g, "L9", "L10", "LU")
    assert g.current_player == 0
    play(g, "H9", "HK")
    g.apply("play H8")
    # Red: the Weli as HA (1); Green LU (0); no set; Hanger HA*-HK (1); Spiel HK (1).
    assert g.credits() == [
        (0, "red", 1, 1, "unbid"),
        (0, "green", 0, 1, "unbid"),
        (0, "hanger", 1, 1, "unbid"),
        (0, "spiel", 1, 1, "unbid"),
    ]


def test_wild_may_not_repeat_a_name_of_another_own_wild():
    # 2 players, forehand 1. R5.3: no pair from one card and its copy.
    g = new_game("spitzbieten", ["H9 HO LA", "S6 S7 L9"])
    play(g, "S6 as HA", "H9")
    assert g.current_player == 1
    plays = [a for a in g.legal_actions() if a.startswith("play")]
    # L9 itself, or the Bells 7 as anything but S7 and L9 (dealt) and HA (the Weli's name).
    assert len(plays) == 1 + 29 and "play S7 as HK" in plays
    assert_illegal(g, "play S7 as HA", "R5.3")
    assert_illegal(g, "play S7 as S7", "R5.3")


def test_holding_runs_and_sets_r7_2_r5_5():
    # Natural rules: the Weli continues Bells below the 7 (R6.3) but makes no set.
    g = new_game("tyrol", ["S7 S6 HA", "LA EA H9"])
    assert g.holds(0, "hanger") and not g.holds(0, "gleich")
    assert g.holds(1, "gleich") and not g.holds(1, "hanger")
    # A wild Weli next to a natural S7: it may be named S8 (R5.5), a run.
    g = new_game("welibieten", ["S7 S6 HA", "LA EA H9"])
    assert g.holds(0, "hanger") and g.holds(0, "gleich") and g.holds(0, "green")
    # Two unplayed wilds may together make a set, but never the same card (R5.3).
    g = new_game("spitzbieten", ["S6 S7 H9", "LA EA HK"])
    assert g.holds(0, "gleich") and g.holds(0, "hanger")


def test_seed_none_is_drawn_and_recorded():
    g = RefGame(make_rules("tyrol"), None)
    assert isinstance(g.seed, int) and 0 <= g.seed < 2**64
    with pytest.raises(ValueError):
        RefGame(make_rules("tyrol"), -1)
    with pytest.raises(ValueError):
        RefGame(make_rules("tyrol"), 2**64)


# -------------------------------------------------------------- cut-steal (R3.7)


def _seed_with_cut(predicate) -> int:
    return next(s for s in range(10_000) if predicate(shuffled_and_cut(s, 0)[1]))


def test_cut_steal_steal_two_then_leave():
    rules = make_rules("south_tyrol")
    seed = _seed_with_cut(lambda c: c >= 4)
    deck, c = shuffled_and_cut(seed, 0)
    g = RefGame(rules, seed)
    assert g.current_player == 3  # the cutter: the dealer's right (R2.2)
    assert g.legal_actions() == ["steal", "leave"]
    assert g.hands == [[], [], [], []]
    assert_illegal(g, "play HA", "R3.7")
    g.apply("steal")
    assert g.hands[3] == [card_text(deck[c - 1])]
    g.apply("STEAL")
    g.apply("leave")
    held = {3: [deck[c - 1], deck[c - 2]]}
    hands, stock = deal_from_deck(deck[c:] + deck[: c - 2], rules, 0, held)
    assert g.hands == [[card_text(x) for x in h] for h in hands]
    assert sorted(held[3]) == [x for x in hands[3] if x in held[3]]
    assert g.top_card == card_text(stock[0])  # R3.8
    assert g.current_player == 1


def test_cut_steal_ends_by_itself_after_three_or_c():
    rules = make_rules("south_tyrol", players=3)
    seed = _seed_with_cut(lambda c: c >= 3)
    g = RefGame(rules, seed)
    assert g.current_player == 2  # cutter of dealer 0 with 3 players
    run(g, "steal", "steal", "steal")  # at most 3 (R3.7)
    assert g.current_player == 1 and g.legal_actions()[0].startswith("play")
    deck, c = shuffled_and_cut(seed, 0)
    hands, _ = deal_from_deck(deck[c:] + deck[: c - 3], rules, 0, {2: deck[c - 3 : c]})
    assert g.hands == [[card_text(x) for x in h] for h in hands]

    seed1 = _seed_with_cut(lambda c: c == 1)
    g = RefGame(rules, seed1)
    g.apply("steal")  # never more than c cards
    assert g.legal_actions()[0].startswith("play")


def test_given_deal_skips_cut_steal_and_needs_top_card():
    hands = ["HA LK S6", "HK HO E9", "LA LO EA", "SA SK E10"]
    with pytest.raises(ValueError):
        new_game("south_tyrol", hands)
    with pytest.raises(ValueError):
        new_game("south_tyrol", hands, top_card="HA")  # a dealt card
    with pytest.raises(ValueError):
        new_game("tyrol", hands, top_card="H7")  # no show_top_card
    with pytest.raises(ValueError):
        RefGame(make_rules("south_tyrol"), 1, top_card="H7")
    with pytest.raises(ValueError):
        new_game("tyrol", ["HA LK S6", "HA HO E9", "LA LO EA", "SA SK E10"])
    g = new_game("south_tyrol", hands, top_card="H7")
    assert g.top_card == "H7" and g.current_player == 1
    assert g.legal_actions()[0] == "play HK"


# --------------------------------------------------------------- parsing (R11)


def test_parsing_is_case_insensitive_and_errors_name_rules():
    g = new_game("welibieten", ["LA LK EA", "S6 HK E9", "HA H10 L7"])
    for bad, rule in [
        ("jump", "R11"),
        ("play", "R11"),
        ("play XY", "R1.5"),
        ("bid weli", "R11"),
        ("good", "R7.4"),
        ("pass", "R7.1"),
        ("play LA", "R4.1"),
        ("leave", "R3.7"),
    ]:
        assert_illegal(g, bad, rule)
    g.apply("  PLAY weli AS ha ")
    assert g.history == ["play S6 as HA"]


# ------------------------------------------------------------ random smoke test


def _check_invariants(g: RefGame, rules: dict) -> None:
    if g.current_player is None:
        return
    n = rules["players"]
    assert 0 <= g.current_player < n
    assert len(g.hands) == n
    assert all(s < rules["target"] for s in g.scores)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("hand_size", [3, 4])
def test_random_play_smoke(preset, players, hand_size):
    rules = make_rules(preset, players=players, hand_size=hand_size)
    for game_index in range(2):
        seed = 1000 * players + 10 * hand_size + game_index
        rng = random.Random(f"{preset}-{seed}")
        g = RefGame(rules, seed)
        hand_number, steps = 0, 0
        while not g.is_over:
            acts = g.legal_actions()
            assert acts and len(set(acts)) == len(acts)
            _check_invariants(g, rules)
            if g.hand_number == hand_number and g.hands and all(g.hands):
                assert all(len(h) == hand_size for h in g.hands)
            # An illegal probe now and then: refused with a rule id, nothing changes.
            if rng.random() < 0.05:
                probe = rng.choice(
                    ["pass", "good", "three", "steal", "bid spiel", "play HA", "play S6 as HA", "hold"]
                )
                if probe not in acts:
                    assert_illegal(g, probe, "R")
            quiet = [a for a in acts if a.split()[0] in ("play", "pass", "good", "leave")]
            if game_index == 1 and quiet and rng.random() < 0.9:
                action = rng.choice(quiet)  # a calm table: long games, many hands
            else:
                action = rng.choice(acts)
            g.apply(action.upper() if rng.random() < 0.1 else action)
            steps += 1
            assert steps < 20_000
            if g.hand_number != hand_number:
                assert g.hand_number == hand_number + 1
                hand_number = g.hand_number
                assert g.dealer == hand_number % players  # R2.2: dealer 0 first, then left
                if not rules["cut_steal"]:  # R3: the next hand is dealt at once, from the seed
                    dealt = deal(seed, rules, hand=hand_number, dealer=g.dealer)
                    assert g.hands == [[card_text(c) for c in h] for h in dealt]
        credits = g.credits()
        assert sum(points for *_x, points, _r in credits) == sum(g.scores)
        for seat in range(players):
            assert g.scores[seat] == sum(c[3] for c in credits if c[2] == seat)
        assert g.scores[g.winner] >= rules["target"]
        assert credits[-1][2] == g.winner
        assert sorted(s for s, v in enumerate(g.scores) if v == min(g.scores)) == g.bummerl
        assert [c[0] for c in credits] == sorted(c[0] for c in credits)
        assert g.current_player is None and g.legal_actions() == []


def _has_figure(ids: list[int], figure: str) -> bool:
    """R7.2 over plain identities (32 = natural Weli: Bells, below the 7)."""
    suit_rank = [(2, 8) if x == 32 else (x // 8, x % 8) for x in ids]
    if figure in ("red", "green"):
        return any(s == (0 if figure == "red" else 1) for s, _ in suit_rank)
    if figure == "gleich":
        return any(a[1] == b[1] < 8 for a, b in itertools.combinations(suit_rank, 2))
    return any(a[0] == b[0] and abs(a[1] - b[1]) == 1 for a, b in itertools.combinations(suit_rank, 2))


def _brute_holds(g: RefGame, seat: int, figure: str) -> bool:
    """R5.5 by enumerating every joint naming of the seat's unplayed wilds (R5.3)."""
    fixed = [card if named is None else named for card, named in g.played[seat]]
    fixed += [c for c in g.unplayed[seat] if not g.is_wild(c)]
    wilds = [c for c in g.unplayed[seat] if g.is_wild(c)]
    banned = set(g.dealt[seat]) | {named for _c, named in g.played[seat] if named is not None}
    names = [x for x in range(32) if x not in banned and x // 8 not in g.failed[seat]]
    return any(
        len(set(combo)) == len(combo) and _has_figure(fixed + list(combo), figure)
        for combo in itertools.product(names, repeat=len(wilds))
    )


@pytest.mark.parametrize("preset", ["tyrol", "welibieten", "spitzbieten"])
def test_holding_agrees_with_brute_force(preset):
    rng = random.Random(preset)
    checked = 0
    for seed in range(40):
        rules = make_rules(preset, players=rng.choice([2, 3]), hand_size=rng.choice([3, 4]))
        g = RefGame(rules, seed)
        while not g.is_over and g.hand_number < 3:
            if rng.random() < 0.2 and g.phase != "steal":
                for seat in range(rules["players"]):
                    for figure in ("red", "green", "gleich", "hanger"):
                        assert g.holds(seat, figure) == _brute_holds(g, seat, figure)
                        checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 500


def test_error_messages_start_with_rule_id_pattern():
    assert RULE_ID.match("R7.2: seat 2 holds no Gleich")
