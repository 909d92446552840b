#include "cases/runner/fleet.hpp"
#include "cases/traffic/traffic_spec.hpp"

namespace crashbench {

Fleet::Fleet(const Case& c) {
  const std::size_t n = c.vehicles.size();
  x_before.resize(n);
  applied_input.resize(n);
  for (const VehicleSetup& setup : c.vehicles) {
    params.push_back(setup.params);
    x.push_back(to_state_vector(setup.initial));
    VehicleInput& held = input.emplace_back();
    held.steer = setup.steer;
    held.drive_force = setup.drive_force;
    // Size and CG height never change: each step writes only a pose's place, heading and ground.
    poses.push_back({Vec2::Zero(), 0.0, setup.params.cg_height, setup.params.body});
  }
  start_poses = poses;
  present.assign(n, 1);
  passing.roles.assign(n, SumoRole::kNone);
  if (!c.traffic) return;
  // SUMO's vehicles wait parked until the FCD has them (Control::begin_step).
  for (std::size_t v = c.traffic->first_vehicle; v < n; ++v) {
    present[v] = 0;
    passing.roles[v] = SumoRole::kOnPath;
    PlanarState parked;
    parked.position_W = c.traffic->parking_spot(v - c.traffic->first_vehicle);
    x[v] = to_state_vector(parked);
  }
}

}  // namespace crashbench
