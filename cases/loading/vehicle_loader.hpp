#pragma once
// The vehicles of a case document (docs/case-files.md, "vehicles"): parameters from a preset or field by
// field, the initial state, and replayed or path-following vehicles. Each problem is an Error naming the
// file and the JSON pointer.
#include <cstddef>

#include "cases/case.hpp"
#include "core/json_reader.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// A vehicle's "params" as dynamics model `model` takes them: a preset's name, or its fields (with
/// "preset", each overrides the preset's). The shared numbers are read here, the model's own keys by the
/// model (VehicleDynamics::read_vehicle_parameters); keys only other registered models read are accepted
/// and left unread, so that one vehicle serves every model of a matrix (results.json echoes what each read).
VehicleParams parse_params(const JsonReader& field, const VehicleDynamics& model);

/// The vehicle at `field`, the `index`-th of the case (its default name), for dynamics model `model`.
VehicleSetup parse_vehicle(const JsonReader& field, std::size_t index, const VehicleDynamics& model);

}  // namespace crashbench
