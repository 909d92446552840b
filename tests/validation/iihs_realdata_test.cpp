// The IIHS small-overlap table (../shared/data, label `realdata`): on the 2008 Fusion rows the reading
// of the unconfirmed columns that fits best is Gamma as the normal's angle and mu as a percentage of the
// critical ratio; the fit recovers every row's e within 0.02 and mu within 2 points.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "validation/wall_impact.hpp"

namespace crashbench {
namespace {

std::string table_path() {
  const char* d = std::getenv("CRASHBENCH_SHARED_DATA");
  return (d ? std::string(d) : std::string(CRASHBENCH_SOURCE_DIR) + "/../shared/data") +
         "/crash-tests/iihs_small_overlap_brach_matrix.csv";
}

TEST(IihsTable, FusionRowsChooseTheReadingAndTheFitRecoversEveryRow) {
  if (!std::filesystem::exists(table_path())) GTEST_SKIP() << "no " << table_path();
  const std::vector<IihsRow> rows = read_iihs_table(table_path());
  ASSERT_EQ(rows.size(), 15u);
  double k2 = 0;
  double best_error = 1e9;
  WallReading best;
  for (const WallReading& reading : all_readings()) {
    double sum = 0;
    for (const IihsRow& r : rows)
      if (const auto v = known_vehicle(r)) {
        k2 = v->yaw_inertia / v->mass;
        sum += wall_error(wall_impact(r, reading, v->mass, v->yaw_inertia, r.e, r.mu_percent), r, k2);
      }
    if (sum < best_error) best_error = sum, best = reading;
  }
  EXPECT_TRUE(best.gamma_is_normal);
  EXPECT_TRUE(best.mu_of_critical);
  EXPECT_EQ(best.phi_side, best.gamma_side);  // the same handedness for both angles
  for (const IihsRow& r : rows) {
    const auto v = known_vehicle(r);
    const WallFit f = v ? fit_wall(r, best, v->mass, v->yaw_inertia) : fit_wall(r, best, 1.0, k2);
    EXPECT_NEAR(f.e, r.e, 0.02) << r.test_id;
    EXPECT_NEAR(f.mu_percent, r.mu_percent, 2.0) << r.test_id;
  }
}

}  // namespace
}  // namespace crashbench
