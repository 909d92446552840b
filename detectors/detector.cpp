#include "detectors/detector.hpp"

#include "detectors/broadphase/vehicle_pairs.hpp"

namespace crashbench {

Detector::Detector() : pairs_(std::make_unique<VehiclePairs>()) {}
Detector::~Detector() = default;

void Detector::reserve_pairs(int vehicle_count) {
  pairs_->reserve(vehicle_count);
}

void Detector::detect_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  detect(poses, out, stats);
  pairs_->detect(poses, out, stats);
}

}  // namespace crashbench
