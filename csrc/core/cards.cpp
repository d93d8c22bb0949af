#include "core/cards.hpp"

#include <array>
#include <cctype>

#include "core/errors.hpp"

namespace bieten {

namespace {

constexpr std::array<char, kSuits> kSuitLetters = {'H', 'L', 'S', 'E'};
constexpr std::array<std::string_view, kRanks> kRankTexts = {"A", "K", "O", "U", "10", "9", "8", "7"};

bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

}  // namespace

std::string card_text(Card c) {
  if (c == kSixOfBells) return "S6";
  if (c > kSixOfBells) return "?";
  std::string out(1, kSuitLetters[c >> 3]);
  out += kRankTexts[c & 7];
  return out;
}

bool try_parse_card(std::string_view text, Card& out) {
  if (equals_ignore_case(text, "W") || equals_ignore_case(text, "Weli") || equals_ignore_case(text, "S6")) {
    out = kSixOfBells;
    return true;
  }
  if (text.size() < 2 || text.size() > 3) return false;
  const char suit_letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  for (int suit = 0; suit < kSuits; ++suit) {
    if (kSuitLetters[suit] != suit_letter) continue;
    for (int rank = 0; rank < kRanks; ++rank) {
      if (equals_ignore_case(text.substr(1), kRankTexts[rank])) {
        out = make_card(suit, rank);
        return true;
      }
    }
  }
  return false;
}

Card parse_card(std::string_view text) {
  Card card = 0;
  if (!try_parse_card(text, card)) {
    throw CardError("R1.5: '" + std::string(text) +
                    "' is not a card (suit H, L, S or E, then A, K, O, U, 10, 9, 8 or 7; or S6/W/Weli)");
  }
  return card;
}

std::string cards_text(CardSet s) {
  std::string out;
  for (; s; s &= s - 1) {
    if (!out.empty()) out += ' ';
    out += card_text(lowest(s));
  }
  return out;
}

CardSet parse_cards(std::string_view text) {
  CardSet set = 0;
  std::size_t i = 0;
  auto is_sep = [](char ch) { return ch == ',' || std::isspace(static_cast<unsigned char>(ch)); };
  while (i < text.size()) {
    while (i < text.size() && is_sep(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !is_sep(text[j])) ++j;
    if (j > i) {
      const Card card = parse_card(text.substr(i, j - i));
      if (set & bit(card)) throw CardError("R1.4: card '" + card_text(card) + "' is listed twice");
      set |= bit(card);
    }
    i = j;
  }
  return set;
}

}  // namespace bieten
