#include <memory>

#include "models/integrators/integrator.hpp"
#include "models/integrators/methods.hpp"

namespace crashbench {

namespace {
template <class T>
std::unique_ptr<Integrator> make() {
  return std::make_unique<T>();
}
}  // namespace

Registry<RegistryEntry<IntegratorFactory>>& integrator_registry() {
  static const RegistryEntry<IntegratorFactory> kEntries[] = {
      {"euler", "forward Euler, 1st order, 1 derivative evaluation per step", &make<EulerIntegrator>},
      {"midpoint", "explicit midpoint, 2nd order, 2 evaluations per step", &make<MidpointIntegrator>},
      {"rk4", "classical Runge-Kutta, 4th order, 4 evaluations per step", &make<Rk4Integrator>},
  };
  static Registry<RegistryEntry<IntegratorFactory>> registry =
      registry_with<RegistryEntry<IntegratorFactory>>("integrator", kEntries);
  return registry;
}

std::span<const RegistryEntry<IntegratorFactory>> integrators() { return integrator_registry().entries(); }

}  // namespace crashbench
