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
//
// Sleeping pairs: each grid candidate keeps its last verdict (touching, and the contact) with the versions
// of its two vehicles' poses then; a vehicle's version moves on whenever a call gives it a pose that differs
// from the last one in any bit. While neither has moved, the verdict is reused: rectangle_contact is a
// function of the two poses alone, so the answer is the same bits. Parked cars, or a crowd at rest, are
// tested once; moving cars pay a pose comparison per call.
// Allocates nothing once sized.
#include <cstdint>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "detectors/broadphase/vehicle_pairs.hpp"
#include "core/vehicle_ranges.hpp"

namespace crashbench {

/// How far any point of a rectangle moves from pose `a` to pose `b` at most [m]: the CG's path plus the
/// turn times the farthest corner's distance (b's size).
double pose_motion(const VehiclePose& a, const VehiclePose& b);
/// Largest distance from the CG to a corner of a rectangle of size `s` [m].
double corner_reach(const RectangleSize& s);

class StepPairs {
 public:
  /// Sizes for `vehicle_count` vehicles, paired on up to `threads` threads.
  void reserve(int vehicle_count, int threads = 1);
  /// The candidates of the step from `start` to `end` (the same vehicles, same order), ascending; the box
  /// tests count in stats.nodes_visited. `ranges`: threads for the vehicles' step boxes and the grid's
  /// pairing.
  void find(std::span<const VehiclePose> start, std::span<const VehiclePose> end, DetectorStats& stats,
            VehicleRanges* ranges = nullptr);
  const std::vector<std::pair<int, int>>& candidates() const { return broad_.pairs(); }
  /// True if find()'s step boxes hold `boxes` (one per vehicle): every pair of them that meets is then a
  /// candidate. `ranges`: threads to test on.
  bool holds(std::span<const Box2> boxes, VehicleRanges* ranges = nullptr) const;
  /// Index of (a, b) among candidates(), or -1. `cursor` (start at 0) is where the last lookup ended:
  /// lookups in ascending order cost O(1) each, any order stays right.
  int index_of(int a, int b, std::size_t& cursor) const;

  /// Appends the contacts of the candidates at `poses` (by vehicle index, as VehiclePairs gives them for
  /// the same poses: in candidate order, vehicle = a, other = b) of the pairs that pass both box and
  /// exact tests. `selected`: per vehicle, only pairs of two selected vehicles (empty: every vehicle).
  /// Candidate i is not tested where skip(i). `index`, if given, gets each contact's candidate index.
  /// A pair whose verdict is reused (sleeping pairs) counts in neither stat: no test ran.
  template <class Skip>
  void contacts(std::span<const VehiclePose> poses, std::span<const char> selected, Skip skip,
                std::vector<Contact>& out, std::vector<int>* index, DetectorStats& stats) {
    rects_.begin(poses.size());
    begin_verdicts(poses.size());
    const std::vector<std::pair<int, int>>& pairs = candidates();
    const std::vector<int>& candidate = broad_.candidate_of_pair();
    int box_tests = 0;  // counted here, not through `stats`, which the compiler must keep in memory
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const auto [a, b] = pairs[i];
      if (!selected.empty() && !(selected[static_cast<std::size_t>(a)] && selected[static_cast<std::size_t>(b)])) continue;
      if (skip(i)) continue;
      Verdict& verdict = verdicts_[static_cast<std::size_t>(candidate[i])];
      const std::uint64_t version_a = version(poses, a), version_b = version(poses, b);
      if (verdict.version_a != version_a || verdict.version_b != version_b) {
        verdict = {version_a, version_b, false, {}};
        ++box_tests;
        const Box2 &box_a = rects_.box(poses, a), &box_b = rects_.box(poses, b);
        if (boxes_overlap(box_a.lo, box_a.hi, box_b.lo, box_b.hi) && append_pair_contact(rects_, poses, a, b, out, stats))
          verdict.touching = true, verdict.contact = out.back();
        if (verdict.touching && index) index->push_back(static_cast<int>(i));
        continue;
      }
      if (!verdict.touching) continue;
      out.push_back(verdict.contact);
      if (index) index->push_back(static_cast<int>(i));
    }
    stats.nodes_visited += box_tests;
  }
  void contacts(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
    contacts(poses, {}, [](std::size_t) { return false; }, out, nullptr, stats);
  }

 private:
  /// A candidate's last verdict, for the poses of the two versions.
  struct Verdict {
    std::uint64_t version_a = 0, version_b = 0;  // 0: never tested (versions start at 1; 64 bits never wrap)
    bool touching = false;
    Contact contact;
  };
  /// Starts a call: the verdicts of another grid run are dropped, and every vehicle's pose is compared
  /// again when first met.
  void begin_verdicts(std::size_t vehicle_count);
  /// `poses[v]`'s version: moved on if it differs in any bit from the pose the version stood for.
  std::uint64_t version(std::span<const VehiclePose> poses, int v);

  std::vector<Verdict> verdicts_;  // per grid candidate
  long long verdicts_grid_run_ = -1;
  std::vector<VehiclePose> versioned_pose_;  // per vehicle: the pose its version stands for
  std::vector<std::uint64_t> versions_;      // per vehicle
  std::vector<std::uint64_t> compared_in_;   // per vehicle: the call that last compared its pose
  std::uint64_t call_ = 0;
  std::vector<Box2> boxes_;  // per vehicle: its step box
  /// A rectangle's bounds (rectangle_bounds) with the pose they were made from: a step starts where the
  /// last one ended, so its start rectangle's bounds are the last end rectangle's, sine and cosine spared.
  struct PlacedBounds {
    bool made = false;
    Vec2 position_W = Vec2::Zero();
    double heading = 0;
    RectangleSize size;
    Box2 box;
    /// Whether `pose` is where these were made, bit for bit (what rectangle_bounds reads).
    bool at(const VehiclePose& pose) const;
  };
  std::vector<PlacedBounds> end_bounds_;  // per vehicle: its end rectangle's in the last find()
  BoxPairs broad_;
  QueryRectangles rects_;
};

}  // namespace crashbench
