#pragma once
// The runner's phase clock, read about nine times a step: the CPU's time-stamp counter scaled to
// nanoseconds where the counter is one constant-rate clock for the whole machine (x86 with constant_tsc
// and nonstop_tsc, and the kernel itself timing with it), steady_clock elsewhere. On our 2-core KVM
// machine a read costs 13 ns against steady_clock's 35 ns: 200 ns a step of a one-car run whose step
// takes 450 ns. The scale is measured once per process against steady_clock over 2 ms (1e-5 or better).
#include <chrono>
#include <cstdint>

namespace crashbench {

struct PhaseClock {
  using rep = std::int64_t;
  using period = std::nano;
  using duration = std::chrono::nanoseconds;
  using time_point = std::chrono::time_point<PhaseClock>;
  static constexpr bool is_steady = true;

  static time_point now() noexcept;
  /// Whether now() reads the time-stamp counter (false: steady_clock).
  static bool counts_cycles() noexcept;
};

}  // namespace crashbench
