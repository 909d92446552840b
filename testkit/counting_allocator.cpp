#include "testkit/counting_allocator.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CRASHBENCH_UNDER_THREAD_SANITIZER 1
#include <sanitizer/allocator_interface.h>
#endif
#endif

namespace {
std::atomic<std::int64_t> g_allocations{0};
std::atomic<std::int64_t> g_bytes{0};

void count(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(static_cast<std::int64_t>(size), std::memory_order_relaxed);
}
}  // namespace

std::int64_t crashbench::testing::allocation_count() { return g_allocations.load(std::memory_order_relaxed); }
std::int64_t crashbench::testing::allocated_bytes() { return g_bytes.load(std::memory_order_relaxed); }

#ifdef CRASHBENCH_UNDER_THREAD_SANITIZER
// ThreadSanitizer's runtime defines the global allocation functions (it must see every allocation), so
// there the allocations are counted through its malloc hook instead: every operator new, and malloc.
namespace {
void count_allocation(const volatile void*, std::size_t size) { count(size); }
void ignore_free(const volatile void*) {}
[[maybe_unused]] const int g_hooked = __sanitizer_install_malloc_and_free_hooks(count_allocation, ignore_free);
}  // namespace
#else
namespace {
void* counted_allocate(std::size_t size) {
  count(size);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
}  // namespace

// Replacing the global allocation functions counts every allocation made by the binary.
void* operator new(std::size_t size) { return counted_allocate(size); }
void* operator new[](std::size_t size) { return counted_allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
// The nothrow forms too (std::stable_sort's buffer comes from them and goes back through delete): a
// sanitizer's own nothrow new paired with the free() above is an alloc-dealloc mismatch.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_allocate(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept { return operator new(size, tag); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
#endif
