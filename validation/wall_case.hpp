#pragma once
// An IIHS small-overlap row as a case that every command runs (`crashbench fit TABLE --cases DIR`): the car
// meets a rigid barrier through a prescribed wall contact, and brach-planar answers it with the row's
// parameters. The runner then reproduces the forward model (validation/wall_impact.hpp), and the report's
// measured-crashes section scores it against the row's measured values (docs/validation.md).
#include <nlohmann/json.hpp>

#include "validation/iihs_table.hpp"
#include "validation/wall_impact.hpp"

namespace crashbench {

/// The case's step and measured window [s]: short, so that the tyres add almost nothing to the impulse's
/// velocity change (a car yawing at 3 rad/s gains well under 0.01 m/s from them in it).
inline constexpr double kWallCaseStep = 0.0005;

/// Row `row` under `reading` for `vehicle` (a preset sedan's rectangle with its mass and yaw inertia):
/// the car at the row's speed along +x, the wall contact at the impact centre with the barrier's normal;
/// brach-planar with the row's e and, as its friction cap, the row's impulse ratio (mu% of the critical
/// ratio, or mu%/100, as `reading` says); the measured magnitudes signed as the forward model signs them
/// (the table gives magnitudes only). Throws Error naming the row when the forward model finds no impact.
nlohmann::json wall_case(const IihsRow& row, const WallReading& reading, const WallVehicle& vehicle);

}  // namespace crashbench
