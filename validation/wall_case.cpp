#include "validation/wall_case.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/error.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

/// `magnitude` with the sign of `like` (positive for a zero).
double signed_like(double magnitude, double like) { return like < 0 ? -magnitude : magnitude; }

}  // namespace

nlohmann::json wall_case(const IihsRow& row, const WallReading& reading, const WallVehicle& vehicle) {
  const WallOutcome forward = wall_impact(row, reading, vehicle.mass, vehicle.yaw_inertia, row.e, row.mu_percent);
  if (!forward.ok) throw Error("IIHS row " + row.test_id, "", "the forward model finds no impact for this row");
  const double cap = reading.mu_of_critical ? row.mu_percent / 100 * forward.critical_ratio : row.mu_percent / 100;
  const Contact contact = wall_contact(row, reading);
  const double normal_deg = std::atan2(contact.normal_W.y(), contact.normal_W.x()) * kRadToDeg;
  return {
      {"name", "iihs-" + row.test_id},
      {"description", fmt::format("IIHS small-overlap test {} ({} {}) into a rigid barrier, forward with the "
                                  "table's Brach parameters read as '{}' (crashbench fit --cases). {}.",
                                  row.test_id, row.model_year, row.vehicle, reading.name(), vehicle.source)},
      {"scene", "open-road"},
      {"detector", "analytic"},
      {"response",
       {{"model", "brach-planar"},
        {"restitution", {{"cos2", 0.0}, {"offset", row.e}}},
        {"friction", {{"cos2", 0.0}, {"offset", cap}}}}},
      {"application", "reset"},
      {"dynamics", "bicycle"},
      {"integrator", "rk4"},
      {"dt", kWallCaseStep},
      {"duration", kWallCaseStep},
      {"vehicles",
       {{{"name", row.vehicle},
         {"params", {{"preset", "sedan"}, {"mass", vehicle.mass}, {"yaw_inertia", vehicle.yaw_inertia}}},
         {"position", {0.0, 0.0}},
         {"heading_deg", 0.0},
         {"speed", row.speed}}}},
      {"contact", {{"vehicle", 0}, {"point_B", {contact.point_W.x(), contact.point_W.y()}}, {"normal", normal_deg}}},
      {"measured",
       {{"source", fmt::format("IIHS small-overlap table, test {}: measured delta-V and yaw rate magnitudes, "
                               "signed as the forward model signs them",
                               row.test_id)},
        {"window", kWallCaseStep},
        {"vehicles",
         {{{"delta_v_B", {signed_like(row.dvx, forward.delta_v_B.x()), signed_like(row.dvy, forward.delta_v_B.y())}},
           {"uncertainty", 0.0},
           {"yaw_rate_change_deg_s", signed_like(row.omega_deg_s, forward.yaw_rate)}}}}}}};
}

}  // namespace crashbench
