// Events grouped into impacts (summarise, run_result.hpp): an event continues the latest earlier event of
// the same vehicle and obstacle whose normal lies within 30 degrees, at most kImpactGapSteps before it.
// Hand-built events, numbered by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "cases/run_result.hpp"

namespace crashbench {
namespace {

ImpactEvent event(int step, int vehicle, int other, double normal_deg) {
  ImpactEvent e;
  e.step = step;
  e.contact.vehicle = vehicle;
  e.contact.other = other;
  e.contact.normal_W = unit_at(normal_deg * M_PI / 180);
  return e;
}

std::vector<int> impacts_of(std::vector<ImpactEvent> events, int& count) {
  RunResult r;
  r.events = std::move(events);
  summarise(r);
  count = r.impacts;
  std::vector<int> out;
  for (const ImpactEvent& e : r.events) out.push_back(e.impact);
  return out;
}

TEST(ImpactGrouping, EachVehicleAndObstacleKeepsItsImpactAcrossOtherVehiclesEvents) {
  int count = 0;
  const std::vector<int> impacts = impacts_of(
      {
          event(1, 0, kStaticScene, 90),  // 0: car 0 meets the wall
          event(1, 1, 2, 0),              // 1: cars 1 and 2 meet
          event(2, 3, kStaticScene, 90),  // 2: car 3, another wall contact
          event(2, 0, kStaticScene, 70),  // car 0 again, 20 degrees off: impact 0 goes on
          event(3, 1, 2, 45),             // cars 1 and 2, 45 degrees off: a new impact, 3
          event(3, 0, kStaticScene, 90),  // car 0, one step after its last: impact 0
          event(6, 0, kStaticScene, 90),  // car 0, three steps after its last: a new impact, 4
          event(6, 2, 1, 0),              // car 2 against car 1 is another pair than (1, 2): 5
          event(7, 1, 2, 40),             // cars 1 and 2, 5 degrees from their event at step 3, 4 steps on: 6
      },
      count);
  EXPECT_EQ(impacts, (std::vector<int>{0, 1, 2, 0, 3, 0, 4, 5, 6}));
  EXPECT_EQ(count, 7);
}

TEST(ImpactGrouping, AnEventContinuesTheLatestMatchingEventNotTheFirst) {
  // Two faces of one wall for car 0, alternating: each event continues the latest event on its own face.
  int count = 0;
  const std::vector<int> impacts = impacts_of(
      {event(1, 0, kStaticScene, 0), event(1, 0, kStaticScene, 90), event(2, 0, kStaticScene, 5),
       event(2, 0, kStaticScene, 85), event(3, 0, kStaticScene, 10)},
      count);
  EXPECT_EQ(impacts, (std::vector<int>{0, 1, 0, 1, 0}));
  EXPECT_EQ(count, 2);
}

}  // namespace
}  // namespace crashbench
