// The bieten_schnapsen_* exports of the C ABI (csrc/include/bieten/bieten.h): deprecated since ABI
// version 2, kept for one release as thin wrappers over the game-neutral functions (bindings/c_abi/
// games.hpp) that a bieten_game of "schnapsen" answers (bieten_game_create("schnapsen", ...)). Each
// passes its own name, so its messages are what they were.
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "bieten/bieten.h"
#include "common.hpp"
#include "games.hpp"
#include "games/schnapsen/descriptor.hpp"
#include "games/schnapsen/simulate.hpp"
#include "games/schnapsen/solver.hpp"
#include "native_agent.hpp"

namespace sn = bieten::schnapsen;

static_assert(BIETEN_SCHNAPSEN_NUM_ACTIONS == sn::kNumActions, "bieten.h and the core disagree on the actions");
static_assert(BIETEN_SCHNAPSEN_MAX_PLAYERS == sn::kMaxPlayers, "bieten.h and the core disagree on the players");
static_assert(BIETEN_SCHNAPSEN_MAX_HAND == sn::Descriptor::kMaxHand, "bieten.h and the core disagree on the hand");
static_assert(BIETEN_GAME_SCHNAPSEN == bieten::games::Registered::index_of<sn::Descriptor>,
              "bieten.h and the registry disagree on the view's game");
static_assert(BIETEN_SCHNAPSEN_OBSERVATION_SIZE == sn::kObservationSize,
              "bieten.h and the core disagree on the observation");

// The deprecated handle: a bieten_game that holds a Schnapsen game.
struct bieten_schnapsen_game final : bieten_game {
  using bieten_game::bieten_game;
};

using namespace bieten::c_abi;  // NOLINT(google-build-using-namespace): the C ABI's helpers

namespace {

sn::Rules rules_of(const char* preset, const char* knobs_json, const char* function) {
  const bieten::json::Value knobs =
      knobs_json == nullptr ? bieten::json::Value::object() : parse_argument(knobs_json, function, "knobs_json");
  return preset != nullptr ? sn::rules_from_json(preset, knobs) : sn::rules_from_json(knobs);
}

}  // namespace

extern "C" {

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_new(const char* preset, const char* knobs_json, uint64_t seed,
                                                       int dealer, char* err, size_t err_len) {
  return guarded_ptr<bieten_schnapsen_game>(err, err_len, [&] {
    const sn::Rules rules = rules_of(preset, knobs_json, "bieten_schnapsen_new");
    if (dealer < 0 || dealer >= rules.players) {
      throw bieten::SeatError("S2.1: dealer must be a seat from 0 to " + std::to_string(rules.players - 1) +
                              ", not " + std::to_string(dealer));
    }
    return new bieten_schnapsen_game(sn::Game(rules, seed, dealer, {}, true));
  });
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_clone(const bieten_schnapsen_game* game) {
  return guarded_ptr<bieten_schnapsen_game>(nullptr, 0,
                                            [&] { return new bieten_schnapsen_game(need(game, "bieten_schnapsen_clone")); });
}

BIETEN_API void bieten_schnapsen_free(bieten_schnapsen_game* game) { delete game; }

BIETEN_API char* bieten_schnapsen_rules_json(const bieten_schnapsen_game* game) {
  return rules_json(game, "bieten_schnapsen_rules_json");
}

BIETEN_API char* bieten_schnapsen_preset_json(const char* name, char* err, size_t err_len) {
  return guarded_ptr<char>(err, err_len, [&] {
    need(name, "bieten_schnapsen_preset_json", "name");
    return c_string(rules_json_of<sn::Descriptor>(sn::rules_from_json(name, bieten::json::Value::object())));
  });
}

BIETEN_API int bieten_schnapsen_players(const bieten_schnapsen_game* game) {
  return players(game, "bieten_schnapsen_players");
}

BIETEN_API int bieten_schnapsen_seed(const bieten_schnapsen_game* game, uint64_t* out) {
  return seed(game, out, "bieten_schnapsen_seed");
}

BIETEN_API int64_t bieten_schnapsen_hand_number(const bieten_schnapsen_game* game) { return hand_number(game); }

BIETEN_API int bieten_schnapsen_dealer(const bieten_schnapsen_game* game) {
  return dealer(game, "bieten_schnapsen_dealer");
}

BIETEN_API int bieten_schnapsen_current_player(const bieten_schnapsen_game* game) {
  return current_player(game, "bieten_schnapsen_current_player");
}

BIETEN_API int bieten_schnapsen_is_over(const bieten_schnapsen_game* game) {
  return is_over(game, "bieten_schnapsen_is_over");
}

BIETEN_API int bieten_schnapsen_scores(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return scores(game, out, cap, "bieten_schnapsen_scores");
}

BIETEN_API int bieten_schnapsen_winners(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return winners(game, out, cap, "bieten_schnapsen_winners");
}

BIETEN_API int bieten_schnapsen_bummerl(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return bummerl(game, out, cap, "bieten_schnapsen_bummerl");
}

BIETEN_API int bieten_schnapsen_hand(const bieten_schnapsen_game* game, int seat, int* out, size_t cap) {
  return hand(game, seat, true, out, cap, "bieten_schnapsen_hand");
}

BIETEN_API int bieten_schnapsen_legal_actions(const bieten_schnapsen_game* game, int* out, size_t cap) {
  return legal_actions(game, out, cap, "bieten_schnapsen_legal_actions");
}

BIETEN_API int bieten_schnapsen_is_legal(const bieten_schnapsen_game* game, int action) {
  return is_legal(game, action, "bieten_schnapsen_is_legal");
}

BIETEN_API int bieten_schnapsen_apply_id(bieten_schnapsen_game* game, int action, char* err, size_t err_len) {
  return apply_id(game, action, err, err_len, "bieten_schnapsen_apply_id");
}

BIETEN_API int bieten_schnapsen_apply_text(bieten_schnapsen_game* game, const char* text, char* err,
                                           size_t err_len) {
  return apply_text(game, text, err, err_len, "bieten_schnapsen_apply_text");
}

BIETEN_API const char* bieten_schnapsen_action_text(int action) {
  return table_text<sn::kNumActions>(action, [](int a) { return sn::Game::action_text(static_cast<sn::ActionId>(a)); });
}

BIETEN_API int bieten_schnapsen_parse_action(const char* text) {
  return guarded(nullptr, 0, [&] {
    need(text, "bieten_schnapsen_parse_action", "text");
    return static_cast<int>(sn::Descriptor::parse_action(text));
  });
}

BIETEN_API int64_t bieten_schnapsen_event_count(const bieten_schnapsen_game* game) { return event_count(game); }

BIETEN_API char* bieten_schnapsen_events_json(const bieten_schnapsen_game* game, int seat) {
  return events(game, seat, 0, false, "bieten_schnapsen_events_json");
}

BIETEN_API char* bieten_schnapsen_events_jsonl(const bieten_schnapsen_game* game, int seat, size_t start) {
  return events(game, seat, start, true, "bieten_schnapsen_events_jsonl");
}

BIETEN_API int bieten_schnapsen_observation(const bieten_schnapsen_game* game, int seat, float* out, size_t cap) {
  return observation(game, seat, out, cap, "bieten_schnapsen_observation");
}

BIETEN_API int bieten_schnapsen_agent_action(const bieten_schnapsen_game* game, const char* agent, uint64_t* state,
                                             char* err, size_t err_len) {
  return agent_action(game, agent, state, err, err_len, "bieten_schnapsen_agent_action");
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
  return to_json(game, "bieten_schnapsen_to_json");
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_from_json(const char* json, char* err, size_t err_len) {
  return guarded_ptr<bieten_schnapsen_game>(err, err_len, [&] {
    need(json, "bieten_schnapsen_from_json", "json");
    return new bieten_schnapsen_game(sn::game_from_record(json));
  });
}

BIETEN_API int64_t bieten_schnapsen_to_bytes(const bieten_schnapsen_game* game, uint8_t* out, size_t cap) {
  return to_bytes(game, out, cap, "bieten_schnapsen_to_bytes");
}

BIETEN_API bieten_schnapsen_game* bieten_schnapsen_from_bytes(const uint8_t* data, size_t len, char* err,
                                                              size_t err_len) {
  return guarded_ptr<bieten_schnapsen_game>(err, err_len, [&] {
    need(data, "bieten_schnapsen_from_bytes", "data");
    return new bieten_schnapsen_game(sn::game_from_bytes(std::string_view(reinterpret_cast<const char*>(data), len)));
  });
}

BIETEN_API int bieten_schnapsen_simulate(const char* preset, const char* knobs_json, const bieten_agent* agents,
                                         size_t n_agents, uint64_t seed, uint64_t games, int threads, int* winners,
                                         int* scores, int* hands, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    sn::SimulationConfig config;
    config.rules = rules_of(preset, knobs_json, "bieten_schnapsen_simulate");
    const auto r = bieten::native::run_c<sn::Game>(
        config, agents, n_agents, seed, games, threads, "bieten_schnapsen_simulate",
        [](const auto& c, auto first, auto last) { return sn::simulate(c, first, last); });
    return bieten::native::write_results(r, r.winners, winners, scores, hands);
  });
}

// The exact solver (docs/solve.md) for a bieten_game of Schnapsen: each legal action ascending, with its value.
BIETEN_API int bieten_solve(const bieten_game* game, int* actions, int* values, size_t cap, char* err, size_t err_len) {
  return guarded(err, err_len, [&] {
    const sn::Game* g = std::get_if<sn::Game>(&need(game, "bieten_solve").game);
    if (g == nullptr) {
      throw bieten::Error(std::string("bieten_solve: the game is ") + bieten_game_name(game) +
                          ", not schnapsen; the solver is for two-player Schnapsen (S2.1)");
    }
    need(actions, "bieten_solve", "actions");
    need(values, "bieten_solve", "values");
    const std::string why = sn::solve_refusal(*g);
    if (!why.empty()) throw bieten::Error("bieten_solve: " + why);
    static thread_local sn::Solver solver;  // its table allocated once per thread
    std::array<int, sn::kNumActions> v{};
    const sn::ActionMask mask = solver.solve(*g, v);
    const int n = std::popcount(mask);
    if (cap < static_cast<size_t>(n)) {
      throw BufferError("bieten_solve: the buffers hold " + std::to_string(cap) + ", " + std::to_string(n) +
                        " actions are legal");
    }
    int i = 0;
    for (sn::ActionMask m = mask; m; m &= m - 1, ++i) {
      actions[i] = std::countr_zero(m);
      values[i] = v[actions[i]];
    }
    return n;
  });
}

}  // extern "C"
