// The phase clock tells the same time as steady_clock: over a 50 ms sleep its interval lies between
// steady_clock's intervals just inside and just outside its own two reads (within 0.1 %: the scale is
// measured to 1e-5), whichever source it reads. It never goes backwards.
#include "core/phase_clock.hpp"

#include <gtest/gtest.h>

#include <thread>

namespace crashbench {
namespace {

using Steady = std::chrono::steady_clock;

double ns(std::chrono::nanoseconds d) { return static_cast<double>(d.count()); }

TEST(PhaseClock, MeasuresWhatSteadyClockMeasures) {
  const Steady::time_point outer0 = Steady::now();
  const PhaseClock::time_point p0 = PhaseClock::now();
  const Steady::time_point inner0 = Steady::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const Steady::time_point inner1 = Steady::now();
  const PhaseClock::time_point p1 = PhaseClock::now();
  const Steady::time_point outer1 = Steady::now();
  const double phase = ns(p1 - p0), inner = ns(inner1 - inner0), outer = ns(outer1 - outer0);
  EXPECT_GE(phase, inner * (1 - 1e-3)) << (PhaseClock::counts_cycles() ? "time-stamp counter" : "steady_clock");
  EXPECT_LE(phase, outer * (1 + 1e-3)) << (PhaseClock::counts_cycles() ? "time-stamp counter" : "steady_clock");
}

TEST(PhaseClock, NeverGoesBackwards) {
  PhaseClock::time_point last = PhaseClock::now();
  for (int i = 0; i < 100000; ++i) {
    const PhaseClock::time_point now = PhaseClock::now();
    ASSERT_GE(now, last) << "read " << i;
    last = now;
  }
}

}  // namespace
}  // namespace crashbench
