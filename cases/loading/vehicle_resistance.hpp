#pragma once
// A vehicle's "resistance" object in a case file (rolling resistance and drag, docs/case-files.md),
// and the check that the case's dynamics model applies it.
#include <string_view>

#include "core/json_reader.hpp"
#include "core/vehicle.hpp"

namespace crashbench {

/// {"rolling": f_r, "drag_coefficient": C_d, "frontal_area": A_f, "side_area": A_s, "air_density": rho};
/// each key optional (0, or 1.225 kg/m^3 for rho), each range-checked; `field` names any bad one.
ResistanceParams parse_resistance(const JsonReader& field);

/// Fails at `field` when `resistance` acts but the dynamics model `dynamics` does not apply it.
void require_resistance_applies(const JsonReader& field, const ResistanceParams& resistance, std::string_view dynamics);

}  // namespace crashbench
