#pragma once
// The threads inside one case (`run --threads N`): started once with the Simulation, they run the step's
// per-vehicle phases over contiguous vehicle ranges, range t on thread t, the calling thread taking
// range 0. Whatever each range produces is merged by the caller in range order, so that the result is
// the serial one bit for bit. With one thread nothing is started and the work runs inline.
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
  // The current job, published under mutex_ with a new generation; workers_left_ counts down to 0.
  Job job_ = nullptr;
  void* work_ = nullptr;
  std::size_t count_ = 0;
  unsigned long generation_ = 0;
  int workers_left_ = 0;
  bool stopping_ = false;
};

}  // namespace crashbench
