#pragma once
// The vehicle pairs of one step, found once and read by every pass over the run's vehicle pairs (issue 29):
// the detect phase's pairs at the end poses, the sweep's queries over all vehicles (its tested poses and
// the grown queries that certify the intervals between them) and the no_tunnelling check. A thousand cars
// at one point touch in half a million pairs; each of those passes ran a broad phase of its own.
//
// A candidate is a pair whose step boxes meet, a vehicle's step box holding every rectangle the sweep
// tests between its start and end poses, grown as the sweep grows them, and the no_tunnelling check's box
// (the CG path widened by the reach). A pass over the candidates then tests each pair's boxes at its own
// poses, as VehiclePairs' grid would, and finds the same pairs in the same order. The grid's candidates
// are kept while every box stays within a margin of where the grid saw it (BoxPairs::find_coherent).
// Allocates nothing once sized.
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "detectors/vehicle_pairs.hpp"

namespace crashbench {

/// How far any point of a rectangle moves from pose `a` to pose `b` at most [m]: the CG's path plus the
/// turn times the farthest corner's distance (b's size).
double pose_motion(const VehiclePose& a, const VehiclePose& b);

class StepPairs {
 public:
  void reserve(int vehicle_count);
  /// The candidates of the step from `start` to `end` (the same vehicles, same order), ascending; the box
  /// tests count in stats.nodes_visited.
  void find(std::span<const VehiclePose> start, std::span<const VehiclePose> end, DetectorStats& stats);
  const std::vector<std::pair<int, int>>& candidates() const { return broad_.pairs(); }
  /// True if find()'s step boxes hold `boxes` (one per vehicle): every pair of them that meets is then a
  /// candidate.
  bool holds(std::span<const Box2> boxes) const;
  /// Index of (a, b) among candidates(), or -1. `cursor` (start at 0) is where the last lookup ended:
  /// lookups in ascending order cost O(1) each, any order stays right.
  int index_of(int a, int b, std::size_t& cursor) const;

  /// Appends the contacts of the candidates at `poses` (by vehicle index, as VehiclePairs gives them for
  /// the same poses: in candidate order, vehicle = a, other = b) of the pairs that pass both box and
  /// exact tests. `selected`: per vehicle, only pairs of two selected vehicles (empty: every vehicle).
  /// Candidate i is not tested where skip(i). `index`, if given, gets each contact's candidate index.
  template <class Skip>
  void contacts(std::span<const VehiclePose> poses, std::span<const char> selected, Skip skip,
                std::vector<Contact>& out, std::vector<int>* index, DetectorStats& stats) {
    rects_.begin(poses.size());
    const std::vector<std::pair<int, int>>& pairs = candidates();
    int box_tests = 0;  // counted here, not through `stats`, which the compiler must keep in memory
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const auto [a, b] = pairs[i];
      if (!selected.empty() && !(selected[static_cast<std::size_t>(a)] && selected[static_cast<std::size_t>(b)])) continue;
      if (skip(i)) continue;
      ++box_tests;
      const Box2 &box_a = rects_.box(poses, a), &box_b = rects_.box(poses, b);
      if (!boxes_overlap(box_a.lo, box_a.hi, box_b.lo, box_b.hi)) continue;
      if (append_pair_contact(rects_, poses, a, b, out, stats) && index) index->push_back(static_cast<int>(i));
    }
    stats.nodes_visited += box_tests;
  }
  void contacts(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
    contacts(poses, {}, [](std::size_t) { return false; }, out, nullptr, stats);
  }

 private:
  std::vector<Box2> boxes_;  // per vehicle: its step box
  BoxPairs broad_;
  QueryRectangles rects_;
};

}  // namespace crashbench
