#pragma once
// The detection phase: the case's detector (one per thread: their per-query scratch is per instance) on
// the step's end poses, scene then pairs, and the sweep from the start poses that gives each contact its
// time of impact (docs/swept-detection.md). Its product, StepContacts, is what the impact pass resolves.
#include <memory>
#include <vector>

#include "cases/case.hpp"
#include "cases/runner/fleet.hpp"
#include "cases/runner/step_threads.hpp"
#include "core/per_thread.hpp"
#include "detectors/broadphase/contacts_by_vehicle.hpp"
#include "detectors/detector.hpp"
#include "detectors/swept.hpp"

namespace crashbench {

/// A step's contacts as detection leaves them: each with its time of impact (Contact::toi, a fraction of
/// the step), and, when contacts are taken at the end of the step, each one's first touch.
struct StepContacts {
  std::vector<Contact> contacts;
  /// Contacts taken at the step's end (force application, force answers): parallel to `contacts`, the
  /// fraction of the step at which each first touched. Empty otherwise.
  std::vector<double> first_touch;
};

class Detection {
 public:
  /// Builds `threads` detectors from the case's options on `scene` (which must outlive this) and checks
  /// the scene has what the detector reads. `at_end`: contacts are taken at the end of the step (force
  /// application or a force-answering model), stamped with their first touch.
  Detection(const Case& c, const Scene& scene, int threads, bool at_end);

  /// Writes each vehicle's end and start poses from the fleet's states, then detects on the end poses
  /// into contacts(): the scene's contacts vehicle by vehicle (the serial order for any thread count),
  /// then the pairs' (from the step's pairs(), found here). In a step that needs no substeps the sweep's
  /// grown query over the whole step runs first (sweep_grown_first), and the vehicles it knows clear are
  /// not queried at the end: their queries would find nothing. `instead`: not detected; this one contact
  /// is the step's.
  void detect(Fleet& fleet, StepThreads& threads, const Contact* instead = nullptr);
  /// Sweeps from the start poses: every contact gets its time of impact (`skip`: as detected). Its queries
  /// over the whole fleet are split over `threads` as detect() splits the scene query.
  void sweep(Fleet& fleet, StepThreads& threads, bool skip);
  /// Drops the pair contacts of vehicles that pass through each other (cases/traffic/sumo_role.hpp),
  /// noting each such pair as overlapping this step.
  void drop_passing_pairs(Fleet& fleet);

  StepContacts& contacts() { return step_; }
  const StepContacts& contacts() const { return step_; }
  /// The case's detector (thread 0's), for single-pose queries inside the step.
  Detector& detector() { return *detectors_.front(); }
  const DetectorStats& stats() const { return stats_; }
  /// The step's candidate vehicle pairs, found by detect() from the start and end poses: read by
  /// detection, the sweep and the no_tunnelling check alike.
  const StepPairs& pairs() const { return pairs_; }
  DetectorStats& stats() { return stats_; }

 private:
  /// The scene contacts of poses [begin, end) on `thread`'s detector: thread 0's appended to `out` (its
  /// stats to `stats`), the others' into their own buffers with the vehicles' case indices.
  void detect_range(std::span<const VehiclePose> poses, int thread, std::size_t begin, std::size_t end,
                    std::vector<Contact>& out, DetectorStats& stats);
  /// The same for Detector::detect_grown_and_end of vehicles [begin, end) of `q`, where the detectors do not
  /// share their slots (otherwise grown_and_end_chunks).
  void grown_and_end_range(const Detector::GrownAndEnd& q, int thread, std::size_t begin, std::size_t end,
                           DetectorStats& stats);
  /// The same in chunks any thread may take (the detectors share slots): each thread's into its own
  /// lists, then appended to q's in vehicle order.
  void grown_and_end_chunks(StepThreads& threads, const Detector::GrownAndEnd& q, DetectorStats& stats);
  /// Renumbers contacts [from, end) of a range, numbered from 0 by its detector, from vehicle `begin` on.
  static void renumber(std::vector<Contact>& contacts, std::size_t from, std::size_t begin);
  /// Appends the buffers of threads 1, 2, ... to `out` (and their grown contacts to `grown_out`, if given)
  /// and their stats to `stats`: after thread 0's, the serial order.
  void append_ranges(std::vector<Contact>& out, DetectorStats& stats, std::vector<Contact>* grown_out = nullptr);
  /// The step's threads as the passes below the runner use them (the step's pairs, the sweep): the
  /// sweep's queries over every vehicle are split as detect() splits the scene query (the same ranges,
  /// so each thread's detector keeps seeing the same vehicles).
  struct SplitSweep final : SweepThreads {
    Detection* detection = nullptr;
    StepThreads* threads = nullptr;
    void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override;
    void detect_grown_and_end(const Detector::GrownAndEnd& q, DetectorStats& stats) override;
    Detector& detector(int thread) override;
    int size() const override { return threads->size(); }
    void run(std::size_t count, Job job, void* work) override;
  };
  /// `threads` for the pair and sweep passes: null for one thread (they run inline).
  SweepThreads* split(StepThreads& threads);

  bool at_end_;
  bool traffic_;  ///< SUMO's vehicles pass through released ones (drop_passing_pairs)
  std::vector<std::unique_ptr<Detector>> detectors_;  ///< [t] for thread t
  /// Whether the threads' detectors share their slots (Detector::share_slots): then the grown and end
  /// queries are taken in chunks, as the other per-vehicle passes are, and a thread whose vehicles cost
  /// less takes the others' instead of waiting for them.
  bool slots_shared_ = false;
  static constexpr std::size_t kChunk = 256;           ///< vehicles a chunk of the grown and end queries
  PerThread<std::vector<Contact>> thread_contacts_;  ///< [t]: thread t's end contacts
  PerThread<std::vector<Contact>> thread_grown_;     ///< [t]: detect_grown_and_end's grown
  PerThread<DetectorStats> thread_stats_;            ///< [t]
  /// A chunk's contacts in its thread's lists: grown [grown_begin, grown_end), end [end_begin, end_end).
  struct Chunk {
    std::size_t begin, thread, grown_begin, grown_end, end_begin, end_end;
  };
  std::vector<Chunk> chunks_;  ///< grown_and_end_chunks: the chunks taken, then in vehicle order
  DetectorStats stats_;
  StepPairs pairs_;
  StepContacts step_;
  SweepScratch sweep_scratch_;
  SplitSweep split_sweep_;
  std::vector<Contact> end_contacts_;   ///< at_end: the overlaps at the end of this step
  ByVehicle end_index_;                 ///< at_end: end_contacts_ by vehicle
  std::vector<int> end_of_contact_;     ///< at_end, per contact: its index in end_contacts_, kNone, or a mark of sweep()
};

}  // namespace crashbench
