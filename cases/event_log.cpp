#include "cases/event_log.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <new>

namespace crashbench {
namespace {

std::uintptr_t page_size() {
  static const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  return page;
}

}  // namespace

void EventLog::reserve(std::size_t n) {
  if (!segments_.empty()) return;
  first_ = std::max<std::size_t>(n, 1);
  segments_.push_back(std::allocator<ImpactEvent>().allocate(first_));
}

ImpactEvent& EventLog::emplace_back() {
  const std::size_t k = segment_of(size_);
  // std::allocator gives storage without constructing anything in it: a new segment costs the kernel
  // nothing until its events are written.
  if (k == segments_.size()) segments_.push_back(std::allocator<ImpactEvent>().allocate(segment_size(k)));
  ImpactEvent* e = ::new (segments_[k] + (size_ - segment_start(k))) ImpactEvent();
  ++size_;
  return *e;
}

void EventLog::reserve_upto(std::size_t n) {
  if (n == 0) return;
  for (std::size_t k = segments_.size(); k <= segment_of(n - 1); ++k)
    segments_.push_back(std::allocator<ImpactEvent>().allocate(segment_size(k)));
}

void EventLog::populate(std::size_t first, std::size_t last) const {
#ifdef MADV_POPULATE_WRITE
  const std::uintptr_t page = page_size();
  while (first < last) {
    const std::size_t k = segment_of(first), end = std::min(last, segment_start(k) + segment_size(k));
    // Whole pages, from the one holding the range's first byte to the one holding its last: the other
    // bytes on them (earlier events, the allocator's) are neither read nor written.
    const auto from = reinterpret_cast<std::uintptr_t>(at(first)) & ~(page - 1);
    const auto to = reinterpret_cast<std::uintptr_t>(at(end - 1) + 1);
    madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);  // a hint: an error changes nothing
    first = end;
  }
#else
  (void)first, (void)last;
#endif
}

void EventLog::move_to(std::vector<ImpactEvent>& out) {
  // A piece of about 3 MB at a time, its pages handed back to the kernel once copied: the peak is the
  // events once and a piece, where freeing each segment once copied left the events once and a segment
  // (the last full one holds a third of them: 100,000 cars, 5.2 million events, 1.5 GB more).
  constexpr std::size_t kPiece = 4096;
  out.reserve(out.size() + size_);
  for (std::size_t k = 0; k < segments_.size(); ++k) {
    const std::size_t start = segment_start(k);
    const std::size_t count = size_ > start ? std::min(size_ - start, segment_size(k)) : 0;
    for (std::size_t done = 0; done < count;) {
      const std::size_t next = std::min(count, done + kPiece);
      out.insert(out.end(), segments_[k] + done, segments_[k] + next);
      drop_pages(segments_[k] + done, segments_[k] + next);
      done = next;
    }
    free_segment(k);
  }
  release();
}

void EventLog::drop_pages(const ImpactEvent* first, const ImpactEvent* last) {
  // Only the pages that lie wholly inside the range: the bytes around it (the next piece, the allocator's)
  // keep theirs. MADV_DONTNEED on private anonymous memory: a later touch finds a zeroed page, so the
  // allocator may still write its own words into the freed segment.
  const std::uintptr_t page = page_size();
  const auto from = (reinterpret_cast<std::uintptr_t>(first) + page - 1) & ~(page - 1);
  const auto to = reinterpret_cast<std::uintptr_t>(last) & ~(page - 1);
  if (from < to) madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);  // a hint: an error keeps the pages
}

void EventLog::free_segment(std::size_t k) {
  std::allocator<ImpactEvent>().deallocate(segments_[k], segment_size(k));
  segments_[k] = nullptr;
}

void EventLog::release() {
  for (std::size_t k = 0; k < segments_.size(); ++k)
    if (segments_[k] != nullptr) free_segment(k);
  segments_.clear();
  size_ = 0;
}

}  // namespace crashbench
