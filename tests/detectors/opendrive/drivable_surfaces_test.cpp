// Every road's drivable surface in plan (detectors/scenes/opendrive/drivable_surfaces.hpp): which road is
// under a point and at what height, and an index whose size follows the faces' count, not their extent.
#include <gtest/gtest.h>

#include "detectors/scenes/opendrive/drivable_surfaces.hpp"

namespace crashbench::odr {
namespace {

TEST(DrivableSurfaces, AnswersForOtherRoadsOrAnyRoadAtTheirLevelOnly) {
  DrivableSurfaces d;
  // Road 0: the square 0..10 at z = 0; road 1: 5..15 at z = 0.3 (x), two triangles each.
  const auto square = [&](int road, double x0, double z) {
    d.add(road, {x0, 0, z}, {x0 + 10, 0, z}, {x0 + 10, 10, z});
    d.add(road, {x0, 0, z}, {x0 + 10, 10, z}, {x0, 10, z});
  };
  square(0, 0, 0);
  square(1, 5, 0.3);
  d.index();
  EXPECT_TRUE(d.others_at({7, 5, 0}, 0, 0.5));   // road 1 is there, 0.3 m up
  EXPECT_FALSE(d.others_at({2, 5, 0}, 0, 0.5));  // road 0's own surface only
  EXPECT_FALSE(d.others_at({7, 5, 0}, 0, 0.2));  // road 1 out of reach
  EXPECT_TRUE(d.others_at({7, 5, 0.3}, 1, 0.5)); // road 0 below, within reach
  EXPECT_TRUE(d.others_at({10, 5, 0}, 1, 0.5));  // on road 0's edge counts
  EXPECT_FALSE(d.others_at({16, 5, 0}, 0, 0.5)); // beyond every road
  EXPECT_TRUE(d.any_at({2, 5, 0}, 0.5));          // road 0's own surface counts for any road
  EXPECT_FALSE(d.any_at({2, 5, 0.6}, 0.5));       // ... at its level only
  EXPECT_FALSE(d.any_at({16, 5, 0}, 0.5));
}

TEST(DrivableSurfaces, FacesKilometresAcrossKeepTheIndexSmall) {
  // A fuzzed lane 5 km wide made each face cover half a million 8 m cells: 220 MB for a 1.6 KB file. Cells
  // now grow so that a face covers a few: 100 squares 5 km across (200 faces), each 1 m further along x,
  // list at most (5000 / c + 1)^2 = 9 entries a face with c = sqrt(sum of bounds' areas / (4 faces)) = 2500 m.
  DrivableSurfaces d;
  for (int i = 0; i < 100; ++i) {
    const double x = i;
    d.add(i, {x, 0, 0}, {x + 5000, 0, 0}, {x + 5000, 5000, 0});
    d.add(i, {x, 0, 0}, {x + 5000, 5000, 0}, {x, 5000, 0});
  }
  d.index();
  EXPECT_LE(d.cell_entries(), 9u * 200u);
  EXPECT_TRUE(d.others_at({2500, 100, 0}, 0, 0.5));
}

}  // namespace
}  // namespace crashbench::odr
