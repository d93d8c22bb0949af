// Bieten's own exports of the C ABI (csrc/include/bieten/bieten.h): those that take no game handle, or
// answer what only Bieten has (its one winner, R8.1), beside the game-neutral functions of
// bindings/c_abi/games.cpp, which answer for a Bieten game as for any other.
#include <cstdint>
#include <string>
#include <string_view>

#include "bieten/bieten.h"
#include "common.hpp"
#include "games.hpp"
#include "games/bieten/descriptor.hpp"
#include "games/bieten/simulate.hpp"
#include "native_agent.hpp"

static_assert(BIETEN_NUM_ACTIONS == bieten::kNumActions, "bieten.h and the core disagree on the action space");
static_assert(BIETEN_NUM_CARDS == bieten::kDeckSize, "bieten.h and the core disagree on the deck");
static_assert(BIETEN_MAX_PLAYERS == bieten::kMaxPlayers, "bieten.h and the core disagree on the players");
static_assert(BIETEN_MAX_HAND == bieten::Descriptor::kMaxHand, "bieten.h and the core disagree on the hand");
static_assert(BIETEN_OBSERVATION_SIZE == bieten::kObservationSize, "bieten.h and the core disagree on the observation");
static_assert(BIETEN_GAME_BIETEN == bieten::games::Registered::index_of<bieten::Descriptor>,
              "bieten.h and the registry disagree on the view's game");

using namespace bieten::c_abi;  // NOLINT(google-build-using-namespace): the C ABI's helpers
using bieten::Game;

namespace {

// The handle's Bieten game; ArgumentError naming the export and bieten_winners for another game's.
const Game& bieten_of(const bieten_game* game, const char* function) {
  const Game* g = std::get_if<Game>(&need(game, function).game);
  if (g == nullptr) {
    throw bieten::Error(std::string(function) + ": R8.1: the game is " + bieten_game_name(game) +
                        ", not bieten; ask bieten_winners for its winning seats");
  }
  return *g;
}

std::string rules_text(const bieten::Rules& r) { return rules_json_of<bieten::Descriptor>(r); }

}  // namespace

extern "C" {

BIETEN_API bieten_game* bieten_game_new(const char* rules_json, uint64_t seed, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    if (rules_json == nullptr) throw NullError("bieten_game_new: rules_json is NULL");
    const bieten::json::Value knobs = parse_argument(rules_json, "bieten_game_new", "rules_json");
    return new bieten_game(Game(bieten::rules_from_json(knobs), seed, 0, {}, true));
  });
}

BIETEN_API char* bieten_preset_json(const char* name, char* err, size_t err_len) {
  return guarded_ptr<char>(err, err_len, [&] {
    if (name == nullptr) throw NullError("bieten_preset_json: name is NULL");
    return c_string(rules_text(bieten::preset(name)));
  });
}

BIETEN_API int bieten_winner(const bieten_game* game) {
  return guarded(nullptr, 0, [&] {
    const int w = bieten_of(game, "bieten_winner").winner();
    return w < 0 ? BIETEN_NO_SEAT : w;
  });
}

BIETEN_API const char* bieten_action_text(int action) {
  return table_text<bieten::kNumActions>(action,
                                         [](int a) { return Game::action_text(static_cast<bieten::ActionId>(a)); });
}

BIETEN_API int bieten_parse_action(const char* text) {
  return guarded(nullptr, 0, [&] {
    if (text == nullptr) throw NullError("bieten_parse_action: text is NULL");
    return static_cast<int>(bieten::parse_action(text));
  });
}

BIETEN_API const char* bieten_card_text(int card) {
  return table_text<bieten::kDeckSize>(card, [](int c) { return bieten::card_text(static_cast<bieten::Card>(c)); });
}

BIETEN_API bieten_game* bieten_from_json(const char* json, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    if (json == nullptr) throw NullError("bieten_from_json: json is NULL");
    return new bieten_game(bieten::game_from_record(json));
  });
}

BIETEN_API bieten_game* bieten_from_bytes(const uint8_t* data, size_t len, char* err, size_t err_len) {
  return guarded_ptr<bieten_game>(err, err_len, [&] {
    need(data, "bieten_from_bytes", "data");
    return new bieten_game(bieten::game_from_bytes(std::string_view(reinterpret_cast<const char*>(data), len)));
  });
}

BIETEN_API int bieten_simulate(const char* rules_json, const bieten_agent* agents, size_t n_agents, uint64_t seed,
                               uint64_t games, int threads, int* winner, int* scores, int* hands, char* err,
                               size_t err_len) {
  return guarded(err, err_len, [&] {
    bieten::SimulationConfig config;
    if (rules_json != nullptr) {
      config.rules = bieten::rules_from_json(parse_argument(rules_json, "bieten_simulate", "rules_json"));
    }
    config.rules.validate();
    const auto r = bieten::native::run_c<Game>(
        config, agents, n_agents, seed, games, threads, "bieten_simulate",
        [](const auto& c, auto first, auto last) { return bieten::simulate(c, first, last); });
    return bieten::native::write_results(r, r.winner, winner, scores, hands);
  });
}

}  // extern "C"
