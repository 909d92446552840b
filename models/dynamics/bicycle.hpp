#pragma once
// "bicycle": planar 3-DOF single-track model on the world-frame state (docs/dynamics.md).
// Two axles with linear lateral tyres, Fy = -C alpha, saturated at road_mu times the static axle load;
// the front slip is taken in the steered wheel's frame; the drive force acts along body x at the rear
// axle; VehicleInput's collision force and moment are added. No longitudinal tyre forces, no drag.
#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <iterator>

#include "models/dynamics/bicycle_lanes.hpp"
#include "models/dynamics/rigid_body.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// Low-speed regularisation: slip angles divide by max(|longitudinal axle speed|, this) [m/s]; the
/// default of the option `slip_speed_floor` of the models with tyres (bicycle, four-dof, dugoff).
inline constexpr double kSlipSpeedFloor = 1.0;

/// The option `slip_speed_floor` of a `dynamics` object [m/s], > 0; kSlipSpeedFloor when absent.
double read_slip_speed_floor(const JsonReader& dynamics);

/// Static vertical loads of the two axles, m g b / L and m g a / L [N].
struct AxleLoads {
  double front = 0;  ///< [N]
  double rear = 0;   ///< [N]
};
AxleLoads static_axle_loads(double mass, const TyreParams& t);

/// Slip angle of a tyre whose contact point moves at `velocity` in the tyre's own frame
/// (x along the wheel, y to its left) [m/s]: atan(v_y / max(|v_x|, speed_floor)) [rad], in (-pi/2, pi/2).
/// Positive when the tyre slides to its left, forwards or backwards alike.
inline double regularised_slip_angle(const Vec2& velocity, double speed_floor) {
  // |v_x| keeps the sign of the slip with the sideways sliding when reversing; the floor keeps the
  // angle bounded (a damper C / floor) as the car stops. The divisor is positive, so atan of the ratio
  // is atan2's angle. The bicycle's lane form (bicycle_lanes.hpp), so every tyre model takes one slip.
  return bicycle_lanes::slip_angle(velocity.x(), velocity.y(), speed_floor);
}

/// Linear tyre clipped at the friction limit: clamp(-stiffness * slip, -limit, limit).
/// `stiffness` [N/rad], `slip` [rad], `limit` [N] >= 0; returns the lateral force [N], tyre y axis.
inline double saturated_lateral_force(double stiffness, double slip, double limit) {
  return bicycle_lanes::saturated_force(stiffness, slip, limit);
}

/// What the two axles do for one state and steer angle.
using AxleForces = bicycle_lanes::Axles<double>;
/// Slip angles and lateral forces of both axles of a car of mass `mass` [kg] on tyres `t`. `steer`: front
/// road-wheel angle, body frame.
AxleForces bicycle_axle_forces(double mass, const TyreParams& t, const PlanarState& s, const SteerAngle& steer,
                               double speed_floor = kSlipSpeedFloor);
/// The same where the caller has the sine and cosine of the heading already.
AxleForces bicycle_axle_forces(double mass, const TyreParams& t, const PlanarState& s, const SinCos& heading,
                               const SteerAngle& steer, double speed_floor);

/// Fastest decay rate of lateral velocity and yaw rate at standstill [1/s]: the largest eigenvalue
/// magnitude of the (v, r) system linearised at u = 0, where tyres act as dampers C / speed_floor.
/// Forward Euler decays without sign flips (no chatter) while dt * rate < 1, and is stable below 2.
double bicycle_low_speed_rate(const VehicleParams& p, const TyreParams& t, double speed_floor = kSlipSpeedFloor);

/// What the built-in single-track models (bicycle, four-dof, dugoff) share about their own vehicle
/// parameters, each a struct `Parameters` with `tyres`: the tyre keys, the axles, the stretch and the
/// tyres' force bound.
template <class Parameters>
class SingleTrackDynamics : public VehicleDynamics {
 public:
  std::optional<AxlePositions> axles(const VehicleParams& p) const override {
    const TyreParams& t = own(p).tyres;
    return AxlePositions{t.cg_to_front_axle, t.cg_to_rear_axle};
  }
  void stretch(VehicleParams& p, double k) const override {
    Parameters q = own(p);
    q.tyres.cg_to_front_axle *= k;
    q.tyres.cg_to_rear_axle *= k;
    p.model.emplace(q);
  }
  GroundForceBound ground_force_bound(const VehicleParams& p, double dt) const override {
    return tyre_friction_bound(p, own(p).tyres, dt);
  }

 protected:
  /// The model's own parameters of `p` (validated before stepping).
  static const Parameters& own(const VehicleParams& p) { return p.model.get<Parameters>(); }
  /// Reads the tyre keys of `params` into the vehicle's Parameters, then the model's others (`more`).
  template <class More>
  static void read_own(const JsonReader& params, bool complete, VehicleParams& p, More more) {
    Parameters q = held_or_default<Parameters>(p);
    read_tyres(params, complete, q.tyres);
    more(q);
    p.model.emplace(q);
  }
  /// What every single-track model needs: mass and yaw inertia, its own parameters with tyres a car can
  /// run on (require_tyres), and a positive slip speed floor.
  void require_single_track(const VehicleParams& p, double speed_floor) const {
    require_rigid_body(p);
    require_own_parameters<Parameters>(p, name());
    require_tyres(own(p).tyres);
    require_positive(speed_floor, "slip speed floor");
  }
  /// The tyre keys, then `more`.
  static std::vector<std::string> tyre_keys_and(std::initializer_list<const char*> more = {}) {
    std::vector<std::string> keys(std::begin(kTyreKeys), std::end(kTyreKeys));
    keys.insert(keys.end(), more.begin(), more.end());
    return keys;
  }
};

/// The bicycle model's own vehicle parameters.
struct BicycleParameters {
  TyreParams tyres;
};

class BicycleDynamics final : public SingleTrackDynamics<BicycleParameters> {
 public:
  /// `speed_floor` [m/s]: see kSlipSpeedFloor.
  explicit BicycleDynamics(double speed_floor = kSlipSpeedFloor) : speed_floor_(speed_floor) {}
  std::string_view name() const override { return "bicycle"; }
  /// {"model": "bicycle", "slip_speed_floor": [m/s]}.
  nlohmann::json parameters() const override;
  StateVector derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const override;
  /// The batch's vehicles as columns, two or four neighbours to a register (models/dynamics/bicycle_lanes.hpp).
  void prepare(const VehicleBatch& batch, BatchScratch& scratch) const override;
  void derivatives(const VehicleBatch& batch, const BatchScratch& scratch, const StateVector* x,
                   StateVector* dx) const override;
  bool rk4_step(const VehicleBatch& batch, const BatchScratch& scratch, double dt, StateVector* x) const override;
  /// Needs mass, yaw_inertia, both axle distances and both stiffnesses > 0, road_mu >= 0.
  void validate(const VehicleParams& p) const override;
  /// The tyres (tyre_params.hpp).
  std::vector<std::string> vehicle_keys() const override { return tyre_keys_and(); }
  void read_vehicle_parameters(const JsonReader& params, bool complete, VehicleParams& p) const override;
  nlohmann::json vehicle_parameters(const VehicleParams& p) const override { return tyre_json(own(p).tyres); }

 private:
  double speed_floor_;
};

/// The bicycle model from its `dynamics` object: only `slip_speed_floor` (models/dynamics/bicycle.schema.json).
std::unique_ptr<VehicleDynamics> make_bicycle(const JsonReader& dynamics);

}  // namespace crashbench
