#pragma once
// The first contact of a run, and the check that another detector found the same one (the drift-into-a-
// barrier tests compare every triangle detector with brute force this way).
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

#include "cases/run_result.hpp"

namespace crashbench::testing {

/// The first impact event of `r`, or nothing.
inline std::optional<ImpactEvent> first_event(const RunResult& r) {
  if (r.events.empty()) return std::nullopt;
  return r.events.front();
}

/// `found` must be the contact `reference` is: same step, time within 1e-9 s, point within 0.05 m and normal
/// within 1 degree (the case file's default detector-agreement tolerances).
inline void expect_same_first_contact(const std::optional<ImpactEvent>& found, const std::optional<ImpactEvent>& reference,
                                      const std::string& what) {
  ASSERT_EQ(found.has_value(), reference.has_value()) << what;
  if (!found) return;
  EXPECT_EQ(found->step, reference->step) << what;
  EXPECT_NEAR(found->time, reference->time, 1e-9) << what;
  EXPECT_LT((found->contact.point_W - reference->contact.point_W).norm(), 0.05) << what;
  const double cosine = found->contact.normal_W.dot(reference->contact.normal_W);
  EXPECT_GT(cosine, std::cos(1.0 * M_PI / 180)) << what;
}

}  // namespace crashbench::testing
