#include "cases/checks/physics_hash.hpp"

#include <fmt/format.h>

#include <charconv>

namespace crashbench {
namespace {

void add_contact(PhysicsHasher& h, const Contact& c) {
  h.add(std::int64_t{c.vehicle}), h.add(std::int64_t{c.other}), h.add(std::int64_t{c.feature});
  h.add(c.point_W), h.add(c.normal_W), h.add(c.depth);
}

void add_end_state(PhysicsHasher& h, const ImpactEndState& s) {
  h.add(s.velocity_B), h.add(s.yaw_rate), h.add(s.roll_rate);
}

void add_resolution(PhysicsHasher& h, const ResolutionRecord& r, const ImpactEnd& end) {
  h.add(r.impulse.linear_W), h.add(r.impulse.point_W);
  h.add(r.restitution), h.add(r.mu_used), h.add(r.energy_kept_target), h.add(r.angle_of_attack);
  h.add(static_cast<std::int64_t>(r.status));
  h.add(end.duration);
  add_end_state(h, end.a), add_end_state(h, end.b);
}

void add_event(PhysicsHasher& h, const RunResult& result, const ImpactEvent& e) {
  const OtherBody* other = result.other_of(e);
  h.add(std::int64_t{e.step}), h.add(e.time), h.add(std::int64_t{e.impact});
  add_contact(h, e.contact);
  add_resolution(h, e.resolution, result.end_of(e));
  h.add(e.mu_limit);
  h.add(e.pre_a), h.add(e.post_a);
  // The second body exists only against another vehicle.
  if (other) h.add(other->pre), h.add(other->post);
  // Each check with the tolerance it was made against (0 where it was not made), as when events kept them.
  const Tolerances& tolerances = result.tolerances_of(e);
  for (std::size_t i = 0; i < kInvariantCount; ++i) {
    const InvariantCheck c = e.checks[i];
    const bool made = c.verdict != Verdict::kNotApplicable;
    h.add(c.residual), h.add(made ? tolerances.of(static_cast<Invariant>(i)) : 0.0);
    h.add(static_cast<std::int64_t>(c.verdict));
  }
}

}  // namespace

void PhysicsHasher::add_bytes(const void* data, std::size_t size) {
  constexpr std::uint64_t kPrime = 1099511628211ULL;  // FNV-1a 64-bit prime
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) hash_ = (hash_ ^ bytes[i]) * kPrime;
}

void PhysicsHasher::add(const PlanarState& s) { add(s.position_W), add(s.heading), add(s.velocity_W), add(s.yaw_rate); }

void PhysicsHasher::add(const Body& b) { add(b.mass), add(b.yaw_inertia), add(b.state); }

std::uint64_t physics_hash(const RunResult& result, std::span<const StateVector> final_states) {
  PhysicsHasher h;
  h.add(static_cast<std::int64_t>(result.status));
  h.add(std::int64_t{result.steps}), h.add(std::int64_t{result.impacts});
  for (double t : result.sample_times) h.add(t);
  for (const VehicleTrack& track : result.tracks)
    for (const PlanarState& s : track.states) h.add(s);
  h.add(static_cast<std::int64_t>(result.events.size()));
  for (const ImpactEvent& e : result.events) add_event(h, result, e);
  h.add(static_cast<std::int64_t>(final_states.size()));
  for (const StateVector& x : final_states)
    for (Eigen::Index i = 0; i < x.size(); ++i) h.add(x[i]);
  return h.value();
}

std::string physics_hash_hex(std::uint64_t hash) { return fmt::format("{:016x}", hash); }

std::optional<std::uint64_t> parse_physics_hash(std::string_view text) {
  if (text.size() != 16) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace crashbench
