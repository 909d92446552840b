#pragma once
// A case's "traffic" object (docs/case-files.md, "SUMO traffic"): SUMO's vehicles as case vehicles. A
// streaming pre-pass over the FCD finds every vehicle, its first pose and the file's time step and
// precision; the route file sizes the vehicles, the collision file is kept for the comparison.
#include "cases/case.hpp"
#include "cases/loading/limits.hpp"
#include "core/json_reader.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// SUMO's step must be at most this [s] (--step-length), so that a collision lies within two steps of
/// crashbench's first contact and SUMO's overlaps are short.
inline constexpr double kCoarsestSumoStep = 0.1;
/// And its positions must have at least this many decimals (--precision 4: 0.1 mm).
inline constexpr int kLeastSumoDecimals = 4;

/// Appends SUMO's vehicles to `c.vehicles`, after those listed, and sets `c.traffic`; `model` (the case's
/// dynamics) reads and stretches their parameters. Every problem is an Error naming the file and the JSON
/// pointer, or the SUMO file, the element and its line.
void add_sumo_traffic(const JsonReader& field, Case& c, const InputLimits& limits, const VehicleDynamics& model);

}  // namespace crashbench
