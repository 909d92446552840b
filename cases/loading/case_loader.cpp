#include "cases/loading/case_loader.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "cases/driving/arc_path.hpp"
#include "cases/driving/replay_log.hpp"
#include "cases/loading/case_fields.hpp"
#include "cases/loading/measured_fields.hpp"
#include "cases/loading/opendrive_keys.hpp"
#include "cases/loading/scene_source.hpp"
#include "cases/loading/traffic_loader.hpp"
#include "cases/loading/vehicle_loader.hpp"
#include "cases/plugin.hpp"
#include "core/json_reader.hpp"
#include "core/physical_bounds.hpp"
#include "core/units.hpp"
#include "detectors/detector.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {
namespace {


std::string builtin_scene_name(const JsonReader& field) {
  const std::string name = field.string();
  if (!is_builtin_scene(name)) field.fail("unknown scene '" + name + "'; expected one of: " + builtin_scene_names() +
                                          ", or {\"file\": PATH}");
  return name;
}


/// `scene.collision`: what in the file collides (docs/case-files.md).
void parse_collision(const JsonReader& field, SceneSpec& scene) {
  field.only_keys({"vertical_within_deg", "include", "exclude", "include_textures", "exclude_textures", "node_mask",
                   "height_band", "sprites"});
  if (const auto sprites = field.find("sprites")) scene.collision.sprites = sprites->boolean();
  if (const auto v = field.find("vertical_within_deg")) scene.vertical_within_deg = v->number_in(0.0, 90.0);
  const auto globs = [&](const char* key, std::vector<std::string>& out, const char* example) {
    const auto list = field.find(key);
    if (!list) return;
    for (std::size_t i = 0; i < list->array_size(); ++i) {
      out.push_back(list->at(i).string());
      if (out.back().empty()) list->at(i).fail(fmt::format("expected a non-empty glob such as {}", example));
    }
  };
  globs("include", scene.collision.include, "\"TREE*\" (node names)");
  globs("exclude", scene.collision.exclude, "\"TREE*\" (node names)");
  globs("include_textures", scene.collision.include_textures, "\"tree*\" (texture file names)");
  globs("exclude_textures", scene.collision.exclude_textures, "\"tree*\" (texture file names)");
  if (const auto m = field.find("node_mask")) {
    const double mask = m->number_in(0.0, 4294967295.0);
    if (mask != std::floor(mask)) m->fail("expected an integer node mask in [0, 4294967295]");
    scene.collision.node_mask = static_cast<std::uint32_t>(mask);
  }
  if (const auto band = field.find("height_band")) {
    if (band->is_string() && band->string() == "off") {
      scene.collision.above_road_max = kNoHeightBand;
    } else {
      if (!band->is_object()) band->fail("expected {\"above_road_max\": metres} or \"off\"");
      band->only_keys({"above_road_max"});
      if (const auto top = band->find("above_road_max")) scene.collision.above_road_max = top->positive_number();
    }
  }
}

/// Where a scene file's frame stands: {"x", "y", "z" [m], "heading_deg"}, each 0 when absent.
ScenePlacement parse_placement(const JsonReader& field) {
  field.only_keys({"x", "y", "z", "heading_deg"});
  constexpr double kFarthest = 1e7;  // [m]: no road network is larger
  ScenePlacement p;
  for (const auto& [key, target] : {std::pair<std::string_view, double*>{"x", &p.x}, {"y", &p.y}, {"z", &p.z}})
    if (const auto v = field.find(key)) *target = v->number_in(-kFarthest, kFarthest);
  if (const auto h = field.find("heading_deg")) p.heading_deg = h->number_in(-360, 360);
  return p;
}

SceneSpec parse_scene(const JsonReader& field) {
  SceneSpec scene;
  if (field.is_string()) {
    scene.builtin = builtin_scene_name(field);
    return scene;
  }
  field.only_keys({"builtin", "file", "up_axis", "unit_scale", "placement", "collision", "opendrive"});
  if (field.has("builtin") == field.has("file")) field.fail("expected exactly one of 'builtin' or 'file'");
  if (const auto b = field.find("builtin")) scene.builtin = builtin_scene_name(*b);
  if (const auto f = field.find("file")) scene.file = case_file_path(*f);
  for (const char* key : {"up_axis", "unit_scale", "placement", "collision"})
    if (!scene.builtin.empty() && field.has(key))
      field.at(key).fail("applies to scene files only: a built-in scene is z-up, in metres, and all of it collides");
  if (const auto up = field.find("up_axis")) scene.up_axis = up->choice({"z", "y"});
  if (const auto s = field.find("unit_scale")) scene.unit_scale = s->positive_number();
  if (const auto p = field.find("placement")) scene.placement = parse_placement(*p);
  if (const auto c = field.find("collision")) parse_collision(*c, scene);
  if (const auto o = field.find("opendrive")) parse_opendrive(*o, scene);
  return scene;
}

/// A detector, response or dynamics model owns its keys: its factory validated them (naming the file and
/// pointer); the case keeps what the part echoes, which builds the same part again in the runner.
template <class Part>
std::string echoed_name(const Part& part, nlohmann::json& params) {
  params = part.parameters();
  return std::string(part.name());
}


Tolerances parse_tolerances(const JsonReader& field, Tolerances t) {
  field.only_keys({"momentum", "restitution", "energy_ratio", "energy_gain", "penetration", "friction",
                   "impulse_floor", "speed_floor", "energy_floor", "agreement_point", "agreement_normal_deg"});
  for (const auto& [key, target] : {std::pair<std::string_view, double*>{"momentum", &t.momentum},
                                    {"restitution", &t.restitution},
                                    {"energy_ratio", &t.energy_ratio},
                                    {"energy_gain", &t.energy_gain},
                                    {"penetration", &t.penetration},
                                    {"friction", &t.friction},
                                    {"impulse_floor", &t.impulse_floor},
                                    {"speed_floor", &t.speed_floor},
                                    {"energy_floor", &t.energy_floor},
                                    {"agreement_point", &t.agreement_point},
                                    {"agreement_normal_deg", &t.agreement_normal_deg}})
    field.read_if_present(key, *target, &JsonReader::positive_number);
  return t;
}

/// {"turn": "left"|"right", "radius": R} or {"turn": "straight"} as a signed curvature [1/m].
double parse_path_curvature(const JsonReader& field) {
  field.only_keys({"turn", "radius"});
  const std::string turn = field.at("turn").choice({"left", "right", "straight"});
  if (turn == "straight") {
    if (field.has("radius")) field.at("radius").fail("a straight path has no radius; leave it out");
    return 0.0;
  }
  const double radius = field.at("radius").positive_number();
  return (turn == "left" ? 1.0 : -1.0) / radius;
}

ControlModule parse_control(const JsonReader& field) {
  field.only_keys({"hold_speed_gain", "hold_path", "cut_after"});
  if (field.has("hold_speed_gain") == field.has("hold_path"))
    field.fail("expected exactly one of 'hold_speed_gain' [N/(m/s)] or 'hold_path' {\"turn\", \"radius\"}");
  ControlModule control;
  if (const auto gain = field.find("hold_speed_gain")) control.gain = bounded(*gain, bounds::kForce, "N/(m/s)", true);
  if (const auto path = field.find("hold_path")) control.path_curvature = parse_path_curvature(*path);
  if (const auto cut = field.find("cut_after")) {
    const std::string c = cut->choice({"any_impact", "own_impact", "never"});
    if (control.path_curvature && c == "never")
      cut->fail("a vehicle held on its path cannot answer an impact; expected 'any_impact' or 'own_impact'");
    control.cut = c == "any_impact" ? ControlModule::Cut::kAnyImpact
                  : c == "own_impact" ? ControlModule::Cut::kOwnImpact : ControlModule::Cut::kNever;
  }
  return control;
}

/// A vehicle held on its path starts on it: moving along its heading, turning at speed x curvature.
void check_starts_on_path(const JsonReader& field, const VehicleSetup& v) {
  constexpr double kMaxSideslip = 0.5 * kDegToRad;
  const Vec2 forward = unit_at(v.initial.heading), velocity = v.initial.velocity_W;
  const double sideslip = std::atan2(cross(forward, velocity), forward.dot(velocity));
  if (velocity.norm() > 0 && std::abs(sideslip) > kMaxSideslip)
    field.at("velocity").fail("with control.hold_path the velocity must point along heading_deg (within 0.5 deg): "
                              "the path carries the car without sideslip");
  if (field.has("yaw_rate_deg_s"))
    field.at("yaw_rate_deg_s").fail("with control.hold_path the yaw rate is speed x path curvature; leave it out");
}

PrescribedContact parse_contact(const JsonReader& field, int vehicle_count) {
  field.only_keys({"vehicle", "other", "point_B", "normal", "place_other_front"});
  PrescribedContact c;
  c.vehicle = field.at("vehicle").integer_in(0, vehicle_count - 1);
  // Without `other`, the vehicle meets a wall: a rigid barrier with the normal given as a world angle.
  const auto other = field.find("other");
  c.other = other ? other->integer_in(0, vehicle_count - 1) : kStaticScene;
  if (c.other == c.vehicle) field.at("other").fail("expected a vehicle other than 'vehicle'");
  c.point_B = parse_vec2(field.at("point_B"));
  const JsonReader normal = field.at("normal");
  c.normal_along_other = normal.is_string();
  if (c.normal_along_other && !other) normal.fail("expected a world angle [deg]: a wall contact (no 'other') has no other heading");
  if (c.normal_along_other) normal.choice({"other_heading"});
  else c.normal_heading = normal.number() * kDegToRad;
  if (const auto place = field.find("place_other_front")) {
    if (!other) place->fail("a wall contact (no 'other') has no other vehicle to place");
    c.place_other_front = place->boolean();
  }
  return c;
}

Expectations parse_expectations(const JsonReader& field) {
  field.only_keys({"impacts_min", "impacts_max", "first_impact_time"});
  Expectations e;
  if (const auto m = field.find("impacts_min")) e.impacts_min = m->integer_in(0, INT_MAX);
  if (const auto m = field.find("impacts_max")) e.impacts_max = m->integer_in(e.impacts_min, INT_MAX);
  if (const auto w = field.find("first_impact_time")) {
    if (w->array_size() != 2) w->fail("expected [earliest, latest] in seconds");
    const double earliest = w->at(std::size_t{0}).non_negative_number();
    const double latest = w->at(std::size_t{1}).number_in(earliest, 1e9);
    e.first_impact_time = TimeWindow{earliest, latest};
  }
  return e;
}

PublishedResults parse_published(const JsonReader& field) {
  field.only_keys({"source", "impact", "columns"});
  PublishedResults published;
  published.source = field.at("source").string();
  if (const auto impact = field.find("impact")) published.impact = impact->integer_in(1, INT_MAX);
  const JsonReader columns = field.at("columns");
  if (columns.array_size() == 0) columns.fail("expected at least one column");
  for (std::size_t i = 0; i < columns.array_size(); ++i) {
    const JsonReader column = columns.at(i);
    column.only_keys({"label", "velocity_B", "yaw_rate_deg_s", "roll_rate_deg_s"});
    PublishedColumn& c = published.columns.emplace_back();
    c.label = column.at("label").string();
    if (const auto v = column.find("velocity_B")) c.velocity_B = parse_vec2(*v);
    if (const auto r = column.find("yaw_rate_deg_s")) c.yaw_rate = r->number() * kDegToRad;
    if (const auto r = column.find("roll_rate_deg_s")) c.roll_rate = r->number() * kDegToRad;
  }
  return published;
}

/// With place_other_front, the other vehicle's CG goes cg_to_front behind the contact point along its heading.
void place_prescribed_other(Case& c) {
  const PrescribedContact& pc = *c.contact;
  if (!pc.place_other_front) return;
  const PlanarState& struck = c.vehicles[pc.vehicle].initial;
  VehicleSetup& other = c.vehicles[pc.other];
  const Vec2 point_W = struck.position_W + rotation(struck.heading) * pc.point_B;
  other.initial.position_W = point_W - other.params.body.cg_to_front * unit_at(other.initial.heading);
}

/// The caps of `limits`, checked before anything is allocated for the case.
void check_limits(const JsonReader& root, const Case& c, std::size_t vehicles, const InputLimits& limits) {
  const auto steps = static_cast<std::size_t>(std::llround(c.duration / c.dt));
  if (steps > limits.max_steps)
    root.at("duration").fail(fmt::format("{} steps (duration {} s / dt {} s), more than the cap of {} steps per case: "
                                         "raise dt, or the cap with --max-steps", steps, c.duration, c.dt, limits.max_steps));
  if (vehicles > limits.max_vehicles)
    root.at("vehicles").fail(fmt::format("{} vehicles, more than the cap of {} per case: raise it with --max-vehicles",
                                         vehicles, limits.max_vehicles));
  const std::size_t states = vehicles * (steps / static_cast<std::size_t>(c.record_every) + 2);
  if (states > limits.max_samples)
    root.at(root.has("record_every") ? "record_every" : "duration")
        .fail(fmt::format("records {} vehicle states (vehicles x (steps / record_every + 2)), more than the cap of {} "
                          "per case: raise record_every, or the cap with --max-samples", states, limits.max_samples));
}

}  // namespace

Case parse_case(const nlohmann::json& doc, const std::string& file, const InputLimits& limits,
                const std::string& pointer) {
  const JsonReader root(doc, file, pointer);
  root.only_keys({"name", "description", "scene", "detector", "response", "application", "dynamics", "integrator",
                  "dt", "duration", "record_every", "vehicles", "control", "contact", "tolerances", "expect",
                  "published", "measured", "plugins", "check_against", "traffic"});
  case_plugin_paths(doc, file);  // loaded by the command line before the runs (cases/plugin.hpp)
  Case c;
  c.source_file = file;
  c.name = root.at("name").short_string(kMaxNameBytes);
  c.description = root.string_or("description", "");
  c.scene = parse_scene(root.at("scene"));
  if (const auto d = root.find("detector")) c.detector = echoed_name(*make_detector(*d), c.detector_params);
  if (const auto d = root.find("check_against")) c.check_against = registered_name(*d, detectors(), "detector");
  c.response_model = echoed_name(*make_response_model(root.at("response")), c.response);
  if (const auto a = root.find("application"))
    c.application = a->choice({"reset", "force"}) == "reset" ? Application::kImpulseReset : Application::kForceOverStep;
  if (const auto d = root.find("dynamics")) c.dynamics = echoed_name(*make_dynamics(*d), c.dynamics_params);
  if (const auto i = root.find("integrator")) c.integrator = registered_name(*i, integrators(), "integrator");
  if (const auto dt = root.find("dt")) c.dt = dt->number_in(bounds::kLeastTimeStep, 0.1);
  c.duration = root.at("duration").number_in(c.dt, 3600.0);
  if (const auto r = root.find("record_every")) c.record_every = r->integer_in(1, 1000000);
  const JsonReader vehicles = root.at("vehicles");
  if (vehicles.array_size() == 0 && !root.has("traffic")) vehicles.fail("expected at least one vehicle (or \"traffic\")");
  check_limits(root, c, vehicles.array_size(), limits);
  const std::unique_ptr<VehicleDynamics> dynamics = make_dynamics(JsonReader(c.dynamics_params, file, "/dynamics"));
  for (std::size_t i = 0; i < vehicles.array_size(); ++i) c.vehicles.push_back(parse_vehicle(vehicles.at(i), i, *dynamics));
  if (const auto traffic = root.find("traffic")) add_sumo_traffic(*traffic, c, limits, *dynamics);
  check_edge_height(root, c);
  if (const auto control = root.find("control")) {
    if (c.traffic) control->fail("SUMO's vehicles follow their FCD, then their dynamics: leave out \"control\"");
    c.control = parse_control(*control);
  }
  for (std::size_t i = 0; i < c.vehicles.size(); ++i)
    if (const auto& log = c.vehicles[i].replay) {
      if (c.control.path_curvature) vehicles.at(i).at("replay").fail("a replayed vehicle cannot also hold control.hold_path");
      log->check_covers(c.duration, fmt::format("{} {}", file, vehicles.at(i).at("replay").pointer()));
    }
  for (std::size_t i = 0; i < c.vehicles.size(); ++i)
    if (c.vehicles[i].follow) {
      const JsonReader follow = vehicles.at(i).at("follow");
      if (c.control.path_curvature) follow.fail("a vehicle following a path cannot also hold control.hold_path");
      if (!dynamics->steers() || !dynamics->axles(c.vehicles[i].params))
        follow.fail(fmt::format("dynamics '{}' does not steer: expected a model with tyres (e.g. bicycle, dugoff)", c.dynamics));
    }
  if (c.control.path_curvature)
    for (std::size_t i = 0; i < vehicles.array_size(); ++i) {
      check_starts_on_path(vehicles.at(i), c.vehicles[i]);
      c.vehicles[i].initial = ArcPath(c.vehicles[i].initial, *c.control.path_curvature).at(0.0);
    }
  if (const auto contact = root.find("contact")) {
    c.contact = parse_contact(*contact, static_cast<int>(c.vehicles.size()));
    place_prescribed_other(c);
  }
  const Tolerances defaults = c.application == Application::kImpulseReset ? Tolerances{} : force_mode_tolerances();
  c.tolerances = root.has("tolerances") ? parse_tolerances(root.at("tolerances"), defaults) : defaults;
  if (const auto e = root.find("expect")) c.expect = parse_expectations(*e);
  if (const auto p = root.find("published")) c.published = parse_published(*p);
  if (const auto m = root.find("measured")) c.measured = parse_measured(*m, c.vehicles.size(), c.duration);
  return c;
}

Tolerances force_mode_tolerances() {
  // What is left after the tyres' allowance is drag and the integrator's rounding of the shared force.
  Tolerances t;
  t.momentum = 1e-6;
  t.restitution = 1e-6;
  t.energy_ratio = 1e-6;
  t.energy_gain = 1e-6;
  t.penetration = 1e-6;
  return t;
}

std::string_view to_string(Application application) {
  return application == Application::kImpulseReset ? "reset" : "force";
}

}  // namespace crashbench
