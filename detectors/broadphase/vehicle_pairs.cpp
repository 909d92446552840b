#include "detectors/broadphase/vehicle_pairs.hpp"

#include <algorithm>

namespace crashbench {

void QueryRectangles::reserve(int vehicle_count) {
  const std::size_t n = static_cast<std::size_t>(std::max(vehicle_count, 0));
  rects_.reserve(n);
  boxes_.reserve(n);
  placed_.reserve(n);
  bounded_.reserve(n);
}

void QueryRectangles::begin(std::size_t count) {
  if (++query_ == 0) {
    std::fill(placed_.begin(), placed_.end(), 0);
    std::fill(bounded_.begin(), bounded_.end(), 0);
    query_ = 1;
  }
  rects_.resize(count);
  boxes_.resize(count);
  placed_.resize(count, 0);
  bounded_.resize(count, 0);
}

const PlacedRectangle& QueryRectangles::rectangle(std::span<const VehiclePose> poses, int v) {
  const auto i = static_cast<std::size_t>(v);
  if (placed_[i] != query_) rects_[i] = place_rectangle(poses[i]), placed_[i] = query_;
  return rects_[i];
}

const Box2& QueryRectangles::box(std::span<const VehiclePose> poses, int v) {
  const auto i = static_cast<std::size_t>(v);
  if (bounded_[i] != query_) rectangle_bounds(poses[i], boxes_[i].lo, boxes_[i].hi), bounded_[i] = query_;
  return boxes_[i];
}

bool append_pair_contact(QueryRectangles& rects, std::span<const VehiclePose> poses, int a, int b,
                         std::vector<Contact>& out, DetectorStats& stats) {
  if (!on_one_level(poses[static_cast<std::size_t>(a)], poses[static_cast<std::size_t>(b)])) return false;
  ++stats.primitives_tested;
  Contact c;
  if (!rectangle_contact(rects.rectangle(poses, a), rects.rectangle(poses, b), c)) return false;
  c.vehicle = a;
  c.other = b;
  out.push_back(c);
  return true;
}

void VehiclePairs::reserve(int vehicle_count) {
  rects_.reserve(vehicle_count);
  boxes_.reserve(static_cast<std::size_t>(std::max(vehicle_count, 0)));
  broad_.reserve(vehicle_count);
}

void VehiclePairs::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  if (poses.size() < 2) return;
  rects_.begin(poses.size());
  boxes_.resize(poses.size());
  for (std::size_t i = 0; i < poses.size(); ++i) rectangle_bounds(poses[i], boxes_[i].lo, boxes_[i].hi);
  broad_.find(boxes_, stats);
  // The pairs come ascending, so the contacts come by (vehicle, other).
  for (const auto& [a, b] : broad_.pairs()) append_pair_contact(rects_, poses, a, b, out, stats);
}

}  // namespace crashbench
