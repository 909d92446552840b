#pragma once
// Named vehicle parameter sets a case can start from ("params": "sedan"): the numbers every model shares
// and the other models' keys as a case writes them, which the case's dynamics model reads its own from.
#include <nlohmann/json.hpp>

#include <span>
#include <string_view>

#include "core/registry.hpp"
#include "core/vehicle.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

struct VehiclePreset {
  VehicleParams shared;  ///< mass, yaw inertia, rectangle, CG height (no model's own parameters)
  nlohmann::json keys;   ///< the models' own keys, as in a vehicle's `params` (tyres, roll, ...)
};

using VehiclePresetFactory = VehiclePreset (*)();
std::span<const RegistryEntry<VehiclePresetFactory>> vehicle_presets();

/// The preset `name` as `model` reads it (throws Error for an unknown name).
VehicleParams preset_vehicle(std::string_view name, const VehicleDynamics& model);

}  // namespace crashbench
