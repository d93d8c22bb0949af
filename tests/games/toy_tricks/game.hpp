// Toy Tricks (tests/games/toy_tricks/rules.md, T1-T8): an invented two-player trick game built only
// for the tests, to prove that a game is one folder and one registry entry. Its rules knobs, pack,
// actions, deal, events and the whole game to the target, on GameBase (core/game.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/cards.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/knobs.hpp"

namespace bieten::toy_tricks {

// ---- T7 rules knobs -------------------------------------------------------------------------------

inline constexpr int kMaxPlayers = 2;  // T2.1

struct Rules {
  int players = 2;
  int target = 5;
  void validate() const;  // RulesError citing T7.1
  friend bool operator==(const Rules&, const Rules&) = default;
};

Rules preset(std::string_view name);  // "toy_tricks"; RulesError (T7.1) for any other name

inline constexpr std::array<knobs::Knob<Rules>, 2> kKnobs = {{
    {"players", knobs::Type::kInt, "T2.1", &Rules::players},
    {"target", knobs::Type::kInt, "T5.2", &Rules::target},
}};

// ---- T1 cards -------------------------------------------------------------------------------------

inline constexpr int kPackSize = 12;
inline constexpr int kHandSize = 6;
inline constexpr int kTricks = 6;                 // T4.4
inline constexpr CardSet kPack = 0x0F0F0FULL;     // T1.1: ranks A K O U of suits H L S
inline constexpr Card kNoCard = 0xFF;
inline constexpr bool in_pack(Card c) { return c < 64 && (kPack >> c & 1); }
inline constexpr int pack_index(Card c) { return 4 * (c >> 3) + (c & 7); }  // T1.3
inline constexpr Card card_at(int index) { return static_cast<Card>(8 * (index / 4) + index % 4); }
inline constexpr int suit_of(Card c) { return c >> 3; }
// T4.3: `card` beats `best` only in best's suit, by rank (T1.2: a lower rank index is higher).
inline constexpr bool beats(Card card, Card best) { return suit_of(card) == suit_of(best) && (card & 7) < (best & 7); }
// A set of pack cards as 12 bits by pack index.
inline constexpr std::uint64_t pack_bits(CardSet s) { return (s & 0xF) | (s >> 4 & 0xF0) | (s >> 8 & 0xF00); }

// ---- T6 actions -----------------------------------------------------------------------------------

using ActionId = std::uint8_t;
using ActionMask = std::uint64_t;  // bit a for each legal action a
inline constexpr int kNumActions = kPackSize;
inline constexpr ActionId play_action(Card c) { return static_cast<ActionId>(pack_index(c)); }
inline constexpr Card action_card(ActionId a) { return card_at(a); }
std::string_view action_text(ActionId a);     // "play HA"; "?" beyond the action space
ActionId parse_action(std::string_view text);  // T6.2; ActionError quoting the text

// ---- T3 deal --------------------------------------------------------------------------------------

// Each seat's cards in dealt order (T3.2).
struct DealtCards {
  std::array<std::array<Card, kHandSize>, kMaxPlayers> hands{};
  friend bool operator==(const DealtCards&, const DealtCards&) = default;
};
std::array<Card, kPackSize> shuffle_for_deal(std::uint64_t game_seed, std::uint64_t deal);  // T3.1
DealtCards deal_cards(std::uint64_t game_seed, std::uint64_t deal, int dealer);            // T3.2

// ---- Events -----------------------------------------------------------------------------------------

enum class EventType : std::uint8_t {
  kDealStarted,  // T2.2/T3.3: dealer and forehand
  kCardsDealt,   // T3.2: a seat's six cards (private, T8.1)
  kCardPlayed,   // T4.1
  kTrickWon,     // T4.3
  kDealScored,   // T5.1: the tricks each seat won, the totals
  kGameOver,     // T5.2/T5.4: winners and Bummerl
};
inline constexpr int kEventTypes = 6;

struct Event {
  EventType type{};
  std::uint32_t seq = 0;
  std::uint32_t hand = 0;  // the deal number
  std::int8_t seat = -1;   // dealer, receiver, player, winner
  std::int8_t other = -1;  // deal_started: forehand
  Card card = kNoCard;     // card_played
  std::int8_t trick = -1;  // card_played, trick_won
  std::uint8_t seats = 0;  // game_over: winners
  std::uint8_t seats2 = 0;  // game_over: Bummerl
  std::array<Card, kHandSize> cards{};              // cards_dealt
  std::array<std::int16_t, kMaxPlayers> gained{};   // deal_scored
  std::array<std::int16_t, kMaxPlayers> totals{};   // deal_scored, game_over
};

std::string_view event_type_name(EventType t);
void redact_for(Event& e, int seat);  // T8.1: the other seat's dealt cards become kNoCard

// ---- The game ---------------------------------------------------------------------------------------

enum class Phase : std::uint8_t { kPlay, kChance, kGameOver };  // kChance: GameBase's, never entered (T3.4)
inline constexpr int kPhases = 3;

class Game : public GameBase<Rules, Phase, DealtCards, Event, ActionId, kMaxPlayers> {
 public:
  using ActionMask = toy_tricks::ActionMask;
  static constexpr int kNumActions = toy_tricks::kNumActions;
  static std::string_view action_text(ActionId a) { return toy_tricks::action_text(a); }

  // RulesError for bad rules or chance mode (T3.4), SeatError for a bad dealer, HandError for a given
  // deal that is not the pack's 12 cards, 6 a seat.
  Game(const Rules& rules, std::uint64_t seed, int dealer = 0, const std::optional<DealtCards>& given = {},
       bool record_events = true, bool chance_deals = false);
  void reset(std::uint64_t seed);

  const DealtCards& dealt() const { return dealt_; }
  CardSet hand(int seat) const { return hand_[seat]; }
  CardSet played_cards(int seat) const { return played_[seat]; }  // this deal
  int tricks_won(int seat) const { return tricks_[seat]; }         // this deal
  int trick_index() const { return trick_index_; }
  int trick_leader() const { return leader_; }
  Card led_card() const { return led_; }  // the card led to the current trick, or kNoCard

  ActionMask legal_mask() const { return legal_; }
  bool is_legal(int a) const { return a >= 0 && a < kNumActions && (legal_ >> a & 1); }
  std::string why_illegal(int action) const;  // citing T6 or T4; empty if legal
  void apply(ActionId a);                     // IllegalActionError, state unchanged
  void apply_unchecked(ActionId a) { step(a); }
  double chance_probability(int /*action*/) const { return 0.0; }  // no chance mode (T3.4)

 private:
  void start_deal();
  void step(ActionId a);
  void finish_trick(int second);
  void end_deal();
  void update_legal();

  DealtCards dealt_{};
  std::array<CardSet, kMaxPlayers> hand_{};
  std::array<CardSet, kMaxPlayers> played_{};
  std::array<int, kMaxPlayers> tricks_{};
  int trick_index_ = 0;
  int leader_ = 0;
  Card led_ = kNoCard;
  ActionMask legal_ = 0;
};

// ---- Observation ------------------------------------------------------------------------------------

// What a seat knows (T8.1), relative to it (0 = itself, 1 = the other seat).
namespace obs {
inline constexpr int kHand = 0;                 // 12: its cards, by pack index
inline constexpr int kPlayed = kHand + 12;      // 2 x 12: the cards each seat played this deal
inline constexpr int kLed = kPlayed + 24;       // 12: the card led to the current trick
inline constexpr int kToAct = kLed + 12;        // 2: the seat to act
inline constexpr int kDealer = kToAct + 2;      // 2: the dealer
inline constexpr int kTricks = kDealer + 2;     // 2: tricks won this deal / 6
inline constexpr int kScores = kTricks + 2;     // 2: totals / target
inline constexpr int kSize = kScores + 2;
}  // namespace obs
inline constexpr int kObservationSize = obs::kSize;

void write_observation(const Game& game, int seat, float* out);
// The compact form: the same values as bytes, each fraction its numerator (clamped to 0..255).
void write_observation(const Game& game, int seat, std::uint8_t* out);
void observation_divisors(const Rules& rules, float* out);

}  // namespace bieten::toy_tricks

template <>
inline constexpr int bieten::kObservationSizeOf<bieten::toy_tricks::Game> = bieten::toy_tricks::kObservationSize;
