"""Bauernschnapsen and Schnapsen rules (rulebook S1-S12), pinned on hand-built deals with exact values."""

from __future__ import annotations

from typing import Any

import pytest

from bieten import schnapsen
from bieten._core import schnapsen as core
from bieten.schnapsen import Game, Rules

# Four players, dealer 0, forehand 1 (S2.1); every seat holds one whole suit, in dealt order (S3.6).
SUITED = {
    "hands": [
        ["EA", "EK", "EO", "E10", "EU"],
        ["HA", "HK", "HO", "H10", "HU"],
        ["LA", "LK", "LO", "L10", "LU"],
        ["SA", "SK", "SO", "S10", "SU"],
    ],
    "trump_card": None,
    "stock": [],
}
# Two players, dealer 0, forehand 1: trump Bells (the SK turned), forehand holds the trump Unter.
TWO = {
    "hands": [["HO", "HU", "SA", "L10", "EA"], ["HA", "H10", "HK", "LA", "SU"]],
    "trump_card": "SK",
    "stock": ["SO", "S10", "EK", "EO", "EU", "LK", "LO", "LU", "E10"],
}


def legal(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def play(game: Game, *actions: str) -> None:
    for action in actions:
        game.apply(action)


def four(deal: dict[str, Any] = SUITED, **knobs: Any) -> Game:
    return Game(Rules.preset(knobs.pop("preset", "bauernschnapsen"), **knobs), seed=1, deal=deal)


def two(deal: dict[str, Any] = TWO, **knobs: Any) -> Game:
    return Game(Rules.preset(knobs.pop("preset", "schnapsen"), **knobs), seed=1, deal=deal)


class TestRulesAndNotation:
    def test_presets_have_the_knobs_of_the_s10_table(self) -> None:
        assert Rules.preset("schnapsen").to_dict() == {
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
        assert Rules() == Rules.preset("bauernschnapsen")
        assert Rules(players=2) == Rules.preset("bauernschnapsen_2")
        assert Rules.preset("bauernschnapsen_called").partners == "called"

    @pytest.mark.parametrize(
        ("knobs", "message"),
        [
            ({"players": 3}, "S10/S2.1: players must be 4 or 2, not 3"),
            ({"target": 0}, "S10/S8.6: target must be at least 1, not 0"),
            ({"one_point_from": 35}, "S10/S8.1: one_point_from must be 33 or 34, not 35"),
            ({"players": 2, "partners": "called"}, "S10: partners='called' needs 4 players, not 2"),
            ({"players": 2, "bidding": True}, "S10: bidding is for 4 players; with 2 players it must be off"),
            ({"closing": True}, "S10: closing is for 2 players; with 4 players it must be off"),
            ({"retour": True, "spritze": False}, "S10: retour needs spritze (retour=True, spritze=False)"),
            ({"claim": "sometimes"}, "S10: claim must be one of explicit, automatic, not 'sometimes'"),
            ({"knock": 1}, "S10: knock must be a bool, not 1"),
            ({"target": True}, "S10: target must be an int, not True"),
            ({"colour": "red"}, "S10: unknown rules knob(s): colour"),
        ],
    )
    def test_bad_knobs_are_refused_naming_s10(self, knobs: dict[str, Any], message: str) -> None:
        with pytest.raises(
            schnapsen.RulesError, match=r"^" + message.replace("(", r"\(").replace(")", r"\)")
        ):
            Rules(**knobs)

    def test_unknown_preset_is_refused(self) -> None:
        with pytest.raises(schnapsen.RulesError, match=r"S10: unknown preset 'tyrol'"):
            Rules.preset("tyrol")

    def test_s11_texts_parse_case_insensitively_and_print_canonically(self) -> None:
        assert [
            str(schnapsen.Action(t)) for t in ("CUT", " play   h10 ", "Meld e", "TRUMP l", "call sa")
        ] == ["cut", "play H10", "meld E", "trump L", "call SA"]
        assert schnapsen.NUM_ACTIONS == 61
        assert [schnapsen.action_text(i) for i in (0, 6, 7, 11, 12, 32, 40, 41, 60)] == [
            "cut",
            "turn",
            "pass",
            "kontraschnapser",
            "call HA",
            "spritze",
            "claim",
            "play HA",
            "play E10",
        ]

    def test_a_card_outside_the_pack_is_refused_citing_s1_1(self) -> None:
        # No action of this game (an ActionError, so an IllegalActionError to apply), as Bieten's "play H6".
        with pytest.raises(schnapsen.ActionError, match=r"^S1.1: S6 is not in the Schnapsen pack$"):
            schnapsen.Action("play S6")
        with pytest.raises(schnapsen.IllegalActionError, match=r"^S1.1: H9 is not in the Schnapsen pack$"):
            four().apply("call H9")

    def test_text_that_is_no_action_is_refused_citing_s11(self) -> None:
        with pytest.raises(schnapsen.ActionError, match=r"^S11: 'bid red' is no action"):
            four().apply("bid red")
        with pytest.raises(schnapsen.ActionError, match=r"^S11: action id must be 0 to 60, not 61$"):
            four().apply(61)


class TestDeal:
    def test_s3_4_cut_deals_three_then_two_from_forehand(self) -> None:
        rules = Rules.preset("bauernschnapsen")
        dealt = schnapsen.deal(5, rules)
        assert dealt["trump_card"] is None and dealt["stock"] == []
        assert sorted(c for hand in dealt["hands"] for c in hand) == sorted(
            s + r for s in "HLSE" for r in ("A", "K", "O", "U", "10")
        )

    def test_s3_5_two_players_get_a_trump_card_and_nine_stock_cards(self) -> None:
        dealt = schnapsen.deal(5, Rules.preset("schnapsen"))
        assert [len(h) for h in dealt["hands"]] == [5, 5]
        assert len(dealt["stock"]) == 9 and dealt["trump_card"] not in dealt["stock"]

    def test_s3_3_knock_deals_the_shuffled_deck_five_at_a_time(self) -> None:
        deck, cut = core.shuffle(9, 0)
        knocked = schnapsen.deal(9, Rules.preset("bauernschnapsen"), knock=True)
        assert knocked["hands"] == [deck[15:20], deck[0:5], deck[5:10], deck[10:15]]  # forehand (1) first
        cut_deck = deck[cut:] + deck[:cut]
        dealt = schnapsen.deal(9, Rules.preset("bauernschnapsen"))
        assert dealt["hands"][1] == cut_deck[0:3] + cut_deck[12:14]
        assert dealt["hands"][0] == cut_deck[9:12] + cut_deck[18:20]

    def test_s3_7_a_given_deal_must_be_the_pack_exactly(self) -> None:
        bad = {**SUITED, "hands": [SUITED["hands"][0], SUITED["hands"][0], *SUITED["hands"][2:]]}
        with pytest.raises(schnapsen.HandError, match=r"S3.7: EA is dealt twice"):
            four(bad)
        with pytest.raises(schnapsen.CardError, match=r"S1.1: H9 is not in the Schnapsen pack"):
            four({**SUITED, "hands": [["H9", *SUITED["hands"][0][1:]], *SUITED["hands"][1:]]})
        with pytest.raises(
            schnapsen.HandError, match=r"S3.7: a given two-player deal needs 9 stock cards, not 8"
        ):
            two({**TWO, "stock": TWO["stock"][:8]})

    def test_a_given_deal_skips_the_cut_and_later_deals_come_from_the_seed(self) -> None:
        game = four()
        assert game.phase == "trump" and game.current_player == 1
        assert game.hands[1] == ["HA", "HK", "HO"]  # S4.1 the first packet only
        fresh = Game(Rules(), seed=1)
        assert fresh.phase == "cut" and fresh.current_player == 3 and legal(fresh) == ["cut", "knock"]  # S3.3


class TestTrumpAndBidding:
    def test_s4_1_forehand_names_a_suit_of_his_first_three_or_turns(self) -> None:
        game = four()
        assert legal(game) == ["trump H", "turn"]
        with pytest.raises(
            schnapsen.IllegalActionError, match=r"S4.1: forehand .seat 1. holds no Leaves card"
        ):
            game.apply("trump L")
        game.apply("turn")
        assert game.trump == "H" and game.turned_card == "H10"
        assert game.hands[1] == ["HA", "HK", "HO", "HU", "H10"]

    def test_s5_1_eligibility_with_fixed_partners(self) -> None:
        game = four()
        play(game, "trump H")
        assert legal(game) == ["pass", "schnapser", "gang", "bauernschnapser"]  # forehand
        game.apply("pass")
        assert legal(game) == ["pass", "gang", "kontraschnapser"]  # seat 2, an opponent of forehand
        game.apply("gang")
        assert legal(game) == ["pass", "bauernschnapser"]  # seat 3, forehand's partner: only higher values
        game.apply("bauernschnapser")
        assert legal(game) == ["pass"]  # seat 0: kontraschnapser (12) is not higher than 12 (S5.2)
        with pytest.raises(schnapsen.IllegalActionError, match=r"S5.2: 'kontraschnapser' is not higher than"):
            game.apply("kontraschnapser")
        game.apply("pass")
        assert (game.contract, game.declarer, game.trump) == ("bauernschnapser", 3, "H")

    def test_s5_1_eligibility_with_called_partners(self) -> None:
        game = four(preset="bauernschnapsen_called")
        play(game, "trump H")
        assert legal(game) == ["pass", "schnapser", "gang", "bauernschnapser"]
        game.apply("pass")
        assert legal(game) == ["pass", "gang", "kontraschnapser"]
        play(game, "pass", "pass", "pass")
        assert (game.contract, game.declarer) == ("normal", 1)
        assert len(legal(game)) == 20 and legal(game)[0] == "call HA"  # S5.4 any card of the pack

    def test_s5_3_gang_has_no_trump_and_the_declarer_leads(self) -> None:
        game = four()
        play(game, "trump H", "pass", "gang", "pass", "pass", "pass", "pass")  # no spritze from 3 and 1
        assert (game.contract, game.declarer, game.trump, game.current_player) == ("gang", 2, None, 2)

    def test_bidding_off_means_every_deal_is_normal(self) -> None:
        game = four(bidding=False, spritze=False)
        game.apply("trump H")
        assert (game.contract, game.declarer, game.current_player) == ("normal", 1, 1)


class TestDoubling:
    def test_s5_5_the_other_team_speaks_from_the_declarers_left(self) -> None:
        game = four(retour=True)
        play(game, "trump H", "pass", "pass", "pass", "pass")
        assert game.current_player == 2 and legal(game) == ["pass", "spritze"]
        game.apply("pass")
        assert game.current_player == 0
        game.apply("spritze")
        assert game.current_player == 1 and legal(game) == ["pass", "retour"]  # S5.5 the declarer
        game.apply("retour")
        assert game.multiplier == 4 and game.phase == "play"

    def test_s5_5_in_called_mode_every_seat_but_the_declarer_speaks(self) -> None:
        game = four(preset="bauernschnapsen_called")
        play(game, "trump H", "pass", "pass", "pass", "pass", "call SA")
        seats = []
        while game.phase == "double":
            seats.append(game.current_player)
            game.apply("pass")
        assert seats == [2, 3, 0]


class TestTricks:
    @pytest.mark.parametrize(
        ("must_head", "seat3"), [("always", ["play HK"]), ("never", ["play HK", "play HU"])]
    )
    def test_s6_3_must_follow_and_must_head_always_even_the_partners_card(
        self, must_head: str, seat3: list[str]
    ) -> None:
        deal = {
            "hands": [
                ["HA", "H10", "EO", "EU", "E10"],
                ["HO", "SA", "SK", "SO", "S10"],
                ["LA", "LK", "LO", "EA", "EK"],
                ["HK", "HU", "SU", "LU", "L10"],
            ],
            "trump_card": None,
            "stock": [],
        }
        game = four(deal, spritze=False, bidding=False, must_head=must_head)
        play(game, "trump S", "play HO")  # forehand leads the Ober of Hearts
        assert legal(game) == ["play LA", "play LK", "play LO", "play EA", "play EK"]  # no Hearts, no trump
        game.apply("play EA")  # W is still the partner's HO
        assert legal(game) == seat3  # S6.3.1: with must_head seat 3 must beat his partner's HO with HK
        if must_head == "always":
            with pytest.raises(
                schnapsen.IllegalActionError,
                match=r"^S6.3: seat 3 must beat HO with a higher Hearts card \(must_head\)$",
            ):
                game.apply("play HU")
        with pytest.raises(
            schnapsen.IllegalActionError, match=r"^S6.3: seat 3 holds a Hearts card and must follow"
        ):
            game.apply("play SU")
        game.apply("play HK")
        assert legal(game) == ["play HA", "play H10"]  # both beat W = HK
        game.apply("play HA")
        assert game.side_points() == (0, 3 + 11 + 4 + 11)  # seat 0 wins the trick (S6.2)

    def test_s6_3_must_head_never_lets_a_seat_follow_low(self) -> None:
        deal = {
            "hands": [
                ["HA", "LK", "SO", "E10", "EU"],
                ["H10", "HK", "SA", "LA", "EA"],
                ["HO", "HU", "L10", "S10", "EK"],
                ["LO", "LU", "SK", "SU", "EO"],
            ],
            "trump_card": None,
            "stock": [],
        }
        game = four(deal, spritze=False, bidding=False)
        play(game, "trump S", "play LA", "play L10")  # seat 2 follows Leaves
        assert legal(game) == ["play LO", "play LU"]  # S6.3 never: any Leaves card, no heading

    def test_s6_6_a_marriage_waits_for_the_sides_first_trick_and_s8_1_a_claim_scores(self) -> None:
        game = four(spritze=False)
        play(game, "trump H", "pass", "pass", "pass", "pass")
        assert "meld H" in legal(game) and "claim" not in legal(game)  # S7.1 not before the second trick
        game.apply("meld H")
        assert legal(game) == ["play HK", "play HO"]  # S6.6 lead the melded King or Ober
        assert game.side_points() == (0, 0)  # S6.6 not credited: the side has no trick
        play(game, "play HK", "play LA", "play SA", "play EA")
        assert game.side_points() == (40 + 4 + 33, 0)  # the trump marriage and the trick
        assert "claim" in legal(game)
        game.apply("claim")
        assert game.scores == [0, 3, 0, 3]  # S8.1 the other side has no trick: 3, for each seat of the side
        events = [e.to_dict() for e in game.events if e.type in ("melded", "marriage_credited", "claimed")]
        assert [e["type"] for e in events] == ["melded", "marriage_credited", "claimed"]
        assert events[1]["side"] == [1, 3] and events[2]["correct"] is True

    def test_s8_2_a_wrong_claim_gives_the_other_side_two_or_three(self) -> None:
        game = four(spritze=False)
        play(
            game,
            "trump H",
            "pass",
            "pass",
            "pass",
            "pass",
            "play HA",
            "play LU",
            "play SU",
            "play EU",
            "claim",
        )
        assert game.scores == [3, 0, 3, 0]  # 11 + 6 points is not 66; the other side has no trick

    def test_s8_5_spritze_doubles_whatever_ends_the_deal(self) -> None:
        game = four()
        play(game, "trump H", "pass", "pass", "pass", "pass", "spritze")
        play(game, "play HA", "play LU", "play SU", "play EU", "claim")
        assert game.scores == [6, 0, 6, 0]

    def test_s7_3_the_last_trick_without_66_scores_one_point(self) -> None:
        game = four(spritze=False)
        play(game, "trump H", "pass", "pass", "pass", "pass")
        for k in range(5):  # forehand wins every trick with trumps, never claiming
            card = ["HU", "HO", "HK", "H10", "HA"][k]
            others = [
                ["LU", "SU", "EU"],
                ["LO", "SO", "EO"],
                ["LK", "SK", "EK"],
                ["L10", "S10", "E10"],
                ["LA", "SA", "EA"],
            ][k]
            play(game, f"play {card}", *(f"play {c}" for c in others))
        assert game.scores == [0, 3, 0, 3]  # S7.3 120 points at the last trick: the correct claim, S8.1 3

    def test_s5_1_schnapser_is_won_with_66_by_trick_three(self) -> None:
        game = four(spritze=False)
        play(game, "trump H", "schnapser", "pass", "pass", "pass")
        assert (game.contract, game.declarer, game.current_player) == ("schnapser", 1, 1)
        play(game, "play HA", "play LA", "play SA", "play EA")  # 44
        play(game, "play H10", "play L10", "play S10", "play E10")  # 84
        assert game.scores == [0, 6, 0, 6]

    def test_s5_1_gang_is_won_with_all_five_tricks(self) -> None:
        game = four(spritze=False)
        play(game, "trump H", "gang", "pass", "pass", "pass")  # forehand announces gang and leads
        for heart, (leaf, bell, acorn) in zip(
            ["HU", "HO", "HK", "H10", "HA"],
            zip(
                ["LU", "LO", "LK", "L10", "LA"],
                ["SU", "SO", "SK", "S10", "SA"],
                ["EU", "EO", "EK", "E10", "EA"],
                strict=True,
            ),
            strict=True,
        ):
            play(game, f"play {heart}", f"play {leaf}", f"play {bell}", f"play {acorn}")
        assert game.scores == [0, 9, 0, 9]  # S8.4 the value to the declaring side

    def test_s5_1_gang_is_lost_at_the_first_trick_another_seat_wins(self) -> None:
        deal = {
            "hands": [
                ["HA", "LK", "SO", "E10", "EU"],
                ["H10", "HK", "SA", "LA", "EA"],
                ["HO", "HU", "L10", "S10", "EK"],
                ["LO", "LU", "SK", "SU", "EO"],
            ],
            "trump_card": None,
            "stock": [],
        }
        game = four(deal, spritze=False)
        play(game, "trump S", "gang", "pass", "pass", "pass")
        play(game, "play HK", "play HO")
        assert legal(game) == ["play LO", "play LU", "play SK", "play SU", "play EO"]  # S6.2 gang: no trump
        play(game, "play SK", "play HA")  # seat 0 wins the first trick
        assert game.scores == [9, 0, 9, 0] and game.hand_number == 1  # S8.4 to the defenders


class TestTwoPlayers:
    def test_s6_5_exchange_then_close_then_meld_then_claim(self) -> None:
        game = two()
        assert (game.trump, game.stock_count, game.current_player) == ("S", 10, 1)
        assert legal(game) == ["exchange", "close", "play HA", "play HK", "play H10", "play LA", "play SU"]
        game.apply("exchange")
        assert game.hands[1] == ["HA", "HK", "H10", "LA", "SK"] and game.trump_card == "SU"
        assert legal(game) == ["close", "play HA", "play HK", "play H10", "play LA", "play SK"]
        with pytest.raises(
            schnapsen.IllegalActionError, match=r"S6.8: exchange comes first, and at most once"
        ):
            game.apply(schnapsen.Action("exchange").id)

    def test_s6_4_any_card_while_the_stock_lasts_and_the_winner_draws_first(self) -> None:
        game = two()
        play(game, "play HA")
        assert legal(game) == ["play HO", "play HU", "play L10", "play SA", "play EA"]
        play(game, "play EA")  # no obligation while the stock lasts (S6.4)
        assert game.hands[1] == ["HK", "H10", "LA", "SO", "SU"]  # the winner drew SO, the top card
        assert game.hands[0] == ["HO", "HU", "L10", "SA", "S10"]  # the loser drew the next, S10
        assert game.stock_count == 8

    def test_s6_7_close_and_s8_3_the_closer_failing_gives_three_to_a_trickless_opponent(self) -> None:
        game = two()
        play(game, "close")
        assert game.closed and "exchange" not in legal(game)
        play(game, "play HA")
        assert legal(game) == ["play HO", "play HU"]  # S6.3 after a close: follow (cannot head HA)
        play(game, "play HU", "play H10", "play HO")  # 13 + 13 = 26 for seat 1
        play(game, "play HK")
        assert legal(game) == ["play SA"]  # no Hearts left: a trump, and SA beats HK anyway
        play(game, "play SA")  # seat 0 wins 15
        play(game, "play L10")
        assert legal(game) == ["play LA"]  # must head the Ten with the Ace (always)
        play(game, "play LA", "play SU", "play EA")  # seat 1 leads SU; seat 0 has EA only
        assert game.scores == [3, 0]  # S8.3 the last trick without 66 by the closer: 3, no trick at closing

    def test_s7_2_automatic_claim_ends_the_deal_at_66(self) -> None:
        game = two(claim="automatic")
        assert "claim" not in legal(game)

    def test_bad_input_changes_nothing(self) -> None:
        game = two()
        before = (game.ply, legal(game), game.hands)
        for bad in ("claim", "meld H", "play HO", "retour"):
            with pytest.raises(schnapsen.IllegalActionError):
                game.apply(bad)
        assert (game.ply, legal(game), game.hands) == before


class TestGameEnd:
    def test_s8_6_the_game_ends_at_the_target_with_winners_and_bummerl(self) -> None:
        game = Game(Rules.preset("schnapsen", target=1), seed=3)
        while not game.is_over:
            game.apply_id(game.legal_action_ids()[-1])
        assert game.current_player is None and game.legal_actions() == []
        assert game.winners == [s for s in (0, 1) if game.scores[s] >= 1]
        low = min(game.scores)
        assert game.bummerl == [s for s in (0, 1) if game.scores[s] == low]

    def test_deals_pass_left_and_hand_number_grows(self) -> None:
        game = Game(Rules(), seed=11)
        seen = [(game.hand_number, game.dealer)]
        while not game.is_over and len(seen) < 3:
            game.apply_id(game.legal_action_ids()[0])
            if (game.hand_number, game.dealer) != seen[-1]:
                seen.append((game.hand_number, game.dealer))
        assert seen == [(0, 0), (1, 1), (2, 2)]


def test_records_round_trip_and_refuse_tampering() -> None:
    game = two()
    play(game, "exchange", "play HA", "play EA")
    restored = Game.from_json(game.to_json())
    assert restored == game and restored.hands == game.hands and restored.history == game.history
    tampered = game.to_record()
    tampered["scores"] = [1, 0]
    with pytest.raises(schnapsen.GameRecordError, match=r"the record says scores"):
        Game.from_record(tampered)


def test_clone_is_independent() -> None:
    game = two()
    child = game.clone()
    child.apply("exchange")
    assert (game.ply, child.ply, type(child)) == (0, 1, Game)


def test_apply_with_seat_and_ply_refuses_stale_actions() -> None:
    game = two()
    with pytest.raises(schnapsen.IllegalActionError, match=r"S9: seat 0 is not to act; seat 1 is to act"):
        game.apply("play HA", seat=0)
    with pytest.raises(schnapsen.IllegalActionError, match=r"was sent for ply 3, but the game is at ply 0"):
        game.apply("play HA", ply=3)
    game.apply("play HA", seat=1, ply=0)
