#pragma once
// The threads inside one case (`run --threads N`): started once with the Simulation, they run the step's
// per-vehicle phases over contiguous vehicle ranges, range t on thread t, the calling thread taking
// range 0. Whatever each range produces is merged by the caller in range order, so that the result is
// the serial one bit for bit. With one thread nothing is started and the work runs inline.
//
// A step makes about ten calls, with serial work between them. A worker asleep on a condition variable
// takes tens of microseconds to wake on a VM, so a worker spins a while (kSpin) watching for the next call
// before it sleeps, and so does the caller waiting for the workers to finish.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "core/vehicle_ranges.hpp"

namespace crashbench {

/// The most threads one case may use (`--threads`): beyond it a value is a typo, not a machine.
inline constexpr int kMaxStepThreads = 256;

/// Range `thread` of `threads` over [0, count): contiguous, in thread order, sizes differing by at most one.
std::pair<std::size_t, std::size_t> thread_range(int thread, int threads, std::size_t count);

class StepThreads final : public VehicleRanges {
 public:
  /// Starts `threads` - 1 workers (1 <= threads <= kMaxStepThreads).
  explicit StepThreads(int threads);
  ~StepThreads();
  StepThreads(const StepThreads&) = delete;
  StepThreads& operator=(const StepThreads&) = delete;

  int size() const override { return threads_; }

 private:
  void run(std::size_t count, Job job, void* work) override;
  void run_range(int thread);
  void worker(int thread);

  int threads_;
  std::vector<std::thread> workers_;
  std::vector<std::exception_ptr> errors_;  // per thread, the last job's
  std::mutex mutex_;
  std::condition_variable start_, finished_;
  /// How long a thread spins for the other side before it sleeps: about the serial work between two calls
  /// of a step of 10,000 cars (the pair grid, the sweep's searches); a worker that sleeps longer is woken.
  static constexpr std::chrono::microseconds kSpin{500};
  /// Waits until done() holds: spins for kSpin, then sleeps on `wake` (whose notifier takes mutex_).
  template <class Done>
  void wait_for(std::condition_variable& wake, Done done);

  // The current job, published by a new generation (release; changed under mutex_ for the sleepers);
  // workers_left_ counts down to 0.
  Job job_ = nullptr;
  void* work_ = nullptr;
  std::size_t count_ = 0;
  std::atomic<unsigned long> generation_{0};
  std::atomic<int> workers_left_{0};
  std::atomic<bool> stopping_{false};
};

}  // namespace crashbench
