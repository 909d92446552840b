#pragma once
// Per-vehicle work split over threads: contiguous vehicle ranges, range t on thread t. The runner's threads
// (cases/runner/step_threads.hpp) are one; the passes below the runner that run over the whole fleet (the
// step's vehicle pairs, the sweep, the no_tunnelling check) take them through this interface. Each vehicle's
// result goes to its own slot, or each range's to its own buffer merged in range order, so that a split
// run gives the same bits as one thread.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <type_traits>

namespace crashbench {

class VehicleRanges {
 public:
  /// How many ranges, and threads, a call splits into.
  virtual int size() const = 0;

  /// Calls work(thread, begin, end) for every thread's range of [0, count) and returns once all are done.
  /// An exception thrown by a range is rethrown here (the lowest range's first). Allocates nothing.
  template <class Work>
  void for_ranges(std::size_t count, Work&& work) {
    if (size() == 1) {
      work(0, std::size_t{0}, count);
      return;
    }
    run(count, &call<std::remove_reference_t<Work>>, const_cast<void*>(static_cast<const void*>(&work)));
  }

 protected:
  ~VehicleRanges() = default;
  using Job = void (*)(void* work, int thread, std::size_t begin, std::size_t end);
  /// Runs job(work, t, range t) on every thread t.
  virtual void run(std::size_t count, Job job, void* work) = 0;

 private:
  template <class Work>
  static void call(void* work, int thread, std::size_t begin, std::size_t end) {
    (*static_cast<Work*>(work))(thread, begin, end);
  }
};

/// ranges->for_ranges, or work(0, 0, count) on the calling thread where `ranges` is null.
template <class Work>
void split_over(VehicleRanges* ranges, std::size_t count, Work&& work) {
  if (ranges) return ranges->for_ranges(count, work);
  work(0, std::size_t{0}, count);
}

/// The smallest chunk for_chunks takes of `chunk` (but a range's last), and the step its chunks shrink by.
inline std::size_t chunk_eighth(std::size_t chunk) { return std::max(chunk / 8, std::size_t{1}); }

/// Calls work(thread, begin, end) on chunks of at most `chunk` vehicles covering [0, count): each thread
/// takes the chunks of its own contiguous range first (its vehicles stay in its core's cache from phase
/// to phase, as with for_ranges), then whatever chunks of the other ranges are still left. For per-vehicle
/// work whose result does not depend on which thread did a vehicle (nothing kept per thread between
/// steps, no output merged in range order). Fixed ranges leave the threads waiting for the slowest (a
/// thread the VM runs slower, or a range of dearer vehicles); taking the others' chunks keeps them busy
/// to the end. The chunks shrink as a range runs out, to an eighth of `chunk` and by whole eighths (whole
/// batches for the integration's chunks of batches), so that the last one taken, which the other thread
/// waits for, is short.
template <class Work>
void for_chunks(VehicleRanges* ranges, std::size_t count, std::size_t chunk, Work&& work) {
  const auto threads = static_cast<std::size_t>(ranges ? ranges->size() : 1);
  constexpr std::size_t kMostRanges = 64;  // cursors on the stack: 4 kB
  if (threads == 1 || threads > kMostRanges) return split_over(ranges, count, work);
  chunk = std::max(chunk, std::size_t{1});
  const std::size_t eighth = chunk_eighth(chunk);
  struct alignas(64) Cursor {  // one range's next vehicle, on a cache line of its own
    std::atomic<std::size_t> next;
    std::size_t end;
  };
  std::array<Cursor, kMostRanges> cursors;
  for (std::size_t t = 0; t < threads; ++t) {
    cursors[t].next.store(t * count / threads, std::memory_order_relaxed);
    cursors[t].end = (t + 1) * count / threads;
  }
  // With `left` vehicles of a range not taken: a 2 * threads-th of them, in whole eighths of a chunk.
  const auto size_at = [&](std::size_t left) {
    return std::clamp(left / (2 * threads) / eighth * eighth, eighth, chunk);
  };
  // for_ranges publishes the cursors to the threads; each then takes chunks by compare-and-swap.
  ranges->for_ranges(threads, [&](int thread, std::size_t, std::size_t) {
    for (std::size_t k = 0; k < threads; ++k) {
      Cursor& c = cursors[(static_cast<std::size_t>(thread) + k) % threads];
      std::size_t begin = c.next.load(std::memory_order_relaxed), size = 0;
      for (;;) {
        while (begin < c.end) {
          size = size_at(c.end - begin);
          if (c.next.compare_exchange_weak(begin, begin + size, std::memory_order_relaxed)) break;
        }
        if (begin >= c.end) break;
        work(thread, begin, std::min(begin + size, c.end));
        begin = c.next.load(std::memory_order_relaxed);
      }
    }
  });
}

/// The most calls for_chunks(ranges of `threads`, count, chunk, ...) makes: whole chunks while a range has
/// 2 * threads chunks left, then none shorter than an eighth but a range's last.
inline std::size_t most_chunks(std::size_t count, std::size_t chunk, std::size_t threads) {
  chunk = std::max(chunk, std::size_t{1});
  return count / chunk + threads * (2 * threads * chunk / chunk_eighth(chunk) + 2);
}

/// Whether work(thread, begin, end) returned true on every chunk of for_chunks(ranges, count, chunk, ...):
/// every chunk is run. For a test of every vehicle, short enough that a thread coming late to it is most
/// of its time: the other takes its chunks.
template <class Work>
bool all_chunks(VehicleRanges* ranges, std::size_t count, std::size_t chunk, Work&& work) {
  std::atomic<bool> all{true};
  for_chunks(ranges, count, chunk, [&](int thread, std::size_t begin, std::size_t end) {
    if (!work(thread, begin, end)) all.store(false, std::memory_order_relaxed);
  });
  return all.load(std::memory_order_relaxed);  // the split's end orders the stores before this
}

}  // namespace crashbench
