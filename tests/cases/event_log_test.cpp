// The runner's event store: events keep their contents, indices and addresses across segments, come out
// in order, a truncated tail is written afresh, a reserved first segment appends without allocating, and
// storage populated ahead, from any thread, leaves the events as they were; moving out, which hands the
// copied pages back, loses none. The other vehicle's bodies of two-vehicle events stay with their events
// through truncation and moving out.
#include <gtest/gtest.h>

#include <set>
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
  e.post_a.state.velocity_W = Vec2(i, -i);
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
    EXPECT_EQ(log[k].post_a.state.velocity_W, Vec2(i, -i));
  }
  std::vector<ImpactEvent> out(1);  // appended after what `out` holds
  std::vector<OtherBody> others;
  std::vector<ImpactEnd> ends;
  out[0].step = -1;
  log.move_to(out, others, ends);
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
  std::vector<OtherBody> others;
  std::vector<ImpactEnd> ends;
  log.move_to(out, others, ends);
  ASSERT_EQ(out.size(), static_cast<std::size_t>(kEvents));
  for (int i = 0; i < kEvents; ++i) {
    const ImpactEvent& e = out[static_cast<std::size_t>(i)];
    ASSERT_TRUE(e.step == i && e.time == 0.5 * i && e.post_a.state.velocity_W == Vec2(i, -i)) << "event " << i;
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
  EXPECT_EQ(fresh.post_a.state.velocity_W, blank.post_a.state.velocity_W);
  EXPECT_EQ(log[4].step, 5);
  std::vector<ImpactEvent> out;
  std::vector<OtherBody> others;
  std::vector<ImpactEnd> ends;
  log.move_to(out, others, ends);
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
    EXPECT_EQ(log[static_cast<std::size_t>(i)].post_a.state.velocity_W, Vec2(i, -i));
  }
}

/// Event i, with a model end lasting i seconds when i is a multiple of 4 (offered an end that says nothing
/// when i is 2 more), and a two-vehicle one when i is a multiple of 3 (its other vehicle's post speed is i).
void stamp_pair(EventLog& log, int i) {
  ImpactEvent& e = log.emplace_back();
  stamp(e, i);
  ImpactEnd end;
  if (i % 4 == 0) end.duration = i;
  if (i % 2 == 0) log.add_end(e, end);
  if (i % 3 != 0) return;
  e.contact.other = i + 1;
  log.add_other(e).post.state.velocity_W = Vec2(i, 0);
}

/// Every two-vehicle event of `events` has its own other bodies, the ones stamp_pair gave it, and every
/// event with an end its own end.
void expect_paired(const std::vector<ImpactEvent>& events, const std::vector<OtherBody>& others,
                   const std::vector<ImpactEnd>& ends) {
  std::set<int> seen, seen_ends;
  for (const ImpactEvent& e : events) {
    if (e.step % 4 != 0) {
      EXPECT_EQ(e.model_end, -1) << "event " << e.step;
    } else {
      ASSERT_GE(e.model_end, 0) << "event " << e.step;
      ASSERT_LT(static_cast<std::size_t>(e.model_end), ends.size()) << "event " << e.step;
      EXPECT_EQ(ends[static_cast<std::size_t>(e.model_end)].duration, e.step);
      EXPECT_TRUE(seen_ends.insert(e.model_end).second) << "event " << e.step << " shares its end";
    }
    if (e.step % 3 != 0) {
      EXPECT_EQ(e.other_body, -1) << "event " << e.step;
      continue;
    }
    ASSERT_GE(e.other_body, 0) << "event " << e.step;
    ASSERT_LT(static_cast<std::size_t>(e.other_body), others.size()) << "event " << e.step;
    EXPECT_EQ(others[static_cast<std::size_t>(e.other_body)].post.state.velocity_W, Vec2(e.step, 0)) << e.step;
    EXPECT_TRUE(seen.insert(e.other_body).second) << "event " << e.step << " shares its other bodies";
  }
}

TEST(EventLog, EventsKeepTheirOtherBodiesAndEndsThroughTruncationAndMovingOutAfterOthers) {
  EventLog log;
  log.reserve(4);
  for (int i = 0; i < 30; ++i) stamp_pair(log, i);
  log.truncate(13);  // keeps events 0-12, of which 0, 3, 6, 9, 12 are two-vehicle ones
  for (int i = 13; i < 20; ++i) stamp_pair(log, i);  // 15 and 18 take the places of the dropped ones
  ASSERT_NE(log.other_of(log[15]), nullptr);
  EXPECT_EQ(log.other_of(log[15])->post.state.velocity_W, Vec2(15, 0));
  EXPECT_EQ(log.other_of(log[14]), nullptr);
  std::vector<ImpactEvent> out;
  // The other bodies and ends of events moved out before: renumbered past them.
  std::vector<ImpactEnd> ends(3);
  std::vector<OtherBody> others(2);
  log.move_to(out, others, ends);
  ASSERT_EQ(out.size(), 20u);
  EXPECT_EQ(others.size(), 2u + 7u) << "0, 3, 6, 9, 12, 15, 18: one each, the dropped ones' gone";
  EXPECT_EQ(ends.size(), 3u + 5u) << "0, 4, 8, 12, 16: one each, the dropped ones' gone";
  expect_paired(out, others, ends);
}

TEST(EventLog, AnEndIsKeptWhenAnyFieldDiffersFromNoneBitForBit) {
  EXPECT_FALSE(says_anything(ImpactEnd{}));
  const auto with = [](auto set) {
    ImpactEnd end;
    set(end);
    return says_anything(end);
  };
  // The physics hash tells -0.0 from 0.0, so a model that sets it has said something.
  EXPECT_TRUE(with([](ImpactEnd& e) { e.b.yaw_rate = -0.0; }));
  EXPECT_TRUE(with([](ImpactEnd& e) { e.a.velocity_B.y() = 1e-300; }));
  EXPECT_TRUE(with([](ImpactEnd& e) { e.duration = 0; }));
  EXPECT_TRUE(with([](ImpactEnd& e) { e.max_depth = 0.1; }));
  EXPECT_FALSE(with([](ImpactEnd& e) { e.peak_force = -1; }));
}

}  // namespace
}  // namespace crashbench
