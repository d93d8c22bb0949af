#include "core/thread_pool.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__)
#include <immintrin.h>
#endif

namespace bieten {

namespace {

// Calls done() until it is true or kSpin has passed; true if it became true. Pausing, not yielding:
// on a machine with more runnable threads than cores a yield handed the core to another process for
// a whole time slice (steps 50x slower); a bounded pause-spin then a sleep costs no more than sleeping.
template <typename Done>
bool spin_until(Done done) {
  const auto until = std::chrono::steady_clock::now() + WorkerPool::kSpin;
  for (int k = 1;; ++k) {
    if (done()) return true;
    if (k % 256 == 0 && std::chrono::steady_clock::now() >= until) return done();
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__)
    _mm_pause();
#elif defined(__aarch64__)
    asm volatile("yield");  // the CPU hint, not the scheduler's
#endif
  }
}

}  // namespace

WorkerPool::WorkerPool(int threads) : threads_(1) {
  const int wanted = std::max(1, threads);
  workers_.reserve(static_cast<std::size_t>(wanted - 1));  // no reallocation below: a started thread never moves
  try {
    for (int t = 1; t < wanted; ++t) workers_.emplace_back([this, t] { loop(t); });
  } catch (const std::system_error&) {  // the system refused a thread: go on with those started
  }
  threads_ = 1 + static_cast<int>(workers_.size());
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
    generation_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
  for (auto& w : workers_) w.join();
}

void WorkerPool::run(const std::function<void(int)>& job) {
  if (threads_ == 1) {
    job(0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);  // a worker about to sleep re-checks generation_ under it
    job_ = &job;
    error_ = nullptr;
    pending_.store(threads_ - 1, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    if (sleeping_workers_ > 0) start_.notify_all();
  }
  try {
    job(0);
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!error_) error_ = std::current_exception();
  }
  auto finished = [this] { return pending_.load(std::memory_order_acquire) == 0; };
  std::exception_ptr error;
  {
    if (!spin_until(finished)) {
      std::unique_lock<std::mutex> lock(mutex_);
      caller_sleeping_ = true;
      done_.wait(lock, finished);
      caller_sleeping_ = false;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = nullptr;
    error = std::exchange(error_, nullptr);
  }
  if (error) std::rethrow_exception(error);
}

void WorkerPool::finish_one() {
  if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    std::lock_guard<std::mutex> lock(mutex_);  // the caller sets caller_sleeping_ and re-checks under it
    if (caller_sleeping_) done_.notify_one();
  }
}

void WorkerPool::loop(int t) {
  std::uint64_t seen = 0;
  for (;;) {
    auto started = [&] { return generation_.load(std::memory_order_acquire) != seen; };
    if (!spin_until(started)) {
      std::unique_lock<std::mutex> lock(mutex_);
      ++sleeping_workers_;
      start_.wait(lock, started);
      --sleeping_workers_;
    }
    const std::function<void(int)>* job = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (quit_) return;
      seen = generation_.load(std::memory_order_relaxed);
      job = job_;
    }
    try {
      (*job)(t);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!error_) error_ = std::current_exception();
    }
    finish_one();
  }
}

}  // namespace bieten
