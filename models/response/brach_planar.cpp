#include "models/response/brach_planar.hpp"

#include <Eigen/LU>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "models/response/angle_law_model.hpp"
#include "models/response/contact_mechanics.hpp"

namespace crashbench {
namespace {

// Finite inertia and state (contact_mechanics.hpp checks the inertia only).
bool finite_body(const Body& body) {
  const PlanarState& s = body.state;
  return has_valid_inertia(body, nullptr) && s.position_W.allFinite() && s.velocity_W.allFinite() &&
         std::isfinite(s.yaw_rate);
}

int sign(double x) { return (x > 0) - (x < 0); }

// The signed tangential ratio q = t.J / n.J: opposes the sliding, capped at the sticking value,
// zero when the frictionless impulse alone reverses the sliding (docs/brach-planar.md).
double tangential_ratio(const Mat2& K, double vn, double vt, double e, double mu) {
  if (mu <= 0) return 0.0;
  const double c = -(1.0 + e) * vn;  // > 0: normal relative-velocity change
  const double knn = K(0, 0), knt = K(0, 1), ktt = K(1, 1);
  const double vt_frictionless = vt + c * knt / knn;
  if (sign(vt) * sign(vt_frictionless) < 0) return 0.0;
  // Sticking impulse: K (Pn, Pt) = (c, -vt) on the n-t axes.
  const double det = knn * ktt - knt * knt;
  const double pn_stick = (ktt * c + knt * vt) / det;
  const double pt_stick = (-knt * c - knn * vt) / det;
  const int against = vt != 0 ? -sign(vt) : sign(pt_stick);
  double q = against * mu;
  if (pn_stick > 0 && sign(pt_stick) == against) q = against * std::min(mu, std::abs(pt_stick) / pn_stick);
  // The normal impulse must stay positive: n.K(n + q t) > 0; frictionless otherwise.
  return knn + q * knt > 1e-12 * knn ? q : 0.0;
}

}  // namespace

BrachImpulse brach_impulse(const Body& a, const Body* b, const Contact& c, double e, double mu) {
  BrachImpulse out;
  const double n_norm = c.normal_W.norm();
  if (!finite_body(a) || (b && !finite_body(*b)) || !c.point_W.allFinite() || !std::isfinite(n_norm) ||
      n_norm < 1e-12 || !std::isfinite(e) || !std::isfinite(mu)) {
    out.status = ResolutionStatus::kSingular;
    return out;
  }
  const Vec2 n = c.normal_W / n_norm, t = perp(n);
  Mat2 basis;
  basis << n, t;
  const Mat2 K = basis.transpose() * inverse_effective_mass(a, b, c.point_W) * basis;  // on the n-t axes
  const Vec2 v = relative_point_velocity(a, b, c.point_W);
  const double vn = n.dot(v), vt = t.dot(v);
  if (vn >= 0) {
    out.status = ResolutionStatus::kSeparating;
    return out;
  }
  const double q = tangential_ratio(K, vn, vt, e, mu);
  out.normal = -(1.0 + e) * vn / (K(0, 0) + q * K(0, 1));
  out.tangential = q * out.normal;
  out.tangential_ratio = q;
  return out;
}

BrachSystem brach_system(const Body& a, const Body& b, const Contact& c, double e, double tangential_ratio) {
  const Vec2 n = c.normal_W.normalized(), t = perp(n);
  const Vec2 ra = c.point_W - a.state.position_W, rb = c.point_W - b.state.position_W;
  const double ma = a.mass, mb = b.mass;
  Eigen::Matrix<double, 6, 6> L = Eigen::Matrix<double, 6, 6>::Zero();
  // System linear momentum.
  L(0, 0) = ma, L(0, 3) = mb;
  L(1, 1) = ma, L(1, 4) = mb;
  // Angular momentum of each body about the contact point: Izz r - m rho x V.
  L(2, 0) = ma * ra.y(), L(2, 1) = -ma * ra.x(), L(2, 2) = a.yaw_inertia;
  L(3, 3) = mb * rb.y(), L(3, 4) = -mb * rb.x(), L(3, 5) = b.yaw_inertia;
  // Normal relative velocity of the contact point: n.(V_a + r_a perp(rho_a) - V_b - r_b perp(rho_b)).
  L.block<1, 2>(4, 0) = n.transpose();
  L(4, 2) = n.dot(perp(ra));
  L.block<1, 2>(4, 3) = -n.transpose();
  L(4, 5) = -n.dot(perp(rb));
  // Tangential impulse = ratio x normal impulse, with J = m_a (V_a - v_a).
  L.block<1, 2>(5, 0) = ma * (t - tangential_ratio * n).transpose();
  BrachSystem s{L, L};
  s.rhs.row(4) *= -e;
  return s;
}

namespace {

Eigen::Matrix<double, 6, 1> pack(const PlanarState& a, const PlanarState& b) {
  Eigen::Matrix<double, 6, 1> x;
  x << a.velocity_W, a.yaw_rate, b.velocity_W, b.yaw_rate;
  return x;
}

BodyPairStates unpack(const Body& a, const Body& b, const Eigen::Matrix<double, 6, 1>& x) {
  BodyPairStates s{a.state, b.state};
  s.a.velocity_W = x.segment<2>(0);
  s.a.yaw_rate = x[2];
  s.b.velocity_W = x.segment<2>(3);
  s.b.yaw_rate = x[5];
  return s;
}

}  // namespace

BodyPairStates brach_forward(const Body& a, const Body& b, const Contact& c, double e, double mu) {
  const BrachImpulse j = brach_impulse(a, &b, c, e, mu);
  if (j.status != ResolutionStatus::kOk) return {a.state, b.state};
  const BrachSystem s = brach_system(a, b, c, e, j.tangential_ratio);
  return unpack(a, b, s.lhs.partialPivLu().solve(s.rhs * pack(a.state, b.state)));
}

BodyPairStates brach_backward(const Body& a_post, const Body& b_post, const Contact& c, double e,
                              double tangential_ratio) {
  if (!(e > 0))
    throw Error("", "restitution",
                "the backward Brach solve needs e > 0; with e = " + std::to_string(e) +
                    " every approach speed ends at the same post-impact state (singular system)");
  const BrachSystem s = brach_system(a_post, b_post, c, e, tangential_ratio);
  const Eigen::FullPivLU<Eigen::Matrix<double, 6, 6>> lu(s.rhs);
  if (!lu.isInvertible()) throw Error("", "contact", "the backward Brach system is singular");
  return unpack(a_post, b_post, lu.solve(s.lhs * pack(a_post.state, b_post.state)));
}

BrachPlanarModel::BrachPlanarModel(const AngleLaw& restitution, const AngleLaw& friction)
    : restitution_(restitution), friction_(friction) {
  require_law_within(restitution, 0.0, 1.0, "restitution");
  require_law_within(friction, 0.0, std::numeric_limits<double>::infinity(), "friction");
}

Resolution BrachPlanarModel::resolve(const Body& a, const Body* b, const Contact& c) const {
  Resolution r;
  const double n_norm = c.normal_W.norm();
  r.angle_of_attack = n_norm > 0 ? angle_of_attack(a.state.heading, c.normal_W / n_norm) : 0.0;
  r.restitution = restitution_.at(r.angle_of_attack);
  r.mu_limit = friction_.at(r.angle_of_attack);
  const BrachImpulse j = brach_impulse(a, b, c, r.restitution, r.mu_limit);
  r.status = j.status;
  r.impulse.point_W = c.point_W;
  r.invariants = impulse_invariants(r);
  if (j.status != ResolutionStatus::kOk) return r;
  const Vec2 n = c.normal_W / n_norm;
  r.impulse.linear_W = j.normal * n + j.tangential * perp(n);
  r.mu_used = std::abs(j.tangential_ratio);
  return r;
}

nlohmann::json BrachPlanarModel::parameters() const {
  return {{"model", name()}, {"restitution", to_json(restitution_)}, {"friction", to_json(friction_)}};
}

std::vector<LawCurve> BrachPlanarModel::curves() const {
  return {sample_law("restitution", restitution_), sample_law("mu_limit", friction_)};
}

std::unique_ptr<ResponseModel> make_brach_planar(const JsonReader& response) {
  response.only_keys({"model", "restitution", "friction"});
  const KnightLaws laws = read_knight_laws(response);
  return std::make_unique<BrachPlanarModel>(laws.restitution, laws.friction);
}

}  // namespace crashbench
