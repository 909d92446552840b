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
using InvariantChecks = std::array<InvariantCheck, kInvariantCount>;

/// One resolved contact: the bodies before and after the impulse, world frame.
struct ImpactEvent {
  int step = 0;
  double time = 0;        ///< [s]
  int impact = -1;        ///< which impact of the run this event belongs to (see RunResult::impacts)
  Contact contact;
  Resolution resolution;
  double mu_limit = 0;    ///< friction coefficient the model was allowed [-]
  Body pre_a, post_a;     ///< the vehicle `contact.vehicle`
  Body pre_b, post_b;     ///< the other vehicle; unused for the static scene
  InvariantChecks checks;

  bool two_body() const { return contact.other != kStaticScene; }
};

/// One pass-through: which vehicle crossed what, and when.
struct Tunnelling {
  double time = 0;           ///< end of the step in which it crossed [s]
  int vehicle = 0;           ///< the vehicle whose CG crossed
  int other = kStaticScene;  ///< the vehicle it passed through, or kStaticScene for a wall
  int feature = -1;          ///< the wall: index into Scene::walls, or walls.size() + collision triangle index
  WallSegment wall;          ///< that wall at CG height, world frame [m] (walls only)
};

}  // namespace crashbench
