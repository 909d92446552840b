#pragma once
// The reference: every collision triangle against every vehicle rectangle, each step. Slow and plain,
// so the accelerated detectors can be checked against it (FCL's habit).
#include "detectors/detector.hpp"
#include "detectors/scenes/interference.hpp"

namespace crashbench {

class BruteForceDetector final : public Detector {
 public:
  std::string_view name() const override { return "brute-force"; }
  void prepare(const Scene& scene, int vehicle_count) override;
  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override;

 private:
  std::vector<Triangle> triangles_;
  std::shared_ptr<const SurfaceQuery> surface_;  // the scene's, shared
  InterferenceSet set_;
};

std::unique_ptr<Detector> make_brute_force_detector();

}  // namespace crashbench
