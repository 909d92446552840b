// `crashbench run --junit FILE --benchmark-json FILE` (and the same on `report`): both files are written
// from the run, the JUnit one validates against the JUnit schema, the benchmark one has a step timing
// per case.
#include <gtest/gtest.h>

#include "cases/loading/json_parse.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

TEST(CiOutputsCli, RunWritesJunitAndBenchmarkJson) {
  const std::string dir = testing::fresh_dir("ci-outputs");
  const auto r = testing::crashbench("run -q " + testing::source_path("cases/library/knight-head-on-30mph.json") +
                                     " -o " + dir + " --junit " + dir + "/junit.xml --benchmark-json " + dir + "/bench.json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto lint = testing::shell("xmllint --noout --schema " + testing::testdata_path("junit.xsd") + " " + dir + "/junit.xml");
  EXPECT_EQ(lint.exit_code, 0) << lint.output;
  const nlohmann::json bench = read_json_file(dir + "/bench.json");
  bool has_step = false;
  for (const auto& b : bench.at("benchmarks")) has_step |= b.at("name").get<std::string>() == "knight-head-on-30mph/step";
  EXPECT_TRUE(has_step) << bench.dump(1);

  const auto report = testing::crashbench("report " + dir + "/results.json -o " + dir + "/report --junit " + dir + "/again.xml");
  ASSERT_EQ(report.exit_code, 0) << report.output;
  EXPECT_EQ(testing::shell("cmp " + dir + "/junit.xml " + dir + "/again.xml").exit_code, 0);
}

}  // namespace
}  // namespace crashbench
