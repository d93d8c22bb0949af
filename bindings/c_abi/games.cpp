// The C ABI's functions for a game of any registered game (csrc/include/bieten/bieten.h): the library,
// the registry, making and restoring games, and everything a bieten_game handle answers, each written
// once over the game's descriptor (bindings/c_abi/games.hpp). Every exported function catches every
// exception and turns it into a status code and a message: no C++ exception crosses the boundary.
// Rules, events and records are written by the core to the JSON writer, as the pybind11 module writes
// them to Python dicts, so the JSON here is json.dumps of Python's data by construction.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>

#include "bieten/bieten.h"
#include "common.hpp"
#include "games.hpp"

#ifndef BIETEN_VERSION_STRING
#define BIETEN_VERSION_STRING "unknown"
#endif

namespace bieten::c_abi {

namespace {

// The registry as JSON: what each game's descriptor says of it (Python's bieten._core.GAMES).
std::string games_text() {
  std::string out;
  json::Writer w(out);
  w.begin_array();
  games::Registered::for_each([&]<typename D>() {
    using G = typename D::Game;
    w.begin_object();
    w.key("name"), w.string(D::kName);
    w.key("title"), w.string(D::kTitle);
    w.key("rule_prefix"), w.string(D::kRulePrefix);
    w.key("presets"), w.begin_array();
    for (std::string_view p : D::kPresets) w.string(p);
    w.end_array();
    w.key("knobs"), w.begin_array();
    for (const auto& k : D::kKnobs) {
      w.begin_object();
      w.key("name"), w.string(k.name);
      w.key("type"), w.string(knobs::type_name(k.type));
      w.key("rule"), w.string(k.rule);
      w.end_object();
    }
    w.end_array();
    w.key("num_actions"), w.integer(G::kNumActions);
    w.key("observation_size"), w.integer(kObservationSizeOf<G>);
    w.key("max_players"), w.integer(G::kMaxPlayers);
    w.key("record_format"), w.string(D::Record::kFormat);
    w.end_object();
  });
  w.end_array();
  return out;
}

// The registered game whose record format (JSON "format", or the binary record's game byte) is the
// record's, made by f.template operator()<D>(); nullopt when no game's is.
template <typename Match, typename F>
bieten_game* game_of_record(Match&& match, F&& f) {
  bieten_game* out = nullptr;
  games::Registered::for_each([&]<typename D>() {
    if (out == nullptr && match.template operator()<D>()) out = f.template operator()<D>();
  });
  return out;
}

// The registered games' record formats for messages, quoted, the last after "or".
std::string record_formats() {
  std::string out;
  std::size_t i = 0;
  games::Registered::for_each([&]<typename D>() {
    if (i++ > 0) out += i == games::Registered::size ? " or " : ", ";
    out += "'" + std::string(D::Record::kFormat) + "'";
  });
  return out;
}

// Where a binary record keeps its game's tag: after the magic (4 bytes) and the version (1 byte).
constexpr std::size_t kBytesGameOffset = 5;

}  // namespace

}  // namespace bieten::c_abi

using namespace bieten::c_abi;  // NOLINT(google-build-using-namespace): this layer's own helpers

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

BIETEN_API char* bieten_games_json(void) {
  return guarded_ptr<char>(nullptr, 0, [] { return c_string(games_text()); });
}

BIETEN_API bieten_game* bieten_game_create(const char* name, const char* rules_json, uint64_t seed, char* err,
                                           size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    const bieten::json::Value knobs = rules_json == nullptr
                                          ? bieten::json::Value::object()
                                          : parse_argument(rules_json, "bieten_game_create", "rules_json");
    return new_game_named(name, "bieten_game_create", [&]<typename D>() {
      return new bieten_game(typename D::Game(rules_from_knobs<D>(knobs), seed, 0, {}, true));
    });
  });
}

BIETEN_API const char* bieten_game_name(const bieten_game* game) {
  if (game == nullptr) return nullptr;
  return with_game(*game, [&]<typename D>(const auto&) { return D::kName.data(); });
}

BIETEN_API int bieten_game_num_actions(const bieten_game* game) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, "bieten_game_num_actions"), [&]<typename D>(const auto&) { return D::Game::kNumActions; });
  });
}

BIETEN_API int bieten_game_observation_size(const bieten_game* game) {
  return guarded(nullptr, 0, [&] {
    return with_game(need(game, "bieten_game_observation_size"),
                     [&]<typename D>(const auto&) { return bieten::kObservationSizeOf<typename D::Game>; });
  });
}

BIETEN_API const char* bieten_game_action_text(const bieten_game* game, int action) {
  if (game == nullptr) return nullptr;
  return with_game(*game, [&]<typename D>(const auto&) -> const char* {
    using G = typename D::Game;
    return table_text<G::kNumActions>(action, [](int a) { return G::action_text(static_cast<typename G::ActionId>(a)); });
  });
}

BIETEN_API int bieten_game_parse_action(const bieten_game* game, const char* text) {
  return guarded(nullptr, 0, [&] {
    const bieten_game& h = need(game, "bieten_game_parse_action");
    need(text, "bieten_game_parse_action", "text");
    return with_game(h, [&]<typename D>(const auto&) { return static_cast<int>(D::parse_action(text)); });
  });
}

BIETEN_API bieten_game* bieten_game_clone(const bieten_game* game) {
  return guarded_ptr<bieten_game>(nullptr, 0, [&] { return new bieten_game(need(game, "bieten_game_clone")); });
}

BIETEN_API void bieten_game_free(bieten_game* game) { delete game; }

BIETEN_API char* bieten_rules_json(const bieten_game* game) { return rules_json(game, "bieten_rules_json"); }

BIETEN_API int bieten_players(const bieten_game* game) { return players(game, "bieten_players"); }

BIETEN_API int bieten_seed(const bieten_game* game, uint64_t* out) { return seed(game, out, "bieten_seed"); }

BIETEN_API int64_t bieten_hand_number(const bieten_game* game) { return hand_number(game); }

BIETEN_API int bieten_dealer(const bieten_game* game) { return dealer(game, "bieten_dealer"); }

BIETEN_API int bieten_current_player(const bieten_game* game) { return current_player(game, "bieten_current_player"); }

BIETEN_API int bieten_is_over(const bieten_game* game) { return is_over(game, "bieten_is_over"); }

BIETEN_API int bieten_scores(const bieten_game* game, int* out, size_t cap) {
  return scores(game, out, cap, "bieten_scores");
}

BIETEN_API int bieten_winners(const bieten_game* game, int* out, size_t cap) {
  return winners(game, out, cap, "bieten_winners");
}

BIETEN_API int bieten_bummerl(const bieten_game* game, int* out, size_t cap) {
  return bummerl(game, out, cap, "bieten_bummerl");
}

BIETEN_API int bieten_hand(const bieten_game* game, int seat, int unplayed_only, int* out, size_t cap) {
  return hand(game, seat, unplayed_only != 0, out, cap, "bieten_hand");
}

BIETEN_API int bieten_legal_actions(const bieten_game* game, int* out, size_t cap) {
  return legal_actions(game, out, cap, "bieten_legal_actions");
}

BIETEN_API int bieten_is_legal(const bieten_game* game, int action) { return is_legal(game, action, "bieten_is_legal"); }

BIETEN_API int bieten_apply_id(bieten_game* game, int action, char* err, size_t err_len) {
  return apply_id(game, action, err, err_len, "bieten_apply_id");
}

BIETEN_API int bieten_apply_text(bieten_game* game, const char* text, char* err, size_t err_len) {
  return apply_text(game, text, err, err_len, "bieten_apply_text");
}

BIETEN_API int64_t bieten_event_count(const bieten_game* game) { return event_count(game); }

BIETEN_API char* bieten_events_json(const bieten_game* game, int seat) {
  return events(game, seat, 0, false, "bieten_events_json");
}

BIETEN_API char* bieten_events_jsonl(const bieten_game* game, int seat, size_t start) {
  return events(game, seat, start, true, "bieten_events_jsonl");
}

BIETEN_API int bieten_observation(const bieten_game* game, int seat, float* out, size_t cap) {
  return observation(game, seat, out, cap, "bieten_observation");
}

BIETEN_API int bieten_agent_action(const bieten_game* game, const char* agent, uint64_t* state, char* err,
                                   size_t err_len) {
  return agent_action(game, agent, state, err, err_len, "bieten_agent_action");
}

BIETEN_API int bieten_agent_state(uint64_t game_seed, int seat, uint64_t* out) {
  return guarded(nullptr, 0, [&] {
    std::uint64_t& o = need(out, "bieten_agent_state", "out");
    if (seat < 0 || seat >= 64) throw bieten::SeatError("bieten_agent_state: seat must be 0 to 63, not " + std::to_string(seat));
    o = bieten::agent_generator(game_seed, seat).state();
    return BIETEN_OK;
  });
}

BIETEN_API char* bieten_to_json(const bieten_game* game) { return to_json(game, "bieten_to_json"); }

BIETEN_API int64_t bieten_to_bytes(const bieten_game* game, uint8_t* out, size_t cap) {
  return to_bytes(game, out, cap, "bieten_to_bytes");
}

BIETEN_API bieten_game* bieten_game_from_json(const char* json, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    need(json, "bieten_game_from_json", "json");
    // The record's "format" names its game (a record's first check, core/record.hpp).
    std::string format;
    bool parsed = true;
    try {
      const bieten::json::Value tree = bieten::json::parse(json);
      const bieten::json::Value* f = tree.is_object() ? bieten::json::find(tree, "format") : nullptr;
      if (f != nullptr && f->is_string()) format = f->get<std::string>();
    } catch (const bieten::json::ParseError&) {
      parsed = false;
    }
    // Text that is not JSON: the first game's reader refuses it as every reader does ("from_json: not JSON").
    bieten_game* out = game_of_record(
        [&, first = true]<typename D>() mutable { return std::exchange(first, false) ? !parsed || D::Record::kFormat == format : D::Record::kFormat == format; },
        [&]<typename D>() { return new bieten_game(D::from_record(json)); });
    if (out == nullptr) {
      throw bieten::RecordError("from_json: format must be " + record_formats() + ", not " +
                                (format.empty() ? std::string("missing") : "'" + format + "'"));
    }
    return out;
  });
}

BIETEN_API bieten_game* bieten_game_from_bytes(const uint8_t* data, size_t len, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    need(data, "bieten_game_from_bytes", "data");
    const std::string_view bytes(reinterpret_cast<const char*>(data), len);
    // The binary record's sixth byte is its game's tag (core/record_bytes.hpp); a record too short to
    // have one is refused by the first game's reader, as every reader refuses it.
    const int tag = len > kBytesGameOffset ? data[kBytesGameOffset] : -1;
    bieten_game* out = game_of_record(
        [&, first = true]<typename D>() mutable { return std::exchange(first, false) ? tag < 0 || D::Record::kBytesGame == tag : D::Record::kBytesGame == tag; },
        [&]<typename D>() { return new bieten_game(D::from_bytes(bytes)); });
    if (out == nullptr) {
      throw bieten::RecordError("from_bytes: the record's game is " + std::to_string(tag) + ", which no registered game writes");
    }
    return out;
  });
}

BIETEN_API void bieten_string_free(char* text) { std::free(text); }

}  // extern "C"
