#include "detectors/broadphase/step_pairs.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace crashbench {

double corner_reach(const RectangleSize& s) {
  // Asked for every vehicle a step, and fleets are mostly of one size: each thread keeps its last answer,
  // which spares the hypot (about 15 ns) with the same bits.
  thread_local RectangleSize last{std::numeric_limits<double>::quiet_NaN(), 0, 0};
  thread_local double reach = 0;
  if (s.cg_to_front != last.cg_to_front || s.cg_to_rear != last.cg_to_rear || s.width != last.width) {
    last = s;
    reach = std::hypot(std::max(s.cg_to_front, s.cg_to_rear), 0.5 * s.width);
  }
  return reach;
}

double pose_motion(const VehiclePose& a, const VehiclePose& b) {
  return (b.position_W - a.position_W).norm() + std::abs(b.heading - a.heading) * corner_reach(b.size);
}

namespace {

/// How far a step box may move before the grid runs again [m]: a car at 30 m/s, 0.15 m a step at 200 Hz,
/// keeps the candidates for 13 steps. Traffic, 10,000 cars over 800 steps: 58 grid runs and 5,448
/// candidates to test a step; at 1 m 115 runs and 4,103. A run costs about 0.5 ms on the stepping thread
/// (a profile of threads_bench), a step's candidate tests about 10 us.
constexpr double kCoherenceMargin = 2.0;
/// Added to a step box beyond what the sweep's growth and the bounds' own 1 um need [m]: rounding in the
/// interpolated poses must not put a tested rectangle outside it.
constexpr double kStepBoxSlack = 1e-5;

/// A vehicle's box over the step from `a` (its rectangle's bounds `at_start`) to `b` (`at_end`): both
/// rectangles' own bounds, and around the CG's path (where every pose between lies) the corner farthest
/// from the CG of a rectangle grown by as much as the sweep grows one (half the step's motion): every
/// rectangle the sweep tests, and the no_tunnelling check's reach.
Box2 step_box(const VehiclePose& a, const Box2& at_start, const VehiclePose& b, const Box2& at_end) {
  const RectangleSize& s = b.size;
  const double growth = 0.5 * pose_motion(a, b);
  // The box needs only an upper bound: the slack covers a square root's rounding, dearer hypot's is not needed.
  const double x = std::max({s.cg_to_front, s.cg_to_rear, a.size.cg_to_front, a.size.cg_to_rear}) + growth;
  const double y = 0.5 * std::max(s.width, a.size.width) + growth;
  const double r = std::sqrt(x * x + y * y) + kStepBoxSlack;
  const Vec2 around = Vec2::Constant(r);
  const Vec2& p0 = a.position_W;
  const Vec2& p1 = b.position_W;
  return {at_start.lo.cwiseMin(at_end.lo).cwiseMin(p0.cwiseMin(p1) - around),
          at_start.hi.cwiseMax(at_end.hi).cwiseMax(p0.cwiseMax(p1) + around)};
}

Box2 bounds_of(const VehiclePose& pose) {
  Box2 box;
  rectangle_bounds(pose, box.lo, box.hi);
  return box;
}

}  // namespace

void StepPairs::reserve(int vehicle_count, int threads) {
  const std::size_t n = static_cast<std::size_t>(std::max(vehicle_count, 0));
  versioned_pose_.reserve(n);
  versions_.reserve(n);
  compared_in_.reserve(n);
  verdicts_.reserve(8 * n);
  boxes_.reserve(n);
  end_bounds_.reserve(n);
  broad_.reserve(vehicle_count, threads);
  rects_.reserve(vehicle_count);
}

void StepPairs::find(std::span<const VehiclePose> start, std::span<const VehiclePose> end, DetectorStats& stats,
                     VehicleRanges* ranges) {
  boxes_.resize(end.size());
  end_bounds_.resize(end.size());
  if (end.size() < 2) {  // no pair: a lone car's step box (two placed rectangles) would be paid for nothing
    std::fill(boxes_.begin(), boxes_.end(), Box2{});
    std::fill(end_bounds_.begin(), end_bounds_.end(), PlacedBounds{});
    return broad_.find_coherent(boxes_, kCoherenceMargin, stats);
  }
  constexpr std::size_t kChunk = 256;  // each vehicle's box its own: a thread done early takes the others' chunks
  for_chunks(ranges, end.size(), kChunk, [&](int, std::size_t first, std::size_t last) {
    for (std::size_t v = first; v < last; ++v) {
      PlacedBounds& placed = end_bounds_[v];
      const Box2 at_start = placed.at(start[v]) ? placed.box : bounds_of(start[v]);
      placed = {true, end[v].position_W, end[v].heading, end[v].size, bounds_of(end[v])};
      boxes_[v] = step_box(start[v], at_start, end[v], placed.box);
    }
  });
  broad_.find_coherent(boxes_, kCoherenceMargin, stats, ranges);
}

bool StepPairs::PlacedBounds::at(const VehiclePose& pose) const {
  const auto same = [](const auto& x, const auto& y) { return std::memcmp(&x, &y, sizeof x) == 0; };
  return made && same(position_W, pose.position_W) && same(heading, pose.heading) && same(size, pose.size);
}

void StepPairs::begin_verdicts(std::size_t vehicle_count) {
  if (verdicts_grid_run_ != broad_.grid_runs()) {
    verdicts_.assign(broad_.candidate_count(), Verdict{});
    verdicts_grid_run_ = broad_.grid_runs();
  }
  if (versions_.size() != vehicle_count) {
    // A pose no call gives (NaN bits), and versions from 1: nothing matches a verdict never filled.
    VehiclePose never;
    never.position_W = Vec2::Constant(std::numeric_limits<double>::quiet_NaN());
    versioned_pose_.assign(vehicle_count, never);
    versions_.assign(vehicle_count, 1);
    compared_in_.assign(vehicle_count, 0);
    std::fill(verdicts_.begin(), verdicts_.end(), Verdict{});
  }
  ++call_;
}

std::uint64_t StepPairs::version(std::span<const VehiclePose> poses, int v) {
  const auto i = static_cast<std::size_t>(v);
  if (compared_in_[i] != call_) {
    compared_in_[i] = call_;
    // Bits, not values: -0.0 and 0.0 compare equal but may place a rectangle differently in the last bit.
    // The fields that place the rectangle, the first eight doubles; the kept forward vector and its angle
    // follow them (padded to 12 doubles by the Vec2's 16-byte alignment).
    constexpr std::size_t kPlacing = 8 * sizeof(double);
    static_assert(sizeof(VehiclePose) == kPlacing + 4 * sizeof(double), "VehiclePose's placing fields have moved");
    if (std::memcmp(&poses[i], &versioned_pose_[i], kPlacing) != 0) {
      versioned_pose_[i] = poses[i];
      ++versions_[i];
    }
  }
  return versions_[i];
}

bool StepPairs::holds(std::span<const Box2> boxes, VehicleRanges* ranges) const {
  return all_inside(boxes, boxes_, ranges);
}

int StepPairs::index_of(int a, int b, std::size_t& cursor) const {
  const std::vector<std::pair<int, int>>& pairs = candidates();
  const std::pair<int, int> key{a, b};
  // Galloping on from the last lookup, so that a sorted list of lookups walks the candidates once; behind
  // the cursor, a binary search over all of them.
  std::size_t lo = cursor, hi = pairs.size();
  if (lo > hi || (lo > 0 && pairs[lo - 1] >= key)) lo = 0;
  std::size_t step = 1;
  for (; lo + step <= hi && pairs[lo + step - 1] < key; step *= 2) lo += step;
  const auto first = pairs.begin() + static_cast<std::ptrdiff_t>(lo);
  const auto at = std::lower_bound(first, first + static_cast<std::ptrdiff_t>(std::min(step, hi - lo)), key);
  cursor = static_cast<std::size_t>(at - pairs.begin());
  if (at == pairs.end() || *at != key) return -1;
  return static_cast<int>(cursor++);
}

}  // namespace crashbench
