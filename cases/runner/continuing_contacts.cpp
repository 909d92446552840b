#include "cases/runner/continuing_contacts.hpp"

#include <algorithm>
#include <cmath>

#include "models/response/contact_mechanics.hpp"

namespace crashbench {
namespace {

/// Allowances of a continuing contact's checks over the whole contact [-] (see close()).
constexpr double kContactMomentum = 5e-2, kContactEnergyGain = 2e-2, kContactPenetration = 5e-2;

}  // namespace
namespace {

constexpr std::size_t kSpringsPerVehicle = 8;  // reserved: more is allowed, at the price of an allocation

void add_velocities(Body& b, const Eigen::Vector3d& dv) {
  b.state.velocity_W += dv.head<2>();
  b.state.yaw_rate += dv[2];
}

/// The spring acting on the body at `body`, from the contact point `point_W`; the obstacle's point is
/// `depth` further along -normal and moves with `surface_velocity_W`.
ContactSpring spring_on(const Body& body, const Vec2& point_W, const Vec2& normal_W, double depth,
                        const Vec2& surface_velocity_W, const Vec2& friction_W, const ContactForce& f, double t0) {
  ContactSpring s;
  s.arm_B = rotation(-body.state.heading) * (point_W - body.state.position_W);
  s.normal_W = normal_W;
  s.surface_W = point_W + depth * normal_W;
  s.surface_velocity_W = surface_velocity_W;
  s.friction_W = friction_W;
  s.stiffness = f.stiffness;
  s.damping = f.damping;
  s.friction_ratio = f.friction_ratio;
  s.t0 = t0;
  return s;
}

}  // namespace

ContinuingContacts::ContinuingContacts(int vehicles, double dt, const Integrator& integrator)
    : dt_(dt), integrator_(&integrator) {
  for (auto* buffers : {&applied_, &next_}) buffers->resize(static_cast<std::size_t>(vehicles));
  for (auto* owners : {&applied_owners_, &next_owners_}) owners->resize(static_cast<std::size_t>(vehicles));
}

void ContinuingContacts::reserve() {
  for (auto* buffers : {&applied_, &next_})
    for (auto& b : *buffers) b.reserve(kSpringsPerVehicle);
  for (auto* owners : {&applied_owners_, &next_owners_})
    for (auto& o : *owners) o.reserve(kSpringsPerVehicle);
  open_.reserve(kSpringsPerVehicle * applied_.size());
  share_.reserve(kSpringsPerVehicle);
  applied_vehicles_.reserve(applied_.size());
  next_vehicles_.reserve(applied_.size());
}

int ContinuingContacts::find(const Contact& c) const {
  for (std::size_t i = 0; i < open_.size(); ++i) {
    // Two cars overlap in one region whichever edge the detector names (its feature may switch from step
    // to step); a wall contact is one per wall. A restarted contact would store its depth's energy anew.
    const Contact& k = open_[i].event.contact;
    if (k.vehicle != c.vehicle || k.other != c.other) continue;
    if (c.other != kStaticScene || k.feature == c.feature) return static_cast<int>(i);
  }
  return -1;
}

int ContinuingContacts::find_or_open(const Contact& c, const Resolution& r, const Body& a, const Body* b, int step) {
  if (const int i = find(c); i >= 0) {
    open_[i].event.contact.feature = c.feature;
    return i;
  }
  Open& o = open_.emplace_back();
  o.first_step = step;
  o.event.step = step + 1;
  o.event.time = (step + 1) * dt_;
  o.event.contact = c;
  o.event.resolution = r;
  o.event.mu_limit = r.mu_limit;
  o.event.pre_a = a;
  if (b) o.pre_b = *b;
  const Mat2 K = inverse_effective_mass(a, b, c.point_W);
  const double inverse_mass = c.normal_W.dot(K * c.normal_W);
  o.omega = inverse_mass > 0 ? std::sqrt(r.force.stiffness * inverse_mass) : 0.0;
  return static_cast<int>(open_.size() - 1);
}

void ContinuingContacts::push_spring(int vehicle, const ContactSpring& s, const Owner& owner) {
  if (next_[vehicle].empty()) next_vehicles_.push_back(vehicle);
  next_[vehicle].push_back(s);
  next_owners_[vehicle].push_back(owner);
}

void ContinuingContacts::add(const Contact& c, const Resolution& r, const Body& a, const Body* b, int step, double t0) {
  const int index = find_or_open(c, r, a, b, step);
  Open& o = open_[index];
  o.last_step = step;
  if (o.first_force == 0) o.first_force = r.force.force_W.norm();
  o.event.mu_limit = std::max(o.event.mu_limit, r.mu_limit);  // mu(alpha) may grow as the car turns
  o.normal_turned = o.normal_turned || (c.normal_W - o.event.contact.normal_W).norm() > 1e-9;
  o.last_normal = c.normal_W;
  o.peak_force = std::max(o.peak_force, r.force.force_W.norm());
  o.max_depth = std::max(o.max_depth, c.depth);
  const Vec2& n = c.normal_W;
  const Vec2 fn = n.dot(r.force.force_W) * n;
  const Vec2 ft = r.force.force_W - fn;
  const Vec2 friction_W = ft.norm() > 0 ? Vec2(ft.normalized()) : Vec2::Zero();
  const Vec2 v_a = a.state.point_velocity_W(c.point_W - a.state.position_W);
  const Vec2 v_b = b ? b->state.point_velocity_W(c.point_W - b->state.position_W) : Vec2::Zero();
  const double moment_a = cross(c.point_W - a.state.position_W, r.force.force_W);
  push_spring(c.vehicle, spring_on(a, c.point_W, n, c.depth, v_b, friction_W, r.force, t0),
              {index, true, r.force.force_W, moment_a});
  if (!b) return;
  const double moment_b = cross(c.point_W - b->state.position_W, -r.force.force_W);
  push_spring(c.other, spring_on(*b, c.point_W, -n, c.depth, v_a, -friction_W, r.force, t0),
              {index, false, -r.force.force_W, moment_b});
}

void ContinuingContacts::begin_step() {
  // Only the vehicles with springs, the last step's or the coming one's: in a large run most have none.
  for (const int v : applied_vehicles_) {
    applied_[v].clear();
    applied_owners_[v].clear();
  }
  for (const int v : next_vehicles_) {  // next_[v] gets applied_[v]'s buffer, empty now
    std::swap(applied_[v], next_[v]);
    std::swap(applied_owners_[v], next_owners_[v]);
  }
  applied_vehicles_.swap(next_vehicles_);
  next_vehicles_.clear();
  std::sort(applied_vehicles_.begin(), applied_vehicles_.end());  // a handful: the order account() needs
}

void ContinuingContacts::account(int vehicle, const StateVector& x_end, double t_end,
                                 const Eigen::Vector3d& collision_dv, const Eigen::Vector3d& held_dv) {
  const auto& springs = applied_[vehicle];
  const auto& owners = applied_owners_[vehicle];
  if (springs.empty()) return;
  // Each spring's impulse over the step by the trapezoidal rule; the measured velocity change is shared
  // among the vehicle's springs in proportion to it.
  share_.clear();
  double total = 0;
  for (std::size_t i = 0; i < springs.size(); ++i) {
    const SpringLoad end = spring_load(springs[i], x_end, t_end);
    const Vec2 J = 0.5 * dt_ * (owners[i].force0_W + end.force_W);
    Open& o = open_[owners[i].contact];
    o.peak_force = std::max(o.peak_force, end.force_W.norm());
    o.last_force = end.force_W.norm();
    if (owners[i].on_a) {
      o.impulse_W += J;
      o.angular_a += 0.5 * dt_ * (owners[i].moment0 + end.moment);
    }
    share_.push_back(J.norm());
    total += J.norm();
  }
  const Eigen::Vector3d dv = collision_dv - held_dv;
  for (std::size_t i = 0; i < springs.size(); ++i) {
    const double share = total > 0 ? share_[i] / total : 1.0 / static_cast<double>(springs.size());
    Open& o = open_[owners[i].contact];
    (owners[i].on_a ? o.dv_a : o.dv_b) += share * dv;
  }
}

ImpactEvent ContinuingContacts::finish(const Open& o, OtherBody& other, ImpactEnd& end) const {
  ImpactEvent e = o.event;
  ResolutionRecord& r = e.resolution;
  const Vec2& n = e.contact.normal_W;
  const Vec2 J = o.impulse_W;
  const double jn = n.dot(J);
  r.impulse.linear_W = J;
  r.mu_used = jn > 0 ? (J - jn * n).norm() / jn : 0.0;
  // The point on the impulse's line of action nearest the first contact point: its moment about a's CG
  // is the contact's whole angular impulse on a.
  const Vec2 arm0 = e.contact.point_W - e.pre_a.state.position_W;
  const double j = J.norm();
  r.impulse.point_W = j > 0 ? Vec2(e.contact.point_W + (cross(arm0, J) - o.angular_a) / j * perp(J) / j)
                            : e.contact.point_W;
  e.contact.point_W = r.impulse.point_W;
  // The bodies must be leaving along the normal the contact ended with.
  e.contact.normal_W = o.last_normal;
  e.post_a = e.pre_a;
  add_velocities(e.post_a, o.dv_a);
  if (e.two_body()) {
    other.pre = other.post = o.pre_b;
    add_velocities(other.post, o.dv_b);
  }
  // Over the whole contact: impulse-momentum, no energy gain, leaving (no tunnelling), friction bound; the
  // angular balance of a second body and the system's need one arm for both, which a moving contact lacks.
  r.invariants = InvariantSet{Invariant::kLinearMomentum, Invariant::kNoEnergyGain, Invariant::kNoPenetration,
                              Invariant::kFrictionBound};
  if (!e.two_body()) r.invariants.add(Invariant::kAngularMomentum);
  // With a turning normal the summed impulse has no one normal to split along; each step's friction is
  // capped at mu by the model.
  if (o.normal_turned) r.invariants.remove(Invariant::kFrictionBound);
  r.restitution = -1;
  r.energy_kept_target = -1;
  end = ImpactEnd{};
  end.duration = (o.last_step - o.first_step + 1) * dt_;
  const auto end_state = [](const Body& pre, const Body& post) {
    return ImpactEndState{rotation(-pre.state.heading) * post.state.velocity_W, post.state.yaw_rate, 0.0};
  };
  end.a = end_state(e.pre_a, e.post_a);
  if (e.two_body()) end.b = end_state(other.pre, other.post);
  end.peak_force = o.peak_force;
  end.max_depth = o.max_depth;
  return e;
}

void ContinuingContacts::close(int step, bool all, const Tolerances& tolerances, ContactEvents& out) {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < open_.size(); ++i) {
    if (all || open_[i].last_step < step) {
      OtherBody other;
      ImpactEnd end;
      ImpactEvent e = finish(open_[i], other, end);
      // The integrator's documented energy error over the contact's steps is allowed on top.
      const Open& o = open_[i];
      // A spring acts over several steps together with the tyres, which answer it within each step: the
      // tyre-free velocity change carries up to a few percent of the contact's impulse (measured on the
      // shipped penalty cases), so the contact's checks get the force mode's original allowances.
      Tolerances widened = tolerances;
      widened.momentum = std::max(widened.momentum, kContactMomentum);
      widened.energy_gain = std::max(widened.energy_gain, kContactEnergyGain);
      widened.penetration = std::max(widened.penetration, kContactPenetration);
      const double steps = o.last_step - o.first_step + 1;
      widened.energy_gain += std::max(0.0, std::pow(integrator_->oscillator_energy_factor(o.omega * dt_), steps) - 1.0);
      // The force jumps where the contact starts and ends within a step: there the trapezoidal integral
      // and any integrator's quadrature may differ by up to half a step of that force.
      const double j = o.impulse_W.norm();
      if (j > 0) widened.momentum += 0.5 * dt_ * (o.first_force + o.last_force) / j;
      e.checks = check_impact(e, e.two_body() ? &other : nullptr, widened, dt_);
      e.widened_tolerances = static_cast<int>(out.tolerances.size());
      out.tolerances.push_back(widened);
      if (e.two_body()) {
        e.other_body = static_cast<int>(out.other_bodies.size());
        out.other_bodies.push_back(other);
      }
      e.model_end = static_cast<int>(out.ends.size());
      out.ends.push_back(end);
      out.events.push_back(e);
      continue;
    }
    // Springs built for the next step refer to this contact by index: renumber them.
    for (auto& owners : next_owners_)
      for (Owner& owner : owners)
        if (owner.contact == static_cast<int>(i)) owner.contact = static_cast<int>(kept);
    if (kept != i) open_[kept] = open_[i];
    ++kept;
  }
  open_.resize(kept);
}

}  // namespace crashbench
