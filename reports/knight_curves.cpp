#include "reports/knight_curves.hpp"

#include <cmath>
#include <limits>

#include "core/units.hpp"
#include "models/response/contact_mechanics.hpp"

namespace crashbench {

EnergyLossCurve energy_loss_curve(const Body& vehicle, double cg_to_front, double speed, double alpha_deg,
                                  const AngleLaw& friction, double dt, int points) {
  // Wall along X, its normal +Y towards the car; the car heads down into it at alpha.
  const double alpha = alpha_deg * kDegToRad;
  Body body = vehicle;
  body.state.position_W = Vec2(0.0, 5.0);
  body.state.heading = -alpha;
  body.state.velocity_W = speed * Vec2(std::cos(alpha), -std::sin(alpha));
  body.state.yaw_rate = 0;
  Contact contact;
  contact.normal_W = Vec2::UnitY();
  contact.point_W = body.state.position_W + cg_to_front * Vec2(std::cos(alpha), -std::sin(alpha));
  const ContactKinematics k = contact_kinematics(body, nullptr, contact);
  const Vec2 t = tangent_opposing_sliding(k.v_rel_W, k.normal_W);
  const Vec2 d = (k.normal_W + friction.at(alpha) * t).normalized();
  // E(J0) = E1 + J0 d.v + 1/2 J0^2 d'Kd = P E1  (docs/wall-response-models.md, section 4).
  const double a = 0.5 * d.dot(k.K_W * d), b = d.dot(k.v_rel_W), e1 = body.kinetic_energy();

  EnergyLossCurve curve;
  curve.alpha_deg = alpha_deg;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (int i = 0; i < points; ++i) {
    const double p = static_cast<double>(i) / (points - 1);
    const double c = (1.0 - p) * e1;
    // A double root (P = 0 head-on) may round to a slightly negative discriminant.
    double disc = b * b - 4 * a * c;
    if (disc < 0 && disc > -1e-12 * b * b) disc = 0;
    curve.energy_kept.push_back(p);
    if (disc < 0) {
      curve.force_larger.push_back(nan);
      curve.force_smaller.push_back(nan);
      continue;
    }
    const double r1 = (-b + std::sqrt(disc)) / (2 * a), r2 = (-b - std::sqrt(disc)) / (2 * a);
    curve.force_larger.push_back(std::max(std::abs(r1), std::abs(r2)) / dt);
    curve.force_smaller.push_back(std::min(std::abs(r1), std::abs(r2)) / dt);
  }
  return curve;
}

}  // namespace crashbench
