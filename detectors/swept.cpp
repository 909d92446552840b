#include "detectors/swept.hpp"

#include <algorithm>
#include <cmath>

namespace crashbench {
namespace {

using Key = SweepScratch::Key;

constexpr double kSameFaceCosine = 0.8660254037844386;  // cos 30 deg: one face of the scene

/// Smallest distance from the CG to an edge of the rectangle [m].
double inradius(const RectangleSize& s) { return std::min({s.cg_to_front, s.cg_to_rear, 0.5 * s.width}); }
/// Largest distance from the CG to a corner [m].
double reach(const RectangleSize& s) { return std::hypot(std::max(s.cg_to_front, s.cg_to_rear), 0.5 * s.width); }

bool matches(const Key& key, const Contact& c) {
  if (c.vehicle != key.vehicle || c.other != key.other) return false;
  return c.other != kStaticScene || c.normal_W.dot(key.normal_W) > kSameFaceCosine;
}

/// Files the contacts of `found` under their keys; keys not seen before begin at substep `k`.
void file_keys(const std::vector<Contact>& found, int k, SweepScratch& s) {
  for (const Contact& c : found) {
    // A pair has one key, looked up in O(1) (a crowd of cars touching at once files a million).
    const bool pair = c.other != kStaticScene;
    bool known = pair && s.pair_keys.find(c.vehicle, c.other) != PairIndex::kNone;
    for (int i = s.key_index.first(c.vehicle); !pair && i != ByVehicle::kNone && !known; i = s.key_index.next(i))
      known = matches(s.keys[static_cast<std::size_t>(i)], c);
    if (known) continue;
    if (pair) s.pair_keys.add(c.vehicle, c.other, static_cast<int>(s.keys.size()));
    s.keys.push_back({c.vehicle, c.other, c.normal_W, k});
    s.key_index.add(c.vehicle);
  }
}

/// True if `key` is the far side of something its vehicle already touched earlier in the step: the scene
/// with the normal turned round (the CG crossed the wall line in a motion the response will undo).
bool far_side(const Key& key, const SweepScratch& s) {
  if (key.other != kStaticScene) return false;
  for (int i = s.key_index.first(key.vehicle); i != ByVehicle::kNone; i = s.key_index.next(i)) {
    const Key& k = s.keys[static_cast<std::size_t>(i)];
    if (k.other == kStaticScene && k.first < key.first && k.normal_W.dot(key.normal_W) < -0.5) return true;
  }
  return false;
}

/// The sweep of one step: `start`, `end` and the scratch the queries share.
struct Sweep {
  Detector& detector;
  std::span<const VehiclePose> start, end;
  DetectorStats& stats;
  SweepScratch& s;

  /// Appends the contacts of vehicles `s.ids` at fraction `f` to `out`, with run-wide vehicle indices.
  void query(double f, std::vector<Contact>& out) {
    s.poses.clear();
    for (int v : s.ids) s.poses.push_back(interpolate(start[v], end[v], f));
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
  bool touches(const Key& key, double f) {
    s.found.clear();
    query(f, s.found);
    return std::any_of(s.found.begin(), s.found.end(), [&](const Contact& c) { return matches(key, c); });
  }
  /// First contact of `key` in (lo, hi], where it is free at lo and touching at hi: appended to result.
  void bisect(const Key& key, double lo, double hi) {
    s.ids.clear();
    s.ids.push_back(key.vehicle);
    if (key.other != kStaticScene) s.ids.push_back(key.other);  // detectors give vehicle < other
    while (hi - lo > kSweepTimeTolerance) {
      const double mid = 0.5 * (lo + hi);
      (touches(key, mid) ? hi : lo) = mid;
    }
    s.found.clear();
    query(hi, s.found);
    for (const Contact& c : s.found)
      if (matches(key, c)) s.result.push_back(c);
  }
};

}  // namespace

bool same_sweep_key(const Contact& a, const Contact& b) { return matches({a.vehicle, a.other, a.normal_W, 0}, b); }

void SweepScratch::prepare(int vehicle_count) {
  const std::size_t n = static_cast<std::size_t>(std::max(vehicle_count, 1));
  poses.reserve(n);
  ids.reserve(n);
  involved.assign(n, 0);
  for (auto* v : {&found, &start, &result, &last_end_contacts}) v->reserve(16 * n);
  last_end.reserve(n);
  last_end.clear();
  keys.reserve(16 * n);
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
  double safe = std::numeric_limits<double>::infinity(), motion = 0;
  for (std::size_t v = 0; v < end.size(); ++v) {
    // Two vehicles can close at the sum of their motions: half the smallest inradius each.
    safe = std::min(safe, 0.5 * inradius(end[v].size));
    const double moved = (end[v].position_W - start[v].position_W).norm() +
                         std::abs(end[v].heading - start[v].heading) * reach(end[v].size);
    motion = std::max(motion, moved);
  }
  if (!(safe > 0) || !(motion > safe)) return 1;  // also a non-finite motion: nothing to cut
  const double n = std::ceil(motion / safe);
  return n < kMaxSweepSubsteps ? static_cast<int>(n) : kMaxSweepSubsteps;
}

void sweep_by_substeps(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                       std::vector<Contact>& out, DetectorStats& stats, SweepScratch& scratch) {
  const int n = sweep_substeps(start, end);
  Sweep sweep{detector, start, end, stats, scratch};
  SweepScratch& s = scratch;
  // Small motion and nothing touching at the end: nothing can have been touched during the step.
  if (n == 1 && out.empty()) return sweep.remember_end(out);
  s.keys.clear();
  s.key_index.clear();
  s.pair_keys.clear();
  s.result.clear();
  // With one substep only the vehicles touching at the end can have begun a contact: look at those.
  n == 1 ? sweep.select_involved(out) : sweep.select_all();
  sweep.start_overlaps();
  file_keys(s.start, 0, s);
  s.start_index.clear();
  for (const Contact& c : s.start) s.start_index.add(c.vehicle);
  for (int k = 1; k < n; ++k) {
    sweep.select_all();
    s.found.clear();
    sweep.query(static_cast<double>(k) / n, s.found);
    file_keys(s.found, k, s);
  }
  file_keys(out, n, s);
  sweep.remember_end(out);
  for (std::size_t i = 0; i < s.keys.size(); ++i) {
    const Key key = s.keys[i];
    if (far_side(key, s)) continue;
    if (key.first > 0) {
      sweep.bisect(key, static_cast<double>(key.first - 1) / n, static_cast<double>(key.first) / n);
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
