#include "cases/event_log.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <new>

namespace crashbench {
namespace {

std::uintptr_t page_size() {
  static const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  return page;
}

}  // namespace

template <class T>
void SegmentLog<T>::reserve(std::size_t n) {
  if (!segments_.empty()) return;
  first_ = std::max<std::size_t>(n, 1);
  segments_.push_back(std::allocator<T>().allocate(first_));
}

template <class T>
T& SegmentLog<T>::emplace_back() {
  const std::size_t k = segment_of(size_);
  // std::allocator gives storage without constructing anything in it: a new segment costs the kernel
  // nothing until its records are written.
  if (k == segments_.size()) segments_.push_back(std::allocator<T>().allocate(segment_size(k)));
  T* e = ::new (segments_[k] + (size_ - segment_start(k))) T();
  ++size_;
  return *e;
}

template <class T>
void SegmentLog<T>::reserve_upto(std::size_t n) {
  if (n == 0) return;
  for (std::size_t k = segments_.size(); k <= segment_of(n - 1); ++k)
    segments_.push_back(std::allocator<T>().allocate(segment_size(k)));
}

template <class T>
void SegmentLog<T>::populate(std::size_t first, std::size_t last) const {
#ifdef MADV_POPULATE_WRITE
  const std::uintptr_t page = page_size();
  while (first < last) {
    const std::size_t k = segment_of(first), end = std::min(last, segment_start(k) + segment_size(k));
    // Whole pages, from the one holding the range's first byte to the one holding its last: the other
    // bytes on them (earlier records, the allocator's) are neither read nor written.
    const auto from = reinterpret_cast<std::uintptr_t>(at(first)) & ~(page - 1);
    const auto to = reinterpret_cast<std::uintptr_t>(at(end - 1) + 1);
    madvise(reinterpret_cast<void*>(from), to - from, MADV_POPULATE_WRITE);  // a hint: an error changes nothing
    first = end;
  }
#else
  (void)first, (void)last;
#endif
}

template <class T>
void SegmentLog<T>::move_to(std::vector<T>& out) {
  // A piece of about 3 MB at a time, its pages handed back to the kernel once copied: the peak is the
  // records once and a piece, where freeing each segment once copied left the records once and a segment
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

template <class T>
void SegmentLog<T>::drop_pages(const T* first, const T* last) {
  // Only the pages that lie wholly inside the range: the bytes around it (the next piece, the allocator's)
  // keep theirs. MADV_DONTNEED on private anonymous memory: a later touch finds a zeroed page, so the
  // allocator may still write its own words into the freed segment.
  const std::uintptr_t page = page_size();
  const auto from = (reinterpret_cast<std::uintptr_t>(first) + page - 1) & ~(page - 1);
  const auto to = reinterpret_cast<std::uintptr_t>(last) & ~(page - 1);
  if (from < to) madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);  // a hint: an error keeps the pages
}

template <class T>
void SegmentLog<T>::free_segment(std::size_t k) {
  std::allocator<T>().deallocate(segments_[k], segment_size(k));
  segments_[k] = nullptr;
}

template <class T>
void SegmentLog<T>::release() {
  for (std::size_t k = 0; k < segments_.size(); ++k)
    if (segments_[k] != nullptr) free_segment(k);
  segments_.clear();
  size_ = 0;
}

template class SegmentLog<ImpactEvent>;
template class SegmentLog<OtherBody>;
template class SegmentLog<ImpactEnd>;

void EventLog::truncate(std::size_t n) {
  // Other bodies and ends are added in event order: the first one a dropped event holds starts the
  // dropped ones.
  const auto drop_from = [&](auto& log, int ImpactEvent::*index) {
    for (std::size_t i = n; i < size(); ++i)
      if (const int k = (*this)[i].*index; k >= 0) return log.truncate(static_cast<std::size_t>(k));
  };
  drop_from(others_, &ImpactEvent::other_body);
  drop_from(ends_, &ImpactEvent::model_end);
  Events::truncate(n);
}

void EventLog::move_to(std::vector<ImpactEvent>& out, std::vector<OtherBody>& out_others,
                       std::vector<ImpactEnd>& out_ends) {
  const std::size_t first = out.size();
  const int others_base = static_cast<int>(out_others.size()), ends_base = static_cast<int>(out_ends.size());
  Events::move_to(out);
  others_.move_to(out_others);
  ends_.move_to(out_ends);
  for (std::size_t i = first; i < out.size(); ++i) {
    if (out[i].other_body >= 0) out[i].other_body += others_base;
    if (out[i].model_end >= 0) out[i].model_end += ends_base;
  }
}

bool says_anything(const ImpactEnd& end) {
  const auto differ = [](double a, double b) {
    return std::bit_cast<std::uint64_t>(a) != std::bit_cast<std::uint64_t>(b);
  };
  const auto state_differs = [&](const ImpactEndState& a, const ImpactEndState& b) {
    return differ(a.velocity_B.x(), b.velocity_B.x()) || differ(a.velocity_B.y(), b.velocity_B.y()) ||
           differ(a.yaw_rate, b.yaw_rate) || differ(a.roll_rate, b.roll_rate);
  };
  const ImpactEnd none;
  return differ(end.duration, none.duration) || state_differs(end.a, none.a) || state_differs(end.b, none.b) ||
         differ(end.peak_force, none.peak_force) || differ(end.max_depth, none.max_depth);
}

}  // namespace crashbench
