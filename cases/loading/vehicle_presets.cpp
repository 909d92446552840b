#include "cases/loading/vehicle_presets.hpp"

#include "models/dynamics/four_dof_dynamics.hpp"
#include "models/dynamics/four_dof_zhou_suv.hpp"

namespace crashbench {
namespace {

/// A car on the single-track models' linear tyres: the shared numbers and the tyre keys.
VehiclePreset car_on_tyres(double mass, double yaw_inertia, RectangleSize body, double cg_height, TyreParams tyres) {
  VehiclePreset p;
  p.shared.mass = mass;
  p.shared.yaw_inertia = yaw_inertia;
  p.shared.body = body;
  p.shared.cg_height = cg_height;
  p.keys = tyre_json(tyres);
  return p;
}

// Knight gives no vehicle numbers; a mid-size sedan of the VDANL era. Yaw inertia ~ m (a b) and
// cornering stiffnesses ~ 5.5 x axle load per rad are the usual rules of thumb.
VehiclePreset sedan() { return car_on_tyres(1500, 2500, {2.25, 2.45, 1.80}, 0.55, {1.15, 1.45, 80000, 90000, 0.9}); }

// Tongue & Moon (1995) Table 1: 1809 kg, 4068 kg m^2, 3.048 m x 1.524 m, mu_nom 1.05. They give no
// axle positions, CG height or tyre stiffness: CG mid-length, axles 1.0 m each side, sedan-like stiffness.
VehiclePreset tongue_moon_car() {
  return car_on_tyres(1809, 4068, {1.524, 1.524, 1.524}, 0.5, {1.0, 1.0, 80000, 80000, 1.05});
}

// Zhou's SUV is four-dof's own vehicle; its keys are what four-dof echoes of it.
VehiclePreset zhou_suv() {
  VehiclePreset p;
  p.shared = zhou_2008_suv();
  p.keys = FourDofDynamics().vehicle_parameters(p.shared);
  p.shared.model = {};
  return p;
}

}  // namespace

std::span<const RegistryEntry<VehiclePresetFactory>> vehicle_presets() {
  static const RegistryEntry<VehiclePresetFactory> kEntries[] = {
      {"sedan", "1500 kg mid-size sedan, 4.7 m x 1.8 m, bicycle-model tyres (crashbench's own numbers)", &sedan},
      {"tongue-moon-1995", "Tongue & Moon Table 1 car: 1809 kg, 3.048 m x 1.524 m, mu 1.05 (axles assumed)",
       &tongue_moon_car},
      {"zhou-2008-suv", "Zhou, Peng & Lu Table 1 SUV with roll (overhangs assumed: docs/zhou-2008-assumptions.md)",
       &zhou_suv},
  };
  return kEntries;
}

VehicleParams preset_vehicle(std::string_view name, const VehicleDynamics& model) {
  const VehiclePreset preset = find_entry(vehicle_presets(), name, "vehicle preset").make();
  VehicleParams p = preset.shared;
  model.read_vehicle_parameters(JsonReader(preset.keys, "vehicle preset '" + std::string(name) + "'", ""), false, p);
  return p;
}

}  // namespace crashbench
