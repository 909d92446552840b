// Force application's shares of a vehicle's application error: each of a step's events takes its |J| over
// the sum of |J| of its vehicle's events in that step, and nothing of an earlier step's.
#include <gtest/gtest.h>

#include "cases/runner/impulse_shares.hpp"

namespace crashbench {
namespace {

TEST(ImpulseShares, EachEventTakesItsImpulseOverItsVehiclesSumInThatStepAlone) {
  EventLog events;
  events.reserve(4);
  const auto add = [&events](int vehicle, int other, const Vec2& J) {
    ImpactEvent& e = events.emplace_back();
    e.contact.vehicle = vehicle;
    e.contact.other = other;
    e.resolution.impulse.linear_W = J;
  };
  ImpulseShares shares(3);
  // Step one: car 0 against the wall with |J| = 3, then cars 0 and 1 against each other with |J| = 1.
  add(0, kStaticScene, {3, 0});
  add(0, 1, {0, 1});
  shares.sum(events, 0, 2);
  EXPECT_EQ(shares.share(events[0], 0), 0.75);
  EXPECT_EQ(shares.share(events[1], 0), 0.25);
  EXPECT_EQ(shares.share(events[1], 1), 1.0) << "car 1's only event";
  // Step two: car 0 alone against the wall with |J| = 2 takes its whole error, step one's sum forgotten.
  add(0, kStaticScene, {0, -2});
  shares.sum(events, 2, 3);
  EXPECT_EQ(shares.share(events[2], 0), 1.0);
  // No impulse, no share (and no division by a zero sum).
  add(2, kStaticScene, {0, 0});
  shares.sum(events, 3, 4);
  EXPECT_EQ(shares.share(events[3], 2), 0.0);
}

}  // namespace
}  // namespace crashbench
