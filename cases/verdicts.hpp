#pragma once
// What the checks find (cases/checks/): each impact event with its invariant verdicts, and each pass-through
// of the no_tunnelling invariant. The run's result and its event log hold these; the checks compute them.
#include <array>
#include <cstdint>
#include <string_view>

#include "core/contact.hpp"
#include "core/vehicle.hpp"
#include "detectors/scenes/scene.hpp"
#include "models/response/invariant_set.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

std::string_view to_string(Invariant invariant);

enum class Verdict : std::uint8_t { kNotApplicable, kPass, kFail };
std::string_view to_string(Verdict verdict);

struct InvariantCheck {
  double residual = 0;   ///< normalised, dimensionless
  double tolerance = 0;
  Verdict verdict = Verdict::kNotApplicable;
};

/// An event's checks, one per Invariant. Kept as columns: as nine InvariantChecks, each verdict byte would
/// take eight (216 bytes instead of 160, in every stored event).
class InvariantChecks {
 public:
  InvariantCheck operator[](std::size_t i) const { return {residual_[i], tolerance_[i], verdict_[i]}; }
  void set(std::size_t i, const InvariantCheck& check) {
    residual_[i] = check.residual, tolerance_[i] = check.tolerance, verdict_[i] = check.verdict;
  }
  /// Every check, in Invariant order, to iterate over.
  std::array<InvariantCheck, kInvariantCount> all() const {
    std::array<InvariantCheck, kInvariantCount> out;
    for (std::size_t i = 0; i < kInvariantCount; ++i) out[i] = (*this)[i];
    return out;
  }

 private:
  std::array<double, kInvariantCount> residual_{}, tolerance_{};
  std::array<Verdict, kInvariantCount> verdict_{};
};

/// One resolved contact: the bodies before and after the impulse, world frame.
/// A run keeps every event (10,000 cars for 4 s: over half a million), so no field leaves padding: 736 bytes.
struct ImpactEvent {
  int step = 0;
  int impact = -1;        ///< which impact of the run this event belongs to (see RunResult::impacts)
  double time = 0;        ///< [s]
  Contact contact;
  Resolution resolution;
  Body pre_a, post_a;     ///< the vehicle `contact.vehicle`
  Body pre_b, post_b;     ///< the other vehicle; unused for the static scene
  InvariantChecks checks;
  double mu_limit = 0;    ///< friction coefficient the model was allowed [-]

  bool two_body() const { return contact.other != kStaticScene; }
};
static_assert(sizeof(ImpactEvent) <= 736, "a field that leaves padding, or a new one: say so in the comment above");

/// One pass-through: which vehicle crossed what, and when.
struct Tunnelling {
  double time = 0;           ///< end of the step in which it crossed [s]
  int vehicle = 0;           ///< the vehicle whose CG crossed
  int other = kStaticScene;  ///< the vehicle it passed through, or kStaticScene for a wall
  int feature = -1;          ///< the wall: index into Scene::walls, or walls.size() + collision triangle index
  WallSegment wall;          ///< that wall at CG height, world frame [m] (walls only)
};

}  // namespace crashbench
