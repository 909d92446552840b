#pragma once
// The sweep of one step (detectors/swept.hpp, docs/swept-detection.md): its queries at fractions of the
// step, grown or not, the search for a first touch between tested poses and the bisection to it. Internal
// to swept.cpp's drivers (sweep_grown_first, sweep_by_substeps), which keep to the order of work.
#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <utility>
#include <vector>

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

/// The sweep of one step: `start`, `end` and the scratch the queries share.
struct Sweep {
  Detector& detector;
  std::span<const VehiclePose> start, end;
  DetectorStats& stats;
  SweepScratch& s;
  StepPairs& pairs;  ///< the candidate pairs of start and end
  SweepThreads* threads;  ///< splits the queries over every vehicle, or null: the detector's own

  /// Vehicle `v`'s pose at fraction `f`; with `span` > 0 grown by what its points move over half of `span`
  /// along and across its heading (s.growth): it then holds the rectangle's whole sweep over
  /// [f - span/2, f + span/2].
  VehiclePose pose_at(int v, double f, double span) const {
    const VehiclePose p = interpolate(start[v], end[v], f);
    if (!(span > 0)) return p;
    const GrowthRates g = growth_over(v, span);
    return grown(p, g.along, g.across);
  }
  /// What query() grows vehicle `v` by over `span`, along and across its heading [m].
  GrowthRates growth_over(int v, double span) const {
    const GrowthRates& rate = s.growth[static_cast<std::size_t>(v)];
    return {0.5 * span * rate.along + kGrowthSlack, 0.5 * span * rate.across + kGrowthSlack};
  }
  /// The least that query() grows vehicle `v` by over `span`, in any direction [m].
  double least_growth(int v, double span) const {
    const GrowthRates g = growth_over(v, span);
    return std::min(g.along, g.across);
  }
  /// Renumbers out[first, ...), found on s.poses (vehicles s.ids), to run-wide vehicle indices at time `f`.
  void to_run(std::vector<Contact>& out, std::size_t first, double f) const {
    for (std::size_t i = first; i < out.size(); ++i) {
      Contact& c = out[i];
      c.vehicle = s.ids[static_cast<std::size_t>(c.vehicle)];
      if (c.other != kStaticScene) c.other = s.ids[static_cast<std::size_t>(c.other)];
      c.toi = f;
    }
  }
  /// Appends the contacts of vehicles `s.ids` at fraction `f` to `out`, with run-wide vehicle indices. With
  /// `span` > 0 the rectangles are grown (pose_at), and a miss certifies that interval.
  void query(double f, std::vector<Contact>& out, double span = 0) {
    s.poses.clear();
    for (int v : s.ids) s.poses.push_back(pose_at(v, f, span));
    const std::size_t first = out.size();
    detector.detect_all(s.poses, out, stats);
    to_run(out, first, f);
  }
  /// query() for the vehicles of select_all() or select_involved(), their pairs tested from the step's
  /// candidates (no broad phase of its own; the same contacts in the same order), each contact's pair
  /// index into `index`, parallel to `out` (-1: the scene's). Candidate i is not tested where skip(i).
  template <class Skip>
  void query_selected(double f, std::vector<Contact>& out, std::vector<int>& index, double span, Skip skip) {
    const bool every = s.ids.size() == end.size();
    s.poses.clear();
    s.all_poses.resize(every ? 0 : end.size());
    for (int v : s.ids) {
      s.poses.push_back(pose_at(v, f, span));
      if (!every) s.all_poses[static_cast<std::size_t>(v)] = s.poses.back();
    }
    const std::size_t first = out.size();
    every && threads ? threads->detect(s.poses, out, stats) : detector.detect(s.poses, out, stats);
    to_run(out, first, f);
    index.resize(out.size(), -1);
    const std::size_t first_pair = out.size();
    pairs.contacts(every ? s.poses : s.all_poses, every ? std::span<const char>() : std::span<const char>(s.involved), skip,
                   out, &index, stats);
    for (std::size_t i = first_pair; i < out.size(); ++i) out[i].toi = f;
  }
  void query_selected(double f, std::vector<Contact>& out, std::vector<int>& index, double span = 0) {
    query_selected(f, out, index, span, [](std::size_t) { return false; });
  }
  /// The scene half of the whole step's grown query (query_selected() of every vehicle at 0.5 over the
  /// step) into s.grown, its poses kept in s.grown_poses for the pair half, with the end query of the
  /// vehicles it does not know clear into `end_out` (sweep_grown_first).
  void grown_scene_and_end(std::vector<Contact>& end_out) {
    select_all();
    s.grown_poses.clear();
    s.skippable.clear();
    for (int v : s.ids) {
      s.grown_poses.push_back(pose_at(v, 0.5, 1.0));
      // A pose without its road height takes the surface under its CG, which moves: a plane of its own.
      // A non-finite motion has no rectangle that holds it.
      s.skippable.push_back(!std::isnan(end[v].ground_z) && std::isfinite(s.motion[static_cast<std::size_t>(v)]));
    }
    s.grown.clear();
    s.clear.resize(end.size());
    const Detector::GrownAndEnd q{s.grown_poses, end, s.skippable, &s.grown, &end_out, s.clear};
    threads ? threads->detect_grown_and_end(q, stats) : detector.detect_grown_and_end(q, stats);
    to_run(s.grown, 0, 0.5);
    s.grown_pair.assign(s.grown.size(), -1);
  }
  /// The pair half of it, appended to s.grown: candidate i not tested where skip(i).
  template <class Skip>
  void grown_pairs(Skip skip) {
    const std::size_t first = s.grown.size();
    pairs.contacts(s.grown_poses, {}, skip, s.grown, &s.grown_pair, stats);
    for (std::size_t i = first; i < s.grown.size(); ++i) s.grown[i].toi = 0.5;
  }
  /// Vehicle pair (a, b)'s index (SweepScratch::key_of_pair): among the candidates, found from `cursor` on
  /// (StepPairs::index_of), or after them for a pair that is none (contacts a caller gave).
  int pair_slot(int a, int b, std::size_t& cursor) {
    const int i = pairs.index_of(a, b, cursor);
    if (i >= 0) return i;
    const std::pair<int, int> pair{a, b};
    auto e = std::find(s.extra_pairs.begin(), s.extra_pairs.end(), pair);
    if (e == s.extra_pairs.end()) {
      s.extra_pairs.push_back(pair);
      s.key_of_pair.push_back(-1);
      s.start_of_pair.push_back(-1);
      e = s.extra_pairs.end() - 1;
    }
    return static_cast<int>(pairs.candidates().size()) + static_cast<int>(e - s.extra_pairs.begin());
  }
  /// The pair indices of `contacts` (-1 for the scene's) into `index`.
  void index_pairs(const std::vector<Contact>& contacts, std::vector<int>& index) {
    index.clear();
    std::size_t cursor = 0;
    for (const Contact& c : contacts) index.push_back(c.other == kStaticScene ? -1 : pair_slot(c.vehicle, c.other, cursor));
  }
  void select_all() {
    s.ids.resize(end.size());
    for (std::size_t v = 0; v < end.size(); ++v) s.ids[v] = static_cast<int>(v);
  }
  void select(const Key& key) {
    s.ids.clear();
    s.ids.push_back(key.vehicle);
    if (key.other != kStaticScene) s.ids.push_back(key.other);  // detectors give vehicle < other
  }
  /// Selects the vehicles in `contacts` (and their partners), ascending.
  void select_involved(const std::vector<Contact>& contacts) {
    std::fill(s.involved.begin(), s.involved.end(), 0);
    for (const Contact& c : contacts) {
      s.involved[static_cast<std::size_t>(c.vehicle)] = 1;
      if (c.other != kStaticScene) s.involved[static_cast<std::size_t>(c.other)] = 1;
    }
    s.ids.clear();
    for (std::size_t v = 0; v < end.size(); ++v)
      if (s.involved[v]) s.ids.push_back(static_cast<int>(v));
  }
  /// This step's start overlaps of the selected vehicles into s.start: the last step's end overlaps when
  /// the selected vehicles start where they ended (their overlaps with the scene and with each other
  /// depend on their places alone), otherwise a query.
  void start_overlaps() {
    s.start.clear();
    s.start_pair.clear();
    const bool same = s.last_end.size() == start.size() && std::all_of(s.ids.begin(), s.ids.end(), [&](int v) {
                        const SweepScratch::Place& p = s.last_end[static_cast<std::size_t>(v)];
                        return start[v].position_W == p.position_W && start[v].heading == p.heading;
                      });
    if (!same) return query_selected(0.0, s.start, s.start_pair);
    if (s.ids.size() == start.size()) {  // a crowd: taken whole (remember_end refills last_end_contacts)
      s.start.swap(s.last_end_contacts);
      for (Contact& c : s.start) c.toi = 0;
      return index_pairs(s.start, s.start_pair);
    }
    for (Contact c : s.last_end_contacts) {
      const auto selected = [&](int v) { return std::binary_search(s.ids.begin(), s.ids.end(), v); };
      if (!selected(c.vehicle) || (c.other != kStaticScene && !selected(c.other))) continue;
      c.toi = 0;
      s.start.push_back(c);
    }
    index_pairs(s.start, s.start_pair);
  }
  /// Remembers the end of this step for the next one: the places, and `at_end`'s contacts, taken whole
  /// where the caller has no more use for them (`take`: `at_end` is left with what the buffer held).
  void remember_end(std::vector<Contact>& at_end, bool take = false) {
    s.last_end.resize(end.size());
    for (std::size_t v = 0; v < end.size(); ++v) s.last_end[v] = {end[v].position_W, end[v].heading};
    if (take) return s.last_end_contacts.swap(at_end);
    s.last_end_contacts.assign(at_end.begin(), at_end.end());
  }
  /// Whether `key` touches at `f` (with `span`, anywhere in the span around it: query()).
  bool touches(const Key& key, double f, double span = 0) {
    select(key);
    s.found.clear();
    query(f, s.found, span);
    return std::any_of(s.found.begin(), s.found.end(), [&](const Contact& c) { return matches(key, c); });
  }
  /// What the key's vehicles' points move over `width` of the step, at most [m].
  double key_motion(const Key& key, double width) const {
    const double m = s.motion[static_cast<std::size_t>(key.vehicle)];
    return width * (key.other == kStaticScene ? m : m + s.motion[static_cast<std::size_t>(key.other)]);
  }
  /// Whether (lo, hi] is narrow enough to stop: kSweepTimeTolerance of the step, and the key's vehicles
  /// move at most kSweepDistanceTolerance over it.
  bool narrow(const Key& key, double lo, double hi) const {
    return hi - lo <= kSweepTimeTolerance && key_motion(key, hi - lo) <= kSweepDistanceTolerance;
  }
  /// `key`'s grown query over (lo, hi) (query() at its middle) as an interval to search: `depth`, its
  /// deepest contact (-1: none, the interval is free); `gap`, an estimate of how far apart the ungrown
  /// shapes lie at the middle: a rectangle grown by g along its own axes reaches g (|n.x| + |n.y|) further
  /// along a unit normal n, so a contact's depth less that reach is their gap along its normal (only an
  /// estimate: near a wall's end the depth is measured past the wall's line).
  SweepScratch::Interval grown_interval(const Key& key, double lo, double hi) {
    const double f = 0.5 * (lo + hi), span = hi - lo;
    select(key);
    s.found.clear();
    query(f, s.found, span);
    SweepScratch::Interval v{lo, hi, -1, std::numeric_limits<double>::infinity()};
    for (const Contact& c : s.found) {
      if (!matches(key, c)) continue;
      v.depth = std::max(v.depth, c.depth);
      const double reach = grown_reach(c.vehicle, f, span, c.normal_W) +
                           (c.other == kStaticScene ? 0.0 : grown_reach(c.other, f, span, c.normal_W));
      v.gap = std::min(v.gap, reach - c.depth);
    }
    return v;
  }
  /// How much further vehicle `v`'s rectangle at `f`, grown over `span`, reaches along unit `n` [m].
  double grown_reach(int v, double f, double span, const Vec2& n) const {
    const GrowthRates g = growth_over(v, span);
    const double heading = interpolate(start[v], end[v], f).heading;
    const Vec2 forward(std::cos(heading), std::sin(heading));
    return g.along * std::abs(forward.dot(n)) + g.across * std::abs(perp(forward).dot(n));
  }
  /// Orders SweepScratch::closest: the interval whose shapes lie closest on top.
  bool farther(int a, int b) const {
    return s.intervals[static_cast<std::size_t>(a)].gap > s.intervals[static_cast<std::size_t>(b)].gap;
  }
  /// Files `v` for the search if its grown query touches (else it is free).
  void keep(const SweepScratch::Interval& v) {
    if (v.depth < 0) return;
    s.intervals.push_back(v);
    s.searched.push_back(0);
    s.closest.push_back(static_cast<int>(s.intervals.size()) - 1);
    std::push_heap(s.closest.begin(), s.closest.end(), [&](int a, int b) { return farther(a, b); });
  }
  /// The earliest time in (lo, hi] at which `key` touches that the search finds, NaN if none. An interval
  /// whose grown query (which holds the whole sweep over it) touches nothing is free. Where it touches
  /// `depth` deep, the rectangles at its middle lie at least `growth - depth` apart (shrinking a rectangle
  /// by g moves its extent along any direction by at least g, and the contact depth is at least the least
  /// overlap), and the points close that gap no faster than they move: only the interval's two ends,
  /// beyond that, are looked into. Which interval next: by turns the oldest (level by level, so a touch
  /// lasting w of the step is met within about 2/w queries wherever it lies) and the one whose shapes lie
  /// closest (down the valley of the gap to a short dip). A touch found prunes every interval after it.
  /// At most kSweepQueryBudget queries (a car gliding within micrometres of a wall, turning fast).
  double first_touch_between(const Key& key, double lo, double hi) {
    s.intervals.clear();
    s.searched.clear();
    s.closest.clear();
    int budget = kSweepQueryBudget - 1;
    keep(grown_interval(key, lo, hi));
    double first = std::numeric_limits<double>::quiet_NaN();
    const double speed = key_motion(key, 1.0);
    // Open: not searched yet and not after the first touch found (a NaN `first` cuts nothing).
    const auto open = [&](std::size_t i) { return !s.searched[i] && !(s.intervals[i].lo >= first); };
    std::size_t oldest = 0;
    for (bool by_age = true;; by_age = !by_age) {
      while (oldest < s.intervals.size() && !open(oldest)) ++oldest;
      while (!s.closest.empty() && !open(static_cast<std::size_t>(s.closest.front()))) {
        std::pop_heap(s.closest.begin(), s.closest.end(), [&](int a, int b) { return farther(a, b); });
        s.closest.pop_back();
      }
      if (oldest == s.intervals.size()) return first;
      if (budget < 3) break;
      const std::size_t i = by_age || s.closest.empty() ? oldest : static_cast<std::size_t>(s.closest.front());
      s.searched[i] = 1;
      const SweepScratch::Interval v = s.intervals[i];
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
      if (mid - free > v.lo) keep(grown_interval(key, v.lo, mid - free));
      if (v.hi > mid + free) keep(grown_interval(key, mid + free, v.hi));
    }
    ++s.budget_spent;
    return first;
  }
  /// First contact of `key` in (lo, hi], where it is free at lo and touching at hi: the bracket is halved
  /// until narrow(), and the key's contacts at its touching end are appended to result.
  void bisect(const Key& key, double lo, double hi) {
    while (!narrow(key, lo, hi)) {
      const double mid = 0.5 * (lo + hi);
      (touches(key, mid) ? hi : lo) = mid;
    }
    select(key);
    s.found.clear();
    query(hi, s.found);
    for (const Contact& c : s.found)
      if (matches(key, c)) s.result.push_back(c);
  }
  /// Files a key for each touch that begins and ends between two of the `n + 1` tested poses: a grown
  /// query over each substep interval holds every rectangle's whole sweep over it; a contact of it that
  /// no key touching by the interval's end explains is looked for inside the interval
  /// (first_touch_between). `first`: how far the first interval's grown query is done already, into
  /// s.grown.
  enum class FirstQuery { kNotDone, kScene, kDone };
  void certify_intervals(int n, FirstQuery first) {
    for (int k = 1; k <= n; ++k) {
      const double lo = static_cast<double>(k - 1) / n, hi = static_cast<double>(k) / n;
      // A pair a key explains needs no test: its contact would be passed over below (a crowd's every pair).
      const auto explained_by_hi = [&](std::size_t i) { return explained_pair(static_cast<int>(i), hi); };
      if (k > 1 || first == FirstQuery::kNotDone) {
        select_all();
        s.grown.clear();
        s.grown_pair.clear();
        query_selected(0.5 * (lo + hi), s.grown, s.grown_pair, hi - lo, explained_by_hi);
      } else if (first == FirstQuery::kScene) {
        grown_pairs(explained_by_hi);
      }
      for (std::size_t j = 0; j < s.grown.size(); ++j) {
        const Contact& c = s.grown[j];
        const int pair = s.grown_pair[j];
        if (explained(c, pair, hi)) continue;
        const Key key{c.vehicle, c.other, c.normal_W, lo, hi, pair};
        // Touching when the step began (a vehicle the scan did not look at the start, as it leaves a wall):
        // a contact the last step reported, not a new one.
        if (k == 1 && touches(key, 0.0)) continue;
        const double t = first_touch_between(key, lo, hi);
        if (std::isnan(t) || !touches(key, t)) continue;  // touches() refills s.found with the touch at t
        // Filed with the normal of the touch itself: the grown rectangle may have met the face elsewhere.
        for (const Contact& touch : s.found)
          if (matches(key, touch) && !explained(touch, pair, t)) add_touch(touch, pair, lo, t);
      }
    }
  }
  /// Whether a key filed so far explains `c` (`pair`: its pair index): the same contact, touching by `by`.
  bool explained(const Contact& c, int pair, double by) const {
    if (c.other != kStaticScene) return explained_pair(pair, by);
    for (int i = s.key_index.first(c.vehicle); i != ByVehicle::kNone; i = s.key_index.next(i))
      if (matches(scene_key(s, i), c) && scene_key(s, i).hi <= by) return true;
    return false;
  }
  /// Whether the vehicle pair of index `pair` has a key touching by `by` (a pair has one key).
  bool explained_pair(int pair, double by) const {
    const int e = s.key_of_pair[static_cast<std::size_t>(pair)];
    return e != -1 && s.keys[static_cast<std::size_t>(e)].hi <= by;
  }
  /// Files a touch found between tested poses at `hi`, free at `lo` (`pair`: its pair index): a pair's one
  /// key moves its bracket earlier; a scene face gets a key of its own (the later one is superseded).
  void add_touch(const Contact& c, int pair, double lo, double hi) {
    const int e = c.other != kStaticScene ? s.key_of_pair[static_cast<std::size_t>(pair)] : -1;
    if (e == -1) return add_key(c, pair, lo, hi, s);
    s.keys[static_cast<std::size_t>(e)].lo = lo;
    s.keys[static_cast<std::size_t>(e)].hi = hi;
  }
};

}  // namespace crashbench::sweep_search
