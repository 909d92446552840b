#include "detectors/vehicle_pairs.hpp"

#include <algorithm>

namespace crashbench {

void VehiclePairs::reserve(int vehicle_count) {
  const std::size_t n = static_cast<std::size_t>(std::max(vehicle_count, 0));
  rects_.reserve(n);
  placed_.reserve(n);
  boxes_.reserve(n);
  broad_.reserve(vehicle_count);
}

const PlacedRectangle& VehiclePairs::rectangle(std::span<const VehiclePose> poses, int v) {
  const auto i = static_cast<std::size_t>(v);
  if (placed_[i] != query_) rects_[i] = place_rectangle(poses[i]), placed_[i] = query_;
  return rects_[i];
}

void VehiclePairs::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  if (poses.size() < 2) return;
  if (++query_ == 0) std::fill(placed_.begin(), placed_.end(), 0), query_ = 1;
  rects_.resize(poses.size());
  placed_.resize(poses.size(), 0);
  boxes_.resize(poses.size());
  for (std::size_t i = 0; i < poses.size(); ++i) rectangle_bounds(poses[i], boxes_[i].lo, boxes_[i].hi);
  if (coherence_margin_ > 0)
    broad_.find_coherent(boxes_, coherence_margin_, stats);
  else
    broad_.find(boxes_, stats);
  // The pairs come ascending, so the contacts come by (vehicle, other).
  for (const auto& [a, b] : broad_.pairs()) {
    ++stats.primitives_tested;
    Contact c;
    if (!rectangle_contact(rectangle(poses, a), rectangle(poses, b), c)) continue;
    c.vehicle = a;
    c.other = b;
    out.push_back(c);
  }
}

}  // namespace crashbench
