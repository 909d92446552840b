#pragma once
// The impact events of a run while it steps. At traffic scale they come at hundreds of megabytes (10,000
// cars for 4 s: about 540,000 events of 736 bytes); in one vector, each doubling copied every event before
// it inside one step (a 200 ms step of 5 ms ones at the 256 MB doubling). Here they go into segments
// that never move, each twice the last, so that appending never copies and allocates as rarely as a
// vector grows; a segment's pages are touched only as its events are written. The runner hands the events
// to RunResult::events when the run ends.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

#include "cases/verdicts.hpp"

namespace crashbench {

class EventLog {
 public:
  EventLog() { segments_.reserve(64); }  // more than any size_t count of events needs
  EventLog(const EventLog&) = delete;
  EventLog& operator=(const EventLog&) = delete;
  ~EventLog() { release(); }

  /// Before the first event: storage for `n` events at once, the first segment (each next one twice the
  /// last); without it the first segment holds 1,024.
  void reserve(std::size_t n);
  /// A new event, value-initialised, at index size() - 1. References to earlier events stay valid.
  ImpactEvent& emplace_back();
  /// Storage for events up to index `n` (exclusive), allocated here: populate() may then be called on it
  /// from any thread.
  void reserve_upto(std::size_t n);
  /// Asks the kernel to fault in the pages of events [first, last) (storage reserved) now, so that writing
  /// them later faults none. Faulting the pages of a step's new events is most of the time it takes to
  /// record them (10,000 cars: half the resolve phase); here it can be split over threads. Only a hint:
  /// where the kernel cannot (before Linux 5.14), the writes fault as before. Reads and writes no event.
  void populate(std::size_t first, std::size_t last) const;
  ImpactEvent& operator[](std::size_t i) { return *at(i); }
  const ImpactEvent& operator[](std::size_t i) const { return *at(i); }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// Drops the events from index `n` on (none when n >= size()); keeps the segments for reuse.
  void truncate(std::size_t n) { size_ = std::min(size_, n); }
  /// Appends every event to `out`, in order, and empties the log, handing back each piece's pages once
  /// copied.
  void move_to(std::vector<ImpactEvent>& out);

 private:
  // Events are placed into raw storage and never destroyed one by one.
  static_assert(std::is_trivially_destructible_v<ImpactEvent>);

  /// Segment k holds first_ << k events, from index first_ * (2^k - 1).
  std::size_t segment_of(std::size_t i) const { return static_cast<std::size_t>(std::bit_width(i / first_ + 1)) - 1; }
  std::size_t segment_start(std::size_t k) const { return first_ * ((std::size_t{1} << k) - 1); }
  ImpactEvent* at(std::size_t i) const {
    const std::size_t k = segment_of(i);
    return segments_[k] + (i - segment_start(k));
  }
  std::size_t segment_size(std::size_t k) const { return first_ << k; }
  void free_segment(std::size_t k);
  /// Hands the pages wholly inside [first, last) back to the kernel: their events are read no more.
  static void drop_pages(const ImpactEvent* first, const ImpactEvent* last);
  void release();

  std::size_t first_ = 1024;
  std::vector<ImpactEvent*> segments_;  // raw storage from std::allocator, first_ << k events each
  std::size_t size_ = 0;
};

}  // namespace crashbench
