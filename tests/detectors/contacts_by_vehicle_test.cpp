// ByVehicle (detectors/broadphase/contacts_by_vehicle.hpp): ByVehicle::find() takes the entry a walk over the
// vehicle's entries would take, in any order of lookups, and costs one test per lookup when the lookups
// come in the order the entries were added. The sweep's bookkeeping of a thousand cars at one point (half
// a million pair keys) was quadratic before.
#include <gtest/gtest.h>

#include <vector>

#include "detectors/broadphase/contacts_by_vehicle.hpp"

namespace crashbench {
namespace {

/// `vehicles` vehicles with `per_vehicle` entries each, added interleaved (vehicle 0, 1, ..., 0, 1, ...);
/// entry e's "other" is e / vehicles, so each (vehicle, other) names one entry.
struct Crowd {
  ByVehicle index;
  std::vector<int> vehicle_of, other_of;
  Crowd(int vehicles, int per_vehicle) {
    index.reserve(vehicles, static_cast<std::size_t>(vehicles * per_vehicle));
    for (int other = 0; other < per_vehicle; ++other)
      for (int v = 0; v < vehicles; ++v) {
        index.add(v);
        vehicle_of.push_back(v);
        other_of.push_back(other);
      }
  }
  /// The entry of (vehicle, other) through find(), counting the entries it tested in `tests`.
  int find(int vehicle, int other, long& tests) {
    return index.find(vehicle, [&](int e) {
      ++tests;
      return other_of[static_cast<std::size_t>(e)] == other;
    });
  }
};

TEST(ByVehicle, FindTakesTheOnlyMatchingEntryInAnyOrder) {
  Crowd crowd(3, 50);
  long tests = 0;
  // Backwards, then a stride that wraps round, then one that is not there.
  for (int other = 49; other >= 0; --other)
    for (int v = 0; v < 3; ++v) EXPECT_EQ(crowd.find(v, other, tests), other * 3 + v) << v << " " << other;
  for (int k = 0; k < 50; ++k) EXPECT_EQ(crowd.find(1, (k * 17) % 50, tests), ((k * 17) % 50) * 3 + 1) << k;
  EXPECT_EQ(crowd.find(2, 50, tests), ByVehicle::kNone);
  EXPECT_EQ(crowd.find(7, 0, tests), ByVehicle::kNone);  // a vehicle with no entry
  // After clear() nothing is found, and entries added again are.
  crowd.index.clear();
  EXPECT_EQ(crowd.find(0, 0, tests), ByVehicle::kNone);
  crowd.index.add(0);
  EXPECT_EQ(crowd.index.find(0, [](int e) { return e == 0; }), 0);
}

TEST(ByVehicle, LookupsInTheOrderAddedCostOneTestEach) {
  // A thousand cars at one point: each touches the 999 others.
  constexpr int kVehicles = 1000, kPerVehicle = 999;
  Crowd crowd(kVehicles, kPerVehicle);
  long tests = 0;
  for (int other = 0; other < kPerVehicle; ++other)
    for (int v = 0; v < kVehicles; ++v) ASSERT_EQ(crowd.find(v, other, tests), other * kVehicles + v);
  // One test per lookup; a walk from each vehicle's first entry made about 500 each (5e8 in all).
  EXPECT_EQ(tests, static_cast<long>(kVehicles) * kPerVehicle);
}

}  // namespace
}  // namespace crashbench
