// A whole game of Bauernschnapsen or Schnapsen to the target (SCHNAPSEN S2-S8).
//
// A Game is a plain value (core/game.hpp): copying it clones it (events are shared copy-on-write,
// shared_log.hpp), and it owns its generator state (the seed), so any number of games run on any
// number of threads. An illegal action throws IllegalActionError naming the S rule and leaves the
// state unchanged (S9).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/deal.hpp"
#include "games/schnapsen/events.hpp"
#include "games/schnapsen/rules.hpp"

namespace bieten::schnapsen {

enum class Phase : std::uint8_t {
  kCut,       // S3.3 the cutter cuts or knocks
  kTrump,     // S4.1 forehand chooses trump
  kBid,       // S5.2
  kCall,      // S5.4
  kDouble,    // S5.5 spritze or pass
  kRetour,    // S5.5 retour or pass
  kPlay,      // S6: the leader's announcements and every card
  kChance,    // chance mode only: the next card of the deck is drawn
  kGameOver,
};
inline constexpr int kPhases = 9;

// Chance mode (game-tree tools such as OpenSpiel): after the cut or knock the 20 cards of the deck
// are drawn one by one, top first, each uniform over the cards left: chance action i is the card of
// pack index i (0..19). The deck is then dealt as S3.4/S3.5 deal a cut or knocked deck.
// current_player() is then kChancePlayer (core/game.hpp).
using bieten::kChancePlayer;

// The lead's announcements done so far (S6.8): each of exchange, close, meld at most once, in order.
enum class LeadStep : std::uint8_t { kNone, kExchanged, kClosed, kMelded };

class Game : public GameBase<Rules, Phase, DealtCards, Event, ActionId, kMaxPlayers> {
 public:
  using ActionMask = schnapsen::ActionMask;
  static constexpr int kNumActions = schnapsen::kNumActions;
  static std::string_view action_text(ActionId a) { return schnapsen::action_text(a); }  // S11

  // Throws RulesError for invalid rules, SeatError for a bad dealer, HandError for a bad given deal
  // (the pack exactly, in the shape of deal_cards: with 2 players a trump card and 9 stock cards).
  Game(const Rules& rules, std::uint64_t seed, int dealer = 0, const std::optional<DealtCards>& given = {},
       bool record_events = true, bool chance_deals = false);

  // A new game with the same rules and first dealer from `seed`, without a given deal.
  void reset(std::uint64_t seed);

  // rules(), seed(), hand_number(), dealer(), phase(), current_player(), scores(), winners(), bummerl(),
  // history(), events() ...: GameBase (core/game.hpp).

  // The deal.
  bool knocked() const { return knocked_; }
  const DealtCards& dealt() const { return dealt_; }  // this deal's cards in dealt order
  CardSet hand(int seat) const { return hand_[seat]; }
  CardSet won_cards(int seat) const { return won_[seat]; }
  CardSet played_cards(int seat) const { return played_[seat]; }  // played by the seat this deal
  int trump() const { return trump_; }  // suit, or -1 (not chosen yet, or gang)
  Card turned_card() const { return turned_; }  // S4.1 the card shown by `turn`, or kNoCard
  Card trump_card() const { return trump_card_; }  // S3.5 the face-up card under the stock (or the Unter)
  int stock_count() const { return stock_left_; }  // face-down cards and the face-up card still to draw
  Card stock_card(int i) const { return stock_[stock_next_ + i]; }  // i-th card still to draw, top first
  bool closed() const { return closer_ >= 0; }
  int closer() const { return closer_; }
  // S6.7/S8.3 the closer's opponent's tricks and points at the moment of closing (0 if not closed).
  int closed_opponent_tricks() const { return closed_opponent_tricks_; }
  int closed_opponent_points() const { return closed_opponent_points_; }
  // The contract and sides (S5).
  int contract() const { return contract_; }  // kNoContract until settled
  int declarer() const { return declarer_; }  // -1 until settled
  Card called_card() const { return called_; }
  int partner() const { return partner_; }    // the called card's holder (S2.3), or -1
  bool partner_known() const { return partner_known_; }
  int multiplier() const { return multiplier_; }  // 1, 2 after spritze, 4 after retour (S8.5)
  int high_bid() const { return high_bid_; }       // the highest contract announced so far, or kNormal
  int bidder() const { return bidder_; }
  // 0 for the declaring side (or seat 0's side with two players and fixed partners before a
  // contract), 1 for the other side.
  int side_of(int seat) const { return side_[seat]; }
  std::uint8_t side_seats(int side) const;
  int side_points(int side) const { return points_[side]; }  // card points and credited marriages
  int pending_marriages(int side) const { return pending_[side]; }  // waiting for a first trick (S6.6)
  std::uint8_t melded_suits(int seat) const { return melded_[seat]; }  // bitmask of suits melded
  CardSet shown_cards(int seat) const { return shown_[seat]; }  // known to be held: drawn face-up, melded
  // Cards everyone knows `seat` does not hold: it failed to follow, to trump or to head when S6.3
  // obliged it (then no card is drawn any more in the deal, so they stay known absent).
  CardSet void_cards(int seat) const { return void_[seat]; }
  // The trick.
  int trick_index() const { return trick_index_; }
  int trick_leader() const { return leader_; }
  int cards_in_trick() const { return trick_count_; }
  Card trick_card(int k) const { return trick_[k]; }  // k-th card of the current trick
  int winning_seat() const { return best_seat_; }
  int led_suit() const { return trick_count_ ? suit(trick_[0]) : -1; }
  LeadStep lead_step() const { return lead_step_; }
  int lead_meld() const { return lead_meld_; }  // the suit melded at this lead, or -1
  int last_trick_winner() const { return last_winner_; }

  ActionMask legal_mask() const { return legal_; }
  bool is_legal(int a) const { return a >= 0 && a < kNumActions && (legal_ >> a & 1); }
  // Why an action is refused, citing the S rule; empty if it is legal.
  std::string why_illegal(int action) const;
  void apply(ActionId a);                        // throws IllegalActionError, state unchanged
  void apply_unchecked(ActionId a) { step(a); }  // the self-play path: a is legal
  double chance_probability(int a) const;        // in chance mode, 1 / cards left for a legal card

  // ISMCTS determinization (ismcts.hpp): replaces the hands by `hands` and the face-down stock cards
  // still to draw by `stock` (top first; stock_count() - 1 of them while the stock lasts), a world
  // drawn consistently with one seat's view (schnapsen/sampler.hpp), keeping everything public; the
  // legal actions follow. Only in the card play (Phase::kPlay).
  void set_hidden(const std::array<CardSet, kMaxPlayers>& hands, const Card* stock);

 private:
  void start_deal();
  void cut_or_knock(bool knock);
  void deal_first_packets();
  void deal_second_packets();
  void emit_packet(int seat, int from, int n, bool hide_last_two);
  void settle_contract(int contract, int declarer);
  void start_doubling();
  void start_play();
  // One function per phase: step() dispatches once on the phase.
  void step(ActionId a);
  void draw_chance(ActionId a);              // Phase::kChance
  void choose_trump(int seat, ActionId a);   // Phase::kTrump
  void bid(int seat, ActionId a);            // Phase::kBid
  ActionMask bid_legal() const;
  void call(int seat, ActionId a);           // Phase::kCall
  void double_or_pass(int seat, ActionId a);  // Phase::kDouble
  void retour_or_pass(int seat, ActionId a);  // Phase::kRetour
  void play_or_announce(int seat, ActionId a);  // Phase::kPlay
  void meld(int seat, int suit);
  void play_card(Card c);
  void finish_trick();
  void draw_cards(int winner);
  void credit_marriage(int side, int seat, int points);
  void announce_deferred_credit();
  void end_by_claim(int side, bool correct, int claimant);
  void end_deal(int side, int points, DealEnd how, int claimant);
  void update_legal();
  ActionMask play_legal() const;
  ActionMask follow_cards(int seat) const;
  CardSet revealed_absent(Card c) const;
  bool must_head() const;
  bool marriages_allowed() const { return contract_ == kNormal || contract_ == kSchnapserContract ||
                                          contract_ == kKontraschnapserContract; }
  bool claims_allowed() const { return contract_ == kNormal; }  // S7.4 (the 2-player game is normal)
  bool obligations_apply() const { return rules_.players == 4 || stock_left_ == 0 || closer_ >= 0; }  // S6.3
  bool may_bid(int seat, int contract) const;
  std::string seat_text(int seat) const { return "seat " + std::to_string(seat); }

  // The deal.
  std::array<Card, kPackSize> deck_{};  // cut or knocked, top first
  int chance_drawn_ = 0;                // chance mode: cards of deck_ drawn so far
  std::uint32_t chance_left_ = 0;       // chance mode: pack bits not drawn yet
  bool knocked_ = false;
  DealtCards dealt_{};
  std::array<CardSet, kMaxPlayers> hand_{};
  std::array<CardSet, kMaxPlayers> won_{};
  std::array<CardSet, kMaxPlayers> played_{};
  std::array<CardSet, kMaxPlayers> shown_{};
  std::array<CardSet, kMaxPlayers> void_{};
  std::array<Card, 2 * kHandSize> stock_{};  // 2 players: 9 face down then the face-up card
  int stock_next_ = 0;
  int stock_left_ = 0;
  Card trump_card_ = kNoCard;
  int trump_ = -1;
  Card turned_ = kNoCard;
  int closer_ = -1;
  int closed_opponent_tricks_ = 0;  // S6.7 the opponent's state when the stock was closed (S8.3)
  int closed_opponent_points_ = 0;

  // Bidding, calling, doubling.
  int contract_ = kNoContract;
  int declarer_ = -1;
  int high_bid_ = kNormal;
  int bidder_ = -1;
  int speakers_left_ = 0;
  Card called_ = kNoCard;
  int partner_ = -1;
  bool partner_known_ = false;
  int multiplier_ = 1;
  std::array<std::int8_t, kMaxPlayers> side_{};
  std::array<int, 2> points_{};
  std::array<int, 2> tricks_{};
  std::array<int, 2> pending_{};
  std::array<std::int8_t, 2> pending_seat_{-1, -1};  // who melded the pending marriage
  // Called mode: credits while the partner is secret are announced, in order, when he is revealed or
  // the deal ends, so that the events' timing does not tell who is on the declarer's side (S12). At
  // most one marriage per suit, so four.
  struct DeferredCredit {
    std::int8_t seat = -1;
    std::int16_t points = 0;
    std::int8_t side = -1;
  };
  std::array<DeferredCredit, 4> deferred_{};
  int deferred_count_ = 0;
  std::array<std::uint8_t, kMaxPlayers> melded_{};

  // The trick.
  int trick_index_ = 0;
  int leader_ = 0;
  int trick_count_ = 0;
  std::array<Card, kMaxPlayers> trick_{};
  int best_seat_ = -1;
  Card best_card_ = kNoCard;
  LeadStep lead_step_ = LeadStep::kNone;
  int lead_meld_ = -1;
  int last_winner_ = -1;

  ActionMask legal_ = 0;
};

}  // namespace bieten::schnapsen
