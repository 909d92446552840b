// The impact pass's contact groups: contacts sharing a vehicle, directly or through others, fall in one
// group, each group's in contact order, groups numbered by their first contacts; the scene joins nothing.
#include <gtest/gtest.h>

#include <vector>

#include "cases/runner/contact_groups.hpp"

namespace crashbench {
namespace {

Contact between(int vehicle, int other) {
  Contact c;
  c.vehicle = vehicle;
  c.other = other;
  return c;
}

std::vector<std::vector<int>> groups_of(ContactGroups& groups, const std::vector<Contact>& contacts) {
  groups.group(contacts);
  std::vector<std::vector<int>> out;
  for (std::size_t g = 0; g < groups.size(); ++g) out.emplace_back(groups[g].begin(), groups[g].end());
  return out;
}

TEST(ContactGroups, ContactsSharingAVehicleDirectlyOrThroughOthersFallInOneGroupInOrder) {
  ContactGroups groups(8, 4);  // room for fewer contacts than given: it grows
  // Car 0 against the wall twice; cars 1-2, then 2-4; 3 against the wall, then 5-3; 6 and 7 against the
  // wall apart, then 6-7 joins them at the end.
  const std::vector<Contact> contacts{between(0, kStaticScene), between(1, 2), between(3, kStaticScene),
                                      between(2, 4),           between(0, kStaticScene), between(5, 3),
                                      between(6, kStaticScene), between(7, kStaticScene), between(7, 6)};
  const std::vector<std::vector<int>> expected{{0, 4}, {1, 3}, {2, 5}, {6, 7, 8}};
  EXPECT_EQ(groups_of(groups, contacts), expected);
}

TEST(ContactGroups, TheWallJoinsNoCarsAndAGroupingForgetsTheLast) {
  ContactGroups groups(4, 8);
  // Against the wall alone, every car is a group of its own...
  const std::vector<Contact> apart{between(2, kStaticScene), between(0, kStaticScene), between(1, kStaticScene)};
  EXPECT_EQ(groups_of(groups, apart), (std::vector<std::vector<int>>{{0}, {1}, {2}}));
  // ... and the next step's grouping knows nothing of the last's: 0-1 meet, 2 is alone.
  const std::vector<Contact> next{between(2, kStaticScene), between(1, 0)};
  EXPECT_EQ(groups_of(groups, next), (std::vector<std::vector<int>>{{0}, {1}}));
  EXPECT_EQ(groups_of(groups, {}).size(), 0u);
}

}  // namespace
}  // namespace crashbench
