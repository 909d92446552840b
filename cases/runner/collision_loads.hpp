#pragma once
// Force application (Knight, chapter 5): a vehicle's impulses of one step reach it as a constant force
// J/dt and moment over the next. The impact pass sets them in the fleet's inputs, the next step's
// integration applies them, and the audit after it checks what they did: this says which vehicles hold one
// at each of those moments, so that none of the three scans every vehicle.
#include <span>
#include <vector>

#include "cases/runner/fleet.hpp"

namespace crashbench {

class CollisionLoads {
 public:
  explicit CollisionLoads(std::size_t vehicles) {
    held_.reserve(vehicles);
    applied_.reserve(vehicles);
  }
  /// The impact pass: the loads held so far are spent (zeroed in the fleet's inputs); `vehicles` hold the
  /// ones the caller sets now.
  void replace(std::span<const int> vehicles, Fleet& fleet) {
    for (const int v : held_) {
      fleet.input[static_cast<std::size_t>(v)].collision_force_W.setZero();
      fleet.input[static_cast<std::size_t>(v)].collision_moment = 0;
    }
    held_.assign(vehicles.begin(), vehicles.end());
  }
  /// The integration is about to apply the held loads: they become the ones to audit after it.
  void begin_integration() { applied_.assign(held_.begin(), held_.end()); }
  /// The vehicles whose load the last integration applied.
  std::span<const int> applied() const { return applied_; }

 private:
  std::vector<int> held_;     ///< in the fleet's inputs now
  std::vector<int> applied_;  ///< held_ as the last integration found it
};

}  // namespace crashbench
