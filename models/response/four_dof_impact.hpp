#pragma once
// The 4-DOF two-vehicle impact model of Zhou, Peng & Lu (2008, section 4, eqs. 14-20), rebuilt from
// the 4-DOF equations of motion (longitudinal, lateral, yaw, sprung-mass roll) integrated over the
// impact duration with the trapezoidal rule, lateral tyre forces included (linear, saturating).
// Each vehicle's equations are in its own body frame B at impact (x forward, y left); its heading is
// held over the impact. The collision impulse J acts on vehicle a, -J on b, world frame W.
// Derivation and the slips corrected: docs/four-dof.md.
#include <span>
#include <vector>

#include "core/contact.hpp"
#include "core/vehicle.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// Roll angle and rate of the sprung mass (ISO: positive rolls the left side up).
struct RollState {
  double roll = 0;       ///< [rad]
  double roll_rate = 0;  ///< [rad/s]
};

/// One vehicle as the 4-DOF impact model sees it, pre-impact.
struct FourDofBody {
  const VehicleParams* params = nullptr;  ///< mass, Izz and four-dof's own (FourDofParameters); outlives the call
  PlanarState state;                      ///< world frame
  RollState roll;                         ///< roll at impact
  double steer = 0;                       ///< front road-wheel angle, held over the impact [rad]
};

/// A vehicle's state at the end of the impact, in its body frame at impact.
struct FourDofState {
  Vec2 velocity_B = Vec2::Zero();  ///< (u forward, v left) of the CG [m/s]
  double yaw_rate = 0;             ///< [rad/s]
  RollState roll;                  ///< roll angle by the trapezoidal rule, roll rate
};

/// How the impact is modelled and solved.
struct FourDofImpactSettings {
  double restitution = 0.2;  ///< e at the contact point [-]
  double friction = 0.0;     ///< mu >= 0; opposes the initial sliding, capped as in brach-planar [-]
  double duration = 0.15;    ///< impact duration Delta t [s]
  double tolerance = 1e-10;  ///< largest change between iterations, relative to max(1, |x|) [-]
  int max_iterations = 50;   ///< cap; hitting it gives kNotConverged
};

/// Full result: both vehicles' post-impact 4-DOF states and the collision impulse.
struct FourDofImpactResult {
  FourDofState a, b;                ///< b is unchanged (zero) for the static scene
  Impulse impulse;                  ///< collision impulse on a at the contact point, world frame [N s]
  double tangential_ratio = 0;      ///< t.J / n.J, t = perp(n) [-]
  int iterations = 0;               ///< linear solves done
  ResolutionStatus status = ResolutionStatus::kOk;
};

/// Solves the 10 equations (4 per vehicle, restitution, tangential ratio) for the post-impact
/// states and J by Newton's method with a line search (the speeds in the slip angles, the
/// rotating-frame products and the tyre saturation make them nonlinear). `b` == nullptr is the
/// fixed scene. Allocates nothing. J never pulls (n.J >= 0): separating or invalid input gives a
/// zero impulse (kSeparating / kSingular); kSeparating with changed states when the tyres alone
/// separate the cars; kNotConverged at the iteration cap (a pulling J is then dropped).
FourDofImpactResult four_dof_impact(const FourDofBody& a, const FourDofBody* b, const Contact& c,
                                    const FourDofImpactSettings& s);

/// Post-impact planar world-frame state of a vehicle from its 4-DOF result (heading and position kept).
PlanarState to_planar(const PlanarState& pre, const FourDofState& post);

/// `four-dof`: the 4-DOF impact model as a ResponseModel. Returns the collision impulse (the tyre
/// impulses belong to the dynamics) and, in Resolution::end, the model's own end-of-impact states
/// (Zhou et al.'s Table 2 quantities); assumes zero roll and steer at impact. The restitution e holds
/// for the full 4-DOF post-impact states (four_dof_impact), not for J applied alone to planar bodies
/// (Table 2 case: e_eff 0.078 for e = 0.20), so Resolution::restitution is -1. Vehicle parameters are
/// looked up by Contact::vehicle / Contact::other in the table given to set_vehicles(): the tyres (and
/// roll) a single-track dynamics model read (single_track.hpp); without one, every vehicle has the tyres
/// and roll of the Table 1 SUV of Zhou, Peng & Lu (zhou_2008_suv()).
/// Mass and yaw inertia always come from the Body; roll is dropped if m_R >= that mass.
class FourDofImpactModel final : public ResponseModel {
 public:
  /// Fixed e and mu from `s`. Throws Error unless 0 <= e <= 1, mu >= 0, duration >= 0,
  /// tolerance > 0 and max_iterations >= 1.
  explicit FourDofImpactModel(const FourDofImpactSettings& s);
  /// e and mu from the case's laws at the angle of attack (as brach-planar); the rest from `s`.
  FourDofImpactModel(const KnightLaws& p, const FourDofImpactSettings& s);
  std::string_view name() const override { return "four-dof"; }
  /// {"model", "restitution", "friction", "duration"}, laws as {"cos2", "offset"}, duration [s].
  nlohmann::json parameters() const override;
  std::vector<LawCurve> curves() const override;
  Resolution resolve(const Body& a, const Body* b, const Contact& c) const override;
  /// The run's vehicle parameters, indexed like Contact::vehicle (copied). Throws Error for a vehicle whose
  /// parameters no single-track dynamics model read: it has no tyres.
  void set_vehicles(std::span<const VehicleParams> vehicles);
  void prepare(std::span<const VehicleParams> vehicles, double) override { set_vehicles(vehicles); }

 private:
  VehicleParams params_of(int index, const Body& body) const;
  FourDofImpactSettings settings_;
  AngleLaw restitution_, friction_;
  VehicleParams default_params_;
  std::vector<VehicleParams> vehicles_;  ///< with four-dof's parameters
};

/// Factory: reads "restitution" and "friction" (angle laws; Knight's by default) and "duration" [s]
/// (the impact duration Delta t, 0.15 s by default), nothing else.
std::unique_ptr<ResponseModel> make_four_dof_impact(const JsonReader& response);

}  // namespace crashbench
