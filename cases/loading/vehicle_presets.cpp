#include "cases/loading/vehicle_presets.hpp"

#include "models/dynamics/four_dof_zhou_suv.hpp"

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

// Tongue & Moon (1995) Table 1: 1809 kg, 4068 kg m^2, 3.048 m x 1.524 m, mu_nom 1.05. They give no
// axle positions, CG height or tyre stiffness: CG mid-length, axles 1.0 m each side, sedan-like stiffness.
VehicleParams tongue_moon_car() {
  VehicleParams p;
  p.mass = 1809;
  p.yaw_inertia = 4068;
  p.body = {1.524, 1.524, 1.524};
  p.cg_height = 0.5;
  p.tyres = {1.0, 1.0, 80000, 80000, 1.05};
  return p;
}

}  // namespace

std::span<const RegistryEntry<VehiclePresetFactory>> vehicle_presets() {
  static const RegistryEntry<VehiclePresetFactory> kEntries[] = {
      {"sedan", "1500 kg mid-size sedan, 4.7 m x 1.8 m, bicycle-model tyres (crashbench's own numbers)", &sedan},
      {"tongue-moon-1995", "Tongue & Moon Table 1 car: 1809 kg, 3.048 m x 1.524 m, mu 1.05 (axles assumed)",
       &tongue_moon_car},
      {"zhou-2008-suv", "Zhou, Peng & Lu Table 1 SUV with roll (overhangs assumed: docs/zhou-2008-assumptions.md)",
       &zhou_2008_suv},
  };
  return kEntries;
}

}  // namespace crashbench
