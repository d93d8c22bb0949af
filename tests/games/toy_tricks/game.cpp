#include "games/toy_tricks/game.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <utility>

#include "core/rng.hpp"
#include "core/seats.hpp"

namespace bieten::toy_tricks {

namespace {

constexpr std::array<std::string_view, kEventTypes> kTypeNames = {"deal_started", "cards_dealt", "card_played",
                                                                  "trick_won",    "deal_scored", "game_over"};

// "play HA" .. "play SU", made once.
const std::array<std::string, kNumActions>& texts() {
  static const std::array<std::string, kNumActions> table = [] {
    std::array<std::string, kNumActions> t;
    for (int a = 0; a < kNumActions; ++a) t[a] = "play " + card_text(card_at(a));
    return t;
  }();
  return table;
}

}  // namespace

void Rules::validate() const {
  if (players != 2) throw RulesError("T7.1/T2.1: players must be 2, not " + std::to_string(players));
  if (target < 1) throw RulesError("T7.1/T5.2: target must be at least 1, not " + std::to_string(target));
}

Rules preset(std::string_view name) {
  if (name == "toy_tricks") return Rules{};
  throw RulesError("T7.1: unknown preset '" + std::string(name) + "' (toy_tricks)");
}

std::string_view action_text(ActionId a) { return a < kNumActions ? std::string_view(texts()[a]) : "?"; }

ActionId parse_action(std::string_view text) {
  std::string word;
  std::string rest;
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) {
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) rest += text[i++];
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  Card c = kNoCard;
  if (word != "play" || rest.empty() || i != text.size() || !try_parse_card(rest, c) || !in_pack(c)) {
    throw ActionError("T6.2: '" + std::string(text) + "' is not an action of Toy Tricks (play <card of T1.1>)");
  }
  return play_action(c);
}

std::array<Card, kPackSize> shuffle_for_deal(std::uint64_t game_seed, std::uint64_t deal) {
  SplitMix64 gen = hand_generator(game_seed, deal);  // T3.1
  std::array<Card, kPackSize> deck{};
  for (int i = 0; i < kPackSize; ++i) deck[i] = card_at(i);
  for (int i = kPackSize - 1; i >= 1; --i) std::swap(deck[i], deck[gen.bounded(static_cast<std::uint32_t>(i + 1))]);
  return deck;
}

DealtCards deal_cards(std::uint64_t game_seed, std::uint64_t deal, int dealer) {
  const std::array<Card, kPackSize> deck = shuffle_for_deal(game_seed, deal);
  DealtCards d;
  const int forehand = forehand_of(dealer, kMaxPlayers);
  for (int i = 0; i < kHandSize; ++i) {  // T3.2
    d.hands[forehand][i] = deck[i];
    d.hands[dealer][i] = deck[kHandSize + i];
  }
  return d;
}

std::string_view event_type_name(EventType t) { return kTypeNames[static_cast<int>(t)]; }

void redact_for(Event& e, int seat) {
  if (e.type == EventType::kCardsDealt && e.seat != seat) e.cards.fill(kNoCard);  // T8.1
}

Game::Game(const Rules& rules, std::uint64_t seed, int dealer, const std::optional<DealtCards>& given,
           bool record_events, bool chance_deals)
    : GameBase(rules, seed, dealer, given, record_events, chance_deals, Phase::kPlay, "T2.2") {
  if (chance_deals) throw RulesError("T3.4: Toy Tricks has no chance mode");
  if (given_) {
    CardSet seen = 0;
    for (int p = 0; p < kMaxPlayers; ++p) {
      for (const Card c : given_->hands[p]) {
        if (!in_pack(c)) {
          throw HandError("T1.1: card id " + std::to_string(c) + " of seat " + std::to_string(p) +
                          " is not in the Toy Tricks pack");
        }
        if (seen & bit(c)) throw HandError("T3.4: " + card_text(c) + " is dealt twice");
        seen |= bit(c);
      }
    }
  }
  start_deal();
}

void Game::reset(std::uint64_t seed) {
  restart(seed);
  start_deal();
}

void Game::start_deal() {
  dealt_ = hand_number_ == 0 && given_ ? *given_ : deal_cards(seed_, hand_number_, dealer_);
  const int forehand = forehand_of(dealer_, kMaxPlayers);
  if (record_events_) {
    Event& e = emit(EventType::kDealStarted);
    e.seat = static_cast<std::int8_t>(dealer_);
    e.other = static_cast<std::int8_t>(forehand);
  }
  for (int k = 0; k < kMaxPlayers; ++k) {
    const int p = (forehand + k) % kMaxPlayers;
    hand_[p] = 0;
    for (const Card c : dealt_.hands[p]) hand_[p] |= bit(c);
    played_[p] = 0;
    tricks_[p] = 0;
    if (record_events_) {
      Event& e = emit(EventType::kCardsDealt);
      e.seat = static_cast<std::int8_t>(p);
      e.cards = dealt_.hands[p];
    }
  }
  trick_index_ = 0;
  leader_ = to_act_ = forehand;  // T4.1
  led_ = kNoCard;
  phase_ = Phase::kPlay;
  update_legal();
}

void Game::update_legal() {
  if (phase_ != Phase::kPlay) {
    legal_ = 0;
    return;
  }
  const CardSet held = hand_[to_act_];
  const CardSet follow = led_ == kNoCard ? 0 : held & suit_cards(suit_of(led_));  // T4.2
  legal_ = pack_bits(follow ? follow : held);
}

std::string Game::why_illegal(int action) const {
  if (action < 0 || action >= kNumActions) {
    return "T6.1: action id " + std::to_string(action) + " is not in 0.." + std::to_string(kNumActions - 1);
  }
  if (is_legal(action)) return "";
  if (is_over()) return "T6.3: the game is over; no action is legal";
  const Card c = action_card(static_cast<ActionId>(action));
  const std::string who = "seat " + std::to_string(to_act_);
  if (!(hand_[to_act_] & bit(c))) return "T6.3: " + who + " does not hold " + card_text(c);
  return "T4.2: " + who + " must follow " + card_text(led_) + "'s suit and cannot play " + card_text(c);
}

void Game::apply(ActionId a) {
  if (!is_legal(a)) throw IllegalActionError(why_illegal(a));
  step(a);
}

void Game::step(ActionId a) {
  const Card c = action_card(a);
  const int seat = to_act_;
  ++actions_;
  if (record_events_) {
    history_.push_back(a);
    Event& e = emit(EventType::kCardPlayed);
    e.seat = static_cast<std::int8_t>(seat);
    e.card = c;
    e.trick = static_cast<std::int8_t>(trick_index_);
  }
  hand_[seat] &= ~bit(c);
  played_[seat] |= bit(c);
  if (led_ == kNoCard) {
    led_ = c;
    to_act_ = next_seat(seat);
    update_legal();
    return;
  }
  // T4.3: the second card wins only by beating the led card in its suit.
  const int winner = beats(c, led_) ? seat : leader_;
  ++tricks_[winner];
  if (record_events_) {
    Event& e = emit(EventType::kTrickWon);
    e.seat = static_cast<std::int8_t>(winner);
    e.trick = static_cast<std::int8_t>(trick_index_);
  }
  led_ = kNoCard;
  leader_ = to_act_ = winner;  // T4.4
  if (++trick_index_ < kTricks) {
    update_legal();
    return;
  }
  end_deal();
}

void Game::end_deal() {
  for (int p = 0; p < kMaxPlayers; ++p) scores_[p] += tricks_[p];  // T5.1
  if (record_events_) {
    Event& e = emit(EventType::kDealScored);
    for (int p = 0; p < kMaxPlayers; ++p) {
      e.gained[p] = static_cast<std::int16_t>(tricks_[p]);
      e.totals[p] = static_cast<std::int16_t>(scores_[p]);
    }
  }
  ++hand_number_;
  const int best = scores_[0] > scores_[1] ? 0 : 1;
  if (scores_[best] >= rules_.target && scores_[best] != scores_[1 - best]) {  // T5.2; a tie plays on (T5.3)
    winners_ = static_cast<std::uint8_t>(1u << best);
    bummerl_ = static_cast<std::uint8_t>(1u << (1 - best));  // T5.4
    phase_ = Phase::kGameOver;
    legal_ = 0;
    if (record_events_) {
      Event& e = emit(EventType::kGameOver);
      e.seats = winners_;
      e.seats2 = bummerl_;
      for (int p = 0; p < kMaxPlayers; ++p) e.totals[p] = static_cast<std::int16_t>(scores_[p]);
    }
    return;
  }
  dealer_ = next_seat(dealer_);  // T3.3
  start_deal();
}

namespace {

template <typename T>
void observe(const Game& g, int seat, T* out, bool fractions) {
  std::fill(out, out + kObservationSize, T{});
  const auto rel = [&](int p) { return (p - seat + kMaxPlayers) % kMaxPlayers; };
  const auto cards = [&](int at, CardSet s) {
    for (; s; s &= s - 1) out[at + pack_index(lowest(s))] = T{1};
  };
  cards(obs::kHand, g.hand(seat));
  for (int p = 0; p < kMaxPlayers; ++p) cards(obs::kPlayed + 12 * rel(p), g.played_cards(p));
  if (g.led_card() != kNoCard) out[obs::kLed + pack_index(g.led_card())] = T{1};
  if (!g.is_over()) out[obs::kToAct + rel(g.current_player())] = T{1};
  out[obs::kDealer + rel(g.dealer())] = T{1};
  for (int p = 0; p < kMaxPlayers; ++p) {
    // The float form is exactly the compact form over observation_divisors (a float division).
    const auto value = [&](int numerator, int divisor) {
      return fractions ? static_cast<T>(static_cast<float>(numerator) / static_cast<float>(divisor))
                       : static_cast<T>(numerator);
    };
    out[obs::kTricks + rel(p)] = value(g.tricks_won(p), kTricks);
    out[obs::kScores + rel(p)] = value(std::clamp(g.scores()[p], 0, 255), g.rules().target);
  }
}

}  // namespace

void write_observation(const Game& game, int seat, float* out) { observe(game, seat, out, true); }
void write_observation(const Game& game, int seat, std::uint8_t* out) { observe(game, seat, out, false); }

void observation_divisors(const Rules& rules, float* out) {
  std::fill(out, out + kObservationSize, 1.0f);
  for (int p = 0; p < kMaxPlayers; ++p) {
    out[obs::kTricks + p] = static_cast<float>(kTricks);
    out[obs::kScores + p] = static_cast<float>(rules.target);
  }
}

}  // namespace bieten::toy_tricks
