// Drifting off real tracks into their barriers: on every TORCS road course, dirt track and oval of Debian's
// torcs-data, a car replayed from a point of its definition's centre line a quarter of the way round, heading 20 degrees off the road to the left and to the right at 25 m/s, makes its first
// contact on a face of the collision set (tests/support/torcs_tracks.hpp: walls within 45 degrees of
// vertical, no tree sprites) found
// independently, by a segment through the contact point at the rectangle's height, and every triangle
// detector finds the same first contact as brute force. Most first contacts also lie within 0.5 m of where rays
// from the front bumper, moved along the drift at the rectangle's height of each step, first meet a face. Opt-in: label `realscenes`, skipped without torcs-data.
// The table it prints is docs/scenes.md's ("Driving the tracks").
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <numbers>

#include "cases/driving/replay_log.hpp"
#include "cases/loading/case_loader.hpp"
#include "cases/loading/scene_cache.hpp"
#include "cases/runner/simulation.hpp"
#include "core/units.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/torcs/centreline.hpp"
#include "detectors/scenes/torcs/torcs_track_anchor.hpp"
#include "tests/support/first_contact.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/torcs_tracks.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;
constexpr double kDriftSpeed = 25, kDriftDeg = 20, kSeconds = 5;  // [m/s], [deg], [s]

/// Where the segment p + s d (s in [-reach, reach], at height z) first crosses `t`, as s; NaN if it does not.
double segment_crossing(const Triangle& t, const Vec3& p, const Vec3& d, double reach) {
  const Vec3 e1 = t.b_W - t.a_W, e2 = t.c_W - t.a_W, q = d.cross(e2);
  const double det = e1.dot(q);
  if (std::abs(det) < 1e-12) return NAN;
  const Vec3 s = p - t.a_W;
  const double u = s.dot(q) / det;
  const Vec3 r = s.cross(e1);
  const double v = d.dot(r) / det;
  const double along = e2.dot(r) / det;
  if (u < 0 || v < 0 || u + v > 1 || std::abs(along) > reach) return NAN;
  return along;
}

/// Distance [m] from `point_W` at height `z` to the nearest face of `triangles` along the horizontal
/// direction `d_W`, measured across that face (along its horizontal normal); NaN if none lies within 2 m.
double distance_to_face(const std::vector<Triangle>& triangles, const Vec2& point_W, double z, const Vec2& d_W) {
  const Vec3 p(point_W.x(), point_W.y(), z), d(d_W.x(), d_W.y(), 0);
  double nearest = NAN;
  const Triangle* face = nullptr;
  for (const Triangle& t : triangles) {
    const double s = segment_crossing(t, p, d, 2.0);
    if (!std::isnan(s) && !(std::abs(s) >= std::abs(nearest))) nearest = s, face = &t;
  }
  if (!face) return NAN;
  const Vec3 n = (face->b_W - face->a_W).cross(face->c_W - face->a_W);
  const Vec2 across = Vec2(n.x(), n.y()).normalized();
  return std::abs(nearest * d_W.dot(across));
}

/// The rectangle's height [m] as the runner finds it: the surface under the CG followed step by step from
/// where the car starts on the road (each query hinted by the last height found), plus the CG height.
class RectangleHeight {
 public:
  RectangleHeight(const Scene& scene, double cg_height) : scene_(scene), cg_height_(cg_height) {}
  double at(const Vec2& cg_W) {
    const double h = scene_.surface->height_below(cg_W, z_);
    if (!std::isnan(h)) z_ = h;
    return z_ + cg_height_;
  }

 private:
  const Scene& scene_;
  double cg_height_;
  double z_ = kHighest;
};

/// How far [m] the car, moved straight along its heading `d_W` from CG `start_W` in steps of `step` [m],
/// travels before its front bumper (rays along d_W from points 2 cm apart, at the rectangle's height of
/// each step) meets a face of `triangles`: its first contact found without the detectors. NaN if none
/// within `reach` [m]. Only the triangles in the bumper's corridor are tried.
double bumper_travel(const Scene& scene, const VehicleParams& car, const Vec2& start_W, const Vec2& d_W, double step,
                     double reach) {
  const Vec2 side_W = perp(d_W);
  const double half = 0.5 * car.body.width, front = car.body.cg_to_front;
  std::vector<const Triangle*> corridor;
  for (const Triangle& t : scene.triangles) {
    double lo = INFINITY, hi = -INFINITY, left = INFINITY, right = -INFINITY;
    for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) {
      const Vec2 r = Vec2(v->x(), v->y()) - start_W;
      lo = std::min(lo, r.dot(d_W)), hi = std::max(hi, r.dot(d_W));
      left = std::min(left, r.dot(side_W)), right = std::max(right, r.dot(side_W));
    }
    if (hi >= front && lo <= front + reach && right >= -half && left <= half) corridor.push_back(&t);
  }
  RectangleHeight height(scene, car.cg_height);
  const Vec3 d(d_W.x(), d_W.y(), 0);
  const int rays = static_cast<int>(std::ceil(car.body.width / 0.02));
  for (double travelled = 0; travelled < reach; travelled += step) {
    const Vec2 cg_W = start_W + travelled * d_W;
    const double z = height.at(cg_W + step * d_W);  // the runner's rectangle rides the surface at the step's end
    double nearest = NAN;
    for (int k = 0; k <= rays; ++k) {
      const Vec2 o_W = cg_W + front * d_W + (car.body.width * k / rays - half) * side_W + 0.5 * step * d_W;
      for (const Triangle* t : corridor) {
        const double s = segment_crossing(*t, Vec3(o_W.x(), o_W.y(), z), d, 0.5 * step);
        if (!std::isnan(s) && !(s >= nearest)) nearest = s;
      }
    }
    if (!std::isnan(nearest)) return travelled + 0.5 * step + nearest;
  }
  return NAN;
}

nlohmann::json drift_case(const fs::path& track, const std::string& csv, const std::string& detector, double duration) {
  return {{"name", track.stem().string()},
          {"scene", {{"file", track.string()}, {"up_axis", "y"}, {"collision", testing::torcs_collision_set()}}},
          {"detector", detector}, {"response", {{"model", "restitution"}, {"restitution", 0.2}}},
          {"dynamics", "bicycle"}, {"dt", 0.005}, {"duration", duration}, {"record_every", 1000},
          {"vehicles", {{{"params", "sedan"}, {"replay", csv}}}}};
}

TEST(TorcsDrift, FirstContactOnTheBarrierFaceAndTheSameWithEveryTriangleDetector) {
  const std::vector<testing::TorcsTrackFiles> tracks = testing::torcs_tracks();
  if (tracks.empty()) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data to run this test";
  const auto dir = testing::temp_folder("torcs-drift");
  int drifts = 0, contacts = 0, bumper_agrees = 0;
  std::cout << "| track | side | first contact [s] | travelled [m] | bumper rays [m] | point from the face [m] |\n"
               "| --- | --- | ---: | ---: | ---: | ---: |\n";
  for (const testing::TorcsTrackFiles& track : tracks) {
    const fs::path& scene_file = track.scene;
    const Centreline line = torcs_centreline_on_scene(track.definition.string(), track.scene.string());
    const std::size_t i = line.points_W.size() / 4;
    const std::vector<LapRow> lap = lap_rows(line, kDriftSpeed, 0.0);
    for (const double side : {1.0, -1.0}) {
      const Vec2 start = lap[i].position_W;
      const double heading = lap[i].heading + side * kDriftDeg * kDegToRad;
      const Vec2 d = unit_at(heading);
      const std::string csv = (dir / fmt::format("{}-{}.csv", track.name(), side)).string();
      std::ofstream(csv) << fmt::format("{}\n0,{},{},{}\n{},{},{},{}\n", kReplayHeader, start.x(), start.y(),
                                        heading * kRadToDeg, kSeconds + 1, start.x() + (kSeconds + 1) * kDriftSpeed * d.x(),
                                        start.y() + (kSeconds + 1) * kDriftSpeed * d.y(), heading * kRadToDeg);
      const std::string what = fmt::format("{} {}", track.name(), side > 0 ? "left" : "right");
      const Case reference_case = parse_case(drift_case(scene_file, csv, "brute-force", kSeconds), csv + ".json");
      const auto first = testing::first_event(run_case(reference_case));
      ++drifts;
      if (!first) {
        std::cout << fmt::format("| {} | {} | none in {} s | | | |\n", track.name(), side > 0 ? "left" : "right", kSeconds);
        continue;
      }
      ++contacts;
      const auto scene = shared_scene(reference_case.scene);
      const VehicleParams& car = reference_case.vehicles[0].params;
      RectangleHeight height(*scene, car.cg_height);
      const double steps = std::ceil(first->time / reference_case.dt);
      for (int k = 1; k < steps; ++k) height.at(start + k * kDriftSpeed * reference_case.dt * d);
      const double face = distance_to_face(scene->triangles, first->contact.point_W,
                                           height.at(start + steps * kDriftSpeed * reference_case.dt * d), d);
      EXPECT_LT(face, 0.5) << what << ": the first contact must lie on a face of the collision set";
      const double travel = bumper_travel(*scene, car, start, d, kDriftSpeed * reference_case.dt, kSeconds * kDriftSpeed);
      // The rays see what the bumper sweeps into; a face can also reach the rectangle through its side, as the
      // rectangle rides the ground up or down past a sloping face: counted, and most drifts must agree.
      if (std::abs(first->time * kDriftSpeed - travel) < 0.5) ++bumper_agrees;
      std::cout << fmt::format("| {} | {} | {:.3f} | {:.2f} | {:.2f} | {:.3f} |\n", track.name(),
                               side > 0 ? "left" : "right", first->time, first->time * kDriftSpeed, travel, face);
      for (const std::string& name : testing::triangle_detector_names()) {
        if (name == "brute-force") continue;
        const double until = std::min(kSeconds, first->time + 0.05);
        testing::expect_same_first_contact(
            testing::first_event(run_case(parse_case(drift_case(scene_file, csv, name, until), csv + ".json"))), first,
            what + " " + name);
      }
    }
  }
  EXPECT_EQ(drifts, 76) << "drifts (38 tracks x 2 sides)";
  EXPECT_GE(contacts, drifts / 2) << "drifts that met something";
  EXPECT_GE(bumper_agrees, 0.85 * contacts) << "first contacts within 0.5 m of where the bumper's rays meet a face";
}

}  // namespace
}  // namespace crashbench
