// The one thread pool of the core, under every parallel loop of both games: the VectorEnv's steps
// (core/vector_env.hpp, one pool for the env's life) and simulate's games (core/parallel.hpp's
// run_slots, one pool a call).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace bieten {

// A fixed set of worker threads that run one job at a time on [0, threads()); the caller runs part 0.
// A step of a few thousand games takes ~0.1 ms, less than waking a sleeping thread costs on some
// machines, so both sides first wait by spinning for a short while (kSpin) and only then sleep.
// If the system refuses a thread, the pool runs with those it has (threads() says how many): the
// loops over it give each part's result independently of the part that computes it.
class WorkerPool {
 public:
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  int threads() const { return threads_; }
  // Runs job(t) for t in [0, threads) and waits; rethrows the first exception.
  void run(const std::function<void(int)>& job);

  // How long a waiting side spins before it sleeps: long enough to cover the gap between two steps of
  // a tight loop, short enough that a caller busy elsewhere (a network's forward pass) gets its cores back.
  static constexpr std::chrono::microseconds kSpin{50};

 private:
  void loop(int t);
  void finish_one();
  int threads_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;                      // guards the sleeping and the error; generation_ changes under it
  std::condition_variable start_, done_;
  const std::function<void(int)>* job_ = nullptr;
  std::atomic<std::uint64_t> generation_{0};  // one more for each job
  std::atomic<int> pending_{0};               // workers still running the job
  int sleeping_workers_ = 0;
  bool caller_sleeping_ = false;
  bool quit_ = false;
  std::exception_ptr error_;
};

}  // namespace bieten
