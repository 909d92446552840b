#pragma once
// An allocator for the large arrays a query reads at random (the detectors' and the no_tunnelling
// check's grids: cell offsets, cell lists, per-item stamps). On a scene of kilometres such an array is
// tens of megabytes, each car reads a few cache lines of it somewhere different, and with 4 KiB pages
// nearly every read is a TLB miss as well as a cache miss. Blocks of at least 2 MiB are therefore
// aligned to 2 MiB and advised as transparent huge pages (madvise MADV_HUGEPAGE; Linux grants them when it
// can and ignores the advice otherwise); smaller blocks come from operator new as usual. 10,000 cars on
// track-tiled-100k with `tree`: about 985 -> 820 ns per car for the whole step (scale_bench; docs/scale.md).
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace crashbench {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    if (n > max_size()) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kHugePage) return static_cast<T*>(::operator new(bytes));
    const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, rounded);
    if (p == nullptr) throw std::bad_alloc();
    madvise(p, rounded, MADV_HUGEPAGE);  // advice only: a kernel without THP leaves 4 KiB pages
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < kHugePage)
      ::operator delete(p);
    else
      std::free(p);
  }
  static constexpr std::size_t max_size() { return static_cast<std::size_t>(-1) / 2 / sizeof(T); }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const { return true; }
};

/// A vector of a grid's large array (see above).
template <class T>
using GridVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace crashbench
