#include "core/phase_clock.hpp"

#include <fstream>
#include <sstream>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define CRASHBENCH_HAVE_TSC 1
#endif

namespace crashbench {
namespace {

using Steady = std::chrono::steady_clock;

#ifdef CRASHBENCH_HAVE_TSC
/// The first line of `path` ("" if unreadable).
std::string first_line(const char* path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

/// Whether /proc/cpuinfo's flags name both `a` and `b` as whole words.
bool cpu_flags_have(const std::string& a, const std::string& b) {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line);
    bool found_a = false, found_b = false;
    for (std::string w; words >> w;) found_a = found_a || w == a, found_b = found_b || w == b;
    return found_a && found_b;
  }
  return false;
}

/// A counter read and the steady time it was taken at: of a few tries, the one whose two steady reads
/// around it lie closest, so that a preemption between the reads (a loaded 2-core VM) cannot skew it.
struct Stamp {
  Steady::time_point time;
  std::uint64_t ticks = 0;
};
Stamp bracketed_stamp() {
  Stamp best;
  Steady::duration narrowest = Steady::duration::max();
  for (int i = 0; i < 16; ++i) {
    const Steady::time_point before = Steady::now();
    const std::uint64_t ticks = __rdtsc();
    const Steady::time_point after = Steady::now();
    if (after - before < narrowest) narrowest = after - before, best = {before + (after - before) / 2, ticks};
  }
  return best;
}

/// The counter's scale, or 0 where it is not to be trusted: a rate that changes with power states, or
/// counters that the kernel does not trust to agree across cores (it then times with another source).
struct TscScale {
  double ns_per_tick = 0;
  std::uint64_t ticks0 = 0;

  TscScale() {
    if (!cpu_flags_have("constant_tsc", "nonstop_tsc")) return;
    if (first_line("/sys/devices/system/clocksource/clocksource0/current_clocksource") != "tsc") return;
    const Stamp start = bracketed_stamp();
    while (Steady::now() - start.time < std::chrono::milliseconds(2)) {
    }
    const Stamp end = bracketed_stamp();
    if (end.ticks <= start.ticks) return;
    ns_per_tick = std::chrono::duration<double, std::nano>(end.time - start.time).count() /
                  static_cast<double>(end.ticks - start.ticks);
    ticks0 = start.ticks;
  }
};

const TscScale& tsc_scale() {
  static const TscScale scale;
  return scale;
}
#endif

}  // namespace

PhaseClock::time_point PhaseClock::now() noexcept {
#ifdef CRASHBENCH_HAVE_TSC
  const TscScale& s = tsc_scale();
  if (s.ns_per_tick > 0)
    return time_point(duration(static_cast<rep>(static_cast<double>(__rdtsc() - s.ticks0) * s.ns_per_tick)));
#endif
  return time_point(std::chrono::duration_cast<duration>(Steady::now().time_since_epoch()));
}

bool PhaseClock::counts_cycles() noexcept {
#ifdef CRASHBENCH_HAVE_TSC
  return tsc_scale().ns_per_tick > 0;
#else
  return false;
#endif
}

}  // namespace crashbench
