#include "detectors/scenes/registry/scene_drives.hpp"

#include <cmath>
#include <limits>
#include <numbers>

#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/surface_query.hpp"
#include "detectors/scenes/registry/track.hpp"
#include "detectors/scenes/registry/track_layout.hpp"

namespace crashbench {
namespace {

/// Along a wall on Y = 0 from `x0` to `x1`, the car's side weaving into and out of it.
void weave_along_x_axis(double x0, double x1, std::vector<VehiclePose>& poses) {
  for (double x = x0; x < x1; x += 0.1)
    poses.push_back(drive_pose({x, 1.05 + 0.2 * std::sin(x / 7)}, 0.2 / 7 * std::cos(x / 7) + 0.05 * std::sin(x / 3)));
}

}  // namespace

std::vector<VehiclePose> l_rail_drive() {
  std::vector<VehiclePose> poses;
  weave_along_x_axis(-20, 90, poses);
  for (double x = 94; x < 98.2; x += 0.02) {
    poses.push_back(drive_pose({x, 20}, 0));
    poses.push_back(drive_pose({x, 30}, 0.3));
  }
  return poses;
}

std::vector<VehiclePose> straight_wall_drive() {
  std::vector<VehiclePose> poses;
  weave_along_x_axis(-40, 240, poses);
  return poses;
}

std::vector<VehiclePose> track_drive() {
  std::vector<VehiclePose> poses;
  const std::vector<TrackSample> line = track_centerline(kTrackSegments);
  const double reach = kTrackHalfWidth - 0.9 + 0.15;
  for (std::size_t k = 0; k < line.size(); ++k) {
    const TrackSample &a = line[k], &b = line[(k + 1) % line.size()];
    const double len = (b.p_W - a.p_W).norm();
    for (double u = 0; u < len; u += 2.0) {
      const double s = a.s + u;
      const Vec2 c = a.p_W + (b.p_W - a.p_W) * (u / len);
      const double offset = reach * std::sin(2 * std::numbers::pi * s / kTrackLapLength * 31);
      const double heading = std::atan2(a.tangent_W.y(), a.tangent_W.x()) + 0.06 * std::sin(s / 23);
      poses.push_back(drive_pose(c + a.left_W() * offset, heading));
    }
  }
  return poses;
}

std::vector<VehiclePose> centreline_drive(const Scene& scene, const Centreline& line, std::span<const double> lanes,
                                          double step) {
  std::vector<VehiclePose> poses;
  for (const double lane : lanes) {
    const std::vector<LapRow> rows = lap_rows(line, 25.0, lane);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      poses.push_back(drive_pose(rows[i].position_W, rows[i].heading));
      if (!(step > 0) || i + 1 == rows.size()) continue;
      const Vec2 d = rows[i + 1].position_W - rows[i].position_W;
      const double turn = std::remainder(rows[i + 1].heading - rows[i].heading, 2 * std::numbers::pi);
      const int n = static_cast<int>(std::ceil(d.norm() / step));
      for (int k = 1; k < n; ++k) {
        const double f = static_cast<double>(k) / n;
        poses.push_back(drive_pose(rows[i].position_W + f * d, rows[i].heading + f * turn));
      }
    }
  }
  follow_surface(scene, poses);
  return poses;
}

std::vector<VehiclePose> opendrive_lanes_drive(const Scene& scene, const std::string& file, OdrRoads roads) {
  constexpr double kPoseSpacing = 25.0 * 0.005;  // [m]: 25 m/s at the 5 ms step, as the lap rows
  const odr::Network net = odr::read_network(file);
  std::vector<VehiclePose> poses;
  for (const odr::Road& road : net.roads) {
    if (road.in_junction() != (roads == OdrRoads::kInsideJunctions)) continue;
    for (const int lane : odr::driving_lanes(road)) {
      const std::size_t first = poses.size();
      for (const odr::LanePoint& p : odr::lane_route(net, file, {road.id}, lane, kPoseSpacing))
        poses.push_back(drive_pose(p.p_W.head<2>(), p.heading));
      follow_surface(scene, std::span(poses).subspan(first));  // each lane from its own start
    }
  }
  return poses;
}

void follow_surface(const Scene& scene, std::span<VehiclePose> poses) {
  // Poses metres apart (a real track's strips, 5-9 m) climb more than the step allowance between two on
  // a grade: the hint is carried through points kSubstep apart in between, as a car stepping there would.
  constexpr double kSubstep = 0.25;  // [m]: a 200 % grade still rises less than kStepAllowance
  // As SurfaceFollowing: a pose with no surface under it keeps the last surface's height, or, before any,
  // stands on the barrier bottoms, from where the next surface is sought.
  double surface_z = kHighest, ground = std::numeric_limits<double>::quiet_NaN();
  const auto follow = [&](const Vec2& p_W) {
    const double hint = std::isinf(surface_z) && !std::isnan(ground) ? ground : surface_z;
    const double z = scene.surface ? scene.surface->height_below(p_W, hint) : 0.0;
    if (!std::isnan(z)) return ground = surface_z = z;
    return ground = std::isinf(surface_z) ? scene.surface->fallback_at(p_W) : surface_z;
  };
  for (std::size_t k = 0; k < poses.size(); ++k) {
    if (k > 0) {
      const Vec2 from = poses[k - 1].position_W, d = poses[k].position_W - from;
      const int substeps = static_cast<int>(std::ceil(d.norm() / kSubstep));
      for (int s = 1; s < substeps; ++s) follow(from + d * (static_cast<double>(s) / substeps));
    }
    poses[k].ground_z = follow(poses[k].position_W);
  }
}

VehiclePose drive_pose(const Vec2& cg_W, double heading) {
  VehiclePose p;
  p.position_W = cg_W;
  p.set_heading(heading);  // its unit vector kept, as the runner keeps each pose's
  p.cg_height = 0.55;
  p.size = {2.1, 2.6, 1.8};
  return p;
}

}  // namespace crashbench
