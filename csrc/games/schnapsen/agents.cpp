#include "games/schnapsen/agents.hpp"

#include <array>
#include <bit>
#include <string>

#include "core/policy.hpp"
#include "core/policy_blobs.hpp"
#include "games/schnapsen/descriptor.hpp"
#include "games/schnapsen/observation.hpp"

namespace bieten::schnapsen {

namespace {

ActionId nth_action(ActionMask m, std::uint32_t k) {
  for (; k > 0; --k) m &= m - 1;  // drop the k lowest legal ids
  return static_cast<ActionId>(std::countr_zero(m));
}

bool has(ActionMask m, ActionId a) { return m >> a & 1; }

// Whether the seat knows its side: always but in called mode, where the declarer learns it when the
// called card is played (or holds it himself), and the partner knows from the start (S2.3, S12).
bool knows_sides(const Game& g, int seat) {
  if (g.rules().partners != Partners::kCalled || g.players() != 4) return true;
  if (g.partner() < 0 || g.partner_known()) return true;  // gang and bauernschnapser: the declarer alone
  return seat == g.partner();
}

// A card to throw: the least valuable, keeping trumps (and then the lowest trump).
Card cheapest(CardSet cards, int trump) {
  Card best = kNoCard;
  int best_key = 1 << 30;
  for (CardSet s = cards; s; s &= s - 1) {
    const Card c = lowest(s);
    const int key = (suit(c) == trump ? 100 : 0) + 10 * card_points(c) + strength(c);
    if (key < best_key) best_key = key, best = c;
  }
  return best;
}

// A card to give a winning partner: the most points, trumps last.
Card richest(CardSet cards, int trump) {
  Card best = kNoCard;
  int best_key = -1;
  for (CardSet s = cards; s; s &= s - 1) {
    const Card c = lowest(s);
    const int key = (suit(c) == trump ? 0 : 100) + card_points(c);
    if (key > best_key) best_key = key, best = c;
  }
  return best;
}

ActionId lead(const Game& g, int seat, ActionMask legal) {
  const int trump = g.trump();
  if (has(legal, kExchange)) return kExchange;  // S6.5 the trump card is worth more than the Unter
  if (has(legal, kClaim) && known_side_points(g, seat) >= 66) return kClaim;
  for (int s : {trump, 0, 1, 2, 3}) {  // S6.6 the trump marriage first
    if (s >= 0 && has(legal, meld_action(s))) return meld_action(s);
  }
  const CardSet playable = played_cards_of(legal);
  if (g.lead_meld() >= 0) {
    const Card king = king_of(g.lead_meld());
    return play_action(playable & bit(king) ? king : ober_of(g.lead_meld()));
  }
  const CardSet trumps = trump >= 0 ? playable & suit_set(trump) : 0;
  const CardSet aces = playable & ~trumps & 0x01010101ULL;
  if (aces) return play_action(lowest(aces));
  if (g.players() == 4 && count(trumps) >= 3 && known_partner(g, seat, g.declarer())) {
    Card top = lowest(trumps);
    for (CardSet s = trumps; s; s &= s - 1) {
      if (strength(lowest(s)) > strength(top)) top = lowest(s);
    }
    return play_action(top);
  }
  return play_action(cheapest(playable, trump));
}

ActionId follow(const Game& g, int seat, ActionMask legal) {
  const int trump = g.trump();
  const CardSet playable = played_cards_of(legal);
  const Card best = g.trick_card(0) == kNoCard ? kNoCard : [&] {
    Card b = g.trick_card(0);
    for (int k = 1; k < g.cards_in_trick(); ++k) {
      if (beats(g.trick_card(k), b, trump)) b = g.trick_card(k);
    }
    return b;
  }();
  const int winner = g.winning_seat();
  if (known_partner(g, seat, winner) && winner != seat) {
    const bool last = g.cards_in_trick() == g.players() - 1;
    if (last || suit(best) == trump || strength(best) == 4) return play_action(richest(playable, trump));
  }
  Card cheapest_winner = kNoCard;
  int key = 1 << 30;
  for (CardSet s = playable; s; s &= s - 1) {
    const Card c = lowest(s);
    if (!beats(c, best, trump)) continue;
    const int k = (suit(c) == trump ? 100 : 0) + strength(c);
    if (k < key) key = k, cheapest_winner = c;
  }
  int trick_points = 0;
  for (int k = 0; k < g.cards_in_trick(); ++k) trick_points += card_points(g.trick_card(k));
  const bool stock_open = g.players() == 2 && g.stock_count() > 0 && !g.closed();
  if (cheapest_winner != kNoCard) {
    const bool wasteful = stock_open && suit(cheapest_winner) == trump && trick_points < 10;
    if (!wasteful) return play_action(cheapest_winner);
  }
  return play_action(cheapest(playable, trump));
}

}  // namespace

bool known_partner(const Game& g, int seat, int other) {
  if (other < 0) return false;
  if (other == seat) return true;
  if (g.players() == 2) return false;
  if (g.rules().partners == Partners::kFixed) return ((seat - other) & 1) == 0;
  if (g.contract() == kNoContract || !knows_sides(g, seat)) return false;
  return g.side_of(seat) == g.side_of(other);
}

int known_side_points(const Game& g, int seat) {
  if (knows_sides(g, seat)) return g.side_points(g.side_of(seat));
  // Only what is certainly his: his tricks' card points, and his marriages once he has a trick.
  int points = set_points(g.won_cards(seat));
  if (g.won_cards(seat)) {
    for (int s = 0; s < 4; ++s) {
      if (g.melded_suits(seat) >> s & 1) points += s == g.trump() ? 40 : 20;
    }
  }
  return points;
}

ActionId random_action(const Game& g, SplitMix64& rng) {
  const ActionMask legal = g.legal_mask();
  return nth_action(legal, rng.bounded(static_cast<std::uint32_t>(std::popcount(legal))));
}

namespace {

// The shipped networks, each read once, on first use (a throw leaves it to be tried again: a build
// without weights refuses every use), then never changed.
PolicyNet load_shipped(const char* name) {
  const PolicyBlob blob = embedded_policy(name);
  return load_policy(blob.data, blob.size, Descriptor::kPolicyTag, kObservationSize, kNumActions, name);
}
const PolicyNet& four_player_policy() {
  static const PolicyNet net = load_shipped("bauernschnapsen");
  return net;
}
const PolicyNet& two_player_policy() {
  static const PolicyNet net = load_shipped("schnapsen");
  return net;
}

}  // namespace

ActionId policy_action(const Game& g, SplitMix64& rng, PolicyScratch& scratch) {
  const int seat = g.current_player();
  if (seat < 0) return random_action(g, rng);  // a chance node (chance deals): nobody's decision
  const PolicyNet& net = g.players() == 4 ? four_player_policy() : two_player_policy();
  static_assert(kObservationSize <= kPolicyMaxWidth);
  write_observation(g, seat, scratch.input.data());
  const ActionMask legal = g.legal_mask();
  const int a = policy_choice(net, scratch.input.data(), &legal, scratch.workspace);
  if (a < 0) throw Error("S8.6: the game is over; there is no action to choose");
  return static_cast<ActionId>(a);
}

const float* policy_outputs(const Game& g, PolicyScratch& scratch) {
  const PolicyNet& net = g.players() == 4 ? four_player_policy() : two_player_policy();
  write_observation(g, g.current_player(), scratch.input.data());
  return bieten::policy_outputs(net, scratch.input.data(), scratch.workspace);
}

ActionId policy_action(const Game& g, SplitMix64& rng) {
  PolicyScratch scratch;
  return policy_action(g, rng, scratch);
}

ActionId heuristic_action(const Game& g, SplitMix64& rng) {
  const ActionMask legal = g.legal_mask();
  const int seat = g.current_player();
  switch (g.phase()) {
    case Phase::kCut: return kCut;
    case Phase::kTrump: {  // S4.1 the suit with most of his first three cards, then the most points
      int best = -1, best_key = -1;
      for (int s = 0; s < 4; ++s) {
        if (!has(legal, trump_action(s))) continue;
        int key = 0;
        for (int i = 0; i < 3; ++i) {
          const Card c = g.dealt().hands[seat][i];
          if (suit(c) == s) key += 100 + card_points(c);
        }
        if (key > best_key) best_key = key, best = s;
      }
      return trump_action(best);
    }
    case Phase::kBid: return kPass;
    case Phase::kCall: {  // S5.4 the best trump he lacks, else an Ace he lacks
      const CardSet own = g.hand(seat);
      const int trump = g.trump() >= 0 ? g.trump() : 0;
      for (int rank : {0, 4, 1, 2, 3}) {
        const Card c = static_cast<Card>(8 * trump + rank);
        if (!(own & bit(c))) return call_action(c);
      }
      for (int s = 0; s < 4; ++s) {
        if (!(own & bit(static_cast<Card>(8 * s)))) return call_action(static_cast<Card>(8 * s));
      }
      return call_action(card_at(0));
    }
    case Phase::kDouble:  // S5.5 a contract is hard to make: double it, unless it is his own side's
      return g.contract() != kNormal && !known_partner(g, seat, g.declarer()) && seat != g.partner() ? kSpritze : kPass;
    case Phase::kRetour: return kPass;
    case Phase::kPlay: return g.cards_in_trick() == 0 ? lead(g, seat, legal) : follow(g, seat, legal);
    case Phase::kChance:
    case Phase::kGameOver: break;
  }
  return random_action(g, rng);
}

}  // namespace bieten::schnapsen
