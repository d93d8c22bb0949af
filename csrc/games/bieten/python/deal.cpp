// The deterministic deal (RULES R3) and its generator, for bieten.deal and for ports to check against.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "games/bieten/deal.hpp"
#include "core/errors.hpp"
#include "core/rng.hpp"
#include "bindings.hpp"
#include "games/bieten/python/register.hpp"

namespace py = pybind11;

namespace bieten::py_bindings {

namespace {

void check_dealer(int dealer, const Rules& rules) {
  if (dealer < 0 || dealer >= rules.players) {
    throw SeatError("R2.2: dealer must be a seat from 0 to " + std::to_string(rules.players - 1) + ", not " +
                    std::to_string(dealer));
  }
}

}  // namespace

void register_deal(py::module_& m) {
  m.def("mix64", &mix64, py::arg("z"), "R3.1 mix64.");
  m.def(
      "splitmix64",
      [](std::uint64_t state, int n) {
        SplitMix64 g(state);
        std::vector<std::uint64_t> out;
        for (int i = 0; i < n; ++i) out.push_back(g.next());
        return out;
      },
      py::arg("state"), py::arg("n"), "The first n outputs of SplitMix64 with the given state (R3.1).");
  m.def(
      "bounded",
      [](std::uint64_t state, std::uint32_t n, int count) {
        if (n == 0) throw SeedError("R3.3: the bound n must be at least 1");
        SplitMix64 g(state);
        std::vector<std::uint32_t> out;
        for (int i = 0; i < count; ++i) out.push_back(g.bounded(n));
        return out;
      },
      py::arg("state"), py::arg("n"), py::arg("count"), "count bounded integers in [0, n) (R3.3).");
  m.def("hand_state", [](std::uint64_t seed, std::uint64_t hand) { return hand_generator(seed, hand).state(); },
        py::arg("seed"), py::arg("hand"), "The initial generator state of a hand (R3.2).");
  m.def("batch_game_seed", &batch_game_seed, py::arg("base_seed"), py::arg("game"), "R3.2 batch game seed.");
  m.def(
      "shuffle",
      [](std::uint64_t seed, std::uint64_t hand) {
        const Shuffle s = shuffle_for_hand(seed, hand);
        return std::make_pair(std::vector<int>(s.deck.begin(), s.deck.end()), s.cut);
      },
      py::arg("seed"), py::arg("hand"), "The shuffled deck (top first) and the cut c of a hand (R3.4, R3.5).");
  m.def(
      "deal",
      [](std::uint64_t seed, const Rules& rules, std::uint64_t hand, int dealer) {
        check_dealer(dealer, rules);
        const Dealt d = deal_hand(seed, hand, rules, dealer);
        return std::make_pair(std::vector<CardSet>(d.hands.begin(), d.hands.begin() + rules.players),
                              static_cast<int>(d.top_card));
      },
      py::arg("seed"), py::arg("rules"), py::arg("hand"), py::arg("dealer"),
      "Seat masks and the next stock card of one hand's deal, without cut-steal (R3.2-R3.6, R3.8).");
  m.def(
      "random_deals",
      [](std::uint64_t base_seed, std::size_t count, const Rules& rules) {
        py::array_t<std::uint64_t> out({count, static_cast<std::size_t>(rules.players)});
        std::uint64_t* data = out.mutable_data();
        {
          py::gil_scoped_release release;
          for (std::size_t i = 0; i < count; ++i) {
            const Dealt d = deal_hand(batch_game_seed(base_seed, i), 0, rules, 0);
            for (int p = 0; p < rules.players; ++p) data[i * rules.players + p] = d.hands[p];
          }
        }
        return out;
      },
      py::arg("base_seed"), py::arg("count"), py::arg("rules"),
      "count first-hand deals of the batch games of base_seed (R3.2), as uint64 masks (count, players).");
}

}  // namespace bieten::py_bindings
