// Runs the shipped cases and checks their verdicts and the sequences the papers describe.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/batch.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/scenes/registry/builtin_walls.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

// CI's matrix (Knight's cases x models x applications x integrators); every file of cases/library runs
// in ShippedCases below.
TEST(CiMatrix, EveryCasePassesItsInvariants) {
  const auto results = run_inputs(expand_input_file(testing::source_path("ci/matrix.json")));
  ASSERT_EQ(results.size(), 36u);
  for (const auto& r : results) {
    EXPECT_EQ(r.status, CaseStatus::kPassed) << r.name << " " << r.error;
    EXPECT_GE(r.impacts, 1) << r.name;
  }
  EXPECT_EQ(batch_exit_code(results), 0);
}

TEST(ShippedCases, EveryFileInTheLibraryRunsAndPasses) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(testing::source_path("cases/library")))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  ASSERT_GE(files.size(), 13u);
  for (const auto& file : files) {
    const auto results = run_inputs(expand_input_file(file.string()), {}, 2);
    ASSERT_FALSE(results.empty()) << file;
    for (const auto& r : results) {
      EXPECT_EQ(r.status, CaseStatus::kPassed) << r.name << " " << r.error;
      EXPECT_GE(r.impacts, 1) << r.name;
    }
  }
}

/// Where on the car (body frame) an event's contact point lies.
Vec2 contact_point_B(const ImpactEvent& e) {
  return rotation(-e.pre_a.state.heading) * (e.contact.point_W - e.pre_a.state.position_W);
}

/// Index of the first event after `from` satisfying `match`, or -1.
template <class Match>
int first_event(const RunResult& r, int from, Match match) {
  for (int i = from + 1; i < static_cast<int>(r.events.size()); ++i)
    if (match(r.events[i])) return i;
  return -1;
}

RunResult run_l_rail(const std::string& model) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-l-rail.json"));
  doc["response"]["model"] = model;
  return run_case(parse_case(doc, "l-rail.json"));
}

constexpr int kSideWall = 0, kEndWall = 1;  // order of kLRail

// Knight & Bernard (2003), Figures 6-7, made with the restitution method: right-front corner on the side
// wall at about 1.5 s, then the right rear, then the end wall at about 2.5 s.
TEST(LRailSequence, RestitutionReproducesTheSequenceOfFigures6And7) {
  const RunResult r = run_l_rail("restitution");
  ASSERT_EQ(r.status, CaseStatus::kPassed);
  const int right_front = first_event(r, -1, [](const ImpactEvent& e) {
    const Vec2 p = contact_point_B(e);
    return e.contact.feature == kSideWall && p.x() > 1.0 && p.y() < 0;
  });
  ASSERT_EQ(right_front, 0) << "the first contact is the right-front corner on the side wall";
  EXPECT_NEAR(r.events[right_front].time, 1.5, 0.1);
  const int right_rear = first_event(r, right_front, [](const ImpactEvent& e) {
    const Vec2 p = contact_point_B(e);
    return e.contact.feature == kSideWall && p.x() < -1.0 && p.y() < 0;
  });
  ASSERT_GT(right_rear, right_front);
  EXPECT_LT(r.events[right_rear].time, 1.8);
  const int end_wall = first_event(r, right_rear, [](const ImpactEvent& e) { return e.contact.feature == kEndWall; });
  ASSERT_GT(end_wall, right_rear);
  EXPECT_NEAR(r.events[end_wall].time, 2.5, 0.15);
}

class LRail : public ::testing::TestWithParam<std::string> {};

// With either wall model the car reaches the end wall near 2.5 s, never passes through a wall, and ends
// stopped against the end wall or moving away from it.
TEST_P(LRail, StaysInsideAndEndsAtTheEndWall) {
  const RunResult r = run_l_rail(GetParam());
  ASSERT_EQ(r.status, CaseStatus::kPassed);
  const int end_wall = first_event(r, -1, [](const ImpactEvent& e) { return e.contact.feature == kEndWall; });
  ASSERT_GE(end_wall, 0);
  EXPECT_NEAR(r.events[end_wall].time, 2.5, 0.15);
  // Never through a wall: every corner stays on the inside of both walls, within one step of travel.
  const RectangleSize& size = r.config.vehicles[0].params.body;
  const double slack = 27.0 * r.config.dt;
  for (const auto& s : r.tracks[0].states)
    for (double x : {size.cg_to_front, -size.cg_to_rear})
      for (double y : {size.width / 2, -size.width / 2}) {
        const Vec2 corner = s.position_W + rotation(s.heading) * Vec2(x, y);
        ASSERT_GT(corner.y(), kLRailSideWall.ay - slack);
        ASSERT_LT(corner.x(), kLRailEndWall.ax + slack);
      }
  // It ends stopped against the end wall or moving away from it.
  const PlanarState& last = r.tracks[0].states.back();
  EXPECT_TRUE(last.velocity_W.norm() < 0.5 || last.velocity_W.x() < 0) << last.velocity_W.transpose();
}

INSTANTIATE_TEST_SUITE_P(BothWallModels, LRail, ::testing::Values("restitution", "energy-loss"));

}  // namespace
}  // namespace crashbench
