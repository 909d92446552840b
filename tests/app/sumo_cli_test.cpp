// SUMO traffic from the command line: the fixture SUMO made (tests/testdata/sumo/) runs and compares,
// and a broken SUMO file is one line naming the file, the element and its line, exit code 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

/// The fixture's files copied into a fresh folder, the FCD cut to its first `fcd_bytes` bytes (0: whole).
std::string fixture_copy(const std::string& name, std::size_t fcd_bytes = 0) {
  const std::string dir = testing::fresh_dir(name);
  for (const char* f : {"cross.json", "cross.xodr", "cross.rou.xml", "cross.collisions.xml", "cross.fcd.xml"})
    fs::copy_file(testing::testdata_path(std::string("sumo/") + f), dir + "/" + f);
  if (fcd_bytes > 0) fs::resize_file(dir + "/cross.fcd.xml", fcd_bytes);
  return dir;
}

TEST(SumoCli, TheFixtureRunsAndItsCollisionIsMatched) {
  const std::string dir = fixture_copy("sumo-cli-run");
  const auto run = testing::crashbench("run " + dir + "/cross.json -o " + dir + "/out -q");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  std::ifstream results(dir + "/out/results.json");
  const std::string text((std::istreambuf_iterator<char>(results)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"episodes_matched\": 1"), std::string::npos);
}

TEST(SumoCli, AnFcdCutShortIsOneLineNamingTheTimestepAndExitTwo) {
  const std::string dir = fixture_copy("sumo-cli-cut", 20000);
  const auto refused = testing::crashbench("run " + dir + "/cross.json -o " + dir + "/out -q");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find("crashbench: " + dir + "/cross.fcd.xml: <timestep> (line "), std::string::npos)
      << refused.output;
}

TEST(SumoCli, ACollisionOfAnUnknownVehicleIsOneLineNamingItsLineAndExitTwo) {
  const std::string dir = fixture_copy("sumo-cli-unknown");
  std::ofstream(dir + "/cross.collisions.xml")
      << "<collisions>\n  <collision time=\"7.80\" type=\"junction\" lane=\"x\" pos=\"1\" collider=\"main\" victim=\"nobody\" "
         "colliderSpeed=\"1\" victimSpeed=\"1\"/>\n</collisions>\n";
  const auto refused = testing::crashbench("run " + dir + "/cross.json -o " + dir + "/out -q");
  EXPECT_EQ(refused.exit_code, 2) << refused.output;
  EXPECT_NE(refused.output.find(dir + "/cross.collisions.xml: <collision> (line 2): 'victim'"), std::string::npos)
      << refused.output;
}

}  // namespace
}  // namespace crashbench
