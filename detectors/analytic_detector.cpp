#include "detectors/analytic_detector.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace crashbench {

void AnalyticDetector::prepare(const Scene& scene, int vehicle_count) {
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
  clear_.reset(vehicle_count);
}

bool AnalyticDetector::query(std::size_t i, std::size_t slot, const VehiclePose& pose, std::vector<Contact>& out,
                             DetectorStats& stats) {
  // Walls have no height here: a box clear of every wall's footprint holds at any (plane 0). Most cars
  // sit well inside their boxes: the pose alone shows it, without placing the rectangle.
  if (clear_.surely_covers(slot, pose, 0.0)) return true;
  const PlacedRectangle r = place_rectangle(pose);
  if (clear_.covers(slot, r.corners_W, 0.0)) return true;
  const double ground = ground_under(pose, surface_.get());
  HeightBand band = height_band(ground, surface_.get());
  // With a band (a file scene's walls have heights), a wall is met where the plane at CG height crosses
  // it, as the triangle detectors cut their faces there: a kerb below the plane, or a start banner's beam
  // under a car that the first surface query put on top of it, is no wall. Without one, walls have no
  // height and every wall is met.
  if (std::isfinite(band.hi)) {
    const double plane = ground + pose.cg_height;
    band = {std::max(band.lo, plane), std::min(band.hi, plane)};
  }
  const std::size_t found = out.size();
  const bool reached = detect_walls(static_cast<int>(i), r, band, out, stats);
  if (out.size() == found)
    clear_.remember(slot, r.cg_W, r.forward_W, pose.heading, r.x_max_B, -r.x_min_B, r.half_width, 0.0,
                    [this](const ClearBoxes::Proposal& p) { return walls_meet(p); });
  return !reached;
}

bool AnalyticDetector::walls_meet(const ClearBoxes::Proposal& p) {
  Vec2 lo, hi;
  rectangle_box(p.tested, lo, hi);
  grid_.candidates(lo, hi, candidates_);
  for (const int w : candidates_) {
    const PreparedWall& wall = walls_[static_cast<std::size_t>(w)];
    if (footprint_meets(footprint(wall.a_W, wall.b_W), p.tested)) return true;
  }
  return false;
}

bool AnalyticDetector::detect_walls(int vehicle, const PlacedRectangle& r, const HeightBand& band,
                                    std::vector<Contact>& out, DetectorStats& stats) {
  grid_.candidates(r.box_min_W, r.box_max_W, candidates_);
  bool reached = false;
  for (const int w : candidates_) {
    const PreparedWall& wall = walls_[static_cast<std::size_t>(w)];
    ++stats.nodes_visited;
    if (!boxes_overlap(r.box_min_W, r.box_max_W, wall.box_min_W, wall.box_max_W)) continue;
    // Over this car's roof or under its road: outside its height band.
    const Vec2& heights = wall_heights_[static_cast<std::size_t>(w)];
    if (!band.reaches(heights.x(), heights.y())) continue;
    reached = true;
    ++stats.primitives_tested;
    Contact c;
    if (!wall_contact(wall, r, c)) continue;
    c.vehicle = vehicle;
    c.other = kStaticScene;
    c.feature = w;
    out.push_back(c);
  }
  return reached;
}

std::unique_ptr<Detector> make_analytic_detector() { return std::make_unique<AnalyticDetector>(); }

}  // namespace crashbench
