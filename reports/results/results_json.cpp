#include "reports/results/results_json.hpp"
#include "reports/results/sumo_json.hpp"

#include <algorithm>
#include <cmath>

#include "cases/checks/physics_hash.hpp"
#include "cases/driving/path_follower.hpp"
#include "cases/driving/replay_log.hpp"
#include "cases/loading/json_parse.hpp"
#include "core/units.hpp"
#include "detectors/scenes/opendrive/opendrive_scene.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "reports/results/output_file.hpp"
#include "reports/results/phase_stats.hpp"
#include "reports/results/record_store.hpp"
#include "reports/results/shared_walls.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

json vec(const Vec2& v) { return json::array({v.x(), v.y()}); }

json state_json(const PlanarState& s) {
  return {{"position", vec(s.position_W)}, {"heading_deg", s.heading * kRadToDeg}, {"velocity", vec(s.velocity_W)},
          {"yaw_rate_deg_s", s.yaw_rate * kRadToDeg}};
}

json checks_json(const InvariantChecks& checks, const Tolerances& tolerances) {
  json out = json::object();
  for (std::size_t i = 0; i < kInvariantCount; ++i) {
    if (checks[i].verdict == Verdict::kNotApplicable) continue;
    const auto invariant = static_cast<Invariant>(i);
    out[std::string(to_string(invariant))] = {{"residual", checks[i].residual},
                                              {"tolerance", tolerances.of(invariant)},
                                              {"verdict", to_string(checks[i].verdict)}};
  }
  return out;
}

/// A model's end-of-impact state, in the vehicle's body frame at impact.
json end_state_json(const ImpactEndState& s) {
  return {{"velocity_B", vec(s.velocity_B)}, {"yaw_rate_deg_s", s.yaw_rate * kRadToDeg},
          {"roll_rate_deg_s", s.roll_rate * kRadToDeg}};
}

json event_json(const RunResult& result, const ImpactEvent& e) {
  const OtherBody* other = result.other_of(e);
  const ResolutionRecord& r = e.resolution;
  const ImpactEnd& end = result.end_of(e);
  json out = {{"step", e.step},
              {"impact", e.impact},
              {"time", e.time},
              {"vehicle", e.contact.vehicle},
              {"other", e.contact.other},
              {"feature", e.contact.feature},
              {"point", vec(e.contact.point_W)},
              {"normal", vec(e.contact.normal_W)},
              {"depth", e.contact.depth},
              {"impulse", vec(r.impulse.linear_W)},
              {"status", to_string(r.status)},
              {"angle_of_attack_deg", r.angle_of_attack * kRadToDeg},
              {"mu_used", r.mu_used},
              {"mu_limit", e.mu_limit},
              {"energy_before", energy_before(e, other)},
              {"energy_after", energy_after(e, other)},
              {"pre", state_json(e.pre_a.state)},
              {"post", state_json(e.post_a.state)},
              {"invariants", checks_json(e.checks, result.tolerances_of(e))}};
  if (r.restitution >= 0) out["restitution"] = r.restitution;
  if (r.energy_kept_target >= 0) out["energy_kept_target"] = r.energy_kept_target;
  if (other) out["other_pre"] = state_json(other->pre.state), out["other_post"] = state_json(other->post.state);
  if (end.duration >= 0) {
    out["model_end"] = {{"duration", end.duration}, {"vehicle", end_state_json(end.a)}};
    if (e.two_body()) out["model_end"]["other"] = end_state_json(end.b);
    // A continuing contact (force answers): its largest force and deepest penetration.
    if (end.peak_force >= 0) out["model_end"]["peak_force"] = end.peak_force;
    if (end.max_depth >= 0) out["model_end"]["max_depth"] = end.max_depth;
  }
  if (r.answer == Answer::kForce) out["answer"] = "force";
  return out;
}

json vehicle_params_json(const VehicleSetup& v) {
  const VehicleParams& p = v.params;
  json out = {{"name", v.name},           {"mass", p.mass},   {"yaw_inertia", p.yaw_inertia},
              {"cg_to_front", p.body.cg_to_front}, {"cg_to_rear", p.body.cg_to_rear}, {"width", p.body.width},
              {"cg_height", p.cg_height}};
  if (v.replay) out["replay"] = v.replay->source();  // kinematic: moved by this log
  if (const FollowSpec* f = v.follow.get())  // steered along this path
    out["follow"] = {{"path", f->source}, {"speed", f->speed}, {"lookahead", f->lookahead},
                     {"lookahead_time", f->lookahead_time}, {"speed_gain", f->speed_gain},
                     {"max_lateral_accel", f->max_lateral_accel}};
  return out;
}

json published_json(const PublishedResults& p) {
  json columns = json::array();
  for (const auto& c : p.columns) {
    json column = {{"label", c.label}};
    if (c.velocity_B) column["velocity_B"] = vec(*c.velocity_B);
    if (c.yaw_rate) column["yaw_rate_deg_s"] = *c.yaw_rate * kRadToDeg;
    if (c.roll_rate) column["roll_rate_deg_s"] = *c.roll_rate * kRadToDeg;
    columns.push_back(column);
  }
  return {{"source", p.source}, {"impact", p.impact}, {"columns", columns}};
}

json measured_json(const MeasuredCrash& m) {
  json vehicles = json::array();
  for (const MeasuredVehicle& v : m.vehicles) {
    json out = {{"delta_v_B", vec(v.delta_v_B)}, {"uncertainty", v.uncertainty}, {"yaw_is_estimate", v.yaw_is_estimate}};
    if (v.yaw_rate_change) out["yaw_rate_change_deg_s"] = *v.yaw_rate_change * kRadToDeg;
    vehicles.push_back(out);
  }
  return {{"source", m.source}, {"window", m.window}, {"vehicles", vehicles}};
}

/// Each measured vehicle's simulated change over the window beside the measured one, or why there is none.
json measured_comparison_json(const RunResult& r) {
  json out = json::array();
  for (std::size_t i = 0; i < r.config.measured->vehicles.size(); ++i) {
    const auto c = i < r.tracks.size() ? compare_with_measured(r.config.measured->vehicles[i], r.tracks[i].states,
                                                               r.sample_times, r.config.measured->window)
                                       : std::nullopt;
    if (!c) {
      out.push_back({{"why", "the run recorded fewer than two states of this vehicle in the window"}});
      continue;
    }
    json v = {{"simulated_B", vec(c->simulated_B)}, {"magnitude_error", c->magnitude_error},
              {"direction_error_deg", c->direction_error * kRadToDeg}};
    if (c->yaw_rate_change)
      v["yaw_rate_change_deg_s"] = *c->yaw_rate_change * kRadToDeg, v["yaw_rate_error_deg_s"] = *c->yaw_rate_error * kRadToDeg;
    out.push_back(v);
  }
  return out;
}

json config_json(const Case& c) {
  // Each vehicle with what its dynamics model reads beyond the shared numbers (its tyres, its roll, its
  // resistance), under the keys the model reads (kVehicleParamsVersion).
  const std::unique_ptr<VehicleDynamics> dynamics = make_dynamics(JsonReader(c.dynamics_params, c.source_file, "/dynamics"));
  json vehicles = json::array();
  for (const auto& v : c.vehicles) {
    json params = vehicle_params_json(v);
    params.update(dynamics->vehicle_parameters(v.params));
    vehicles.push_back(std::move(params));
  }
  json out = {{"scene", c.scene.builtin.empty() ? c.scene.file : c.scene.builtin},
          {"detector", c.detector_params},
          {"response_model", c.response_model},
          {"application", to_string(c.application)},
          {"dynamics", c.dynamics_params},
          {"integrator", c.integrator},
          {"dt", c.dt},
          {"duration", c.duration},
          {"vehicles", c.vehicles.size()},
          {"vehicle_params", vehicles},
          {"vehicle_params_version", kVehicleParamsVersion},
          {"response", c.response}};
  if (c.published) out["published"] = published_json(*c.published);
  if (c.measured) out["measured"] = measured_json(*c.measured);
  const CollisionFilter& k = c.scene.collision;
  if (c.scene.vertical_within_deg || k.selects_by_name_or_texture() || k.node_mask != 0xffffffffu ||
      k.above_road_max != kDefaultAboveRoadMax || k.sprites) {
    out["scene_collision"] = {{"include", k.include},
                              {"exclude", k.exclude},
                              {"include_textures", k.include_textures},
                              {"exclude_textures", k.exclude_textures},
                              {"node_mask", k.node_mask},
                              {"sprites", k.sprites}};
    out["scene_collision"]["height_band"] = std::isinf(k.above_road_max)
                                                ? json("off")
                                                : json{{"above_road_max", k.above_road_max}};
    if (c.scene.vertical_within_deg) out["scene_collision"]["vertical_within_deg"] = *c.scene.vertical_within_deg;
  }
  // An OpenDRIVE scene's options as the case ran with them (docs/case-files.md, `scene.opendrive`).
  if (is_opendrive_file(c.scene.file)) {
    const OpenDriveOptions& o = c.scene.opendrive;
    out["scene_opendrive"] = {{"drivable", o.drivable}, {"tolerance", o.tolerance}};
    out["scene_opendrive"]["edges"] = o.edge_height > 0 ? json{{"height", o.edge_height}} : json(nullptr);
  }
  return out;
}

json timing_json(const RunResult& r) {
  json out = json::object();
  for (std::size_t p = 0; p < kPhaseCount; ++p) {
    const PhaseStats s = phase_stats(r.timings[p]);
    json& phase = out[std::string(to_string(static_cast<Phase>(p)))];
    phase = {{"mean_ns", s.mean_ns}, {"median_ns", s.median_ns}, {"p99_ns", s.p99_ns}, {"max_ns", s.max_ns}};
    if (p == static_cast<std::size_t>(Phase::kStep) || p == static_cast<std::size_t>(Phase::kDetect))
      phase["histogram"] = {{"first_edge_ns", kHistogramFirstEdgeNs}, {"bins_per_decade", kHistogramBinsPerDecade},
                            {"counts", log_histogram(r.timings[p])}};
  }
  return out;
}

/// A track that rolled (a 4-DOF model) also gets its roll angle and rate and its body-frame velocity
/// (Zhou et al. 2008, Fig. 7); a planar one does not, to keep results.json small.
void add_roll_json(const VehicleTrack& track, json& out) {
  const auto moving = [](double value) { return value != 0.0; };
  if (std::none_of(track.roll.begin(), track.roll.end(), moving) &&
      std::none_of(track.roll_rate.begin(), track.roll_rate.end(), moving))
    return;
  json roll = json::array(), rate = json::array(), u = json::array(), v = json::array();
  for (std::size_t i = 0; i < track.states.size(); ++i) {
    roll.push_back(track.roll[i] * kRadToDeg);
    rate.push_back(track.roll_rate[i] * kRadToDeg);
    const Vec2 velocity_B = track.states[i].velocity_B();
    u.push_back(velocity_B.x());
    v.push_back(velocity_B.y());
  }
  out["roll_deg"] = roll, out["roll_rate_deg_s"] = rate, out["u"] = u, out["v"] = v;
}

/// One vehicle's recorded series as results.json holds them.
json vehicle_series_json(const VehicleTrack& track) {
  json x = json::array(), y = json::array(), heading = json::array(), speed = json::array(), yaw = json::array();
  for (const auto& s : track.states) {
    x.push_back(s.position_W.x());
    y.push_back(s.position_W.y());
    heading.push_back(s.heading * kRadToDeg);
    speed.push_back(s.velocity_W.norm());
    yaw.push_back(s.yaw_rate * kRadToDeg);
  }
  json out = {{"name", track.name}, {"x", x}, {"y", y}, {"heading_deg", heading}, {"speed", speed},
              {"yaw_rate_deg_s", yaw}};
  add_roll_json(track, out);
  return out;
}

/// Every vehicle inline, or (with `file`) the file's name, a few sampled vehicles and percentiles over all.
json trajectory_json(const RunResult& r, const std::string& file) {
  json vehicles = json::array();
  if (file.empty()) {
    for (const auto& track : r.tracks) vehicles.push_back(vehicle_series_json(track));
    return {{"time", r.sample_times}, {"vehicles", vehicles}};
  }
  for (const std::size_t v : sampled_vehicles(r.tracks.size())) {
    vehicles.push_back(vehicle_series_json(r.tracks[v]));
    vehicles.back()["index"] = v;
  }
  return {{"time", r.sample_times}, {"vehicles", vehicles}, {"file", file}, {"summary", trajectory_summary_json(r)}};
}

}  // namespace

void write_non_finite_as_strings(json& doc) {
  if (doc.is_structured()) {
    for (auto& child : doc) write_non_finite_as_strings(child);
  } else if (doc.is_number_float() && !std::isfinite(doc.get<double>())) {
    doc = non_finite_text(doc.get<double>());
  }
}

const char* non_finite_text(double x) { return std::isnan(x) ? "nan" : x > 0 ? "inf" : "-inf"; }

json walls_json(const RunResult& r) {
  json walls = json::array();
  for (const auto& w : r.scene_walls) walls.push_back({w.a_W.x(), w.a_W.y(), w.b_W.x(), w.b_W.y()});
  write_non_finite_as_strings(walls);  // as the case's JSON would hold them
  return walls;
}

json to_json(const RunResult& r, const std::string& trajectory_file, WallsAs walls_as) {
  json out = {{"name", r.name}, {"source_file", r.source_file}, {"status", to_string(r.status)}};
  // What the case is, as data: the report and compare group and pair cases by these, never by the name.
  out["listed_name"] = r.listed_name.empty() ? r.name : r.listed_name;
  out["variation"] = r.variation;
  if (r.status == CaseStatus::kError) {
    out["error"] = r.error;
    return out;
  }
  json invariants = json::object();
  for (std::size_t i = 0; i < kInvariantCount; ++i) {
    const InvariantSummary& s = r.invariants[i];
    if (s.checked == 0) continue;
    invariants[std::string(to_string(static_cast<Invariant>(i)))] = {
        {"checked", s.checked}, {"failed", s.failed}, {"worst_residual", s.worst_residual}, {"tolerance", s.tolerance}};
  }
  // A case with its record in a file keeps its events there, binned here (reports/results/record_store.hpp).
  json events = json::array();
  if (trajectory_file.empty())
    for (const auto& e : r.events) events.push_back(event_json(r, e));
  else
    out["contacts"] = contact_summary_json(r), out["events_file"] = trajectory_file;
  out["config"] = config_json(r.config);
  out["steps"] = r.steps;
  if (r.physics_hash) out["physics_hash"] = physics_hash_hex(*r.physics_hash);
  out["impacts"] = r.impacts;
  out["steps_without_surface"] = r.steps_without_surface;
  out["events_count"] = r.events.size();
  out["impacts_expected"] = {{"min", r.config.expect.impacts_min}, {"max", r.config.expect.impacts_max},
                             {"ok", r.impacts_expected_ok}};
  if (const auto& window = r.config.expect.first_impact_time) {
    out["first_impact_expected"] = {{"earliest", window->earliest}, {"latest", window->latest},
                                    {"ok", r.first_impact_time_ok}};
    // No impact: no time (never null where a number is expected).
    if (!r.events.empty()) out["first_impact_expected"]["time"] = r.events.front().time;
  }
  if (const auto& a = r.agreement) {
    // An invariant of its own, per step: the report's invariant tables show it with the others.
    invariants["detector_agreement"] = {{"checked", a->steps_checked}, {"failed", a->steps_differing},
                                        {"worst_residual", a->worst}, {"tolerance", 1.0}};
    out["detector_agreement"] = {{"reference", a->reference}, {"steps_checked", a->steps_checked},
                                 {"steps_differing", a->steps_differing}, {"missing", a->missing},
                                 {"extra", a->extra}, {"moved", a->moved}};
    if (a->first_step >= 0) out["detector_agreement"]["first_step"] = a->first_step,
                            out["detector_agreement"]["first_time"] = a->first_time;
  }
  out["invariants"] = invariants;
  if (const auto& sumo = r.sumo) out["sumo"] = sumo_json(*sumo);
  if (r.config.measured) out["measured_comparison"] = measured_comparison_json(r);
  // The no_tunnelling invariant's failures, each naming the wall (or vehicle) crossed and when.
  if (!r.tunnelling.empty()) {
    json crossings = json::array();
    for (const Tunnelling& t : r.tunnelling)
      crossings.push_back({{"time", t.time}, {"vehicle", t.vehicle}, {"other", t.other}, {"feature", t.feature},
                           {"wall", {t.wall.a_W.x(), t.wall.a_W.y(), t.wall.b_W.x(), t.wall.b_W.y()}}});
    out["tunnelling"] = crossings;
  }
  out["unchecked_events"] = r.unchecked_events;
  if (!r.failure.empty()) out["failure"] = r.failure;
  out["timing"] = timing_json(r);
  if (const auto& a = r.agreement) {
    const PhaseStats s = phase_stats(a->timing);
    out["timing"]["reference"] = {{"mean_ns", s.mean_ns}, {"median_ns", s.median_ns}, {"p99_ns", s.p99_ns}, {"max_ns", s.max_ns}};
  }
  out["events"] = events;
  out["trajectory"] = trajectory_json(r, trajectory_file);
  // A matrix's cases share a scene's walls (tens of thousands): by key, none of them is made here.
  if (walls_as == WallsAs::kKey)
    out["scene_walls_ref"] = walls_key(r);
  else
    out["scene_walls"] = walls_json(r);
  out["scene_triangles"] = r.scene_triangles;
  if (!r.scene_published.empty()) {
    json published = json::array();
    for (const PublishedStepTime& p : r.scene_published)
      published.push_back({{"label", p.label}, {"source", p.source}, {"response_model", p.response_model}, {"step_ms", p.step_ms}});
    out["scene_published"] = published;
  }
  if (!r.response_curves.empty()) {
    json curves = json::array();
    for (const LawCurve& curve : r.response_curves)
      curves.push_back({{"quantity", curve.quantity}, {"angle_deg", curve.angle_deg}, {"value", curve.value}});
    out["response_curves"] = curves;
  }
  write_non_finite_as_strings(out);
  return out;
}

json to_json(std::span<const RunResult> results, const RunInfo& info) {
  json cases = json::array();
  for (std::size_t i = 0; i < results.size(); ++i) {
    cases.push_back(
        to_json(results[i], i < info.trajectory_files.size() ? info.trajectory_files[i] : "", WallsAs::kKey));
    cases.back()["index"] = i < info.case_indices.size() ? info.case_indices[i] : i;
  }
  json run = {{"jobs", info.jobs}, {"timing_serial", info.jobs <= 1},
              {"total_cases", info.total_cases > 0 ? info.total_cases : results.size()}};
  if (info.shard_count > 0) run["shard"] = {{"index", info.shard_index}, {"count", info.shard_count}};
  json scenes = json::object();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const std::string key = cases[i].value("scene_walls_ref", "");
    if (!key.empty() && !scenes.contains(key)) scenes[key] = {{"walls", walls_json(results[i])}};
  }
  return {{"format", kResultsFormat}, {"run", run}, {"cases", cases}, {"scenes", scenes}};
}

void write_json_file(const std::string& path, const json& doc) {
  write_file_atomically(path, dump_json(doc, 1) + "\n");
}

void write_results_file(const std::string& path, std::span<const RunResult> results, const RunInfo& info) {
  write_json_file(path, to_json(results, info));
}

}  // namespace crashbench
