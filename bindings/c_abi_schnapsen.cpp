// The C ABI of the second game, Bauernschnapsen and Schnapsen (csrc/include/bieten/bieten.h, the
// bieten_schnapsen_* functions; SCHNAPSEN.md S1-S12): an extern "C" layer over bieten::schnapsen::Game.
//
// The conventions are Bieten's (bindings/c_abi.cpp, with the shared guard, err buffer and strings of
// bindings/c_abi_common.hpp): no exception crosses the boundary. The JSON written here (rules, events,
// records) is what Python's bieten.schnapsen writes for the same things, byte for byte
// (bindings/register_schnapsen.cpp's rules_to_dict, dealt_dict and event_dict;
// python/bieten/schnapsen/_game.py's to_record), and rules and records are checked in the order and
// words of python/bieten/schnapsen/_rules.py and _game.py; tests/test_c_abi_schnapsen.py holds the two
// sides to that.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bieten/bieten.h"
#include "core/rng.hpp"
#include "games/schnapsen/actions.hpp"
#include "games/schnapsen/agents.hpp"
#include "games/schnapsen/deal.hpp"
#include "games/schnapsen/events.hpp"
#include "games/schnapsen/game.hpp"
#include "games/schnapsen/observation.hpp"
#include "games/schnapsen/rules.hpp"
#include "games/schnapsen/simulate.hpp"
#include "c_abi_common.hpp"
#include "native_agent.hpp"

namespace sn = bieten::schnapsen;

static_assert(BIETEN_SCHNAPSEN_NUM_ACTIONS == sn::kNumActions, "bieten.h and the core disagree on the actions");
static_assert(BIETEN_SCHNAPSEN_MAX_PLAYERS == sn::kMaxPlayers, "bieten.h and the core disagree on the players");
static_assert(BIETEN_SCHNAPSEN_MAX_HAND == sn::kHandSize, "bieten.h and the core disagree on the hand");
static_assert(BIETEN_SCHNAPSEN_OBSERVATION_SIZE == sn::kObservationSize,
              "bieten.h and the core disagree on the observation");

struct bieten_schnapsen_game {
  explicit bieten_schnapsen_game(sn::Game g) : game(std::move(g)) {}
  sn::Game game;
};

namespace bieten::c_abi {

namespace {

using json::Value;

constexpr std::string_view kFormat = "bieten-schnapsen-game";  // python/bieten/schnapsen/_game.py JSON_FORMAT
constexpr int kVersion = 1;                                     // JSON_VERSION
constexpr const char* kSuitLetters[4] = {"H", "L", "S", "E"};

// ---- Rules (python/bieten/schnapsen/_rules.py) -------------------------------------------------

// The knobs in Rules.to_dict()'s order (KNOBS).
constexpr std::array<std::string_view, 11> kKnobs = {"players",   "partners", "knock",   "bidding",
                                                     "spritze",   "retour",   "claim",   "must_head",
                                                     "closing",   "one_point_from", "target"};
enum class KnobKind { kInt, kBool, kStr };
constexpr KnobKind kind_of(std::size_t k) {
  return k == 0 || k == 9 || k == 10 ? KnobKind::kInt : k == 1 || k == 6 || k == 7 ? KnobKind::kStr : KnobKind::kBool;
}

void write_rules(json::Writer& w, const sn::Rules& r) {
  w.begin_object();
  w.key("players").integer(r.players);
  w.key("partners").string(sn::partners_name(r.partners));
  w.key("knock").boolean(r.knock);
  w.key("bidding").boolean(r.bidding);
  w.key("spritze").boolean(r.spritze);
  w.key("retour").boolean(r.retour);
  w.key("claim").string(sn::claim_name(r.claim));
  w.key("must_head").string(sn::must_head_name(r.must_head));
  w.key("closing").boolean(r.closing);
  w.key("one_point_from").integer(r.one_point_from);
  w.key("target").integer(r.target);
  w.end_object();
}

std::string rules_text(const sn::Rules& r) {
  std::string out;
  json::Writer w(out);
  write_rules(w, r);
  return out;
}

// The knobs of rules as JSON values, by name.
std::vector<Value::Member> knob_values(const sn::Rules& r) {
  const Value all = json::parse(rules_text(r));
  return all.members();
}

// Rules from a base (a preset's knobs) overridden by a JSON object of knobs, checked in the order and
// words of Python's Rules._build: unknown knobs, each knob's type, then the core's own checks.
sn::Rules rules_over(const sn::Rules& base, const Value& overrides) {
  std::vector<std::string> unknown;
  for (const auto& [name, value] : overrides.members()) {
    if (std::find(kKnobs.begin(), kKnobs.end(), name) == kKnobs.end()) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    const std::vector<std::string> known(kKnobs.begin(), kKnobs.end());
    throw RulesError("S10: unknown rules knob(s): " + join(unknown) + " (known: " + join(known) + ")");
  }
  std::vector<Value::Member> knobs = knob_values(base);
  for (auto& [name, value] : knobs) {
    if (const Value* x = overrides.find(name)) value = *x;
  }
  sn::Rules r;
  for (std::size_t k = 0; k < kKnobs.size(); ++k) {
    const Value& x = knobs[k].second;
    const std::string name(kKnobs[k]);
    switch (kind_of(k)) {
      case KnobKind::kInt: {
        if (!x.is_number() || x.number_kind() == json::NumberKind::kReal) {
          throw RulesError("S10: " + name + " must be an int, not " + json::repr(x));
        }
        if (!x.integer_in(std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max())) {
          throw RulesError("S10: " + name + " is out of range: " + x.text());
        }
        const int value = static_cast<int>(x.as_int64());
        (k == 0 ? r.players : k == 9 ? r.one_point_from : r.target) = value;
        break;
      }
      case KnobKind::kBool:
        if (!x.is_bool()) throw RulesError("S10: " + name + " must be a bool, not " + json::repr(x));
        (k == 2 ? r.knock : k == 3 ? r.bidding : k == 4 ? r.spritze : k == 5 ? r.retour : r.closing) = x.as_bool();
        break;
      case KnobKind::kStr:
        if (!x.is_string()) throw RulesError("S10: " + name + " must be a str, not " + json::repr(x));
        break;
    }
  }
  // The string knobs are parsed after every type check, as the core's CoreRules constructor does.
  r.partners = sn::parse_partners(knobs[1].second.text());
  r.claim = sn::parse_claim(knobs[6].second.text());
  r.must_head = sn::parse_must_head(knobs[7].second.text());
  r.validate();
  return r;
}

// Rules.from_dict(data) / Rules(**knobs): missing knobs from bauernschnapsen, or from bauernschnapsen_2
// when players is 2.
sn::Rules rules_from(const Value& v) {
  if (!v.is_object()) {
    throw RulesError("S10: rules must be a mapping of knobs, not " + std::string(json::python_type_name(v)));
  }
  const Value* players = v.find("players");
  const bool two = players != nullptr && players->is_number() && *players == Value::integer(2);
  return rules_over(sn::preset(two ? "bauernschnapsen_2" : "bauernschnapsen"), v);
}

// Rules.preset(name, **knobs).
sn::Rules preset_from(const char* name, const Value& v) {
  const std::string_view text(name);
  static constexpr std::array<std::string_view, 4> kPresets = {"bauernschnapsen", "bauernschnapsen_called",
                                                               "bauernschnapsen_2", "schnapsen"};
  if (std::find(kPresets.begin(), kPresets.end(), text) == kPresets.end()) {
    throw RulesError("S10: unknown preset " + json::repr(Value::string(std::string(text))) +
                     " (bauernschnapsen, bauernschnapsen_called, bauernschnapsen_2, schnapsen)");
  }
  if (!v.is_object()) {
    throw RulesError("S10: rules must be a mapping of knobs, not " + std::string(json::python_type_name(v)));
  }
  return rules_over(sn::preset(text), v);
}

// ---- Events (bindings/register_schnapsen.cpp event_dict) ---------------------------------------

void card_or_null(json::Writer& w, Card c) {
  if (c == sn::kNoCard) {
    w.null();
  } else {
    w.string(card_text(c));
  }
}

void suit_or_null(json::Writer& w, int s) {
  if (s < 0 || s > 3) {
    w.null();
  } else {
    w.string(kSuitLetters[s]);
  }
}

void seat_or_null(json::Writer& w, int seat) {
  if (seat < 0) {
    w.null();
  } else {
    w.integer(seat);
  }
}

void seat_list(json::Writer& w, unsigned mask, int players) {
  w.begin_array();
  for (int p = 0; p < players; ++p) {
    if (mask >> p & 1) w.integer(p);
  }
  w.end_array();
}

void int_list(json::Writer& w, const std::array<std::int16_t, sn::kMaxPlayers>& a, int players) {
  w.begin_array();
  for (int p = 0; p < players; ++p) w.integer(a[p]);
  w.end_array();
}

void write_event(json::Writer& w, const sn::Event& e, int players) {
  using sn::EventType;
  w.begin_object();
  w.key("type").string(sn::event_type_name(e.type));
  w.key("seq").unsigned_integer(e.seq);
  w.key("hand").unsigned_integer(e.hand);
  switch (e.type) {
    case EventType::kDealStarted:
      w.key("dealer").integer(e.seat);
      w.key("forehand").integer(e.other);
      break;
    case EventType::kCutChosen:
      w.key("seat").integer(e.seat);
      w.key("choice").string(sn::action_text(e.code));
      break;
    case EventType::kCardsDealt:
    case EventType::kCardsRevealed:
      w.key("seat").integer(e.seat);
      w.key("cards").begin_array();
      for (int i = 0; i < e.count && i < sn::kHandSize; ++i) card_or_null(w, e.cards[i]);
      w.end_array();
      break;
    case EventType::kTrumpCardTurned:
      w.key("card");
      card_or_null(w, e.card);
      break;
    case EventType::kTrumpChosen:
      w.key("seat").integer(e.seat);
      w.key("suit");
      suit_or_null(w, e.suit);
      w.key("turned");
      card_or_null(w, e.card);
      break;
    case EventType::kBid:
    case EventType::kDoubled:
      w.key("seat").integer(e.seat);
      w.key(e.type == EventType::kBid ? "bid" : "word").string(sn::action_text(e.code));
      break;
    case EventType::kContractSettled:
      w.key("contract").string(sn::contract_name(e.code));
      w.key("declarer").integer(e.seat);
      w.key("trump");
      suit_or_null(w, e.suit);
      break;
    case EventType::kCardCalled:
    case EventType::kCardPlayed:
      w.key("seat").integer(e.seat);
      w.key("card");
      card_or_null(w, e.card);
      if (e.type == EventType::kCardPlayed) w.key("trick").integer(e.trick);
      break;
    case EventType::kExchanged:
      w.key("seat").integer(e.seat);
      w.key("taken");
      card_or_null(w, e.card);
      w.key("unter");
      card_or_null(w, e.card2);
      break;
    case EventType::kClosed:
    case EventType::kPartnerRevealed: w.key("seat").integer(e.seat); break;
    case EventType::kMelded:
      w.key("seat").integer(e.seat);
      w.key("suit");
      suit_or_null(w, e.suit);
      w.key("points").integer(e.points);
      break;
    case EventType::kMarriageCredited:
      w.key("seat").integer(e.seat);
      w.key("points").integer(e.points);
      w.key("side");
      seat_list(w, e.seats, players);
      break;
    case EventType::kClaimed:
      w.key("seat").integer(e.seat);
      w.key("correct").boolean(e.other == 1);
      w.key("points").integer(e.points);
      w.key("side");
      seat_list(w, e.seats, players);
      break;
    case EventType::kTrickWon:
      w.key("seat").integer(e.seat);
      w.key("trick").integer(e.trick);
      w.key("points").integer(e.points);
      break;
    case EventType::kCardDrawn:
      w.key("seat").integer(e.seat);
      w.key("card");
      card_or_null(w, e.card);
      w.key("face_up").boolean(e.code == 1);
      break;
    case EventType::kDealScored:
      w.key("end").string(sn::deal_end_name(static_cast<sn::DealEnd>(e.code)));
      w.key("claimant");
      seat_or_null(w, e.other);
      w.key("side");
      seat_list(w, e.seats, players);
      w.key("points").integer(e.points);
      w.key("gained");
      int_list(w, e.gained, players);
      w.key("scores");
      int_list(w, e.totals, players);
      break;
    case EventType::kGameOver:
      w.key("winners");
      seat_list(w, e.seats, players);
      w.key("bummerl");
      seat_list(w, e.seats2, players);
      w.key("scores");
      int_list(w, e.totals, players);
      break;
  }
  w.end_object();
}

void check_seat(const sn::Game& g, int seat, const char* function) {
  if (seat < 0 || seat >= g.players()) {
    throw SeatError(std::string(function) + ": S2.1: seat must be 0 to " + std::to_string(g.players() - 1) +
                    ", not " + std::to_string(seat));
  }
}

// The events from index `start` as seen by `seat` (-1: all, S12), as a JSON array or JSON Lines.
std::string events_text(const sn::Game& g, int seat, std::size_t start, bool lines) {
  std::string out;
  const sn::Game::Events& events = g.events();
  const int players = g.players();
  if (lines) {
    for (std::size_t i = start; i < events.size(); ++i) {
      sn::Event e = events[i];
      if (seat >= 0) sn::redact_for(e, seat);
      json::Writer w(out);
      write_event(w, e, players);
      out += '\n';
    }
    return out;
  }
  json::Writer w(out);
  w.begin_array();
  for (std::size_t i = start; i < events.size(); ++i) {
    sn::Event e = events[i];
    if (seat >= 0) sn::redact_for(e, seat);
    write_event(w, e, players);
  }
  w.end_array();
  return out;
}

// ---- Records (python/bieten/schnapsen/_game.py to_record / from_record) ------------------------

// The cards of a deal as dealt, in deal()'s shape (dealt_dict).
void write_dealt(json::Writer& w, const sn::DealtCards& d, int players) {
  w.begin_object();
  w.key("hands").begin_array();
  for (int p = 0; p < players; ++p) {
    w.begin_array();
    for (Card c : d.hands[p]) w.string(card_text(c));
    w.end_array();
  }
  w.end_array();
  w.key("trump_card");
  card_or_null(w, d.trump_card);
  w.key("stock").begin_array();
  if (players == 2) {
    for (Card c : d.stock) w.string(card_text(c));
  }
  w.end_array();
  w.end_object();
}

std::string record_json(const sn::Game& g) {
  const int players = g.players();
  std::string out;
  json::Writer w(out);
  w.begin_object();
  w.key("format").string(kFormat);
  w.key("version").integer(kVersion);
  w.key("rules");
  write_rules(w, g.rules());
  w.key("seed").unsigned_integer(g.seed());
  w.key("dealer").integer(g.first_dealer());
  w.key("deal");
  if (g.given_deal()) {
    write_dealt(w, *g.given_deal(), players);
  } else {
    w.null();
  }
  w.key("actions").begin_array();
  for (const sn::ActionId a : g.history()) w.string(sn::action_text(a));
  w.end_array();
  w.key("hand_number").unsigned_integer(g.hand_number());
  w.key("scores");
  w.begin_array();
  for (int p = 0; p < players; ++p) w.integer(g.scores()[p]);
  w.end_array();
  w.key("hands").begin_array();
  for (int p = 0; p < players; ++p) {
    w.begin_array();
    for (CardSet s = g.hand(p); s; s &= s - 1) w.string(card_text(lowest(s)));
    w.end_array();
  }
  w.end_array();
  w.end_object();
  return out;
}

// A card of the Schnapsen pack by text or id (_game.py card_id); anything else is refused (S1.1).
Card pack_card(const Value& v, const std::string& where) {
  Card c = sn::kNoCard;
  bool ok = false;
  if (v.is_string()) {
    ok = try_parse_card(v.text(), c);
  } else if (v.is_number() && v.number_kind() != json::NumberKind::kReal && v.integer_in(0, kDeckSize - 1)) {
    c = static_cast<Card>(v.magnitude());
    ok = true;
  }
  if (!ok) throw CardError("S1.1: " + where + ": " + json::repr(v) + " is not a card of the Schnapsen pack");
  if (!sn::in_pack(c)) throw CardError("S1.1: " + card_text(c) + " is not in the Schnapsen pack (" + where + ")");
  return c;
}

// A given first deal in deal()'s shape (_game.py _given_deal, then the core's new_game checks).
sn::DealtCards deal_from(const Value& deal, int players) {
  bool shape = deal.is_object() && deal.find("hands") != nullptr;
  for (const auto& [name, value] : deal.members()) {
    if (name != "hands" && name != "trump_card" && name != "stock") shape = false;
  }
  if (!shape) {
    throw HandError("S3.7: deal must be a dict with hands, trump_card and stock, as schnapsen.deal() gives");
  }
  const Value& hands = *deal.find("hands");
  if (!hands.is_array()) {
    throw HandError("S3.7: deal['hands'] must be a list of hands, one per seat, not " + json::repr(hands));
  }
  std::vector<std::vector<Card>> ids;
  for (std::size_t seat = 0; seat < hands.items().size(); ++seat) {
    const Value& hand = hands.items()[seat];
    if (!hand.is_array()) {
      throw HandError("S3.7: the hand of seat " + std::to_string(seat) + " must be a list of cards, not " +
                      json::repr(hand));
    }
    std::vector<Card>& cards = ids.emplace_back();
    for (const Value& card : hand.items()) cards.push_back(pack_card(card, "seat " + std::to_string(seat)));
  }
  const Value* trump = deal.find("trump_card");
  std::optional<Card> trump_card;
  if (trump != nullptr && !trump->is_null()) trump_card = pack_card(*trump, "trump_card");
  std::vector<Card> stock;
  if (const Value* s = deal.find("stock")) {
    if (!s->is_array()) throw HandError("S3.7: deal['stock'] must be a list of cards, not " + json::repr(*s));
    for (const Value& card : s->items()) stock.push_back(pack_card(card, "stock"));
  }
  if (static_cast<int>(ids.size()) != players) {
    throw HandError("S3.7: a given deal needs one hand per seat (" + std::to_string(players) + "), not " +
                    std::to_string(ids.size()));
  }
  sn::DealtCards given;
  for (int p = 0; p < players; ++p) {
    if (ids[p].size() != sn::kHandSize) {
      throw HandError("S3.7: seat " + std::to_string(p) + " must be given 5 cards, not " +
                      std::to_string(ids[p].size()));
    }
    std::copy(ids[p].begin(), ids[p].end(), given.hands[p].begin());
  }
  if (players == 2) {
    if (!trump_card) throw HandError("S3.7: a given two-player deal needs a trump_card");
    if (stock.size() != sn::kStockSize) {
      throw HandError("S3.7: a given two-player deal needs 9 stock cards, not " + std::to_string(stock.size()));
    }
    given.trump_card = *trump_card;
    std::copy(stock.begin(), stock.end(), given.stock.begin());
  } else if (trump_card || !stock.empty()) {
    throw HandError("S3.7: a given four-player deal has no trump_card and an empty stock");
  }
  return given;
}

int dealer_from(const Value& v, int players) {
  if (!v.integer_in(0, players - 1)) {
    throw SeatError("S2.1: dealer must be a seat from 0 to " + std::to_string(players - 1) + ", not " + json::repr(v));
  }
  return static_cast<int>(v.magnitude());
}

sn::Game game_from(const Value& rec) {
  const sn::Rules rules = rules_from(*rec.find("rules"));
  const std::uint64_t seed = seed_from(*rec.find("seed"));
  const int dealer = dealer_from(*rec.find("dealer"), rules.players);
  std::optional<sn::DealtCards> given;
  const Value* deal = rec.find("deal");
  if (deal != nullptr && !deal->is_null()) given = deal_from(*deal, rules.players);
  return sn::Game(rules, seed, dealer, given, true);
}

sn::Game game_from_record(std::string_view text) {
  const Value rec = record_envelope(
      text, kFormat, kVersion,
      {"format", "version", "rules", "seed", "dealer", "deal", "actions", "hand_number", "scores", "hands"}, "S11");
  std::optional<sn::Game> game;
  try {
    game.emplace(game_from(rec));
  } catch (const Error& e) {
    throw RecordError(std::string("from_json: ") + e.what());
  }
  const Value& actions = *rec.find("actions");
  for (std::size_t i = 0; i < actions.items().size(); ++i) {
    const Value& action = actions.items()[i];
    try {
      game->apply(sn::parse_action(action.text()));
    } catch (const Error& e) {
      throw RecordError("from_json: action " + std::to_string(i) + " " + json::repr(action) +
                        " is refused: " + e.what());
    }
  }
  std::vector<Value> scores, hands;
  for (int p = 0; p < game->players(); ++p) {
    scores.push_back(Value::integer(game->scores()[p]));
    hands.push_back(cards_value(game->hand(p)));
  }
  check_says(rec, "hand_number", Value::unsigned_integer(game->hand_number()));
  check_says(rec, "scores", Value::array(std::move(scores)));
  check_says(rec, "hands", Value::array(std::move(hands)));
  return std::move(*game);
}

// ---- Actions ----------------------------------------------------------------------------------

// S11 text to an id; a card outside the pack (S1.1) is "no action" here, as BIETEN_E_ACTION.
sn::ActionId parse(const char* text) {
  try {
    return sn::parse_action(text);
  } catch (const CardError& e) {
    throw ActionError(e.what());
  }
}

const std::array<std::string, sn::kNumActions>& action_texts() {
  static const std::array<std::string, sn::kNumActions> texts = [] {
    std::array<std::string, sn::kNumActions> out;
    for (int a = 0; a < sn::kNumActions; ++a) out[a] = std::string(sn::action_text(static_cast<sn::ActionId>(a)));
    return out;
  }();
  return texts;
}

}  // namespace

}  // namespace bieten::c_abi

using namespace bieten::c_abi;  // NOLINT(google-build-using-namespace): this file's own helpers

extern "C" {

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_new(const char* preset, const char* knobs_json, uint64_t seed,
                                                       int dealer, char* err, size_t err_len) {
  return guarded_ptr<bieten_schnapsen_game>(err, err_len, [&] {
    const bieten::json::Value knobs = knobs_json == nullptr
                                          ? bieten::json::Value::object()
                                          : parse_argument(knobs_json, "bieten_schnapsen_new", "knobs_json");
    const sn::Rules rules = preset != nullptr ? preset_from(preset, knobs) : rules_from(knobs);
    if (dealer < 0 || dealer >= rules.players) {
      throw bieten::SeatError("S2.1: dealer must be a seat from 0 to " + std::to_string(rules.players - 1) +
                              ", not " + std::to_string(dealer));
    }
    return new bieten_schnapsen_game(sn::Game(rules, seed, dealer, {}, true));
  });
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_clone(const bieten_schnapsen_game* game) {
  return guarded_ptr<bieten_schnapsen_game>(
      nullptr, 0, [&] { return new bieten_schnapsen_game(need(game, "bieten_schnapsen_clone").game); });
}

BIETEN_API void bieten_schnapsen_free(bieten_schnapsen_game* game) { delete game; }

BIETEN_API char* bieten_schnapsen_rules_json(const bieten_schnapsen_game* game) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    return c_string(rules_text(need(game, "bieten_schnapsen_rules_json").game.rules()));
  });
}

BIETEN_API char* bieten_schnapsen_preset_json(const char* name, char* err, size_t err_len) {
  return guarded_ptr<char>(err, err_len, [&] {
    need(name, "bieten_schnapsen_preset_json", "name");
    return c_string(rules_text(preset_from(name, bieten::json::Value::object())));
  });
}

BIETEN_API int bieten_schnapsen_players(const bieten_schnapsen_game* game) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_schnapsen_players").game.players(); });
}

BIETEN_API int bieten_schnapsen_seed(const bieten_schnapsen_game* game, uint64_t* out) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_seed").game;
    need(out, "bieten_schnapsen_seed", "out") = g.seed();
    return BIETEN_OK;
  });
}

BIETEN_API int64_t bieten_schnapsen_hand_number(const bieten_schnapsen_game* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return static_cast<int64_t>(std::min<std::uint64_t>(game->game.hand_number(), INT64_MAX));
}

BIETEN_API int bieten_schnapsen_dealer(const bieten_schnapsen_game* game) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_schnapsen_dealer").game.dealer(); });
}

BIETEN_API int bieten_schnapsen_current_player(const bieten_schnapsen_game* game) {
  return guarded(nullptr, 0, [&] {
    const int p = need(game, "bieten_schnapsen_current_player").game.current_player();
    return p < 0 ? BIETEN_NO_SEAT : p;
  });
}

BIETEN_API int bieten_schnapsen_is_over(const bieten_schnapsen_game* game) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_schnapsen_is_over").game.is_over() ? 1 : 0; });
}

BIETEN_API int bieten_schnapsen_scores(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_scores").game;
    const int n = g.players();
    need(out, "bieten_schnapsen_scores", "out");
    if (cap < static_cast<std::size_t>(n)) throw BufferError("bieten_schnapsen_scores: buffer too small");
    for (int p = 0; p < n; ++p) out[p] = g.scores()[p];
    return n;
  });
}

BIETEN_API int bieten_schnapsen_winners(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_winners").game;
    return write_seats(g.winners(), g.players(), out, cap, "bieten_schnapsen_winners");
  });
}

BIETEN_API int bieten_schnapsen_bummerl(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_bummerl").game;
    return write_seats(g.bummerl(), g.players(), out, cap, "bieten_schnapsen_bummerl");
  });
}

BIETEN_API int bieten_schnapsen_hand(const bieten_schnapsen_game* game, int seat, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_hand").game;
    check_seat(g, seat, "bieten_schnapsen_hand");
    return write_set(g.hand(seat), out, cap, "bieten_schnapsen_hand");
  });
}

BIETEN_API int bieten_schnapsen_legal_actions(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::ActionMask mask = need(game, "bieten_schnapsen_legal_actions").game.legal_mask();
    const int n = std::popcount(mask);
    if (out == nullptr) {
      if (cap == 0) return n;
      throw NullError("bieten_schnapsen_legal_actions: out is NULL");
    }
    if (cap < static_cast<std::size_t>(n)) throw BufferError("bieten_schnapsen_legal_actions: buffer too small");
    int i = 0;
    for (sn::ActionMask m = mask; m; m &= m - 1) out[i++] = std::countr_zero(m);
    return n;
  });
}

BIETEN_API int bieten_schnapsen_is_legal(const bieten_schnapsen_game* game, int action) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_schnapsen_is_legal").game.is_legal(action) ? 1 : 0; });
}

BIETEN_API int bieten_schnapsen_apply_id(bieten_schnapsen_game* game, int action, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    sn::Game& g = need(game, "bieten_schnapsen_apply_id").game;
    // An id out of range is refused like any illegal action (as Python's apply_id refuses it).
    if (action < 0 || action >= sn::kNumActions) throw bieten::IllegalActionError(g.why_illegal(action));
    g.apply(static_cast<sn::ActionId>(action));
    return BIETEN_OK;
  });
}

BIETEN_API int bieten_schnapsen_apply_text(bieten_schnapsen_game* game, const char* text, char* err,
                                           size_t err_len) {
  return guarded(err, err_len, [&] {
    sn::Game& g = need(game, "bieten_schnapsen_apply_text").game;
    need(text, "bieten_schnapsen_apply_text", "text");
    g.apply(parse(text));
    return BIETEN_OK;
  });
}

BIETEN_API const char* bieten_schnapsen_action_text(int action) {
  if (action < 0 || action >= sn::kNumActions) return nullptr;
  try {
    return action_texts()[static_cast<std::size_t>(action)].c_str();
  } catch (...) {
    return nullptr;
  }
}

BIETEN_API int bieten_schnapsen_parse_action(const char* text) {
  return guarded(nullptr, 0, [&] {
    need(text, "bieten_schnapsen_parse_action", "text");
    return static_cast<int>(parse(text));
  });
}

BIETEN_API int64_t bieten_schnapsen_event_count(const bieten_schnapsen_game* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return static_cast<int64_t>(game->game.events().size());
}

BIETEN_API char* bieten_schnapsen_events_json(const bieten_schnapsen_game* game, int seat) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_events_json").game;
    if (seat != -1) check_seat(g, seat, "bieten_schnapsen_events_json");
    return c_string(events_text(g, seat, 0, false));
  });
}

BIETEN_API char* bieten_schnapsen_events_jsonl(const bieten_schnapsen_game* game, int seat, size_t start) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_events_jsonl").game;
    if (seat != -1) check_seat(g, seat, "bieten_schnapsen_events_jsonl");
    return c_string(events_text(g, seat, start, true));
  });
}

BIETEN_API int bieten_schnapsen_observation(const bieten_schnapsen_game* game, int seat, float* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_observation").game;
    check_seat(g, seat, "bieten_schnapsen_observation");
    need(out, "bieten_schnapsen_observation", "out");
    if (cap < static_cast<std::size_t>(sn::kObservationSize)) {
      throw BufferError("bieten_schnapsen_observation: buffer too small");
    }
    std::array<float, sn::kObservationSize> obs{};
    sn::write_observation(g, seat, obs.data());
    std::copy(obs.begin(), obs.end(), out);
    return sn::kObservationSize;
  });
}

BIETEN_API int bieten_schnapsen_agent_action(const bieten_schnapsen_game* game, const char* agent, uint64_t* state,
                                             char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    const sn::Game& g = need(game, "bieten_schnapsen_agent_action").game;
    need(agent, "bieten_schnapsen_agent_action", "agent");
    std::uint64_t& s = need(state, "bieten_schnapsen_agent_action", "state");
    const sn::AgentSpec spec = sn::builtin_agent_spec(agent);
    if (g.is_over()) throw bieten::IllegalActionError("S8.6: the game is over; there is no action to choose");
    bieten::SplitMix64 rng(s);
    const sn::ActionId a = sn::builtin_action(spec, g, rng);
    s = rng.state();
    return static_cast<int>(a);
  });
}

BIETEN_API int bieten_schnapsen_agent_state(uint64_t game_seed, int seat, uint64_t* out) {
  return guarded(nullptr, 0, [&] {
    std::uint64_t& o = need(out, "bieten_schnapsen_agent_state", "out");
    if (seat < 0 || seat >= sn::kMaxPlayers) {
      throw bieten::SeatError("S2.1: seat must be 0 to 3, not " + std::to_string(seat));
    }
    o = bieten::agent_generator(game_seed, seat).state();
    return BIETEN_OK;
  });
}

BIETEN_API char* bieten_schnapsen_to_json(const bieten_schnapsen_game* game) {
  return guarded_ptr<char>(nullptr, 0, [&] { return c_string(record_json(need(game, "bieten_schnapsen_to_json").game)); });
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_from_json(const char* json, char* err, size_t err_len) {
  return guarded_ptr<bieten_schnapsen_game>(err, err_len, [&] {
    need(json, "bieten_schnapsen_from_json", "json");
    return new bieten_schnapsen_game(game_from_record(json));
  });
}

BIETEN_API int bieten_schnapsen_simulate(const char* preset, const char* knobs_json, const bieten_agent* agents,
                                         size_t n_agents, uint64_t seed, uint64_t games, int threads, int* winners,
                                         int* scores, int* hands, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    const bieten::json::Value knobs = knobs_json == nullptr
                                          ? bieten::json::Value::object()
                                          : parse_argument(knobs_json, "bieten_schnapsen_simulate", "knobs_json");
    sn::SimulationConfig config;
    config.rules = preset != nullptr ? preset_from(preset, knobs) : rules_from(knobs);
    const sn::SimulationResult r = bieten::native::run_c<sn::Game, sn::SimulationConfig, sn::SimulationResult>(
        config, agents, n_agents, seed, games, threads, "bieten_schnapsen_simulate", sn::AgentKind::kExternal,
        [](const std::string& name) { return sn::parse_agent(name); },
        [&](const sn::SimulationConfig& c, std::uint64_t first, std::uint64_t last) {
          return sn::simulate(c, first, last);
        });
    bieten::native::write_ints(r.winners, winners);
    bieten::native::write_ints(r.scores, scores);
    bieten::native::write_ints(r.hands, hands);
    return BIETEN_OK;
  });
}

}  // extern "C"
