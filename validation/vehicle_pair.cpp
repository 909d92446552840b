#include "validation/vehicle_pair.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/units.hpp"

namespace crashbench {
namespace {

double residual(const VehicleDeltaV& v1, const VehicleDeltaV& v2, double heading2_deg) {
  const Vec2 p = v1.mass * v1.delta_v_B + v2.mass * delta_v_in_frame_1(v2, heading2_deg);
  return p.norm() / std::max(v1.mass * v1.delta_v_B.norm(), 1e-12);
}

double wrap_deg(double a) { return std::fmod(std::fmod(a, 360.0) + 360.0, 360.0); }

}  // namespace

std::string why_no_pair_case(const Ev5Header& h) {
  if (h.vehicles.size() != 2) return fmt::format("{} vehicles: a vehicle-to-vehicle case is made of two", h.vehicles.size());
  const double from_head_on = std::min(h.test.impact_angle_deg, 360 - h.test.impact_angle_deg);
  for (const Ev5Vehicle& v : h.vehicles) {
    const char area = v.damaged_area();
    if (area != '\0' && area != 'F')
      return fmt::format("vehicle {} is damaged at its {} (VDI {}, area {}): the case puts the two fronts "
                         "together, so only a frontal impact makes one", v.number, damaged_area_name(area), v.vdi, area);
    if (area == '\0' && from_head_on > 30)
      return fmt::format("vehicle {} has no VDI and IMPANG is {} deg, {} deg from head-on: the case puts the two "
                         "fronts together, so only an impact within 30 deg of head-on makes one",
                         v.number, h.test.impact_angle_deg, from_head_on);
  }
  return "";
}

Vec2 delta_v_in_frame_1(const VehicleDeltaV& v2, double heading2_deg) {
  return rotation(heading2_deg * kDegToRad) * v2.delta_v_B;
}

PairChecks check_pair(const Ev5Test& test, const VehicleDeltaV& v1, const VehicleDeltaV& v2) {
  PairChecks c;
  c.momentum_ratio = v1.mass * v1.delta_v_B.norm() / std::max(v2.mass * v2.delta_v_B.norm(), 1e-12);
  const double a = wrap_deg(180 + test.impact_angle_deg), b = wrap_deg(180 - test.impact_angle_deg);
  const double ra = residual(v1, v2, a), rb = residual(v1, v2, b);
  c.heading2_deg = ra <= rb ? a : b;
  c.other_heading2_deg = ra <= rb ? b : a;
  c.residual = std::min(ra, rb);
  c.other_residual = std::max(ra, rb);
  const Vec2 relative = v1.delta_v_B - delta_v_in_frame_1(v2, c.heading2_deg);
  c.closing_ratio = test.closing_speed > 0 ? relative.norm() / test.closing_speed : 0.0;
  c.momentum_ok = std::abs(c.momentum_ratio - 1) <= 0.1 && c.residual <= 0.1;
  c.closing_ok = c.closing_ratio <= 2;
  return c;
}

}  // namespace crashbench
