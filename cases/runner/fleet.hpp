#pragma once
// The vehicles of a run as the runner's phases share them: one array per quantity, indexed by the case's
// vehicle index, sized once when the run is built. Which phase writes which array is stated in
// cases/runner/simulation.cpp's step(), the list of phases.
#include <cstddef>
#include <vector>

#include "cases/case.hpp"
#include "cases/traffic/sumo_role.hpp"
#include "detectors/detector.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// The velocity part of a state (vX, vY, yaw rate).
inline Eigen::Vector3d velocities(const StateVector& x) { return x.segment<3>(3); }
/// The velocity part of a body's state (vX, vY, yaw rate), as the phases exchange it.
inline Eigen::Vector3d velocities(const Body& body) {
  return {body.state.velocity_W.x(), body.state.velocity_W.y(), body.state.yaw_rate};
}

struct Fleet {
  /// Every vehicle of `c` at its initial state, with its held steer and drive force.
  explicit Fleet(const Case& c);

  std::size_t size() const { return x.size(); }
  /// Vehicle `v` as a rigid body in state `s` (contiguous parameters, unlike the case's setups).
  Body body(std::size_t v, const StateVector& s) const { return {params[v].mass, params[v].yaw_inertia, to_planar_state(s)}; }

  std::vector<VehicleParams> params;
  std::vector<StateVector> x;               ///< at the end of the step (after the impact pass, with its impulses)
  std::vector<StateVector> x_before;        ///< at the start of the step
  std::vector<VehicleInput> input;          ///< for the next integration: control's drive and steer, force mode's load
  std::vector<VehicleInput> applied_input;  ///< what the step's integration used
  std::vector<VehiclePose> poses;           ///< rectangles at the end of the step
  std::vector<VehiclePose> start_poses;     ///< and at its start (the sweep's other end)
  /// On the road: SUMO's vehicles are absent before they enter and after they leave, parked apart beyond
  /// the traffic (TrafficSpec::parking_spot), where they meet nothing; the others always present.
  std::vector<char> present;
  /// Who drives each vehicle, and the pairs that pass through each other: never paired (sumo_role.hpp).
  PassingPairs passing;
};

}  // namespace crashbench
