// The case's thread pool: how it splits a vehicle list, that every call runs every range exactly once on
// its own thread, that chunks cover every vehicle once, and that a range's exception reaches the caller
// without breaking the pool.
#include "cases/runner/step_threads.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace crashbench {
namespace {

TEST(ThreadRange, RangesAreContiguousInThreadOrderCoverEverythingAndDifferByAtMostOne) {
  for (int threads = 1; threads <= 9; ++threads)
    for (std::size_t count = 0; count <= 25; ++count) {
      std::size_t next = 0, smallest = count, largest = 0;
      for (int t = 0; t < threads; ++t) {
        const auto [begin, end] = thread_range(t, threads, count);
        EXPECT_EQ(begin, next) << threads << " threads, " << count << " items, range " << t;
        ASSERT_GE(end, begin);
        smallest = std::min(smallest, end - begin), largest = std::max(largest, end - begin);
        next = end;
      }
      EXPECT_EQ(next, count) << threads << " threads, " << count << " items";
      EXPECT_LE(largest - smallest, 1u) << threads << " threads, " << count << " items";
    }
}

TEST(StepThreads, EveryCallRunsEachRangeOnceOnItsOwnThread) {
  for (const int threads : {1, 2, 3, 7}) {
    StepThreads pool(threads);
    ASSERT_EQ(pool.size(), threads);
    constexpr std::size_t kItems = 101;
    std::vector<int> visits(kItems, 0);
    std::vector<std::thread::id> thread_of(static_cast<std::size_t>(threads));
    // Many calls on the same pool: the workers are reused, one generation after another.
    for (int call = 0; call < 500; ++call)
      pool.for_ranges(kItems, [&](int t, std::size_t begin, std::size_t end) {
        const auto expected = thread_range(t, threads, kItems);
        EXPECT_EQ(begin, expected.first);
        EXPECT_EQ(end, expected.second);
        for (std::size_t i = begin; i < end; ++i) ++visits[i];
        thread_of[static_cast<std::size_t>(t)] = std::this_thread::get_id();
      });
    for (std::size_t i = 0; i < kItems; ++i) EXPECT_EQ(visits[i], 500) << threads << " threads, item " << i;
    EXPECT_EQ(thread_of[0], std::this_thread::get_id()) << "range 0 runs on the caller";
    for (int a = 0; a < threads; ++a)
      for (int b = a + 1; b < threads; ++b) EXPECT_NE(thread_of[static_cast<std::size_t>(a)], thread_of[static_cast<std::size_t>(b)]);
  }
}

TEST(StepThreads, ChunksCoverEveryVehicleExactlyOnceWithinTheirSize) {
  for (const int threads : {1, 2, 3}) {
    StepThreads pool(threads);
    for (const std::size_t count : {0, 1, 5, 64, 1000, 10000})
      for (const std::size_t chunk : {0, 1, 7, 15, 256}) {
        std::vector<std::atomic<int>> done(count);
        std::atomic<std::size_t> calls{0};
        for_chunks(&pool, count, chunk, [&](int thread, std::size_t begin, std::size_t end) {
          ++calls;
          EXPECT_LE(begin, end);
          EXPECT_LE(end, count);
          EXPECT_LE(end - begin, threads == 1 ? count : std::max(chunk, std::size_t{1}));  // one thread: one call
          EXPECT_GE(thread, 0);
          EXPECT_LT(thread, threads);
          for (std::size_t v = begin; v < end; ++v) ++done[v];
        });
        const std::string what = std::to_string(threads) + " threads, " + std::to_string(count) + " vehicles, chunks of " +
                                 std::to_string(chunk);
        EXPECT_TRUE(std::all_of(done.begin(), done.end(), [](const std::atomic<int>& n) { return n == 1; })) << what;
        EXPECT_LE(calls.load(), most_chunks(count, chunk, static_cast<std::size_t>(threads))) << what;
      }
  }
}

TEST(StepThreads, ChunksShrinkSoThatTheLastOfARangeIsAnEighthOfOne) {
  // The other thread waits for the last chunk taken: it is at most an eighth of a chunk, and the chunks
  // before it whole eighths.
  StepThreads pool(2);
  constexpr std::size_t kCount = 10000, kChunk = 256;
  std::mutex mutex;
  std::vector<std::pair<std::size_t, std::size_t>> taken;
  for_chunks(&pool, kCount, kChunk, [&](int, std::size_t begin, std::size_t end) {
    const std::lock_guard lock(mutex);
    taken.emplace_back(begin, end);
  });
  std::sort(taken.begin(), taken.end());
  for (const auto& [begin, end] : taken) {
    const bool last_of_range = end == kCount / 2 || end == kCount;
    if (last_of_range) EXPECT_LE(end - begin, kChunk / 8) << begin;
    else EXPECT_EQ((end - begin) % (kChunk / 8), 0u) << begin;
  }
  EXPECT_GT(taken.size(), kCount / kChunk) << "some chunks are shorter than whole ones";
}

TEST(StepThreads, AllChunksIsFalseWhereAnyOneVehicleFails) {
  constexpr std::size_t kCount = 3000;
  for (const int threads : {1, 2, 3}) {
    StepThreads pool(threads);
    for (const std::size_t failing : {kCount, std::size_t{0}, std::size_t{1499}, kCount - 1}) {
      std::vector<std::atomic<int>> seen(kCount);
      const bool all = all_chunks(&pool, kCount, 64, [&](int, std::size_t begin, std::size_t end) {
        bool ok = true;
        for (std::size_t v = begin; v < end; ++v) ok &= v != failing, ++seen[v];
        return ok;
      });
      EXPECT_EQ(all, failing == kCount) << threads << " threads, vehicle " << failing << " failing";
      EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](const std::atomic<int>& n) { return n == 1; }));
    }
  }
}

TEST(StepThreads, ARangesExceptionReachesTheCallerAndThePoolGoesOn) {
  StepThreads pool(3);
  const auto throw_in = [&](int failing) {
    pool.for_ranges(9, [&](int t, std::size_t, std::size_t) {
      if (t == failing) throw std::runtime_error("range " + std::to_string(t));
    });
  };
  for (const int failing : {0, 2}) {
    try {
      throw_in(failing);
      ADD_FAILURE() << "range " << failing << "'s exception was lost";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "range " + std::to_string(failing));
    }
  }
  std::atomic<std::size_t> done{0};
  pool.for_ranges(9, [&](int, std::size_t begin, std::size_t end) { done += end - begin; });
  EXPECT_EQ(done.load(), 9u) << "a call after an exception runs every range, and rethrows nothing stale";
}

}  // namespace
}  // namespace crashbench
