#include "detectors/detector.hpp"

namespace crashbench {

std::span<const RegistryEntry<DetectorFactory>> detectors() { return {}; }

}  // namespace crashbench
