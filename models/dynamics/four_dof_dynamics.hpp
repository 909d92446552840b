#pragma once
// "four-dof": Segel's lateral-yaw-roll model with a longitudinal degree of freedom, as Zhou, Peng &
// Lu (2008) section 3, eqs. 10-13 (docs/four-dof.md). Sprung mass m_R rolls about an axis parallel to
// the ground; the tyres are the bicycle model's (exact slip angles, linear, saturated at road_mu
// times the static axle load). State: world X, Y, heading, vX, vY, yaw rate, roll [rad] (ISO:
// positive lifts the left side), roll rate [rad/s] (StateVector entries 6 and 7). The velocity is
// that of the non-rolling frame at the static CG position (the sprung CG moves by -h phi sideways,
// so the lateral momentum is M v - m_R h p). The collision force of
// VehicleInput acts at the CG height, cg_height - roll.roll_axis_height above the roll axis.
#include "models/dynamics/bicycle.hpp"
#include "models/dynamics/roll_params.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// Body-frame accelerations of the 4-DOF model.
struct FourDofAccelerations {
  double longitudinal = 0;  ///< u' - v r [m/s^2]
  double lateral = 0;       ///< v' + u r [m/s^2]
  double yaw = 0;           ///< r' [rad/s^2]
  double roll = 0;          ///< p' [rad/s^2]
};

/// Solves eqs. 10-13 for body-frame resultant forces `force_B` (tyres, drive, collision) [N], yaw
/// moment `yaw_moment` [N m] and roll moment about the roll axis from external forces
/// `roll_moment` [N m], at roll angle `roll` [rad] and roll rate `roll_rate` [rad/s].
/// Without roll inertia the roll entries are zero and the rest is the planar rigid body.
FourDofAccelerations four_dof_accelerations(const VehicleParams& p, const RollParams& q, const Vec2& force_B,
                                            double yaw_moment, double roll_moment, double roll, double roll_rate);

/// The 4-DOF model's own vehicle parameters: the bicycle's tyres and the sprung mass's roll.
struct FourDofParameters {
  TyreParams tyres;
  RollParams roll;  ///< all zero: no roll
};

class FourDofDynamics final : public SingleTrackDynamics<FourDofParameters> {
 public:
  explicit FourDofDynamics(double speed_floor = kSlipSpeedFloor) : speed_floor_(speed_floor) {}
  std::string_view name() const override { return "four-dof"; }
  /// {"model": "four-dof", "slip_speed_floor": [m/s]}.
  nlohmann::json parameters() const override;
  StateVector derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const override;
  /// The bicycle's checks plus roll parameters >= 0 and a positive-definite inertia matrix.
  void validate(const VehicleParams& p) const override;
  /// tyre_friction_bound without roll; with it, the tyres' force and moment reach the planar and yaw
  /// accelerations through the roll coupling too (the inverse of eqs. 11-13's inertia matrix).
  GroundForceBound ground_force_bound(const VehicleParams& p, double dt) const override;
  /// The tyres and `roll` (roll_params.hpp).
  std::vector<std::string> vehicle_keys() const override { return tyre_keys_and({"roll"}); }
  void read_vehicle_parameters(const JsonReader& params, bool complete, VehicleParams& p) const override;
  nlohmann::json vehicle_parameters(const VehicleParams& p) const override;

 private:
  double speed_floor_;
};

/// The 4-DOF model from its `dynamics` object: only `slip_speed_floor` (models/dynamics/four-dof.schema.json).
std::unique_ptr<VehicleDynamics> make_four_dof(const JsonReader& dynamics);

}  // namespace crashbench
