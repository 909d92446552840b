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

std::optional<PairImpact> pair_impact(const Ev5Header& h, std::string* why) {
  const auto none = [&](std::string reason) {
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  if (h.vehicles.size() != 2)
    return none(fmt::format("{} vehicles: a vehicle-to-vehicle case is made of two", h.vehicles.size()));
  const double from_head_on = std::min(h.test.impact_angle_deg, 360 - h.test.impact_angle_deg);
  const char* const kShapes = "the case puts the two fronts together, or vehicle 1's front into vehicle 2's back";
  // The area each vehicle is damaged at: its VDI's, else the one IMPANG implies (0: none).
  const auto area = [&](const Ev5Vehicle& v, char head_on, char behind) {
    const char a = v.damaged_area();
    return a != '\0' ? a : from_head_on <= 30 ? head_on : from_head_on >= 150 ? behind : '\0';
  };
  const char a1 = area(h.vehicles[0], 'F', 'F'), a2 = area(h.vehicles[1], 'F', 'B');
  for (const Ev5Vehicle& v : h.vehicles)
    if (v.damaged_area() == '\0' && (v.number == 1 ? a1 : a2) == '\0')
      return none(fmt::format("vehicle {} has no VDI and IMPANG is {} deg, {} deg from head-on: {}, so only an impact "
                              "within 30 deg of head-on or of straight behind makes one",
                              v.number, h.test.impact_angle_deg, from_head_on, kShapes));
  if (a1 == 'F' && a2 == 'F') return PairImpact::kFrontal;
  if (a1 == 'F' && a2 == 'B') return PairImpact::kRear;
  const Ev5Vehicle& odd = a1 != 'F' ? h.vehicles[0] : h.vehicles[1];
  return none(fmt::format("vehicle {} is damaged at its {} (VDI {}, area {}): {}, so only a frontal or a rear "
                          "impact makes one", odd.number, damaged_area_name(odd.damaged_area()), odd.vdi,
                          odd.damaged_area(), kShapes));
}

std::string why_no_pair_case(const Ev5Header& h) {
  std::string why;
  return pair_impact(h, &why) ? "" : why;
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
