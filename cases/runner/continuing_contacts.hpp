#pragma once
// Contacts a response model answers with a force (Answer::kForce): the spring each vehicle feels over the
// next step, and each contact's history from its first force to its last, so that impulse-momentum and
// energy are checked over the whole contact when it ends. The runner owns one; nothing here allocates
// per step while the reserved capacity lasts.
#include <span>
#include <vector>

#include "cases/case.hpp"
#include "cases/checks/invariants.hpp"
#include "models/dynamics/contact_spring.hpp"
#include "models/integrators/integrator.hpp"
#include "models/response/response_model.hpp"

namespace crashbench {

/// Closed contacts' events with their other vehicles' bodies and the widened tolerances they were checked
/// against (ImpactEvent::other_body indexes `other_bodies`, widened_tolerances `tolerances`), until the run's
/// end joins them to its result.
struct ContactEvents {
  std::vector<ImpactEvent> events;
  std::vector<OtherBody> other_bodies;
  std::vector<Tolerances> tolerances;
  std::vector<ImpactEnd> ends;  ///< each event's (ImpactEvent::model_end)
};

class ContinuingContacts {
 public:
  /// Sizes the buffers for `vehicles` vehicles; `dt` is the step [s]; `integrator` (it must outlive this)
  /// documents the energy error allowed on a contact's spring (Integrator::oscillator_energy_factor).
  ContinuingContacts(int vehicles, double dt, const Integrator& integrator);
  /// Reserves each vehicle's springs, so that stepping allocates nothing while they last: for a model that
  /// answers with forces only (ResponseModel::answer). Eight springs' room a car in four small buffers is
  /// about 10 KB a car allocated, 2.5 KB of it resident (0.25 GB at 100,000 cars), that an impulse model
  /// never uses.
  void reserve();

  /// Starts or continues contact `c` (vehicle, other and, against the scene, feature) with the force answer `r`
  /// for the step that starts at `t0` [s]; `a`, `b` (nullptr: the scene) are the bodies now. `step` is the
  /// runner's step index.
  void add(const Contact& c, const Resolution& r, const Body& a, const Body* b, int step, double t0);
  /// Makes the springs add() built since the last call the ones the coming step integrates.
  void begin_step();
  /// The springs acting on `vehicle` over the step being integrated.
  std::span<const ContactSpring> springs(int vehicle) const { return applied_[vehicle]; }
  /// The vehicles with springs over the step being integrated, ascending (each contact's account depends
  /// on the order its vehicles are accounted in).
  std::span<const int> sprung_vehicles() const { return applied_vehicles_; }

  /// After the step: `collision_dv` is the velocity change (vX, vY, r) the springs and any held collision
  /// force made over it (tyres taken out by the runner), `held_dv` the held force's share of it, `x_end`
  /// the state at `t_end`. Charges each spring's impulse (trapezoid of its force at the step's two ends)
  /// and its share of the velocity change to its contact.
  void account(int vehicle, const StateVector& x_end, double t_end, const Eigen::Vector3d& collision_dv,
               const Eigen::Vector3d& held_dv);
  /// Contacts without a force answer at `step` (every one with `all`) are over: appends one event per
  /// contact, pre = at its start, post = pre plus its velocity changes, impulse = its integral of F dt,
  /// checked against `tolerances` but no tighter than the force application's (the tyres act in the same
  /// steps), the energy gain's widened by the integrator's error on the spring.
  void close(int step, bool all, const Tolerances& tolerances, ContactEvents& out);
  bool empty() const { return open_.empty(); }
  /// Contact `c` continues one that is open (its spring acted over the step just taken): it stays a
  /// contact while it opens again, which is the spring's rebound.
  bool holds(const Contact& c) const { return find(c) >= 0; }

 private:
  struct Open {
    ImpactEvent event;                         ///< contact, first resolution, a's body at the start
    Body pre_b;                                ///< the other vehicle at the start (two-vehicle contacts)
    int first_step = 0, last_step = 0;
    Vec2 impulse_W = Vec2::Zero();             ///< integral of the force on a [N s]
    double angular_a = 0;                      ///< integral of its moment about a's CG [N m s]
    Eigen::Vector3d dv_a = Eigen::Vector3d::Zero(), dv_b = Eigen::Vector3d::Zero();
    double peak_force = 0, max_depth = 0;
    double omega = 0;                          ///< sqrt(k / m_eff) at the start [rad/s]
    Vec2 last_normal = Vec2::UnitX();          ///< the normal of the latest force answer
    bool normal_turned = false;                ///< some answer's normal differed from the first's
    double first_force = 0, last_force = 0;    ///< |F| of the first answer and at the end of the last step [N]
  };
  struct Owner {
    int contact = 0;    ///< index into open_
    bool on_a = true;   ///< the spring acts on the contact's vehicle a (else on b)
    Vec2 force0_W = Vec2::Zero();
    double moment0 = 0;
  };
  int find(const Contact& c) const;  ///< index into open_ of the contact `c` continues, or -1
  int find_or_open(const Contact& c, const Resolution& r, const Body& a, const Body* b, int step);
  void push_spring(int vehicle, const ContactSpring& s, const Owner& owner);
  /// The event of contact `o`, which is over, and (two-vehicle contacts) the other vehicle's bodies.
  ImpactEvent finish(const Open& o, OtherBody& other, ImpactEnd& end) const;

  double dt_;
  const Integrator* integrator_;
  std::vector<Open> open_;
  std::vector<std::vector<ContactSpring>> applied_, next_;
  std::vector<std::vector<Owner>> applied_owners_, next_owners_;
  std::vector<int> applied_vehicles_, next_vehicles_;  ///< the vehicles whose applied_ / next_ is not empty
  std::vector<double> share_;  ///< scratch: |J| of each spring of one vehicle over the step
};

}  // namespace crashbench
