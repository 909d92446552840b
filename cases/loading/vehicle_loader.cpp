#include "cases/loading/vehicle_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "cases/driving/path_follower.hpp"
#include "cases/driving/replay_log.hpp"
#include "cases/driving/speed_profile.hpp"
#include "cases/loading/case_fields.hpp"
#include "cases/loading/limits.hpp"
#include "cases/loading/vehicle_presets.hpp"
#include "core/physical_bounds.hpp"
#include "core/units.hpp"
#include "models/dynamics/resistance_params.hpp"

namespace crashbench {
namespace {

/// The keys of a vehicle's `params`: the shared ones, "preset", and every registered dynamics model's own.
/// Kept per thread for the registry's size (models are only ever added), so that loading 100,000 vehicles
/// builds the models once, not once a vehicle.
const std::vector<std::string_view>& params_keys() {
  thread_local std::size_t models = 0;
  thread_local std::vector<std::string> keys;
  thread_local std::vector<std::string_view> views;
  if (models != dynamics_models().size() || keys.empty()) {
    keys = {"preset", "mass", "yaw_inertia", "cg_to_front", "cg_to_rear", "width", "cg_height"};
    for (const auto& entry : dynamics_models())
      for (std::string& key : make_dynamics(entry.name)->vehicle_keys())
        if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(std::move(key));
    views.assign(keys.begin(), keys.end());
    models = dynamics_models().size();
  }
  return views;
}

/// A replayed vehicle starts, and stays, where its log says (cases/driving/replay_log.hpp): no pose, speed or input keys.
VehicleSetup replayed_vehicle(const JsonReader& field, const JsonReader& replay, VehicleSetup v) {
  for (const char* key : {"position", "heading_deg", "speed", "speed_mph", "velocity", "yaw_rate_deg_s", "steer_deg",
                          "drive_force"})
    if (field.has(key)) field.at(key).fail("a replayed vehicle moves as its log says; leave this key out");
  v.replay = std::make_shared<const ReplayLog>(ReplayLog::read(case_file_path(replay, "replay log")));
  v.initial = v.replay->at(0.0);
  return v;
}

/// A vehicle following a path starts on its first point, along its first segment, at its speed
/// (cases/driving/path_follower.hpp): no pose, speed or input keys, and no replay.
VehicleSetup following_vehicle(const JsonReader& field, const JsonReader& follow, VehicleSetup v) {
  for (const char* key : {"position", "heading_deg", "speed", "speed_mph", "velocity", "yaw_rate_deg_s", "steer_deg",
                          "drive_force", "replay"})
    if (field.has(key)) field.at(key).fail("a vehicle following a path starts on it and is driven along it; leave this key out");
  follow.only_keys({"path", "speed", "lookahead", "lookahead_time", "speed_gain", "max_lateral_accel"});
  auto spec = std::make_shared<FollowSpec>();
  spec->source = case_file_path(follow.at("path"), "path");
  try {
    spec->points_W = read_path_points(spec->source);
  } catch (const Error& e) {
    throw Error(e.file(), e.pointer().empty() ? follow.at("path").pointer() : e.pointer(), e.problem());
  }
  spec->closed = (spec->points_W.back() - spec->points_W.front()).norm() < 1e-3 && spec->points_W.size() > 2;
  spec->speed = bounded(follow.at("speed"), bounds::kSpeed, "m/s");
  spec->lookahead = bounded(follow.at("lookahead"), 1000.0, "m");
  if (const auto t = follow.find("lookahead_time")) spec->lookahead_time = bounded(*t, 10.0, "s");
  // Default: a time constant of 0.5 s for the speed error (m / gain).
  spec->speed_gain = follow.has("speed_gain") ? bounded(follow.at("speed_gain"), bounds::kForce, "N/(m/s)")
                                              : 2.0 * v.params.mass;
  if (const auto a = follow.find("max_lateral_accel")) spec->max_lateral_accel = bounded(*a, 100.0, "m/s^2");
  spec->speeds = speed_profile(spec->points_W, spec->closed, spec->speed, spec->max_lateral_accel);
  v.initial = follow_start(*spec);
  v.follow = std::move(spec);
  return v;
}

/// "highest", "lowest", or a height [m] the first surface lies at most kStepAllowance above.
StartSurface parse_start_surface(const JsonReader& field) {
  StartSurface s;
  if (field.json().is_number()) {
    s.below_height = bounded_magnitude(field, bounds::kPosition, "m");
    return s;
  }
  const std::string text = field.json().is_string() ? field.json().get<std::string>() : std::string();
  if (text != "highest" && text != "lowest")
    field.fail("expected \"highest\", \"lowest\" or a height [m], found " + field.json().dump());
  s.lowest = text == "lowest";
  return s;
}

}  // namespace

VehicleParams parse_params(const JsonReader& field, const VehicleDynamics& model) {
  if (field.is_string()) return preset_vehicle(registered_name(field, vehicle_presets(), "vehicle preset"), model);
  field.only_keys(params_keys());
  VehicleParams p;
  const bool has_preset = field.has("preset");
  if (has_preset) p = parse_params(field.at("preset"), model);
  // Without a preset every field is required; with one, each field overrides it.
  auto set = [&](std::string_view key, double& target, double hi, const char* unit, bool may_be_zero = false) {
    const auto member = has_preset ? field.find(key) : std::optional<JsonReader>(field.at(key));
    if (member) target = bounded(*member, hi, unit, may_be_zero);
  };
  set("mass", p.mass, bounds::kMass, "kg");
  set("yaw_inertia", p.yaw_inertia, bounds::kYawInertia, "kg m^2");
  // Lower bounds too: a body of 1e-300 kg has impulses whose squares underflow.
  for (const auto& [key, least, value] : {std::tuple<const char*, double, double>{"mass", bounds::kLeastMass, p.mass},
                                          {"yaw_inertia", bounds::kLeastYawInertia, p.yaw_inertia}})
    if (value < least) field.at(key).fail("expected at least " + nlohmann::json(least).dump() + ", found " +
                                          field.at(key).json().dump());
  set("cg_to_front", p.body.cg_to_front, bounds::kLength, "m");
  set("cg_to_rear", p.body.cg_to_rear, bounds::kLength, "m");
  set("width", p.body.width, bounds::kWidth, "m");
  set("cg_height", p.cg_height, bounds::kLength, "m", true);
  model.read_vehicle_parameters(field, !has_preset, p);
  return p;
}

VehicleSetup parse_vehicle(const JsonReader& field, std::size_t index, const VehicleDynamics& model) {
  field.only_keys({"name", "params", "position", "heading_deg", "speed", "speed_mph", "velocity", "yaw_rate_deg_s",
                   "steer_deg", "drive_force", "resistance", "replay", "follow", "start_surface"});
  VehicleSetup v;
  v.name = field.has("name") ? field.at("name").short_string(kMaxNameBytes) : "vehicle" + std::to_string(index);
  if (const auto s = field.find("start_surface")) v.start_surface = parse_start_surface(*s);
  v.params = parse_params(field.at("params"), model);
  // "resistance" beside `params`, where case files have always written it, is the model's key too. A model
  // that does not read it refuses any that acts, rather than run without it.
  if (const auto r = field.find("resistance")) {
    const std::vector<std::string> own = model.vehicle_keys();
    if (std::find(own.begin(), own.end(), "resistance") != own.end())
      model.read_vehicle_parameters(field, false, v.params);
    else if (read_resistance(*r).any())
      r->fail(fmt::format("dynamics model '{}' applies no rolling resistance or drag; expected a model that does "
                          "(dugoff)", model.name()));
  }
  if (const auto follow = field.find("follow")) return following_vehicle(field, *follow, std::move(v));
  if (const auto replay = field.find("replay")) return replayed_vehicle(field, *replay, std::move(v));
  v.initial.position_W = parse_vec2(field.at("position"));
  for (std::size_t i = 0; i < 2; ++i) bounded_magnitude(field.at("position").at(i), bounds::kPosition, "m");
  v.initial.heading = field.at("heading_deg").number_in(-3600.0, 3600.0) * kDegToRad;
  const int velocity_fields = field.has("speed") + field.has("speed_mph") + field.has("velocity");
  if (velocity_fields != 1) field.fail("expected exactly one of 'speed' [m/s], 'speed_mph' or 'velocity' [m/s, world]");
  if (const auto s = field.find("speed"))
    v.initial.velocity_W = bounded_magnitude(*s, bounds::kSpeed, "m/s") * unit_at(v.initial.heading);
  if (const auto s = field.find("speed_mph"))
    v.initial.velocity_W = bounded_magnitude(*s, bounds::kSpeed / kMphToMps, "mph") * kMphToMps * unit_at(v.initial.heading);
  if (const auto s = field.find("velocity")) {
    v.initial.velocity_W = parse_vec2(*s);
    if (v.initial.velocity_W.norm() > bounds::kSpeed)
      s->fail("expected a speed of at most " + nlohmann::json(bounds::kSpeed).dump() + " m/s, found " + s->json().dump());
  }
  if (const auto r = field.find("yaw_rate_deg_s"))
    v.initial.yaw_rate = bounded_magnitude(*r, bounds::kYawRate * kRadToDeg, "deg/s") * kDegToRad;
  v.steer = field.has("steer_deg") ? field.at("steer_deg").number_in(-90.0, 90.0) * kDegToRad : 0.0;
  if (const auto f = field.find("drive_force")) v.drive_force = bounded_magnitude(*f, bounds::kForce, "N");
  return v;
}

}  // namespace crashbench
