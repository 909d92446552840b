#include "detectors/swept.hpp"

#include <cmath>
#include <utility>

#include "detectors/sweep_keys.hpp"
#include "detectors/sweep_search.hpp"

namespace crashbench {
namespace {

using namespace sweep_keys;
using sweep_search::Sweep;

/// Each vehicle's growth and motion over the step into `s`; returns the substeps the step needs.
int measure_step(std::span<const VehiclePose> start, std::span<const VehiclePose> end, SweepThreads* threads,
                 SweepScratch& s) {
  s.motion.resize(end.size());
  s.growth.resize(end.size());
  s.substep_bounds.assign(static_cast<std::size_t>(threads ? threads->size() : 1), SubstepBounds{});
  const auto measure = [&](int thread, std::size_t first, std::size_t last) {
    SubstepBounds bounds;  // in registers: the stores to growth and motion may alias memory's
    for (std::size_t v = first; v < last; ++v) {
      s.growth[v] = growth_rates(start[v], end[v], s.motion[v]);
      bounds.add(end[v].size, s.motion[v]);
    }
    s.substep_bounds[static_cast<std::size_t>(thread)].add(bounds);
  };
  for_chunks(threads, end.size(), kPosesAChunk, measure);
  // Smallest and largest of the same values whichever thread took which: the serial pass's bits.
  SubstepBounds all;
  for (const SubstepBounds& bounds : s.substep_bounds) all.add(bounds);
  return all.substeps();
}

/// The step's candidate pairs: the caller's, or found into own_pairs.
StepPairs& step_pairs(std::span<const VehiclePose> start, std::span<const VehiclePose> end, DetectorStats& stats,
                      SweepScratch& s) {
  if (!s.pairs) s.own_pairs.find(start, end, stats);
  return s.pairs ? *std::exchange(s.pairs, nullptr) : s.own_pairs;
}

}  // namespace

bool sweep_grown_first(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                       std::vector<Contact>& end_out, DetectorStats& stats, SweepScratch& scratch) {
  SweepScratch& s = scratch;
  s.grown_first = false;
  StepPairs& pairs = step_pairs(start, end, stats, s);
  SweepThreads* threads = std::exchange(s.threads, nullptr);
  s.measured_substeps = measure_step(start, end, threads, s);
  if (s.measured_substeps != 1) return false;
  Sweep sweep{{start, end, scratch}, detector, stats, scratch, pairs, threads};
  sweep.grown_scene_and_end(end_out);
  s.grown_first = true;
  return true;
}

void sweep_by_substeps(Detector& detector, std::span<const VehiclePose> start, std::span<const VehiclePose> end,
                       std::vector<Contact>& out, DetectorStats& stats, SweepScratch& scratch) {
  SweepScratch& s = scratch;
  // After sweep_grown_first: the step is measured, and if it needs no substeps its grown query is in s.grown.
  const bool grown_first = std::exchange(s.grown_first, false);
  const int measured = std::exchange(s.measured_substeps, 0);
  StepPairs& pairs = step_pairs(start, end, stats, s);
  SweepThreads* threads = std::exchange(s.threads, nullptr);
  const int n = measured > 0 ? measured : measure_step(start, end, threads, s);
  Sweep sweep{{start, end, scratch}, detector, stats, scratch, pairs, threads};
  // Small motion and nothing touching at the end: one grown query holds every rectangle's whole sweep;
  // if it touches nothing, nothing was touched during the step.
  using FirstQuery = Sweep::FirstQuery;
  FirstQuery first = grown_first ? FirstQuery::kScene : FirstQuery::kNotDone;
  if (n == 1 && out.empty()) {
    if (grown_first) {
      sweep.grown_pairs([](std::size_t) { return false; });
    } else {
      sweep.select_all();
      s.grown.clear();
      s.grown_pair.clear();
      sweep.query_selected(0.5, s.grown, s.grown_pair, 1.0);
    }
    if (s.grown.empty()) return sweep.remember_end(out);
    first = FirstQuery::kDone;
  }
  s.keys.clear();
  s.key_index.clear();
  s.scene_keys.clear();
  s.key_of_pair.assign(pairs.candidates().size(), -1);
  s.start_of_pair.assign(pairs.candidates().size(), -1);
  s.extra_pairs.clear();
  // The tested poses: the start, the substeps, the end. With one substep only the vehicles touching at
  // the end can be touching there.
  n == 1 ? sweep.select_involved(out) : sweep.select_all();
  sweep.start_overlaps();
  file_keys(s.start, s.start_pair, 0, 0, s);
  s.start_index.clear();
  s.start_scene.clear();
  for (std::size_t j = 0; j < s.start.size(); ++j) {
    const int pair = s.start_pair[j];
    if (pair >= 0) {
      int& first = s.start_of_pair[static_cast<std::size_t>(pair)];
      if (first == -1) first = static_cast<int>(j);
      continue;
    }
    s.start_index.add(s.start[j].vehicle);
    s.start_scene.push_back(static_cast<int>(j));
  }
  for (int k = 1; k < n; ++k) {
    sweep.select_all();
    s.found.clear();
    s.found_pair.clear();
    sweep.query_selected(static_cast<double>(k) / n, s.found, s.found_pair);
    file_keys(s.found, s.found_pair, static_cast<double>(k - 1) / n, static_cast<double>(k) / n, s);
  }
  sweep.index_pairs(out, s.end_pair);
  file_keys(out, s.end_pair, static_cast<double>(n - 1) / n, 1.0, s);
  sweep.remember_end(out, true);  // `out` is given the result below
  // Between the tested poses: touches that begin and end there.
  sweep.certify_intervals(n, first);
  sweep.settle_keys();
  out.swap(s.result);  // no copy of a crowd's half a million contacts
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
