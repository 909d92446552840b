#pragma once
// "dugoff": the planar vehicle of Tongue & Moon (1995, section 2.1): 3-DOF rigid body with Dugoff
// tyres (two identical tyres per axle, free rolling: slip angle only), rolling resistance, the
// effective-area aerodynamic drag and the control input as VehicleInput::drive_force at the rear axle.
// World-frame StateVector (roll entries untouched). Tyre stiffness per axle and mu_nom come from the
// vehicle's tyres (cornering_stiffness_front/rear, road_mu), rolling resistance and drag from its
// "resistance" (per vehicle; none unless a case sets it: Tongue & Moon give no C_d or areas); both are
// the model's own vehicle parameters (DugoffModelParameters). The unit of A_s, which they do not give,
// is in DugoffVehicleExtras.
#include "models/dynamics/aero_drag.hpp"
#include "models/dynamics/bicycle.hpp"
#include "core/units.hpp"
#include "models/dynamics/dugoff_tyre.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"

namespace crashbench {

/// Parameters the dugoff model needs beyond VehicleParams; defaults are assumptions, not the paper's.
struct DugoffVehicleExtras {
  /// A_s in mu = mu_nom (1 - A_s |V|) [s/m]. Tongue & Moon give 0.00335 without a unit; their simulation
  /// ran in feet and mph (docs/dugoff.md), so 0.00335 s/ft.
  double speed_reduction = 0.00335 / kFootToMeter;
};

/// Lateral forces of the two axles (tyre pairs), each along its wheel's y axis [N].
struct DugoffAxleForces {
  double front = 0;  ///< steered wheels' y axis [N]
  double rear = 0;   ///< body y [N]
};
/// Dugoff axle forces at state `s` and steer angle `steer` [rad]: each tyre carries half the static
/// axle load and half the axle's cornering stiffness; slip angles as the bicycle model (regularised).
DugoffAxleForces dugoff_axle_forces(double mass, const TyreParams& t, const DugoffVehicleExtras& extras,
                                    const PlanarState& s, const SteerAngle& steer,
                                    double speed_floor = kSlipSpeedFloor);
/// The same where the caller has the heading's sine and cosine, `heading`.
DugoffAxleForces dugoff_axle_forces(double mass, const TyreParams& t, const DugoffVehicleExtras& extras,
                                    const PlanarState& s, const SinCos& heading, const SteerAngle& steer,
                                    double speed_floor);

/// The dugoff model's own vehicle parameters: the tyres and the resistance to travel.
struct DugoffModelParameters {
  TyreParams tyres;
  ResistanceParams resistance;  ///< all zero: none
};

class DugoffDynamics final : public SingleTrackDynamics<DugoffModelParameters> {
 public:
  explicit DugoffDynamics(const DugoffVehicleExtras& extras = {}, double speed_floor = kSlipSpeedFloor)
      : extras_(extras), speed_floor_(speed_floor) {}
  std::string_view name() const override { return "dugoff"; }
  /// {"model": "dugoff", "speed_reduction": A_s [s/m], "slip_speed_floor": [m/s]}.
  nlohmann::json parameters() const override;
  StateVector derivative(const VehicleParams& p, const StateVector& x, const VehicleInput& u) const override;
  /// The bicycle's checks plus A_s, f_r and the drag parameters >= 0.
  void validate(const VehicleParams& p) const override;
  /// The tyres and "resistance" (resistance_params.hpp), which a vehicle may also write beside `params`.
  std::vector<std::string> vehicle_keys() const override { return tyre_keys_and({"resistance"}); }
  void read_vehicle_parameters(const JsonReader& params, bool complete, VehicleParams& p) const override;
  nlohmann::json vehicle_parameters(const VehicleParams& p) const override;

 private:
  DugoffVehicleExtras extras_;
  double speed_floor_;
};

/// The dugoff model from its `dynamics` object: `speed_reduction` (A_s [s/m], 0 to 1: mu would vanish by
/// 1 m/s beyond) and `slip_speed_floor` (models/dynamics/dugoff.schema.json).
std::unique_ptr<VehicleDynamics> make_dugoff(const JsonReader& dynamics);

}  // namespace crashbench
