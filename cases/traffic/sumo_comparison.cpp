#include "cases/traffic/sumo_comparison.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <unordered_map>

#include "cases/case.hpp"
#include "cases/run_result.hpp"
#include "cases/traffic/traffic_spec.hpp"
#include "cases/traffic/sumo_frame.hpp"
#include "cases/traffic/traffic_stream.hpp"
#include "detectors/broadphase/analytic_rectangles.hpp"

namespace crashbench {
namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

using Pair = std::pair<int, int>;  // vehicle indices, lower first; other = kStaticScene for the scene
Pair pair_of(int a, int b) { return b == kStaticScene ? Pair{a, b} : Pair{std::min(a, b), std::max(a, b)}; }

/// Each pair's events in time order, and each vehicle's first event: when it left its SUMO path.
struct ContactHistory {
  std::map<Pair, std::vector<const ImpactEvent*>> by_pair;
  std::vector<double> released_at;  ///< per vehicle [s]; kNever
  std::vector<int> released_by;     ///< the other vehicle of that first event (kStaticScene: the scene)

  ContactHistory(const RunResult& r, std::size_t vehicles) : released_at(vehicles, kNever), released_by(vehicles, kStaticScene) {
    for (const ImpactEvent& e : r.events) {
      by_pair[pair_of(e.contact.vehicle, e.contact.other)].push_back(&e);
      for (const auto& [v, o] : {Pair{e.contact.vehicle, e.contact.other}, Pair{e.contact.other, e.contact.vehicle}})
        if (v != kStaticScene && e.time < released_at[static_cast<std::size_t>(v)])
          released_at[static_cast<std::size_t>(v)] = e.time, released_by[static_cast<std::size_t>(v)] = o;
    }
  }
};

/// SUMO's rows grouped into episodes, in the order of their first rows.
std::vector<SumoEpisode> episodes_of(const TrafficSpec& t) {
  std::vector<SumoEpisode> out;
  std::map<std::pair<std::string, std::string>, std::size_t> open;  // unordered pair -> its last episode
  for (const sumo::Collision& k : t.collisions) {
    const double time = k.time - t.first_time;
    const auto key = std::minmax(k.collider, k.victim);
    const auto found = open.find({key.first, key.second});
    if (found != open.end() && time - out[found->second].last_time <= 1.5 * t.sumo_step) {
      out[found->second].last_time = time;
      continue;
    }
    SumoEpisode& e = out.emplace_back();
    e.collider = k.collider, e.victim = k.victim, e.type = k.type, e.lane = k.lane;
    e.time = e.last_time = time;
    e.line = k.line;
    e.collider_speed = k.collider_speed, e.victim_speed = k.victim_speed;
    open[{key.first, key.second}] = out.size() - 1;
  }
  return out;
}

/// The speed change of `vehicle` in event `e` of `result` [m/s].
double speed_change(const RunResult& result, const ImpactEvent& e, int vehicle) {
  const auto change = [](const Body& pre, const Body& post) {
    return (post.state.velocity_W - pre.state.velocity_W).norm();
  };
  if (e.contact.vehicle == vehicle) return change(e.pre_a, e.post_a);
  const OtherBody& b = *result.other_of(e);
  return change(b.pre, b.post);
}

/// The FCD rows of the vehicles in `wanted` at the timesteps of `times` [s, FCD time], read in one pass.
std::map<std::pair<double, std::string>, sumo::FcdVehicle> rows_at(const std::string& fcd, std::vector<double> times,
                                                                   const std::vector<std::string>& wanted) {
  std::sort(times.begin(), times.end());
  std::map<std::pair<double, std::string>, sumo::FcdVehicle> out;
  sumo::FcdReader reader(fcd);
  sumo::FcdFrame frame;
  std::size_t next = 0;
  while (next < times.size() && reader.next(frame)) {
    if (std::abs(frame.time - times[next]) > 1e-6) continue;
    for (std::size_t k = 0; k < frame.count; ++k)
      if (std::find(wanted.begin(), wanted.end(), frame.vehicles[k].id) != wanted.end())
        out[{times[next], frame.vehicles[k].id}] = frame.vehicles[k];
    while (next < times.size() && times[next] <= frame.time + 1e-6) ++next;
  }
  return out;
}

/// Vehicle `v` of the case where the FCD row has it.
PlacedRectangle placed(const Case& c, std::size_t v, const sumo::FcdVehicle& row) {
  const VehicleParams& p = c.vehicles[v].params;
  const PlanarState s = sumo::state_of(row, p.body.cg_to_front, c.traffic->scene_from_sumo);
  VehiclePose pose;
  pose.heading = s.heading;
  pose.position_W = s.position_W;
  pose.size = p.body;
  return place_rectangle(pose);
}

/// Vehicle indices by name.
using VehicleIndex = std::unordered_map<std::string_view, int>;

/// Why two vehicles on their SUMO paths met where SUMO reported nothing, when nothing more is known.
constexpr std::string_view kOnTheirPaths =
    "both on their SUMO paths with overlapping rectangles: SUMO checks vehicles on one lane by their gap, and shapes "
    "only inside junctions (--collision.check-junctions); neighbouring lanes, lane changes and junction exits are not "
    "checked; in a turn crashbench's rectangle, straight along the heading at the front, also reaches out of SUMO's "
    "body, which follows its curved lane";

/// Gives each of the contacts `which` of `extra` (two vehicles on their SUMO paths) its reason: a vehicle of
/// the pair that the FCD moves farther than its speed allows (the TrafficStream's teleport rule) over one of
/// the two SUMO steps before the contact's came back there; else kOnTheirPaths. The FCD is read once.
void explain_on_paths(const Case& c, const VehicleIndex& index, std::vector<SumoExtraContact>& extra,
                      const std::vector<std::size_t>& which) {
  if (which.empty()) return;
  const TrafficSpec& t = *c.traffic;
  constexpr int kStepsBack = 2;  // a vehicle back from a jump may meet the other over its next step
  // The FCD timestep `back` steps before the one starting the SUMO step the contact lies in [s, FCD time].
  const auto timestep = [&](double time, int back) {
    return (std::floor(time / t.sumo_step + 1e-6) - back) * t.sumo_step + t.first_time;
  };
  std::vector<double> times;
  std::vector<std::string> ids;
  for (const std::size_t k : which) {
    for (int back = 0; back <= kStepsBack; ++back) times.push_back(timestep(extra[k].time, back));
    ids.push_back(extra[k].vehicle);
    ids.push_back(extra[k].other);
  }
  const auto rows = rows_at(t.fcd_file, times, ids);
  for (const std::size_t k : which) {
    SumoExtraContact& x = extra[k];
    for (int back = 0; back < kStepsBack && x.why.empty(); ++back) {
      const double now = timestep(x.time, back), before = timestep(x.time, back + 1);
      for (const std::string* id : {&x.vehicle, &x.other}) {
        const auto at = rows.find({now, *id}), was = rows.find({before, *id});
        if (at == rows.end() || was == rows.end()) continue;
        const double cg_to_front = c.vehicles[static_cast<std::size_t>(index.at(*id))].params.body.cg_to_front;
        const double moved = (sumo::state_of(at->second, cg_to_front, t.scene_from_sumo).position_W -
                              sumo::state_of(was->second, cg_to_front, t.scene_from_sumo).position_W).norm();
        const double drives = std::max(at->second.speed, was->second.speed) * t.sumo_step;
        if (moved <= drives + TrafficStream::kJumpAllowance) continue;
        x.why = fmt::format("'{}' moved {:.1f} m in the SUMO step to {:.3f} s, where its speed drives {:.1f} m: "
                            "SUMO teleported it, or moved it across a junction at once (a network without internal "
                            "lanes: netconvert --no-internal-links), and it came back where the other was",
                            *id, moved, now - t.first_time, drives);
        break;
      }
    }
    if (x.why.empty()) x.why = kOnTheirPaths;
  }
}

}  // namespace

std::size_t SumoComparison::matched() const {
  return static_cast<std::size_t>(std::count_if(episodes.begin(), episodes.end(), [](const SumoEpisode& e) { return e.matched; }));
}

std::string_view to_string(SumoExtraContact::Kind kind) {
  switch (kind) {
    case SumoExtraContact::Kind::kUnreported: return "unreported";
    case SumoExtraContact::Kind::kSecondary: return "secondary";
    case SumoExtraContact::Kind::kScene: return "scene";
  }
  return "?";
}

namespace {

/// Matches each of `episodes` to crashbench's first contact of its pair within two SUMO steps of its start
/// (those contacts go to `claimed`), or says why there was none where the contact history tells: the run
/// ended, or a vehicle had left its SUMO path.
void match_episodes(const Case& c, const RunResult& result, const ContactHistory& history, const VehicleIndex& index,
                    std::vector<SumoEpisode>& episodes, std::set<const ImpactEvent*>& claimed) {
  const TrafficSpec& t = *c.traffic;
  const double window = 2.0 * t.sumo_step + 1e-9;
  for (SumoEpisode& e : episodes) {
    const int a = index.at(e.collider), b = index.at(e.victim);
    const auto events = history.by_pair.find(pair_of(a, b));
    if (events != history.by_pair.end())
      for (const ImpactEvent* ev : events->second)
        if (ev->time >= e.time - window && ev->time <= e.time + window) {
          e.matched = true;
          e.contact_time = ev->time;
          e.impulse = ev->resolution.impulse.linear_W.norm();
          e.collider_dv = speed_change(result, *ev, a);
          e.victim_dv = speed_change(result, *ev, b);
          claimed.insert(ev);
          break;
        }
    if (e.matched) continue;
    const double run_end = result.steps * c.dt;
    if (e.time > run_end - window) {
      e.why = fmt::format("at {:.3f} s, too near or past the run's end at {:.3f} s (the case's duration)", e.time, run_end);
      continue;
    }
    // Left its SUMO path before: crashbench's vehicle is no longer where SUMO's is. Left it by a contact with
    // a third vehicle up to the window after: from then on the pair passes through each other (a released
    // vehicle and one on its path, as in SUMO, which cannot see crashbench's wrecks), so no contact follows.
    for (const auto& [v, id] : {std::pair{a, &e.collider}, std::pair{b, &e.victim}}) {
      const double left = history.released_at[static_cast<std::size_t>(v)];
      const int by = history.released_by[static_cast<std::size_t>(v)];
      const bool before = left < e.time - window, by_pair = by == a || by == b;
      if (!e.why.empty() || (by_pair ? !before : left > e.time + window)) continue;
      if (by_pair) {
        e.why = fmt::format("crashbench found this pair's contact at {:.3f} s, {:.1f} s before SUMO: the rectangles "
                            "met before SUMO's '{}' rule saw them (a lane gap, or a junction's shapes)", left,
                            e.time - left, e.type);
        continue;
      }
      const std::string other =
          by == kStaticScene ? "the scene" : "'" + c.vehicles[static_cast<std::size_t>(by)].name + "'";
      e.why = fmt::format("'{}' left its SUMO path at {:.3f} s (contact with {}){}", *id, left, other,
                          before ? ": SUMO's collision is on the path it no longer drives"
                                 : ", within two SUMO steps of this collision: from then on it passes through "
                                   "SUMO's vehicles, which cannot see it");
    }
  }
}

/// Says why each of `episodes` neither matched nor explained by match_episodes had no contact, from where the
/// FCD has its two vehicles at its start (the FCD read once): one absent, their rectangles apart, or
/// overlapping and closing (a detector's miss) or not.
void explain_from_fcd(const Case& c, const VehicleIndex& index, std::vector<SumoEpisode>& episodes) {
  const TrafficSpec& t = *c.traffic;
  std::vector<double> times;
  std::vector<std::string> ids;
  for (const SumoEpisode& e : episodes)
    if (!e.matched && e.why.empty()) {
      times.push_back(e.time + t.first_time);
      ids.push_back(e.collider);
      ids.push_back(e.victim);
    }
  if (times.empty()) return;
  const auto rows = rows_at(t.fcd_file, times, ids);
  for (SumoEpisode& e : episodes) {
    if (e.matched || !e.why.empty()) continue;
    const auto ra = rows.find({e.time + t.first_time, e.collider}), rb = rows.find({e.time + t.first_time, e.victim});
    if (ra == rows.end() || rb == rows.end()) {
      e.why = fmt::format("'{}' is not in the FCD at {:.3f} s: SUMO removed or teleported it in that step",
                          ra == rows.end() ? e.collider : e.victim, e.time);
      continue;
    }
    const PlacedRectangle pa = placed(c, static_cast<std::size_t>(index.at(e.collider)), ra->second);
    const PlacedRectangle pb = placed(c, static_cast<std::size_t>(index.at(e.victim)), rb->second);
    Contact overlap;
    if (rectangle_contact(pa, pb, overlap)) {
      // Closing when the CG velocities approach along the normal (from b towards a).
      const Vec2 relative = sumo::state_of(ra->second, 0, t.scene_from_sumo).velocity_W -
                             sumo::state_of(rb->second, 0, t.scene_from_sumo).velocity_W;
      const double closing = -relative.dot(overlap.normal_W);
      e.why = closing > 0
                  ? fmt::format("the rectangles overlap {:.3f} m at {:.3f} s, closing at {:.2f} m/s, and crashbench "
                                "found no contact within two SUMO steps: a detector's miss",
                                overlap.depth, e.time, closing)
                  : fmt::format("the rectangles overlap {:.3f} m at {:.3f} s but are not closing ({:.2f} m/s apart "
                                "along the normal): SUMO moved them into each other (an insertion or a lane change "
                                "into a short gap), no impact to resolve",
                                overlap.depth, e.time, -closing);
      continue;
    }
    e.why = fmt::format("the rectangles do not overlap at {:.3f} s (centres {:.2f} m apart): SUMO's '{}' rule is not "
                        "an overlap of the vehicles' rectangles",
                        e.time, (pa.center_W() - pb.center_W()).norm(), e.type);
  }
}

/// Every first contact of a pair that no episode claimed, with its kind and why SUMO had none.
std::vector<SumoExtraContact> extra_contacts(const Case& c, const ContactHistory& history, const VehicleIndex& index,
                                             const std::set<const ImpactEvent*>& claimed) {
  const TrafficSpec& t = *c.traffic;
  std::vector<SumoExtraContact> out;
  std::vector<std::size_t> on_paths;  // of two vehicles on their SUMO paths
  for (const auto& [pair, events] : history.by_pair) {
    const ImpactEvent* first = events.front();
    if (claimed.contains(first)) continue;
    SumoExtraContact& x = out.emplace_back();
    x.vehicle = c.vehicles[static_cast<std::size_t>(pair.first)].name;
    x.other = pair.second == kStaticScene ? "" : c.vehicles[static_cast<std::size_t>(pair.second)].name;
    x.time = first->time;
    // A vehicle that had left its SUMO path before: what it meets follows from that contact, not from SUMO.
    const bool with_scene = pair.second == kStaticScene;  // a structured binding: no lambda may capture it
    const auto released_before = [&](int v) {
      const auto s = static_cast<std::size_t>(v);
      if (v == kStaticScene || s < t.first_vehicle || !(history.released_at[s] < first->time - 1e-12)) return false;
      x.kind = SumoExtraContact::Kind::kSecondary;
      x.why = fmt::format("'{}' left its SUMO path at {:.3f} s: a secondary impact{}", c.vehicles[s].name,
                          history.released_at[s], with_scene ? ", with the scene" : "");
      return true;
    };
    if (released_before(pair.first) || released_before(pair.second)) continue;
    if (with_scene) {
      x.kind = SumoExtraContact::Kind::kScene;
      x.why = "a contact with the scene's geometry: SUMO has none";
      continue;
    }
    for (const int v : {pair.first, pair.second})
      if (static_cast<std::size_t>(v) < t.first_vehicle && x.why.empty())
        x.why = fmt::format("'{}' is the case's own vehicle, not SUMO's", c.vehicles[static_cast<std::size_t>(v)].name);
    if (x.why.empty()) on_paths.push_back(out.size() - 1);
  }
  explain_on_paths(c, index, out, on_paths);
  return out;
}

}  // namespace

SumoComparison compare_with_sumo(const Case& c, const RunResult& result) {
  const TrafficSpec& t = *c.traffic;
  SumoComparison out;
  out.vehicles = t.ids.size();
  out.most_present = t.most_present;
  out.persons = t.persons;
  out.containers = t.containers;
  out.defaulted_types = t.defaulted_types;
  out.collision_rows = t.collisions.size();
  out.person_collision_rows = t.person_collision_rows;
  out.left_out = t.left_out.size();
  out.left_out_collision_rows = t.left_out_collision_rows;
  out.episodes = episodes_of(t);
  const ContactHistory history(result, c.vehicles.size());
  VehicleIndex index;
  for (std::size_t v = 0; v < c.vehicles.size(); ++v) index.emplace(c.vehicles[v].name, static_cast<int>(v));
  for (std::size_t v = t.first_vehicle; v < c.vehicles.size(); ++v) out.released += history.released_at[v] < kNever;
  std::set<const ImpactEvent*> claimed;  // contacts an episode matched
  match_episodes(c, result, history, index, out.episodes, claimed);
  explain_from_fcd(c, index, out.episodes);
  out.extra = extra_contacts(c, history, index, claimed);
  return out;
}

}  // namespace crashbench
