#pragma once
// One thread's searches of the sweep (detectors/swept.hpp, docs/swept-detection.md): a key's queries at
// fractions of the step, grown or not, the search for a first touch between tested poses and the
// bisection to it, on that thread's detector. What the step measured, which the sweep reads too.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/broadphase/step_pairs.hpp"
#include "detectors/sweep_keys.hpp"
#include "detectors/swept.hpp"

namespace crashbench::sweep_search {

using namespace sweep_keys;

/// `pose` grown by `along` [m] at the front and rear and `across` [m] at each side: it holds every point
/// that lies within those of the rectangle along and across its heading.
inline VehiclePose grown(VehiclePose pose, double along, double across) {
  pose.size.cg_to_front += along;
  pose.size.cg_to_rear += along;
  pose.size.width += 2 * across;
  return pose;
}

/// Added to every growth [m]: rounding in the detectors' tests must not hide a touch at the margin.
inline constexpr double kGrowthSlack = 1e-9;
/// A vehicle pair is proved apart over an interval only by this much more than it can close [m]: far above
/// the rounding of its distance and of the detectors' overlap tests.
inline constexpr double kApartSlack = 1e-6;

/// What the sweep measured of one step, read by it and by its searches alike: each vehicle's poses at the
/// step's start and end, and how far its points move (SweepScratch::motion and growth).
struct StepMotion {
  std::span<const VehiclePose> start, end;
  const SweepScratch& measured;

  /// Vehicle `v`'s pose at fraction `f`; with `span` > 0 grown by what its points move over half of `span`
  /// along and across its heading (measured.growth): it then holds the rectangle's whole sweep over
  /// [f - span/2, f + span/2].
  VehiclePose pose_at(int v, double f, double span) const {
    const VehiclePose p = interpolate(start[v], end[v], f);
    if (!(span > 0)) return p;
    const GrowthRates g = growth_over(v, span);
    return grown(p, g.along, g.across);
  }
  /// What pose_at() grows vehicle `v` by over `span`, along and across its heading [m].
  GrowthRates growth_over(int v, double span) const {
    const GrowthRates& rate = measured.growth[static_cast<std::size_t>(v)];
    return {0.5 * span * rate.along + kGrowthSlack, 0.5 * span * rate.across + kGrowthSlack};
  }
  /// The least that pose_at() grows vehicle `v` by over `span`, in any direction [m].
  double least_growth(int v, double span) const {
    const GrowthRates g = growth_over(v, span);
    return std::min(g.along, g.across);
  }
  /// What the key's vehicles' points move over `width` of the step, at most [m].
  double key_motion(const Key& key, double width) const {
    const double m = measured.motion[static_cast<std::size_t>(key.vehicle)];
    return width * (key.other == kStaticScene ? m : m + measured.motion[static_cast<std::size_t>(key.other)]);
  }
  /// Whether (lo, hi] is narrow enough to stop: kSweepTimeTolerance of the step, and the key's vehicles
  /// move at most kSweepDistanceTolerance over it.
  bool narrow(const Key& key, double lo, double hi) const {
    return hi - lo <= kSweepTimeTolerance && key_motion(key, hi - lo) <= kSweepDistanceTolerance;
  }
  /// How fast the least distance between `key`'s two vehicles can shrink, at most [m per step]: a point
  /// of a rectangle moves at its CG's velocity d plus its turn rate dtheta times its distance from the CG,
  /// so two points close at most |d_a - d_b| + |dtheta_a| r_a + |dtheta_b| r_b (r: the farthest corner).
  double pair_closing(const Key& key) const {
    const auto a = static_cast<std::size_t>(key.vehicle), b = static_cast<std::size_t>(key.other);
    const Vec2 relative = (end[a].position_W - start[a].position_W) - (end[b].position_W - start[b].position_W);
    return relative.norm() + std::abs(end[a].heading - start[a].heading) * corner_reach(end[a].size) +
           std::abs(end[b].heading - start[b].heading) * corner_reach(end[b].size);
  }
  /// Whether `key`'s vehicle pair cannot touch anywhere in [lo, hi]: their rectangles at its middle lie
  /// farther apart than they can close over half of it (conservative advancement's bound). It is the
  /// motion of one car relative to the other that closes them: two cars in one lane close at the
  /// difference of their speeds, where a grown query grows each by all of its own motion.
  bool pair_apart(const Key& key, double lo, double hi) const {
    const double f = 0.5 * (lo + hi);
    const PlacedRectangle a = place_rectangle(pose_at(key.vehicle, f, 0));
    const PlacedRectangle b = place_rectangle(pose_at(key.other, f, 0));
    const double gap = rectangle_gap(a, b);
    return gap > 0.5 * (hi - lo) * pair_closing(key) + kApartSlack;
  }
  /// How much further vehicle `v`'s rectangle at `f`, grown over `span`, reaches along unit `n` [m].
  double grown_reach(int v, double f, double span, const Vec2& n) const {
    const GrowthRates g = growth_over(v, span);
    const double heading = interpolate(start[v], end[v], f).heading;
    const Vec2 forward(std::cos(heading), std::sin(heading));
    return g.along * std::abs(forward.dot(n)) + g.across * std::abs(perp(forward).dot(n));
  }
};

/// One thread's searches for first touches, key by key, through its own detector's probes
/// (Detector::probe: a probe leaves no box, and reads its vehicle's only where every thread's detector
/// reads the same store, so which thread searches a key changes neither what is found nor the work
/// counted). Its queries' work goes to `stats`.
struct KeySearch : StepMotion {
  Detector& detector;
  SweepScratch::Search& own;
  DetectorStats* stats;

  /// The contacts of `key`'s vehicles at fraction `f` into own.found, with run-wide vehicle indices: a
  /// scene key's vehicle against the scene, a pair key's pair alone. With `span` > 0 the rectangles are
  /// grown (pose_at), and a miss certifies that interval.
  void query(const Key& key, double f, double span) {
    own.poses.clear();
    own.poses.push_back(pose_at(key.vehicle, f, span));
    if (key.other != kStaticScene) own.poses.push_back(pose_at(key.other, f, span));  // detectors give vehicle < other
    own.found.clear();
    // What a key matches (sweep_keys::matches): a pair key its pair's contact alone, not the scene's.
    if (key.other == kStaticScene && measured.slots_are_vehicles)
      detector.probe_all_slots(static_cast<std::size_t>(key.vehicle), own.poses, own.found, *stats);
    else if (key.other == kStaticScene)
      detector.probe_all(own.poses, own.found, *stats);
    else
      detector.probe_pairs(own.poses, own.found, *stats);
    for (Contact& c : own.found) {
      c.vehicle = c.vehicle == 0 ? key.vehicle : key.other;
      if (c.other != kStaticScene) c.other = key.other;
      c.toi = f;
    }
  }
  /// Whether `key` touches at `f` (with `span`, anywhere in the span around it: query()); own.found holds
  /// the query's contacts.
  bool touches(const Key& key, double f, double span = 0) {
    query(key, f, span);
    return std::any_of(own.found.begin(), own.found.end(), [&](const Contact& c) { return matches(key, c); });
  }
  /// `key`'s grown query over (lo, hi) (query() at its middle) as an interval to search: `depth`, its
  /// deepest contact (-1: none, the interval is free); `gap`, an estimate of how far apart the ungrown
  /// shapes lie at the middle: a rectangle grown by g along its own axes reaches g (|n.x| + |n.y|) further
  /// along a unit normal n, so a contact's depth less that reach is their gap along its normal (only an
  /// estimate: near a wall's end the depth is measured past the wall's line).
  SweepScratch::Interval grown_interval(const Key& key, double lo, double hi) {
    const double f = 0.5 * (lo + hi), span = hi - lo;
    query(key, f, span);
    SweepScratch::Interval v{lo, hi, -1, std::numeric_limits<double>::infinity()};
    for (const Contact& c : own.found) {
      if (!matches(key, c)) continue;
      v.depth = std::max(v.depth, c.depth);
      const double reach = grown_reach(c.vehicle, f, span, c.normal_W) +
                           (c.other == kStaticScene ? 0.0 : grown_reach(c.other, f, span, c.normal_W));
      v.gap = std::min(v.gap, reach - c.depth);
    }
    return v;
  }
  /// Orders Search::closest: the interval whose shapes lie closest on top.
  bool farther(int a, int b) const {
    return own.intervals[static_cast<std::size_t>(a)].gap > own.intervals[static_cast<std::size_t>(b)].gap;
  }
  /// Files (lo, hi) for the search unless it is free: a vehicle pair proved apart over it (pair_apart, no
  /// query), or a grown query that touches nothing. Only intervals without a touch are spared, so the
  /// search finds the same first touch: the earliest touching middle of the intervals it splits, each
  /// split decided by that interval alone.
  void look_at(const Key& key, double lo, double hi) {
    if (key.other != kStaticScene && pair_apart(key, lo, hi)) return;
    keep(grown_interval(key, lo, hi));
  }
  /// Files `v` for the search if its grown query touches (else it is free).
  void keep(const SweepScratch::Interval& v) {
    if (v.depth < 0) return;
    own.intervals.push_back(v);
    own.searched.push_back(0);
    own.closest.push_back(static_cast<int>(own.intervals.size()) - 1);
    std::push_heap(own.closest.begin(), own.closest.end(), [&](int a, int b) { return farther(a, b); });
  }
  /// The earliest time in (lo, hi] at which `key` touches that the search finds, NaN if none. An interval
  /// whose grown query (which holds the whole sweep over it) touches nothing is free. Where it touches
  /// `depth` deep, the rectangles at its middle lie at least `growth - depth` apart (shrinking a rectangle
  /// by g moves its extent along any direction by at least g, and the contact depth is at least the least
  /// overlap), and the points close that gap no faster than they move: only the interval's two ends,
  /// beyond that, are looked into. Which interval next: by turns the oldest (level by level, so a touch
  /// lasting w of the step is met within about 2/w queries wherever it lies) and the one whose shapes lie
  /// closest (down the valley of the gap to a short dip). A touch found prunes every interval after it.
  /// At most kSweepQueryBudget queries (a car gliding within micrometres of a wall, turning fast): past
  /// them `spent` is set.
  double first_touch_between(const Key& key, double lo, double hi, bool& spent) {
    own.intervals.clear();
    own.searched.clear();
    own.closest.clear();
    int budget = kSweepQueryBudget - 1;
    look_at(key, lo, hi);
    double first = std::numeric_limits<double>::quiet_NaN();
    const double speed = key_motion(key, 1.0);
    // Open: not searched yet and not after the first touch found (a NaN `first` cuts nothing).
    const auto open = [&](std::size_t i) { return !own.searched[i] && !(own.intervals[i].lo >= first); };
    std::size_t oldest = 0;
    for (bool by_age = true;; by_age = !by_age) {
      while (oldest < own.intervals.size() && !open(oldest)) ++oldest;
      while (!own.closest.empty() && !open(static_cast<std::size_t>(own.closest.front()))) {
        std::pop_heap(own.closest.begin(), own.closest.end(), [&](int a, int b) { return farther(a, b); });
        own.closest.pop_back();
      }
      if (oldest == own.intervals.size()) return first;
      if (budget < 3) break;
      const std::size_t i = by_age || own.closest.empty() ? oldest : static_cast<std::size_t>(own.closest.front());
      own.searched[i] = 1;
      const SweepScratch::Interval v = own.intervals[i];
      const double mid = 0.5 * (v.lo + v.hi);
      budget -= 3;
      if (touches(key, mid)) {
        first = std::isnan(first) ? mid : std::min(first, mid);
        continue;
      }
      if (narrow(key, v.lo, v.hi)) continue;  // a graze shallower than the tolerances
      // The grown shapes overlap by depth: the ungrown ones lie at least their least growth less that apart.
      const double span = v.hi - v.lo;
      const double growth = least_growth(key.vehicle, span) + (key.other == kStaticScene ? 0.0 : least_growth(key.other, span));
      const double free = speed > 0 ? std::clamp((growth - v.depth) / speed, 0.0, 0.5 * (v.hi - v.lo)) : 0.0;
      if (mid - free > v.lo) look_at(key, v.lo, mid - free);
      if (v.hi > mid + free) look_at(key, mid + free, v.hi);
    }
    spent = true;
    return first;
  }
  /// First contact of `key` in (lo, hi], where it is free at lo and touching at hi: the bracket is halved
  /// until narrow(), and the key's contacts at its touching end are appended to `out`.
  void bisect(const Key& key, double lo, double hi, std::vector<Contact>& out) {
    while (!narrow(key, lo, hi)) {
      const double mid = 0.5 * (lo + hi);
      (touches(key, mid) ? hi : lo) = mid;
    }
    query(key, hi, 0);
    for (const Contact& c : own.found)
      if (matches(key, c)) out.push_back(c);
  }
  /// Looks for `key`'s first touch between the tested poses key.lo and key.hi (`first_interval`: the
  /// step's first) into `look`, its touches appended to own.touches, its work counted in look.stats.
  void look_into(const Key& key, bool first_interval, SweepScratch::Lookup& look) {
    begin(look);
    // Touching when the step began (a vehicle the scan did not look at the start, as it leaves a wall): a
    // contact the last step reported, not a new one.
    if (first_interval && touches(key, 0.0)) return;
    const double t = first_touch_between(key, key.lo, key.hi, look.spent);
    if (std::isnan(t) || !touches(key, t)) return;  // touches() refills own.found with the touch at t
    look.t = t;
    for (const Contact& touch : own.found)
      if (matches(key, touch)) own.touches.push_back(touch);
    look.count = own.touches.size() - look.first;
  }
  /// bisect() of `key`'s bracket into `look`, as look_into().
  void bisect_into(const Key& key, SweepScratch::Lookup& look) {
    begin(look);
    bisect(key, key.lo, key.hi, own.touches);
    look.count = own.touches.size() - look.first;
  }
  /// `look` found nothing yet; this search's work is counted in it from here on.
  void begin(SweepScratch::Lookup& look) {
    look.t = std::numeric_limits<double>::quiet_NaN();
    look.first = own.touches.size();
    look.count = 0;
    look.stats = {};
    look.spent = false;
    stats = &look.stats;
  }
};

}  // namespace crashbench::sweep_search
