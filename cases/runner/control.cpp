#include "cases/runner/control.hpp"

#include <fmt/format.h>

#include "cases/driving/path_follower.hpp"
#include "cases/driving/replay_log.hpp"

namespace crashbench {
namespace {

/// A path follower steering by the axles the dynamics model gives (the loader refuses a model without).
std::unique_ptr<PathFollower> follower(const FollowSpec& spec, const VehicleParams& p, const VehicleDynamics& model) {
  const std::optional<AxlePositions> axles = model.axles(p);
  if (!axles) throw Error("", "/dynamics", fmt::format("dynamics '{}' gives no axles to steer by along a path", model.name()));
  return std::make_unique<PathFollower>(spec, p.mass, *axles);
}

}  // namespace

Control::Control(const Case& c) : case_(c) {
  const std::size_t n = c.vehicles.size();
  // Held by the control module until its cut; on a path, the path also gives the held speed.
  controlled_.assign(n, c.control.gain > 0 || c.control.path_curvature.has_value());
  if (c.control.path_curvature)
    for (const VehicleSetup& v : c.vehicles) paths_.emplace_back(v.initial, *c.control.path_curvature);
  travelled_.assign(n, 0.0);
  const std::unique_ptr<VehicleDynamics> dynamics = make_dynamics(JsonReader(c.dynamics_params, c.source_file, "/dynamics"));
  for (std::size_t v = 0; v < n; ++v) {
    const VehicleSetup& setup = c.vehicles[v];
    replays_.push_back(setup.replay.get());
    // A follower drives itself, never cut: the case's control module leaves it alone.
    followers_.push_back(setup.follow ? follower(*setup.follow, setup.params, *dynamics) : nullptr);
    any_follower_ = any_follower_ || followers_.back() != nullptr;
    if (setup.follow) controlled_[v] = false;
  }
  released_.assign(n, 0);
  if (!c.traffic) return;
  first_traffic_ = c.traffic->first_vehicle;
  std::vector<double> cg_to_front;
  for (std::size_t v = first_traffic_; v < n; ++v) cg_to_front.push_back(c.vehicles[v].params.body.cg_to_front);
  traffic_ = std::make_unique<TrafficStream>(*c.traffic, std::move(cg_to_front));
  sumo_end_.resize(n - first_traffic_);
}

void Control::begin_step(Fleet& fleet, double t_end) {
  if (!traffic_) return;
  traffic_->advance_to(t_end);
  for (std::size_t v = first_traffic_; v < fleet.size(); ++v) {
    if (released_[v]) continue;
    const std::size_t i = v - first_traffic_;
    PlanarState now;
    const bool present = traffic_->state_at(i, t_end, now);
    sumo_end_[i] = present ? std::optional(to_state_vector(now)) : std::nullopt;
    if (present == static_cast<bool>(fleet.present[v])) continue;
    fleet.present[v] = present;
    PlanarState parked;
    parked.position_W = case_.traffic->parking_spot(i);
    // The integration takes this as the step's start too: an entry or exit is no motion to sweep.
    fleet.x[v] = present ? *sumo_end_[i] : to_state_vector(parked);
  }
}

void Control::set_inputs(Fleet& fleet, VehicleRanges& threads) const {
  const bool hold_speed = case_.control.gain > 0 && !all_cut_;
  if (!hold_speed && !any_follower_) return;
  // Each vehicle's input from its own state (and its own follower): in chunks on the threads.
  constexpr std::size_t kChunk = 512;
  for_chunks(&threads, fleet.size(), kChunk, [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t v = begin; v < end; ++v) {
      if (hold_speed && controlled_[v]) {
        const double held = case_.vehicles[v].initial.velocity_W.norm();
        const double forward_speed = to_planar_state(fleet.x[v]).velocity_B().x();
        fleet.input[v].drive_force = case_.vehicles[v].drive_force + case_.control.gain * (held - forward_speed);
      }
      if (followers_[v]) followers_[v]->drive(to_planar_state(fleet.x[v]), fleet.input[v]);
    }
  });
}

bool Control::move_kinematic(std::size_t v, double t_end, StateVector& x) {
  if (sumo_driven(v)) {  // where begin_step read SUMO has it at t_end; absent: stays parked
    if (const auto& end = sumo_end_[v - first_traffic_]) x = *end;
    return true;
  }
  if (replays_[v]) {
    x = to_state_vector(replays_[v]->at(t_end));
    return true;
  }
  if (!kinematic(v)) return false;
  travelled_[v] += paths_[v].speed() * case_.dt;
  x = to_state_vector(paths_[v].at(travelled_[v]));
  return true;
}

void Control::cut_after(const Contact& c, Fleet& fleet) {
  for (const int v : {c.vehicle, c.other})
    if (v != kStaticScene && sumo_driven(static_cast<std::size_t>(v))) {
      released_[static_cast<std::size_t>(v)] = 1;
      fleet.passing.roles[static_cast<std::size_t>(v)] = case_.traffic->secondary_impacts ? SumoRole::kNone : SumoRole::kReleased;
    }
  // Without control, or once every vehicle's is cut, a contact changes nothing: O(1) per contact.
  const bool has_control = case_.control.gain > 0 || case_.control.path_curvature.has_value();
  if (!has_control || all_cut_ || case_.control.cut == ControlModule::Cut::kNever) return;
  const auto cut = [&](int v) {
    if (v == kStaticScene) return;
    controlled_[static_cast<std::size_t>(v)] = false;
    fleet.input[static_cast<std::size_t>(v)].drive_force = case_.vehicles[static_cast<std::size_t>(v)].drive_force;
  };
  if (case_.control.cut == ControlModule::Cut::kOwnImpact) {
    cut(c.vehicle);
    cut(c.other);
    return;
  }
  // The first impact cuts every vehicle, once per run; later contacts return above.
  for (std::size_t v = 0; v < fleet.size(); ++v) cut(static_cast<int>(v));
  all_cut_ = true;
}

}  // namespace crashbench
