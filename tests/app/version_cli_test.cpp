// `crashbench --version` names the version and the git revision that was built.
#include <gtest/gtest.h>

#include <regex>

#include "tests/app/cli_support.hpp"

namespace crashbench {
namespace {

TEST(VersionCli, NamesTheVersionAndTheRevision) {
  const auto r = testing::crashbench("--version");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::regex_search(r.output, std::regex(R"(^crashbench \d+\.\d+\.\d+ \((unknown|[0-9a-f]{7,40}(-dirty)?)\)\n$)")))
      << r.output;
}

}  // namespace
}  // namespace crashbench
