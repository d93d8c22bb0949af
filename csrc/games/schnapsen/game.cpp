#include "games/schnapsen/game.hpp"

#include <algorithm>

namespace bieten::schnapsen {

namespace {

constexpr const char* kSuitNames[4] = {"Hearts", "Leaves", "Bells", "Acorns"};
constexpr int kWinningPoints = 66;  // S7

std::string quoted(ActionId a) {
  std::string out(1, '\'');
  out.append(action_text(a));
  out.push_back('\'');
  return out;
}

// S8.1 the points of a correct claim against a side with `tricks` tricks and `points` points.
int claim_points(int tricks, int points, int one_point_from) {
  return tricks == 0 ? 3 : points < one_point_from ? 2 : 1;
}

}  // namespace

Game::Game(const Rules& rules, std::uint64_t seed, int dealer, const std::optional<DealtCards>& given,
           bool record_events, bool chance_deals)
    : GameBase(rules, seed, dealer, given, record_events, chance_deals, Phase::kCut, "S2.1") {
  if (given_) {
    CardSet seen = 0;
    auto add = [&](Card c, const std::string& where) {
      if (!in_pack(c)) throw HandError("S1.1: " + where + " is not a card of the Schnapsen pack");
      if (seen & bit(c)) throw HandError("S3.7: " + card_text(c) + " is dealt twice");
      seen |= bit(c);
    };
    for (int p = 0; p < rules_.players; ++p) {
      for (Card c : given_->hands[p]) add(c, "a card of seat " + std::to_string(p));
    }
    if (rules_.players == 2) {
      add(given_->trump_card, "the trump card");
      for (Card c : given_->stock) add(c, "a stock card");
    } else {
      given_->trump_card = kNoCard;
    }
    if (seen != kPack) throw HandError("S3.7: a given deal must be the 20 cards of the pack exactly");
  }
  start_deal();
}

void Game::reset(std::uint64_t seed) {
  restart(seed);
  start_deal();
}

std::uint8_t Game::side_seats(int side) const {
  std::uint8_t out = 0;
  for (int p = 0; p < rules_.players; ++p) {
    if (side_[p] == side) out |= static_cast<std::uint8_t>(1u << p);
  }
  return out;
}

// ---- the deal (S3, S4) -------------------------------------------------------------------------

void Game::start_deal() {
  const int n = rules_.players;
  hand_ = {};
  won_ = {};
  played_ = {};
  shown_ = {};
  void_ = {};
  deferred_count_ = 0;
  stock_next_ = stock_left_ = 0;
  trump_card_ = turned_ = kNoCard;
  trump_ = closer_ = -1;
  closed_opponent_tricks_ = closed_opponent_points_ = 0;
  contract_ = kNoContract;
  declarer_ = bidder_ = partner_ = -1;
  high_bid_ = kNormal;
  called_ = kNoCard;
  partner_known_ = false;
  multiplier_ = 1;
  for (int p = 0; p < kMaxPlayers; ++p) side_[p] = static_cast<std::int8_t>(n == 2 ? p : p & 1);  // S2.2
  points_ = tricks_ = pending_ = {};
  pending_seat_ = {-1, -1};
  melded_ = {};
  trick_index_ = trick_count_ = 0;
  best_seat_ = last_winner_ = -1;
  best_card_ = kNoCard;
  lead_step_ = LeadStep::kNone;
  lead_meld_ = -1;
  knocked_ = false;
  if (record_events_) {
    Event& e = emit(EventType::kDealStarted);
    e.seat = static_cast<std::int8_t>(dealer_);
    e.other = static_cast<std::int8_t>(forehand());
  }
  if (hand_number_ == 0 && given_) {  // S3.7 a given deal arrives as after a cut
    dealt_ = *given_;
    deal_first_packets();
    return;
  }
  if (rules_.knock) {  // S3.3 the cutter chooses
    phase_ = Phase::kCut;
    to_act_ = cutter();
    legal_ = ActionMask{1} << kCut | ActionMask{1} << kKnock;
    return;
  }
  cut_or_knock(false);
}

void Game::cut_or_knock(bool knock) {
  knocked_ = knock;
  if (record_events_ && rules_.knock) {
    Event& e = emit(EventType::kCutChosen);
    e.seat = static_cast<std::int8_t>(cutter());
    e.code = knock ? kKnock : kCut;
  }
  if (chance_deals_) {  // the deck is drawn card by card instead
    phase_ = Phase::kChance;
    chance_drawn_ = 0;
    chance_left_ = 0xFFFFF;
    legal_ = chance_left_;
    return;
  }
  dealt_ = deal_cards(seed_, hand_number_, rules_.players, dealer_, knock);
  deal_first_packets();
}

void Game::emit_packet(int seat, int from, int n, bool hide_last_two) {
  if (!record_events_) return;
  Event& e = emit(EventType::kCardsDealt);
  e.seat = static_cast<std::int8_t>(seat);
  e.count = static_cast<std::int8_t>(n);
  for (int i = 0; i < n; ++i) e.cards[i] = dealt_.hands[seat][from + i];
  e.code = hide_last_two ? 1 : 0;
}

void Game::deal_first_packets() {
  const int n = rules_.players;
  const int first = forehand();
  const int packet = knocked_ ? kHandSize : 3;  // S3.4/S3.5
  for (int k = 0, p = first; k < n; ++k, p = next_seat(p)) {
    for (int i = 0; i < packet; ++i) hand_[p] |= bit(dealt_.hands[p][i]);
    emit_packet(p, 0, packet, knocked_ && n == 4 && p == first);  // S12 forehand's last two, S4.1
  }
  if (n == 4) {  // S4.1 forehand chooses trump
    phase_ = Phase::kTrump;
    to_act_ = first;
    legal_ = ActionMask{1} << kTurn;
    for (int i = 0; i < 3; ++i) legal_ |= ActionMask{1} << trump_action(suit(dealt_.hands[first][i]));
    return;
  }
  // S3.5/S4.2 two players: the trump card is turned, the rest dealt, the stock laid on the trump card.
  trump_card_ = dealt_.trump_card;
  trump_ = suit(trump_card_);
  if (record_events_) emit(EventType::kTrumpCardTurned).card = trump_card_;
  if (!knocked_) deal_second_packets();
  std::copy(dealt_.stock.begin(), dealt_.stock.end(), stock_.begin());
  stock_[kStockSize] = trump_card_;
  stock_next_ = 0;
  stock_left_ = kStockSize + 1;
  settle_contract(kNormal, first);  // S5.3 with 2 players
}

void Game::deal_second_packets() {
  for (int k = 0, p = forehand(); k < rules_.players; ++k, p = next_seat(p)) {
    for (int i = 3; i < kHandSize; ++i) hand_[p] |= bit(dealt_.hands[p][i]);
    emit_packet(p, 3, 2, false);
  }
}

// ---- contract, calling, doubling (S5) -----------------------------------------------------------

bool Game::may_bid(int seat, int contract) const {  // S5.1 who may announce what
  const int fh = forehand();
  const bool called = rules_.partners == Partners::kCalled;
  const bool forehands_team = ((seat - fh + 4) & 1) == 0;
  switch (contract) {
    case kSchnapserContract:
    case kBauernschnapserContract: return called ? seat == fh : forehands_team;
    case kGangContract: return true;
    case kKontraschnapserContract: return called ? seat != fh : !forehands_team;
    default: return false;
  }
}

void Game::settle_contract(int contract, int declarer) {
  contract_ = contract;
  declarer_ = declarer;
  if (contract == kGangContract) trump_ = -1;  // S5.1 gang has no trump
  const int n = rules_.players;
  if (n == 4) {  // S5.3 side 0 is the declarer's
    for (int p = 0; p < n; ++p) {
      side_[p] = static_cast<std::int8_t>(rules_.partners == Partners::kFixed ? (p - declarer + 4) & 1 : p != declarer);
    }
  } else {
    for (int p = 0; p < n; ++p) side_[p] = static_cast<std::int8_t>(p != declarer);
  }
  if (record_events_) {
    Event& e = emit(EventType::kContractSettled);
    e.seat = static_cast<std::int8_t>(declarer);
    e.code = static_cast<std::uint8_t>(contract);
    e.suit = static_cast<std::int8_t>(trump_);
  }
  const bool calls = rules_.partners == Partners::kCalled && n == 4 &&
                     (contract == kNormal || contract == kSchnapserContract || contract == kKontraschnapserContract);
  if (calls) {  // S5.4
    phase_ = Phase::kCall;
    to_act_ = declarer;
    legal_ = kAllCalls;
    return;
  }
  start_doubling();
}

void Game::start_doubling() {
  if (!rules_.spritze || rules_.players != 4) {
    start_play();
    return;
  }
  // S5.5 the seats outside the declarer's known side, clockwise from his left.
  phase_ = Phase::kDouble;
  to_act_ = next_seat(declarer_);
  speakers_left_ = rules_.partners == Partners::kFixed ? 2 : 3;
  legal_ = ActionMask{1} << kSpritze | ActionMask{1} << kPass;
}

void Game::start_play() {
  phase_ = Phase::kPlay;
  const bool declarer_leads = contract_ == kGangContract || contract_ == kBauernschnapserContract;  // S5.1
  leader_ = to_act_ = declarer_leads ? declarer_ : forehand();
  trick_count_ = 0;
  lead_step_ = LeadStep::kNone;
  lead_meld_ = -1;
  legal_ = play_legal();
}

// ---- legal actions --------------------------------------------------------------------------------

bool Game::must_head() const {  // S6.3
  switch (rules_.must_head) {
    case MustHead::kAlways: return true;
    case MustHead::kContracts: return contract_ != kNormal;
    case MustHead::kNever: break;
  }
  return false;
}

ActionMask Game::follow_cards(int seat) const {
  const CardSet hand = hand_[seat];
  if (!obligations_apply()) return play_mask(hand);  // S6.4 any card while the stock lasts
  const int led = suit(trick_[0]);
  const bool head = must_head();
  const CardSet follow = hand & suit_set(led);
  if (follow) {  // S6.3.1
    const CardSet beat = suit(best_card_) == led ? follow & kStrongerTable[best_card_] : 0;
    return play_mask(head && beat ? beat : follow);
  }
  if (trump_ >= 0) {  // S6.3.2
    const CardSet trumps = hand & suit_set(trump_);
    if (trumps) {
      const CardSet beat = suit(best_card_) == trump_ ? trumps & kStrongerTable[best_card_] : trumps;
      return play_mask(head && beat ? beat : trumps);
    }
  }
  return play_mask(hand);  // S6.3.3
}

// The cards a seat cannot hold, seen from its card `c` played to the trick under S6.3 (the mirror of
// follow_cards): not following shows it has none of the led suit; not trumping then, none of trump;
// not heading when it must, none of the cards that would have beaten W.
CardSet Game::revealed_absent(Card c) const {
  const int led = suit(trick_[0]);
  const bool head = must_head();
  CardSet out = 0;
  if (suit(c) == led) {
    if (head && suit(best_card_) == led && !beats(c, best_card_, trump_)) out |= kStrongerTable[best_card_];
    return out;
  }
  out |= suit_set(led);
  if (trump_ < 0) return out;
  if (suit(c) != trump_) return out | suit_set(trump_);
  if (head && suit(best_card_) == trump_ && !beats(c, best_card_, trump_)) out |= kStrongerTable[best_card_];
  return out;
}

void Game::set_hidden(const std::array<CardSet, kMaxPlayers>& hands, const Card* stock) {
  for (int p = 0; p < rules_.players; ++p) hand_[p] = hands[p];
  for (int i = 0; stock_left_ > 1 && i < stock_left_ - 1; ++i) stock_[stock_next_ + i] = stock[i];
  update_legal();
}

ActionMask Game::play_legal() const {
  const int seat = to_act_;
  if (trick_count_ > 0) return follow_cards(seat);
  const CardSet hand = hand_[seat];
  ActionMask m = 0;
  if (claims_allowed() && rules_.claim == Claim::kExplicit && trick_index_ >= 1) m |= ActionMask{1} << kClaim;  // S7.1
  if (lead_meld_ >= 0) {  // S6.6 lead the melded King or Ober
    return m | play_mask(hand & (bit(king_of(lead_meld_)) | bit(ober_of(lead_meld_))));
  }
  m |= play_mask(hand);
  const bool stock_open = rules_.players == 2 && stock_left_ > 0 && closer_ < 0;
  if (stock_open && lead_step_ == LeadStep::kNone && (hand & bit(unter_of(trump_)))) m |= ActionMask{1} << kExchange;  // S6.5
  if (stock_open && rules_.closing && lead_step_ <= LeadStep::kExchanged) m |= ActionMask{1} << kClose;  // S6.7
  if (marriages_allowed()) {  // S6.6
    for (int s = 0; s < 4; ++s) {
      if ((hand & bit(king_of(s))) && (hand & bit(ober_of(s)))) m |= ActionMask{1} << meld_action(s);
    }
  }
  return m;
}

void Game::update_legal() {
  switch (phase_) {
    case Phase::kPlay: legal_ = play_legal(); break;
    case Phase::kGameOver: legal_ = 0; break;
    default: break;  // the other phases set legal_ as they begin or advance
  }
}

double Game::chance_probability(int a) const {
  if (phase_ != Phase::kChance || !is_legal(a)) return 0.0;
  return 1.0 / static_cast<double>(kPackSize - chance_drawn_);
}

// ---- applying actions ---------------------------------------------------------------------------

void Game::apply(ActionId a) {
  if (!is_legal(a)) throw IllegalActionError(why_illegal(a));
  step(a);
}

void Game::step(ActionId a) {
  ++actions_;
  if (record_events_) history_.push_back(a);
  const int seat = to_act_;
  switch (phase_) {
    case Phase::kPlay: play_or_announce(seat, a); return;
    case Phase::kCut: cut_or_knock(a == kKnock); return;
    case Phase::kChance: draw_chance(a); return;
    case Phase::kTrump: choose_trump(seat, a); return;
    case Phase::kBid: bid(seat, a); return;
    case Phase::kCall: call(seat, a); return;
    case Phase::kDouble: double_or_pass(seat, a); return;
    case Phase::kRetour: retour_or_pass(seat, a); return;
    case Phase::kGameOver: return;
  }
}

// Chance mode: the next card of the deck; once all 20 are drawn, they are dealt (S3.4, S3.5).
void Game::draw_chance(ActionId a) {
  deck_[chance_drawn_++] = card_at(a);
  chance_left_ &= ~(1u << a);
  legal_ = chance_left_;
  if (chance_drawn_ == kPackSize) {
    dealt_ = deal_deck(deck_, rules_.players, dealer_, knocked_);
    deal_first_packets();
  }
}

// S4.1: forehand names trump from his first three cards, or turns his fourth.
void Game::choose_trump(int seat, ActionId a) {
  const Card fourth = dealt_.hands[seat][3];
  if (a == kTurn) {
    turned_ = fourth;
    shown_[seat] |= bit(fourth);
  }
  trump_ = a == kTurn ? suit(fourth) : a - kTrumpBase;
  if (record_events_) {
    Event& e = emit(EventType::kTrumpChosen);
    e.seat = static_cast<std::int8_t>(seat);
    e.suit = static_cast<std::int8_t>(trump_);
    e.card = turned_;
  }
  if (knocked_) {
    if (record_events_) {
      Event& e = emit(EventType::kCardsRevealed);
      e.seat = static_cast<std::int8_t>(seat);
      e.count = 2;
      e.cards[0] = dealt_.hands[seat][3];
      e.cards[1] = dealt_.hands[seat][4];
    }
  } else {
    deal_second_packets();
  }
  if (!rules_.bidding) {
    settle_contract(kNormal, forehand());
    return;
  }
  phase_ = Phase::kBid;  // S5.2
  to_act_ = forehand();
  speakers_left_ = 4;
  legal_ = bid_legal();
}

// S5.2: each seat once, from forehand: pass or a higher contract.
void Game::bid(int seat, ActionId a) {
  if (record_events_) {
    Event& e = emit(EventType::kBid);
    e.seat = static_cast<std::int8_t>(seat);
    e.code = a;
  }
  if (a != kPass) {
    high_bid_ = a - kSchnapser + 1;
    bidder_ = seat;
  }
  if (--speakers_left_ == 0) {
    if (bidder_ >= 0) settle_contract(high_bid_, bidder_);
    else settle_contract(kNormal, forehand());
    return;
  }
  to_act_ = next_seat(seat);
  legal_ = bid_legal();
}

// S5.2: pass, or a contract higher than the highest so far that this seat may announce (S5.1).
ActionMask Game::bid_legal() const {
  ActionMask legal = ActionMask{1} << kPass;
  for (int c = kSchnapserContract; c < kContracts; ++c) {
    if (kContractValues[c] > kContractValues[high_bid_] && may_bid(to_act_, c)) legal |= ActionMask{1} << contract_action(c);
  }
  return legal;
}

// S5.4, S2.3: the declarer calls a card; its holder is his secret partner.
void Game::call(int seat, ActionId a) {
  called_ = action_card(a);
  for (int p = 0; p < 4; ++p) {
    if (hand_[p] & bit(called_)) partner_ = p;
  }
  side_[partner_] = 0;
  if (record_events_) {
    Event& e = emit(EventType::kCardCalled);
    e.seat = static_cast<std::int8_t>(seat);
    e.card = called_;
  }
  start_doubling();
}

// S5.5: the defenders in turn may double (spritze), or pass.
void Game::double_or_pass(int seat, ActionId a) {
  if (record_events_) {
    Event& e = emit(EventType::kDoubled);
    e.seat = static_cast<std::int8_t>(seat);
    e.code = a;
  }
  if (a == kSpritze) {
    multiplier_ = 2;
    if (rules_.retour) {
      phase_ = Phase::kRetour;
      to_act_ = declarer_;
      legal_ = ActionMask{1} << kRetour | ActionMask{1} << kPass;
    } else {
      start_play();
    }
    return;
  }
  if (--speakers_left_ == 0) {
    start_play();
    return;
  }
  to_act_ = next_seat(seat);
  if (rules_.partners == Partners::kFixed) to_act_ = next_seat(to_act_);  // the other team only
}

// S5.5: the declarer answers a spritze with retour, or passes.
void Game::retour_or_pass(int seat, ActionId a) {
  if (record_events_) {
    Event& e = emit(EventType::kDoubled);
    e.seat = static_cast<std::int8_t>(seat);
    e.code = a;
  }
  if (a == kRetour) multiplier_ = 4;
  start_play();
}

// S6: a card, or one of the leader's announcements before it (S6.5 exchange, S6.7 close, S7.1 claim,
// S6.6 marriage), after which the leader is still to act.
void Game::play_or_announce(int seat, ActionId a) {
  if (is_play(a)) {
    play_card(action_card(a));
    return;
  }
  if (a == kExchange) {  // S6.5
    const Card unter = unter_of(trump_);
    const Card taken = trump_card_;
    hand_[seat] = (hand_[seat] & ~bit(unter)) | bit(taken);
    shown_[seat] |= bit(taken);
    trump_card_ = stock_[kStockSize] = unter;
    lead_step_ = LeadStep::kExchanged;
    if (record_events_) {
      Event& e = emit(EventType::kExchanged);
      e.seat = static_cast<std::int8_t>(seat);
      e.card = taken;
      e.card2 = unter;
    }
  } else if (a == kClose) {  // S6.7
    closer_ = seat;
    const int opponent = 1 - side_[seat];
    closed_opponent_tricks_ = tricks_[opponent];
    closed_opponent_points_ = points_[opponent];
    lead_step_ = LeadStep::kClosed;
    if (record_events_) emit(EventType::kClosed).seat = static_cast<std::int8_t>(seat);
  } else if (a == kClaim) {  // S7.1
    const int side = side_[seat];
    const bool correct = points_[side] >= kWinningPoints;
    if (record_events_) {
      Event& e = emit(EventType::kClaimed);
      e.seat = static_cast<std::int8_t>(seat);
      e.other = correct ? 1 : 0;
      e.points = static_cast<std::int16_t>(points_[side]);
      e.seats = side_seats(side);
    }
    end_by_claim(side, correct, seat);
    return;
  } else {
    meld(seat, a - kMeldBase);
  }
  legal_ = play_legal();
}

// S6.6: a marriage of suit s, credited at once if the side has a trick, else with its first.
void Game::meld(int seat, int s) {
  const int points = s == trump_ ? 40 : 20;
  lead_meld_ = s;
  lead_step_ = LeadStep::kMelded;
  melded_[seat] |= static_cast<std::uint8_t>(1u << s);
  shown_[seat] |= bit(king_of(s)) | bit(ober_of(s));
  if (record_events_) {
    Event& e = emit(EventType::kMelded);
    e.seat = static_cast<std::int8_t>(seat);
    e.suit = static_cast<std::int8_t>(s);
    e.points = static_cast<std::int16_t>(points);
  }
  const int side = side_[seat];
  if (tricks_[side] > 0) {
    credit_marriage(side, seat, points);
  } else {
    pending_[side] += points;
    pending_seat_[side] = static_cast<std::int8_t>(seat);
  }
}

void Game::credit_marriage(int side, int seat, int points) {  // S6.6
  points_[side] += points;
  if (rules_.partners == Partners::kCalled && !partner_known_) {
    deferred_[deferred_count_++] = {static_cast<std::int8_t>(seat), static_cast<std::int16_t>(points),
                                    static_cast<std::int8_t>(side)};
    return;
  }
  if (record_events_) {
    Event& e = emit(EventType::kMarriageCredited);
    e.seat = static_cast<std::int8_t>(seat);
    e.points = static_cast<std::int16_t>(points);
    e.seats = side_seats(side);
  }
}

void Game::announce_deferred_credit() {
  for (int i = 0; record_events_ && i < deferred_count_; ++i) {
    Event& e = emit(EventType::kMarriageCredited);
    e.seat = deferred_[i].seat;
    e.points = deferred_[i].points;
    e.seats = side_seats(deferred_[i].side);
  }
  deferred_count_ = 0;
}

void Game::play_card(Card c) {
  const int seat = to_act_;
  hand_[seat] &= ~bit(c);
  shown_[seat] &= ~bit(c);
  played_[seat] |= bit(c);
  if (record_events_) {
    Event& e = emit(EventType::kCardPlayed);
    e.seat = static_cast<std::int8_t>(seat);
    e.card = c;
    e.trick = static_cast<std::int8_t>(trick_index_);
  }
  if (c == called_ && !partner_known_) {  // S2.3, S12
    partner_known_ = true;
    if (record_events_) emit(EventType::kPartnerRevealed).seat = static_cast<std::int8_t>(seat);
    announce_deferred_credit();
  }
  if (trick_count_ > 0 && obligations_apply()) void_[seat] |= revealed_absent(c);  // S6.3, S12
  trick_[trick_count_] = c;
  if (trick_count_ == 0 || beats(c, best_card_, trump_)) {  // S6.2
    best_card_ = c;
    best_seat_ = seat;
  }
  if (++trick_count_ == rules_.players) {
    finish_trick();
    return;
  }
  to_act_ = next_seat(seat);
  legal_ = follow_cards(to_act_);
}

void Game::draw_cards(int winner) {  // S6.4 the winner first, then the other
  for (int p : {winner, 1 - winner}) {
    const Card c = stock_[stock_next_++];
    --stock_left_;
    hand_[p] |= bit(c);
    const bool face_up = stock_left_ == 0;  // the trump card or the exchanged Unter (S12)
    if (face_up) shown_[p] |= bit(c);
    if (record_events_) {
      Event& e = emit(EventType::kCardDrawn);
      e.seat = static_cast<std::int8_t>(p);
      e.card = c;
      e.code = face_up ? 1 : 0;
    }
  }
}

void Game::finish_trick() {
  const int winner = best_seat_;
  const int side = side_[winner];
  CardSet cards = 0;
  for (int k = 0; k < rules_.players; ++k) cards |= bit(trick_[k]);
  const int trick_points = set_points(cards);
  won_[winner] |= cards;
  points_[side] += trick_points;
  ++tricks_[side];
  if (record_events_) {
    Event& e = emit(EventType::kTrickWon);
    e.seat = static_cast<std::int8_t>(winner);
    e.trick = static_cast<std::int8_t>(trick_index_);
    e.points = static_cast<std::int16_t>(trick_points);
  }
  if (tricks_[side] == 1 && pending_[side] > 0) {  // S6.6 credited with the side's first trick
    credit_marriage(side, pending_seat_[side], pending_[side]);
    pending_[side] = 0;
  }
  ++trick_index_;
  last_winner_ = winner;
  trick_count_ = 0;
  const int value = kContractValues[contract_ < 0 ? 0 : contract_];
  switch (contract_) {
    case kSchnapserContract:
    case kKontraschnapserContract:  // S5.1 66 by the end of trick 3
      if (points_[0] >= kWinningPoints) return end_deal(0, value, DealEnd::kContractWon, -1);
      if (trick_index_ == 3) return end_deal(1, value, DealEnd::kContractLost, -1);
      break;
    case kGangContract:
    case kBauernschnapserContract:  // S5.1 the declarer himself wins all five
      if (winner != declarer_) return end_deal(1, value, DealEnd::kContractLost, -1);
      if (trick_index_ == kHandSize) return end_deal(0, value, DealEnd::kContractWon, -1);
      break;
    default: {
      if (rules_.claim == Claim::kAutomatic && points_[side] >= kWinningPoints) {  // S7.2
        return end_by_claim(side, true, winner);
      }
      if (rules_.players == 2 && stock_left_ > 0 && closer_ < 0) draw_cards(winner);
      const bool last = rules_.players == 4 ? trick_index_ == kHandSize : (hand_[0] | hand_[1]) == 0;
      if (last) {  // S7.3
        if (closer_ >= 0) {
          if (side == side_[closer_] && points_[side] >= kWinningPoints) return end_by_claim(side, true, winner);
          return end_deal(1 - side_[closer_], closed_opponent_tricks_ == 0 ? 3 : 2, DealEnd::kCloseFailed, -1);
        }
        if (points_[side] >= kWinningPoints) return end_by_claim(side, true, winner);
        return end_deal(side, 1, DealEnd::kLastTrick, -1);
      }
    }
  }
  leader_ = to_act_ = winner;
  lead_step_ = LeadStep::kNone;
  lead_meld_ = -1;
  legal_ = play_legal();
}

void Game::end_by_claim(int side, bool correct, int claimant) {
  const int other = 1 - side;
  if (closer_ >= 0) {  // S8.3 judged by the opponent's state when the stock was closed
    const int closers = side_[closer_];
    const int no_trick_bonus = closed_opponent_tricks_ == 0 ? 3 : 2;
    if (side == closers) {
      if (correct) {
        return end_deal(side, claim_points(closed_opponent_tricks_, closed_opponent_points_, rules_.one_point_from),
                        DealEnd::kClaim, claimant);
      }
      return end_deal(other, no_trick_bonus, DealEnd::kWrongClaim, claimant);
    }
    if (correct) return end_deal(side, no_trick_bonus, DealEnd::kCloseFailed, claimant);
    return end_deal(other, tricks_[other] == 0 ? 3 : 2, DealEnd::kWrongClaim, claimant);  // S8.2
  }
  if (correct) {  // S8.1
    return end_deal(side, claim_points(tricks_[other], points_[other], rules_.one_point_from), DealEnd::kClaim,
                    claimant);
  }
  end_deal(other, tricks_[other] == 0 ? 3 : 2, DealEnd::kWrongClaim, claimant);  // S8.2
}

void Game::end_deal(int side, int points, DealEnd how, int claimant) {
  announce_deferred_credit();
  const int total = points * multiplier_;  // S8.5
  std::array<std::int16_t, kMaxPlayers> gained{};
  for (int p = 0; p < rules_.players; ++p) {
    if (side_[p] == side) {
      scores_[p] += total;
      gained[p] = static_cast<std::int16_t>(total);
    }
  }
  if (record_events_) {
    Event& e = emit(EventType::kDealScored);
    e.code = static_cast<std::uint8_t>(how);
    e.points = static_cast<std::int16_t>(total);
    e.seats = side_seats(side);
    e.other = static_cast<std::int8_t>(claimant);
    e.gained = gained;
    for (int p = 0; p < rules_.players; ++p) e.totals[p] = static_cast<std::int16_t>(scores_[p]);
  }
  int lowest = scores_[0];
  bool over = false;
  for (int p = 0; p < rules_.players; ++p) {
    lowest = std::min(lowest, scores_[p]);
    over = over || scores_[p] >= rules_.target;
  }
  if (over) {  // S8.6
    winners_ = bummerl_ = 0;
    for (int p = 0; p < rules_.players; ++p) {
      if (scores_[p] >= rules_.target) winners_ |= static_cast<std::uint8_t>(1u << p);
      if (scores_[p] == lowest) bummerl_ |= static_cast<std::uint8_t>(1u << p);
    }
    phase_ = Phase::kGameOver;
    legal_ = 0;
    to_act_ = -1;
    if (record_events_) {
      Event& e = emit(EventType::kGameOver);
      e.seats = winners_;
      e.seats2 = bummerl_;
      for (int p = 0; p < rules_.players; ++p) e.totals[p] = static_cast<std::int16_t>(scores_[p]);
    }
    return;
  }
  ++hand_number_;
  dealer_ = next_seat(dealer_);
  start_deal();
}

// ---- why an action is refused (S9) ----------------------------------------------------------------

std::string Game::why_illegal(int action) const {
  if (action < 0 || action >= kNumActions) {
    return "S11: action id " + std::to_string(action) + " is not in 0.." + std::to_string(kNumActions - 1);
  }
  if (is_legal(action)) return {};
  const auto a = static_cast<ActionId>(action);
  const std::string who = seat_text(to_act_);
  switch (phase_) {
    case Phase::kGameOver: return "S8.6: the game is over; no action is legal, not " + quoted(a);
    case Phase::kChance: return "S3.2: chance mode: the next card of the deck is due, not " + quoted(a);
    case Phase::kCut: return "S3.3: the cutter (" + who + ") must cut or knock, not " + quoted(a);
    case Phase::kTrump:
      if (a >= kTrumpBase && a < kTrumpBase + 4) {
        return "S4.1: forehand (" + who + ") holds no " + kSuitNames[a - kTrumpBase] +
               " card among his first three cards, so cannot make it trump";
      }
      return "S4.1: forehand (" + who + ") must choose trump (trump X or turn), not " + quoted(a);
    case Phase::kBid:
      if (a >= kSchnapser && a <= kKontraschnapser) {
        const int c = a - kSchnapser + 1;
        if (kContractValues[c] <= kContractValues[high_bid_]) {
          return "S5.2: " + quoted(a) + " is not higher than '" + std::string(contract_name(high_bid_)) +
                 "', announced before by seat " + std::to_string(bidder_);
        }
        const bool called = rules_.partners == Partners::kCalled;
        const char* allowed = c == kKontraschnapserContract
                                  ? (called ? "any seat but forehand" : "an opponent of forehand")
                                  : (called ? "forehand" : "forehand or his partner");
        return "S5.1: " + who + " may not announce " + std::string(contract_name(c)) + " (only " + allowed + ")";
      }
      return "S5.2: " + who + " must bid (pass or a contract), not " + quoted(a);
    case Phase::kCall: return "S5.4: the declarer (" + who + ") must call a card (call X), not " + quoted(a);
    case Phase::kDouble: return "S5.5: " + who + " must say spritze or pass, not " + quoted(a);
    case Phase::kRetour: return "S5.5: the declarer (" + who + ") must say retour or pass, not " + quoted(a);
    case Phase::kPlay: break;
  }
  const CardSet hand = hand_[to_act_];
  const bool leading = trick_count_ == 0;
  if (is_play(a)) {
    const Card c = action_card(a);
    if (!(hand & bit(c))) return "S6.1: " + who + " does not hold " + card_text(c);
    if (leading) {
      return "S6.6: after melding " + std::string(kSuitNames[lead_meld_]) + " " + who + " must lead " +
             card_text(king_of(lead_meld_)) + " or " + card_text(ober_of(lead_meld_));
    }
    const int led = suit(trick_[0]);
    const std::string winning = card_text(best_card_);
    if (hand & suit_set(led)) {
      if (suit(c) == led) return "S6.3: " + who + " must beat " + winning + " with a higher " + kSuitNames[led] + " card (must_head)";
      return "S6.3: " + who + " holds a " + kSuitNames[led] + " card and must follow";
    }
    if (suit(c) == trump_) return "S6.3: " + who + " must beat " + winning + " with a higher trump (must_head)";
    return "S6.3: " + who + " has no " + kSuitNames[led] + " card and must play a trump (" + kSuitNames[trump_] + ")";
  }
  const std::string not_leading = " only by the seat to lead, before its card";
  switch (a) {
    case kExchange:
      if (rules_.players != 2) return "S6.5: exchange is only for two players";
      if (!leading) return "S6.5: exchange" + not_leading;
      if (closer_ >= 0) return "S6.5: the stock is closed; no exchange";
      if (stock_left_ == 0) return "S6.5: the stock is empty; no exchange";
      if (lead_step_ != LeadStep::kNone) return "S6.8: exchange comes first, and at most once per lead";
      return "S6.5: " + who + " does not hold the trump Unter (" + card_text(unter_of(trump_)) + ")";
    case kClose:
      if (rules_.players != 2 || !rules_.closing) return "S6.7: closing is off in these rules (closing=False)";
      if (!leading) return "S6.7: close" + not_leading;
      if (closer_ >= 0) return "S6.7: the stock is already closed";
      if (stock_left_ == 0) return "S6.7: the stock is empty; it cannot be closed";
      return "S6.8: close comes before meld and claim, and at most once";
    case kClaim:
      if (rules_.claim == Claim::kAutomatic) return "S7.2: claims are automatic in these rules (claim='automatic')";
      if (!claims_allowed()) return "S7.4: there are no claims in " + std::string(contract_name(contract_));
      if (!leading) return "S7.1: claim" + not_leading;
      return "S7.1: no claim before the second trick";
    default: break;
  }
  if (a >= kMeldBase && a < kMeldBase + 4) {
    const int s = a - kMeldBase;
    if (!marriages_allowed()) return "S6.6: there are no marriages in " + std::string(contract_name(contract_));
    if (!leading) return "S6.6: meld" + not_leading;
    if (lead_meld_ >= 0) return "S6.6: one meld per lead";
    return "S6.6: " + who + " does not hold the King and Ober of " + kSuitNames[s] + " (" + card_text(king_of(s)) +
           ", " + card_text(ober_of(s)) + ")";
  }
  return "S6: " + who + " is playing the tricks; " + quoted(a) + " is not an action now";
}

}  // namespace bieten::schnapsen
