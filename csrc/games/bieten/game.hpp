// A whole game to the target (RULES R2-R8): the deal with cut-steal, tricks, wilds, bidding, scoring.
//
// A Game is a plain value (core/game.hpp): copying it clones it, and it owns its generator state (the
// seed), so any number of games can run on any number of threads. Illegal actions throw
// IllegalActionError naming the rule and leave the state unchanged (R9).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/bieten/actions.hpp"
#include "games/bieten/deal.hpp"
#include "games/bieten/events.hpp"
#include "games/bieten/figures.hpp"
#include "games/bieten/rules.hpp"
#include "core/game.hpp"

namespace bieten {

namespace detail {
// R4.2: the natural cards of the led suit (the natural Weli counts as Bells, R1.3), indexed by the
// led suit + 1; entry 0 (no card led yet) holds nothing, so that a seat follows nothing.
inline constexpr std::array<CardSet, kSuits + 1> kLedNaturals = {0, natural_suit(0), natural_suit(1), natural_suit(2),
                                                                 natural_suit(3)};
}  // namespace detail

enum class Phase : std::uint8_t {
  kSteal,        // R3.7: the cutter steals or leaves
  kTurn,         // R7.1: a seat on turn before its card: play, or open a bid
  kAfterPlay,    // R7.1: after its card: open a bid, or pass
  kAnswer,       // R7.4: answers to a bid
  kReraise,      // R7.6: the bidder, then the holder, may raise a held bid
  kRaiseAnswer,  // R7.5: answers to a raise
  kGameOver,
  kChance,       // chance mode only: the next card of the deal (or of the cut-steal) is drawn
};

// Chance mode (for game-tree tools such as OpenSpiel): instead of drawing each hand from the seed
// (R3), every random event of the deal is an explicit chance action with a known probability:
//   ids 0..32  the next card shown to the cutter (R3.7) or dealt, uniform over the cards left
//              (the card the cutter left goes to the bottom of the deck: never dealt, R3.7);
//   id 33/34   the lifted packet has another card / is exhausted (R3.5: c is uniform in 1..32).
// Cards are dealt seat by seat in the order of R3.6, then the face-up card (R3.8).
// current_player() is then kChancePlayer (core/game.hpp).
inline constexpr ActionId kChancePacketMore = 33;
inline constexpr ActionId kChancePacketEnd = 34;

enum class BidState : std::uint8_t { kUnbid, kOpen, kConceded, kStands, kRaised, kRaiseConceded, kStandsThree };

struct BidRecord {
  BidState state = BidState::kUnbid;
  std::int8_t bidder = -1;
  std::int8_t holder = -1;  // who held (at 2, or at 3 after a raise)
  std::int8_t raiser = -1;
};

// A first hand given explicitly (CONFORMANCE: Game(deal=..., top_card=...)).
struct GivenDeal {
  Hands hands{};
  Card top_card = kNoCard;
  friend bool operator==(const GivenDeal&, const GivenDeal&) = default;
};

// The card a seat played to the current trick.
struct TrickCard {
  Card card = kNoCard;
  Card identity = kNoCard;
  std::int8_t wild = -1;  // index in kWildOrder, or -1 for a natural card
};

class Game : public GameBase<Rules, Phase, GivenDeal, Event, ActionId, kMaxPlayers> {
 public:
  using ActionMask = bieten::ActionMask;
  static constexpr int kNumActions = bieten::kNumActions;
  static std::string action_text(ActionId a) { return bieten::action_text(a); }  // R11

  // Throws RulesError for invalid rules, SeatError for a bad dealer, HandError for a bad given deal.
  Game(const Rules& rules, std::uint64_t seed, int dealer = 0, const std::optional<GivenDeal>& given = {},
       bool record_events = true, bool chance_deals = false);

  // Starts a new game with the same rules and first dealer from `seed`, as if newly made (no
  // given deal), keeping the allocations: the self-play loops' way to play game after game.
  void reset(std::uint64_t seed);

  // rules(), seed(), hand_number(), dealer(), phase(), current_player(), scores(), winners(), bummerl(),
  // history(), events() ...: GameBase (core/game.hpp).
  // In chance mode: the probability of a legal chance action.
  double chance_probability(ActionId a) const;
  int winner() const { return winners_ ? std::countr_zero(winners_) : -1; }  // R8.1: one seat wins, or -1
  const std::array<int, kMaxPlayers>& secured() const { return secured_; }

  // Cards of the current hand: dealt (played and unplayed; with cut-steal, dealt so far) and unplayed.
  const Hands& dealt() const { return dealt_; }
  const Hands& unplayed() const { return in_hand_; }
  // Identities a seat has shown (natural cards played and wilds as named), for R4.4/R6.
  CardSet played_identities(int seat) const { return played_[seat]; }
  CardSet played_cards(int seat) const { return dealt_[seat] & ~in_hand_[seat]; }
  const FigureCards& figure_cards(int seat) const { return figure_cards_[seat]; }
  std::uint8_t failed_suits(int seat) const { return failed_[seat]; }
  Card top_card() const { return top_card_; }           // kNoCard until shown (R3.8)
  CardSet seen_by_cutter() const { return cutter_seen_; }  // R3.7
  // R3.7: the card the cutter is being shown now (steal or leave?), or kNoCard outside that phase.
  Card cutter_shown() const {
    if (phase_ != Phase::kSteal) return kNoCard;
    return chance_deals_ ? shown_card_ : shuffle_.deck[shuffle_.cut - 1 - stolen_];
  }
  int trick_index() const { return trick_index_; }
  int trick_leader() const { return leader_; }
  int led_suit() const { return led_suit_; }             // -1 before the lead
  int cards_in_trick() const { return trick_count_; }
  const std::array<TrickCard, kMaxPlayers>& trick_cards() const { return trick_; }
  int last_trick_winner() const { return last_trick_winner_; }
  const std::array<BidRecord, kBiddableFigures>& bids() const { return bids_; }
  int current_bid_figure() const { return bid_figure_; }  // -1 when no bid is being answered

  const ActionMask& legal_mask() const { return legal_; }
  bool is_legal(ActionId a) const { return a < kNumActions && legal_.test(a); }
  // Why an action is refused, citing the rule; empty if it is legal.
  std::string why_illegal(int action) const;
  // Applies a legal action; throws IllegalActionError (state unchanged) otherwise.
  void apply(ActionId a);
  // Applies an action known to be legal (no check): the self-play fast path.
  void apply_unchecked(ActionId a) { step(a); }
  // Plays the game to its end with the random agent at every seat (agents.hpp's random_action, seat
  // p drawing from a copy of gens[p]; gens are left as they are): the same actions, in the same
  // order, as applying random_action one by one, in one loop with the step inlined, so that an
  // action costs no call and no register saves (core/simulate.hpp's loop for random agents alone).
  // Not in chance mode. The three play_random functions are in playout.cpp.
  void play_random(const std::array<SplitMix64, kMaxPlayers>& gens);
  // play_random's loop where the CPU lacks AVX-512 or BMI2 (or the compiler is not GCC on x86-64): the
  // same actions from the same draws, callable on any CPU, so that tests compare the two loops.
  void play_random_portable(const std::array<SplitMix64, kMaxPlayers>& gens);

 private:
  void play_random_avx512(const std::array<SplitMix64, kMaxPlayers>& gens);  // its draws where the CPU has AVX-512
  template <typename Seats>
  void play_random_steps(Seats& seats);  // its loop, over either source of draws (playout.cpp)

 public:

  // Points each seat was credited per figure over the whole game: Figure order, then the Weli point.
  const std::array<std::array<int, kBiddableFigures + 1>, kMaxPlayers>& figure_points() const { return figure_points_; }

  // Whether a seat holds a figure for bidding (R7.2 with R5.5 for unplayed wilds; Spiel rule).
  bool holds_figure(int seat, Figure f) const { return (card_figures_[seat] >> f) & 1; }
  // Whether a seat may open a bid / raise now under the score limit (R7.3).
  bool may_open_by_limit(int seat) const { return scores_[seat] + secured_[seat] <= open_limit_; }
  bool may_raise_by_limit(int seat) const { return scores_[seat] + secured_[seat] <= raise_limit_; }

  // ISMCTS determinization (ismcts.hpp): gives every seat the unplayed cards `unplayed` (a world drawn
  // consistently with one seat's view, odds_detail::Sampler), keeping all that was played, named, bid
  // and scored; the dealt cards, figure holdings and legal actions follow. Only during the card play
  // and bidding of a dealt hand (not in the cut-steal phase); the undealt stock is left as it was.
  void set_hidden(const Hands& unplayed);

 private:
  void start_hand();
  void finish_steal();
  void deal_done();
  void show_to_cutter(Card card);
  void begin_chance_deal();
  void chance(ActionId a);
  // The steps marked always_inline are defined in game_inline.hpp, seen by game.cpp and playout.cpp.
  // The next seat's turn: inline at every call (card play, pass, a settled bid), so that the module's
  // link-time inliner, which sees more callers than a program does, keeps it in the random loop.
  [[gnu::always_inline]] inline void begin_turn(int seat);
  void step(ActionId a);
  // step's body, inlined in step, and in play_random_portable where the compiler lacks labels as values.
  [[gnu::always_inline]] inline void advance(ActionId a);
  [[gnu::noinline]] void record_action(ActionId a);
  [[gnu::noinline]] void steal_or_leave(int p, ActionId a);
  [[gnu::always_inline]] inline void pass_turn(int seat);  // R7.1, its event out of line
  [[gnu::noinline]] void record_pass(int seat);
  // A card (R4, R5), in two copies: a natural card inline (every card when no card is wild, R5.1),
  // with its identity the card itself and no wild's bookkeeping; a wild named as a card out of line.
  template <bool kWild>
  [[gnu::always_inline]] inline void play(int seat, ActionId a);
  [[gnu::noinline]] void play_wild(int seat, ActionId a);
  [[gnu::always_inline]] inline void open_bid(int seat, Figure f);
  [[gnu::always_inline]] inline void answer_bid(int seat, ActionId a);  // Phase::kAnswer
  void answer_raise(int seat, ActionId a);    // Phase::kRaiseAnswer
  void answer_reraise(int seat, ActionId a);  // Phase::kReraise
  void record_answer(int seat, ActionId a, AnswerStage stage);
  void raise(int seat);
  template <BidOutcome outcome>
  void settle_bid();
  void start_reraise();
  void end_turn_after_bid();
  [[gnu::noinline]] void end_hand();
  bool credit_all_unordered(const std::array<int, kBiddableFigures>& best, int weli_holder);
  void next_hand();
  bool credit(int seat, int points, std::int8_t figure, CreditReason reason, std::array<std::int16_t, kMaxPlayers>& gained);
  void void_credit(int seat, int points, int figure, CreditReason credit, VoidReason why);
  VoidReason nobody_reason(int figure) const;
  void finish_game(int winner);
  void update_legal();         // legal_ for the phase, whichever it is
  ActionMask legal_now() const;
  // The legal actions of one phase, for the steps that know the phase they enter: one indirect
  // jump (and its misprediction) less per action than legal_now's switch.
  // Phase::kTurn. Written into `out` word by word: returned by value, the mask came back through
  // memory and was copied into legal_ with a load that spans two of its stores, which the CPU cannot
  // forward (a stall on the way from every card to the next decision).
  void turn_legal(int p, ActionMask& out) const;
  // turn_legal inline for a seat with no wild in hand (every seat when no card is wild, R5.1): its
  // cards, those of the led suit if it holds any (R4.2), and its bids (R7.1). The same mask; a seat
  // holding a wild takes turn_legal (R5.3's names). Called after every card but the trick's last.
  [[gnu::always_inline]] void turn_legal_fast(int p, ActionMask& out) const {
    const CardSet hand = in_hand_[p];
    if (hand & wild_cards_) {
      turn_legal(p, out);
      return;
    }
    const CardSet follow = hand & detail::kLedNaturals[static_cast<std::size_t>(led_suit_ + 1)];
    const std::uint64_t bids = may_open_by_limit(p) ? openable_figures(p) : 0;
    out.w[0] = follow ? follow : hand;
    out.w[1] = 0;
    out.w[2] = bids << (kBidBase - 128);
  }
  ActionMask after_play_legal(int p) const;  // Phase::kAfterPlay
  ActionMask answer_legal(int p, bool may_raise) const;  // kAnswer (may_raise), kRaiseAnswer
  static ActionMask reraise_legal();         // Phase::kReraise
  // R7.1 after a card: the bids `bids` (Figure bits) and pass, all in the mask's third word.
  static ActionMask bids_or_pass(std::uint64_t bids) {
    static_assert(kBidBase >= 128 && kPass >= 128 && kPass < 192);
    ActionMask legal;
    legal.w[2] = bids << (kBidBase - 128) | std::uint64_t{1} << (kPass - 128);
    return legal;
  }

  CardSet free_identities(int seat) const;
  std::uint8_t compute_card_figures(int seat) const;
  [[gnu::noinline]] std::uint8_t wild_card_figures(int seat) const;
  void refresh_figures(int seat) {
    card_figures_[seat] = static_cast<std::uint8_t>(compute_card_figures(seat) | spiel_allowed(seat) << kSpiel);
  }
  // R7.2: the Spiel bit of card_figures_. spiel_allowed changes only once the first card of the last
  // trick is down, and then for a seat only when it plays (its last card and failed suits are its own).
  // Here, inline, for the card's step in both game.cpp and playout.cpp.
  void refresh_spiel(int seat) {
    card_figures_[seat] =
        static_cast<std::uint8_t>((card_figures_[seat] & ~(1u << kSpiel)) | spiel_allowed(seat) << kSpiel);
  }
  // The figures the seat could open now: held (R7.2, card_figures_) and not yet bid (R7.1).
  std::uint8_t openable_figures(int seat) const { return card_figures_[seat] & unbid_; }
  bool spiel_allowed(int seat) const;

  CardSet wild_cards_;  // rules_.wild_cards(), asked on every step
  // R7.3 as one comparison: a seat at s points (total + secured) may open a bid if s <= open_limit_,
  // raise if s <= raise_limit_ (strict: target - 2 / target - 3; gespannt: target - 2 for both).
  int open_limit_;
  int raise_limit_;

  // The hand.
  Hands dealt_{};
  Hands in_hand_{};
  std::array<CardSet, kMaxPlayers> played_{};
  std::array<FigureCards, kMaxPlayers> figure_cards_{};  // naturals dealt + wilds as named
  std::array<std::uint8_t, kMaxPlayers> failed_{};       // suits each seat failed to follow (R5.3)
  Card top_card_ = kNoCard;

  // Cut-steal (R3.7).
  Shuffle shuffle_{};
  int stolen_ = 0;
  int steal_limit_ = 0;
  CardSet cutter_seen_ = 0;

  // Chance mode.
  enum class ChanceStage : std::uint8_t { kShow, kPacket, kDeal };
  ChanceStage chance_stage_ = ChanceStage::kDeal;
  CardSet chance_pool_ = 0;   // cards not yet shown or dealt
  Card shown_card_ = kNoCard;
  Card left_card_ = kNoCard;  // R3.7: left by the cutter, at the bottom of the deck
  std::array<std::int8_t, 4 * kMaxPlayers + 1> deal_slots_{};  // seats to deal to; -1 = face-up card
  int deal_slot_count_ = 0;
  int deal_slot_ = 0;

  // The trick.
  int trick_index_ = 0;
  int leader_ = 0;
  int trick_count_ = 0;
  int led_suit_ = -1;
  int best_seat_ = -1;
  int best_strength_ = -1;
  std::array<TrickCard, kMaxPlayers> trick_{};
  int last_trick_winner_ = -1;

  // Turn and bidding (R7).
  int turn_seat_ = 0;        // whose turn in the card play
  int after_next_ = 0;       // who acts when the after-play window closes
  Phase return_phase_ = Phase::kTurn;
  std::array<BidRecord, kBiddableFigures> bids_{};
  std::uint8_t unbid_ = 0;                                // figures not yet bid this hand (bits)
  // Cached holdings (R7.2) in Figure order: Red..Hanger change only when the seat itself plays,
  // Spiel only within the last trick (refresh_spiel).
  std::array<std::uint8_t, kMaxPlayers> card_figures_{};
  std::array<std::int8_t, kBiddableFigures> bid_order_{};
  int bids_opened_ = 0;
  std::array<int, kMaxPlayers> secured_{};
  int bid_figure_ = -1;
  int asks_left_ = 0;
  int reraise_stage_ = 0;    // 0: the bidder is asked, 1: the holder

  ActionMask legal_{};
  std::array<std::array<int, kBiddableFigures + 1>, kMaxPlayers> figure_points_{};
};

}  // namespace bieten
