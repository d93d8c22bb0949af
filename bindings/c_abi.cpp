// The C ABI (csrc/include/bieten/bieten.h): an extern "C" layer over bieten::Game.
//
// Every exported function catches every exception and turns it into a status code and a message:
// no C++ exception crosses the boundary. The JSON this file writes (events, records, rules) is the
// JSON Python writes for the same things, byte for byte (bindings/register_game.cpp's event_dict,
// python/bieten/_game.py's to_record, python/bieten/_rules.py's to_dict), and the records it
// reads are checked as Python's Game.from_record checks them; tests/test_c_abi.py holds the two
// sides to that.
#include "bieten/bieten.h"
#include "c_abi_common.hpp"
#include "native_agent.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/bieten/actions.hpp"
#include "games/bieten/cards.hpp"
#include "core/errors.hpp"
#include "games/bieten/events.hpp"
#include "games/bieten/game.hpp"
#include "core/json.hpp"
#include "games/bieten/record.hpp"
#include "games/bieten/rules.hpp"
#include "games/bieten/simulate.hpp"

#ifndef BIETEN_VERSION_STRING
#define BIETEN_VERSION_STRING "unknown"
#endif

static_assert(BIETEN_NUM_ACTIONS == bieten::kNumActions, "bieten.h and the core disagree on the action space");
static_assert(BIETEN_NUM_CARDS == bieten::kDeckSize, "bieten.h and the core disagree on the deck");
static_assert(BIETEN_MAX_PLAYERS == bieten::kMaxPlayers, "bieten.h and the core disagree on the players");

struct bieten_game {
  explicit bieten_game(bieten::Game g) : game(std::move(g)) {}
  bieten::Game game;
};

namespace bieten::c_abi {

namespace {

using json::Value;

constexpr std::array<std::string_view, 10> kKnobs = {"players",   "hand_size", "target",   "wild",
                                                     "weli_point", "ties",      "overbid",  "cut_steal",
                                                     "show_top_card", "reraise"};

void check_seat(const Game& g, int seat, const char* function) {
  if (seat < 0 || seat >= g.rules().players) {
    throw SeatError(std::string(function) + ": R2.1: seat must be 0 to " + std::to_string(g.rules().players - 1) +
                    ", not " + std::to_string(seat));
  }
}

// ---- Rules (python/bieten/_rules.py) ----------------------------------------------------------

// Rules from a JSON object of knobs, checked as Python's Rules.from_dict checks them (R10).
Rules rules_from(const Value& v) {
  if (!v.is_object()) {
    throw RulesError("R10: rules must be a mapping of knobs, not " + std::string(json::python_type_name(v)));
  }
  std::vector<std::string> unknown;
  for (const auto& [name, value] : v.members()) {
    if (std::find(kKnobs.begin(), kKnobs.end(), name) == kKnobs.end()) unknown.push_back(name);
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    std::vector<std::string> known(kKnobs.begin(), kKnobs.end());
    throw RulesError("R10: unknown rules knob(s): " + join(unknown) + " (known: " + join(known) + ")");
  }
  Rules r;  // the tyrol preset
  for (std::size_t k = 0; k < kKnobs.size(); ++k) {
    const Value* x = v.find(kKnobs[k]);
    if (x == nullptr) continue;
    const std::string name(kKnobs[k]);
    if (k < 3) {  // players, hand_size, target
      if (!x->is_number() || x->number_kind() == json::NumberKind::kReal) {
        throw RulesError("R10: " + name + " must be an int, not " + json::repr(*x));
      }
      if (!x->integer_in(std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max())) {
        throw RulesError("R10: " + name + " is out of range: " + x->text());
      }
      const int value = static_cast<int>(x->as_int64());
      (k == 0 ? r.players : k == 1 ? r.hand_size : r.target) = value;
    } else if (k == 4 || k >= 7) {  // weli_point, cut_steal, show_top_card, reraise
      if (!x->is_bool()) throw RulesError("R10: " + name + " must be a bool, not " + json::repr(*x));
      (k == 4 ? r.weli_point : k == 7 ? r.cut_steal : k == 8 ? r.show_top_card : r.reraise) = x->as_bool();
    } else if (!x->is_string()) {  // wild, ties, overbid
      throw RulesError("R10: " + name + " must be a str, not " + json::repr(*x));
    }
  }
  // The string knobs are parsed after every type check, as the core's constructor does.
  if (const Value* x = v.find("wild")) r.wild = parse_wild(x->text());
  if (const Value* x = v.find("ties")) r.ties = parse_ties(x->text());
  if (const Value* x = v.find("overbid")) r.overbid = parse_overbid(x->text());
  r.validate();
  return r;
}

// ---- Events (bindings/register_game.cpp event_dict) -------------------------------------------

std::string figure_text(int figure) {
  return figure == kWeliPointFigure ? "weli" : std::string(figure_name(static_cast<Figure>(figure)));
}

void write_seat_or_null(json::Writer& w, int seat) {
  if (seat < 0) {
    w.null();
  } else {
    w.integer(seat);
  }
}

// The event as JSON, the same object as event_dict(e, players, viewer): `viewer` >= 0 hides
// other seats' hands.
void write_event(json::Writer& w, const Event& e, int players, int viewer) {
  w.begin_object();
  w.key("type").string(event_type_name(e.type));
  w.key("seq").unsigned_integer(e.seq);
  w.key("hand").unsigned_integer(e.hand);
  switch (e.type) {
    case EventType::kHandDealt:
      w.key("dealer").integer(e.other);
      w.key("forehand").integer(e.seat);
      w.key("hands").begin_array();
      for (int p = 0; p < players; ++p) {
        if (viewer >= 0 && p != viewer) {
          w.null();
        } else {
          write_cards(w, e.cards[p]);
        }
      }
      w.end_array();
      break;
    case EventType::kCardSeen:
    case EventType::kCardStolen:
    case EventType::kCardLeft:
      w.key("seat").integer(e.seat);
      w.key("card");
      write_card_or_null(w, e.card);
      break;
    case EventType::kTopCardShown:
      w.key("card");
      write_card_or_null(w, e.card);
      break;
    case EventType::kCardPlayed:
      w.key("seat").integer(e.seat);
      w.key("card").string(card_text(e.card));
      w.key("as");
      write_card_or_null(w, e.identity != e.card ? e.identity : kNoCard);
      w.key("trick").integer(e.trick);
      break;
    case EventType::kTrickWon:
      w.key("seat").integer(e.seat);
      w.key("trick").integer(e.trick);
      break;
    case EventType::kBidOpened:
      w.key("seat").integer(e.seat);
      w.key("figure").string(figure_text(e.figure));
      break;
    case EventType::kAnswered:
      w.key("seat").integer(e.seat);
      w.key("figure").string(figure_text(e.figure));
      w.key("answer").string(action_text(e.code));
      w.key("stage").string(answer_stage_name(static_cast<AnswerStage>(e.stage)));
      break;
    case EventType::kTurnPassed: w.key("seat").integer(e.seat); break;
    case EventType::kBidSettled:
      w.key("figure").string(figure_text(e.figure));
      w.key("outcome").string(bid_outcome_name(static_cast<BidOutcome>(e.code)));
      w.key("stake").integer(e.points);
      w.key("bidder").integer(e.other);
      w.key("by");
      write_seat_or_null(w, e.other2);
      break;
    case EventType::kFigureCredited:
      w.key("seat").integer(e.seat);
      w.key("figure").string(figure_text(e.figure));
      w.key("points").integer(e.points);
      w.key("reason").string(credit_reason_name(static_cast<CreditReason>(e.code)));
      break;
    case EventType::kCreditVoid:
      w.key("seat");
      write_seat_or_null(w, e.seat);
      w.key("figure").string(figure_text(e.figure));
      w.key("points").integer(e.points);
      w.key("credit").string(credit_reason_name(static_cast<CreditReason>(e.code)));
      w.key("reason").string(void_reason_name(static_cast<VoidReason>(e.stage)));
      break;
    case EventType::kHandScored:
      w.key("points").begin_array();
      for (int p = 0; p < players; ++p) w.integer(e.gained[p]);
      w.end_array();
      w.key("scores").begin_array();
      for (int p = 0; p < players; ++p) w.integer(e.totals[p]);
      w.end_array();
      break;
    case EventType::kGameOver:
      w.key("winner").integer(e.seat);
      w.key("bummerl").begin_array();
      for (int p = 0; p < players; ++p) {
        if (e.seats >> p & 1) w.integer(p);
      }
      w.end_array();
      w.key("scores").begin_array();
      for (int p = 0; p < players; ++p) w.integer(e.totals[p]);
      w.end_array();
      break;
  }
  w.end_object();
}

// The events from index `start` as seen by `seat` (-1: all), as a JSON array or JSON Lines.
std::string events_text(const Game& g, int seat, std::size_t start, bool lines) {
  std::string out;
  const Game::Events& events = g.events();
  const int players = g.rules().players;
  if (lines) {
    for (std::size_t i = start; i < events.size(); ++i) {
      Event e = events[i];
      if (seat >= 0 && !redact_for(e, seat)) continue;
      json::Writer w(out);
      write_event(w, e, players, seat);
      out += '\n';
    }
    return out;
  }
  json::Writer w(out);
  w.begin_array();
  for (std::size_t i = start; i < events.size(); ++i) {
    Event e = events[i];
    if (seat >= 0 && !redact_for(e, seat)) continue;
    write_event(w, e, players, seat);
  }
  w.end_array();
  return out;
}

// ---- Records (python/bieten/_game.py to_record / from_record) ---------------------------------

// A card from its text or id (bindings/register_cards.cpp to_card).
Card card_from(const Value& v) {
  if (v.is_string()) return parse_card(v.text());
  if (v.is_number() && v.number_kind() != json::NumberKind::kReal) {
    if (!v.integer_in(0, kDeckSize - 1)) throw CardError("R1.4: card id must be 0 to 32, not " + v.text());
    return static_cast<Card>(v.magnitude());
  }
  throw CardError("R1.5: expected a Card, card text or card id, not " + json::repr(v));
}

// The given first deal (python/bieten/_game.py _masks_of, _figures.py _hand_mask).
std::vector<CardSet> deal_from(const Value& deal) {
  if (!deal.is_array()) throw HandError("R3.6: deal must be a list of hands, one per seat, not " + json::repr(deal));
  std::vector<CardSet> masks;
  for (std::size_t seat = 0; seat < deal.items().size(); ++seat) {
    const Value& hand = deal.items()[seat];
    if (!hand.is_array()) {
      throw HandError("R3.6: seat " + std::to_string(seat) + "'s hand must be a list of cards, not " + json::repr(hand));
    }
    CardSet mask = 0;
    for (const Value& card : hand.items()) {
      const Card c = card_from(card);
      if (mask & bit(c)) throw HandError("R1.4: seat " + std::to_string(seat) + " lists " + card_text(c) + " twice");
      mask |= bit(c);
    }
    masks.push_back(mask);
  }
  return masks;
}

Game game_from(const Value& rec) {
  const Rules rules = rules_from(*rec.find("rules"));
  const std::uint64_t seed = seed_from(*rec.find("seed"));
  const Value& dealer_value = *rec.find("dealer");
  if (!dealer_value.integer_in(0, rules.players - 1)) {
    throw SeatError("R2.2: dealer must be a seat from 0 to " + std::to_string(rules.players - 1) + ", not " +
                    json::repr(dealer_value));
  }
  const int dealer = static_cast<int>(dealer_value.magnitude());
  const Value* deal = rec.find("deal");
  if (deal != nullptr && deal->is_null()) deal = nullptr;
  const Value* top = rec.find("top_card");
  if (top != nullptr && top->is_null()) top = nullptr;
  std::optional<GivenDeal> given;
  std::vector<CardSet> masks;
  if (deal != nullptr) masks = deal_from(*deal);
  const Card top_card = top != nullptr ? card_from(*top) : kNoCard;
  if (top != nullptr && deal == nullptr) throw HandError("R3.8: top_card is only given together with a deal");
  if (deal != nullptr) {
    if (static_cast<int>(masks.size()) != rules.players) {
      throw HandError("R2.1: a given deal needs one hand per seat (" + std::to_string(rules.players) + "), not " +
                      std::to_string(masks.size()));
    }
    given.emplace();
    for (std::size_t p = 0; p < masks.size(); ++p) given->hands[p] = masks[p];
    given->top_card = top_card;
  }
  return Game(rules, seed, dealer, given, true);
}

Game game_from_record(std::string_view text) {
  const Value rec = record_envelope(text, kRecordFormat, kRecordVersion,
                                    {"format", "version", "rules", "seed", "dealer", "deal", "top_card", "actions",
                                     "hand_number", "scores", "hands"},
                                    "R11");
  const Value& actions = *rec.find("actions");

  std::optional<Game> game;
  try {
    game.emplace(game_from(rec));
  } catch (const Error& e) {
    throw RecordError(std::string("from_json: ") + e.what());
  }
  for (std::size_t i = 0; i < actions.items().size(); ++i) {
    const Value& action = actions.items()[i];
    try {
      game->apply(parse_action(action.text()));
    } catch (const Error& e) {
      throw RecordError("from_json: action " + std::to_string(i) + " " + json::repr(action) +
                        " is refused: " + e.what());
    }
  }
  const int players = game->rules().players;
  std::vector<Value> scores, hands;
  for (int p = 0; p < players; ++p) {
    scores.push_back(Value::integer(game->scores()[p]));
    hands.push_back(cards_value(game->dealt()[p]));
  }
  check_says(rec, "hand_number", Value::unsigned_integer(game->hand_number()));
  check_says(rec, "scores", Value::array(std::move(scores)));
  check_says(rec, "hands", Value::array(std::move(hands)));
  return std::move(*game);
}

// ---- Static texts -----------------------------------------------------------------------------

const std::array<std::string, kNumActions>& action_texts() {
  static const std::array<std::string, kNumActions> texts = [] {
    std::array<std::string, kNumActions> out;
    for (int a = 0; a < kNumActions; ++a) out[a] = action_text(static_cast<ActionId>(a));
    return out;
  }();
  return texts;
}

const std::array<std::string, kDeckSize>& card_texts() {
  static const std::array<std::string, kDeckSize> texts = [] {
    std::array<std::string, kDeckSize> out;
    for (int c = 0; c < kDeckSize; ++c) out[c] = card_text(static_cast<Card>(c));
    return out;
  }();
  return texts;
}

}  // namespace

}  // namespace bieten::c_abi

using namespace bieten::c_abi;  // NOLINT(google-build-using-namespace): this file's own helpers
using bieten::Game;

extern "C" {

BIETEN_API int bieten_abi_version(void) { return BIETEN_ABI_VERSION; }

BIETEN_API const char* bieten_version(void) { return BIETEN_VERSION_STRING; }

BIETEN_API const char* bieten_status_name(int status) {
  switch (status) {
    case BIETEN_OK: return "BIETEN_OK";
    case BIETEN_NO_SEAT: return "BIETEN_NO_SEAT";
    case BIETEN_E_NULL: return "BIETEN_E_NULL";
    case BIETEN_E_ARGUMENT: return "BIETEN_E_ARGUMENT";
    case BIETEN_E_JSON: return "BIETEN_E_JSON";
    case BIETEN_E_RULES: return "BIETEN_E_RULES";
    case BIETEN_E_RECORD: return "BIETEN_E_RECORD";
    case BIETEN_E_ILLEGAL: return "BIETEN_E_ILLEGAL";
    case BIETEN_E_ACTION: return "BIETEN_E_ACTION";
    case BIETEN_E_BUFFER: return "BIETEN_E_BUFFER";
    case BIETEN_E_MEMORY: return "BIETEN_E_MEMORY";
    case BIETEN_E_INTERNAL: return "BIETEN_E_INTERNAL";
    case BIETEN_E_AGENT: return "BIETEN_E_AGENT";
    default: return "BIETEN_E_UNKNOWN";
  }
}

BIETEN_API bieten_game* bieten_game_new(const char* rules_json, uint64_t seed, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    if (rules_json == nullptr) throw NullError("bieten_game_new: rules_json is NULL");
    const Value knobs = parse_argument(rules_json, "bieten_game_new", "rules_json");
    return new bieten_game(Game(rules_from(knobs), seed, 0, {}, true));
  });
}

BIETEN_API bieten_game* bieten_game_clone(const bieten_game* game) {
  return guarded_ptr<bieten_game>(nullptr, 0, [&] { return new bieten_game(need(game, "bieten_game_clone").game); });
}

BIETEN_API void bieten_game_free(bieten_game* game) { delete game; }

BIETEN_API char* bieten_rules_json(const bieten_game* game) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    std::string out;
    bieten::json::Writer w(out);
    write_rules(w, need(game, "bieten_rules_json").game.rules());
    return c_string(out);
  });
}

BIETEN_API char* bieten_preset_json(const char* name, char* err, size_t err_len) {
  return guarded_ptr<char>(err, err_len, [&] {
    if (name == nullptr) throw NullError("bieten_preset_json: name is NULL");
    std::string out;
    bieten::json::Writer w(out);
    write_rules(w, bieten::preset(name));
    return c_string(out);
  });
}

BIETEN_API int bieten_players(const bieten_game* game) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_players").game.rules().players; });
}

BIETEN_API int bieten_seed(const bieten_game* game, uint64_t* out) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_seed").game;
    if (out == nullptr) throw NullError("bieten_seed: out is NULL");
    *out = g.seed();
    return BIETEN_OK;
  });
}

BIETEN_API int64_t bieten_hand_number(const bieten_game* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return static_cast<int64_t>(std::min<std::uint64_t>(game->game.hand_number(), INT64_MAX));
}

BIETEN_API int bieten_dealer(const bieten_game* game) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_dealer").game.dealer(); });
}

BIETEN_API int bieten_current_player(const bieten_game* game) {
  return guarded(nullptr, 0, [&] {
    const int p = need(game, "bieten_current_player").game.current_player();
    return p < 0 ? BIETEN_NO_SEAT : p;
  });
}

BIETEN_API int bieten_is_over(const bieten_game* game) {
  return guarded(nullptr, 0, [&] { return need(game, "bieten_is_over").game.is_over() ? 1 : 0; });
}

BIETEN_API int bieten_winner(const bieten_game* game) {
  return guarded(nullptr, 0, [&] {
    const int w = need(game, "bieten_winner").game.winner();
    return w < 0 ? BIETEN_NO_SEAT : w;
  });
}

BIETEN_API int bieten_scores(const bieten_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_scores").game;
    const int n = g.rules().players;
    if (out == nullptr) throw NullError("bieten_scores: out is NULL");
    if (cap < static_cast<std::size_t>(n)) throw BufferError("bieten_scores: buffer too small");
    for (int p = 0; p < n; ++p) out[p] = g.scores()[p];
    return n;
  });
}

BIETEN_API int bieten_bummerl(const bieten_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_bummerl").game;
    return write_set(g.bummerl(), out, cap, "bieten_bummerl");
  });
}

BIETEN_API int bieten_hand(const bieten_game* game, int seat, int unplayed_only, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_hand").game;
    check_seat(g, seat, "bieten_hand");
    return write_set(unplayed_only ? g.unplayed()[seat] : g.dealt()[seat], out, cap, "bieten_hand");
  });
}

BIETEN_API int bieten_legal_actions(const bieten_game* game, int* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const bieten::ActionMask& mask = need(game, "bieten_legal_actions").game.legal_mask();
    const int n = mask.size();
    if (out == nullptr) {
      if (cap == 0) return n;
      throw NullError("bieten_legal_actions: out is NULL");
    }
    if (cap < static_cast<std::size_t>(n)) throw BufferError("bieten_legal_actions: buffer too small");
    int i = 0;
    mask.for_each([&](int id) { out[i++] = id; });
    return n;
  });
}

BIETEN_API int bieten_is_legal(const bieten_game* game, int action) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_is_legal").game;
    return action >= 0 && action < bieten::kNumActions && g.is_legal(static_cast<bieten::ActionId>(action)) ? 1 : 0;
  });
}

BIETEN_API int bieten_apply_id(bieten_game* game, int action, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    if (game == nullptr) throw NullError("bieten_apply_id: game is NULL");
    Game& g = game->game;
    // An id out of range is refused like any illegal action (as Python's apply_id refuses it).
    if (action < 0 || action >= bieten::kNumActions) throw bieten::IllegalActionError(g.why_illegal(action));
    g.apply(static_cast<bieten::ActionId>(action));
    return BIETEN_OK;
  });
}

BIETEN_API int bieten_apply_text(bieten_game* game, const char* text, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    if (game == nullptr) throw NullError("bieten_apply_text: game is NULL");
    if (text == nullptr) throw NullError("bieten_apply_text: text is NULL");
    game->game.apply(bieten::parse_action(text));
    return BIETEN_OK;
  });
}

BIETEN_API const char* bieten_action_text(int action) {
  if (action < 0 || action >= bieten::kNumActions) return nullptr;
  try {
    return action_texts()[static_cast<std::size_t>(action)].c_str();
  } catch (...) {
    return nullptr;
  }
}

BIETEN_API int bieten_parse_action(const char* text) {
  return guarded(nullptr, 0, [&] {
    if (text == nullptr) throw NullError("bieten_parse_action: text is NULL");
    return static_cast<int>(bieten::parse_action(text));
  });
}

BIETEN_API const char* bieten_card_text(int card) {
  if (card < 0 || card >= bieten::kDeckSize) return nullptr;
  try {
    return card_texts()[static_cast<std::size_t>(card)].c_str();
  } catch (...) {
    return nullptr;
  }
}

BIETEN_API int64_t bieten_event_count(const bieten_game* game) {
  if (game == nullptr) return BIETEN_E_NULL;
  return static_cast<int64_t>(game->game.events().size());
}

BIETEN_API char* bieten_events_json(const bieten_game* game, int seat) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_events_json").game;
    if (seat != -1) check_seat(g, seat, "bieten_events_json");
    return c_string(events_text(g, seat, 0, false));
  });
}

BIETEN_API char* bieten_events_jsonl(const bieten_game* game, int seat, size_t start) {
  return guarded_ptr<char>(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_events_jsonl").game;
    if (seat != -1) check_seat(g, seat, "bieten_events_jsonl");
    return c_string(events_text(g, seat, start, true));
  });
}

BIETEN_API char* bieten_to_json(const bieten_game* game) {
  return guarded_ptr<char>(nullptr, 0, [&] { return c_string(record_json(need(game, "bieten_to_json").game)); });
}

BIETEN_API bieten_game* bieten_from_json(const char* json, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    if (json == nullptr) throw NullError("bieten_from_json: json is NULL");
    return new bieten_game(game_from_record(json));
  });
}

BIETEN_API void bieten_string_free(char* text) { std::free(text); }

BIETEN_API int bieten_observation(const bieten_game* game, int seat, float* out, size_t cap) {
  return guarded(nullptr, 0, [&] {
    const Game& g = need(game, "bieten_observation").game;
    check_seat(g, seat, "bieten_observation");
    need(out, "bieten_observation", "out");
    if (cap < static_cast<std::size_t>(bieten::kObservationSize)) throw BufferError("bieten_observation: buffer too small");
    bieten::write_observation(g, seat, out);
    return bieten::kObservationSize;
  });
}

BIETEN_API int bieten_simulate(const char* rules_json, const bieten_agent* agents, size_t n_agents, uint64_t seed,
                               uint64_t games, int threads, int* winner, int* scores, int* hands, char* err,
                               size_t err_len) {
  return guarded(err, err_len, [&] {
    bieten::SimulationConfig config;
    if (rules_json != nullptr) config.rules = rules_from(parse_argument(rules_json, "bieten_simulate", "rules_json"));
    config.rules.validate();
    const bieten::SimulationResult r = bieten::native::run_c<Game, bieten::SimulationConfig, bieten::SimulationResult>(
        config, agents, n_agents, seed, games, threads, "bieten_simulate", bieten::AgentKind::kExternal,
        [](const std::string& name) { return bieten::parse_agent(name); },
        [&](const bieten::SimulationConfig& c, std::uint64_t first, std::uint64_t last) {
          return bieten::simulate(c, first, last);
        });
    bieten::native::write_ints(r.winner, winner);
    bieten::native::write_ints(r.scores, scores);
    bieten::native::write_ints(r.hands, hands);
    return BIETEN_OK;
  });
}

}  // extern "C"
