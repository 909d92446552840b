#include "detectors/analytic_detector.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

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
  const std::size_t n = vehicle_count > 0 ? static_cast<std::size_t>(vehicle_count) : 0;
  rects_.reserve(n);
  bands_.reserve(n);
  order_.reserve(n);
  order_.clear();
  subset_order_.reserve(n);
  prepared_count_ = n;
}

void AnalyticDetector::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  std::vector<int>& order = place_all(poses);
  for (std::size_t i = 0; i < rects_.size(); ++i) detect_walls(static_cast<int>(i), out, stats);
  if (rects_.size() < 2) return;
  sort_by_box_min_x(order);
  sweep_vehicles(order, out, stats);
}

std::vector<int>& AnalyticDetector::place_all(std::span<const VehiclePose> poses) {
  rects_.resize(poses.size());
  bands_.resize(poses.size());
  for (std::size_t i = 0; i < poses.size(); ++i) {
    rects_[i] = place_rectangle(poses[i]);
    bands_[i] = height_band(ground_under(poses[i], surface_.get()), surface_.get());
  }
  // Queries on a few vehicles (a sweep's bisection) keep their own order, so the whole run's stays sorted.
  std::vector<int>& order = poses.size() >= prepared_count_ ? order_ : subset_order_;
  // A change in the number of vehicles restarts the order; otherwise last step's order is kept.
  if (order.size() != poses.size()) {
    order.resize(poses.size());
    std::iota(order.begin(), order.end(), 0);
  }
  return order;
}

void AnalyticDetector::detect_walls(int vehicle, std::vector<Contact>& out, DetectorStats& stats) const {
  const PlacedRectangle& r = rects_[static_cast<std::size_t>(vehicle)];
  const HeightBand& band = bands_[static_cast<std::size_t>(vehicle)];
  for (std::size_t w = 0; w < walls_.size(); ++w) {
    ++stats.nodes_visited;
    if (!boxes_overlap(r.box_min_W, r.box_max_W, walls_[w].box_min_W, walls_[w].box_max_W)) continue;
    // Over this car's roof or under its road: outside its height band.
    if (!band.reaches(wall_heights_[w].x(), wall_heights_[w].y())) continue;
    ++stats.primitives_tested;
    Contact c;
    if (!wall_contact(walls_[w], r, c)) continue;
    c.vehicle = vehicle;
    c.other = kStaticScene;
    c.feature = static_cast<int>(w);
    out.push_back(c);
  }
}

void AnalyticDetector::sort_by_box_min_x(std::vector<int>& order) {
  // Insertion sort: linear when the order changes little between steps; (x, index) makes it history-free.
  const auto before = [this](int i, int j) {
    const double xi = rects_[static_cast<std::size_t>(i)].box_min_W.x();
    const double xj = rects_[static_cast<std::size_t>(j)].box_min_W.x();
    return xi < xj || (xi == xj && i < j);
  };
  for (std::size_t k = 1; k < order.size(); ++k) {
    const int v = order[k];
    std::size_t m = k;
    for (; m > 0 && before(v, order[m - 1]); --m) order[m] = order[m - 1];
    order[m] = v;
  }
}

void AnalyticDetector::sweep_vehicles(const std::vector<int>& order, std::vector<Contact>& out,
                                      DetectorStats& stats) const {
  for (std::size_t k = 0; k < order.size(); ++k) {
    const PlacedRectangle& rk = rects_[static_cast<std::size_t>(order[k])];
    // Later boxes start at or after rk's start; once one starts past rk's end, all the rest do too.
    for (std::size_t m = k + 1; m < order.size(); ++m) {
      const PlacedRectangle& rm = rects_[static_cast<std::size_t>(order[m])];
      if (rm.box_min_W.x() > rk.box_max_W.x()) break;
      ++stats.nodes_visited;
      if (!boxes_overlap(rk.box_min_W, rk.box_max_W, rm.box_min_W, rm.box_max_W)) continue;
      ++stats.primitives_tested;
      const int a = std::min(order[k], order[m]), b = std::max(order[k], order[m]);
      Contact c;
      if (!rectangle_contact(rects_[static_cast<std::size_t>(a)], rects_[static_cast<std::size_t>(b)], c)) continue;
      c.vehicle = a;
      c.other = b;
      out.push_back(c);
    }
  }
}

std::unique_ptr<Detector> make_analytic_detector() { return std::make_unique<AnalyticDetector>(); }

}  // namespace crashbench
