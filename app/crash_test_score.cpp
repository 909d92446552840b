#include "app/crash_test_score.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "core/units.hpp"
#include "models/response/response_model.hpp"
#include "validation/sae_j211.hpp"

namespace crashbench {
namespace {

// Linear interpolation of (time, x) at t.
double at(const std::vector<double>& time, const std::vector<double>& x, double t) {
  const auto hi = std::lower_bound(time.begin(), time.end(), t);
  if (hi == time.begin()) return x.front();
  if (hi == time.end()) return x.back();
  const std::size_t k = static_cast<std::size_t>(hi - time.begin());
  const double w = (t - time[k - 1]) / (time[k] - time[k - 1]);
  return (1 - w) * x[k - 1] + w * x[k];
}

// Vehicle 1's body-x acceleration [g] by central differences of its recorded velocity, against the
// measured one filtered at CFC 60 (SAE J211-1's class for comparing a whole vehicle's structural
// acceleration), both over the pulse's samples.
SpragueGeers compare_pulse(const RunResult& r, const VehiclePulse& measured, double interval) {
  const auto& states = r.tracks.front().states;
  const std::vector<double> filtered = cfc_filter(measured.ax, interval, 60);
  std::vector<double> m, c;
  for (std::size_t i = 1; i + 1 < states.size(); ++i) {
    const double dt = r.sample_times[i + 1] - r.sample_times[i - 1];
    const Vec2 a = rotation(-states.front().heading) * (states[i + 1].velocity_W - states[i - 1].velocity_W) / dt;
    c.push_back(a.x() / kGravity);
    m.push_back(at(measured.time, filtered, r.sample_times[i]));
  }
  return sprague_geers(m, c);
}

bool answers_with_force(const RunResult& r) {
  return std::any_of(r.events.begin(), r.events.end(),
                     [](const ImpactEvent& e) { return e.resolution.answer == Answer::kForce; });
}

// Each vehicle's change over the case's measured window against the measured one (cases/measured_crash.hpp).
void score(ModelScore& s, const RunResult& r) {
  const MeasuredCrash& m = *r.config.measured;
  for (std::size_t i = 0; i < r.tracks.size() && i < m.vehicles.size(); ++i) {
    const auto c = compare_with_measured(m.vehicles[i], r.tracks[i].states, r.sample_times, m.window);
    if (!c) return;
    s.delta_v_B.push_back(c->simulated_B);
    s.magnitude_error.push_back(c->magnitude_error);
    s.direction_error.push_back(c->direction_error * kRadToDeg);
    if (i == 0 && c->yaw_rate_change) {
      s.yaw_rate_change = *c->yaw_rate_change;
      s.has_yaw_error = true;
      s.yaw_rate_error = *c->yaw_rate_error;
    }
  }
}

/// `response` (a model with its defaults) with `laws` as constant laws, where its parameters hold a law of
/// that key (a number, such as penalty's restitution, is not a law: it stays).
void apply_laws(nlohmann::json& response, const DrawnLaws& laws) {
  const nlohmann::json defaults = make_response_model(JsonReader(response, "", "/response"))->parameters();
  for (const auto& [key, value] : {std::pair{"restitution", laws.restitution}, std::pair{"friction", laws.friction}})
    if (defaults.contains(key) && defaults.at(key).is_object()) response[key] = {{"cos2", 0.0}, {"offset", value}};
}

// A delta-V as "(x, y)" in km/h, `mark` after y.
std::string kmh_pair(const Vec2& v, const char* mark = "") {
  return fmt::format("({:.1f}, {:.1f}{})", v.x() * kMpsToKmh, v.y() * kMpsToKmh, mark);
}

}  // namespace

std::vector<ModelScore> score_models(const nlohmann::json& case_doc, const std::string& file,
                                     const VehiclePulse& measured, const DrawnLaws* laws) {
  std::vector<ModelScore> out;
  for (const auto& entry : response_models()) {
    ModelScore s;
    s.model = std::string(entry.name);
    nlohmann::json doc = case_doc;
    doc["response"] = {{"model", entry.name}};
    try {
      if (laws) apply_laws(doc["response"], *laws);
      const RunResult r = run_case(parse_case(doc, file));
      if (r.status == CaseStatus::kError) {
        s.error = r.error;
      } else {
        score(s, r);
        s.parameters = r.config.response.dump();
        if (answers_with_force(r) && measured.time.size() > 1) {
          s.has_pulse = true;
          s.pulse = compare_pulse(r, measured, measured.time[1] - measured.time[0]);
        }
      }
    } catch (const Error& e) {
      s.error = e.problem();
    }
    out.push_back(s);
  }
  return out;
}

void print_scorecard(const std::vector<ModelScore>& scores, const TestChecks& checks) {
  const auto& m = checks.vehicles;
  fmt::print("\nscorecard: delta-V over 0 to {:.4f} s, each model with its defaults [km/h, deg, deg/s]\n",
             checks.pulse_end);
  std::string head = fmt::format("{:<14}", "model");
  for (const VehicleDeltaV& v : m)
    head += fmt::format(" {:>22} {:>8} {:>8}", fmt::format("dV{} (x, y)", v.vehicle), fmt::format("err |dV{}|", v.vehicle),
                        fmt::format("err dir{}", v.vehicle));
  fmt::print("{} {:>9} {:>9}\n", head, "yaw1", "err yaw1");
  std::string measured = fmt::format("{:<14}", "measured");
  for (const VehicleDeltaV& v : m)
    measured += fmt::format(" {:>22} {:>8} {:>8}", kmh_pair(v.delta_v_B, v.lateral_assumed_zero ? "**" : ""), "", "");
  fmt::print("{} {:>9}\n", measured, m[0].has_yaw_estimate ? fmt::format("{:.0f}*", m[0].yaw_rate_change * kRadToDeg) : "-");
  for (const ModelScore& s : scores) {
    if (!s.error.empty() || s.delta_v_B.size() < m.size()) {
      fmt::print("{:<14} did not run: {}\n", s.model, s.error);
      continue;
    }
    std::string row = fmt::format("{:<14}", s.model);
    for (std::size_t i = 0; i < m.size(); ++i)
      row += fmt::format(" {:>22} {:>8.1f} {:>8.1f}", kmh_pair(s.delta_v_B[i]), s.magnitude_error[i] * kMpsToKmh,
                         s.direction_error[i]);
    fmt::print("{} {:>9} {:>9}\n", row, s.has_yaw_error ? fmt::format("{:.0f}", s.yaw_rate_change * kRadToDeg) : "-",
               s.has_yaw_error ? fmt::format("{:.0f}", s.yaw_rate_error * kRadToDeg) : "-");
  }
  if (m[0].has_yaw_estimate) fmt::print("* yaw rate: an estimate from the sills' x delta-V difference (no yaw-rate sensor)\n");
  if (std::any_of(m.begin(), m.end(), [](const VehicleDeltaV& v) { return v.lateral_assumed_zero; }))
    fmt::print("** lateral delta-V: no lateral accelerometer; 0 by the barrier test's symmetry, an assumption\n");
  for (const ModelScore& s : scores)
    if (s.has_pulse)
      fmt::print("pulse, {} ({}): vehicle 1's x acceleration against the measured one (CFC 60), Sprague-Geers "
                 "M {:.3f}, P {:.3f}, C {:.3f}\n", s.model, s.parameters, s.pulse.magnitude, s.pulse.phase,
                 s.pulse.comprehensive);
  fmt::print("instant impulses make no pulse: their time histories are not compared\n");
}

}  // namespace crashbench
