#include "models/response/response_model.hpp"

#include "models/response/brach_planar.hpp"
#include "models/response/energy_loss.hpp"
#include "models/response/four_dof_impact.hpp"
#include "models/response/penalty.hpp"
#include "models/response/restitution.hpp"

namespace crashbench {

Registry<RegistryEntry<ResponseFactory>>& response_model_registry() {
  static const RegistryEntry<ResponseFactory> kEntries[] = {
      {"restitution", "Macmillan/Knight: n.v2 = -e(alpha) n.v1 at the contact point, friction mu(alpha) capped at sticking",
       make_restitution},
      {"energy-loss", "Knight: impulse along unit(n + mu t) leaving E2 = P(alpha) E1, non-penetrating root; e = 0 fallback",
       make_energy_loss},
      {"brach-planar", "Brach's two-body impulse-momentum model: restitution e and capped tangential mu",
       make_brach_planar},
      {"four-dof", "Zhou-Peng-Lu 4-DOF impact: tyre forces and roll over the impact duration, iterative",
       make_four_dof_impact},
      {"penalty", "Moore-Wilhelms/Deak penalty: spring-damper force k d + c d_dot over the contact, c from e", make_penalty},
  };
  static Registry<RegistryEntry<ResponseFactory>> registry =
      registry_with<RegistryEntry<ResponseFactory>>("response model", kEntries);
  return registry;
}

std::span<const RegistryEntry<ResponseFactory>> response_models() { return response_model_registry().entries(); }

}  // namespace crashbench
