#include "cases/loading/vehicle_loader.hpp"

#include <tuple>

#include "cases/driving/path_follower.hpp"
#include "cases/driving/replay_log.hpp"
#include "cases/driving/speed_profile.hpp"
#include "cases/loading/case_fields.hpp"
#include "cases/loading/limits.hpp"
#include "cases/loading/vehicle_presets.hpp"
#include "cases/loading/vehicle_resistance.hpp"
#include "cases/physical_bounds.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

/// Roll parameters of the 4-DOF models; each field overrides `roll` (all zero: no roll).
RollParams parse_roll(const JsonReader& field, RollParams roll) {
  field.only_keys({"sprung_mass", "roll_arm", "roll_inertia", "product_xz", "roll_stiffness", "roll_damping",
                   "roll_axis_height"});
  struct Field {
    std::string_view key;
    double* target;
    double hi;
    const char* unit;
  };
  for (const Field& f : {Field{"sprung_mass", &roll.sprung_mass, bounds::kMass, "kg"},
                         {"roll_arm", &roll.roll_arm, bounds::kLength, "m"},
                         {"roll_inertia", &roll.roll_inertia, bounds::kYawInertia, "kg m^2"},
                         {"roll_stiffness", &roll.roll_stiffness, bounds::kRollStiffness, "N m/rad"},
                         {"roll_damping", &roll.roll_damping, bounds::kRollStiffness, "N m s/rad"},
                         {"roll_axis_height", &roll.roll_axis_height, bounds::kLength, "m"}})
    if (const auto member = field.find(f.key)) *f.target = bounded(*member, f.hi, f.unit, true);
  if (const auto member = field.find("product_xz")) roll.product_xz = bounded_magnitude(*member, bounds::kYawInertia, "kg m^2");
  return roll;
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

VehicleParams parse_params(const JsonReader& field) {
  if (field.is_string()) return find_entry(vehicle_presets(), registered_name(field, vehicle_presets(), "vehicle preset"), "").make();
  field.only_keys({"preset", "mass", "yaw_inertia", "cg_to_front", "cg_to_rear", "width", "cg_height",
                   "cg_to_front_axle", "cg_to_rear_axle", "cornering_stiffness_front", "cornering_stiffness_rear",
                   "road_mu", "roll"});
  VehicleParams p;
  const bool has_preset = field.has("preset");
  if (has_preset) p = parse_params(field.at("preset"));
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
  set("cg_to_front_axle", p.tyres.cg_to_front_axle, bounds::kLength, "m");
  set("cg_to_rear_axle", p.tyres.cg_to_rear_axle, bounds::kLength, "m");
  set("cornering_stiffness_front", p.tyres.cornering_stiffness_front, bounds::kStiffness, "N/rad", true);
  set("cornering_stiffness_rear", p.tyres.cornering_stiffness_rear, bounds::kStiffness, "N/rad", true);
  set("road_mu", p.tyres.road_mu, bounds::kRoadMu, "", true);
  if (const auto roll = field.find("roll")) p.roll = parse_roll(*roll, p.roll);
  return p;
}

VehicleSetup parse_vehicle(const JsonReader& field, std::size_t index) {
  field.only_keys({"name", "params", "position", "heading_deg", "speed", "speed_mph", "velocity", "yaw_rate_deg_s",
                   "steer_deg", "drive_force", "resistance", "replay", "follow", "start_surface"});
  VehicleSetup v;
  v.name = field.has("name") ? field.at("name").short_string(kMaxNameBytes) : "vehicle" + std::to_string(index);
  if (const auto s = field.find("start_surface")) v.start_surface = parse_start_surface(*s);
  v.params = parse_params(field.at("params"));
  if (const auto r = field.find("resistance")) v.params.resistance = parse_resistance(*r);
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
