#include "models/dynamics/single_track.hpp"

#include "models/dynamics/dugoff_dynamics.hpp"

namespace crashbench {

std::optional<FourDofParameters> single_track_parameters(const VehicleParams& p) {
  if (const auto* q = p.model.find<FourDofParameters>()) return *q;
  if (const auto* q = p.model.find<BicycleParameters>()) return FourDofParameters{q->tyres, {}};
  if (const auto* q = p.model.find<DugoffModelParameters>()) return FourDofParameters{q->tyres, {}};
  return std::nullopt;
}

}  // namespace crashbench
