#include "games/schnapsen/deal.hpp"

#include <utility>

#include "core/rng.hpp"

namespace bieten::schnapsen {

Shuffle shuffle_for_deal(std::uint64_t game_seed, std::uint64_t deal) {
  SplitMix64 gen = hand_generator(game_seed, deal);  // S3.1 as R3.2
  Shuffle s;
  for (int i = 0; i < kPackSize; ++i) s.deck[i] = card_at(i);  // S1.3 ascending ids
  for (int i = kPackSize - 1; i >= 1; --i) {                   // S3.2
    const auto j = gen.bounded(static_cast<std::uint32_t>(i + 1));
    std::swap(s.deck[i], s.deck[j]);
  }
  s.cut = 1 + static_cast<int>(gen.bounded(kPackSize - 1));  // S3.3, drawn whether cut or knocked
  return s;
}

DealtCards deal_deck(const std::array<Card, kPackSize>& deck, int players, int dealer, bool knock) {
  DealtCards d;
  const int first = forehand_of(dealer, players);
  int next = 0;
  // S3.4/S3.5 packets of 3 then 2 after a cut, one packet of 5 after a knock; with two players the
  // trump card is turned after the first packets of a cut, after the whole deal of a knock.
  const int packets[2] = {knock ? kHandSize : 3, knock ? 0 : 2};
  int dealt_so_far = 0;
  for (int packet : packets) {
    for (int k = 0; k < players; ++k) {
      auto& hand = d.hands[(first + k) % players];
      for (int i = 0; i < packet; ++i) hand[dealt_so_far + i] = deck[next++];
    }
    dealt_so_far += packet;
    if (players == 2 && d.trump_card == DealtCards::kNoCardInPack) d.trump_card = deck[next++];
  }
  if (players == 2) {
    for (int i = 0; i < kStockSize; ++i) d.stock[i] = deck[next++];
  }
  return d;
}

DealtCards deal_cards(std::uint64_t game_seed, std::uint64_t deal, int players, int dealer, bool knock) {
  const Shuffle s = shuffle_for_deal(game_seed, deal);
  if (knock) return deal_deck(s.deck, players, dealer, true);
  std::array<Card, kPackSize> cut{};
  for (int i = 0; i < kPackSize; ++i) cut[i] = s.deck[(s.cut + i) % kPackSize];  // S3.3 deck[c:] + deck[:c]
  return deal_deck(cut, players, dealer, false);
}

}  // namespace bieten::schnapsen
