// The six real OpenDRIVE files of ../shared/data/opendrive (esmini's and CARLA's Town01; not in the
// repository, so label `realscenes`: skipped when the folder is missing; CRASHBENCH_OPENDRIVE_DATA names
// another folder). Each loads with edges on; a car standing on the centre of every driving lane of every
// road outside junctions, a metre apart along it (where the lane has room for it: lane_room.hpp), touches no
// wall with any triangle detector; 1.2 m off the centre either way, where a lane's side meets a wall, every
// triangle detector gives brute force's contacts; the road's triangles lie within the surface tolerance of
// the exact surface of every drivable lane.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <utility>
#include <random>

#include "detectors/detector.hpp"
#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/road_surface.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/opendrive_data.hpp"
#include "tests/support/detector_agreement.hpp"
#include "tests/support/lane_room.hpp"
#include "tests/support/registries.hpp"
#include "tests/support/scene_mesh.hpp"

namespace crashbench {
namespace {

constexpr double kCarWidth = 1.8;  // [m]

/// Poses on the centre of every travel lane (odr::kTravelLaneTypes) where the car has room (lane_room.hpp:
/// at least its width + 0.2 m wide under it, LGSVL's borregasave dropping a lane from 3.3 m to 1.7 m within
/// 2.5 m; no corner tighter than it can stand in), one a metre, heading along the lane (a road whose lanes
/// drift across its reference line, as the laneOffset of atlatec's survey of Karlsruhe's Suedtangente does
/// by 0.17 m a metre, has them at 10 deg to it); with `aside` [m] > 0 two poses a metre, shifted that far
/// towards either border.
struct LanePoses {
  std::vector<VehiclePose> poses;
  int without_room = 0;  ///< places left out: the car has no room in its lane there
};

LanePoses lane_poses(const std::string& file, double aside) {
  const odr::Network net = odr::read_network(file);
  LanePoses out;
  std::vector<odr::LaneSpan> spans;
  for (const odr::Road& road : net.roads) {
    if (road.in_junction()) continue;
    const odr::RoadSurface surface(road);
    for (std::size_t k = 0; k < road.sections.size(); ++k)
      for (double s = surface.section_start(k) + 3; s < surface.section_end(k) - 3; s += 1) {
        surface.spans(k, s, spans);
        for (const odr::LaneSpan& l : spans) {
          if (!odr::is_travel_lane(*l.lane)) continue;
          const testing::LaneStand stand = testing::stand_on_lane(surface, k, s, l.lane, kCarWidth, 2.0, 2.5);
          if (!stand.room) {
            ++out.without_room;
            continue;
          }
          for (const double side : aside > 0 ? std::vector<double>{-1.0, 1.0} : std::vector<double>{0.0}) {
            const Vec3 p = surface.point(s, 0.5 * (l.t_inner + l.t_outer) + side * aside);
            out.poses.push_back({p.head<2>(), stand.heading, 0.5, {2.5, 2.0, kCarWidth}, p.z()});
          }
        }
      }
  }
  return out;
}

/// `file` as a scene with 1 m edge walls.
Scene with_edges(const std::string& file) {
  SceneOptions options;
  options.opendrive.edge_height = 1.0;
  return load_scene(file, options);
}

TEST(OpenDriveData, EveryFileLoadsAndItsLaneCentresAreClearOfTheEdges) {
  const std::vector<std::string> all = testing::opendrive_data_files();
  if (all.empty()) GTEST_SKIP() << "no .xodr files in " << testing::opendrive_data_folder();
  for (const std::string& file : all) {
    const Scene scene = with_edges(file);
    std::cout << file << ": " << scene.triangles.size() << " collision triangles, " << scene.load_seconds << " s\n";
    for (const std::string& line : scene.about) std::cout << "  " << line << '\n';
    const auto [centre, without_room] = lane_poses(file, 0.0);
    if (centre.empty()) {
      EXPECT_FALSE(testing::has_travel_lane(file)) << file << ": travel lanes, but no pose on them";
      std::cout << "  no travel lane outside junctions: no pose\n";
      continue;
    }
    std::cout << "  " << centre.size() << " poses on lane centres (" << without_room
              << " places where the car has no room in its lane left out)\n";
    for (const std::string& d : testing::triangle_detector_names()) {
      int touching = 0;
      std::string first;  // where, for the failure's message
      const auto found = testing::contacts(d, scene, centre);
      for (std::size_t i = 0; i < found.size(); ++i) {
        if (!found[i].empty() && first.empty())
          first = fmt::format(" (first: the pose at ({:.2f}, {:.2f}), heading {:.3f} rad, at ({:.2f}, {:.2f}))",
                              centre[i].position_W.x(), centre[i].position_W.y(), centre[i].heading,
                              found[i][0].point_W.x(), found[i][0].point_W.y());
        touching += !found[i].empty();
      }
      EXPECT_EQ(touching, 0) << file << " " << d << ": poses on lane centres touching something" << first;
    }
  }
}

TEST(OpenDriveData, DetectorsAgreeBesideTheEdges) {
  const std::vector<std::string> all = testing::opendrive_data_files();
  if (all.empty()) GTEST_SKIP() << "no .xodr files in " << testing::opendrive_data_folder();
  for (const std::string& file : all) {
    const Scene scene = with_edges(file);
    const auto poses = lane_poses(file, 1.2).poses;  // the car's side 0.3 m past a lane's edge
    const auto want = testing::contacts("brute-force", scene, poses);
    const int steps = testing::expect_agreement(want, want, file);
    std::cout << file << ": " << steps << " of " << poses.size() << " poses 1.2 m aside touch\n";
    for (const std::string& d : testing::triangle_detector_names())
      if (d != "brute-force") testing::expect_agreement(testing::contacts(d, scene, poses), want, file + " " + d);
  }
}

/// The distance from a point to the nearest of `triangles`, exact: the triangles whose plan bounds lie within
/// a metre of the point first (a grid of 4 m cells), and all of them where none of those is that near. Every
/// triangle against every probe took 547 s on A10KW's export and ten others, and DRT's timed out.
class NearestTriangle {
 public:
  explicit NearestTriangle(const std::vector<Triangle>& triangles) : triangles_(triangles) {
    for (std::size_t i = 0; i < triangles.size(); ++i) {
      const Triangle& t = triangles[i];
      const Vec2 lo = t.a_W.head<2>().cwiseMin(t.b_W.head<2>()).cwiseMin(t.c_W.head<2>());
      const Vec2 hi = t.a_W.head<2>().cwiseMax(t.b_W.head<2>()).cwiseMax(t.c_W.head<2>());
      for (long x = cell(lo.x()); x <= cell(hi.x()); ++x)
        for (long y = cell(lo.y()); y <= cell(hi.y()); ++y) cells_[{x, y}].push_back(i);
    }
  }

  double distance(const Vec3& p) const {
    double nearest = std::numeric_limits<double>::infinity();
    for (long x = cell(p.x() - kNear); x <= cell(p.x() + kNear); ++x)
      for (long y = cell(p.y() - kNear); y <= cell(p.y() + kNear); ++y)
        if (const auto it = cells_.find({x, y}); it != cells_.end())
          for (const std::size_t i : it->second)
            nearest = std::min(nearest, testing::distance_to_triangle(p, triangles_[i]));
    if (nearest <= kNear) return nearest;  // any triangle nearer lies in those cells
    for (const Triangle& t : triangles_) nearest = std::min(nearest, testing::distance_to_triangle(p, t));
    return nearest;
  }

 private:
  static constexpr double kNear = 1.0, kCell = 4.0;  // [m]
  static long cell(double v) { return static_cast<long>(std::floor(v / kCell)); }
  const std::vector<Triangle>& triangles_;
  std::map<std::pair<long, long>, std::vector<std::size_t>> cells_;
};

TEST(OpenDriveData, EveryDrivableLaneIsWithinTheToleranceOfTheRoadsTriangles) {
  const std::vector<std::string> all = testing::opendrive_data_files();
  if (all.empty()) GTEST_SKIP() << "no .xodr files in " << testing::opendrive_data_folder();
  const OpenDriveOptions options;
  for (const std::string& file : all) {
    const std::vector<Triangle> road =
        testing::triangles_of(load_scene(file), [](std::string_view node) { return node.starts_with("road:"); });
    ASSERT_FALSE(road.empty()) << file;
    const NearestTriangle near(road);
    std::mt19937 random(11);
    std::uniform_real_distribution<double> unit(0, 1);
    double worst = 0;
    int probes = 0;
    std::vector<odr::LaneSpan> spans;
    for (const odr::Road& r : odr::read_network(file).roads) {
      const odr::RoadSurface surface(r);
      // A point every 2 m of road on average, at least 20 a road, each at a random s and across a random
      // drivable lane, whose height goes linearly from its inner border to its outer (and the road's shapes
      // add theirs).
      for (int i = 0; i < std::max(20, static_cast<int>(r.length / 2)); ++i) {
        const double s = unit(random) * r.length;
        const std::size_t k = surface.section_at(s);
        surface.spans(k, s, spans);
        std::erase_if(spans, [&](const odr::LaneSpan& l) {
          return std::ranges::find(options.drivable, l.lane->type) == options.drivable.end();
        });
        if (spans.empty()) continue;  // a road of sidewalks, or where no drivable lane is at s
        const odr::LaneSpan& l = spans[static_cast<std::size_t>(unit(random) * static_cast<double>(spans.size()))];
        const double tau = unit(random);
        const Vec3 p = surface.point(s, l.t_inner + tau * (l.t_outer - l.t_inner),
                                     l.dz_inner + tau * (l.dz_outer - l.dz_inner));
        const double nearest = near.distance(p);
        worst = std::max(worst, nearest);
        ++probes;
        // The stated tolerance, and the graph's float vertices up to 500 m out (3e-5 m).
        EXPECT_LE(nearest, options.tolerance + 1e-4)
            << file << " road " << r.id << " s " << s << " lane " << l.lane->id;
      }
    }
    std::cout << file << ": " << road.size() << " road triangles, " << probes << " points, farthest " << worst
              << " m\n";
    EXPECT_GE(probes, 20) << file;  // 20 a road: a file of one short road with drivable lanes has 20
  }
}

}  // namespace
}  // namespace crashbench
