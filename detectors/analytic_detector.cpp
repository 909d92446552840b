#include "detectors/analytic_detector.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace crashbench {

void AnalyticDetector::prepare(const Scene& scene, int /*vehicle_count*/) {
  // A scene with walls as triangles but no footprints would let every car through: refuse it.
  const auto upright = [](const Triangle& t) {  // steeper than 60 degrees: a wall, not terrain
    const Vec3 n = (t.b_W - t.a_W).cross(t.c_W - t.a_W);
    return std::abs(n.z()) < 0.5 * n.norm();
  };
  if (scene.walls.empty() && std::any_of(scene.triangles.begin(), scene.triangles.end(), upright))
    throw Error(scene.name, "", "detector 'analytic' got no wall footprints for a scene with walls (triangles)");
  walls_.clear();
  walls_.reserve(scene.walls.size());
  wall_heights_.clear();
  for (std::size_t i = 0; i < scene.walls.size(); ++i) {
    walls_.push_back(prepare_wall(scene.walls[i], static_cast<int>(i)));
    wall_heights_.emplace_back(scene.walls[i].bottom_z, scene.walls[i].top_z);
  }
  surface_ = scene.surface;
  std::vector<Box2> boxes;
  for (const PreparedWall& w : walls_) boxes.push_back({w.box_min_W, w.box_max_W});
  grid_.build(boxes);
  candidates_.reserve(grid_.wall_count());
}

void AnalyticDetector::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  for (std::size_t i = 0; i < poses.size(); ++i) {
    const HeightBand band = height_band(ground_under(poses[i], surface_.get()), surface_.get());
    detect_walls(static_cast<int>(i), place_rectangle(poses[i]), band, out, stats);
  }
}

void AnalyticDetector::detect_walls(int vehicle, const PlacedRectangle& r, const HeightBand& band,
                                    std::vector<Contact>& out, DetectorStats& stats) {
  grid_.candidates(r.box_min_W, r.box_max_W, candidates_);
  for (const int w : candidates_) {
    const PreparedWall& wall = walls_[static_cast<std::size_t>(w)];
    ++stats.nodes_visited;
    if (!boxes_overlap(r.box_min_W, r.box_max_W, wall.box_min_W, wall.box_max_W)) continue;
    // Over this car's roof or under its road: outside its height band.
    const Vec2& heights = wall_heights_[static_cast<std::size_t>(w)];
    if (!band.reaches(heights.x(), heights.y())) continue;
    ++stats.primitives_tested;
    Contact c;
    if (!wall_contact(wall, r, c)) continue;
    c.vehicle = vehicle;
    c.other = kStaticScene;
    c.feature = w;
    out.push_back(c);
  }
}

std::unique_ptr<Detector> make_analytic_detector() { return std::make_unique<AnalyticDetector>(); }

}  // namespace crashbench
