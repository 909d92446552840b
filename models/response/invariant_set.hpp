#pragma once
// The invariants the bench can check on an impact event, and the set of them a response model says
// apply to one of its resolutions (the runner's checks read it instead of guessing from placeholders).
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace crashbench {

enum class Invariant : std::uint8_t {
  kLinearMomentum,   ///< m (V2 - V1) = J per body
  kAngularMomentum,  ///< Izz (r2 - r1) = rho x J per body
  kRestitution,      ///< v_n after = -e v_n before at the contact point
  kEnergyRatio,      ///< E2 = P E1
  kNoEnergyGain,     ///< E2 <= E1
  kSystemMomentum,   ///< two bodies: total linear and angular momentum (about the origin) unchanged
  kNoPenetration,    ///< v_n after >= 0
  kFrictionBound,    ///< |J_t| <= mu J_n
  kNoTunnelling,     ///< every step, every vehicle: no CG path crosses a wall or another vehicle's body (a
                     ///< check of the run, cases/checks/tunnelling_check.hpp, never of a resolution)
};
inline constexpr std::size_t kInvariantCount = 9;

/// A set of invariants, one bit each.
class InvariantSet {
 public:
  constexpr InvariantSet() = default;
  constexpr InvariantSet(std::initializer_list<Invariant> members) {
    for (const Invariant i : members) add(i);
  }
  constexpr void add(Invariant i) { bits_ |= bit(i); }
  constexpr void remove(Invariant i) { bits_ &= static_cast<std::uint16_t>(~bit(i)); }
  constexpr bool has(Invariant i) const { return (bits_ & bit(i)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }

 private:
  static constexpr std::uint16_t bit(Invariant i) { return static_cast<std::uint16_t>(1u << static_cast<unsigned>(i)); }
  std::uint16_t bits_ = 0;
};

}  // namespace crashbench
