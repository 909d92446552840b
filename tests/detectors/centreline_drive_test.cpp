// A real track's laps as detect_bench drives them (scene_drives.hpp): one pose per row of the lap, or,
// with a step, poses at most that far apart in between, headings turning the shorter way.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "detectors/scenes/registry/scene_drives.hpp"
#include "detectors/scenes/scene.hpp"

namespace crashbench {
namespace {

/// An open line east 10 m, then north-west 5 m back across the +-pi heading join, then on west.
Centreline hook() {
  Centreline line;
  line.points_W = {{0, 0}, {10, 0}, {10, 5}, {5, 5.5}, {0, 5.4}};
  line.half_widths.assign(line.points_W.size(), 4.0);
  return line;
}

TEST(CentrelineDrive, WithAStepThePosesLieThatFarApartAtMostAndKeepEveryRow) {
  const Scene flat;  // no surface: the ground at z = 0
  const Centreline line = hook();
  constexpr double kLanes[] = {0.0};
  const std::vector<VehiclePose> rows = centreline_drive(flat, line, kLanes);
  ASSERT_EQ(rows.size(), line.points_W.size());
  const std::vector<VehiclePose> steps = centreline_drive(flat, line, kLanes, 0.125);
  // 10 m, 5 m, the hypotenuse of (5, 0.5) and of (5, 0.1): 80 + 40 + 41 + 41 poses, and the last row.
  EXPECT_EQ(steps.size(), 80u + 40u + 41u + 41u + 1u);
  std::size_t next_row = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    if (i > 0) {
      EXPECT_LE((steps[i].position_W - steps[i - 1].position_W).norm(), 0.125 + 1e-12) << i;
    }
    if (next_row < rows.size() && steps[i].position_W == rows[next_row].position_W) {
      EXPECT_EQ(steps[i].heading, rows[next_row].heading);
      ++next_row;
    }
  }
  EXPECT_EQ(next_row, rows.size()) << "every row is one of the poses, in order";
  // Between two rows the heading turns the shorter way (the last two rows lie across the +-pi join): the
  // steps turn through as much in all as the rows do, not a whole turn more.
  const auto turning = [](const std::vector<VehiclePose>& poses) {
    double total = 0;
    for (std::size_t i = 0; i + 1 < poses.size(); ++i)
      total += std::abs(std::remainder(poses[i + 1].heading - poses[i].heading, 2 * std::numbers::pi));
    return total;
  };
  ASSERT_GT(rows[3].heading, 3.0);
  ASSERT_LT(rows[4].heading, -3.0);
  EXPECT_NEAR(turning(steps), turning(rows), 1e-9);
}

}  // namespace
}  // namespace crashbench
