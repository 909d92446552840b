#include "cases/runner/detection.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>

#include "cases/loading/scene_source.hpp"
#include "cases/traffic/traffic_spec.hpp"
#include "core/json_reader.hpp"

namespace crashbench {

Detection::Detection(const Case& c, const Scene& scene, int threads, bool at_end)
    : at_end_(at_end), traffic_(c.traffic && !c.traffic->secondary_impacts) {
  const int n = static_cast<int>(c.vehicles.size());
  for (int t = 0; t < threads; ++t) {
    detectors_.push_back(make_detector(JsonReader(c.detector_params, c.source_file, "/detector")));
    if (t == 0) {
      require_walls(scene, *detectors_[0]);
      detectors_[0]->prepare(scene, n);
      detectors_[0]->reserve_pairs(n);
      pairs_.reserve(n, threads);
      continue;
    }
    detectors_.back()->prepare_as(*detectors_[0], scene, n);  // sharing what only queries read
    detectors_.back()->reserve_pairs(2);  // the sweep's searches: a key's one or two vehicles
    slots_shared_ = detectors_.back()->share_slots(*detectors_[0]);
  }
  // Each thread's own lists: with shared slots any thread may take any vehicles (in chunks), otherwise
  // thread t > 0 its range (thread 0 writes to the step's lists).
  thread_contacts_.resize(static_cast<std::size_t>(threads));
  thread_grown_.resize(static_cast<std::size_t>(threads));
  thread_stats_.resize(static_cast<std::size_t>(threads));
  for (int t = slots_shared_ ? 0 : 1; t < threads; ++t) {
    const auto [begin, end] = thread_range(t, threads, c.vehicles.size());
    const std::size_t most = slots_shared_ ? c.vehicles.size() : end - begin;
    thread_contacts_[static_cast<std::size_t>(t)].reserve(16 * most);
    thread_grown_[static_cast<std::size_t>(t)].reserve(16 * most);
  }
  if (slots_shared_) chunks_.reserve(most_chunks(c.vehicles.size(), kChunk, static_cast<std::size_t>(threads)));
  sweep_scratch_.prepare(n, threads);
  // Every thread's detector numbers the vehicles alike (detect_range) only with shared slots.
  sweep_scratch_.slots_are_vehicles = slots_shared_ || threads == 1;
  step_.contacts.reserve(16 * static_cast<std::size_t>(n));
  step_.first_touch.reserve(16 * static_cast<std::size_t>(n));
  end_contacts_.reserve(16 * static_cast<std::size_t>(n));
  end_index_.reserve(n, 16 * static_cast<std::size_t>(n));
  end_of_contact_.reserve(16 * static_cast<std::size_t>(n));
}

void Detection::detect(Fleet& fleet, StepThreads& threads, const Contact* instead) {
  std::vector<Contact>& contacts = step_.contacts;
  contacts.clear();
  if (traffic_) fleet.passing.begin_step();
  constexpr std::size_t kChunk = 1024;
  for_chunks(&threads, fleet.size(), kChunk, [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t v = begin; v < end; ++v) {
      // A step starts where the last ended: the start pose is the last end pose (this step's ground
      // already, and the heading's unit vector kept there) at the state before the step.
      VehiclePose &start = fleet.start_poses[v], &at_end = fleet.poses[v];
      start = at_end;
      start.position_W = {fleet.x_before[v][0], fleet.x_before[v][1]};
      start.heading = fleet.x_before[v][2];
      at_end.position_W = {fleet.x[v][0], fleet.x[v][1]};
      at_end.set_heading(fleet.x[v][2]);
    }
  });
  if (instead) {
    contacts.assign(1, *instead);
    return;
  }
  pairs_.find(fleet.start_poses, fleet.poses, stats_, split(threads));
  sweep_scratch_.pairs = &pairs_;
  sweep_scratch_.threads = split(threads);
  if (!sweep_grown_first(detector(), fleet.start_poses, fleet.poses, contacts, stats_, sweep_scratch_)) {
    threads.for_ranges(fleet.size(), [&](int thread, std::size_t begin, std::size_t end) {
      detect_range(fleet.poses, thread, begin, end, contacts, stats_);
    });
    append_ranges(contacts, stats_);
  }
  pairs_.contacts(fleet.poses, contacts, stats_);
  drop_passing_pairs(fleet);
}

void Detection::drop_passing_pairs(Fleet& fleet) {
  if (!traffic_) return;
  std::vector<Contact>& contacts = step_.contacts;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < contacts.size(); ++i) {
    const Contact& c = contacts[i];
    if (c.other != kStaticScene && fleet.passing.passes(c.vehicle, c.other, fleet.poses)) {
      fleet.passing.overlapping(c.vehicle, c.other, fleet.poses);
      continue;
    }
    if (!step_.first_touch.empty()) step_.first_touch[kept] = step_.first_touch[i];
    contacts[kept++] = contacts[i];
  }
  contacts.resize(kept);
  if (!step_.first_touch.empty()) step_.first_touch.resize(kept);
}

void Detection::detect_range(std::span<const VehiclePose> poses, int thread, std::size_t begin, std::size_t end,
                             std::vector<Contact>& out, DetectorStats& stats) {
  const auto range = poses.subspan(begin, end - begin);
  // Shared slots are the vehicles' own indices; otherwise each detector numbers its range's from 0.
  const std::size_t first_slot = slots_shared_ ? begin : 0;
  if (thread == 0) return detector().detect_slots(first_slot, range, out, stats);
  const auto t = static_cast<std::size_t>(thread);
  std::vector<Contact>& own = thread_contacts_[t];
  own.clear();
  thread_stats_[t] = {};
  detectors_[t]->detect_slots(first_slot, range, own, thread_stats_[t]);
  renumber(own, 0, begin);
}

void Detection::grown_and_end_range(const Detector::GrownAndEnd& q, int thread, std::size_t begin, std::size_t end,
                                    DetectorStats& stats) {
  const std::size_t n = end - begin;
  Detector::GrownAndEnd range{q.grown.subspan(begin, n), q.end.subspan(begin, n), q.skippable.subspan(begin, n),
                              q.grown_out, q.end_out, q.clear.subspan(begin, n)};  // slots from 0: not shared
  if (thread == 0) return detector().detect_grown_and_end(range, stats);
  const auto t = static_cast<std::size_t>(thread);
  range.grown_out = &thread_grown_[t], range.end_out = &thread_contacts_[t];
  range.grown_out->clear(), range.end_out->clear();
  thread_stats_[t] = {};
  detectors_[t]->detect_grown_and_end(range, thread_stats_[t]);
  renumber(*range.grown_out, 0, begin);
  renumber(*range.end_out, 0, begin);
}

void Detection::grown_and_end_chunks(StepThreads& threads, const Detector::GrownAndEnd& q, DetectorStats& stats) {
  chunks_.clear();
  for (std::size_t t = 0; t < detectors_.size(); ++t) {
    thread_grown_[t].clear(), thread_contacts_[t].clear();
    thread_stats_[t] = {};
  }
  std::atomic<std::size_t> taken{0};
  chunks_.resize(chunks_.capacity());  // no allocation: reserved for the most chunks for_chunks makes
  for_chunks(&threads, q.grown.size(), kChunk, [&](int thread, std::size_t begin, std::size_t end) {
    const auto t = static_cast<std::size_t>(thread);
    std::vector<Contact>& grown = thread_grown_[t];
    std::vector<Contact>& ends = thread_contacts_[t];
    Chunk chunk{begin, t, grown.size(), 0, ends.size(), 0};
    const std::size_t n = end - begin;
    detectors_[t]->detect_grown_and_end({q.grown.subspan(begin, n), q.end.subspan(begin, n),
                                         q.skippable.subspan(begin, n), &grown, &ends, q.clear.subspan(begin, n),
                                         begin},
                                        thread_stats_[t]);
    chunk.grown_end = grown.size(), chunk.end_end = ends.size();
    renumber(grown, chunk.grown_begin, begin);
    renumber(ends, chunk.end_begin, begin);
    const std::size_t at = taken.fetch_add(1, std::memory_order_relaxed);
    assert(at < chunks_.size());  // reserved for most_chunks
    chunks_[at] = chunk;
  });
  chunks_.resize(taken.load(std::memory_order_relaxed));
  // In vehicle order: the serial detect_grown_and_end's lists, appended here. Copied on the threads into
  // lists resized first, the resize's value-initialisation alone cost more than these copies: the lists'
  // lines were last written on the other core.
  std::sort(chunks_.begin(), chunks_.end(), [](const Chunk& a, const Chunk& b) { return a.begin < b.begin; });
  const auto append = [](const std::vector<Contact>& from, std::size_t first, std::size_t last,
                          std::vector<Contact>& to) {
    const auto at = [&](std::size_t i) { return from.begin() + static_cast<std::ptrdiff_t>(i); };
    to.insert(to.end(), at(first), at(last));
  };
  for (const Chunk& c : chunks_) {
    append(thread_grown_[c.thread], c.grown_begin, c.grown_end, *q.grown_out);
    append(thread_contacts_[c.thread], c.end_begin, c.end_end, *q.end_out);
  }
  for (const DetectorStats& s : thread_stats_) stats += s;
}

void Detection::renumber(std::vector<Contact>& contacts, std::size_t from, std::size_t begin) {
  // The detector numbered the range's vehicles from 0.
  const int offset = static_cast<int>(begin);
  for (std::size_t i = from; i < contacts.size(); ++i) {
    Contact& c = contacts[i];
    c.vehicle += offset;
    if (c.other != kStaticScene) c.other += offset;
  }
}

void Detection::append_ranges(std::vector<Contact>& out, DetectorStats& stats, std::vector<Contact>* grown_out) {
  // In range order after thread 0's: the serial detect()'s list, vehicle by vehicle (Detector::detect).
  for (std::size_t t = 1; t < detectors_.size(); ++t) {
    out.insert(out.end(), thread_contacts_[t].begin(), thread_contacts_[t].end());
    if (grown_out) grown_out->insert(grown_out->end(), thread_grown_[t].begin(), thread_grown_[t].end());
    stats += thread_stats_[t];
  }
}

SweepThreads* Detection::split(StepThreads& threads) {
  if (threads.size() == 1) return nullptr;
  split_sweep_.detection = this, split_sweep_.threads = &threads;
  return &split_sweep_;
}

void Detection::SplitSweep::detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) {
  threads->for_ranges(poses.size(), [&](int thread, std::size_t begin, std::size_t end) {
    detection->detect_range(poses, thread, begin, end, out, stats);
  });
  detection->append_ranges(out, stats);
}

void Detection::SplitSweep::detect_grown_and_end(const Detector::GrownAndEnd& q, DetectorStats& stats) {
  if (detection->slots_shared_) return detection->grown_and_end_chunks(*threads, q, stats);
  threads->for_ranges(q.grown.size(), [&](int thread, std::size_t begin, std::size_t end) {
    detection->grown_and_end_range(q, thread, begin, end, stats);
  });
  detection->append_ranges(*q.end_out, stats, q.grown_out);
}

Detector& Detection::SplitSweep::detector(int thread) { return *detection->detectors_[static_cast<std::size_t>(thread)]; }

void Detection::SplitSweep::run(std::size_t count, Job job, void* work) {
  threads->for_ranges(count, [&](int thread, std::size_t begin, std::size_t end) { job(work, thread, begin, end); });
}

void Detection::sweep(Fleet& fleet, StepThreads& threads, bool skip) {
  std::vector<Contact>& contacts = step_.contacts;
  step_.first_touch.clear();
  if (skip) return;
  // A force acts over the next step, from the end-of-step state, while the car goes on into the wall:
  // the force application's J/dt, and any force answer (a spring on the overlap).
  if (at_end_) end_contacts_.assign(contacts.begin(), contacts.end());
  sweep_scratch_.pairs = &pairs_;
  sweep_scratch_.threads = split(threads);
  detector().sweep(fleet.start_poses, fleet.poses, contacts, stats_, sweep_scratch_);
  if (!at_end_) return drop_passing_pairs(fleet);
  // A contact still there at the end of the step is taken there, as the force mode always did, and
  // stamped with its first touch. Only one the end of the step no longer shows the right way (the CG past
  // the wall line, or through) is taken at its first touch.
  // Each contact's end contact is found on the threads and put in its place. A pair has one end contact:
  // where the swept contacts come in the end contacts' order (a crowd at rest), the one in the same place,
  // taken in the first pass. Otherwise the end contacts are looked up by vehicle (end_index_, built only
  // then): a pair's in contact order, since find() goes on from where the vehicle's last lookup stopped (a
  // crowd's thousands of pairs in O(1) each), which one thread at a time may do; the scene's, the first
  // like it.
  constexpr int kPairInOrder = ByVehicle::kNone - 1, kScene = ByVehicle::kNone - 2, kInPlace = ByVehicle::kNone - 3;
  const auto same = [&](std::size_t i, int e) {
    return same_sweep_key(contacts[i], end_contacts_[static_cast<std::size_t>(e)]);
  };
  constexpr std::size_t kContactsAChunk = 256;
  step_.first_touch.resize(contacts.size());
  end_of_contact_.resize(contacts.size());
  const auto take_in_place = [&](int, std::size_t begin, std::size_t end) {
    bool all = true;
    for (std::size_t i = begin; i < end; ++i) {
      step_.first_touch[i] = contacts[i].toi;
      int& e = end_of_contact_[i];
      if (contacts[i].other == kStaticScene) {
        e = kScene;
      } else if (i < end_contacts_.size() && same(i, static_cast<int>(i))) {
        contacts[i] = end_contacts_[i];
        e = kInPlace;
      } else {
        e = kPairInOrder;
      }
      all &= e == kInPlace;
    }
    return all;
  };
  if (all_chunks(&threads, contacts.size(), kContactsAChunk, take_in_place)) return drop_passing_pairs(fleet);
  end_index_.clear();
  for (const Contact& e : end_contacts_) end_index_.add(e.vehicle);
  for (std::size_t i = 0; i < contacts.size(); ++i)
    if (int& e = end_of_contact_[i]; e == kPairInOrder)
      e = end_index_.find(contacts[i].vehicle, [&](int entry) { return same(i, entry); });
  for_chunks(&threads, contacts.size(), kContactsAChunk, [&](int, std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      int e = end_of_contact_[i];
      if (e == kInPlace) continue;
      if (e == kScene)
        for (e = end_index_.first(contacts[i].vehicle); e != ByVehicle::kNone && !same(i, e);) e = end_index_.next(e);
      if (e != ByVehicle::kNone) contacts[i] = end_contacts_[static_cast<std::size_t>(e)];
    }
  });
  drop_passing_pairs(fleet);
}

}  // namespace crashbench
