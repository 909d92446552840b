#include "cases/vehicle_presets.hpp"

namespace crashbench {
namespace {

// Knight gives no vehicle numbers; a mid-size sedan of the VDANL era. Yaw inertia ~ m (a b) and
// cornering stiffnesses ~ 5.5 x axle load per rad are the usual rules of thumb.
VehicleParams sedan() {
  VehicleParams p;
  p.mass = 1500;
  p.yaw_inertia = 2500;
  p.body = {2.25, 2.45, 1.80};
  p.cg_height = 0.55;
  p.tyres = {1.15, 1.45, 80000, 90000, 0.9};
  return p;
}

}  // namespace

std::span<const RegistryEntry<VehiclePresetFactory>> vehicle_presets() {
  static const RegistryEntry<VehiclePresetFactory> kEntries[] = {
      {"sedan", "1500 kg mid-size sedan, 4.7 m x 1.8 m, bicycle-model tyres (crashbench's own numbers)", &sedan},
  };
  return kEntries;
}

}  // namespace crashbench
