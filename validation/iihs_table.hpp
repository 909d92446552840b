#pragma once
// The IIHS small-overlap table: barrier tests with fitted Brach planar-impact parameters and measured
// delta-V and yaw rate (second-hand; docs/validation.md says which columns are unconfirmed and how they
// are read).
#include <optional>
#include <string>
#include <vector>

namespace crashbench {

/// One row, SI units; the measured values as the table types them (magnitudes).
struct IihsRow {
  std::string test_id, vehicle;
  int model_year = 0;
  double e = 0;              ///< Brach's restitution [-]
  double mu_percent = 0;     ///< impulse ratio as a percentage (read as of the critical ratio) [%]
  double d = 0;              ///< CG to impact centre [m]
  double phi_deg = 0;        ///< that line's angle from the vehicle's x axis, sign [?] [deg]
  double gamma_deg = 0;      ///< crush surface angle, meaning [?] [deg]
  double speed = 0;          ///< impact speed [m/s]
  double dvx = 0, dvy = 0;   ///< measured delta-V magnitudes, x rearward, y side [?] [m/s]
  double omega_deg_s = 0;    ///< measured yaw rate magnitude, peak or final [?] [deg/s]
  bool gamma_sheets_agree = true;
};

/// Reads the CSV (a header line naming the columns, then a row a line). Throws Error naming the file, the
/// line and the column of the first value that is missing or not a number.
std::vector<IihsRow> read_iihs_table(const std::string& path);

/// Mass and yaw inertia of a table vehicle, with where they come from.
struct WallVehicle {
  double mass = 0;         ///< [kg]
  double yaw_inertia = 0;  ///< [kg m^2]
  std::string source;
};
/// The vehicles whose mass and yaw inertia are known (the 2008 Ford Fusion only); nullopt for the others.
std::optional<WallVehicle> known_vehicle(const IihsRow& row);

}  // namespace crashbench
