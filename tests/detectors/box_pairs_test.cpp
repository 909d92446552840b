// The broad phase on its own: on random boxes of mixed sizes, on boxes meeting exactly on cell borders and
// on degenerate and far-away boxes, BoxPairs reports exactly the overlapping pairs an all-pairs test finds,
// each once, ascending; and so does find_coherent on boxes that move call after call.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "detectors/broadphase/analytic_rectangles.hpp"
#include "detectors/broadphase/box_pairs.hpp"

namespace crashbench {
namespace {

using Pairs = std::vector<std::pair<int, int>>;

Pairs all_pairs(const std::vector<Box2>& boxes) {
  Pairs out;
  for (std::size_t a = 0; a < boxes.size(); ++a)
    for (std::size_t b = a + 1; b < boxes.size(); ++b)
      if (boxes_overlap(boxes[a].lo, boxes[a].hi, boxes[b].lo, boxes[b].hi))
        out.emplace_back(static_cast<int>(a), static_cast<int>(b));
  return out;
}

void expect_all_pairs(const std::vector<Box2>& boxes, const std::string& layout) {
  BoxPairs broad;
  DetectorStats stats;
  broad.find(boxes, stats);
  // all_pairs lists them ascending, each once: so must find.
  EXPECT_EQ(broad.pairs(), all_pairs(boxes)) << layout;
}

Box2 box(double x, double y, double w, double h) { return {{x, y}, {x + w, y + h}}; }

TEST(BoxPairs, FindsExactlyTheOverlappingPairsOfRandomBoxes) {
  std::mt19937 rng(5);
  for (const double side : {10.0, 50.0, 400.0}) {
    std::uniform_real_distribution<double> at(-side, side), size(0.5, 5.0), big(5.0, 40.0);
    std::vector<Box2> boxes;
    for (int i = 0; i < 600; ++i) boxes.push_back(box(at(rng), at(rng), size(rng), size(rng)));
    for (int i = 0; i < 8; ++i) boxes.push_back(box(at(rng), at(rng), big(rng), size(rng)));  // spans many cells
    expect_all_pairs(boxes, "random in " + std::to_string(side) + " m");
  }
}

TEST(BoxPairs, BoxesMeetingOnCellBordersAndCornersAreFoundOnce) {
  // Equal 2 m squares (so 2 m cells) on a lattice of pitch 2 m: every box touches its eight neighbours
  // along a border or at a corner, exactly on the cell lines.
  std::vector<Box2> boxes;
  for (int i = 0; i < 12; ++i)
    for (int j = 0; j < 12; ++j) boxes.push_back(box(2.0 * i, 2.0 * j, 2, 2));
  expect_all_pairs(boxes, "lattice");
}

TEST(BoxPairs, DegenerateFarAndNonFiniteBoxesNeitherCrashNorPairWrongly) {
  std::vector<Box2> boxes = {box(0, 0, 0, 0), box(0, 0, 0, 0), box(0, 0, 1, 1), box(1e300, 1e300, 1, 1),
                             box(1e300, 1e300, 2, 2), box(-1e300, 5, 1, 1), box(1e18, 0, 1, 1), box(1e18, 0.5, 1, 1)};
  boxes.push_back({Vec2::Constant(std::nan("")), Vec2::Constant(std::nan(""))});
  expect_all_pairs(boxes, "degenerate and far");
}

TEST(BoxPairs, FindCoherentGivesEveryCallsPairsWhileTheBoxesDriftJumpAndChangeInNumber) {
  // Boxes drifting a little each call (the candidates serve), now and then one jumping far, or growing,
  // or turning NaN (the grid runs again), and the set changing size: every call's pairs must be exactly
  // the all-pairs ones.
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> at(-40, 40), size(0.5, 5.0), drift(-0.15, 0.15), unit(0, 1);
  std::vector<Box2> boxes;
  for (int i = 0; i < 300; ++i) boxes.push_back(box(at(rng), at(rng), size(rng), size(rng)));
  BoxPairs broad;
  DetectorStats stats;
  int calls = 0;
  std::size_t pairs_seen = 0;
  for (int call = 0; call < 120; ++call, ++calls) {
    for (Box2& b : boxes) {
      const Vec2 d(drift(rng), drift(rng));
      b.lo += d, b.hi += d;
    }
    const double event = unit(rng);
    Box2& one = boxes[static_cast<std::size_t>(call * 7) % boxes.size()];
    const Box2 kept = one;
    if (event < 0.05) one = box(at(rng), at(rng), size(rng), size(rng));  // a jump
    else if (event < 0.08) one.hi += Vec2(3.0, 0.0);                     // grows past the margin
    else if (event < 0.1) one.lo = Vec2::Constant(std::nan(""));         // not finite, for this call
    else if (event < 0.12) boxes.push_back(box(at(rng), at(rng), size(rng), size(rng)));  // one more box
    broad.find_coherent(boxes, 1.0, stats);
    ASSERT_EQ(broad.pairs(), all_pairs(boxes)) << "call " << call;
    pairs_seen += broad.pairs().size();
    if (!one.lo.allFinite()) one = kept;
  }
  EXPECT_GT(pairs_seen, 100u) << "the layout must have pairs to find";
  // The candidates served most calls, and the grid ran again after the boxes had moved away.
  EXPECT_GT(broad.grid_runs(), 5);
  EXPECT_LT(broad.grid_runs(), calls / 2);
}

TEST(BoxPairs, FindCoherentWithoutAPositiveMarginStillFindsEveryPair) {
  std::vector<Box2> boxes = {box(0, 0, 2, 2), box(1, 1, 2, 2), box(5, 5, 1, 1)};
  for (const double margin : {0.0, -1.0, std::nan("")}) {
    BoxPairs broad;
    DetectorStats stats;
    broad.find_coherent(boxes, margin, stats);
    boxes[2].lo -= Vec2(2.5, 2.5);  // now meets the second box
    broad.find_coherent(boxes, margin, stats);
    EXPECT_EQ(broad.pairs(), all_pairs(boxes)) << margin;
    boxes[2].lo += Vec2(2.5, 2.5);
  }
}

/// Three "threads" run one after another, the last first: its chunks, then the others' it takes.
class LastFirstRanges final : public VehicleRanges {
 public:
  int size() const override { return 3; }

 private:
  void run(std::size_t count, Job job, void* work) override {
    for (std::size_t t = 3; t-- > 0;) job(work, static_cast<int>(t), t * count / 3, (t + 1) * count / 3);
  }
};

TEST(BoxPairs, PairsFoundOnThreadsAreThoseOfOneThreadWithTheSameTestsCounted) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> at(-300.0, 300.0), size(0.5, 5.0);
  std::vector<Box2> boxes;
  for (int i = 0; i < 3000; ++i) boxes.push_back(box(at(rng), at(rng), size(rng), size(rng)));
  BoxPairs one, split;
  split.reserve(static_cast<int>(boxes.size()), 3);
  DetectorStats one_stats, split_stats;
  LastFirstRanges ranges;
  one.find(boxes, one_stats);
  split.find(boxes, split_stats, &ranges);
  EXPECT_EQ(split.pairs(), all_pairs(boxes));
  EXPECT_EQ(split.pairs(), one.pairs());
  EXPECT_EQ(split_stats.nodes_visited, one_stats.nodes_visited);
  EXPECT_GT(one.pairs().size(), 100u) << "a layout with pairs to find";
}

}  // namespace
}  // namespace crashbench
