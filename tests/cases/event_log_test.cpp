// The runner's event store: events keep their contents, indices and addresses across segments, come out
// in order, a truncated tail is written afresh, a reserved first segment appends without allocating, and
// storage populated ahead, from any thread, leaves the events as they were; moving out, which hands the
// copied pages back, loses none.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "cases/event_log.hpp"
#include "testkit/counting_allocator.hpp"

namespace crashbench {
namespace {

/// Writes `i` into fields an event keeps in different places (an int, a double, a nested vector).
void stamp(ImpactEvent& e, int i) {
  e.step = i;
  e.time = 0.5 * i;
  e.post_b.state.velocity_W = Vec2(i, -i);
}

TEST(EventLog, EventsKeepTheirIndicesContentsAndAddressesAcrossSegmentsAndMoveOutInOrder) {
  EventLog log;
  log.reserve(3);  // segments of 3, 6, 12, 24, ...: 100 events span six of them
  std::vector<const ImpactEvent*> addresses;
  for (int i = 0; i < 100; ++i) {
    ImpactEvent& e = log.emplace_back();
    stamp(e, i);
    addresses.push_back(&e);
  }
  ASSERT_EQ(log.size(), 100u);
  for (int i = 0; i < 100; ++i) {
    const auto k = static_cast<std::size_t>(i);
    EXPECT_EQ(&log[k], addresses[k]) << i << ": an event moved";
    EXPECT_EQ(log[k].step, i);
    EXPECT_EQ(log[k].time, 0.5 * i);
    EXPECT_EQ(log[k].post_b.state.velocity_W, Vec2(i, -i));
  }
  std::vector<ImpactEvent> out(1);  // appended after what `out` holds
  out[0].step = -1;
  log.move_to(out);
  EXPECT_TRUE(log.empty());
  ASSERT_EQ(out.size(), 101u);
  EXPECT_EQ(out[0].step, -1);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i) + 1].step, i);
}

TEST(EventLog, EveryEventOfALargeSegmentMovesOutIntactWhileItsCopiedPagesAreHandedBack) {
  // Moved out piece by piece, each piece's pages dropped once copied: an event on a page shared with the
  // next piece must still be there when that piece is copied.
  constexpr int kEvents = 10'000;  // pieces of 4,096: two whole and a part, none ending on a page boundary
  EventLog log;
  log.reserve(kEvents);
  for (int i = 0; i < kEvents; ++i) stamp(log.emplace_back(), i);
  std::vector<ImpactEvent> out;
  log.move_to(out);
  ASSERT_EQ(out.size(), static_cast<std::size_t>(kEvents));
  for (int i = 0; i < kEvents; ++i) {
    const ImpactEvent& e = out[static_cast<std::size_t>(i)];
    ASSERT_TRUE(e.step == i && e.time == 0.5 * i && e.post_b.state.velocity_W == Vec2(i, -i)) << "event " << i;
  }
}

TEST(EventLog, ATruncatedTailIsWrittenAfreshFromValueInitialisedEvents) {
  EventLog log;
  log.reserve(4);
  for (int i = 0; i < 10; ++i) stamp(log.emplace_back(), i + 1);
  log.truncate(20);  // beyond the end: nothing dropped
  EXPECT_EQ(log.size(), 10u);
  log.truncate(5);
  ASSERT_EQ(log.size(), 5u);
  const ImpactEvent& fresh = log.emplace_back();
  const ImpactEvent blank{};
  EXPECT_EQ(fresh.step, blank.step);
  EXPECT_EQ(fresh.time, blank.time);
  EXPECT_EQ(fresh.post_b.state.velocity_W, blank.post_b.state.velocity_W);
  EXPECT_EQ(log[4].step, 5);
  std::vector<ImpactEvent> out;
  log.move_to(out);
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(out[5].step, blank.step);
}

TEST(EventLog, AReservedFirstSegmentAppendsWithoutAllocatingAndTheNextSegmentAllocatesOnce) {
  EventLog log;
  log.reserve(500);
  const testing::AllocationScope within;
  for (int i = 0; i < 500; ++i) stamp(log.emplace_back(), i);
  EXPECT_EQ(within.allocations(), 0);
  const testing::AllocationScope beyond;
  for (int i = 0; i < 1000; ++i) stamp(log.emplace_back(), i);  // fills the second segment, 1,000 events
  EXPECT_EQ(beyond.allocations(), 1);
}

TEST(EventLog, StorageReservedAheadIsPopulatedFromTwoThreadsWithoutTouchingAnEventAndAppendsWithoutAllocating) {
  EventLog log;
  log.reserve(3);  // segments of 3, 6, 12, 24, 48, 96: 100 events span six
  for (int i = 0; i < 10; ++i) stamp(log.emplace_back(), i);
  const testing::AllocationScope reserving;
  log.reserve_upto(100);
  EXPECT_EQ(reserving.allocations(), 3) << "the segments of 24, 48 and 96 events";
  // Pages of events 0-9 too: the first page of the range holds written events, which must stay as they are.
  std::thread other([&] { log.populate(5, 50); });
  log.populate(50, 100);
  other.join();
  const testing::AllocationScope appending;
  for (int i = 10; i < 100; ++i) stamp(log.emplace_back(), i);
  EXPECT_EQ(appending.allocations(), 0);
  ASSERT_EQ(log.size(), 100u);
  for (int i = 0; i < 100; ++i) {
    EXPECT_EQ(log[static_cast<std::size_t>(i)].step, i);
    EXPECT_EQ(log[static_cast<std::size_t>(i)].post_b.state.velocity_W, Vec2(i, -i));
  }
}

}  // namespace
}  // namespace crashbench
