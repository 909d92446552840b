#include "cases/runner/surface_following.hpp"

#include <cmath>
#include <limits>

#include "detectors/scenes/surface_query.hpp"

namespace crashbench {

SurfaceFollowing::SurfaceFollowing(const Case& c, const Scene& scene, int threads)
    : surface_(scene.surface.get()),
      face_(c.vehicles.size(), -1),
      fallback_cell_(c.vehicles.size()),
      lost_at_(c.vehicles.size(), Vec2::Constant(std::numeric_limits<double>::quiet_NaN())),
      thread_misses_(static_cast<std::size_t>(threads)),
      road_(c) {
  for (const VehicleSetup& v : c.vehicles) {
    double& z = surface_z_.emplace_back(v.start_surface.below_height);  // kHighest unless given
    if (v.start_surface.lowest && surface_) {
      const double lowest = surface_->lowest_at(v.initial.position_W);
      if (!std::isnan(lowest)) z = lowest;
    }
  }
}

long long SurfaceFollowing::follow(Fleet& fleet, StepThreads& threads, int step) {
  std::fill(thread_misses_.begin(), thread_misses_.end(), 0);
  // Each vehicle's road is its own (its last face and height): in chunks, a thread taking what is left of
  // another's range once done with its own.
  constexpr std::size_t kChunk = 256;
  for_chunks(&threads, fleet.size(), kChunk, [&](int thread, std::size_t begin, std::size_t end) {
    long long misses = 0;
    for (std::size_t v = begin; v < end; ++v) {
      if (!fleet.present[v]) {
        road_.absent(v);
        surface_z_[v] = std::numeric_limits<double>::infinity();  // a vehicle entering (again) finds its road afresh
        face_[v] = -1;
        lost_at_[v].x() = std::numeric_limits<double>::quiet_NaN();
        continue;
      }
      const Vec2 p_W(fleet.x[v][0], fleet.x[v][1]);
      VehiclePose& pose = fleet.poses[v];
      // A car that never found a surface stands on the barrier bottoms (below): its next surface is sought
      // from there, not from the top of whatever lies under it, or a CG that ends a step inside a wall
      // would stand on the wall's top face and lift its rectangle over the wall it is crossing.
      const bool on_fallback = std::isinf(surface_z_[v]) && !std::isnan(pose.ground_z);
      const double hint = on_fallback ? pose.ground_z : surface_z_[v];
      double z = surface_ ? surface_->height_below(p_W, hint, face_[v]) : 0.0;
      if (std::isnan(z) && !std::isinf(surface_z_[v])) z = find_again(v, p_W);
      if (fleet.passing.roles[v] == SumoRole::kOnPath) road_.count(v, !std::isnan(z), step, p_W);
      if (!std::isnan(z)) {
        pose.ground_z = surface_z_[v] = z;
        lost_at_[v].x() = std::numeric_limits<double>::quiet_NaN();
        continue;
      }
      ++misses;
      if (!std::isinf(surface_z_[v]) && std::isnan(lost_at_[v].x())) lost_at_[v] = p_W;
      pose.ground_z = std::isinf(surface_z_[v]) ? surface_->fallback_at(p_W, fallback_cell_[v]) : surface_z_[v];
    }
    thread_misses_[static_cast<std::size_t>(thread)] += misses;
  });
  long long misses = 0;
  for (const long long m : thread_misses_) misses += m;
  return misses;
}

double SurfaceFollowing::find_again(std::size_t v, const Vec2& p_W) {
  if (std::isnan(lost_at_[v].x())) return std::numeric_limits<double>::quiet_NaN();
  const double reach = kStepAllowance + kSteepestGrade * (p_W - lost_at_[v]).norm();
  int face = -1;
  const double z = surface_->nearest_to(p_W, surface_z_[v], face);
  if (std::isnan(z) || std::abs(z - surface_z_[v]) > reach) return std::numeric_limits<double>::quiet_NaN();
  face_[v] = face;
  return z;
}

}  // namespace crashbench
