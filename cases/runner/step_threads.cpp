#include "cases/runner/step_threads.hpp"

#include <algorithm>
#include <cassert>

namespace crashbench {
namespace {

/// A spin-wait hint: lets the core's other hyperthread, if any, run.
void spin_hint() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

}  // namespace

std::pair<std::size_t, std::size_t> thread_range(int thread, int threads, std::size_t count) {
  const auto t = static_cast<std::size_t>(thread), n = static_cast<std::size_t>(threads);
  const std::size_t base = count / n, extra = count % n;  // the first `extra` ranges get one more
  const std::size_t begin = t * base + std::min(t, extra);
  return {begin, begin + base + (t < extra ? 1 : 0)};
}

StepThreads::StepThreads(int threads) : threads_(threads), errors_(static_cast<std::size_t>(threads)) {
  assert(threads >= 1 && threads <= kMaxStepThreads);
  workers_.reserve(static_cast<std::size_t>(threads - 1));
  for (int t = 1; t < threads; ++t) workers_.emplace_back([this, t] { worker(t); });
}

StepThreads::~StepThreads() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  start_.notify_all();
  for (std::thread& w : workers_) w.join();
}

template <class Done>
void StepThreads::wait_for(std::condition_variable& wake, Done done) {
  const auto until = std::chrono::steady_clock::now() + kSpin;
  for (int spins = 1; !done(); ++spins) {
    spin_hint();
    if (spins % 64 != 0) continue;
    if (std::chrono::steady_clock::now() < until) {
      std::this_thread::yield();  // more threads than cores (tests): the one with work gets the core
      continue;
    }
    std::unique_lock lock(mutex_);
    wake.wait(lock, done);
    return;
  }
}

void StepThreads::run_range(int thread) {
  const auto [begin, end] = thread_range(thread, threads_, count_);
  try {
    job_(work_, thread, begin, end);
  } catch (...) {
    errors_[static_cast<std::size_t>(thread)] = std::current_exception();
  }
}

void StepThreads::run(std::size_t count, Job job, void* work) {
  job_ = job, work_ = work, count_ = count;
  workers_left_.store(threads_ - 1, std::memory_order_relaxed);
  {
    const std::lock_guard lock(mutex_);  // a worker going to sleep sees the new generation or is woken
    generation_.fetch_add(1, std::memory_order_release);
  }
  start_.notify_all();
  run_range(0);
  wait_for(finished_, [this] { return workers_left_.load(std::memory_order_acquire) == 0; });
  std::exception_ptr first;
  for (std::exception_ptr& e : errors_)
    if (!first) first = std::exchange(e, nullptr);
    else e = nullptr;
  if (first) std::rethrow_exception(first);
}

void StepThreads::worker(int thread) {
  unsigned long seen = 0;
  for (;;) {
    wait_for(start_, [&] { return stopping_.load(std::memory_order_acquire) || generation_.load(std::memory_order_acquire) != seen; });
    if (stopping_.load(std::memory_order_acquire)) return;
    seen = generation_.load(std::memory_order_acquire);
    run_range(thread);
    if (workers_left_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      const std::lock_guard lock(mutex_);  // the caller, if asleep, is woken after its last look
      finished_.notify_one();
    }
  }
}

}  // namespace crashbench
