#include "detectors/detector.hpp"

#include <algorithm>

#include "detectors/broadphase/vehicle_pairs.hpp"

namespace crashbench {

Detector::Detector() : pairs_(std::make_unique<VehiclePairs>()) {}
Detector::~Detector() = default;

void Detector::reserve_pairs(int vehicle_count) {
  pairs_->reserve(vehicle_count);
}

bool Detector::share_slots(Detector&) { return false; }

void Detector::prepare_as(const Detector&, const Scene& scene, int vehicle_count) { prepare(scene, vehicle_count); }

void Detector::detect_slots(std::size_t, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                            DetectorStats& stats) {
  detect(poses, out, stats);
}

void Detector::detect_grown_and_end(const GrownAndEnd& q, DetectorStats& stats) {
  detect(q.grown, *q.grown_out, stats);
  std::fill(q.clear.begin(), q.clear.end(), 0);
  detect(q.end, *q.end_out, stats);
}

void Detector::detect_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  detect(poses, out, stats);
  pairs_->detect(poses, out, stats);
}

void Detector::probe(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  detect(poses, out, stats);
}

void Detector::probe_slots(std::size_t, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                           DetectorStats& stats) {
  probe(poses, out, stats);
}

void Detector::probe_all(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  probe(poses, out, stats);
  probe_pairs(poses, out, stats);
}

void Detector::probe_all_slots(std::size_t first_slot, std::span<const VehiclePose> poses, std::vector<Contact>& out,
                               DetectorStats& stats) {
  probe_slots(first_slot, poses, out, stats);
  probe_pairs(poses, out, stats);
}

void Detector::probe_pairs(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  pairs_->detect(poses, out, stats);
}

}  // namespace crashbench
