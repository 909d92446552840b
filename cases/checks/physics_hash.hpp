#pragma once
// A 64-bit fingerprint of what a case computed: equal hashes mean the same physics bit for bit (the
// determinism convention: the same case gives the same numbers whatever the run or the thread count).
// Timings, names and file paths are left out; everything the dynamics, detector and model produced is in.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "cases/run_result.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench {

/// FNV-1a, 64-bit, over the raw bytes of each value fed to it (doubles by their bit pattern, so 0.0
/// and -0.0, or two NaN payloads, differ). Fields are fed one by one: struct padding never enters.
class PhysicsHasher {
 public:
  void add_bytes(const void* data, std::size_t size);
  void add(double x) { add_bytes(&x, sizeof x); }
  void add(std::int64_t n) { add_bytes(&n, sizeof n); }
  void add(const Vec2& v) { add(v.x()), add(v.y()); }
  void add(const PlanarState& s);
  void add(const Body& b);
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = 14695981039346656037ULL;  // FNV-1a 64-bit offset basis
};

/// Hash of `result`'s physics: the case status, step count, every recorded trajectory sample, every
/// event (step, contact, resolution, pre and post bodies, invariant verdicts and residuals) and each
/// vehicle's full final state vector `final_states` (roll entries included).
std::uint64_t physics_hash(const RunResult& result, std::span<const StateVector> final_states);

/// 16 lower-case hex digits, as results.json stores the hash.
std::string physics_hash_hex(std::uint64_t hash);
/// The inverse of physics_hash_hex; nullopt unless `text` is exactly 16 hex digits.
std::optional<std::uint64_t> parse_physics_hash(std::string_view text);

}  // namespace crashbench
