#include "cases/runner/finite_guard.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>

#include <fmt/format.h>

#include "cases/checks/invariants.hpp"

namespace crashbench {
namespace {

/// Names of StateVector's entries, for the message about a non-finite one.
constexpr std::array<const char*, 8> kStateFields = {"position x", "position y", "heading", "velocity x",
                                                      "velocity y", "yaw rate", "roll angle", "roll rate"};

std::string became(const std::string& what, double value) {
  return fmt::format("{} became {}", what, std::isnan(value) ? "NaN" : "infinite");
}

}  // namespace

std::size_t FiniteGuard::first_non_finite_state(std::span<const StateVector> x, VehicleRanges* threads) {
  assert(!threads || static_cast<std::size_t>(threads->size()) <= first_bad_.size());
  std::fill(first_bad_.begin(), first_bad_.end(), x.size());
  constexpr std::size_t kChunk = 1024;
  for_chunks(threads, x.size(), kChunk, [&](int thread, std::size_t begin, std::size_t end) {
    std::size_t v = begin;
    while (v < end && x[v].allFinite()) ++v;  // one vector test per vehicle; the entry only for the message
    std::size_t& first = first_bad_[static_cast<std::size_t>(thread)];
    if (v < end) first = std::min(first, v);
  });
  return *std::min_element(first_bad_.begin(), first_bad_.end());
}

std::string FiniteGuard::first_non_finite(std::span<const StateVector> x, EventLog& events, std::size_t checked_upto,
                                          VehicleRanges* threads) {
  if (const std::size_t v = first_non_finite_state(x, threads); v < x.size())
    for (Eigen::Index i = 0; i < x[v].size(); ++i)
      if (!std::isfinite(x[v][i]))
        return became("vehicle " + std::to_string(v) + " " + kStateFields[static_cast<std::size_t>(i) % kStateFields.size()],
                      x[v][i]);
  // Only events with their verdicts: in force mode those of a step are checked in the next.
  for (; finite_upto_ < checked_upto; ++finite_upto_) {
    const ImpactEvent& e = events[finite_upto_];
    const Vec2& J = e.resolution.impulse.linear_W;
    std::size_t bad = 0;  // 1 + the non-finite residual's invariant, or kInvariantCount + 1 for the impulse
    if (!J.allFinite()) bad = kInvariantCount + 1;
    for (std::size_t i = 0; i < kInvariantCount && bad == 0; ++i)
      if (!std::isfinite(e.checks[i].residual)) bad = i + 1;
    if (bad == 0) continue;
    const std::string field = bad > kInvariantCount ? "impulse" : std::string(to_string(static_cast<Invariant>(bad - 1))) + " residual";
    const double value = bad > kInvariantCount ? (std::isfinite(J.x()) ? J.y() : J.x()) : e.checks[bad - 1].residual;
    const std::string against = e.contact.other == kStaticScene ? std::string("the scene") : "vehicle " + std::to_string(e.contact.other);
    // The event is reported by the message; results keep only numbers.
    events.truncate(finite_upto_);
    return became(fmt::format("{} of vehicle {}'s event against {}", field, e.contact.vehicle, against), value);
  }
  return {};
}

}  // namespace crashbench
