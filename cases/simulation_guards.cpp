// The runner's guards: what the tyres may answer to a force-mode impulse, and the stop on a non-finite value.
#include "cases/simulation.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/format.h>

#include "core/units.hpp"

namespace crashbench {
namespace {

/// True when `dynamics` exerts a ground force on a sliding car (tyres); free-body exerts none.
bool has_ground_forces(const VehicleDynamics& dynamics, const VehicleParams& p) {
  PlanarState sliding;
  sliding.velocity_W = {10.0, 10.0};  // 45 degrees of sideslip at heading 0
  const StateVector dx = dynamics.derivative(p, to_state_vector(sliding), VehicleInput{});
  return dx.segment<2>(3).norm() > 0;
}

/// Names of StateVector's entries, for the message about a non-finite one.
constexpr std::array<const char*, 8> kStateFields = {"position x", "position y", "heading", "velocity x",
                                                      "velocity y", "yaw rate", "roll angle", "roll rate"};

const char* non_finite_kind(double x) { return std::isnan(x) ? "NaN" : "infinite"; }

}  // namespace

/// Force mode: the part of a velocity error (vX, vY, yaw rate) the tyres cannot explain. Within one step
/// they change a body's velocity by at most road_mu g dt (and its yaw rate by road_mu m g dt x arm / Izz)
/// with and without the collision force alike, so the two steps differ by at most twice that.
Eigen::Vector3d Simulation::beyond_tyres(const Eigen::Vector3d& error, const Eigen::Vector2d& allowance) {
  Eigen::Vector3d out = error;
  const double linear = error.head<2>().norm();
  out.head<2>() *= linear > 0 ? std::max(0.0, linear - allowance[0]) / linear : 0.0;
  out[2] = std::copysign(std::max(0.0, std::abs(error[2]) - allowance[1]), error[2]);
  return out;
}

void Simulation::set_tyre_allowance() {
  tyre_allowance_.assign(x_.size(), Eigen::Vector2d::Zero());
  for (std::size_t v = 0; v < x_.size(); ++v) {
    const VehicleParams& p = case_.vehicles[v].params;
    if (!has_ground_forces(*dynamics_, p)) continue;
    const double dv = 2.0 * p.tyres.road_mu * kGravity * case_.dt;
    const double arm = std::max(p.tyres.cg_to_front_axle, p.tyres.cg_to_rear_axle);
    tyre_allowance_[v] = {dv, dv * p.mass * arm / p.yaw_inertia};
  }
}

bool Simulation::stopped_on_non_finite() {
  const auto stop = [&](const std::string& what, double value) {
    result_.failure = fmt::format("{} became {} at step {} (t = {:g} s)", what, non_finite_kind(value), step_, time());
    return true;
  };
  for (std::size_t v = 0; v < x_.size(); ++v) {
    if (x_[v].allFinite()) continue;  // one vector test per vehicle; the entry only for the message
    for (Eigen::Index i = 0; i < x_[v].size(); ++i)
      if (!std::isfinite(x_[v][i]))
        return stop("vehicle " + std::to_string(v) + " " + kStateFields[static_cast<std::size_t>(i) % kStateFields.size()],
                    x_[v][i]);
  }
  auto& events = events_;
  // Only events with their verdicts: in force mode those of a step are checked in the next.
  for (; finite_checked_upto_ < checked_upto_; ++finite_checked_upto_) {
    const ImpactEvent& e = events[finite_checked_upto_];
    const Vec2& J = e.resolution.impulse.linear_W;
    std::size_t bad = 0;  // 1 + the non-finite residual's invariant, or kInvariantCount + 1 for the impulse
    if (!J.allFinite()) bad = kInvariantCount + 1;
    for (std::size_t i = 0; i < kInvariantCount && bad == 0; ++i)
      if (!std::isfinite(e.checks[i].residual)) bad = i + 1;
    if (bad == 0) continue;
    const std::string field = bad > kInvariantCount ? "impulse" : std::string(to_string(static_cast<Invariant>(bad - 1))) + " residual";
    const double value = bad > kInvariantCount ? (std::isfinite(J.x()) ? J.y() : J.x()) : e.checks[bad - 1].residual;
    const std::string what = fmt::format("{} of vehicle {}'s event against {}", field, e.contact.vehicle,
                                         e.contact.other == kStaticScene ? std::string("the scene")
                                                                         : "vehicle " + std::to_string(e.contact.other));
    // The event is reported by the message; results keep only numbers.
    events.truncate(finite_checked_upto_);
    return stop(what, value);
  }
  return !result_.failure.empty();
}

}  // namespace crashbench
