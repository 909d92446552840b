// A detector's clear boxes: the trig-free surely_covers never claims a rectangle that covers() (its
// placed corners) would not, on poses shifted and turned about a remembered box, headings a turn apart
// included; and it does pass most small moves, or it would spare nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "detectors/analytic_rectangles.hpp"
#include "detectors/clear_boxes.hpp"

namespace crashbench {
namespace {

VehiclePose sedan_at(const Vec2& position_W, double heading) {
  VehiclePose pose;
  pose.position_W = position_W;
  pose.heading = heading;
  pose.size = {1.2, 2.8, 1.8};  // cg_to_front, cg_to_rear, width [m]: the CG off the middle
  return pose;
}

/// Slot 0 with the box around `pose`'s rectangle, plane at `z` (nothing in the scene meets it).
ClearBoxes boxes_around(const VehiclePose& pose, double z) {
  ClearBoxes boxes;
  boxes.reset(1);
  const PlacedRectangle r = place_rectangle(pose);
  boxes.remember(0, r.cg_W, r.forward_W, pose.heading, r.x_max_B, -r.x_min_B, r.half_width, z,
                 [](const ClearBoxes::Proposal&) { return false; });
  return boxes;
}

TEST(ClearBoxes, SurelyCoversClaimsOnlyRectanglesWhoseCornersLieInTheBox) {
  const VehiclePose start = sedan_at({40.0, -7.0}, 0.7);
  const double z = 0.5;
  const ClearBoxes boxes = boxes_around(start, z);
  ASSERT_TRUE(boxes.holds(0));
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> shift(-1.2, 1.2), turn(-0.25, 0.25);
  int sure = 0, covered = 0;
  const int samples = 20000;
  for (int i = 0; i < samples; ++i) {
    // Every fourth sample a whole turn away: the same rectangle, a heading the bound must not trust.
    const double laps = i % 4 == 0 ? 2 * std::numbers::pi : 0.0;
    const VehiclePose pose = sedan_at(start.position_W + Vec2(shift(rng), shift(rng)), start.heading + turn(rng) + laps);
    const bool exact = boxes.covers(0, place_rectangle(pose).corners_W, z);
    covered += exact;
    if (!boxes.surely_covers(0, pose, z)) continue;
    ++sure;
    EXPECT_TRUE(exact) << "sample " << i << ": claimed, but a corner lies outside";
  }
  // The bound is loose, not useless: it passes a good share of what the exact test passes.
  EXPECT_GT(covered, samples / 20);
  EXPECT_GT(sure, covered / 4);
}

TEST(ClearBoxes, SurelyCoversNeedsABoxAndThePlaneInItsBand) {
  const VehiclePose pose = sedan_at({0.0, 0.0}, 0.0);
  const ClearBoxes boxes = boxes_around(pose, 1.0);
  EXPECT_TRUE(boxes.surely_covers(0, pose, 1.0));  // the rectangle the box was made around
  EXPECT_FALSE(boxes.surely_covers(0, pose, 1.0 + 2 * ClearBoxes::kMarginHeight));
  EXPECT_FALSE(boxes.surely_covers(0, sedan_at({0.0, 0.0}, std::nan("")), 1.0));
  EXPECT_FALSE(boxes.surely_covers(1, pose, 1.0));  // no such slot
  ClearBoxes none;
  none.reset(1);
  EXPECT_FALSE(none.surely_covers(0, pose, 1.0));
}

}  // namespace
}  // namespace crashbench
