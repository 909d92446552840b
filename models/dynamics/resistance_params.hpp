#pragma once
// Resistance to travel on a level road (Tongue & Moon 1995, section 2.1): rolling resistance and drag, as
// the dugoff model reads them from a vehicle's "resistance" object (docs/case-files.md).
#include <nlohmann/json.hpp>

#include "core/json_reader.hpp"

namespace crashbench {

/// Density of air at sea level, 15 C [kg/m^3]. Tongue & Moon's "0.00238 kg/m^3" is slug/ft^3 (1.2266 kg/m^3).
inline constexpr double kAirDensity = 1.225;

/// Aerodynamic drag with an effective area (models/dynamics/aero_drag.hpp). All zero: no drag.
struct AeroParams {
  double drag_coefficient = 0;       ///< C_d [-]
  double frontal_area = 0;           ///< A_f [m^2]
  double side_area = 0;              ///< A_s [m^2]
  double air_density = kAirDensity;  ///< rho [kg/m^3]
};

/// All zero: none (the default).
struct ResistanceParams {
  double rolling = 0;  ///< f_r: force f_r m g against the forward speed [-]
  AeroParams aero;     ///< drag F = 1/2 rho C_d A_eff |V| V [-, m^2, kg/m^3]

  /// True when some resistance acts (rolling or drag).
  bool any() const { return rolling > 0 || (aero.drag_coefficient > 0 && (aero.frontal_area > 0 || aero.side_area > 0)); }
};

/// {"rolling": f_r, "drag_coefficient": C_d, "frontal_area": A_f, "side_area": A_s, "air_density": rho}:
/// each key optional (0, or 1.225 kg/m^3 for rho), each range-checked; `field` names any bad one.
ResistanceParams read_resistance(const JsonReader& field);

/// `r` as a "resistance" object.
nlohmann::json resistance_json(const ResistanceParams& r);

}  // namespace crashbench
