#include "reports/expectation_text.hpp"

#include <fmt/format.h>

#include <climits>

#include "cases/run_result.hpp"

namespace crashbench {

std::string impact_count_mismatch(int min, int max, int got) {
  const auto impacts = [](int n) { return fmt::format("{} impact{}", n, n == 1 ? "" : "s"); };
  std::string expected;
  if (min == max) expected = "exactly " + impacts(min);
  else if (max == INT_MAX) expected = "at least " + impacts(min);
  else if (min <= 0) expected = "at most " + impacts(max);
  else expected = fmt::format("{} to {} impacts", min, max);
  return fmt::format("expected {}, got {}", expected, got);
}

std::string impacts_versus_events_note() {
  // The grouping rule of cases/run_result.cpp (group_impacts), stated from its constant.
  return fmt::format("An impact groups the contact events of one collision: the events (one per contact the "
                     "response model answered, per step) of one vehicle on one obstacle face, no more than {} "
                     "steps apart; a car scraping along a wall is one impact of many events.",
                     kImpactGapSteps);
}

}  // namespace crashbench
