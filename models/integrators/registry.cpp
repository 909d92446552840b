#include "models/integrators/integrator.hpp"

namespace crashbench {

std::span<const RegistryEntry<IntegratorFactory>> integrators() { return {}; }

}  // namespace crashbench
