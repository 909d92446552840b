#pragma once
// Named vehicle parameter sets a case can start from ("params": "sedan").
#include <span>
#include <string_view>

#include "core/registry.hpp"
#include "core/vehicle.hpp"

namespace crashbench {

using VehiclePresetFactory = VehicleParams (*)();
std::span<const RegistryEntry<VehiclePresetFactory>> vehicle_presets();

}  // namespace crashbench
