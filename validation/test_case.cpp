#include "validation/test_case.hpp"

#include <fmt/format.h>

#include <cmath>
#include <filesystem>

#include "core/error.hpp"
#include "core/units.hpp"
#include "validation/barrier_test.hpp"

namespace crashbench {
namespace {

struct Geometry {
  double cg_to_front, cg_to_rear, width, cg_to_front_axle, cg_to_rear_axle, yaw_inertia;
};

Geometry geometry(const Ev5Vehicle& v, const MissingInputs& rules) {
  Geometry g{};
  g.cg_to_front_axle = v.cg_behind_front_axle;
  g.cg_to_rear_axle = v.wheelbase - v.cg_behind_front_axle;
  g.cg_to_front = v.cg_behind_front_axle + rules.front_overhang_share * (v.length - v.wheelbase);
  g.cg_to_rear = v.length - g.cg_to_front;
  g.width = v.width;
  g.yaw_inertia = rules.yaw_inertia_factor * v.mass * (v.length * v.length + v.width * v.width) / 12;
  return g;
}

nlohmann::json params(const Ev5Vehicle& v, const Geometry& g, const MissingInputs& rules) {
  return {{"mass", v.mass},
          {"yaw_inertia", g.yaw_inertia},
          {"cg_to_front", g.cg_to_front},
          {"cg_to_rear", g.cg_to_rear},
          {"width", g.width},
          {"cg_height", rules.cg_height},
          {"cg_to_front_axle", g.cg_to_front_axle},
          {"cg_to_rear_axle", g.cg_to_rear_axle},
          {"cornering_stiffness_front", rules.cornering_stiffness},
          {"cornering_stiffness_rear", rules.cornering_stiffness},
          {"road_mu", rules.road_mu}};
}

// Vehicle 1's measured end-of-pulse state as a published column: the report's impact table shows it beside
// every model's.
nlohmann::json measured(const Ev5Vehicle& v1, const TestChecks& checks) {
  const VehicleDeltaV& m = checks.vehicles.front();
  nlohmann::json column = {{"label", "measured (" + m.source + ")"},
                           {"velocity_B", {v1.speed + m.delta_v_B.x(), m.delta_v_B.y()}}};
  std::string yaw;
  if (m.has_yaw_estimate) {
    column["yaw_rate_deg_s"] = m.yaw_rate_change * kRadToDeg;
    yaw = fmt::format(" (yaw rate: an estimate from the sills {:.3f} m apart)", m.sill_spacing);
  }
  return {{"source", fmt::format("NHTSA crash test, accelerometers integrated over 0 to {:.4f} s{}", checks.pulse_end, yaw)},
          {"columns", {column}}};
}

// Every vehicle's measured delta-V over the pulse, for the measured-crashes section.
nlohmann::json measured_block(const TestChecks& checks, const std::vector<double>& uncertainty) {
  nlohmann::json vehicles = nlohmann::json::array();
  std::string sources;
  for (std::size_t i = 0; i < checks.vehicles.size(); ++i) {
    const VehicleDeltaV& m = checks.vehicles[i];
    nlohmann::json v = {{"delta_v_B", {m.delta_v_B.x(), m.delta_v_B.y()}},
                        {"uncertainty", i < uncertainty.size() ? uncertainty[i] : 0.0}};
    if (m.has_yaw_estimate) v["yaw_rate_change_deg_s"] = m.yaw_rate_change * kRadToDeg, v["yaw_is_estimate"] = true;
    vehicles.push_back(v);
    sources += (i ? "; " : "") + m.source;
  }
  return {{"source", fmt::format("accelerometers integrated over 0 to {:.4f} s ({}); uncertainty: the window band "
                                 "(the end rule's threshold at 1/1.5 and 4/3 of its value)", checks.pulse_end, sources)},
          {"window", checks.pulse_end},
          {"vehicles", vehicles}};
}

// The test's name: its header's file name without the extension ("v07292").
std::string test_name(const NhtsaTest& test) { return std::filesystem::path(test.ev5_path).stem().string(); }

// What a vehicle-to-vehicle and a barrier case share: the analytic detector on the open road (the barrier
// case puts its wall scene in), a short step, the run as long as the pulse, and the measurements.
nlohmann::json case_frame(const NhtsaTest& test, const TestChecks& checks, const nlohmann::json& response,
                          const std::vector<double>& uncertainty) {
  return {{"name", "nhtsa-" + test_name(test)},
          {"scene", "open-road"},
          {"detector", "analytic"},
          {"response", response},
          {"application", "reset"},
          {"dynamics", "bicycle"},
          {"integrator", "rk4"},
          {"dt", 0.0005},
          {"duration", std::max(checks.pulse_end, 0.01)},
          {"measured", measured_block(checks, uncertainty)},
          {"published", measured(test.header.vehicles.front(), checks)}};
}

std::string assumptions(const Ev5Header& h, const PairChecks& pair, const MissingInputs& rules,
                        const std::string& centre_lines) {
  return fmt::format(
      " Not in the header, from stated rules (docs/validation.md): front overhang {} of (length - wheelbase); "
      "CG height {} m; yaw inertia {} m (L^2 + W^2) / 12 (the 2008 Fusion's measured ratio); {}; vehicle 2 "
      "heading {} deg, IMPANG {} read the way the momentum balances (residual {:.3f} against {:.3f}); tyres {} "
      "N/rad per axle, road mu {}.",
      rules.front_overhang_share, rules.cg_height, rules.yaw_inertia_factor, centre_lines, pair.heading2_deg,
      h.test.impact_angle_deg, pair.residual, pair.other_residual, rules.cornering_stiffness, rules.road_mu);
}

/// Where vehicle 2 stands and how the first contact is prescribed, in vehicle 1's frame (vehicle 1 at the
/// origin heading +X, its front at x = g1.cg_to_front).
struct PairPlacement {
  Vec2 cg2 = Vec2::Zero(), point_B = Vec2::Zero();
  double normal_deg = 180;   ///< the contact normal, from vehicle 2 towards vehicle 1
  std::string centre_lines;  ///< the rule that placed it, for the description
};

PairPlacement place_pair(PairImpact impact, const Geometry& g1, const Geometry& g2, double heading2_deg,
                         const MissingInputs& rules) {
  PairPlacement out;
  const double heading2 = heading2_deg * kDegToRad;
  const Vec2 along2(std::cos(heading2), std::sin(heading2));
  // Vehicle 2's face that meets vehicle 1's front: its front (frontal) or its back (rear), a centre line
  // `lateral` to vehicle 1's left; the first contact in the middle of the overlap of the two widths.
  double lateral = 0;
  if (impact == PairImpact::kFrontal) {
    lateral = rules.rail_spacing;
    out.cg2 = Vec2(g1.cg_to_front, lateral) - g2.cg_to_front * along2;
    // The normal bisects the two front faces' normals (vehicle 1's reversed: from 2 towards 1).
    out.normal_deg = 180.0 + 0.5 * (heading2_deg - 180.0);
    out.centre_lines = fmt::format("centre lines {} m apart (no frame rail overlap, rails {} m apart)",
                                   rules.rail_spacing, rules.rail_spacing);
  } else {
    out.cg2 = Vec2(g1.cg_to_front, lateral) + g2.cg_to_rear * along2;
    // Vehicle 2's back faces -along2; vehicle 1's front reversed is 180 deg: the normal bisects them.
    out.normal_deg = 180.0 + 0.5 * std::remainder(heading2_deg, 360.0);
    out.centre_lines = "centre lines aligned (a rear impact at full overlap; the header's OFFSET is not applied, "
                       "its side not being stated)";
  }
  const double overlap_low = std::max(-g1.width / 2, lateral - g2.width / 2);
  const double overlap_high = std::min(g1.width / 2, lateral + g2.width / 2);
  out.point_B = Vec2(g1.cg_to_front, 0.5 * (overlap_low + overlap_high));
  return out;
}

}  // namespace

nlohmann::json test_case(const NhtsaTest& test, const TestChecks& checks, const PairChecks& pair,
                         const nlohmann::json& response, const MissingInputs& rules,
                         const std::vector<double>& uncertainty) {
  const Ev5Header& h = test.header;
  std::string why;
  const std::optional<PairImpact> impact = pair_impact(h, &why);
  if (!impact) throw Error(test.ev5_path, "VEHICLE", why);
  const Ev5Vehicle &v1 = h.vehicles[0], &v2 = h.vehicles[1];
  const Geometry g1 = geometry(v1, rules), g2 = geometry(v2, rules);
  const PairPlacement at = place_pair(*impact, g1, g2, pair.heading2_deg, rules);
  nlohmann::json doc = case_frame(test, checks, response, uncertainty);
  const char* how = *impact == PairImpact::kFrontal ? "front to front" : "vehicle 1's front into vehicle 2's back";
  doc["description"] = fmt::format("NHTSA test {}: {} (crashbench crash-test), {}.", test_name(test), h.test.title,
                                   how) + assumptions(h, pair, rules, at.centre_lines);
  doc["vehicles"] = {{{"name", "vehicle 1 (bullet)"}, {"params", params(v1, g1, rules)}, {"position", {0.0, 0.0}},
                      {"heading_deg", 0.0}, {"speed", v1.speed}},
                     {{"name", "vehicle 2 (target)"}, {"params", params(v2, g2, rules)},
                      {"position", {at.cg2.x(), at.cg2.y()}}, {"heading_deg", pair.heading2_deg}, {"speed", v2.speed}}};
  doc["contact"] = {{"vehicle", 0}, {"other", 1}, {"point_B", {at.point_B.x(), at.point_B.y()}},
                    {"normal", at.normal_deg}};
  return doc;
}

nlohmann::json barrier_case(const NhtsaTest& test, const TestChecks& checks, const nlohmann::json& response,
                            const MissingInputs& rules, const std::vector<double>& uncertainty) {
  const Ev5Header& h = test.header;
  if (const std::string why = why_no_barrier_case(h); !why.empty()) throw Error(test.ev5_path, "TEST", why);
  const Ev5Vehicle& v = h.vehicles.front();
  const Geometry g = geometry(v, rules);
  nlohmann::json doc = case_frame(test, checks, response, uncertainty);
  doc["description"] = fmt::format(
      "NHTSA test {}: {} (crashbench crash-test), straight into a rigid barrier. Not in the header, from stated "
      "rules (docs/validation.md): front overhang {} of (length - wheelbase); CG height {} m; yaw inertia {} m "
      "(L^2 + W^2) / 12; tyres {} N/rad per axle, road mu {}.{}",
      test_name(test), h.test.title, rules.front_overhang_share,
      rules.cg_height, rules.yaw_inertia_factor, rules.cornering_stiffness, rules.road_mu,
      checks.vehicles.front().lateral_assumed_zero ? " No lateral accelerometer: the measured lateral delta-V is "
                                                     "0 by the test's symmetry, an assumption."
                                                   : "");
  // Knight's head-on wall case at the test's speed: the car's front 1 mm short of the straight wall (y = 0),
  // heading straight at it, so that crashbench's detector and each model's answer make the impact, as on a
  // user's scene (a prescribed contact would give a force model one step of contact and no more).
  doc["scene"] = "straight-wall";
  doc["vehicles"] = {{{"name", "vehicle 1"}, {"params", params(v, g, rules)},
                      {"position", {100.0, g.cg_to_front + 0.001}}, {"heading_deg", -90.0}, {"speed", v.speed}}};
  return doc;
}

}  // namespace crashbench
