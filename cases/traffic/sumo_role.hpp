#pragma once
// Who drives a vehicle of a traffic case, as the phases that pair vehicles need to know it. SUMO's
// vehicles cannot see crashbench's wrecks (SUMO never learns of a released vehicle): unless the case asks
// for secondary impacts, a vehicle on its SUMO path and a released one pass through each other, as they
// do in SUMO, and neither detection nor the no_tunnelling check pairs them. A vehicle released while
// inside a wreck it was passing through goes on passing through it until they part.
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace crashbench {

enum class SumoRole : std::uint8_t {
  kNone,      ///< not SUMO's (a case's own vehicle), or released while secondary impacts are on
  kOnPath,    ///< driven by its FCD
  kReleased,  ///< released by a contact: its dynamics drive it
};

class PassingPairs {
 public:
  /// Per vehicle; all kNone without traffic.
  std::vector<SumoRole> roles;

  /// True when vehicles `a` and `b` pass through each other: one on its SUMO path and the other released,
  /// or a pair that overlapped so in this step or the last and has not parted since.
  bool passes(int a, int b) const {
    const auto ra = roles[static_cast<std::size_t>(a)], rb = roles[static_cast<std::size_t>(b)];
    if ((ra == SumoRole::kOnPath && rb == SumoRole::kReleased) || (ra == SumoRole::kReleased && rb == SumoRole::kOnPath))
      return true;
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    return std::binary_search(now_.begin(), now_.end(), key) || std::binary_search(before_.begin(), before_.end(), key);
  }
  /// A new step: this step's overlapping pairs become the last step's.
  void begin_step() {
    std::swap(now_, before_);
    now_.clear();
  }
  /// `a` and `b` overlap this step and pass through each other.
  void overlapping(int a, int b) {
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    const auto at = std::lower_bound(now_.begin(), now_.end(), key);
    if (at == now_.end() || *at != key) now_.insert(at, key);
  }

 private:
  std::vector<std::pair<int, int>> now_, before_;  ///< (lower, higher), sorted
};

}  // namespace crashbench
