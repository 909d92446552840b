#pragma once
// The sweep of one step (detectors/swept.hpp, docs/swept-detection.md): its queries over the fleet, its
// keys, and the searches (key_search.hpp) it splits over the threads and files in order. Internal to
// swept.cpp's drivers (sweep_grown_first, sweep_by_substeps), which keep to the order of work.
#include <algorithm>
#include <cmath>
#include <span>
#include <utility>
#include <vector>

#include "detectors/key_search.hpp"

namespace crashbench::sweep_search {

/// The sweep of one step: the step's detector and candidate pairs, the scratch the queries share, and the
/// threads its searches are split over (null: the caller's alone).
struct Sweep : StepMotion {
  Detector& detector;
  DetectorStats& stats;
  SweepScratch& s;
  StepPairs& pairs;  ///< the candidate pairs of start and end
  SweepThreads* threads;  ///< splits the queries over every vehicle, or null: the detector's own

  /// Renumbers out[first, ...), found on s.poses (vehicles s.ids), to run-wide vehicle indices at time `f`.
  void to_run(std::vector<Contact>& out, std::size_t first, double f) const {
    for (std::size_t i = first; i < out.size(); ++i) {
      Contact& c = out[i];
      c.vehicle = s.ids[static_cast<std::size_t>(c.vehicle)];
      if (c.other != kStaticScene) c.other = s.ids[static_cast<std::size_t>(c.other)];
      c.toi = f;
    }
  }
  /// The contacts of the vehicles of select_all() or select_involved() at fraction `f` (grown over `span`,
  /// as pose_at), with run-wide vehicle indices, appended to `out`: the scene's, then their pairs' tested from the step's
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
    s.grown_poses.resize(end.size());
    s.skippable.resize(end.size());
    for_chunks(threads, end.size(), kPosesAChunk, [&](int, std::size_t first, std::size_t last) {
      for (std::size_t v = first; v < last; ++v) {
        s.grown_poses[v] = pose_at(static_cast<int>(v), 0.5, 1.0);
        // A pose without its road height takes the surface under its CG, which moves: a plane of its own.
        // A non-finite motion has no rectangle that holds it.
        s.skippable[v] = !std::isnan(end[v].ground_z) && std::isfinite(s.motion[v]);
      }
    });
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
  /// This step's start overlaps of the vehicles of select_all() or select_involved() into s.start: the
  /// last step's end overlaps when the selected vehicles start where they ended (their overlaps with the
  /// scene and with each other depend on their places alone), otherwise a query.
  void start_overlaps() {
    s.start.clear();
    s.start_pair.clear();
    // A crowd's whole fleet is compared: split over the threads.
    const bool same = s.last_end.size() == start.size() &&
                      all_chunks(threads, s.ids.size(), kPosesAChunk, [&](int, std::size_t first, std::size_t last) {
                        return std::all_of(s.ids.begin() + first, s.ids.begin() + last, [&](int v) {
                          const SweepScratch::Place& p = s.last_end[static_cast<std::size_t>(v)];
                          return start[v].position_W == p.position_W && start[v].heading == p.heading;
                        });
                      });
    if (!same) return query_selected(0.0, s.start, s.start_pair);
    if (s.ids.size() == start.size()) {  // a crowd: taken whole (remember_end refills last_end_contacts)
      s.start.swap(s.last_end_contacts);
      for (Contact& c : s.start) c.toi = 0;
      return index_pairs(s.start, s.start_pair);
    }
    // A subset is select_involved()'s, which marked its vehicles.
    const auto selected = [&](int v) { return s.involved[static_cast<std::size_t>(v)] != 0; };
    for (const Contact& c : s.last_end_contacts) {
      if (!selected(c.vehicle) || (c.other != kStaticScene && !selected(c.other))) continue;
      s.start.push_back(c);
      s.start.back().toi = 0;
    }
    index_pairs(s.start, s.start_pair);
  }
  /// Remembers the end of this step for the next one: the places, and `at_end`'s contacts, taken whole
  /// where the caller has no more use for them (`take`: `at_end` is left with what the buffer held).
  void remember_end(std::vector<Contact>& at_end, bool take = false) {
    s.last_end.resize(end.size());
    split_over(threads, end.size(), [&](int, std::size_t first, std::size_t last) {
      for (std::size_t v = first; v < last; ++v) s.last_end[v] = {end[v].position_W, end[v].heading};
    });
    if (take) return s.last_end_contacts.swap(at_end);
    s.last_end_contacts.assign(at_end.begin(), at_end.end());
  }
  /// Files a key for each touch that begins and ends between two of the `n + 1` tested poses: a grown
  /// query over each substep interval holds every rectangle's whole sweep over it; a contact of it that
  /// no key touching by the interval's end explains is looked for inside the interval
  /// (certify_contacts). `first`: how far the first interval's grown query is done already, into s.grown.
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
      certify_contacts(k == 1, lo, hi);
    }
  }
  /// Thread `thread`'s searches: its detector, its scratch. Each search counts its work in its Lookup.
  KeySearch searcher(int thread) {
    const auto t = static_cast<std::size_t>(thread);
    return {{start, end, s}, thread == 0 ? detector : threads->detector(thread), s.searches[t], nullptr};
  }
  /// Enough Search scratch for every thread (SweepScratch::prepare reserves it; a scratch not prepared
  /// for them grows here once).
  void size_searches() {
    const std::size_t n = threads ? static_cast<std::size_t>(threads->size()) : 1;
    if (s.searches.size() < n) s.searches.resize(n);
  }
  /// Looks and bisections go in chunks of this many, a thread done with its own taking the other's: a
  /// search costs from one query to kSweepQueryBudget.
  static constexpr std::size_t kLooksAChunk = 4;
  /// Empties every thread's touches before a split: each then appends its searches' in whatever chunks
  /// it takes, each Lookup noting where its own lie.
  void clear_touches() {
    for (SweepScratch::Search& search : s.searches) search.touches.clear();
  }
  /// Looks into each contact of the interval (lo, hi]'s grown query (s.grown) that no key explains for a
  /// touch between the tested poses, and files the touches found, contact by contact in order. A touch
  /// filed can explain a later contact, whose look is then not needed; but a look depends on no key, so the
  /// looks are made first, split over the threads, and filed in order after them, a look that a touch filed
  /// before it explains passed over with its work uncounted (as one thread skips it). Alone, the sweep
  /// looks only where needed.
  void certify_contacts(bool first_interval, double lo, double hi) {
    s.lookups.clear();
    for (std::size_t j = 0; j < s.grown.size(); ++j)
      if (!explained(s.grown[j], s.grown_pair[j], hi)) s.lookups.emplace_back().item = static_cast<int>(j);
    const auto key_of = [&](const SweepScratch::Lookup& l) {
      const Contact& c = s.grown[static_cast<std::size_t>(l.item)];
      return Key{c.vehicle, c.other, c.normal_W, lo, hi, s.grown_pair[static_cast<std::size_t>(l.item)]};
    };
    const auto look = [&](int thread, std::size_t first, std::size_t last) {
      KeySearch search = searcher(thread);
      for (std::size_t i = first; i < last; ++i) {
        s.lookups[i].thread = thread;
        search.look_into(key_of(s.lookups[i]), first_interval, s.lookups[i]);
      }
    };
    size_searches();
    if (threads && !s.lookups.empty()) {
      clear_touches();
      for_chunks(threads, s.lookups.size(), kLooksAChunk, look);
    }
    for (std::size_t i = 0; i < s.lookups.size(); ++i) {
      const SweepScratch::Lookup& l = s.lookups[i];
      const Key key = key_of(l);
      if (explained(s.grown[static_cast<std::size_t>(l.item)], key.pair, hi)) continue;
      if (!threads) {
        s.searches[0].touches.clear();
        look(0, i, i + 1);
      }
      stats += l.stats;
      s.budget_spent += l.spent;
      if (std::isnan(l.t)) continue;
      ++s.touches_between;
      // Filed with the normal of the touch itself: the grown rectangle may have met the face elsewhere.
      for (const Contact& touch : touches_of(l))
        if (!explained(touch, key.pair, l.t)) add_touch(touch, key.pair, lo, l.t);
    }
  }
  /// The contacts of the step's keys, in key order, into s.result: a key that touches first between the
  /// tested poses, bisected to its first touch; one touching from the step's start, its contacts there. A
  /// bisection depends on no other key: they are made first, split over the threads (evenly: a key
  /// touching from the start costs no query), and their contacts then taken in key order.
  void settle_keys() {
    size_searches();
    s.lookups.clear();
    const auto bisected = [&](const Key& key) { return key.hi > 0 && !far_side(key, s) && !superseded(key, s); };
    for (std::size_t i = 0; i < s.keys.size(); ++i)
      if (bisected(s.keys[i])) s.lookups.emplace_back().item = static_cast<int>(i);
    SweepThreads* split = s.lookups.empty() ? nullptr : threads;  // no threads woken for nothing
    clear_touches();
    for_chunks(split, s.lookups.size(), kLooksAChunk, [&](int thread, std::size_t first, std::size_t last) {
      KeySearch search = searcher(thread);
      for (std::size_t i = first; i < last; ++i) {
        s.lookups[i].thread = thread;
        search.bisect_into(s.keys[static_cast<std::size_t>(s.lookups[i].item)], s.lookups[i]);
      }
    });
    s.result.clear();
    std::size_t next = 0;  // the bisections come in key order
    for (std::size_t i = 0; i < s.keys.size(); ++i) {
      if (next < s.lookups.size() && s.lookups[next].item == static_cast<int>(i)) {
        const SweepScratch::Lookup& l = s.lookups[next++];
        stats += l.stats;
        const std::span<const Contact> touches = touches_of(l);
        s.result.insert(s.result.end(), touches.begin(), touches.end());
        continue;
      }
      const Key& key = s.keys[i];
      if (key.hi == 0 && !far_side(key, s) && !superseded(key, s)) start_contacts(key);
    }
  }
  /// The contacts at the step's start of `key`, touching from then on, into s.result. A pair has one
  /// contact a query.
  void start_contacts(const Key& key) {
    if (key.other != kStaticScene) {
      const int j = s.start_of_pair[static_cast<std::size_t>(key.pair)];
      if (j != -1) s.result.push_back(s.start[static_cast<std::size_t>(j)]);
      return;
    }
    for (int e = s.start_index.first(key.vehicle); e != ByVehicle::kNone; e = s.start_index.next(e)) {
      const Contact& c = s.start[static_cast<std::size_t>(s.start_scene[static_cast<std::size_t>(e)])];
      if (matches(key, c)) s.result.push_back(c);
    }
  }
  /// The touches `look` found, in its thread's Search.
  std::span<const Contact> touches_of(const SweepScratch::Lookup& look) const {
    return std::span(s.searches[static_cast<std::size_t>(look.thread)].touches).subspan(look.first, look.count);
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
