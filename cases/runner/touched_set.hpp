#pragma once
// The vehicles of a step's impacts, each once, and what the impact pass keeps for each. A step of 10,000
// cars has a few dozen: begin_step() resets only the last step's members, so a step costs its contacts,
// not its vehicles.
#include <span>
#include <vector>

#include "core/vehicle.hpp"

namespace crashbench {

class TouchedSet {
 public:
  /// What the impact pass keeps per vehicle. Outside the set: first_toi 2 (none), impact_toi 1 (none).
  struct Touch {
    double first_toi = 2;           ///< its earliest closing contact this step [step fraction], 2 = none
    double impact_toi = 1;          ///< when its impulses acted [step fraction], 1 = none
    Body body;                      ///< members: the body with this step's impulses applied so far
    Vec2 impulse = Vec2::Zero();    ///< members: sum of this step's impulses [N s]
    double angular_impulse = 0;     ///< members: their moment about the CG [N m s]
    bool member = false;
  };

  explicit TouchedSet(std::size_t vehicles) : touches_(vehicles) { members_.reserve(vehicles); }

  /// A new step: the last step's members leave with their times reset; nobody else holds any.
  void begin_step() {
    for (const int v : members_) touches_[static_cast<std::size_t>(v)] = Touch{};
    members_.clear();
  }
  /// Makes `v` a member with zero impulse sums, its body for the caller to set; false (and nothing
  /// changed) if it is one.
  bool join(int v) {
    Touch& t = touches_[static_cast<std::size_t>(v)];
    if (t.member) return false;
    t.member = true;
    t.impulse.setZero();
    t.angular_impulse = 0;
    members_.push_back(v);
    return true;
  }
  Touch& operator[](std::size_t v) { return touches_[v]; }
  const Touch& operator[](std::size_t v) const { return touches_[v]; }
  /// The members in the order they joined.
  std::span<const int> members() const { return members_; }

 private:
  std::vector<Touch> touches_;
  std::vector<int> members_;
};

}  // namespace crashbench
