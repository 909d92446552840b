// A scenario SUMO itself made (tests/testdata/sumo/generate.sh): two drivers who ignore right of way meet at
// a priority junction of an OpenDRIVE road netconvert wrote. SUMO reports one collision episode; crashbench
// must find the same pair within two SUMO steps, resolve it with every invariant holding, and release both.
#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/json_parse.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/registries.hpp"

namespace crashbench {
namespace {

Case cross_case(const std::string& detector, const std::string& application) {
  const std::string file = std::string(CRASHBENCH_TESTDATA_DIR) + "/sumo/cross.json";
  nlohmann::json doc = read_json_file(file);
  doc["detector"] = detector;
  doc["application"] = application;
  return parse_case(doc, file);
}

class SumoCross : public ::testing::TestWithParam<std::string> {};

TEST_P(SumoCross, SumosJunctionCollisionIsMatchedAndResolvedWithEveryInvariant) {
  for (const std::string application : {"reset", "force"}) {
    const RunResult r = run_case(cross_case(GetParam(), application));
    ASSERT_TRUE(r.failure.empty()) << r.failure;
    ASSERT_TRUE(r.sumo.has_value());
    const SumoComparison& s = *r.sumo;
    EXPECT_EQ(s.vehicles, 2u);
    EXPECT_EQ(s.collision_rows, 4u);  // cross.collisions.xml: four rows, 7.8 to 8.1 s
    ASSERT_EQ(s.episodes.size(), 1u);
    EXPECT_TRUE(s.episodes[0].matched) << s.episodes[0].why;
    EXPECT_GT(s.episodes[0].impulse, 0);
    EXPECT_EQ(s.released, 2u);
    for (const SumoExtraContact& x : s.extra) EXPECT_FALSE(x.why.empty());
    for (const InvariantSummary& i : r.invariants) EXPECT_EQ(i.failed, 0) << application;
    EXPECT_TRUE(r.tunnelling.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(EveryDetector, SumoCross, ::testing::ValuesIn(testing::triangle_detector_names()),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace crashbench
