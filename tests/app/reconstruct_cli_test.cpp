// `crashbench reconstruct` on the shipped example: the post-impact states of zhou-rear-end.json go back to
// that case's pre-impact inputs (speeds and headings read from the case file itself), the forward check
// passes, and the forward case it writes carries them.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "cases/loading/matrix.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

TEST(ReconstructCli, RecoversTheZhouCasePreImpactStates) {
  const std::string out = testing::fresh_dir("reconstruct") + "/forward.json";
  const auto r = testing::crashbench("reconstruct " + testing::source_path("cases/reconstruction/zhou-rear-end-post.json") +
                                     " -o " + out);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("forward check"), std::string::npos) << r.output;
  const nlohmann::json forward = read_json_file(out);
  const nlohmann::json original = read_json_file(testing::source_path("cases/library/zhou-rear-end.json"));
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& v = forward["vehicles"][i]["velocity"];
    const double speed = std::hypot(v[0].get<double>(), v[1].get<double>());
    const double heading_deg = std::atan2(v[1].get<double>(), v[0].get<double>()) * 180.0 / std::numbers::pi;
    EXPECT_NEAR(speed, original["vehicles"][i]["speed"].get<double>(), 1e-6);
    EXPECT_NEAR(heading_deg, original["vehicles"][i]["heading_deg"].get<double>(), 1e-6);
    EXPECT_NEAR(forward["vehicles"][i]["yaw_rate_deg_s"].get<double>(), 0.0, 1e-6);
  }
}

TEST(ReconstructCli, BadInputIsOneLineAndExitTwo) {
  const auto r = testing::crashbench("reconstruct " + testing::source_path("cases/library/knight-head-on-30mph.json"));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("/vehicles"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace crashbench
