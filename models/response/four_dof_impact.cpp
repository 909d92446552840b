#include "models/response/four_dof_impact.hpp"

#include <fmt/format.h>

#include <Eigen/LU>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "core/units.hpp"
#include "models/dynamics/bicycle.hpp"
#include "models/dynamics/four_dof_tyres.hpp"
#include "models/dynamics/four_dof_zhou_suv.hpp"
#include "models/dynamics/single_track.hpp"
#include "models/response/angle_law_model.hpp"
#include "models/response/brach_planar.hpp"
#include "models/response/contact_mechanics.hpp"

namespace crashbench {
namespace {

using Mat10 = Eigen::Matrix<double, 10, 10>;
using Vec10 = Eigen::Matrix<double, 10, 1>;
using Vec4 = Eigen::Vector4d;

// The tyres and roll of a vehicle given to the impact (FourDofBody::params holds four-dof's parameters).
const FourDofParameters& own(const VehicleParams& p) { return p.model.get<FourDofParameters>(); }

// One vehicle's data fixed over the solve. Unknowns (u, v, r, p) at columns `col`, J at 8..9.
struct Side {
  const VehicleParams* p = nullptr;
  RollState roll;
  double steer = 0;
  Mat2 impulse_to_body = Mat2::Zero();  // this vehicle's impulse in B = impulse_to_body * J_W
  Mat2 to_body = Mat2::Identity();      // R(-heading)
  Vec2 arm_B = Vec2::Zero();            // CG to contact point
  Vec4 pre = Vec4::Zero();              // u, v, r, p before the impact
  LinearAxleForces tyres_pre;
  int col = 0;
};

Side make_side(const FourDofBody& body, const Contact& c, double sign, int col) {
  Side s;
  s.p = body.params;
  s.roll = body.roll;
  s.steer = body.steer;
  s.to_body = rotation(-body.state.heading);
  s.impulse_to_body = sign * s.to_body;
  s.arm_B = s.to_body * (c.point_W - body.state.position_W);
  const Vec2 v_B = s.to_body * body.state.velocity_W;
  s.pre << v_B, body.state.yaw_rate, body.roll.roll_rate;
  s.tyres_pre = linear_axle_forces(s.p->mass, own(*s.p).tyres, v_B.x(), v_B.y(), body.state.yaw_rate, body.steer);
  s.col = col;
  return s;
}

// Rows col..col+3: eqs. 14-17 integrated over the impact (trapezoidal rule, tyre forces as the
// trapezoidal sum, the roll-stiffness term kept), linearised about the iterate `it` (u, v, r, p).
void vehicle_rows(const Side& s, double dt, const Vec4& it, Mat10& A, Vec10& B) {
  const VehicleParams& p = *s.p;
  const TyreParams& t = own(p).tyres;
  const RollParams& q = own(p).roll;
  const double k = 0.5 * dt, m = p.mass, a = t.cg_to_front_axle, b = t.cg_to_rear_axle;
  const double mh = q.sprung_mass * q.roll_arm, x = s.arm_B.x(), y = s.arm_B.y();
  const double u0 = s.pre[0], v0 = s.pre[1], r0 = s.pre[2], p0 = s.pre[3];
  // Post-impact axle forces F = offset - stiffness * (axle lateral velocity); constant if saturated.
  const LinearAxleForces f = linear_axle_forces(p.mass, t, it[0], it[1], it[2], s.steer);
  const double sf = f.front.stiffness, sr = f.rear.stiffness;
  const double ff = f.front.saturated ? f.front.force : t.cornering_stiffness_front * s.steer;
  const double fr = f.rear.saturated ? f.rear.force : 0.0;
  const double ff0 = s.tyres_pre.front.force, fr0 = s.tyres_pre.rear.force;
  const int o = s.col;
  const auto P = s.impulse_to_body;
  // Longitudinal: m (U - u0) - m k (V r + v0 r0) = Px.
  A(o, o) = m, A(o, o + 2) = -m * k * it[1];
  A.block<1, 2>(o, 8) = -P.row(0);
  B[o] = m * u0 + m * k * v0 * r0;
  // Lateral: m (V - v0) + m k (U R + u0 r0) - m_R h (P - p0) = Py + k (sum of axle forces, pre + post).
  A(o + 1, o + 1) = m + k * (sf + sr), A(o + 1, o + 2) = m * k * it[0] + k * (a * sf - b * sr);
  A(o + 1, o + 3) = -mh;
  A.block<1, 2>(o + 1, 8) = -P.row(1);
  B[o + 1] = m * v0 - m * k * u0 * r0 - mh * p0 + k * (ff + fr + ff0 + fr0);
  // Yaw: Izz (R - r0) + Ixz (P - p0) = x Py - y Px + k (a F_f - b F_r, pre + post).
  A(o + 2, o + 1) = k * (a * sf - b * sr), A(o + 2, o + 2) = p.yaw_inertia + k * (a * a * sf + b * b * sr);
  A(o + 2, o + 3) = q.product_xz;
  A.block<1, 2>(o + 2, 8) = -(x * P.row(1) - y * P.row(0));
  B[o + 2] = p.yaw_inertia * r0 + q.product_xz * p0 + k * (a * (ff + ff0) - b * (fr + fr0));
  if (q.roll_inertia <= 0) {  // no roll degree of freedom: the roll rate stays
    A(o + 3, o + 3) = 1, B[o + 3] = p0;
    return;
  }
  // Roll: Ixx (P - p0) + Ixz (R - r0) - m_R h [(V - v0) + k (U R + u0 r0)]
  //       = -z Py + (m_R g h - K_s) k (phi0 + phi1) - D_s k (P + p0), phi1 = phi0 + k (P + p0).
  const double z = p.cg_height - q.roll_axis_height, spring = q.sprung_mass * kGravity * q.roll_arm - q.roll_stiffness;
  A(o + 3, o + 1) = -mh, A(o + 3, o + 2) = q.product_xz - mh * k * it[0];
  A(o + 3, o + 3) = q.roll_inertia - spring * k * k + q.roll_damping * k;
  A.block<1, 2>(o + 3, 8) = z * P.row(1);
  B[o + 3] = q.roll_inertia * p0 + q.product_xz * r0 - mh * v0 + mh * k * u0 * r0 +
             spring * k * (2 * s.roll.roll + k * p0) - q.roll_damping * k * p0;
}

// Row 8: restitution at the contact point (planar velocities); row 9: t.J = q n.J.
void contact_rows(const Side& a, const Side* b, const Vec2& n, double rhs_normal, double q, Mat10& A, Vec10& B) {
  for (const Side* s : {&a, b}) {
    if (!s) continue;
    const double sign = s == &a ? 1.0 : -1.0;
    const Vec2 n_B = s->to_body * n;
    A(8, s->col) = sign * n_B.x(), A(8, s->col + 1) = sign * n_B.y();
    A(8, s->col + 2) = sign * (n_B.y() * s->arm_B.x() - n_B.x() * s->arm_B.y());
  }
  B[8] = rhs_normal;
  A.block<1, 2>(9, 8) = (perp(n) - q * n).transpose();
  B[9] = 0;
}

bool valid(const FourDofBody& body) {
  const VehicleParams* p = body.params;
  return p && p->mass > 0 && p->yaw_inertia > 0 && body.state.position_W.allFinite() &&
         body.state.velocity_W.allFinite() && std::isfinite(body.state.yaw_rate) && std::isfinite(body.roll.roll) &&
         std::isfinite(body.roll.roll_rate) && std::isfinite(body.steer);
}

Body planar_body(const FourDofBody& f) { return {f.params->mass, f.params->yaw_inertia, f.state}; }

FourDofState unpack(const Side& s, const Vec10& x, double dt) {
  const int o = s.col;
  return {{x[o], x[o + 1]}, x[o + 2], {s.roll.roll + 0.5 * dt * (s.pre[3] + x[o + 3]), x[o + 3]}};
}

// The parts of the Jacobian of A(x) x - B(x) that A(x) lacks: the derivatives of the rotating-frame
// products U R, V R with respect to the velocity taken from the iterate, and of the linear tyre
// forces with respect to the speed U in their slip angles.
void newton_terms(const Side& s, double dt, const Vec4& it, Mat10& J) {
  const VehicleParams& p = *s.p;
  const TyreParams& t = own(p).tyres;
  const RollParams& q = own(p).roll;
  const double k = 0.5 * dt, m = p.mass, mh = q.sprung_mass * q.roll_arm, r = it[2];
  const double a = t.cg_to_front_axle, b = t.cg_to_rear_axle;
  const LinearAxleForces f = linear_axle_forces(p.mass, t, it[0], it[1], r, s.steer);
  // F = C (...)/|U|: dF/dU = -F_linear_part sign(U)/|U| while |U| is above the floor.
  const double u_abs = std::abs(it[0]);
  const double du = u_abs > kSlipSpeedFloor ? std::copysign(1.0 / u_abs, it[0]) : 0.0;
  const double dff = f.front.saturated ? 0.0 : f.front.stiffness * (it[1] + a * r) * du;
  const double dfr = f.rear.saturated ? 0.0 : f.rear.stiffness * (it[1] - b * r) * du;
  const int o = s.col;
  J(o, o + 1) += -m * k * r;
  J(o + 1, o) += m * k * r - k * (dff + dfr);
  J(o + 2, o) += -k * (a * dff - b * dfr);
  if (q.roll_inertia > 0) J(o + 3, o) += -mh * k * r;
}

// The impact problem: both sides (b == nullptr: the fixed scene), contact rows and row weights that
// turn every residual into a velocity [m/s or rad/s] for the line search.
struct Problem {
  const Side* a = nullptr;
  const Side* b = nullptr;
  Vec2 n = Vec2::UnitX();
  double rhs_normal = 0, q = 0, dt = 0;
  Vec10 weight = Vec10::Ones();
  bool no_impulse = false;  // J = 0 replaces the contact rows (the tyres alone separate the cars)
};

void assemble(const Problem& pr, const Vec10& x, Mat10& A, Vec10& B) {
  A.setZero();
  B.setZero();
  vehicle_rows(*pr.a, pr.dt, x.segment<4>(0), A, B);
  if (pr.b) {
    vehicle_rows(*pr.b, pr.dt, x.segment<4>(4), A, B);
  } else {
    A.block<4, 4>(4, 4).setIdentity();  // the fixed scene does not move
  }
  if (pr.no_impulse) {
    A(8, 8) = A(9, 9) = 1;
  } else {
    contact_rows(*pr.a, pr.b, pr.n, pr.rhs_normal, pr.q, A, B);
  }
}

double residual_norm(const Problem& pr, const Vec10& x) {
  Mat10 A;
  Vec10 B;
  assemble(pr, x, A, B);
  return pr.weight.cwiseProduct(A * x - B).norm();
}

// Newton iteration on A(x) x = B(x) with a backtracking line search (the tyre saturation makes the
// equations only piecewise smooth). In: the start; out: the result. Converged when a full Newton
// step is below the tolerance ("tolerance between two successive iterations" in the paper).
ResolutionStatus iterate(const Problem& pr, const FourDofImpactSettings& s, Vec10& x, int& iterations) {
  Mat10 A;
  Vec10 B;
  for (iterations = 1; iterations <= s.max_iterations; ++iterations) {
    assemble(pr, x, A, B);
    Mat10 J = A;
    newton_terms(*pr.a, pr.dt, x.segment<4>(0), J);
    if (pr.b) newton_terms(*pr.b, pr.dt, x.segment<4>(4), J);
    const Vec10 step = J.partialPivLu().solve(B - A * x);
    if (!step.allFinite()) return ResolutionStatus::kSingular;
    const double start = pr.weight.cwiseProduct(A * x - B).norm();
    double t = 1.0;
    for (int halving = 0; halving < 8 && residual_norm(pr, x + t * step) > (1 - 1e-4 * t) * start; ++halving)
      t *= 0.5;
    x += t * step;
    if (step.cwiseAbs().maxCoeff() <= s.tolerance * std::max(1.0, x.cwiseAbs().maxCoeff())) return ResolutionStatus::kOk;
  }
  iterations = s.max_iterations;
  return ResolutionStatus::kNotConverged;
}

Vec4 row_weights(const VehicleParams& p) {
  const double roll = own(p).roll.roll_inertia > 0 ? 1.0 / own(p).roll.roll_inertia : 1.0;
  return {1.0 / p.mass, 1.0 / p.mass, 1.0 / p.yaw_inertia, roll};
}

}  // namespace

FourDofImpactResult four_dof_impact(const FourDofBody& a, const FourDofBody* b, const Contact& c,
                                    const FourDofImpactSettings& s) {
  FourDofImpactResult out;
  out.impulse.point_W = c.point_W;
  if (!valid(a) || (b && !valid(*b)) || !c.point_W.allFinite() || !c.normal_W.allFinite() ||
      c.normal_W.norm() < 1e-12 || !(s.duration >= 0)) {
    out.status = ResolutionStatus::kSingular;
    return out;
  }
  const Body pa = planar_body(a), pb = b ? planar_body(*b) : Body{};
  const BrachImpulse planar = brach_impulse(pa, b ? &pb : nullptr, c, s.restitution, s.friction);
  const Side sa = make_side(a, c, 1.0, 0);
  const Side sb = b ? make_side(*b, c, -1.0, 4) : Side{};
  Vec10 x;
  x << sa.pre, sb.pre, 0, 0;
  out.a = unpack(sa, x, 0);
  if (b) out.b = unpack(sb, x, 0);
  if (planar.status != ResolutionStatus::kOk) {
    out.status = planar.status;
    return out;
  }
  const Vec2 n = c.normal_W.normalized();
  const Vec2 v_rel = relative_point_velocity(pa, b ? &pb : nullptr, c.point_W);
  x.segment<2>(8) = planar.normal * n + planar.tangential * perp(n);
  Problem pr{&sa, b ? &sb : nullptr, n, -s.restitution * n.dot(v_rel), planar.tangential_ratio, s.duration};
  pr.weight << row_weights(*a.params), b ? row_weights(*b->params) : Vec4::Ones(), 1.0, 1.0 / a.params->mass;
  out.status = iterate(pr, s, x, out.iterations);
  // Never a pulling impulse: an unconverged one is dropped (pre-impact states, kNotConverged); a
  // converged one means the tyres and the rotating frame already separate the cars faster than
  // -e v_n, so the impact has no collision impulse (and imposes no restitution): kSeparating.
  const bool pulls = n.dot(x.segment<2>(8)) < 0;
  if (out.status == ResolutionStatus::kSingular || (pulls && out.status != ResolutionStatus::kOk)) return out;
  if (pulls) {
    pr.no_impulse = true;
    x.segment<2>(8).setZero();
    int more = 0;
    out.status = iterate(pr, s, x, more);
    out.iterations += more;
    if (out.status == ResolutionStatus::kOk) {
      // Checked, not assumed: with nonlinear tyres a pulling root does not prove that the tyres alone open
      // the contact at -e v_n or faster. When they do not, no consistent answer exists here: dropped (the
      // pre-impact states) and reported, as an unconverged one is.
      Body ea = pa, eb = pb;
      ea.state = to_planar(pa.state, unpack(sa, x, s.duration));
      if (b) eb.state = to_planar(pb.state, unpack(sb, x, s.duration));
      const double opening = n.dot(relative_point_velocity(ea, b ? &eb : nullptr, c.point_W));
      if (opening < pr.rhs_normal - 1e-9 * std::abs(pr.rhs_normal)) {
        out.status = ResolutionStatus::kNotConverged;
        return out;
      }
      out.status = ResolutionStatus::kSeparating;
    }
  }
  if (out.status == ResolutionStatus::kSingular) return out;
  out.a = unpack(sa, x, s.duration);
  if (b) out.b = unpack(sb, x, s.duration);
  out.impulse.linear_W = x.segment<2>(8);
  out.tangential_ratio = planar.tangential_ratio;
  return out;
}

PlanarState to_planar(const PlanarState& pre, const FourDofState& post) {
  PlanarState s = pre;
  s.velocity_W = rotation(pre.heading) * post.velocity_B;
  s.yaw_rate = post.yaw_rate;
  return s;
}

FourDofImpactModel::FourDofImpactModel(const FourDofImpactSettings& s)
    : FourDofImpactModel({AngleLaw::fixed(s.restitution), AngleLaw::fixed(s.friction), {}}, s) {}

FourDofImpactModel::FourDofImpactModel(const KnightLaws& p, const FourDofImpactSettings& s)
    : settings_(s), restitution_(p.restitution), friction_(p.friction), default_params_(zhou_2008_suv()) {
  validate(p);
  if (!(s.duration >= 0)) throw Error("", "duration", "four-dof needs a duration >= 0 [s]");
  if (!(s.tolerance > 0) || s.max_iterations < 1)
    throw Error("", "tolerance", "four-dof needs tolerance > 0 and max_iterations >= 1");
}

void FourDofImpactModel::set_vehicles(std::span<const VehicleParams> vehicles) {
  vehicles_.clear();
  for (std::size_t i = 0; i < vehicles.size(); ++i) {
    const std::optional<FourDofParameters> q = single_track_parameters(vehicles[i]);
    if (!q)
      throw Error("", "dynamics", fmt::format("the four-dof impact model needs vehicle {}'s tyres: expected dynamics "
                                              "with tyres (bicycle, four-dof, dugoff)", i));
    vehicles_.push_back(vehicles[i]);
    vehicles_.back().model.emplace(*q);
  }
}

VehicleParams FourDofImpactModel::params_of(int index, const Body& body) const {
  VehicleParams p = index >= 0 && index < static_cast<int>(vehicles_.size()) ? vehicles_[index] : default_params_;
  // The body's inertia is authoritative; a sprung mass it cannot carry means no roll.
  p.mass = body.mass, p.yaw_inertia = body.yaw_inertia;
  if (!(own(p).roll.sprung_mass < p.mass)) {
    FourDofParameters q = own(p);
    q.roll = RollParams{};
    p.model.emplace(q);
  }
  return p;
}

Resolution FourDofImpactModel::resolve(const Body& a, const Body* b, const Contact& c) const {
  const VehicleParams pa = params_of(c.vehicle, a), pb = params_of(c.other, b ? *b : a);
  const FourDofBody fa{&pa, a.state, {}, 0.0};
  const FourDofBody fb{&pb, b ? b->state : PlanarState{}, {}, 0.0};
  Resolution r;
  const double n_norm = c.normal_W.norm();
  r.angle_of_attack = n_norm > 0 ? angle_of_attack(a.state.heading, c.normal_W / n_norm) : 0.0;
  FourDofImpactSettings s = settings_;
  s.restitution = restitution_.at(r.angle_of_attack);
  s.friction = friction_.at(r.angle_of_attack);
  const FourDofImpactResult f = four_dof_impact(fa, b ? &fb : nullptr, c, s);
  r.impulse = f.impulse;
  r.restitution = -1;  // e holds for the 4-DOF post states (tyre impulses included), not for J alone
  r.mu_used = std::abs(f.tangential_ratio);
  r.mu_limit = s.friction;
  r.status = f.status;
  r.invariants = impulse_invariants(r);
  if (f.status == ResolutionStatus::kOk) {
    const auto end_state = [](const FourDofState& x) { return ImpactEndState{x.velocity_B, x.yaw_rate, x.roll.roll_rate}; };
    r.end = {s.duration, end_state(f.a), end_state(f.b)};
  }
  return r;
}

nlohmann::json FourDofImpactModel::parameters() const {
  return {{"model", name()}, {"restitution", to_json(restitution_)}, {"friction", to_json(friction_)},
          {"duration", settings_.duration}};
}

std::vector<LawCurve> FourDofImpactModel::curves() const {
  return {sample_law("restitution", restitution_), sample_law("mu_limit", friction_)};
}

std::unique_ptr<ResponseModel> make_four_dof_impact(const JsonReader& response) {
  response.only_keys({"model", "restitution", "friction", "duration"});
  const KnightLaws laws = read_knight_laws(response);
  FourDofImpactSettings s;
  if (const auto d = response.find("duration")) s.duration = d->non_negative_number();
  return std::make_unique<FourDofImpactModel>(laws, s);
}

}  // namespace crashbench
