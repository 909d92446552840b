#include "cases/runner/step_threads.hpp"

#include <algorithm>
#include <cassert>

namespace crashbench {

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

void StepThreads::run_range(int thread) {
  const auto [begin, end] = thread_range(thread, threads_, count_);
  try {
    job_(work_, thread, begin, end);
  } catch (...) {
    errors_[static_cast<std::size_t>(thread)] = std::current_exception();
  }
}

void StepThreads::run(std::size_t count, Job job, void* work) {
  {
    const std::lock_guard lock(mutex_);
    job_ = job, work_ = work, count_ = count;
    workers_left_ = threads_ - 1;
    ++generation_;
  }
  start_.notify_all();
  run_range(0);
  {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [this] { return workers_left_ == 0; });
  }
  std::exception_ptr first;
  for (std::exception_ptr& e : errors_)
    if (!first) first = std::exchange(e, nullptr);
    else e = nullptr;
  if (first) std::rethrow_exception(first);
}

void StepThreads::worker(int thread) {
  unsigned long seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    run_range(thread);
    bool last = false;
    {
      const std::lock_guard lock(mutex_);
      last = --workers_left_ == 0;
    }
    if (last) finished_.notify_one();
  }
}

}  // namespace crashbench
