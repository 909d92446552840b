// The runner's event store: events keep their contents, indices and addresses across segments, come out
// in order, a truncated tail is written afresh, and a reserved first segment appends without allocating.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace crashbench
