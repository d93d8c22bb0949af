#include "games/bieten/actions.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>
#include <vector>

namespace bieten {

namespace {

constexpr std::array<std::string_view, kBiddableFigures> kFigureNames = {"red", "green", "gleich", "hanger",
                                                                          "spiel"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

[[noreturn]] void bad_action(std::string_view text, const std::string& why) {
  throw ActionError("R11: '" + std::string(text) + "' is not an action: " + why);
}

}  // namespace

std::string_view figure_name(Figure f) { return kFigureNames[f]; }

std::string action_id_out_of_range(std::string_view id) {
  return "R11: action id " + std::string(id) + " is not in 0.." + std::to_string(kNumActions - 1);
}

std::string action_text(ActionId a) {
  if (is_wild_play(a)) return "play " + card_text(played_card(a)) + " as " + card_text(played_identity(a));
  if (is_play(a)) return "play " + card_text(played_card(a));
  if (is_bid(a)) return "bid " + std::string(figure_name(bid_figure(a)));
  switch (a) {
    case kGood: return "good";
    case kHold: return "hold";
    case kThree: return "three";
    case kPass: return "pass";
    case kSteal: return "steal";
    case kLeave: return "leave";
    default: return "?";
  }
}

namespace {

// The 140 canonical texts (action_text), built once and never changed: for to_json, and for
// parse_action's common case, a record's own text.
struct CanonicalTexts {
  std::array<std::string, kNumActions> text;
  std::array<std::pair<std::string_view, ActionId>, kNumActions> sorted;
  CanonicalTexts() {
    for (int a = 0; a < kNumActions; ++a) {
      text[a] = action_text(static_cast<ActionId>(a));
      sorted[a] = {text[a], static_cast<ActionId>(a)};
    }
    std::sort(sorted.begin(), sorted.end());
  }
};

const CanonicalTexts& canonical_texts() {
  static const CanonicalTexts table;  // immutable after its thread-safe initialisation
  return table;
}

}  // namespace

std::string_view canonical_action_text(ActionId a) { return canonical_texts().text[a]; }

ActionId parse_action(std::string_view text) {
  const auto& sorted = canonical_texts().sorted;
  const auto found = std::lower_bound(sorted.begin(), sorted.end(), text,
                                      [](const auto& entry, std::string_view t) { return entry.first < t; });
  if (found != sorted.end() && found->first == text) return found->second;  // exactly as action_text writes it
  const auto w = words(text);
  if (w.empty()) bad_action(text, "it is empty");
  const std::string verb = lower(w[0]);
  if (verb == "play") {
    if (w.size() != 2 && w.size() != 4) bad_action(text, "write 'play <card>' or 'play <wild> as <card>'");
    Card card = 0;
    if (!try_parse_card(w[1], card)) bad_action(text, "'" + std::string(w[1]) + "' is not a card (R1.5)");
    if (w.size() == 2) return play_action(card);
    if (lower(w[2]) != "as") bad_action(text, "write 'play <wild> as <card>'");
    Card identity = 0;
    if (!try_parse_card(w[3], identity)) bad_action(text, "'" + std::string(w[3]) + "' is not a card (R1.5)");
    const int wi = wild_index(card);
    if (wi < 0) bad_action(text, card_text(card) + " is never a wild card (R5.1)");
    if (identity == kWeli) bad_action(text, "a wild is named as one of the 32 natural cards, not S6 (R5.2)");
    return play_wild_action(wi, identity);
  }
  if (w.size() == 2 && verb == "bid") {
    const std::string fig = lower(w[1]);
    for (int f = 0; f < kBiddableFigures; ++f) {
      if (fig == kFigureNames[f]) return bid_action(static_cast<Figure>(f));
    }
    bad_action(text, "the figures are red, green, gleich, hanger and spiel (R7.1)");
  }
  if (w.size() == 1) {
    if (verb == "good") return kGood;
    if (verb == "hold") return kHold;
    if (verb == "three") return kThree;
    if (verb == "pass") return kPass;
    if (verb == "steal") return kSteal;
    if (verb == "leave") return kLeave;
  }
  bad_action(text, "actions are play, bid, good, hold, three, pass, steal and leave");
}

}  // namespace bieten
