#pragma once
// check_against (docs/invariants.md, detector agreement): a reference detector on the same end poses each
// step, timed apart from the step, its contacts compared with the case's detector's.
#include <chrono>
#include <memory>
#include <optional>
#include <vector>

#include "cases/case.hpp"
#include "cases/run_result.hpp"
#include "core/phase_clock.hpp"
#include "detectors/detector.hpp"

namespace crashbench {

class ReferenceCheck {
 public:
  using Clock = PhaseClock;
  /// Without Case::check_against, does nothing. Otherwise builds the reference on `scene` (which must
  /// outlive this) and starts `out`, the result's agreement, which each compare() adds to.
  ReferenceCheck(const Case& c, const Scene& scene, int total_steps, std::optional<DetectorAgreement>& out);
  /// Compares the reference's contacts on `poses` with `contacts` (found on them for step `step`), records
  /// its cost and returns it [ns] (the step's time leaves it out); resets `since`.
  double compare(std::span<const VehiclePose> poses, std::span<const Contact> contacts, int step, Clock::time_point& since);

 private:
  const Case& case_;
  std::unique_ptr<Detector> reference_;
  std::vector<Contact> contacts_;
  DetectorStats stats_;
  std::optional<DetectorAgreement>& agreement_;
};

}  // namespace crashbench
