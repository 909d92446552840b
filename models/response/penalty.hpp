#pragma once
// The penalty (spring-damper) contact model: Moore & Wilhelms (1988, as Knight cites them) and Deak's
// penalty forces. While a contact lasts the model answers each step with a force, not an impulse:
// F_n = k d + c d_dot along the normal (never pulling), friction mu F_n opposing the sliding and capped so
// it cannot reverse the sliding within a step. k is a linear crush stiffness; c follows from the case's
// restitution e through the damped oscillator that never pulls (docs/penalty.md). World frame W.
#include "models/response/response_model.hpp"

namespace crashbench {

/// The damping ratio zeta (0 <= zeta < 1) whose no-pull damped oscillator rebounds with restitution `e`:
/// e = exp(-zeta (pi - 2 asin zeta) / sqrt(1 - zeta^2)) (docs/penalty.md). Needs e in (kPenaltyMinRestitution, 1].
double penalty_damping_ratio(double e);
/// Restitution of the no-pull oscillator with damping ratio `zeta` in [0, 1) [-].
double penalty_restitution(double zeta);
/// Contact duration of that oscillator, (pi - 2 asin zeta) / (omega sqrt(1 - zeta^2)) [s], omega [rad/s].
double penalty_contact_duration(double zeta, double omega);
/// e at critical damping, exp(-2): the least a no-pull linear spring-damper can give.
inline constexpr double kPenaltyMinRestitution = 0.1353352832366127;

struct PenaltySettings {
  double stiffness = 1.0e6;           ///< k [N/m] (docs/penalty.md: a mid-size car's frontal crush stiffness)
  double restitution = 0.3;           ///< e the spring-damper gives a centred hit [-]
  AngleLaw friction{0.15, 0.15};      ///< mu(alpha), Knight's law by default
};

/// ResponseModel "penalty": a force answer per step (Answer::kForce) for walls and vehicle pairs.
class PenaltyModel final : public ResponseModel {
 public:
  /// Throws Error unless k > 0, e in (kPenaltyMinRestitution, 1] and mu(alpha) >= 0.
  explicit PenaltyModel(const PenaltySettings& s);
  std::string_view name() const override { return "penalty"; }
  /// {"model", "stiffness", "restitution", "friction"}.
  nlohmann::json parameters() const override;
  std::vector<LawCurve> curves() const override;
  void prepare(std::span<const VehicleParams>, double dt) override { dt_ = dt; }
  /// The force at this step's start for contact `c` (depth and its rate from the bodies), with k, c and the
  /// friction ratio for the runner to evaluate over the step. kSeparating once the force would pull.
  Resolution resolve(const Body& a, const Body* b, const Contact& c) const override;
  Answer answer() const override { return Answer::kForce; }

 private:
  PenaltySettings settings_;
  double zeta_ = 0;
  double dt_ = 0.005;
};

/// Factory: reads "stiffness" [N/m], "restitution" and "friction" (an angle law), nothing else.
std::unique_ptr<ResponseModel> make_penalty(const JsonReader& response);

}  // namespace crashbench
