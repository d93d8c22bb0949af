// Tests of the core's thread pool (csrc/core/thread_pool.hpp), under the VectorEnv and simulate, and of
// run_slots (csrc/core/parallel.hpp), simulate's loop on it for every game (docs/simulate.md), doctest,
// run by ctest as `parallel`: the pool runs every part of every job once, spinning or asleep; each slot
// is played exactly once on any number of threads, the calling thread is worker 0, short calls are
// spread over the threads, and an error stops the run and reaches the caller: the lowest failing
// slot's, on any number of threads.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/parallel.hpp"
#include "core/thread_pool.hpp"

#include <doctest/doctest.h>

using namespace bieten;

// The pool runs every part of every job exactly once whether its workers are still spinning from the
// last job or asleep (a pause longer than WorkerPool::kSpin), and rethrows a part's exception.
TEST_CASE("the worker pool runs every part of every job once, spinning or asleep, and rethrows a part's error") {
  for (int threads : {1, 2, 3, 5}) {
    CAPTURE(threads);
    WorkerPool pool(threads);
    REQUIRE(pool.threads() == threads);
    std::vector<std::atomic<int>> runs(static_cast<std::size_t>(threads));
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<int> part0_elsewhere{0};
    for (int job = 0; job < 400; ++job) {
      if (job % 100 == 99) std::this_thread::sleep_for(WorkerPool::kSpin * 3);  // workers sleep
      pool.run([&](int t) {
        if (t == 0 && std::this_thread::get_id() != caller) part0_elsewhere.fetch_add(1);
        runs[static_cast<std::size_t>(t)].fetch_add(1);
      });
      for (int t = 0; t < threads; ++t) CHECK(runs[static_cast<std::size_t>(t)].load() == job + 1);
    }
    CHECK(part0_elsewhere.load() == 0);  // the caller runs part 0
    CHECK_THROWS_WITH_AS(pool.run([&](int t) {
                           if (t == threads - 1) throw std::runtime_error("part failed");
                         }),
                         "part failed", std::runtime_error);
    pool.run([&](int t) { runs[static_cast<std::size_t>(t)].fetch_add(1); });  // usable after an error
    for (int t = 0; t < threads; ++t) CHECK(runs[static_cast<std::size_t>(t)].load() == 401);
  }
}

TEST_CASE("run_slots plays every slot exactly once, for any thread count and call size") {
  for (int threads = 1; threads <= 6; ++threads) {
    for (std::size_t n : {0, 1, 2, 3, 7, 16, 17, 63, 64, 65, 129, 1000}) {
      CAPTURE(threads);
      CAPTURE(n);
      std::vector<std::atomic<int>> played(n);
      std::atomic<std::uint64_t> progress{0};
      std::mutex mutex;
      std::set<int> workers;
      run_slots(
          n, threads, &progress,
          [&](int t) {
            std::lock_guard<std::mutex> lock(mutex);
            CHECK(workers.insert(t).second);  // each worker's state is made once
            return t;
          },
          [&](int&, std::size_t slot) { played[slot].fetch_add(1); });
      for (std::size_t slot = 0; slot < n; ++slot) CHECK(played[slot].load() == 1);
      CHECK(progress.load() == n);
      // never more workers than slots (one at least, for an empty call)
      CHECK(workers.size() == static_cast<std::size_t>(std::min<std::size_t>(threads, std::max<std::size_t>(n, 1))));
    }
  }
}

TEST_CASE("run_slots: the calling thread is worker 0, and a short call reaches every thread") {
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> worker0_on_caller{0};
  std::vector<std::atomic<int>> per_worker(2);
  // 16 slots on 2 threads: handed out one at a time (16 / (8 * 2) = 1), and each slot waits until
  // both workers have started, so neither can take them all before the other begins.
  std::atomic<int> started{0};
  run_slots(
      16, 2, nullptr,
      [&](int t) {
        if (t == 0 && std::this_thread::get_id() == caller) worker0_on_caller = 1;
        started.fetch_add(1);
        return t;
      },
      [&](int& t, std::size_t) {
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);  // a lost thread fails the checks
        while (started.load() < 2 && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
        per_worker[static_cast<std::size_t>(t)].fetch_add(1);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      });
  CHECK(worker0_on_caller.load() == 1);
  CHECK(per_worker[0].load() + per_worker[1].load() == 16);
  CHECK(per_worker[0].load() > 0);
  CHECK(per_worker[1].load() > 0);
}

TEST_CASE("run_slots: the first error stops the run and is rethrown to the caller") {
  for (int threads : {1, 3}) {
    CAPTURE(threads);
    std::atomic<int> played{0};
    CHECK_THROWS_WITH_AS(run_slots(
                             10000, threads, nullptr, [](int t) { return t; },
                             [&](int&, std::size_t slot) {
                               if (slot == 100) throw std::runtime_error("slot 100 failed");
                               played.fetch_add(1);
                             }),
                         "slot 100 failed", std::runtime_error);
    CHECK(played.load() < 10000 - 1);  // stopped: not every other slot was played
  }
}

TEST_CASE("run_slots rethrows the lowest failing slot's error, as one thread does, whatever fails first") {
  // Slot 3 fails late (after 50 ms), slot 700 at once: on several threads 700 fails first in time,
  // and the run must still report slot 3, as a run on one thread does (it never reaches 700). So a
  // run's error names the same game on any number of threads (simulate's AgentError).
  for (int threads : {1, 2, 3, 6}) {
    CAPTURE(threads);
    std::atomic<int> after_700{0};
    CHECK_THROWS_WITH_AS(run_slots(
                             1000, threads, nullptr, [](int t) { return t; },
                             [&](int&, std::size_t slot) {
                               if (slot == 3) {
                                 std::this_thread::sleep_for(std::chrono::milliseconds(50));
                                 throw std::runtime_error("slot 3 failed");
                               }
                               if (slot == 700) throw std::runtime_error("slot 700 failed");
                               if (slot > 700) after_700.fetch_add(1);
                             }),
                         "slot 3 failed", std::runtime_error);
    CHECK(after_700.load() < 299);  // the slots above a failed one are not all played
  }
  // Two slots of one short call, one thread each (10 / (8 * 2) hands out one at a time): slot 1
  // fails at once, slot 0 a little later; the error is slot 0's.
  for (int round = 0; round < 20; ++round) {
    CHECK_THROWS_WITH_AS(run_slots(
                             10, 2, nullptr, [](int t) { return t; },
                             [&](int&, std::size_t slot) {
                               if (slot == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
                               throw std::runtime_error("slot " + std::to_string(slot) + " failed");
                             }),
                         "slot 0 failed", std::runtime_error);
  }
}

TEST_CASE("run_slots: an error while a worker's state is made is rethrown, even with no slot to play") {
  for (std::size_t n : {0, 5}) {
    CAPTURE(n);
    CHECK_THROWS_WITH_AS(run_slots(
                             n, 2, nullptr, [](int) -> int { throw std::runtime_error("no state"); },
                             [](int&, std::size_t) {}),
                         "no state", std::runtime_error);
  }
}
