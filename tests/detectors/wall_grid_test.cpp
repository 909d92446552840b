// The wall grid's queries against a check of every wall's box, and its size on layouts that would list
// a few walls in millions of cells.
#include "detectors/broadphase/wall_grid.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "testkit/counting_allocator.hpp"

namespace crashbench {
namespace {

bool boxes_meet(const Box2& a, const Box2& b) {
  return a.lo.x() <= b.hi.x() && b.lo.x() <= a.hi.x() && a.lo.y() <= b.hi.y() && b.lo.y() <= a.hi.y();
}

/// Every wall whose box meets `query` is among the candidates, each once, ascending.
void expect_candidates_cover(WallGrid& grid, const std::vector<Box2>& walls, const Box2& query) {
  std::vector<int> found;
  found.reserve(walls.size());
  grid.candidates(query.lo, query.hi, found);
  EXPECT_TRUE(std::is_sorted(found.begin(), found.end()));
  EXPECT_EQ(std::adjacent_find(found.begin(), found.end()), found.end());
  for (std::size_t k = 0; k < walls.size(); ++k) {
    if (boxes_meet(walls[k], query)) {
      EXPECT_TRUE(std::binary_search(found.begin(), found.end(), static_cast<int>(k))) << k;
    }
  }
}

/// `short_count` walls 2 m long scattered over 10 x 10 km, then `long_count` diagonals across all of it.
std::vector<Box2> short_and_long_walls(int short_count, int long_count) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> at(0, 1e4);
  std::vector<Box2> walls;
  for (int i = 0; i < short_count; ++i) {
    const Vec2 p(at(rng), at(rng));
    walls.push_back({p, p + Vec2(2, 0.3)});
  }
  for (int i = 0; i < long_count; ++i) walls.push_back({Vec2(0, i), Vec2(1e4, 1e4 - i)});
  return walls;
}

TEST(WallGrid, CandidatesHoldEveryWallWhoseBoxMeetsTheQuery) {
  const std::vector<Box2> walls = short_and_long_walls(2000, 5);
  WallGrid grid;
  grid.build(walls);
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> at(-100, 1.01e4), size(0, 30);
  for (int q = 0; q < 500; ++q) {
    const Vec2 lo(at(rng), at(rng));
    expect_candidates_cover(grid, walls, {lo, lo + Vec2(size(rng), size(rng))});
  }
  // Boxes that only touch a wall, at its corners: the cell of a coordinate may fall either side of a cell
  // boundary by a rounding, and the wall must be found either way.
  for (std::size_t k = 0; k < walls.size(); k += 7) {
    expect_candidates_cover(grid, walls, {walls[k].hi, walls[k].hi + Vec2(3, 3)});
    expect_candidates_cover(grid, walls, {walls[k].lo - Vec2(3, 3), walls[k].lo});
    expect_candidates_cover(grid, walls, {walls[k].hi, walls[k].hi});
  }
}

TEST(WallGrid, LongDiagonalsAmongManyShortWallsKeepTheGridSmall) {
  // The walls' mean extent sets 10 m cells; 80 diagonals over 10 km would each fill the 1,000,000 cells
  // of their bounds: 80M entries, 320 MB. The grid coarsens instead.
  const std::vector<Box2> walls = short_and_long_walls(100000, 80);
  const std::int64_t before = testing::allocated_bytes();
  WallGrid grid;
  grid.build(walls);
  EXPECT_LT(testing::allocated_bytes() - before, std::int64_t{100} << 20);
  expect_candidates_cover(grid, walls, {Vec2(5000, 5000), Vec2(5004, 5002)});
}

}  // namespace
}  // namespace crashbench
