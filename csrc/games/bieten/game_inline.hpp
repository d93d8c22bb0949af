// Game's steps that are inline at every call (game.hpp declares them [[gnu::always_inline]]): the
// bodies of a card, a pass, a bid and the answers to it, and of advance(), which dispatches to them;
// with settle_bid, the template they instantiate. Here, not in game.cpp, so that both sources that
// step a game inline them: game.cpp (step(), apply()) and playout.cpp (play_random's loop). An
// always_inline function is inlined only where its body is seen when the caller is compiled: in
// another source it would be a call, however the program is linked. The steps they call out of line
// (the record, the hand's end, a wild, the answers after a raise) stay in game.cpp. Included by those
// two sources only: not part of the game's interface.
#pragma once

#include <cstdint>

#include "games/bieten/game.hpp"

namespace bieten {

inline void Game::begin_turn(int seat) {
  phase_ = Phase::kTurn;
  turn_seat_ = seat;
  to_act_ = seat;
  turn_legal_fast(seat, legal_);
}

inline void Game::advance(ActionId a) {
  if (record_events_) record_action(a);
  ++actions_;
  const int p = to_act_;
  switch (phase_) {
    case Phase::kChance: chance(a); return;
    case Phase::kSteal: steal_or_leave(p, a); return;
    case Phase::kTurn:
      static_assert(kPlayBase == 0 && kPlayWildBase == kPlayBase + 33 && kBidBase == kPlayWildBase + 96);
      if (a < kPlayWildBase) {  // a natural card (ids 0..32, R11)
        play<false>(p, a);
      } else if (a < kBidBase) {  // a wild named as a card (R5.2)
        play_wild(p, a);
      } else {
        open_bid(p, bid_figure(a));
      }
      return;
    case Phase::kAfterPlay:
      if (a == kPass) {
        pass_turn(p);
      } else {
        open_bid(p, bid_figure(a));
      }
      return;
    case Phase::kAnswer: answer_bid(p, a); return;
    case Phase::kRaiseAnswer: answer_raise(p, a); return;
    case Phase::kReraise: answer_reraise(p, a); return;
    case Phase::kGameOver: return;
  }
}

// R7.1: pass, ending the seat's bidding after its card.
inline void Game::pass_turn(int seat) {
  if (record_events_) record_pass(seat);
  begin_turn(after_next_);
}

template <bool kWild>
inline void Game::play(int seat, ActionId a) {
  const Card card = kWild ? played_card(a) : static_cast<Card>(a - kPlayBase);
  const Card identity = kWild ? played_identity(a) : card;
  const int wi = kWild ? wild_index_of(a) : -1;
  in_hand_[seat] &= ~bit(card);
  played_[seat] |= bit(identity);
  if (kWild) {  // R5.2: the named identity holds for the rest of the hand
    figure_cards_[seat].cards |= bit(identity);
    figure_cards_[seat].named_by[wi] = bit(identity);
  }
  // The trick's bookkeeping without data-dependent jumps: which seat leads, follows and wins
  // differs from game to game, so branches on it are mispredicted in batches of games.
  // (The selects are written as masks: the compiler turned ?: back into jumps.)
  const int suit = suit_of(identity);
  const int leading = -static_cast<int>(trick_count_ == 0);           // all ones for the lead
  const int led = led_suit_ ^ ((led_suit_ ^ suit) & leading);          // R5.3: a wild leads its named suit
  const int follows = static_cast<int>(suit == led);
  led_suit_ = led;
  failed_[seat] |= static_cast<std::uint8_t>((follows ^ 1) << led);  // R5.3: failing to follow
  // R4.3/R5.4: rank first; at equal identity natural > Weli > Bells 7 > Acorns 7; -1 off suit.
  const int on_suit = (8 - rank_of(identity)) * 4 + (wi < 0 ? 3 : 2 - wi);
  const int strength = ((on_suit + 1) & -follows) - 1;
  const int best = -static_cast<int>(strength > best_strength_);
  best_strength_ ^= (best_strength_ ^ strength) & best;
  best_seat_ ^= (best_seat_ ^ seat) & best;
  trick_[seat] = TrickCard{card, identity, static_cast<std::int8_t>(wi)};
  ++trick_count_;
  if (kWild || (in_hand_[seat] & wild_cards_)) {  // R5.5: its wilds' figures follow its cards
    card_figures_[seat] = static_cast<std::uint8_t>(compute_card_figures(seat) | (card_figures_[seat] & 1u << kSpiel));
  }
  // R7.2: in the last trick a seat that has played may bid Spiel only if it followed; its bit is
  // set without a jump (last_trick = 0 leaves it as it is), and once, at the trick's first card, the
  // others' bits are judged from their last cards.
  const int last_trick = static_cast<int>(trick_index_ == rules_.hand_size - 1);
  card_figures_[seat] = static_cast<std::uint8_t>((card_figures_[seat] & ~(last_trick << kSpiel)) |
                                                  (follows & last_trick) << kSpiel);
  if (last_trick & static_cast<int>(trick_count_ == 1)) {
    if (!kWild && wild_cards_ == 0) {
      // No card is wild (R5.1): spiel_allowed inline, without its jumps. The leader has followed
      // (its bit is set above); every other seat may bid Spiel iff its last card is of the led suit.
      const CardSet led_cards = detail::kLedNaturals[static_cast<std::size_t>(led + 1)];
      for (int p = 0; p < rules_.players; ++p) {
        const unsigned allowed = static_cast<unsigned>(p == seat) | static_cast<unsigned>((in_hand_[p] & led_cards) != 0);
        card_figures_[p] = static_cast<std::uint8_t>((card_figures_[p] & ~(1u << kSpiel)) | allowed << kSpiel);
      }
    } else {
      for (int p = 0; p < rules_.players; ++p) refresh_spiel(p);
    }
  }
  if (record_events_) {
    Event& e = emit(EventType::kCardPlayed);
    e.seat = static_cast<std::int8_t>(seat);
    e.card = card;
    e.identity = identity;
    e.trick = static_cast<std::int8_t>(trick_index_);
  }
  int next = next_seat(seat);
  if (trick_count_ == rules_.players) {
    const int winner = best_seat_;
    if (record_events_) {
      Event& e = emit(EventType::kTrickWon);
      e.seat = static_cast<std::int8_t>(winner);
      e.trick = static_cast<std::int8_t>(trick_index_);
    }
    if (trick_index_ == rules_.hand_size - 1) {  // R7.1: bidding ends with the last card
      last_trick_winner_ = winner;
      end_hand();
      return;
    }
    ++trick_index_;
    trick_count_ = 0;
    led_suit_ = -1;
    best_seat_ = -1;
    best_strength_ = -1;
    trick_ = {};
    leader_ = winner;
    next = winner;
  }
  const std::uint8_t bids = may_open_by_limit(seat) ? openable_figures(seat) : 0;
  if (bids) {  // R7.1: he may still bid after his card, until he passes
    phase_ = Phase::kAfterPlay;
    to_act_ = seat;
    after_next_ = next;
    legal_ = bids_or_pass(bids);
  } else {
    begin_turn(next);
  }
}

inline void Game::open_bid(int seat, Figure f) {
  bids_[f] = BidRecord{BidState::kOpen, static_cast<std::int8_t>(seat), -1, -1};
  unbid_ &= static_cast<std::uint8_t>(~(1u << f));
  bid_order_[bids_opened_++] = static_cast<std::int8_t>(f);
  bid_figure_ = f;
  return_phase_ = phase_;
  if (record_events_) {
    Event& e = emit(EventType::kBidOpened);
    e.seat = static_cast<std::int8_t>(seat);
    e.figure = static_cast<std::int8_t>(f);
  }
  phase_ = Phase::kAnswer;  // R7.4: the others answer clockwise from the bidder's left
  to_act_ = next_seat(seat);
  asks_left_ = rules_.players - 1;
  legal_ = answer_legal(to_act_, true);
}

// R7.4: good, hold or three to a bid. One function per answer phase: step() dispatches on the
// phase once, not a second time here.
inline void Game::answer_bid(int seat, ActionId a) {
  if (record_events_) record_answer(seat, a, AnswerStage::kBid);
  if (a == kGood) {
    if (--asks_left_ == 0) {
      settle_bid<BidOutcome::kConceded>();
    } else {
      to_act_ = next_seat(seat);
      legal_ = answer_legal(to_act_, true);
    }
    return;
  }
  if (a == kThree) {
    raise(seat);
    return;
  }
  BidRecord& b = bids_[bid_figure_];  // a hold: the bid stands at 2
  b.state = BidState::kStands;
  b.holder = static_cast<std::int8_t>(seat);
  if (rules_.reraise) {
    start_reraise();
  } else {
    settle_bid<BidOutcome::kStands>();
  }
}

// R7.4/R7.5: a bid is decided; the outcome is known where it is called, so the switch folds away.
template <BidOutcome outcome>
void Game::settle_bid() {
  BidRecord& b = bids_[bid_figure_];
  int stake = 0;
  switch (outcome) {
    case BidOutcome::kConceded:  // R7.7: the bidder gets 1, secured now for R7.3
      b.state = BidState::kConceded;
      secured_[b.bidder] += 1;
      stake = 1;
      break;
    case BidOutcome::kStands:
      b.state = BidState::kStands;
      stake = 2;
      break;
    case BidOutcome::kRaiseConceded:  // R7.7: the raiser gets 2
      b.state = BidState::kRaiseConceded;
      secured_[b.raiser] += 2;
      stake = 2;
      break;
    case BidOutcome::kStandsThree:
      b.state = BidState::kStandsThree;
      stake = 3;
      break;
  }
  if (record_events_) {
    Event& e = emit(EventType::kBidSettled);
    e.figure = static_cast<std::int8_t>(bid_figure_);
    e.code = static_cast<std::uint8_t>(outcome);
    e.points = static_cast<std::int8_t>(stake);
    e.other = b.bidder;
    e.other2 = outcome == BidOutcome::kRaiseConceded ? b.raiser : outcome == BidOutcome::kConceded ? -1 : b.holder;
  }
  bid_figure_ = -1;
  end_turn_after_bid();
}

}  // namespace bieten
