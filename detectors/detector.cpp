#include "detectors/detector.hpp"

#include "detectors/vehicle_pairs.hpp"

namespace crashbench {

namespace {

/// How far a vehicle's bounding box may move before the run's pair pass runs its grid again [m]: a car at
/// 30 m/s, 0.15 m a step at 200 Hz, keeps the candidates for 6 steps (traffic, 10,000 cars: the grid runs
/// on one step in 7, and there are 0.1 candidates per car).
constexpr double kRunPairsMargin = 1.0;

}  // namespace

Detector::Detector()
    : pairs_(std::make_unique<VehiclePairs>()), run_pairs_(std::make_unique<VehiclePairs>(kRunPairsMargin)) {}
Detector::~Detector() = default;

void Detector::reserve_pairs(int vehicle_count) {
  pairs_->reserve(vehicle_count);
  run_pairs_->reserve(vehicle_count);
}

void Detector::detect_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  detect(poses, out, stats);
  pairs_->detect(poses, out, stats);
}

void Detector::detect_pairs(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  run_pairs_->detect(poses, out, stats);
}

}  // namespace crashbench
