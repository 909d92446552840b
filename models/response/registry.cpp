#include "models/response/response_model.hpp"

#include "models/response/brach_planar.hpp"
#include "models/response/four_dof_impact.hpp"

#include <cmath>

namespace crashbench {

double AngleLaw::at(double alpha) const { return cos2_coef * std::cos(2.0 * alpha) + offset; }

std::string_view to_string(ResolutionStatus status) {
  switch (status) {
    case ResolutionStatus::kOk: return "ok";
    case ResolutionStatus::kSeparating: return "separating";
    case ResolutionStatus::kNoRealRoot: return "no_real_root";
    case ResolutionStatus::kRootPenetrates: return "root_penetrates";
    case ResolutionStatus::kNotConverged: return "not_converged";
    case ResolutionStatus::kSingular: return "singular";
  }
  return "unknown";
}

std::span<const RegistryEntry<ResponseFactory>> response_models() {
  static const RegistryEntry<ResponseFactory> kEntries[] = {
      {"none", "placeholder until the wall models land", nullptr},
      {"brach-planar", "Brach's two-body impulse-momentum model: restitution e and capped tangential mu",
       make_brach_planar},
      {"four-dof", "Zhou-Peng-Lu 4-DOF impact: tyre forces and roll over the impact duration, iterative",
       make_four_dof_impact},
  };
  return kEntries;
}

}  // namespace crashbench
