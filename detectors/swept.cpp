#include "detectors/swept.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace crashbench {
namespace {

using Key = SweepScratch::Key;

constexpr double kSameFaceCosine = 0.8660254037844386;  // cos 30 deg: one face of the scene

/// Smallest distance from the CG to an edge of the rectangle [m].
double inradius(const RectangleSize& s) { return std::min({s.cg_to_front, s.cg_to_rear, 0.5 * s.width}); }
/// Largest distance from the CG to a corner [m].
double reach(const RectangleSize& s) { return std::hypot(std::max(s.cg_to_front, s.cg_to_rear), 0.5 * s.width); }
/// How far any point of the rectangle moves from `a` to `b` at most [m]: the CG's path plus the turn times
/// the farthest corner's distance.
double motion(const VehiclePose& a, const VehiclePose& b) {
  return (b.position_W - a.position_W).norm() + std::abs(b.heading - a.heading) * reach(b.size);
}

bool matches(const Key& key, const Contact& c) {
  if (c.vehicle != key.vehicle || c.other != key.other) return false;
  return c.other != kStaticScene || c.normal_W.dot(key.normal_W) > kSameFaceCosine;
}

/// Files a new key for `c` with the bracket (lo, hi].
void add_key(const Contact& c, double lo, double hi, SweepScratch& s) {
  if (c.other != kStaticScene) s.pair_keys.add(c.vehicle, c.other, static_cast<int>(s.keys.size()));
  s.keys.push_back({c.vehicle, c.other, c.normal_W, lo, hi});
  s.key_index.add(c.vehicle);
}

/// Files the contacts of `found` under their keys; keys not seen before get the bracket (lo, hi]: free at
/// `lo` and touching at `hi` (lo == hi == 0: touching from the start).
void file_keys(const std::vector<Contact>& found, double lo, double hi, SweepScratch& s) {
  for (const Contact& c : found) {
    // A pair has one key, looked up in O(1) (a crowd of cars touching at once files a million).
    const bool pair = c.other != kStaticScene;
    bool known = pair && s.pair_keys.find(c.vehicle, c.other) != PairIndex::kNone;
    for (int i = s.key_index.first(c.vehicle); !pair && i != ByVehicle::kNone && !known; i = s.key_index.next(i))
      known = matches(s.keys[static_cast<std::size_t>(i)], c);
    if (known) continue;
    add_key(c, lo, hi, s);
  }
}

/// True if `key` is the far side of something its vehicle already touched earlier in the step: the scene
/// with the normal turned round (the CG crossed the wall line in a motion the response will undo).
bool far_side(const Key& key, const SweepScratch& s) {
  if (key.other != kStaticScene) return false;
  for (int i = s.key_index.first(key.vehicle); i != ByVehicle::kNone; i = s.key_index.next(i)) {
    const Key& k = s.keys[static_cast<std::size_t>(i)];
    if (k.other == kStaticScene && k.hi < key.hi && k.normal_W.dot(key.normal_W) < -0.5) return true;
  }
  return false;
}

/// True if another key of the same contact touched earlier in the step: a touch between tested poses
/// found before the tested pose that first showed the same face.
bool superseded(const Key& key, const SweepScratch& s) {
  if (key.other != kStaticScene) return false;  // a pair has one key
  for (int i = s.key_index.first(key.vehicle); i != ByVehicle::kNone; i = s.key_index.next(i)) {
    const Key& k = s.keys[static_cast<std::size_t>(i)];
    if (k.hi < key.hi && k.other == key.other && (key.other != kStaticScene || k.normal_W.dot(key.normal_W) > kSameFaceCosine))
      return true;
  }
  return false;
}

/// `pose` grown by `margin` [m] on every side: it holds every point within `margin` of the rectangle.
VehiclePose grown(VehiclePose pose, double margin) {
  pose.size.cg_to_front += margin;
  pose.size.cg_to_rear += margin;
  pose.size.width += 2 * margin;
  return pose;
}

/// Added to every growth [m]: rounding in the detectors' tests must not hide a touch at the margin.
constexpr double kGrowthSlack = 1e-9;

/// The sweep of one step: `start`, `end` and the scratch the queries share.
struct Sweep {
  Detector& detector;
  std::span<const VehiclePose> start, end;
  DetectorStats& stats;
  SweepScratch& s;

  /// Appends the contacts of vehicles `s.ids` at fraction `f` to `out`, with run-wide vehicle indices. With
  /// `span` > 0 each rectangle is grown by what its points move over half of `span` (s.motion): it then
  /// holds the rectangle's whole sweep over [f - span/2, f + span/2], and a miss certifies that interval.
  void query(double f, std::vector<Contact>& out, double span = 0) {
    s.poses.clear();
    for (int v : s.ids) {
      const VehiclePose p = interpolate(start[v], end[v], f);
      s.poses.push_back(span > 0 ? grown(p, 0.5 * span * s.motion[static_cast<std::size_t>(v)] + kGrowthSlack) : p);
    }
    const std::size_t first = out.size();
    detector.detect_all(s.poses, out, stats);
    for (std::size_t i = first; i < out.size(); ++i) {
      Contact& c = out[i];
      c.vehicle = s.ids[static_cast<std::size_t>(c.vehicle)];
      if (c.other != kStaticScene) c.other = s.ids[static_cast<std::size_t>(c.other)];
      c.toi = f;
    }
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
    const bool same = s.last_end.size() == start.size() && std::all_of(s.ids.begin(), s.ids.end(), [&](int v) {
                        const SweepScratch::Place& p = s.last_end[static_cast<std::size_t>(v)];
                        return start[v].position_W == p.position_W && start[v].heading == p.heading;
                      });
    if (!same) return query(0.0, s.start);
    const bool everyone = s.ids.size() == start.size();  // a crowd: no search per contact
    for (Contact c : s.last_end_contacts) {
      const auto selected = [&](int v) { return everyone || std::binary_search(s.ids.begin(), s.ids.end(), v); };
      if (!selected(c.vehicle) || (c.other != kStaticScene && !selected(c.other))) continue;
      c.toi = 0;
      s.start.push_back(c);
    }
  }
  /// Remembers the end of this step for the next one.
  void remember_end(const std::vector<Contact>& at_end) {
    s.last_end.resize(end.size());
    for (std::size_t v = 0; v < end.size(); ++v) s.last_end[v] = {end[v].position_W, end[v].heading};
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
    const double growth = 0.5 * span * s.motion[static_cast<std::size_t>(v)] + kGrowthSlack;
    const double heading = interpolate(start[v], end[v], f).heading;
    const Vec2 forward(std::cos(heading), std::sin(heading));
    return growth * (std::abs(forward.dot(n)) + std::abs(perp(forward).dot(n)));
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
      const double growth = 0.5 * key_motion(key, v.hi - v.lo) + (key.other == kStaticScene ? 1 : 2) * kGrowthSlack;
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
  /// (first_touch_between). With
  /// `first_done`, s.grown already holds the first interval's grown contacts.
  void certify_intervals(int n, bool first_done) {
    for (int k = 1; k <= n; ++k) {
      const double lo = static_cast<double>(k - 1) / n, hi = static_cast<double>(k) / n;
      if (k > 1 || !first_done) {
        select_all();
        s.grown.clear();
        query(0.5 * (lo + hi), s.grown, hi - lo);
      }
      for (const Contact& c : s.grown) {
        if (explained(c, hi)) continue;
        const Key key{c.vehicle, c.other, c.normal_W, lo, hi};
        // Touching when the step began (a vehicle the scan did not look at the start, as it leaves a wall):
        // a contact the last step reported, not a new one.
        if (k == 1 && touches(key, 0.0)) continue;
        const double t = first_touch_between(key, lo, hi);
        if (std::isnan(t) || !touches(key, t)) continue;  // touches() refills s.found with the touch at t
        // Filed with the normal of the touch itself: the grown rectangle may have met the face elsewhere.
        for (const Contact& touch : s.found)
          if (matches(key, touch) && !explained(touch, t)) add_touch(touch, lo, t);
      }
    }
  }
  /// Whether a key filed so far explains `c`: the same contact, touching by `by`.
  bool explained(const Contact& c, double by) const {
    if (c.other != kStaticScene) {  // a pair has one key, found in O(1) in a crowd
      const int e = s.pair_keys.find(c.vehicle, c.other);
      return e != PairIndex::kNone && s.keys[static_cast<std::size_t>(e)].hi <= by;
    }
    for (int i = s.key_index.first(c.vehicle); i != ByVehicle::kNone; i = s.key_index.next(i))
      if (matches(s.keys[static_cast<std::size_t>(i)], c) && s.keys[static_cast<std::size_t>(i)].hi <= by) return true;
    return false;
  }
  /// Files a touch found between tested poses at `hi`, free at `lo`: a pair's one key moves its bracket
  /// earlier; a scene face gets a key of its own (the later one is superseded).
  void add_touch(const Contact& c, double lo, double hi) {
    const int e = c.other != kStaticScene ? s.pair_keys.find(c.vehicle, c.other) : PairIndex::kNone;
    if (e == PairIndex::kNone) return add_key(c, lo, hi, s);
    s.keys[static_cast<std::size_t>(e)].lo = lo;
    s.keys[static_cast<std::size_t>(e)].hi = hi;
  }
};

}  // namespace

bool same_sweep_key(const Contact& a, const Contact& b) { return matches({a.vehicle, a.other, a.normal_W}, b); }

void SweepScratch::prepare(int vehicle_count) {
  const std::size_t n = static_cast<std::size_t>(std::max(vehicle_count, 1));
  poses.reserve(n);
  ids.reserve(n);
  involved.assign(n, 0);
  for (auto* v : {&found, &grown, &start, &result, &last_end_contacts}) v->reserve(16 * n);
  motion.reserve(n);
  last_end.reserve(n);
  last_end.clear();
  keys.reserve(16 * n);
  intervals.reserve(kSweepQueryBudget);
  closest.reserve(kSweepQueryBudget);
  searched.reserve(kSweepQueryBudget);
  key_index.reserve(static_cast<int>(n), 16 * n);
  pair_keys.reserve(16 * n);
  start_index.reserve(static_cast<int>(n), 16 * n);
}

VehiclePose interpolate(const VehiclePose& a, const VehiclePose& b, double f) {
  VehiclePose p = b;
  if (f >= 1) return p;
  p.position_W = a.position_W + f * (b.position_W - a.position_W);
  p.heading = a.heading + f * (b.heading - a.heading);
  return p;
}

int sweep_substeps(std::span<const VehiclePose> start, std::span<const VehiclePose> end) {
  double safe = std::numeric_limits<double>::infinity(), most = 0;
  for (std::size_t v = 0; v < end.size(); ++v) {
    // Two vehicles can close at the sum of their motions: half the smallest inradius each.
    safe = std::min(safe, 0.5 * inradius(end[v].size));
    most = std::max(most, motion(start[v], end[v]));
  }
  if (!(safe > 0) || !(most > safe)) return 1;  // also a non-finite motion: nothing to cut
  const double n = std::ceil(most / safe);
  return n < kMaxSweepSubsteps ? static_cast<int>(n) : kMaxSweepSubsteps;
}

void sweep_by_substeps(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                       std::vector<Contact>& out, DetectorStats& stats, SweepScratch& scratch) {
  const int n = sweep_substeps(start, end);
  Sweep sweep{detector, start, end, stats, scratch};
  SweepScratch& s = scratch;
  s.motion.resize(end.size());
  for (std::size_t v = 0; v < end.size(); ++v) s.motion[v] = motion(start[v], end[v]);
  // Small motion and nothing touching at the end: one grown query holds every rectangle's whole sweep;
  // if it touches nothing, nothing was touched during the step.
  const bool cheap_path_grown = n == 1 && out.empty();
  if (cheap_path_grown) {
    sweep.select_all();
    s.grown.clear();
    sweep.query(0.5, s.grown, 1.0);
    if (s.grown.empty()) return sweep.remember_end(out);
  }
  s.keys.clear();
  s.key_index.clear();
  s.pair_keys.clear();
  s.result.clear();
  // The tested poses: the start, the substeps, the end. With one substep only the vehicles touching at
  // the end can be touching there.
  n == 1 ? sweep.select_involved(out) : sweep.select_all();
  sweep.start_overlaps();
  file_keys(s.start, 0, 0, s);
  s.start_index.clear();
  for (const Contact& c : s.start) s.start_index.add(c.vehicle);
  for (int k = 1; k < n; ++k) {
    sweep.select_all();
    s.found.clear();
    sweep.query(static_cast<double>(k) / n, s.found);
    file_keys(s.found, static_cast<double>(k - 1) / n, static_cast<double>(k) / n, s);
  }
  file_keys(out, static_cast<double>(n - 1) / n, 1.0, s);
  sweep.remember_end(out);
  // Between the tested poses: touches that begin and end there.
  sweep.certify_intervals(n, cheap_path_grown);
  for (std::size_t i = 0; i < s.keys.size(); ++i) {
    const Key key = s.keys[i];
    if (far_side(key, s) || superseded(key, s)) continue;
    if (key.hi > 0) {
      sweep.bisect(key, key.lo, key.hi);
      continue;
    }
    // Touching when the step began: the contact is at its start. A pair has one contact a query.
    if (key.other != kStaticScene) {
      const int j = s.start_index.find(key.vehicle, [&](int e) { return matches(key, s.start[static_cast<std::size_t>(e)]); });
      if (j != ByVehicle::kNone) s.result.push_back(s.start[static_cast<std::size_t>(j)]);
      continue;
    }
    for (int j = s.start_index.first(key.vehicle); j != ByVehicle::kNone; j = s.start_index.next(j))
      if (matches(key, s.start[static_cast<std::size_t>(j)])) s.result.push_back(s.start[static_cast<std::size_t>(j)]);
  }
  out.assign(s.result.begin(), s.result.end());
}

void detect_swept(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                  std::vector<Contact>& out, DetectorStats& stats, SweepScratch& scratch) {
  detector.detect_all(end, out, stats);
  detector.sweep(start, end, out, stats, scratch);
}

void Detector::sweep(std::span<const VehiclePose> start, std::span<const VehiclePose> end, std::vector<Contact>& out,
                     DetectorStats& stats, SweepScratch& scratch) {
  sweep_by_substeps(*this, start, end, out, stats, scratch);
}

}  // namespace crashbench
