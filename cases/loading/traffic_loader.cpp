#include "cases/loading/traffic_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "cases/loading/case_fields.hpp"
#include "cases/loading/vehicle_loader.hpp"
#include "cases/traffic/sumo_frame.hpp"
#include "cases/traffic/sumo_vclass.hpp"
#include "cases/traffic/traffic_spec.hpp"
#include "core/units.hpp"

namespace crashbench {
namespace {

/// What the pre-pass learns: vehicles in order of first appearance, the time span, the extent.
struct FcdSurvey {
  std::vector<std::string> ids;
  std::vector<sumo::FcdVehicle> first;  ///< each vehicle's first row
  double first_time = 0, last_time = 0;
  Vec2 hi = Vec2::Constant(-std::numeric_limits<double>::infinity());
  long long persons = 0;
  std::unordered_set<std::string> person_ids;
  long long containers = 0;
  std::size_t most_present = 0;
  double step = 0;  ///< the longest interval between timesteps [s]
  /// Over every vehicle's consecutive rows: the distance its speeds say it drove, and the distance its
  /// positions moved [FCD units]. Positions in degrees (SUMO's --fcd-output.geo) move 1e-5 of it.
  double driven = 0, moved = 0;
  /// Consecutive rows of a vehicle that both say it drives more than 0.5 m in the interval, and of those
  /// the rows where it stands where the row before had it (within 1 mm): SUMO's mesoscopic model reports
  /// a vehicle at the start of its road segment until it leaves the segment.
  long long moving = 0, frozen = 0;
};

/// The least share of the distance the speeds say that the positions must move: metres move about as far
/// (0.5: speeds are sampled, a lane change is a sideways move), degrees 1e-5 of it.
constexpr double kLeastMovedShare = 0.01;

/// Refuses an FCD whose positions do not move as its speeds say: in degrees (checked over at least 100 m
/// of driving), or held at a segment's start (SUMO's --mesosim; checked over at least 100 moving rows).
void check_motion(const FcdSurvey& s, const std::string& file) {
  if (s.driven >= 100 && s.moved < kLeastMovedShare * s.driven) {
    const bool degrees = s.hi.x() <= 180 && s.hi.y() <= 90;
    throw Error(file, "<vehicle> 'x', 'y'",
                fmt::format("the vehicles' positions moved {:.3g} in all where their speeds say they drove {:.0f} m: "
                            "expected positions in metres{}", s.moved, s.driven,
                            degrees ? ", got what looks like longitude and latitude (SUMO run with --fcd-output.geo: "
                                      "run it without)" : ""));
  }
  if (s.moving >= 100 && s.frozen > s.moving / 2)
    throw Error(file, "<vehicle> 'x', 'y'",
                fmt::format("{} of {} rows of vehicles driving more than 0.5 m in the interval have them where the row "
                            "before did: expected the positions of SUMO's microscopic model, got what its mesoscopic "
                            "one (--mesosim) reports, each vehicle at the start of its road segment until it leaves "
                            "it; run sumo without --mesosim", s.frozen, s.moving));
}

/// Streams the whole FCD once, refusing a step or a precision too coarse for the comparison.
FcdSurvey survey(const std::string& file) {
  sumo::FcdReader reader(file);
  sumo::FcdFrame frame;
  FcdSurvey s;
  std::unordered_map<std::string, std::size_t> seen;
  struct LastRow {
    Vec2 front_W;
    double speed, time;
  };
  std::vector<LastRow> last;  // by vehicle: where its last row had it
  long long timesteps = 0;
  while (reader.next(frame)) {
    const auto where = fmt::format("<timestep> (line {})", frame.line);
    if (timesteps == 0) s.first_time = frame.time;
    if (timesteps > 0 && frame.time - s.last_time > kCoarsestSumoStep * (1 + 1e-9))
      throw Error(file, where + ": 'time'",
                  fmt::format("{:g} s after the timestep before: expected a timestep every {:g} s or less (SUMO "
                              "run with --step-length {:g} or less, and no --device.fcd.period above it), so that "
                              "its collisions can be matched within two steps",
                              frame.time - s.last_time, kCoarsestSumoStep, kCoarsestSumoStep));
    if (frame.count > 0 && frame.position_decimals < kLeastSumoDecimals)
      throw Error(file, where, fmt::format("positions with {} decimals: expected SUMO run with --precision {} or more "
                                           "(0.1 mm), or rounding alone makes overlaps",
                                           frame.position_decimals, kLeastSumoDecimals));
    if (timesteps > 0) s.step = std::max(s.step, frame.time - s.last_time);
    s.last_time = frame.time;
    ++timesteps;
    s.persons += frame.persons;
    s.containers += frame.containers;
    for (long long k = 0; k < frame.persons; ++k) s.person_ids.insert(frame.person_ids[static_cast<std::size_t>(k)]);
    s.most_present = std::max(s.most_present, frame.count);
    for (std::size_t k = 0; k < frame.count; ++k) {
      const sumo::FcdVehicle& v = frame.vehicles[k];
      s.hi = s.hi.cwiseMax(v.front_W);
      const auto [at, fresh] = seen.emplace(v.id, s.ids.size());
      if (!fresh) {
        LastRow& l = last[at->second];
        const double interval = frame.time - l.time, move = (v.front_W - l.front_W).norm();
        s.driven += 0.5 * (l.speed + v.speed) * interval;
        s.moved += move;
        if (std::min(l.speed, v.speed) * interval > 0.5) ++s.moving, s.frozen += move < 1e-3;
        l = {v.front_W, v.speed, frame.time};
        continue;
      }
      s.ids.push_back(v.id);
      s.first.push_back(v);
      last.push_back({v.front_W, v.speed, frame.time});
    }
  }
  if (timesteps < 2) throw Error(file, "", fmt::format("{} timesteps: expected an FCD of at least two", timesteps));
  check_motion(s, file);
  return s;
}

/// The size and mass SUMO gives vehicles of type `id`: the vType's own (in `types`), each missing one its
/// class's default (sumo_vclass.hpp), or one of SUMO's own types; nullopt for a type no file defines or
/// whose class the table lacks.
std::optional<sumo::ClassDefaults> sumo_size(const std::map<std::string, sumo::VehicleType>& types, const std::string& id) {
  const auto type = types.find(id);
  if (type == types.end()) return sumo::builtin_type_defaults(id);
  const sumo::VehicleType& t = type->second;
  const std::optional<sumo::ClassDefaults> of_class = sumo::class_defaults(t.vclass.empty() ? "passenger" : t.vclass);
  if (!of_class && !(t.length && t.width && t.mass)) return std::nullopt;
  const sumo::ClassDefaults fill = of_class.value_or(sumo::ClassDefaults{});
  return sumo::ClassDefaults{t.length.value_or(fill.length), t.width.value_or(fill.width), t.mass.value_or(fill.mass)};
}

/// The case's default vehicle at SUMO's size: length and width as given (the CG and the axles keep their
/// share of the length), the mass as given, the yaw inertia scaled as a uniform box's.
VehicleParams sized(VehicleParams p, const sumo::ClassDefaults& size, const VehicleDynamics& model) {
  const double length0 = p.body.cg_to_front + p.body.cg_to_rear, width0 = p.body.width, mass0 = p.mass;
  const double k = size.length / length0;
  p.body.cg_to_front *= k;
  p.body.cg_to_rear *= k;
  model.stretch(p, k);
  p.body.width = size.width;
  p.mass = size.mass;
  p.yaw_inertia *= p.mass / mass0 * (size.length * size.length + size.width * size.width) /
                   (length0 * length0 + width0 * width0);
  return p;
}

/// Moves SUMO's vehicles of rail and water classes (sumo::off_road_class, of a vType of the files or of
/// SUMO's own) from `s`'s vehicles to `spec.left_out`.
void leave_out_off_road(const std::map<std::string, sumo::VehicleType>& types, FcdSurvey& s, TrafficSpec& spec) {
  const auto off_road = [&](const std::string& type) {
    const auto t = types.find(type);
    return sumo::off_road_class(t != types.end() ? std::string_view(t->second.vclass) : sumo::builtin_type_class(type));
  };
  std::size_t kept = 0;
  for (std::size_t i = 0; i < s.ids.size(); ++i) {
    if (off_road(s.first[i].type)) {
      spec.left_out.insert(s.ids[i]);
      continue;
    }
    if (kept != i) {  // a string moved into itself is left empty
      s.ids[kept] = std::move(s.ids[i]);
      s.first[kept] = std::move(s.first[i]);
    }
    ++kept;
  }
  s.ids.resize(kept);
  s.first.resize(kept);
}

/// Of SUMO's collisions, those between two of its vehicles into `spec`; those with a person (a pedestrian at a
/// crossing) are counted, since crashbench does not move persons. Throws Error naming the row for an id the
/// FCD has neither as a vehicle nor as a person.
void keep_vehicle_collisions(std::vector<sumo::Collision> all, const FcdSurvey& s, TrafficSpec& spec) {
  const std::unordered_set<std::string_view> vehicles(s.ids.begin(), s.ids.end());
  for (sumo::Collision& k : all) {
    if (spec.left_out.contains(k.collider) || spec.left_out.contains(k.victim)) {
      ++spec.left_out_collision_rows;
      continue;
    }
    bool with_person = false;
    for (const auto& [key, id] : {std::pair{"collider", &k.collider}, std::pair{"victim", &k.victim}}) {
      if (vehicles.contains(*id)) continue;
      if (!s.person_ids.contains(*id))
        throw Error(spec.collisions_file, fmt::format("<collision> (line {}): '{}'", k.line, key),
                    fmt::format("'{}' is neither a vehicle nor a person of the FCD {}: expected the collision output of "
                                "the same SUMO run", *id, spec.fcd_file));
      with_person = true;
    }
    if (with_person)
      ++spec.person_collision_rows;
    else
      spec.collisions.push_back(std::move(k));
  }
}

}  // namespace

void add_sumo_traffic(const JsonReader& field, Case& c, const InputLimits& limits, const VehicleDynamics& model) {
  field.only_keys({"sumo_fcd", "sumo_routes", "sumo_collisions", "sumo_net", "vehicle", "secondary_impacts"});
  auto spec = std::make_shared<TrafficSpec>();
  spec->fcd_file = case_file_path(field.at("sumo_fcd"), "SUMO FCD");
  if (const auto net = field.find("sumo_net")) {
    // The scene is the file netconvert imported the network from: its move undone.
    spec->net_file = case_file_path(*net, "SUMO network");
    spec->scene_from_sumo = sumo::scene_from_network(sumo::read_net_location(spec->net_file), c.scene.file);
  }
  if (const auto s = field.find("secondary_impacts")) spec->secondary_impacts = s->boolean();
  const nlohmann::json sedan = "sedan";  // the default vehicle
  const VehicleParams defaults =
      parse_params(field.find("vehicle").value_or(JsonReader(sedan, field.file(), field.pointer() + "/vehicle")), model);
  FcdSurvey s = survey(spec->fcd_file);
  std::map<std::string, sumo::VehicleType> types;
  if (const auto routes = field.find("sumo_routes")) {
    // One file or a list, as SUMO's route-files and additional-files: a type defined twice is an error there.
    std::vector<JsonReader> files;
    if (routes->json().is_array())
      for (std::size_t k = 0; k < routes->array_size(); ++k) files.push_back(routes->at(k));
    else
      files.push_back(*routes);
    for (const JsonReader& file : files) {
      spec->routes_files.push_back(case_file_path(file, "SUMO route"));
      for (sumo::VehicleType& t : sumo::read_vehicle_types(spec->routes_files.back())) {
        const int line = t.line;
        if (const auto [seen, fresh] = types.try_emplace(t.id, std::move(t)); !fresh)
          throw Error(spec->routes_files.back(), fmt::format("<vType> (line {}): 'id'", line),
                      fmt::format("'{}' again: expected each vType id once over the route files, and {} has it",
                                  seen->first, seen->second.line));
      }
    }
  }
  leave_out_off_road(types, s, *spec);
  // A case with nothing to move checks nothing: it cannot pass.
  if (c.vehicles.empty() && s.ids.empty())
    throw Error(spec->fcd_file, "",
                fmt::format("no road vehicle in the FCD ({} <person> rows, {} <container> rows, {} vehicles of rail "
                            "and water classes left out) and none in the case: expected SUMO vehicles to move, or the "
                            "case's own", s.persons, s.containers, spec->left_out.size()));
  if (c.vehicles.size() + s.ids.size() > limits.max_vehicles)
    field.at("sumo_fcd").fail(fmt::format("{} SUMO vehicles besides the {} listed, more than the cap of {} per case: "
                                          "raise it with --max-vehicles", s.ids.size(), c.vehicles.size(), limits.max_vehicles));
  spec->first_vehicle = c.vehicles.size();
  spec->first_time = s.first_time;
  spec->sumo_step = s.step;
  spec->persons = s.persons;
  spec->containers = s.containers;
  spec->most_present = s.most_present;
  spec->parking_W = s.hi + spec->scene_from_sumo + Vec2(1000.0, 1000.0);
  for (const VehicleSetup& v : c.vehicles) spec->parking_W = spec->parking_W.cwiseMax(v.initial.position_W + Vec2(1000.0, 1000.0));
  for (std::size_t i = 0; i < s.ids.size(); ++i) {
    const sumo::FcdVehicle& row = s.first[i];
    const std::optional<sumo::ClassDefaults> size = sumo_size(types, row.type);
    if (!size && std::find(spec->defaulted_types.begin(), spec->defaulted_types.end(), row.type) == spec->defaulted_types.end())
      spec->defaulted_types.push_back(row.type);
    VehicleSetup& v = c.vehicles.emplace_back();
    v.name = s.ids[i];
    v.params = size ? sized(defaults, *size, model) : defaults;
    v.initial = sumo::state_of(row, v.params.body.cg_to_front, spec->scene_from_sumo);
  }
  if (const auto collisions = field.find("sumo_collisions")) {
    spec->collisions_file = case_file_path(*collisions, "SUMO collision");
    keep_vehicle_collisions(sumo::read_collisions(spec->collisions_file), s, *spec);
  }
  spec->ids = std::move(s.ids);
  c.traffic = std::move(spec);
}

}  // namespace crashbench
