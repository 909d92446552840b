#include "detectors/analytic_detector.hpp"
#include "detectors/detector.hpp"

namespace crashbench {

std::span<const RegistryEntry<DetectorFactory>> detectors() {
  static const RegistryEntry<DetectorFactory> kEntries[] = {
      {"analytic", "exact rectangle-wall and rectangle-rectangle tests at CG height", make_analytic_detector},
  };
  return kEntries;
}

}  // namespace crashbench
