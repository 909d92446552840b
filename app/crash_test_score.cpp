#include "app/crash_test_score.hpp"

#include <fmt/format.h>

#include <cmath>

#include "cases/case_loader.hpp"
#include "cases/simulation.hpp"
#include "core/units.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {
namespace {


double signed_angle_deg(const Vec2& from, const Vec2& to) {
  return std::atan2(cross(from, to), from.dot(to)) * kRadToDeg;
}

void score(ModelScore& s, const RunResult& r, const TestChecks& checks) {
  for (std::size_t i = 0; i < r.tracks.size() && i < checks.vehicles.size(); ++i) {
    const PlanarState& a = r.tracks[i].states.front();
    const PlanarState& b = r.tracks[i].states.back();
    // Both states in the vehicle's body frame at impact, as the accelerometers (nearly) measure them.
    const Vec2 dv = rotation(-a.heading) * (b.velocity_W - a.velocity_W);
    s.delta_v_B.push_back(dv);
    const Vec2& m = checks.vehicles[i].delta_v_B;
    s.magnitude_error.push_back(dv.norm() - m.norm());
    s.direction_error.push_back(signed_angle_deg(m, dv));
    if (i == 0) {
      s.yaw_rate_change = b.yaw_rate - a.yaw_rate;
      s.has_yaw_error = checks.vehicles[0].has_yaw_estimate;
      s.yaw_rate_error = s.yaw_rate_change - checks.vehicles[0].yaw_rate_change;
    }
  }
}

}  // namespace

std::vector<ModelScore> score_models(const nlohmann::json& case_doc, const std::string& file, const TestChecks& checks) {
  std::vector<ModelScore> out;
  for (const auto& entry : response_models()) {
    ModelScore s;
    s.model = std::string(entry.name);
    nlohmann::json doc = case_doc;
    doc["response"] = {{"model", entry.name}};
    try {
      const RunResult r = run_case(parse_case(doc, file));
      if (r.status == CaseStatus::kError) s.error = r.error;
      else score(s, r, checks);
    } catch (const Error& e) {
      s.error = e.problem();
    }
    out.push_back(s);
  }
  return out;
}

void print_scorecard(const std::vector<ModelScore>& scores, const TestChecks& checks) {
  fmt::print("\nscorecard: delta-V over 0 to {:.4f} s, each model with its defaults [km/h, deg, deg/s]\n",
             checks.pulse_end);
  fmt::print("{:<14} {:>22} {:>8} {:>8} {:>22} {:>8} {:>8} {:>9} {:>9}\n", "model", "dV1 (x, y)", "err |dV1|",
             "err dir1", "dV2 (x, y)", "err |dV2|", "err dir2", "yaw1", "err yaw1");
  const auto& m = checks.vehicles;
  fmt::print("{:<14} {:>22} {:>8} {:>8} {:>22} {:>8} {:>8} {:>9}\n", "measured",
             fmt::format("({:.1f}, {:.1f})", m[0].delta_v_B.x() * kMpsToKmh, m[0].delta_v_B.y() * kMpsToKmh), "", "",
             fmt::format("({:.1f}, {:.1f})", m[1].delta_v_B.x() * kMpsToKmh, m[1].delta_v_B.y() * kMpsToKmh), "", "",
             m[0].has_yaw_estimate ? fmt::format("{:.0f}*", m[0].yaw_rate_change * kRadToDeg) : "-");
  for (const ModelScore& s : scores) {
    if (!s.error.empty() || s.delta_v_B.size() < 2) {
      fmt::print("{:<14} did not run: {}\n", s.model, s.error);
      continue;
    }
    fmt::print("{:<14} {:>22} {:>8.1f} {:>8.1f} {:>22} {:>8.1f} {:>8.1f} {:>9.0f} {:>9}\n", s.model,
               fmt::format("({:.1f}, {:.1f})", s.delta_v_B[0].x() * kMpsToKmh, s.delta_v_B[0].y() * kMpsToKmh),
               s.magnitude_error[0] * kMpsToKmh, s.direction_error[0],
               fmt::format("({:.1f}, {:.1f})", s.delta_v_B[1].x() * kMpsToKmh, s.delta_v_B[1].y() * kMpsToKmh),
               s.magnitude_error[1] * kMpsToKmh, s.direction_error[1], s.yaw_rate_change * kRadToDeg,
               s.has_yaw_error ? fmt::format("{:.0f}", s.yaw_rate_error * kRadToDeg) : "-");
  }
  fmt::print("* yaw rate: an estimate from the sills' x delta-V difference (no yaw-rate sensor)\n");
}

}  // namespace crashbench
