#include "models/response/response_model.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"

#include "models/response/brach_planar.hpp"
#include "models/response/energy_loss.hpp"
#include "models/response/four_dof_impact.hpp"
#include "models/response/restitution.hpp"

namespace crashbench {

double AngleLaw::at(double alpha) const { return cos2_coef * std::cos(2.0 * alpha) + offset; }

void require_law_within(const AngleLaw& law, double lo, double hi, const char* field) {
  // cos 2 alpha spans [-1, 1] over alpha in [0, pi/2]: the law spans offset -+ |cos2_coef|.
  const double low = law.offset - std::abs(law.cos2_coef), high = law.offset + std::abs(law.cos2_coef);
  if (!(low >= lo && high <= hi))
    throw Error("", field,
                "expected values in [" + std::to_string(lo) + ", " + std::to_string(hi) + "] for every angle, found [" +
                    std::to_string(low) + ", " + std::to_string(high) + "]");
}

void validate(const ResponseParams& params) {
  require_law_within(params.restitution, 0.0, 1.0, "restitution");
  require_law_within(params.friction, 0.0, std::numeric_limits<double>::infinity(), "friction");
  require_law_within(params.energy_kept, 0.0, 1.0, "energy_kept");
}

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

namespace {
template <class Model>
std::unique_ptr<ResponseModel> make(const ResponseParams& params) {
  return std::make_unique<Model>(params);
}
}  // namespace

Registry<RegistryEntry<ResponseFactory>>& response_model_registry() {
  static const RegistryEntry<ResponseFactory> kEntries[] = {
      {"restitution", "Macmillan/Knight: n.v2 = -e(alpha) n.v1 at the contact point, friction mu(alpha) capped at sticking",
       &make<RestitutionModel>},
      {"energy-loss", "Knight: impulse along unit(n + mu t) leaving E2 = P(alpha) E1, non-penetrating root; e = 0 fallback",
       &make<EnergyLossModel>},
      {"brach-planar", "Brach's two-body impulse-momentum model: restitution e and capped tangential mu",
       make_brach_planar},
      {"four-dof", "Zhou-Peng-Lu 4-DOF impact: tyre forces and roll over the impact duration, iterative",
       make_four_dof_impact},
  };
  static Registry<RegistryEntry<ResponseFactory>> registry =
      registry_with<RegistryEntry<ResponseFactory>>("response model", kEntries);
  return registry;
}

std::span<const RegistryEntry<ResponseFactory>> response_models() { return response_model_registry().entries(); }

}  // namespace crashbench
