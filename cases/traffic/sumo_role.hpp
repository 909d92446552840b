#pragma once
// Who drives a vehicle of a traffic case, as the phases that pair vehicles need to know it. SUMO's
// vehicles cannot see crashbench's wrecks (SUMO never learns of a released vehicle): unless the case asks
// for secondary impacts, a vehicle on its SUMO path and a released one pass through each other, as they
// do in SUMO, and neither detection nor the no_tunnelling check pairs them. So do two vehicles on their
// SUMO paths driving across each other where two roads cross outside a junction at one height: a bridge
// the network draws flat, whose vehicles SUMO never lets meet. A vehicle released while inside a wreck it
// was passing through goes on passing through it until they part.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "detectors/geometry/geometry.hpp"

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
  /// Where the scene's roads cross outside junctions at one height (Scene::flat_crossings).
  std::vector<FlatCrossingZone> flat_crossings;
  /// Pairs of vehicles on their SUMO paths that passed through each other at a flat crossing (counted once
  /// per pair as it starts).
  long long flat_crossing_passes = 0;

  /// True when vehicles `a` and `b` (at `poses[a]`, `poses[b]`) pass through each other: one on its SUMO
  /// path and the other released, both on their paths crossing flat (crossing_flat), or a pair that
  /// overlapped so in this step or the last and has not parted since.
  bool passes(int a, int b, std::span<const VehiclePose> poses) const {
    const auto ra = roles[static_cast<std::size_t>(a)], rb = roles[static_cast<std::size_t>(b)];
    if ((ra == SumoRole::kOnPath && rb == SumoRole::kReleased) || (ra == SumoRole::kReleased && rb == SumoRole::kOnPath))
      return true;
    if (on_paths_crossing_flat(a, b, poses)) return true;
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    return std::binary_search(now_.begin(), now_.end(), key) || std::binary_search(before_.begin(), before_.end(), key);
  }
  /// True when `a` and `b` drive across each other (headings more than 20 deg apart, either way round)
  /// with the middle of their CGs within a flat crossing's reach.
  bool crossing_flat(const VehiclePose& a, const VehiclePose& b) const {
    if (flat_crossings.empty() || std::abs(std::sin(a.heading - b.heading)) < kLeastCrossingSine) return false;
    const Vec2 middle = 0.5 * (a.position_W + b.position_W);
    return std::any_of(flat_crossings.begin(), flat_crossings.end(),
                       [&](const FlatCrossingZone& z) { return (z.at_W - middle).norm() <= z.reach; });
  }
  /// A new step: this step's overlapping pairs become the last step's.
  void begin_step() {
    std::swap(now_, before_);
    now_.clear();
  }
  /// `a` and `b` overlap this step and pass through each other; a pair of vehicles on their paths that
  /// starts passing at a flat crossing (it did not in the last step) counts in flat_crossing_passes.
  void overlapping(int a, int b, std::span<const VehiclePose> poses) {
    const std::pair<int, int> key{std::min(a, b), std::max(a, b)};
    const auto at = std::lower_bound(now_.begin(), now_.end(), key);
    if (at != now_.end() && *at == key) return;
    now_.insert(at, key);
    if (!std::binary_search(before_.begin(), before_.end(), key) && on_paths_crossing_flat(a, b, poses)) ++flat_crossing_passes;
  }

 private:
  /// Both on their SUMO paths and crossing_flat.
  bool on_paths_crossing_flat(int a, int b, std::span<const VehiclePose> poses) const {
    const auto i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
    return roles[i] == SumoRole::kOnPath && roles[j] == SumoRole::kOnPath && crossing_flat(poses[i], poses[j]);
  }

  std::vector<std::pair<int, int>> now_, before_;  ///< (lower, higher), sorted
};

}  // namespace crashbench
