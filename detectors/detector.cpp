#include "detectors/detector.hpp"

#include <algorithm>

#include "detectors/broadphase/vehicle_pairs.hpp"

namespace crashbench {

Detector::Detector() : pairs_(std::make_unique<VehiclePairs>()) {}
Detector::~Detector() = default;

void Detector::reserve_pairs(int vehicle_count) {
  pairs_->reserve(vehicle_count);
  unskipped_.reserve(static_cast<std::size_t>(std::max(vehicle_count, 0)));
  unskipped_ids_.reserve(static_cast<std::size_t>(std::max(vehicle_count, 0)));
}

void Detector::detect_noting_clear(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats,
                                   std::span<char> clear) {
  detect(poses, out, stats);
  std::fill(clear.begin(), clear.end(), 0);
}

void Detector::detect_except(std::span<const VehiclePose> poses, std::span<const char> skip, std::vector<Contact>& out,
                             DetectorStats& stats) {
  unskipped_.clear();
  unskipped_ids_.clear();
  for (std::size_t v = 0; v < poses.size(); ++v) {
    if (skip[v]) continue;
    unskipped_.push_back(poses[v]);
    unskipped_ids_.push_back(static_cast<int>(v));
  }
  const std::size_t first = out.size();
  detect(unskipped_, out, stats);
  for (std::size_t i = first; i < out.size(); ++i) out[i].vehicle = unskipped_ids_[static_cast<std::size_t>(out[i].vehicle)];
}

void Detector::detect_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  detect(poses, out, stats);
  pairs_->detect(poses, out, stats);
}

}  // namespace crashbench
