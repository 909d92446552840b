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

std::span<const RegistryEntry<IntegratorFactory>> integrators() {
  static const RegistryEntry<IntegratorFactory> kEntries[] = {
      {"euler", "forward Euler, 1st order, 1 derivative evaluation per step", &make<EulerIntegrator>},
      {"midpoint", "explicit midpoint, 2nd order, 2 evaluations per step", &make<MidpointIntegrator>},
      {"rk4", "classical Runge-Kutta, 4th order, 4 evaluations per step", &make<Rk4Integrator>},
  };
  return kEntries;
}

}  // namespace crashbench
