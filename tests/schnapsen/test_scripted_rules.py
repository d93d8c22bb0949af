"""Scripted Schnapsen rules (docs/rules/schnapsen.md S1-S12) that only the random differential test against
the Python reference (tests/schnapsen/test_schnapsen_reference.py) used to catch in the engine.

Each test builds a position from a given deal (S3.7) and scripted actions, and asserts exact legal-action
lists, trick winners, points, scores and events; every expected value is worked out by hand from the
rulebook in the comments. Each of these tests fails when the rule it names is broken in the C++ engine.

Seats: dealer 0, so forehand is seat 1 (S2.1); with four players the fixed teams are {0, 2} and {1, 3}
(S2.2). `side_points()` is (the declaring side, the defenders) (S5.3). Hands are given in dealt order
(S3.6); legal actions come in action-id order, so cards in pack order: A K O U 10 of H, L, S, E (S1.3).
Card points (S1.2): A 11, 10 10, K 4, O 3, U 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from bieten import schnapsen
from bieten.schnapsen import Game, Rules


def deal4(seat0: str, seat1: str, seat2: str, seat3: str) -> dict[str, Any]:
    """A four-player deal, each hand in dealt order (S3.6): forehand's first three decide `trump X` (S4.1)."""
    return {"hands": [hand.split() for hand in (seat0, seat1, seat2, seat3)], "trump_card": None, "stock": []}


def deal2(seat0: str, seat1: str, trump_card: str, stock: str) -> dict[str, Any]:
    """A two-player deal: the hands, the trump card and the stock, top first (S3.5, S3.6)."""
    return {"hands": [seat0.split(), seat1.split()], "trump_card": trump_card, "stock": stock.split()}


def four(deal: dict[str, Any], preset: str = "bauernschnapsen", **knobs: Any) -> Game:
    """Four players with neither bidding nor spritze unless asked (S5.2, S5.5)."""
    return Game(Rules.preset(preset, **{"bidding": False, "spritze": False, **knobs}), seed=1, deal=deal)


def two(deal: dict[str, Any], preset: str = "schnapsen", **knobs: Any) -> Game:
    return Game(Rules.preset(preset, **knobs), seed=1, deal=deal)


def run(game: Game, actions: str) -> None:
    """Apply actions separated by ';'."""
    for action in actions.split(";"):
        game.apply(action.strip())


def legal(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def plays(cards: str) -> list[str]:
    return [f"play {card}" for card in cards.split()]


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    """The events of one type, without the running `seq`."""
    out = []
    for event in game.events:
        if event.type == kind:
            fields = dict(event.to_dict())
            del fields["seq"]
            out.append(fields)
    return out


# Every seat holds one whole suit: seat 0 Acorns, 1 Hearts, 2 Leaves, 3 Bells.
SUITED = deal4("EA EK EO E10 EU", "HA HK HO H10 HU", "LA LK LO L10 LU", "SA SK SO S10 SU")


# ====================================================================== S6.2, S6.3 with four players


@pytest.mark.parametrize("must_head", ["never", "always"])
def test_s6_2_s6_3_1_a_card_beating_the_led_card_but_not_the_winning_card_neither_wins_nor_is_forced(
    must_head: str,
) -> None:
    """Trump Bells. Forehand leads HO, seat 2 heads it with HA, so W is HA (S6.3). Seat 3's HK beats the
    led HO but not W: with must_head he must beat W only "if he holds one", and no Heart beats HA, so HK
    and HU are both legal. The trick goes to HA (S6.2), not to the last card that beats the led card."""
    game = four(
        deal4("H10 SA SK SO S10", "HO SU LU EU LO", "HA LA EA E10 LK", "HK HU L10 EK EO"),
        must_head=must_head,
    )
    run(game, "trump S; play HO")
    assert legal(game) == plays("HA")  # S6.3.1 his only Heart
    game.apply("play HA")
    assert legal(game) == plays("HK HU")  # nothing beats W = HA: any Heart, with or without must_head
    game.apply("play HK")
    assert legal(game) == plays("H10")
    game.apply("play H10")
    assert events(game, "trick_won") == [
        {"type": "trick_won", "hand": 0, "seat": 2, "trick": 0, "points": 28}
    ]
    assert game.side_points() == (0, 3 + 11 + 4 + 10)  # seat 2 is a defender of forehand's side {1, 3}
    assert game.current_player == 2  # S6.1 the winner leads


# Trump Bells; forehand holds HA and leads it. Seats 2 and 0 hold no Heart, seat 3 only H10.
LOWER_TRUMP = deal4("SK SU EO EU E10", "HA HK SA HO HU", "S10 SO LA LK LO", "H10 L10 LU EA EK")


@pytest.mark.parametrize(
    ("must_head", "seat2", "seat0", "winner", "points"),
    [
        ("always", "SO", plays("SK"), 0, 11 + 3 + 10 + 4),  # must head SO: only SK beats it
        ("never", "SO", plays("SK SU"), 0, 11 + 3 + 10 + 4),  # no heading: the lower SU too
        ("always", "S10", plays("SK SU"), 2, 11 + 10 + 10 + 4),  # cannot beat S10: still a trump, any
        ("never", "S10", plays("SK SU"), 2, 11 + 10 + 10 + 4),
    ],
)
def test_s6_3_2_a_seat_that_cannot_follow_must_trump_with_a_lower_trump_when_it_cannot_head(
    must_head: str, seat2: str, seat0: list[str], winner: int, points: int
) -> None:
    """S6.3.2: a seat with no card of the led suit that holds a trump must play one; with must_head one
    that beats W if it holds one, otherwise any trump (a lower one) - never a card of another suit."""
    game = four(LOWER_TRUMP, must_head=must_head)
    run(game, "trump S; play HA")
    assert legal(game) == plays("SO S10")  # seat 2: no Hearts, two trumps; both beat HA (S6.2)
    game.apply(f"play {seat2}")
    assert legal(game) == plays("H10")  # seat 3 follows
    game.apply("play H10")
    assert legal(game) == seat0
    with pytest.raises(
        schnapsen.IllegalActionError, match=r"^S6\.3: seat 0 has no Hearts card and must play a trump"
    ):
        game.apply("play EO")
    if seat0 == plays("SK"):
        with pytest.raises(
            schnapsen.IllegalActionError, match=r"^S6\.3: seat 0 must beat SO with a higher trump"
        ):
            game.apply("play SU")
    game.apply("play SK")
    assert [e["seat"] for e in events(game, "trick_won")] == [winner]
    assert game.side_points() == (0, points)


def test_s6_3_1_after_a_trump_no_card_of_the_led_suit_can_head_so_any_may_follow() -> None:
    """Trump Bells, must_head always. Forehand leads HO and seat 2, with no Heart, trumps with SU: W is SU.
    Seat 3 holds HK (above the led HO) and HU; no Heart beats a trump, so he must follow but need not
    play HK (S6.3.1); the trump wins the trick (S6.2)."""
    game = four(
        deal4("HA H10 SO S10 EU", "HO SA SK LA EA", "SU LK LO EK EO", "HK HU L10 LU E10"), must_head="always"
    )
    run(game, "trump S; play HO")
    assert legal(game) == plays("SU")  # S6.3.2 no Hearts: his only trump
    game.apply("play SU")
    assert legal(game) == plays("HK HU")
    game.apply("play HU")
    assert legal(game) == plays("HA H10")
    game.apply("play HA")
    assert [(e["seat"], e["points"]) for e in events(game, "trick_won")] == [(2, 3 + 2 + 2 + 11)]


@pytest.mark.parametrize(("bid", "seat0"), [("pass", plays("SK SU")), ("schnapser", plays("SK"))])
def test_s6_3_must_head_contracts_heads_in_a_schnapser_but_not_in_the_normal_game(
    bid: str, seat0: list[str]
) -> None:
    """must_head = contracts: seat 0 must beat seat 2's SO with SK only when forehand has announced a
    schnapser (S6.3, S5.1); in the normal game (everyone passed) the lower SU is legal too."""
    game = four(LOWER_TRUMP, must_head="contracts", bidding=True)
    run(game, f"trump S; {bid}; pass; pass; pass")
    assert (game.contract, game.current_player) == ("normal" if bid == "pass" else bid, 1)
    run(game, "play HA; play SO; play H10")
    assert legal(game) == seat0


# ====================================================================== S6.3, S6.4 with two players


# Trump Acorns (the trump card EU). Seat 1 leads HA, LA, SA, H10 and L10 and wins each trick; seat 0
# throws HU, LU, SU, HO, then SK. Draws (S6.4): seat 1 S10, SO, E10, EO, LK; seat 0 SK, EA, EK, HK, EU.
STOCK_RUN = deal2("HU LU SU HO LO", "HA LA SA H10 L10", "EU", "S10 SK SO EA E10 EK EO HK LK")


@pytest.mark.parametrize(
    ("preset", "seat0"), [("schnapsen", plays("EA")), ("bauernschnapsen_2", plays("EA EK EU"))]
)
def test_s6_3_two_players_must_follow_once_the_stock_is_used_up_without_a_close(
    preset: str, seat0: list[str]
) -> None:
    """S6.4: any card while the stock lasts, the last trick that draws included; S6.3: follow suit (and
    head with must_head, S10 `schnapsen`) from the first trick after the stock is used up, no close made."""
    game = two(STOCK_RUN, preset)
    run(game, "play HA; play HU; play LA; play LU; play SA; play SU; play H10; play HO")
    assert game.stock_count == 2 and not game.closed
    game.apply("play L10")
    assert legal(game) == plays("HK LO SK EA EK")  # S6.4: seat 0 holds LO, but any card may be played
    game.apply("play SK")  # neither follows nor trumps
    assert (game.stock_count, game.trump_card, game.closed) == (0, None, False)
    assert game.hands == [["HK", "LO", "EA", "EK", "EU"], ["LK", "SO", "S10", "EO", "E10"]]
    assert game.side_points() == (66, 0)  # 13 + 13 + 13 + 13 + 14, never claimed
    game.apply("play E10")  # a trump
    assert legal(game) == seat0  # S6.3.1: follow; with must_head only EA beats E10
    with pytest.raises(
        schnapsen.IllegalActionError, match=r"^S6\.3: seat 0 holds a Acorns card and must follow"
    ):
        game.apply("play LO")


# ====================================================================== S6.5, S6.7 exchange and close


def test_s6_5_no_exchange_at_a_later_lead_after_the_stock_was_closed() -> None:
    """Trump Bells (SK turned); forehand holds the trump Unter SU. He closes without exchanging (S6.7);
    at his next lead the stock is still not empty, but it is closed: no exchange (S6.5), no second close."""
    game = two(deal2("HO HU SA L10 EA", "HA H10 HK LA SU", "SK", "SO S10 EK EO EU LK LO LU E10"))
    assert legal(game) == ["exchange", "close", *plays("HA HK H10 LA SU")]
    game.apply("close")
    assert legal(game) == plays("HA HK H10 LA SU")  # S6.8 exchange comes before close
    game.apply("play HA")
    assert legal(game) == plays("HO HU")  # S6.3 after the close: follow; nothing beats HA
    game.apply("play HU")  # seat 1 wins 13 and, the stock closed, nobody draws
    assert (game.current_player, game.stock_count, game.hands[1]) == (1, 10, ["HK", "H10", "LA", "SU"])
    assert legal(game) == ["claim", *plays("HK H10 LA SU")]
    with pytest.raises(schnapsen.IllegalActionError, match=r"^S6\.5: the stock is closed; no exchange$"):
        game.apply("exchange")
    with pytest.raises(schnapsen.IllegalActionError, match=r"^S6\.7: the stock is already closed$"):
        game.apply("close")


# ====================================================================== S8.3 judged at the close


def test_s8_3_closers_correct_claim_scores_three_when_the_opponent_had_no_trick_at_the_close() -> None:
    """Schnapsen, trump Hearts (HU turned). Forehand closes at once: seat 0 has no trick. Seat 0 wins a
    trick later (13 points), but forehand's correct claim is judged at the close: 3 (S8.3), not 2."""
    game = two(deal2("LA L10 SA S10 EA", "HA HK HO H10 LU", "HU", "LK LO SK SO SU EK EO EU E10"))
    run(game, "close; meld H; play HK")
    assert legal(game) == plays("LA L10 SA S10 EA")  # no Hearts, no trump: any (S6.3.3)
    game.apply("play S10")  # seat 1 wins 14, and the 40 of the marriage are credited (S6.6)
    assert game.side_points() == (54, 0)
    game.apply("play LU")
    assert legal(game) == plays("LA L10")  # both beat LU (must_head)
    game.apply("play LA")  # seat 0 wins 13
    assert game.side_points() == (54, 13)
    game.apply("play SA")
    assert legal(game) == plays("HA HO H10")  # no Bells: trump, each beats SA
    game.apply("play HO")  # seat 1 wins 14: 68
    assert game.side_points() == (68, 13) and legal(game) == ["claim", *plays("HA H10")]
    game.apply("claim")
    assert game.scores == [0, 3]
    assert events(game, "deal_scored")[0] | {"scores": None} == {
        "type": "deal_scored",
        "hand": 0,
        "end": "claim",
        "claimant": 1,
        "side": [1],
        "points": 3,
        "gained": [0, 3],
        "scores": None,
    }


def test_s8_3_closers_correct_claim_scores_two_when_the_opponent_had_under_33_at_the_close() -> None:
    """Schnapsen (one_point_from 33), trump Acorns (EU turned). Seat 1 wins trick 1 (HO L10: 13), seat 0
    trick 2 (HU HA: 13) and closes: seat 1 has a trick and 13 points. Seat 1 then reaches 39, but seat 0's
    correct claim is judged at the close: 2 (S8.3, S8.1 13 < 33), not 1."""
    game = two(deal2("L10 HA EK EO EA", "HO HU LA LU SA", "EU", "SK SU SO S10 H10 HK LK LO E10"))
    run(game, "play HO; play L10; play HU; play HA")  # draws: SK 1, SU 0; SO 0, S10 1
    assert game.hands == [["SO", "SU", "EA", "EK", "EO"], ["LA", "LU", "SA", "SK", "S10"]]
    assert legal(game) == ["close", "meld E", "claim", *plays("SO SU EA EK EO")]  # no meld S: no SK
    run(game, "close; play SO")
    assert legal(game) == plays("SA SK S10")  # each beats SO (must_head)
    run(game, "play S10; play SA; play SU; play SK")  # seat 1 wins 13 and 13: 39
    assert legal(game) == plays("EA EK EO")  # no Bells: a trump, each beats SK
    game.apply("play EA")  # seat 0 wins 15: 28
    game.apply("meld E")  # 40, at once: 68
    assert game.side_points() == (39, 68) and legal(game) == ["claim", *plays("EK EO")]
    game.apply("claim")
    assert game.scores == [2, 0]
    assert [(e["end"], e["side"], e["points"]) for e in events(game, "deal_scored")] == [("claim", [0], 2)]


def test_s8_3_the_opponents_wrong_claim_after_a_close_is_scored_by_s8_2() -> None:
    """Trump Hearts. Seat 1 closes when seat 0 has no trick; seat 0 later wins a trick and claims with 13:
    wrong. S8.3 sends that to S8.2: seat 1 has a trick now, so 2 (not the 3 of a trickless-at-close)."""
    game = two(deal2("SA S10 LU LA EU", "HA H10 HK HO SU", "HU", "EA E10 EK EO L10 LK LO SK SO"))
    run(game, "close; meld H; play HK; play LU; play SU")
    assert legal(game) == plays("SA S10")
    run(game, "play SA")
    assert game.side_points() == (46, 13)
    game.apply("claim")
    assert game.scores == [0, 2]


def test_s8_3_the_closers_wrong_claim_gives_two_when_the_opponent_had_a_trick_at_the_close() -> None:
    """Trump Hearts. Seat 0 wins trick 1 (SU SA: 13), seat 1 trick 2 (LU HK: 6) and closes, then claims
    with 6: wrong. S8.3: the opponent had a trick when the stock was closed: 2."""
    game = two(deal2("SA S10 LU LA EU", "HA H10 HK HO SU", "HU", "EA E10 EK EO L10 LK LO SK SO"))
    run(game, "play SU; play SA; play LU; play HK")
    assert game.hands == [["LA", "S10", "EA", "EO", "EU"], ["HA", "HO", "H10", "EK", "E10"]]
    run(game, "close; claim")
    assert game.scores == [2, 0]
    assert [(e["end"], e["side"], e["points"]) for e in events(game, "deal_scored")] == [
        ("wrong_claim", [0], 2)
    ]


# ====================================================================== S8.1 boundaries, S7 66


# Trump Hearts. Trick 1: SU SA S10 E10, seat 2 wins 33; trick 2: LA L10 LK HA, seat 1 trumps: 36.
ONE_POINT = deal4("E10 LK EA EK EO", "HK HO SU HA H10", "SA LA HU SO LU", "S10 L10 SK LO EU")


@pytest.mark.parametrize(("one_point_from", "points"), [(34, 2), (33, 1)])
def test_s8_1_a_loser_with_exactly_33_points_is_below_34_but_not_below_33(
    one_point_from: int, points: int
) -> None:
    """S8.1: a correct claim scores 2 if the other side's points are below `one_point_from`, else 1."""
    game = four(ONE_POINT, one_point_from=one_point_from)
    run(game, "trump H; play SU")
    assert legal(game) == plays("SA SO")
    run(game, "play SA")
    assert legal(game) == plays("SK S10")
    run(game, "play S10")
    assert legal(game) == plays("LK EA EK EO E10")  # no Bells, no trump
    run(game, "play E10")  # seat 2 wins 2 + 11 + 10 + 10 = 33
    assert game.side_points() == (0, 33) and game.current_player == 2
    run(game, "play LA; play L10; play LK")
    assert legal(game) == plays("HA HK HO H10")  # no Leaves: a trump
    run(game, "play HA; meld H")  # 11 + 10 + 4 + 11 = 36, and the trump marriage 40
    assert game.side_points() == (76, 33)
    game.apply("claim")
    assert game.scores == [0, points, 0, points]


@pytest.mark.parametrize(
    ("lead", "total", "scores", "correct"), [("HK", 66, [0, 3, 0, 3], True), ("HO", 65, [3, 0, 3, 0], False)]
)
def test_s7_1_a_claim_with_exactly_66_is_correct_and_with_65_wrong(
    lead: str, total: int, scores: list[int], correct: bool
) -> None:
    """Forehand melds Hearts (40) and leads HK (4) or HO (3); the others throw L10, S10 and EU (22): 66 or
    65 points. Claimed at the next lead: correct, S8.1 3 (the others have no trick); or wrong, S8.2 3."""
    game = four(SUITED)
    run(game, f"trump H; meld H; play {lead}; play L10; play S10; play EU")
    assert game.side_points() == (total, 0)
    assert legal(game)[0] == "claim"
    game.apply("claim")
    assert game.scores == scores
    claimed = events(game, "claimed")
    assert [(e["seat"], e["correct"], e["points"]) for e in claimed] == [(1, correct, total)]


@pytest.mark.parametrize(("lead", "total", "scores"), [("HK", 66, [0, 6, 0, 6]), ("HO", 65, [0, 0, 0, 0])])
def test_s5_1_a_schnapser_is_won_with_66_points_not_65(lead: str, total: int, scores: list[int]) -> None:
    """A schnapser is won once the declaring side has 66 points at the end of trick 1, 2 or 3 (S5.1):
    the marriage 40, HK or HO, and L10 S10 EU (22) make 66 (won, S8.4: 6 to {1, 3}) or 65 (play goes on;
    trick 2, HU LU SU EK, brings 75 and wins it)."""
    game = four(SUITED, bidding=True)
    run(game, f"trump H; schnapser; pass; pass; pass; meld H; play {lead}; play L10; play S10; play EU")
    assert game.scores == scores
    if total == 65:
        assert game.side_points() == (65, 0) and game.current_player == 1 and game.hand_number == 0
        run(game, "play HU; play LU; play SU; play EK")  # 2 + 2 + 2 + 4: 75
        assert game.scores == [0, 6, 0, 6]


# ====================================================================== S5.1 contracts


# Seat 3 (forehand's partner) holds HU and four Bells; forehand holds SA, the only other Bell.
PARTNER_TRICK = deal4("EA EK EO E10 EU", "HA HK HO H10 SA", "LA LK LO L10 LU", "HU SK SO S10 SU")


@pytest.mark.parametrize(
    ("preset", "contract", "scores", "defenders"),
    [
        ("bauernschnapsen", "gang", [9, 0, 9, 0], [0, 2]),
        ("bauernschnapsen", "bauernschnapser", [12, 0, 12, 0], [0, 2]),
        ("bauernschnapsen_called", "gang", [9, 9, 9, 0], [0, 1, 2]),  # no called partner in a gang
    ],
)
def test_s5_1_gang_and_bauernschnapser_are_lost_by_a_trick_of_the_declarers_partner(
    preset: str, contract: str, scores: list[int], defenders: list[int]
) -> None:
    """Seat 3 announces and leads SU; his partner (fixed mode) must follow with SA and wins the trick:
    the declarer himself did not win it, so the contract is lost at once (S5.1) and the defenders score
    its value (S8.4). With called partners the declarer of a gang plays alone against three."""
    game = four(PARTNER_TRICK, preset, bidding=True)
    run(game, f"trump H; pass; pass; {contract}; pass")
    assert (game.contract, game.declarer, game.current_player) == (contract, 3, 3)  # the declarer leads
    run(game, "play SU; play EU")
    assert legal(game) == plays("SA")  # S6.3.1
    run(game, "play SA; play LU")
    assert game.scores == scores and game.hand_number == 1
    assert [(e["end"], e["side"], e["points"]) for e in events(game, "deal_scored")] == [
        ("contract_lost", defenders, scores[0])
    ]


# DEAL_A of the reference tests: forehand holds HA H10 HK HO LA.
DEAL_A = deal4("SU E10 EK EO EU", "HA H10 HK HO LA", "HU LK LO LU SA", "L10 S10 SK SO EA")
THREE_TRICKS = "play HA; play HU; play SO; play SU; play H10; play LU; play SK; play EU"  # 18 + 18


def test_s5_1_schnapser_is_lost_without_66_after_trick_three() -> None:
    game = four(DEAL_A, bidding=True)
    run(game, f"trump H; schnapser; pass; pass; pass; {THREE_TRICKS}")
    assert "claim" not in legal(game)  # S7.4 no claim in a contract
    assert game.scores == [0, 0, 0, 0] and game.side_points() == (36, 0)
    run(game, "play HK; play LO; play S10; play EO")  # 4 + 3 + 10 + 3: 56 < 66 after trick 3
    assert game.scores == [6, 0, 6, 0]  # S8.4 lost: the defenders score 6


def test_s5_1_s5_3_kontraschnapser_forehand_leads_against_the_declaring_team() -> None:
    """Seat 2 (an opponent of forehand) announces kontraschnapser: forehand leads (S5.1) and is on the
    other side (S5.3); the declaring side {0, 2} has no point after trick 3: lost, 12 to {1, 3}."""
    game = four(DEAL_A, bidding=True)
    run(game, "trump H; pass; kontraschnapser; pass; pass")
    assert (game.contract, game.declarer, game.current_player) == ("kontraschnapser", 2, 1)
    run(game, THREE_TRICKS)
    assert game.side_points() == (0, 36) and game.scores == [0, 0, 0, 0]
    run(game, "play HK; play LO; play S10; play EO")
    assert game.scores == [0, 12, 0, 12]


# ====================================================================== S2.3, S5.4 called partners


@pytest.mark.parametrize(
    ("call", "play", "scores"),
    [
        ("LA", "meld H; play HK; play LA; play SA; play EA; claim", [0, 3, 3, 0]),  # 77: correct
        ("LA", "play HA; play LU; play SU; play EU; claim", [3, 0, 0, 3]),  # 17: wrong
        ("HA", "meld H; play HK; play LA; play SA; play EA; claim", [0, 3, 0, 0]),  # alone, correct
        ("HA", "play HA; play LU; play SU; play EU; claim", [3, 0, 3, 3]),  # alone, wrong
    ],
)
def test_s2_3_s5_4_the_called_cards_holder_scores_with_the_declarer(
    call: str, play: str, scores: list[int]
) -> None:
    """Called partners: forehand (all passed, S5.2) calls LA, held by seat 2 - not his fixed-mode partner
    seat 3 - so {1, 2} play against {0, 3}; calling his own HA he plays alone against three (S2.3). Every
    seat of the side that scores adds the score (S2.4); the other side has no trick: 3 (S8.1, S8.2)."""
    game = four(SUITED, "bauernschnapsen_called", bidding=True)
    run(game, f"trump H; pass; pass; pass; pass; call {call}")
    assert (game.contract, game.declarer, game.called_card, game.current_player) == ("normal", 1, call, 1)
    run(game, play)
    assert game.scores == scores


def test_s2_3_s12_the_partner_is_revealed_when_the_called_card_is_played() -> None:
    game = four(SUITED, "bauernschnapsen_called", bidding=True)
    run(game, "trump H; pass; pass; pass; pass; call LA; meld H; play HK")
    assert events(game, "partner_revealed") == []
    run(game, "play LA")
    assert events(game, "partner_revealed") == [{"type": "partner_revealed", "hand": 0, "seat": 2}]
    run(game, "play SA; play EA")
    assert game.side_points() == (40 + 4 + 11 + 11 + 11, 0)


# ====================================================================== S7.2, S7.3


# DEAL_I of the reference tests, trump Acorns.
DEAL_I = deal4("HK HO LK SK SO", "EU LU SU HU LO", "EA HA LA SA EK", "E10 H10 L10 S10 EO")


def test_s7_3_the_last_trick_under_66_scores_one_point_for_its_winner() -> None:
    """{0, 2} take four tricks (27 + 27 + 19 + 28 = 101) without claiming; seat 3 wins the last trick
    with 19 points: under 66, so his side scores the last trick's 1 point (S7.3)."""
    game = four(DEAL_I)
    run(game, "trump E; play HU; play HA; play H10; play HK; play SA; play S10; play SK; play SU")
    run(game, "play EA; play EO; play HO; play EU; play LA; play L10; play LK; play LO")
    assert game.side_points() == (0, 101) and legal(game) == ["claim", "play EK"]
    run(game, "play EK; play E10; play SO; play LU")
    assert game.scores == [0, 1, 0, 1]
    assert [(e["end"], e["side"], e["points"], e["claimant"]) for e in events(game, "deal_scored")] == [
        ("last_trick", [1, 3], 1, None)
    ]


# DEAL_K of the reference tests: forehand turns EU (trump Acorns); seat 3 holds the Acorns marriage.
DEAL_K = deal4("S10 H10 L10 HO EA", "SU HU LK EU LO", "SA HA LU SO E10", "SK HK LA EK EO")
K_THREE_TRICKS = (  # seat 2 wins 27 and 27, then seat 3 wins 27 with LA (S6.2)
    "play SU; play SA; play SK; play S10; play HA; play HK; play H10; play HU; "
    "play LU; play LA; play L10; play LK"
)


def test_s7_2_an_automatic_claim_judges_only_the_side_that_won_the_trick() -> None:
    """{1, 3} reach 67 with a marriage but lose the next trick; {0, 2} win it and reach 81: theirs is the
    automatic correct claim (S7.2), 1 point as {1, 3} have a trick and 67 >= 34 (S8.1)."""
    game = four(DEAL_K, claim="automatic")
    run(game, f"turn; {K_THREE_TRICKS}")
    assert game.side_points() == (27, 54) and game.current_player == 3
    assert legal(game) == ["meld E", *plays("EK EO")]  # no claim action
    game.apply("meld E")
    assert game.side_points() == (67, 54) and game.scores == [0, 0, 0, 0]
    run(game, "play EK; play EA; play EU; play E10")  # seat 0 wins 4 + 11 + 2 + 10 = 27: 81
    assert game.scores == [1, 0, 1, 0]


def test_s6_6_a_marriage_outside_trump_is_20() -> None:
    game = four(DEAL_K)
    run(game, f"trump H; {K_THREE_TRICKS}")
    assert game.side_points() == (27, 54) and game.current_player == 3
    game.apply("meld E")
    assert game.side_points() == (47, 54)
    assert [(e["seat"], e["suit"], e["points"]) for e in events(game, "melded")] == [(3, "E", 20)]
