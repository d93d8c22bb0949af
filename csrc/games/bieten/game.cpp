#include "games/bieten/game.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>
#include <utility>

#include "games/bieten/game_inline.hpp"  // the steps inline in step(), as in playout.cpp

namespace bieten {

namespace {

// R7.7/R8.1: a figure's credit at the hand's end by its BidState (kUnbid, kOpen, kConceded, kStands,
// kRaised, kRaiseConceded, kStandsThree): its points (none for a bid still open or raised), who has
// them (0 the best figure, R6; 1 the bidder; 2 the raiser) and why.
constexpr std::array<std::int8_t, 7> kCreditPoints = {1, 0, 1, 2, 0, 2, 3};
constexpr std::array<std::uint8_t, 7> kCreditTo = {0, 0, 1, 0, 0, 2, 0};
constexpr std::array<CreditReason, 7> kCreditReason = {
    CreditReason::kUnbid, CreditReason::kUnbid,          CreditReason::kConceded, CreditReason::kHeld,
    CreditReason::kUnbid, CreditReason::kRaiseConceded, CreditReason::kHeldThree};

// Who has figure `f`'s credit: by the tables above, without a jump on the random bid state.
int credit_receiver(const BidRecord& b, int best) {
  const std::array<int, 3> who = {best, b.bidder, b.raiser};
  return who[kCreditTo[static_cast<std::size_t>(b.state)]];
}

constexpr std::array<std::string_view, kSuits> kSuitNames = {"Hearts", "Leaves", "Bells", "Acorns"};

// Ranks present in a set of natural cards, as 8 bits (bit r = rank r).
constexpr std::uint32_t rank_fold(CardSet s) {
  return static_cast<std::uint32_t>((s | s >> 8 | s >> 16 | s >> 24) & 0xFF);
}

// Whether some card of x is next in rank to some card of y in the same suit (R6.3).
constexpr bool adjacent(CardSet x, CardSet y) {
  const std::uint64_t sx = detail::spread_suits(x), sy = detail::spread_suits(y);
  return ((sx & (sy >> 1)) | (sx & (sy << 1))) != 0;
}

// Which of Red, Green, Gleich and Hanger (R6.1-R6.3) a set of natural cards holds, in Figure bits.
constexpr std::uint8_t natural_card_figures(CardSet c) {
  const CardSet naturals = c & kNaturalCards;
  // R6.2: some rank is held twice iff there are more natural cards than distinct ranks.
  const bool gleich = count(naturals) > std::popcount(rank_fold(naturals));
  // R6.3: ranks r and r+1 of one suit are bits 8s+r and 8s+r+1 (0x7F: not across suits), and
  // the natural Weli continues Bells below the 7 (R1.3).
  const bool hanger = ((c & (c >> 1) & 0x7F7F7F7FULL) | ((c >> kBellsSeven) & (c >> kWeli) & 1)) != 0;
  return static_cast<std::uint8_t>(((c & suit_cards(kHearts)) != 0) << kRed | ((c & suit_cards(kLeaves)) != 0) << kGreen |
                                   gleich << kGleich | hanger << kHanger);
}

// Whether two natural cards of one rank are in s: some rank is in two of the four suit bytes.
constexpr bool has_rank_pair(CardSet s) {
  const std::uint32_t a = s & 0xFF, b = (s >> 8) & 0xFF, c = (s >> 16) & 0xFF, d = (s >> 24) & 0xFF;
  return ((a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)) != 0;
}

std::string seat_text(int seat) { return "seat " + std::to_string(seat); }

// R7.3: the highest score s (total + secured) at which a seat may still open a bid (extra = 2) or
// raise (extra = 3). strict: s + extra <= target; gespannt: s < target - 1 for both; none: any s.
int score_limit(const Rules& rules, int extra) {
  switch (rules.overbid) {
    case Overbid::kStrict: return rules.target - extra;
    case Overbid::kGespannt: return rules.target - 2;
    case Overbid::kNone: break;
  }
  return std::numeric_limits<int>::max();
}

}  // namespace

Game::Game(const Rules& rules, std::uint64_t seed, int dealer, const std::optional<GivenDeal>& given,
           bool record_events, bool chance_deals)
    : GameBase(rules, seed, dealer, given, record_events, chance_deals, Phase::kTurn, "R2.2"),
      wild_cards_(rules.wild_cards()), open_limit_(score_limit(rules, 2)), raise_limit_(score_limit(rules, 3)) {
  if (given_) {
    CardSet seen = 0;
    for (int p = 0; p < kMaxPlayers; ++p) {
      const CardSet h = given_->hands[p];
      if (p >= rules_.players) {
        if (h) throw HandError("R2.1: a given deal has cards for seat " + std::to_string(p) + " beyond the players");
        continue;
      }
      if (h & ~kFullDeck) throw HandError("R1.4: seat " + std::to_string(p) + " holds a card id beyond 32");
      if (count(h) != rules_.hand_size) {
        throw HandError("R3.6: seat " + std::to_string(p) + " is given " + std::to_string(count(h)) + " cards [" +
                        cards_text(h) + "], hand_size is " + std::to_string(rules_.hand_size));
      }
      if (h & seen) throw HandError("R1.4: " + card_text(lowest(h & seen)) + " is given to two seats");
      seen |= h;
    }
    if (rules_.show_top_card) {
      if (given_->top_card == kNoCard) throw HandError("R3.8: these rules show a face-up card: a given deal needs top_card");
      if (given_->top_card > kWeli) throw HandError("R1.4: top_card is not a card");
      if (seen & bit(given_->top_card)) {
        throw HandError("R3.8: the face-up card " + card_text(given_->top_card) + " is also dealt to a seat");
      }
    } else if (given_->top_card != kNoCard) {
      throw HandError("R3.8: top_card is given, but these rules show no face-up card (show_top_card is off)");
    }
  }
  start_hand();
}

void Game::reset(std::uint64_t seed) {
  restart(seed);
  figure_points_ = {};
  start_hand();
}

void Game::start_hand() {
  const int n = rules_.players;
  dealt_ = {};
  in_hand_ = {};
  played_ = {};
  failed_ = {};
  top_card_ = kNoCard;
  stolen_ = 0;
  steal_limit_ = 0;
  cutter_seen_ = 0;
  trick_index_ = 0;
  leader_ = forehand_of(dealer_, n);
  trick_count_ = 0;
  led_suit_ = -1;
  best_seat_ = -1;
  best_strength_ = -1;
  trick_ = {};
  last_trick_winner_ = -1;
  bids_ = {};
  unbid_ = (1u << kBiddableFigures) - 1;
  bid_order_ = {};
  bids_opened_ = 0;
  secured_ = {};
  bid_figure_ = -1;
  asks_left_ = 0;
  for (auto& held : card_figures_) held |= 1u << kSpiel;  // R7.2: Spiel needs nothing before the last trick

  if (hand_number_ == 0 && given_) {
    dealt_ = given_->hands;
    top_card_ = rules_.show_top_card ? given_->top_card : kNoCard;
    deal_done();
    return;
  }
  // figure_cards_ are written whole by deal_done (seats beyond the players are never written); a
  // deal card by card has none until then. (Cleared here for every hand, the 160 bytes took a
  // `rep stos`, a quarter of start_hand's time.)
  if (chance_deals_ || rules_.cut_steal) figure_cards_ = {};
  if (chance_deals_) {
    chance_pool_ = kFullDeck;
    shown_card_ = kNoCard;
    left_card_ = kNoCard;
    if (rules_.cut_steal) {
      steal_limit_ = std::min(kMaxSteal, rules_.hand_size);  // and c, decided by chance (id 33/34)
      phase_ = Phase::kChance;
      chance_stage_ = ChanceStage::kShow;
      update_legal();
    } else {
      begin_chance_deal();
    }
    return;
  }
  if (rules_.cut_steal) {  // R3.7: the cutter looks at the bottom card of the lifted packet
    shuffle_ = shuffle_for_hand(seed_, hand_number_);
    steal_limit_ = std::min({kMaxSteal, rules_.hand_size, shuffle_.cut});
    show_to_cutter(shuffle_.deck[shuffle_.cut - 1]);
    return;
  }
  const Card top = deal_hand_into(seed_, hand_number_, rules_, dealer_, dealt_);  // dealt_ is empty
  top_card_ = rules_.show_top_card ? top : kNoCard;
  deal_done();
}

// R3.7: the cutter is shown a card of the lifted packet and must steal or leave it.
void Game::show_to_cutter(Card card) {
  shown_card_ = card;
  cutter_seen_ |= bit(card);
  phase_ = Phase::kSteal;
  to_act_ = cutter();
  if (record_events_) {
    Event& e = emit(EventType::kCardSeen);
    e.seat = static_cast<std::int8_t>(to_act_);
    e.card = card;
  }
  update_legal();
}

// Chance mode: the deal's slots in the order of R3.6 (seats already holding stolen cards receive
// fewer), then the face-up card (R3.8).
void Game::begin_chance_deal() {
  std::array<int, kMaxPlayers> held{};
  for (int p = 0; p < rules_.players; ++p) held[p] = count(dealt_[p]);
  deal_slot_count_ = 0;
  const int first = forehand_of(dealer_, rules_.players);
  for (int packet_target : {2, rules_.hand_size}) {
    for (int k = 0; k < rules_.players; ++k) {
      const int seat = (first + k) % rules_.players;
      for (; held[seat] < packet_target; ++held[seat]) deal_slots_[deal_slot_count_++] = static_cast<std::int8_t>(seat);
    }
  }
  if (rules_.show_top_card) deal_slots_[deal_slot_count_++] = -1;
  deal_slot_ = 0;
  phase_ = Phase::kChance;
  chance_stage_ = ChanceStage::kDeal;
  update_legal();
}

void Game::chance(ActionId a) {
  switch (chance_stage_) {
    case ChanceStage::kShow:
      chance_pool_ &= ~bit(a);
      show_to_cutter(a);
      return;
    case ChanceStage::kPacket:
      if (a == kChancePacketMore) {
        chance_stage_ = ChanceStage::kShow;
        update_legal();
      } else {
        begin_chance_deal();
      }
      return;
    case ChanceStage::kDeal: {
      chance_pool_ &= ~bit(a);
      const int seat = deal_slots_[deal_slot_++];
      if (seat < 0) {
        top_card_ = a;
      } else {
        dealt_[seat] |= bit(a);
      }
      if (deal_slot_ == deal_slot_count_) {
        deal_done();
      } else {
        update_legal();
      }
      return;
    }
  }
}

double Game::chance_probability(ActionId a) const {
  if (phase_ != Phase::kChance || !legal_.test(a)) return 0.0;
  if (chance_stage_ == ChanceStage::kPacket) {  // c uniform in 1..32, given c >= stolen
    const double left = 33.0 - stolen_;
    return a == kChancePacketMore ? (32.0 - stolen_) / left : 1.0 / left;
  }
  return 1.0 / legal_.size();
}

// R3.7: completes the cut with the cards not stolen and deals the rest.
void Game::finish_steal() {
  std::array<Card, kDeckSize> deck{};
  const int size = complete_cut(shuffle_, stolen_, deck);
  const Dealt d = deal_from(deck.data(), size, rules_, dealer_, dealt_);
  dealt_ = d.hands;
  top_card_ = rules_.show_top_card ? d.top_card : kNoCard;
  deal_done();
}

// The hand's cards are all dealt: record them and hand the lead to forehand (R4.1).
void Game::deal_done() {
  const CardSet wild = wild_cards_;
  for (int p = 0; p < rules_.players; ++p) {
    in_hand_[p] = dealt_[p];
    figure_cards_[p] = FigureCards{dealt_[p] & ~wild, {}};  // R6: natural cards count as themselves; no wild named yet
  }
  // R7.2: Spiel needs nothing before the last trick, and the first trick is never the last (R10: hand_size >= 3).
  for (int p = 0; p < rules_.players; ++p) card_figures_[p] = static_cast<std::uint8_t>(compute_card_figures(p) | 1u << kSpiel);
  if (record_events_) {
    Event& e = emit(EventType::kHandDealt);
    e.other = static_cast<std::int8_t>(dealer_);
    e.seat = static_cast<std::int8_t>(forehand_of(dealer_, rules_.players));
    e.cards = dealt_;
    if (top_card_ != kNoCard) emit(EventType::kTopCardShown).card = top_card_;
  }
  begin_turn(leader_);
}

// R5.3: identities an unplayed wild of `seat` may still be named.
CardSet Game::free_identities(int seat) const {
  return wild_identities(dealt_[seat], figure_cards_[seat].wild_named(), failed_[seat]);
}

// R7.2: on the last trick, once its first card is down, Spiel needs a last card of the led suit.
bool Game::spiel_allowed(int seat) const {
  if (trick_index_ != rules_.hand_size - 1 || trick_count_ == 0) return true;
  if (trick_[seat].card != kNoCard) return suit_of(trick_[seat].identity) == led_suit_;
  const CardSet last = in_hand_[seat];
  if (last & wild_cards_) return (free_identities(seat) & suit_cards(led_suit_)) != 0;  // R5.5
  return (last & natural_suit(led_suit_)) != 0;
}

// R7.2 with R5.5: which of Red, Green, Gleich and Hanger the seat holds, as bits in Figure order.
// It changes only when the seat itself plays (a wild gets named, a suit gets failed), so it is
// cached per seat and recomputed after the deal and after each of its cards.
std::uint8_t Game::compute_card_figures(int seat) const {
  const FigureCards& fc = figure_cards_[seat];
  if (!(in_hand_[seat] & wild_cards_) && !fc.wild_named()) return natural_card_figures(fc.cards);
  return wild_card_figures(seat);
}

// compute_card_figures with wilds in hand or named (R5.5), apart so that the natural path above
// saves no registers for it.
std::uint8_t Game::wild_card_figures(int seat) const {
  const FigureCards& fc = figure_cards_[seat];
  const CardSet wilds = in_hand_[seat] & wild_cards_;
  const CardSet free = wilds ? free_identities(seat) : 0;  // R5.5: what unplayed wilds could become
  const bool two_wilds = (wilds & (wilds - 1)) != 0;
  const CardSet cards = fc.cards | free;
  std::uint8_t held = 0;
  if (cards & suit_cards(kHearts)) held |= 1u << kRed;
  if (cards & suit_cards(kLeaves)) held |= 1u << kGreen;
  if (gleich_key(fc, rules_.ties) != 0 || (rank_fold(fc.cards & kNaturalCards) & rank_fold(free)) != 0 ||
      (two_wilds && has_rank_pair(free)))
    held |= 1u << kGleich;
  if (hanger_key(fc, rules_.ties) != 0 || adjacent(fc.cards, free) || (two_wilds && adjacent(free, free)))
    held |= 1u << kHanger;
  return held;
}

void Game::update_legal() { legal_ = legal_now(); }

void Game::set_hidden(const Hands& unplayed) {
  for (int p = 0; p < rules_.players; ++p) {
    dealt_[p] = (dealt_[p] & ~in_hand_[p]) | unplayed[p];
    in_hand_[p] = unplayed[p];
    // R6: natural cards dealt count as themselves, played wilds as named.
    figure_cards_[p].cards = (dealt_[p] & ~wild_cards_) | figure_cards_[p].wild_named();
  }
  for (int p = 0; p < rules_.players; ++p) refresh_figures(p);
  update_legal();
}

// The legal actions of the current state, built in registers and stored once.
ActionMask Game::legal_now() const {
  ActionMask legal;
  const int p = to_act_;
  switch (phase_) {
    case Phase::kGameOver: return legal;
    case Phase::kChance:
      if (chance_stage_ == ChanceStage::kPacket) {
        legal.set(kChancePacketMore);
        legal.set(kChancePacketEnd);
      } else {
        legal.set_bits(0, chance_pool_ & ~(left_card_ == kNoCard ? 0 : bit(left_card_)));
      }
      return legal;
    case Phase::kSteal:
      legal.set(kSteal);
      legal.set(kLeave);
      return legal;
    case Phase::kTurn: turn_legal(p, legal); return legal;
    case Phase::kAfterPlay: return after_play_legal(p);
    case Phase::kAnswer: return answer_legal(p, true);
    case Phase::kRaiseAnswer: return answer_legal(p, false);
    case Phase::kReraise: return reraise_legal();
  }
  return legal;
}

// R4.2/R5.3: a card (a wild under each name it may take), or R7.1: a bid.
void Game::turn_legal(int p, ActionMask& out) const {
  ActionMask legal;
  const CardSet wild = wild_cards_;
  const CardSet naturals = in_hand_[p] & ~wild;
  const CardSet wilds = in_hand_[p] & wild;
  CardSet names = wilds ? free_identities(p) : 0;
  // R4.2/R5.3: follow the led suit if able. Whether a seat can follow is random from hand to hand:
  // chosen with selects, not a jump (led_suit_ is -1 before the lead: no suit to follow).
  static constexpr std::array<CardSet, kSuits + 1> kLedCards = {0, suit_cards(0), suit_cards(1), suit_cards(2),
                                                                suit_cards(3)};
  const auto led = static_cast<std::size_t>(led_suit_ + 1);
  const CardSet follow = naturals & detail::kLedNaturals[led];
  const CardSet plays = follow ? follow : naturals;
  names &= follow ? kLedCards[led] : ~CardSet{0};
  static_assert(kPlayBase == 0 && kBidBase >= 128 && kBidBase + kBiddableFigures <= 192);
  legal.w[0] = plays;  // ids 0..32, with the natural Weli at 32 (R1.4)
  for (CardSet w = wilds; w; w &= w - 1) legal.set_bits(kPlayWildBase + 32 * wild_index(lowest(w)), names);
  const std::uint64_t bids = may_open_by_limit(p) ? openable_figures(p) : 0;
  legal.w[2] |= bids << (kBidBase - 128);
  out.w[0] = legal.w[0];
  out.w[1] = legal.w[1];
  out.w[2] = legal.w[2];
}

// R7.1: after his card a seat may bid, or pass.
ActionMask Game::after_play_legal(int p) const {
  return bids_or_pass(may_open_by_limit(p) ? openable_figures(p) : 0);
}

// R7.4/R7.5: good, hold if he holds the figure, three (to a bid, not to a raise) within R7.3.
ActionMask Game::answer_legal(int p, bool may_raise) const {
  static_assert(kGood >= 128 && kThree < 192, "the answers share the third mask word");
  const unsigned holds = (card_figures_[p] >> bid_figure_) & 1u;
  const unsigned raises = holds & static_cast<unsigned>(may_raise) & static_cast<unsigned>(may_raise_by_limit(p));
  ActionMask legal;
  legal.w[2] = std::uint64_t{1} << (kGood - 128) | std::uint64_t{holds} << (kHold - 128) |
               std::uint64_t{raises} << (kThree - 128);
  return legal;
}

// R7.6: raise the held bid, or pass.
ActionMask Game::reraise_legal() {
  ActionMask legal;
  legal.set(kThree);
  legal.set(kPass);
  return legal;
}

void Game::apply(ActionId a) {
  if (!is_legal(a)) throw IllegalActionError(why_illegal(a));
  step(a);
}

// A thin dispatcher: every phase's work is in a function of its own, called last, so that step()
// saves no registers and sets up no frame for the paths it does not take (the cut-steal, the record).
void Game::step(ActionId a) { advance(a); }

void Game::record_action(ActionId a) { history_.push_back(a); }  // the record, for JSON and equality

void Game::record_pass(int seat) { emit(EventType::kTurnPassed).seat = static_cast<std::int8_t>(seat); }

// R3.7: the cutter steals or leaves the card he is shown.
void Game::steal_or_leave(int p, ActionId a) {
  const Card card = shown_card_;
  if (a == kLeave) {  // R3.7: the card stays in the packet; he has seen it
    if (record_events_) {
      Event& e = emit(EventType::kCardLeft);
      e.seat = static_cast<std::int8_t>(p);
      e.card = card;
    }
    if (chance_deals_) {
      left_card_ = card;
      begin_chance_deal();
    } else {
      finish_steal();
    }
    return;
  }
  dealt_[p] |= bit(card);
  in_hand_[p] |= bit(card);  // stolen cards are his, unplayed, from now on
  ++stolen_;
  if (record_events_) {
    Event& e = emit(EventType::kCardStolen);
    e.seat = static_cast<std::int8_t>(p);
    e.card = card;
  }
  if (chance_deals_) {
    if (stolen_ < steal_limit_) {  // does the lifted packet hold another card?
      phase_ = Phase::kChance;
      chance_stage_ = ChanceStage::kPacket;
      update_legal();
    } else {
      begin_chance_deal();
    }
  } else if (stolen_ < steal_limit_) {  // the next card up is shown to him
    show_to_cutter(shuffle_.deck[shuffle_.cut - 1 - stolen_]);
  } else {
    finish_steal();
  }
}

void Game::play_wild(int seat, ActionId a) { play<true>(seat, a); }

void Game::record_answer(int seat, ActionId a, AnswerStage stage) {
  Event& e = emit(EventType::kAnswered);
  e.seat = static_cast<std::int8_t>(seat);
  e.figure = static_cast<std::int8_t>(bid_figure_);
  e.code = a;
  e.stage = static_cast<std::uint8_t>(stage);
}

// R7.5: every other player answers the raise, clockwise from the raiser's left.
void Game::raise(int seat) {
  BidRecord& b = bids_[bid_figure_];
  b.state = BidState::kRaised;
  b.raiser = static_cast<std::int8_t>(seat);
  phase_ = Phase::kRaiseAnswer;
  to_act_ = next_seat(seat);
  asks_left_ = rules_.players - 1;
  legal_ = answer_legal(to_act_, false);
}

// R7.5: good or hold to a raise.
void Game::answer_raise(int seat, ActionId a) {
  if (record_events_) record_answer(seat, a, AnswerStage::kRaise);
  if (a == kHold) {
    bids_[bid_figure_].holder = static_cast<std::int8_t>(seat);
    settle_bid<BidOutcome::kStandsThree>();
    return;
  }
  if (--asks_left_ == 0) {
    settle_bid<BidOutcome::kRaiseConceded>();
  } else {
    to_act_ = next_seat(seat);
    legal_ = answer_legal(to_act_, false);
  }
}

// R7.6: three or pass to a held bid.
void Game::answer_reraise(int seat, ActionId a) {
  if (record_events_) record_answer(seat, a, AnswerStage::kReraise);
  if (a == kThree) {
    raise(seat);
    return;
  }
  const BidRecord& b = bids_[bid_figure_];  // a pass
  const Figure f = static_cast<Figure>(bid_figure_);
  if (reraise_stage_ == 0 && holds_figure(b.holder, f) && may_raise_by_limit(b.holder)) {
    reraise_stage_ = 1;
    to_act_ = b.holder;
    legal_ = reraise_legal();
  } else {
    settle_bid<BidOutcome::kStands>();
  }
}

// R7.6: the bidder, then the holder, may raise a held bid; one who may not raise is not asked.
void Game::start_reraise() {
  const BidRecord& b = bids_[bid_figure_];
  const Figure f = static_cast<Figure>(bid_figure_);
  if (holds_figure(b.bidder, f) && may_raise_by_limit(b.bidder)) {
    phase_ = Phase::kReraise;
    reraise_stage_ = 0;
    to_act_ = b.bidder;
    legal_ = reraise_legal();
  } else if (holds_figure(b.holder, f) && may_raise_by_limit(b.holder)) {
    phase_ = Phase::kReraise;
    reraise_stage_ = 1;
    to_act_ = b.holder;
    legal_ = reraise_legal();
  } else {
    settle_bid<BidOutcome::kStands>();
  }
}

void Game::end_turn_after_bid() {
  phase_ = return_phase_;
  to_act_ = turn_seat_;
  if (phase_ == Phase::kTurn) {
    turn_legal_fast(turn_seat_, legal_);
    return;
  }
  const std::uint8_t bids = may_open_by_limit(turn_seat_) ? openable_figures(turn_seat_) : 0;
  if (!bids) {  // R7.1: nothing left to bid
    begin_turn(after_next_);
    return;
  }
  legal_ = bids_or_pass(bids);
}

bool Game::credit(int seat, int points, std::int8_t figure, CreditReason reason,
                  std::array<std::int16_t, kMaxPlayers>& gained) {
  scores_[seat] += points;
  figure_points_[seat][figure] += points;
  gained[seat] = static_cast<std::int16_t>(gained[seat] + points);
  if (record_events_) {
    Event& e = emit(EventType::kFigureCredited);
    e.seat = static_cast<std::int8_t>(seat);
    e.figure = figure;
    e.points = static_cast<std::int8_t>(points);
    e.code = static_cast<std::uint8_t>(reason);
  }
  return scores_[seat] >= rules_.target;  // R8.2
}

// Why nobody has the best `figure` (docs/events.md, credit_void): a tie if some player holds it
// (R6.5), else nobody holds it (R6.1-R6.3; R6.6: the Weli was not dealt). Spiel always has a
// winner (R6.4). Judged on the whole hand, wilds as named: every card is played by now (R4.1).
VoidReason Game::nobody_reason(int figure) const {
  for (int p = 0; p < rules_.players; ++p) {
    const FigureCards& h = figure_cards_[p];
    const bool holds = figure == kRed      ? top_card_key(h, kHearts) != 0
                       : figure == kGreen  ? top_card_key(h, kLeaves) != 0
                       : figure == kGleich ? gleich_key(h, rules_.ties) != 0
                       : figure == kHanger ? hanger_key(h, rules_.ties) != 0
                                           : false;
    if (holds) return VoidReason::kTie;
  }
  return VoidReason::kUnheld;
}

// A credit of R8.1 that nobody receives (R7.7, R6.6, R8.2); `seat` is who would have had it.
void Game::void_credit(int seat, int points, int figure, CreditReason credit, VoidReason why) {
  Event& e = emit(EventType::kCreditVoid);
  e.seat = static_cast<std::int8_t>(seat);
  e.figure = static_cast<std::int8_t>(figure);
  e.points = static_cast<std::int8_t>(points);
  e.code = static_cast<std::uint8_t>(credit);
  e.stage = static_cast<std::uint8_t>(why);
}

void Game::end_hand() {
  const int n = rules_.players;
  std::int8_t weli_holder = kNobody;
  for (int p = 0; p < n; ++p) {
    if (dealt_[p] & bit(kWeli)) weli_holder = static_cast<std::int8_t>(p);
  }
  bool wild_named = false;
  for (int p = 0; p < n; ++p) wild_named |= figure_cards_[p].wild_named() != 0;
  Winners w{};
  if (wild_named) {
    w = figure_winners(figure_cards_.data(), n, rules_, weli_holder);
  } else {  // only natural cards: the batch evaluator's fast path
    std::array<CardSet, kMaxPlayers> cards{};
    for (int p = 0; p < n; ++p) cards[p] = figure_cards_[p].cards;
    // R7.7: a conceded bid or raise pays the bidder or raiser, whoever has the best figure, so
    // Gleich and Hanger (the costly keys) are judged only if one of them is unbid or stands.
    auto pays_best = [&](Figure f) {
      const BidState s = bids_[f].state;
      return s == BidState::kUnbid || s == BidState::kStands || s == BidState::kStandsThree;
    };
    w = evaluate_natural(cards.data(), rules_, pays_best(kGleich) || pays_best(kHanger));
  }
  const std::array<int, kBiddableFigures> best = {w[kEvalRed], w[kEvalGreen], w[kEvalGleich], w[kEvalHanger],
                                                  last_trick_winner_};
  if (!record_events_ && credit_all_unordered(best, weli_holder)) return;
  std::array<std::int16_t, kMaxPlayers> gained{};
  int winner = -1;
  auto give = [&](int seat, int points, int figure, CreditReason reason) {
    if (winner < 0 && seat >= 0) {
      if (credit(seat, points, static_cast<std::int8_t>(figure), reason, gained)) winner = seat;
    } else if (record_events_) {  // void: the game is already won (R8.2), or nobody has it (R7.7, R6.6)
      void_credit(seat, points, figure, reason, winner >= 0 ? VoidReason::kGameOver : nobody_reason(figure));
    }
  };
  // R8.1: bid figures in the order first bid, then unbid figures, then the Weli point.
  auto give_figure = [&](int f) {
    const BidRecord& b = bids_[f];
    const auto s = static_cast<std::size_t>(b.state);
    if (kCreditPoints[s] > 0) give(credit_receiver(b, best[f]), kCreditPoints[s], f, kCreditReason[s]);
  };
  for (int i = 0; i < bids_opened_; ++i) give_figure(bid_order_[i]);
  for (int f = 0; f < kBiddableFigures; ++f) {
    if (bids_[f].state == BidState::kUnbid) give_figure(f);
  }
  if (rules_.weli_point) give(weli_holder, 1, kWeliPointFigure, CreditReason::kWeliPoint);  // R6.6
  if (record_events_) {
    Event& e = emit(EventType::kHandScored);
    e.gained = gained;
    for (int p = 0; p < n; ++p) e.totals[p] = static_cast<std::int16_t>(scores_[p]);
  }
  if (winner >= 0) {
    finish_game(winner);
    return;
  }
  next_hand();
}

// R2.2: the deal passes to the left, and the next hand is dealt.
void Game::next_hand() {
  ++hand_number_;
  dealer_ = next_seat(dealer_);
  start_hand();
}

// R8.1 without a record: when no seat can reach the target with this hand's credits (R8.2), their
// order does not matter, so the credits are summed figure by figure, without the ordered walk's
// jumps and calls. Returns false, changing nothing, when a seat may win:
// then the ordered walk decides who reaches the target first.
bool Game::credit_all_unordered(const std::array<int, kBiddableFigures>& best, int weli_holder) {
  const int n = rules_.players;
  std::array<int, kMaxPlayers + 1> add{};  // slot kMaxPlayers takes the credits nobody has (R6.5)
  std::array<int, kBiddableFigures> to{};
  std::array<int, kBiddableFigures> points{};
  for (int f = 0; f < kBiddableFigures; ++f) {
    const int seat = credit_receiver(bids_[f], best[f]);
    to[f] = seat >= 0 ? seat : kMaxPlayers;
    points[f] = kCreditPoints[static_cast<std::size_t>(bids_[f].state)];
    add[to[f]] += points[f];
  }
  const bool weli = rules_.weli_point && weli_holder >= 0;  // R6.6
  if (weli) add[weli_holder] += 1;
  bool reaches = false;
  for (int p = 0; p < n; ++p) reaches |= scores_[p] + add[p] >= rules_.target;
  if (reaches) return false;
  for (int p = 0; p < n; ++p) scores_[p] += add[p];
  for (int f = 0; f < kBiddableFigures; ++f) {
    if (to[f] < kMaxPlayers) figure_points_[to[f]][f] += points[f];
  }
  if (weli) figure_points_[weli_holder][kWeliPointFigure] += 1;
  next_hand();
  return true;
}

void Game::finish_game(int winner) {
  winners_ = static_cast<std::uint8_t>(1u << winner);
  phase_ = Phase::kGameOver;
  int lowest = scores_[0];
  for (int p = 1; p < rules_.players; ++p) lowest = std::min(lowest, scores_[p]);
  bummerl_ = 0;
  for (int p = 0; p < rules_.players; ++p) {
    if (scores_[p] == lowest) bummerl_ |= static_cast<std::uint8_t>(1u << p);  // R8.3
  }
  if (record_events_) {
    Event& e = emit(EventType::kGameOver);
    e.seat = static_cast<std::int8_t>(winner);
    e.seats = bummerl_;
    for (int p = 0; p < rules_.players; ++p) e.totals[p] = static_cast<std::int16_t>(scores_[p]);
  }
  legal_ = {};
}

std::string Game::why_illegal(int action) const {
  if (action < 0 || action >= kNumActions) return action_id_out_of_range(std::to_string(action));
  const auto a = static_cast<ActionId>(action);
  if (legal_.test(a)) return "";
  std::string text = action_text(a);
  text.insert(text.begin(), '\'');
  text.push_back('\'');
  const int p = to_act_;
  const std::string who = seat_text(p);
  switch (phase_) {
    case Phase::kGameOver: return "R8.2: the game is over; " + text + " is not possible";
    case Phase::kChance:
      return "R3: a chance action (the next card of the deal) is due, not " + text +
             (action < 35 ? "; that card is not among those left" : "");
    case Phase::kSteal:
      return "R3.7: " + who + " (the cutter) must first steal or leave the card he was shown, not " + text;
    case Phase::kAnswer:
    case Phase::kRaiseAnswer: {
      const std::string fig(figure_name(static_cast<Figure>(bid_figure_)));
      const std::string rule = phase_ == Phase::kAnswer ? "R7.4" : "R7.5";
      if (a == kHold || a == kThree) {
        if (phase_ == Phase::kRaiseAnswer && a == kThree) return "R7.5: three is the highest stake; answer good or hold";
        if (!holds_figure(p, static_cast<Figure>(bid_figure_))) {
          if (bid_figure_ == kSpiel) return "R7.2: " + who + "'s last-trick card is not of the led suit: he cannot " + text + " on spiel";
          return "R7.2: " + who + " holds no " + fig + " and cannot " + action_text(a);
        }
        return "R7.3: " + who + " at " + std::to_string(scores_[p] + secured_[p]) + " points (target " +
               std::to_string(rules_.target) + ") may not raise; answer good or hold";
      }
      return rule + ": " + who + " must answer the " + (phase_ == Phase::kAnswer ? "bid" : "raise") + " on " + fig +
             " (" + (phase_ == Phase::kAnswer ? "good, hold or three" : "good or hold") + "), not " + text;
    }
    case Phase::kReraise:
      return "R7.6: " + who + " may raise the held bid on " + std::string(figure_name(static_cast<Figure>(bid_figure_))) +
             " with three, or pass; not " + text;
    case Phase::kTurn:
    case Phase::kAfterPlay: break;
  }
  if (a == kGood || a == kHold || a == kThree) return "R7.4: there is no bid to answer; " + text + " is not possible";
  if (a == kSteal || a == kLeave) return "R3.7: only the cutter steals or leaves, before the deal is completed";
  if (a == kPass) return "R7.1: " + who + " must play a card before passing";
  if (is_bid(a)) {
    const Figure f = bid_figure(a);
    const std::string fig(figure_name(f));
    if (bids_[f].state != BidState::kUnbid) return "R7.1: " + fig + " was already bid this hand";
    if (!may_open_by_limit(p)) {
      return "R7.3: " + who + " at " + std::to_string(scores_[p] + secured_[p]) + " points (target " +
             std::to_string(rules_.target) + ") may not open a bid";
    }
    if (f == kSpiel) return "R7.2: " + who + "'s last-trick card is not of the led suit: he may not bid spiel";
    return "R7.2: " + who + " holds no " + fig;
  }
  // A card play.
  if (phase_ == Phase::kAfterPlay) return "R7.1: " + who + " has played his card this turn; bid or pass";
  const Card card = played_card(a);
  const Card identity = played_identity(a);
  if (!(in_hand_[p] & bit(card))) return "R4.1: " + who + " does not hold " + card_text(card) + " unplayed";
  const bool is_wild = (wild_cards_ & bit(card)) != 0;
  if (is_wild && !is_wild_play(a)) {
    return "R5.2: " + card_text(card) + " is wild under these rules; name it: play " + card_text(card) + " as <card>";
  }
  if (!is_wild && is_wild_play(a)) return "R5.1: " + card_text(card) + " is not a wild card under these rules";
  if (is_wild) {
    if (dealt_[p] & bit(identity)) {
      return "R5.3: a wild may not be named " + card_text(identity) + ", a card dealt to " + who;
    }
    if (figure_cards_[p].wild_named() & bit(identity)) {
      return "R5.3: " + card_text(identity) + " is already named by another wild of " + who;
    }
    if (failed_[p] >> suit_of(identity) & 1) {
      return "R5.3: " + who + " failed to follow " + std::string(kSuitNames[suit_of(identity)]) +
             " this hand; a wild may not be named in that suit";
    }
  }
  return "R4.2: " + who + " must follow " + std::string(kSuitNames[led_suit_]) + " (" +
         cards_text(in_hand_[p] & ~wild_cards_ & natural_suit(led_suit_)) + ")";
}

}  // namespace bieten
