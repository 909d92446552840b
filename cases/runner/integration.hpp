#pragma once
// The vehicle dynamics phase: the case's dynamics model and integrator, one dt of every vehicle's motion
// (the kinematic ones moved by Control), and the questions the audits ask of the dynamics: what a step's
// collision load did, and how much the tyres can answer in one step.
#include <memory>
#include <span>
#include <vector>

#include "cases/case.hpp"
#include "cases/runner/continuing_contacts.hpp"
#include "cases/runner/control.hpp"
#include "cases/runner/fleet.hpp"
#include "cases/runner/step_threads.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {

class Integration {
 public:
  /// Builds the case's integrator and dynamics model and validates every vehicle's parameters against it.
  explicit Integration(const Case& c);

  const Integrator& integrator() const { return *integrator_; }
  /// One `dt` of every vehicle from `t0` [s]: x_before and applied_input take the step's start, the
  /// springs of `springs` join each input; kinematic vehicles are moved by `control`, the others
  /// integrated in batches (Integrator::step_batch), each vehicle with the bits of a step of its own, so
  /// any batching and any split over `threads` gives the same bits.
  void step(Fleet& fleet, Control& control, const ContinuingContacts& springs, StepThreads& threads, double t0, double dt) const;
  /// `h` seconds of vehicle `v`'s dynamics from `t0` with `input`.
  void integrate(const Fleet& fleet, std::size_t v, const VehicleInput& input, StateVector& x, double t0, double h) const;
  /// What the step just taken's collision load (held force and springs) did to vehicle `v`, tyres taken
  /// out: its velocity change against the same step integrated without the load. `held` gets the held
  /// force's intended share (J/m, rho x J / Izz).
  Eigen::Vector3d collision_dv(const Fleet& fleet, std::size_t v, double t0, double dt, Eigen::Vector3d& held) const;
  /// collision_dv of each of `vehicles` (at most kOdeBatchSize) into dv[k] and held[k], their steps without
  /// the load taken as one batch: each vehicle's bits are those of a step of its own.
  void collision_dvs(const Fleet& fleet, std::span<const std::size_t> vehicles, double t0, double dt,
                     Eigen::Vector3d* dv, Eigen::Vector3d* held) const;
  /// Force mode: what the tyres can answer to a collision force within one step `dt`, per vehicle (speed
  /// [m/s], yaw rate [rad/s]); zero for dynamics without ground forces.
  std::vector<Eigen::Vector2d> tyre_allowance(const Fleet& fleet, double dt) const;

 private:
  std::unique_ptr<Integrator> integrator_;
  std::unique_ptr<VehicleDynamics> dynamics_;
};

}  // namespace crashbench
