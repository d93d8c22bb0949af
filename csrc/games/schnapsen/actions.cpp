#include "games/schnapsen/actions.hpp"

#include <array>
#include <cctype>
#include <string>

#include "core/errors.hpp"

namespace bieten::schnapsen {

namespace {

constexpr std::array<std::string_view, kContracts> kContractNames = {"normal", "schnapser", "gang", "bauernschnapser",
                                                                     "kontraschnapser"};

const std::array<std::string, kNumActions>& texts() {
  static const std::array<std::string, kNumActions> table = [] {
    std::array<std::string, kNumActions> t;
    const char* suits[4] = {"H", "L", "S", "E"};
    t[kCut] = "cut";
    t[kKnock] = "knock";
    for (int s = 0; s < 4; ++s) {
      t[trump_action(s)] = std::string("trump ") + suits[s];
      t[meld_action(s)] = std::string("meld ") + suits[s];
    }
    t[kTurn] = "turn";
    t[kPass] = "pass";
    for (int c = kSchnapserContract; c < kContracts; ++c) t[contract_action(c)] = kContractNames[c];
    for (int i = 0; i < kPackSize; ++i) {
      t[kCallBase + i] = "call " + card_text(card_at(i));
      t[kPlayBase + i] = "play " + card_text(card_at(i));
    }
    t[kSpritze] = "spritze";
    t[kRetour] = "retour";
    t[kExchange] = "exchange";
    t[kClose] = "close";
    t[kClaim] = "claim";
    return t;
  }();
  return table;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

}  // namespace

std::string_view contract_name(int contract) {
  return contract >= 0 && contract < kContracts ? kContractNames[contract] : std::string_view("none");
}

std::string_view action_text(ActionId a) { return a < kNumActions ? std::string_view(texts()[a]) : "?"; }

ActionId parse_action(std::string_view text) {
  // Words separated by any whitespace, case-insensitive (S11).
  std::array<std::string, 3> words;
  int n = 0;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) {
      if (n == 3) n = 4;
      if (n < 3) words[n] = lower(text.substr(start, i - start));
      if (n < 4) ++n;
    }
  }
  auto refuse = [&]() -> ActionId {
    throw ActionError("S11: '" + std::string(text) + "' is no action (cut, knock, trump H, turn, pass, schnapser, gang, "
                      "bauernschnapser, kontraschnapser, call HA, spritze, retour, exchange, close, meld H, claim, "
                      "play HA)");
  };
  if (n == 1) {
    for (int a = 0; a < kNumActions; ++a) {
      if (texts()[a] == words[0]) return static_cast<ActionId>(a);
    }
    return refuse();
  }
  if (n != 2) return refuse();
  const std::string& verb = words[0];
  if (verb == "trump" || verb == "meld") {
    static constexpr std::string_view kLetters = "hlse";
    const auto s = kLetters.find(words[1]);
    if (words[1].size() != 1 || s == std::string_view::npos) return refuse();
    return verb == "trump" ? trump_action(static_cast<int>(s)) : meld_action(static_cast<int>(s));
  }
  if (verb == "play" || verb == "call") {
    Card c = 0;
    if (!try_parse_card(words[1], c)) return refuse();
    // A card outside the pack makes the text no action of this game, refused as Bieten refuses "play H6" (S1.1, S9).
    if (!in_pack(c)) throw ActionError("S1.1: " + card_text(c) + " is not in the Schnapsen pack");
    return verb == "play" ? play_action(c) : call_action(c);
  }
  return refuse();
}

}  // namespace bieten::schnapsen
