// The broad phase on its own: on random boxes of mixed sizes, on boxes meeting exactly on cell borders and
// on degenerate and far-away boxes, BoxPairs reports exactly the overlapping pairs an all-pairs test finds,
// each once, with a < b.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "detectors/analytic_rectangles.hpp"
#include "detectors/box_pairs.hpp"

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
  Pairs got = broad.pairs();
  for (const auto& [a, b] : got) EXPECT_LT(a, b) << layout;
  std::sort(got.begin(), got.end());
  EXPECT_EQ(std::adjacent_find(got.begin(), got.end()), got.end()) << layout << ": a pair reported twice";
  EXPECT_EQ(got, all_pairs(boxes)) << layout;
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

}  // namespace
}  // namespace crashbench
