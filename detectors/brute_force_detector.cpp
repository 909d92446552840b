#include "detectors/brute_force_detector.hpp"

#include "core/error.hpp"

namespace crashbench {

void BruteForceDetector::prepare(const Scene& scene, int /*vehicle_count*/) {
  if (scene.triangles.empty()) throw Error(scene.name, "", "detector 'brute-force' needs collision triangles");
  triangles_ = scene.triangles;
  surface_ = scene.surface;
}

void BruteForceDetector::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out,
                                DetectorStats& stats) {
  for (std::size_t v = 0; v < poses.size(); ++v) {
    const BoundingRectangle rect = bounding_rectangle(poses[v], surface_.get());
    set_.reset(rect);
    for (std::size_t i = 0; i < triangles_.size(); ++i) set_.add_triangle(triangles_[i], static_cast<int>(i));
    stats.primitives_tested += static_cast<int>(triangles_.size());
    set_.emit(static_cast<int>(v), out);
  }
}

std::unique_ptr<Detector> make_brute_force_detector() { return std::make_unique<BruteForceDetector>(); }

}  // namespace crashbench
