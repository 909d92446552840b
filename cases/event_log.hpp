#pragma once
// The impact events of a run while it steps. At traffic scale they come at hundreds of megabytes (10,000
// cars for 4 s: about 540,000 events of 544 bytes); in one vector, each doubling copied every event before
// it inside one step (a 200 ms step of 5 ms ones at the 256 MB doubling). Here they go into segments
// that never move, each twice the last, so that appending never copies and allocates as rarely as a
// vector grows; a segment's pages are touched only as its events are written. The other vehicle's bodies
// of a two-vehicle event go into a second such store (OtherBody). The runner hands both to the RunResult
// when the run ends.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

#include "cases/verdicts.hpp"

namespace crashbench {

/// Records of one type in segments that never move (see above); instantiated for ImpactEvent and OtherBody.
template <class T>
class SegmentLog {
 public:
  SegmentLog() { segments_.reserve(64); }  // more than any size_t count of records needs
  SegmentLog(const SegmentLog&) = delete;
  SegmentLog& operator=(const SegmentLog&) = delete;
  ~SegmentLog() { release(); }

  /// Before the first record: storage for `n` at once, the first segment (each next one twice the last);
  /// without it the first segment holds 1,024.
  void reserve(std::size_t n);
  /// A new record, value-initialised, at index size() - 1. References to earlier records stay valid.
  T& emplace_back();
  /// Storage for records up to index `n` (exclusive), allocated here: populate() may then be called on it
  /// from any thread.
  void reserve_upto(std::size_t n);
  /// Asks the kernel to fault in the pages of records [first, last) (storage reserved) now, so that writing
  /// them later faults none. Faulting the pages of a step's new events is most of the time it takes to
  /// record them (10,000 cars: half the resolve phase); here it can be split over threads. Only a hint:
  /// where the kernel cannot (before Linux 5.14), the writes fault as before. Reads and writes no record.
  void populate(std::size_t first, std::size_t last) const;
  T& operator[](std::size_t i) { return *at(i); }
  const T& operator[](std::size_t i) const { return *at(i); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// Drops the records from index `n` on (none when n >= size()); keeps the segments for reuse.
  void truncate(std::size_t n) { size_ = std::min(size_, n); }
  /// Appends every record to `out`, in order, and empties the log, handing back each piece's pages once
  /// copied.
  void move_to(std::vector<T>& out);

 private:
  // Records are placed into raw storage and never destroyed one by one.
  static_assert(std::is_trivially_destructible_v<T>);

  /// Segment k holds first_ << k records, from index first_ * (2^k - 1).
  std::size_t segment_of(std::size_t i) const { return static_cast<std::size_t>(std::bit_width(i / first_ + 1)) - 1; }
  std::size_t segment_start(std::size_t k) const { return first_ * ((std::size_t{1} << k) - 1); }
  T* at(std::size_t i) const {
    const std::size_t k = segment_of(i);
    return segments_[k] + (i - segment_start(k));
  }
  std::size_t segment_size(std::size_t k) const { return first_ << k; }
  void free_segment(std::size_t k);
  /// Hands the pages wholly inside [first, last) back to the kernel: their records are read no more.
  static void drop_pages(const T* first, const T* last);
  void release();

  std::size_t first_ = 1024;
  std::vector<T*> segments_;  // raw storage from std::allocator, first_ << k records each
  std::size_t size_ = 0;
};

/// Whether `end` differs from ImpactEnd{} in any field, bit for bit (-0.0 from 0.0 too, as the physics
/// hash tells them apart): only such ends are kept (EventLog::add_end).
bool says_anything(const ImpactEnd& end);

/// The run's events, the other vehicle's bodies of its two-vehicle events, and the model's end states of
/// the events that have them.
class EventLog : private SegmentLog<ImpactEvent> {
  using Events = SegmentLog<ImpactEvent>;

 public:
  using Events::empty, Events::emplace_back, Events::populate, Events::reserve_upto, Events::size;
  using Events::operator[];

  /// Before the first event: storage for `n` events, and for as many other bodies and ends (every event
  /// may be a two-vehicle one with an end; storage not written costs the kernel nothing).
  void reserve(std::size_t n) {
    Events::reserve(n);
    others_.reserve(n);
    ends_.reserve(n);
  }
  /// The other vehicle's bodies for `event` (a two-vehicle event, its other_body not yet set), value-
  /// initialised. References to earlier ones stay valid.
  OtherBody& add_other(ImpactEvent& event) {
    event.other_body = static_cast<int>(others_.size());
    return others_.emplace_back();
  }
  OtherBody& other(const ImpactEvent& event) { return others_[static_cast<std::size_t>(event.other_body)]; }
  /// Keeps `end` as `event`'s model end (its model_end not yet set) when it says anything (says_anything).
  void add_end(ImpactEvent& event, const ImpactEnd& end) {
    if (!says_anything(end)) return;
    event.model_end = static_cast<int>(ends_.size());
    ends_.emplace_back() = end;
  }
  /// `event`'s other vehicle, or nullptr against the scene.
  const OtherBody* other_of(const ImpactEvent& event) const {
    return event.other_body < 0 ? nullptr : &others_[static_cast<std::size_t>(event.other_body)];
  }
  /// Drops the events from index `n` on, their other bodies and their ends.
  void truncate(std::size_t n);
  /// Appends the events to `out`, their other bodies to `out_others` and their ends to `out_ends`,
  /// renumbering the events' other_body and model_end past what those held, and empties the log.
  void move_to(std::vector<ImpactEvent>& out, std::vector<OtherBody>& out_others, std::vector<ImpactEnd>& out_ends);

 private:
  SegmentLog<OtherBody> others_;
  SegmentLog<ImpactEnd> ends_;
};

}  // namespace crashbench
