// What a game is to the core: the concept GameType, which simulate (core/simulate.hpp), ISMCTS
// (core/ismcts.hpp, through each game's traits), VectorEnv (core/vector_env.hpp) and the bindings
// use, and GameBase, the part of a game's state that every game keeps the same way.
//
// A game (each game folder's game.hpp, its rules R2-R8 or S2-S8) is a plain value: copying it clones it
// (the logs are shared copy-on-write, shared_log.hpp), and it owns its generator state (the seed),
// so any number of games run on any number of threads.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/errors.hpp"
#include "core/rng.hpp"
#include "core/seats.hpp"
#include "core/shared_log.hpp"

namespace bieten {

// current_player() when a chance action is due (chance mode, for game-tree tools such as OpenSpiel).
inline constexpr int kChancePlayer = -2;

// The length of a game's observation vector, set by the game's observation.hpp.
template <typename G>
inline constexpr int kObservationSizeOf = 0;

// What the core uses of a game G. Free functions are found by argument-dependent lookup in the
// game's namespace: the observation and the built-in agents.
template <typename G>
concept GameType = std::copyable<G> && std::equality_comparable<G> &&
                   requires(G g, const G cg, typename G::ActionId a, int id, std::uint64_t seed, int seat, float* obs,
                            SplitMix64& rng) {
  typename G::Rules;
  typename G::ActionId;
  typename G::ActionMask;
  typename G::Events;
  requires std::same_as<decltype(G::kMaxPlayers), const int>;
  requires std::same_as<decltype(G::kNumActions), const int>;
  requires kObservationSizeOf<G> > 0;
  // Copying a game clones it (std::copyable); equal games have the same rules, seed, first dealer,
  // given deal and actions. Made from rules and a seed (dealer 0, no given deal, recording events,
  // no chance mode) ...
  requires std::constructible_from<G, const typename G::Rules&, std::uint64_t>;
  // ... and started again from another seed with the same rules and first dealer.
  { g.reset(seed) };
  { cg.rules() } -> std::same_as<const typename G::Rules&>;
  { cg.players() } -> std::same_as<int>;
  { cg.seed() } -> std::same_as<std::uint64_t>;
  { cg.hand_number() } -> std::same_as<std::uint64_t>;  // hands (deals) finished so far
  { cg.dealer() } -> std::same_as<int>;
  { cg.current_player() } -> std::same_as<int>;         // -1 once over, kChancePlayer in chance mode
  { cg.legal_mask() } -> std::convertible_to<typename G::ActionMask>;
  { cg.is_legal(a) } -> std::same_as<bool>;
  { cg.why_illegal(id) } -> std::same_as<std::string>;    // the rule that refuses action id `id`
  { G::action_text(a) } -> std::convertible_to<std::string_view>;  // its text (R11, S11)
  { g.apply(a) };                                          // checked: throws IllegalActionError
  { g.apply_unchecked(a) };                                // the self-play path: a is legal
  { cg.is_over() } -> std::same_as<bool>;
  { cg.scores() } -> std::same_as<const std::array<int, G::kMaxPlayers>&>;
  { cg.winners() } -> std::same_as<std::uint8_t>;  // bitmask of seats
  { cg.bummerl() } -> std::same_as<std::uint8_t>;  // bitmask of seats
  { cg.actions_applied() } -> std::same_as<std::uint64_t>;
  { cg.events() } -> std::same_as<const typename G::Events&>;
  { write_observation(cg, seat, obs) };  // kObservationSizeOf<G> floats: what `seat` may see
  { random_action(cg, rng) } -> std::same_as<typename G::ActionId>;
  { heuristic_action(cg, rng) } -> std::same_as<typename G::ActionId>;
  { ismcts_action(cg, rng) } -> std::same_as<typename G::ActionId>;
};

// The state every game keeps the same way: its rules, seed, first dealer and given first deal, the
// hand count, dealer, totals, winners and Bummerl, the phase and the seat to act, and the record of
// actions and events. Phase must have kChance and kGameOver; Event the fields type, seq and hand.
template <typename RulesT, typename PhaseT, typename GivenT, typename EventT, typename ActionIdT, int kSeats>
class GameBase {
 public:
  using Rules = RulesT;
  using Phase = PhaseT;
  using ActionId = ActionIdT;
  // Chunks of 256 action ids and 32 events (shared_log.hpp): copies share them, so their size costs a
  // copy nothing, and larger ones mean fewer allocations and fewer reference counts per copy. A copy
  // keeps its next 16 actions and 4 events in the game itself, where an apply after a clone writes
  // them with no allocation; a larger buffer would make every game, and every copy of one, larger
  // (benchmarks/RESULTS.md, issue 25).
  using History = SharedLog<ActionIdT, 256, 16>;
  using Events = SharedLog<EventT, 32, 4>;
  static constexpr int kMaxPlayers = kSeats;

  const Rules& rules() const { return rules_; }
  int players() const { return rules_.players; }
  std::uint64_t seed() const { return seed_; }
  std::uint64_t hand_number() const { return hand_number_; }
  int dealer() const { return dealer_; }
  int first_dealer() const { return first_dealer_; }
  int forehand() const { return forehand_of(dealer_, rules_.players); }
  int cutter() const { return cutter_of(dealer_, rules_.players); }
  const std::optional<GivenT>& given_deal() const { return given_; }
  Phase phase() const { return phase_; }
  bool is_over() const { return phase_ == Phase::kGameOver; }
  bool chance_deals() const { return chance_deals_; }
  // The seat to act; -1 once the game is over; kChancePlayer when a chance action is due.
  int current_player() const { return is_over() ? -1 : phase_ == Phase::kChance ? kChancePlayer : to_act_; }
  const std::array<int, kSeats>& scores() const { return scores_; }
  std::uint8_t winners() const { return winners_; }  // bitmask
  std::uint8_t bummerl() const { return bummerl_; }  // bitmask

  // The actions applied so far and the events (both only recorded when the game records events).
  const History& history() const { return history_; }
  const Events& events() const { return events_; }
  bool records_events() const { return record_events_; }
  std::uint64_t actions_applied() const { return actions_; }

  // Stops recording events and actions and drops those recorded (a search's private copy: no log
  // to share or grow on every step).
  void stop_recording() {
    record_events_ = false;
    history_ = History();
    events_ = Events();
  }

  // As stop_recording, keeping the logs' storage: a search's private copy kept from decision to decision,
  // assigned from the game at each (no allocation once its storage has grown to the game's record).
  void drop_record() {
    record_events_ = false;
    history_.clear();
    events_.clear();
  }

  // The same game: the same rules, seed, first dealer and given deal, and the same actions since.
  friend bool operator==(const GameBase& a, const GameBase& b) {
    return a.rules_ == b.rules_ && a.seed_ == b.seed_ && a.first_dealer_ == b.first_dealer_ && a.given_ == b.given_ &&
           a.history_ == b.history_;
  }

 protected:
  // Throws RulesError for invalid rules, SeatError (citing `dealer_rule`) for a dealer who is no seat.
  GameBase(const Rules& rules, std::uint64_t seed, int dealer, const std::optional<GivenT>& given, bool record_events,
           bool chance_deals, Phase first_phase, std::string_view dealer_rule)
      : rules_(rules), seed_(seed), given_(given), first_dealer_(dealer), record_events_(record_events),
        chance_deals_(chance_deals), phase_(first_phase) {
    rules_.validate();
    if (dealer < 0 || dealer >= rules_.players) {
      throw SeatError(std::string(dealer_rule) + ": dealer must be a seat from 0 to " +
                      std::to_string(rules_.players - 1) + ", not " + std::to_string(dealer));
    }
    dealer_ = dealer;
  }

  // reset(seed)'s common part: a new game from `seed` without a given deal, keeping the allocations.
  void restart(std::uint64_t seed) {
    seed_ = seed;
    given_.reset();
    hand_number_ = 0;
    dealer_ = first_dealer_;
    scores_ = {};
    winners_ = bummerl_ = 0;
    actions_ = 0;
    history_.clear();
    events_.clear();
  }

  // The seat to the left, (seat + 1) mod players, as a mask: a jump for ?: here was mispredicted
  // whenever the seats of a batch of games differ.
  int next_seat(int seat) const {
    const int left = seat + 1;
    return left & -static_cast<int>(left != rules_.players);
  }

  EventT& emit(decltype(EventT::type) type) {
    EventT& e = events_.emplace_back();
    e.type = type;
    e.seq = static_cast<std::uint32_t>(events_.size() - 1);
    e.hand = static_cast<std::uint32_t>(hand_number_);
    return e;
  }

  Rules rules_;
  std::uint64_t seed_;
  std::optional<GivenT> given_;
  int first_dealer_;
  bool record_events_;
  bool chance_deals_;

  std::uint64_t hand_number_ = 0;
  int dealer_ = 0;
  std::array<int, kSeats> scores_{};
  std::uint8_t winners_ = 0;
  std::uint8_t bummerl_ = 0;

  Phase phase_;
  int to_act_ = 0;

  std::uint64_t actions_ = 0;
  History history_;  // shared by copies (shared_log.hpp): a clone shares their chunks and copies no item
  Events events_;
};

}  // namespace bieten
