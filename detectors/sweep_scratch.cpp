// SweepScratch sized once for a run's vehicles, so that sweeping allocates nothing per step.
#include <algorithm>

#include "detectors/swept.hpp"

namespace crashbench {

void SweepScratch::prepare(int vehicle_count, int threads) {
  const std::size_t n = static_cast<std::size_t>(std::max(vehicle_count, 1));
  poses.reserve(n);
  ids.reserve(n);
  involved.assign(n, 0);
  skippable.reserve(n);
  clear.reserve(n);
  for (auto* v : {&found, &grown, &start, &result, &last_end_contacts}) v->reserve(16 * n);
  for (auto* v : {&found_pair, &grown_pair, &start_pair, &end_pair, &key_of_pair, &start_of_pair}) v->reserve(16 * n);
  for (auto* v : {&scene_keys, &start_scene}) v->reserve(16 * n);
  all_poses.reserve(n);
  grown_poses.reserve(n);
  own_pairs.reserve(static_cast<int>(n));
  motion.reserve(n);
  growth.reserve(n);
  last_end.reserve(n);
  last_end.clear();
  keys.reserve(16 * n);
  searches.resize(static_cast<std::size_t>(std::max(threads, 1)));
  substep_bounds.resize(searches.size());
  for (Search& search : searches) {
    search.poses.reserve(2);
    search.found.reserve(64);
    search.intervals.reserve(kSweepQueryBudget);
    search.closest.reserve(kSweepQueryBudget);
    search.searched.reserve(kSweepQueryBudget);
    search.touches.reserve(16 * n);
  }
  lookups.reserve(16 * n);
  key_index.reserve(static_cast<int>(n), 16 * n);
  start_index.reserve(static_cast<int>(n), 16 * n);
}

}  // namespace crashbench
