#pragma once
// The tyres and roll of a vehicle whose own parameters one of the built-in single-track models read
// (bicycle, four-dof, dugoff), in the four-dof model's form: what Zhou's 4-DOF impact model needs of
// each vehicle whichever of them drives it.
#include <optional>

#include "models/dynamics/four_dof_dynamics.hpp"

namespace crashbench {

/// The tyres of `p` and its roll (none unless four-dof read it); nullopt when no single-track model read
/// its parameters (free-body, a plugin's model).
std::optional<FourDofParameters> single_track_parameters(const VehicleParams& p);

}  // namespace crashbench
