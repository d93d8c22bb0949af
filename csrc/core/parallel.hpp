// Batch self-play's shape, shared by both games (docs/simulate.md): the games of a run with index in
// [first, last) that belong to shard (k, K), played on threads in chunks, each game's result written to
// its own slot, so results are identical for any thread count or sharding.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>

#include "core/errors.hpp"
#include "core/thread_pool.hpp"

namespace bieten {

// The games of shard (k, K) in [first, last): game index k + K * (j0 + slot) for slot in [0, count).
struct ShardRange {
  std::uint64_t j0 = 0;
  std::size_t count = 0;
  std::uint64_t index(std::size_t slot, std::uint64_t k, std::uint64_t K) const { return k + K * (j0 + slot); }
};

inline ShardRange shard_range(std::uint64_t first, std::uint64_t last, std::uint64_t games, std::uint64_t k,
                              std::uint64_t K) {
  if (K == 0 || k >= K) throw Error("shard must be (k, K) with 0 <= k < K");
  last = std::min(last, games);
  const std::uint64_t j0 = first <= k ? 0 : (first - k + K - 1) / K;
  const std::uint64_t j1 = last <= k ? 0 : (last - k + K - 1) / K;
  return {j0, j1 > j0 ? static_cast<std::size_t>(j1 - j0) : 0};
}

// Runs play(worker_state, slot) for every slot in [0, n) on up to `threads` threads; each thread
// makes its own state with make_state(thread). An exception stops the run and is rethrown: the one
// of the lowest slot that failed, as on one thread, whatever the threads and their timing. Once a
// slot fails, the slots above it are not started, and those below it are still played, since one
// of them may fail too (a run's error names the same game on any number of threads).
template <typename MakeState, typename Play>
void run_slots(std::size_t n, int threads, std::atomic<std::uint64_t>* progress, MakeState make_state, Play play) {
  threads = std::max(1, std::min<int>(threads, static_cast<int>(std::max<std::size_t>(n, 1))));
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> stop_at{n};  // the lowest slot that failed (n: none)
  std::exception_ptr error;
  std::mutex mutex;
  auto fail = [&](std::size_t slot) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!error || slot < stop_at.load(std::memory_order_relaxed)) {
      error = std::current_exception();
      stop_at.store(slot, std::memory_order_relaxed);
    }
  };
  // Games are handed out 64 at a time, fewer when a call has few (eight chunks a thread at least),
  // so that a short call (a run's first calls are short, docs/simulate.md) still spreads its games
  // over every thread.
  const std::size_t chunk = std::clamp<std::size_t>(n / (8 * static_cast<std::size_t>(threads)), 1, 64);
  auto work = [&](int t) {
    std::size_t slot = 0;  // 0 while the state is made: an error there is reported before any slot's
    try {
      auto state = make_state(t);
      for (;;) {
        const std::size_t begin = next.fetch_add(chunk);
        if (begin >= n) return;
        const std::size_t end = std::min(n, begin + chunk);
        for (slot = begin; slot < end; ++slot) {
          if (slot >= stop_at.load(std::memory_order_relaxed)) return;
          play(state, slot);
          if (progress) progress->fetch_add(1, std::memory_order_relaxed);
        }
      }
    } catch (...) {
      fail(slot);
    }
  };
  // On the core's one pool (core/thread_pool.hpp), made for the call: the calling thread is worker 0
  // (it would only wait), one thread fewer to start per call. If the system refuses a thread, the
  // run goes on with those it has: each slot's result is the same on any number of threads. work
  // catches its errors itself, so the pool has none to rethrow.
  WorkerPool pool(threads);
  pool.run([&work](int t) { work(t); });  // one captured pointer: held inside the std::function
  if (error) std::rethrow_exception(error);
}

}  // namespace bieten
