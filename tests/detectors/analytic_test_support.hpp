#pragma once
// Small helpers shared by the analytic detector tests: poses, one-shot detection, hand-computed corners.
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "detectors/analytic_detector.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench::testing {

/// A pose with CG at (x, y) [m], heading [rad] and rectangle front / rear / width [m].
inline VehiclePose make_pose(double x, double y, double heading, double front, double rear, double width) {
  VehiclePose p;
  p.position_W = Vec2(x, y);
  p.heading = heading;
  p.cg_height = 0.55;
  p.size = {front, rear, width};
  return p;
}

/// A scene of `walls` only, built field by field so that members added to Scene later stay defaulted.
inline Scene walls_scene(std::vector<WallSegment> walls = {}) {
  Scene scene;
  scene.name = "test-walls";
  scene.walls = std::move(walls);
  return scene;
}

/// Contacts of `poses` against `scene` from a freshly prepared analytic detector.
inline std::vector<Contact> detect_once(const Scene& scene, const std::vector<VehiclePose>& poses,
                                        DetectorStats* stats = nullptr) {
  AnalyticDetector detector;
  detector.prepare(scene, static_cast<int>(poses.size()));
  std::vector<Contact> out;
  DetectorStats local;
  detector.detect_all(poses, out, stats ? *stats : local);
  return out;
}

/// The four corners, written out from the pose with its own cos / sin (not the detector's code):
/// front-right, front-left, rear-left, rear-right [m, W].
inline std::array<Vec2, 4> corners_by_hand(const VehiclePose& p) {
  const double c = std::cos(p.heading), s = std::sin(p.heading);
  const double xs[4] = {p.size.cg_to_front, p.size.cg_to_front, -p.size.cg_to_rear, -p.size.cg_to_rear};
  const double ys[4] = {-p.size.width / 2, p.size.width / 2, p.size.width / 2, -p.size.width / 2};
  std::array<Vec2, 4> out;
  for (int k = 0; k < 4; ++k) out[k] = p.position_W + Vec2(c * xs[k] - s * ys[k], s * xs[k] + c * ys[k]);
  return out;
}

/// True if world point `q` lies in the pose's closed rectangle, widened by `margin` [m].
inline bool inside_by_hand(const VehiclePose& p, const Vec2& q, double margin = 0) {
  const double c = std::cos(p.heading), s = std::sin(p.heading);
  const Vec2 d = q - p.position_W;
  const double x = c * d.x() + s * d.y(), y = -s * d.x() + c * d.y();
  return x >= -p.size.cg_to_rear - margin && x <= p.size.cg_to_front + margin &&
         std::abs(y) <= p.size.width / 2 + margin;
}

/// What `run_steps` saw: contacts over all steps and allocations made inside the steps.
struct SteppedRun {
  int contacts = 0;
  std::int64_t allocations = 0;
};

/// Prepares a detector for `scene`, reserves `capacity` contacts, then detects `steps` times, moving every
/// pose by `dx` along X [m] and turning it by `dheading` [rad] before each step.
inline SteppedRun run_steps(const Scene& scene, std::vector<VehiclePose> poses, int steps, double dx, double dheading,
                            std::size_t capacity) {
  AnalyticDetector detector;
  detector.prepare(scene, static_cast<int>(poses.size()));
  detector.reserve_pairs(static_cast<int>(poses.size()));
  std::vector<Contact> out;
  out.reserve(capacity);
  DetectorStats stats;
  SteppedRun run;
  const AllocationScope scope;
  for (int step = 0; step < steps; ++step) {
    out.clear();
    for (auto& p : poses) p.position_W.x() += dx, p.heading += dheading;
    detector.detect_all(poses, out, stats);
    run.contacts += static_cast<int>(out.size());
  }
  run.allocations = scope.allocations();
  return run;
}

}  // namespace crashbench::testing
