// Clear boxes: the trig-free surely_covers never claims a rectangle that covers() (its placed corners)
// would not, on poses shifted and turned about a remembered box, headings a turn apart included; and it
// does pass most small moves, or it would spare nothing. Of nested boxes offered (the no_tunnelling
// check's), the first that nothing meets is kept; when all meet something the slot waits.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/broadphase/clear_boxes.hpp"

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
  ClearBoxes boxes = boxes_around(start, z);
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
  ClearBoxes boxes = boxes_around(pose, 1.0);
  EXPECT_TRUE(boxes.surely_covers(0, pose, 1.0));  // the rectangle the box was made around
  EXPECT_FALSE(boxes.surely_covers(0, pose, 1.0 + 2 * ClearBoxes::kMarginHeight));
  EXPECT_FALSE(boxes.surely_covers(0, sedan_at({0.0, 0.0}, std::nan("")), 1.0));
  EXPECT_FALSE(boxes.surely_covers(1, pose, 1.0));  // no such slot
  ClearBoxes none;
  none.reset(1);
  EXPECT_FALSE(none.surely_covers(0, pose, 1.0));
}

/// How many proposals slot 0 makes in `queries` queries of a car moving `step` [m] along X a query, the
/// detector's way: the box is asked first, and a query that ran (nothing met) offers the next box.
int proposals_over(int queries, double step) {
  ClearBoxes boxes;
  boxes.reset(1);
  int proposed = 0;
  for (int q = 0; q < queries; ++q) {
    const VehiclePose pose = sedan_at({step * q, 0.0}, 0.0);
    const PlacedRectangle r = place_rectangle(pose);
    if (boxes.covers(0, r.corners_W, 0.5)) continue;
    boxes.remember(0, r.cg_W, r.forward_W, pose.heading, r.x_max_B, -r.x_min_B, r.half_width, 0.5,
                   [&proposed](const ClearBoxes::Proposal&) { return ++proposed, false; });
  }
  return proposed;
}

TEST(ClearBoxes, ASlotWhoseBoxesSpareNothingProposesLessOften) {
  // 2 m a query (detect_bench's drives) leaves each 1.5 m box at once: the waits double 1, 3, 7 ... 63.
  const int jumping = proposals_over(1000, 2.0);
  EXPECT_LE(jumping, 1000 / (ClearBoxes::kMaxBackoff + 1) + 7);
  EXPECT_GE(jumping, 1000 / (ClearBoxes::kMaxBackoff + 2));
  // 0.1 m a query (20 m/s at 5 ms): the first box, made around the rectangle, spares the next 15 queries
  // (1.5 m ahead); after it each box reaches 5 m ahead and spares 50. A new one is offered as soon as the
  // car leaves a box, without waiting.
  const int driving = proposals_over(1000, 0.1);
  EXPECT_GE(driving, 1 + (1000 - 16) / 51 - 1);
  EXPECT_LE(driving, 1 + (1000 - 16) / 51 + 2);
}

/// The box slot 0 keeps around `pose`'s rectangle (plane at z = 0.5) when `meets` tells which of the
/// detector's boxes meet something, `steady`: after a box that spared kSteadyQueries queries.
template <class Meets>
ClearBoxes detector_box_around(const VehiclePose& pose, bool steady, Meets meets) {
  ClearBoxes boxes;
  boxes.reset(1);
  const PlacedRectangle r = place_rectangle(pose);
  const auto remember = [&](const auto& tell) {
    boxes.remember(0, r.cg_W, r.forward_W, pose.heading, r.x_max_B, -r.x_min_B, r.half_width, 0.5, tell);
  };
  if (steady) {
    remember([](const ClearBoxes::Proposal&) { return false; });
    for (int q = 0; q < ClearBoxes::kSteadyQueries; ++q) EXPECT_TRUE(boxes.covers(0, r.corners_W, 0.5));
  }
  remember(meets);
  return boxes;
}

TEST(ClearBoxes, ASteadySlotsBoxReachesFarAheadUnlessThatMeetsAWall) {
  // A sedan along +X, its front 1.2 m ahead of the CG, its rear 2.8 m behind, its sides 0.9 m from it.
  const VehiclePose pose = sedan_at({0.0, 0.0}, 0.0);
  const auto moved = [&](double dx, double dy) { return place_rectangle(sedan_at({dx, dy}, 0.0)).corners_W; };
  const auto nothing = [](const ClearBoxes::Proposal&) { return false; };
  // A first box, or one after a box that spared too little, reaches 1.5 m both ways and 0.5 m aside.
  for (const bool steady : {false, true}) {
    // Steady: 5 m ahead, 0.5 m behind; unless a wall across the road 3 m ahead of the front meets it.
    const bool far = steady;
    SCOPED_TRACE(steady ? "steady" : "first box");
    ClearBoxes open = detector_box_around(pose, steady, nothing);
    EXPECT_EQ(open.covers(0, moved(4.9, 0.0), 0.5), far);
    EXPECT_EQ(open.covers(0, moved(1.4, 0.4), 0.5), true);
    EXPECT_EQ(open.covers(0, moved(-1.4, 0.0), 0.5), !far);
    EXPECT_EQ(open.covers(0, moved(-0.4, 0.0), 0.5), true);
    EXPECT_FALSE(open.covers(0, moved(0.0, 0.6), 0.5));
    ClearBoxes bend = detector_box_around(pose, steady, [](const ClearBoxes::Proposal& p) {
      return footprint_meets(footprint(Vec2(4.2, -10), Vec2(4.2, 10)), p.tested);
    });
    EXPECT_TRUE(bend.covers(0, moved(1.4, 0.0), 0.5));
    EXPECT_TRUE(bend.covers(0, moved(-1.4, 0.0), 0.5));
    EXPECT_FALSE(bend.covers(0, moved(1.6, 0.0), 0.5));
  }
}

/// Slot 0 after one offer of the boxes [-4, 4]^2 and [-1, 1]^2, every height, of which `meets` tells; the
/// boxes `meets` was asked about are counted in `asked`.
template <class Meets>
ClearBoxes offered_nested(Meets meets, int& asked) {
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  const std::array<ClearBoxes::Proposal, 2> nested{
      ClearBoxes::propose(as_rectangle(Vec2(-4, -4), Vec2(4, 4)), -kInfinity, kInfinity),
      ClearBoxes::propose(as_rectangle(Vec2(-1, -1), Vec2(1, 1)), -kInfinity, kInfinity)};
  ClearBoxes boxes;
  boxes.reset(1);
  boxes.remember(0, nested, 0.0, [&](const ClearBoxes::Proposal& p) { return ++asked, meets(p); });
  return boxes;
}

TEST(ClearBoxes, OfNestedBoxesTheFirstThatNothingMeetsIsKept) {
  const std::array<Vec2, 2> near_path{Vec2(-0.5, 0.2), Vec2(0.5, -0.2)}, far_path{Vec2(0.0, 0.0), Vec2(3.0, 3.0)};
  // A wall at x = 2 meets the outer box only: the inner one is kept, and covers the near path alone.
  const auto wall_at_2 = [](const ClearBoxes::Proposal& p) {
    return footprint_meets(footprint(Vec2(2, -10), Vec2(2, 10)), p.tested);
  };
  int asked = 0;
  ClearBoxes inner = offered_nested(wall_at_2, asked);
  EXPECT_EQ(asked, 2);
  EXPECT_TRUE(inner.covers(0, near_path, 1e9));  // every height
  EXPECT_FALSE(inner.covers(0, far_path, 0.0));
  // Nothing meets either: the outer box is kept, and the inner is not asked about.
  asked = 0;
  ClearBoxes outer = offered_nested([](const ClearBoxes::Proposal&) { return false; }, asked);
  EXPECT_EQ(asked, 1);
  EXPECT_TRUE(outer.covers(0, far_path, -1e9));
  // A wall 0.5 mm outside the inner box meets its tested box (1 mm larger): neither is kept.
  asked = 0;
  ClearBoxes none = offered_nested([](const ClearBoxes::Proposal& p) {
    return footprint_meets(footprint(Vec2(1.0005, -10), Vec2(1.0005, 10)), p.tested);
  }, asked);
  EXPECT_EQ(asked, 2);
  EXPECT_FALSE(none.holds(0));
  EXPECT_FALSE(none.covers(0, near_path, 0.0));
}

TEST(ClearBoxes, ASlotWhoseBoxesAllMetSomethingWaitsBeforeItOffersAgain) {
  int asked = 0;
  ClearBoxes boxes = offered_nested([](const ClearBoxes::Proposal&) { return true; }, asked);
  const std::array<ClearBoxes::Proposal, 1> box{ClearBoxes::propose(as_rectangle(Vec2(-1, -1), Vec2(1, 1)), 0, 1)};
  for (int query = 0; query < ClearBoxes::kRetrySteps; ++query)
    boxes.remember(0, box, 0.0, [&](const ClearBoxes::Proposal&) { return ++asked, false; });
  EXPECT_EQ(asked, 2) << "a waiting slot was offered a box";
  boxes.remember(0, box, 0.0, [&](const ClearBoxes::Proposal&) { return ++asked, false; });
  EXPECT_EQ(asked, 3);
  EXPECT_TRUE(boxes.holds(0));
  // A box that is not finite is never asked about, and leaves the slot without one.
  const std::array<ClearBoxes::Proposal, 1> nowhere{
      ClearBoxes::propose(as_rectangle(Vec2(std::nan(""), 0), Vec2(1, 1)), 0, 1)};
  boxes.remember(0, nowhere, 0.0, [&](const ClearBoxes::Proposal&) { return ++asked, false; });
  EXPECT_EQ(asked, 3);
  EXPECT_FALSE(boxes.holds(0));
}

}  // namespace
}  // namespace crashbench
