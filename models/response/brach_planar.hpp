#pragma once
// Brach's planar two-vehicle impulse-momentum model (Zhou, Peng & Lu 2008, section 2; Brach 1991),
// rebuilt from impulse-momentum (eq. 9 as printed has misplaced rows: docs/brach-planar.md).
// Everything is in the world frame W. The impulse J acts on body a at the contact point and -J on b.
// The contact normal n points from b towards a; the tangent is t = perp(n).
// Derivation: docs/brach-planar.md.
#include <Eigen/Core>

#include "core/contact.hpp"
#include "core/vehicle.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// The impulse of one Brach impact on the contact axes, acting on body a.
struct BrachImpulse {
  double normal = 0;            ///< n . J [N s], >= 0
  double tangential = 0;        ///< t . J, t = perp(n) [N s]
  double tangential_ratio = 0;  ///< tangential / normal actually applied (signed, |.| <= mu) [-]
  ResolutionStatus status = ResolutionStatus::kOk;  ///< kSeparating / kSingular: zero impulse
};

/// Post- (or pre-) impact states of the two bodies.
struct BodyPairStates {
  PlanarState a;  ///< body a, world frame
  PlanarState b;  ///< body b, world frame
};

/// Brach's impulse for contact `c` between `a` and `b` (nullptr: the fixed scene, infinite mass).
/// `e` in [0, 1] restitution at the contact point; `mu` >= 0 tangential-interaction coefficient.
/// The tangential impulse opposes the initial sliding of the contact point, is capped at the ratio
/// that ends the sliding, and is zero when the normal impulse alone already reverses the sliding.
/// Separating, non-finite or degenerate input gives a zero impulse, never NaN. Allocates nothing.
BrachImpulse brach_impulse(const Body& a, const Body* b, const Contact& c, double e, double mu);

/// The six impulse-momentum equations as L x_post = R x_pre over
/// x = (V_aX, V_aY, r_a, V_bX, V_bY, r_b) [m/s, rad/s]: system linear momentum (2 rows), angular
/// momentum of each body about the contact point (2), restitution at the contact point (1) and
/// the tangential/normal impulse ratio `tangential_ratio` (1).
struct BrachSystem {
  Eigen::Matrix<double, 6, 6> lhs;  ///< L
  Eigen::Matrix<double, 6, 6> rhs;  ///< R; singular when e = 0
};
BrachSystem brach_system(const Body& a, const Body& b, const Contact& c, double e, double tangential_ratio);

/// Forward solve (pre-impact -> post-impact) of `brach_system` with the tangential ratio chosen by
/// `brach_impulse`. Positions and headings are unchanged. Allocates nothing.
BodyPairStates brach_forward(const Body& a, const Body& b, const Contact& c, double e, double mu);

/// Backward solve (post-impact -> pre-impact, accident reconstruction): `a_post`, `b_post` carry the
/// post-impact states, `tangential_ratio` the signed t.J / n.J that acted (BrachImpulse).
/// Throws Error when e <= 0 (the restitution row of R vanishes: the system is singular) or when
/// the system cannot be solved.
BodyPairStates brach_backward(const Body& a_post, const Body& b_post, const Contact& c, double e,
                              double tangential_ratio);

/// `brach-planar`: Brach's model as a ResponseModel. e and mu are the case's laws evaluated at the
/// angle of attack of body a on the crush plane (fixed values when the laws' cos 2 alpha parts are 0).
class BrachPlanarModel final : public ResponseModel {
 public:
  /// Throws Error unless 0 <= e(alpha) <= 1 and mu(alpha) >= 0 for every alpha.
  BrachPlanarModel(const AngleLaw& restitution, const AngleLaw& friction);
  BrachPlanarModel(double e, double mu) : BrachPlanarModel(AngleLaw::fixed(e), AngleLaw::fixed(mu)) {}
  std::string_view name() const override { return "brach-planar"; }
  /// {"model", "restitution", "friction"}, laws as {"cos2", "offset"}.
  nlohmann::json parameters() const override;
  std::vector<LawCurve> curves() const override;
  Resolution resolve(const Body& a, const Body* b, const Contact& c) const override;

 private:
  AngleLaw restitution_, friction_;
};

/// Factory: reads "restitution" and "friction" (angle laws; Knight's by default), nothing else.
std::unique_ptr<ResponseModel> make_brach_planar(const JsonReader& response);

}  // namespace crashbench
