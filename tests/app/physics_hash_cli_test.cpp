// The physics hash through the real CLI: reruns, --jobs and --threads give the same hash per case, a different
// input gives another, and `crashbench compare` names the cases whose physics changed.
#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "cases/loading/matrix.hpp"
#include "tests/app/cli_support.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

/// Runs `inputs` into a fresh folder `name` and returns each case's hash by case name.
std::map<std::string, std::string> hashes_of_run(const std::string& name, const std::string& inputs,
                                                 const std::string& options = "") {
  const std::string out = testing::fresh_dir(name);
  const testing::Outcome r = testing::crashbench("run " + inputs + " -o " + out + " " + options);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  std::map<std::string, std::string> hashes;
  const nlohmann::json results = read_json_file(out + "/results.json");
  for (const auto& c : results["cases"]) {
    EXPECT_TRUE(c.contains("physics_hash")) << c["name"];
    hashes[c["name"].get<std::string>()] = c.value("physics_hash", "");
  }
  return hashes;
}

TEST(PhysicsHashCli, RerunsAndJobCountsGiveTheSameHashPerCase) {
  const std::string matrix = testing::source_path("cases/library/matrix.json");
  const auto first = hashes_of_run("hash-first", matrix, "--jobs 1");
  ASSERT_GE(first.size(), 4u);
  EXPECT_EQ(hashes_of_run("hash-again", matrix, "--jobs 1"), first);
  EXPECT_EQ(hashes_of_run("hash-jobs", matrix, "--jobs 2"), first);
  EXPECT_EQ(hashes_of_run("hash-threads", matrix, "--threads 2"), first);
  EXPECT_EQ(hashes_of_run("hash-jobs-threads", matrix, "--jobs 2 --threads 2"), first);
  // Different cases of the matrix have different physics: the hash is not a constant.
  std::map<std::string, int> seen;
  for (const auto& [name, hash] : first) ++seen[hash];
  EXPECT_EQ(seen.size(), first.size());
}

TEST(PhysicsHashCli, ADifferentSpeedChangesTheHashAndCompareSaysSo) {
  const std::string original = testing::source_path("cases/library/knight-head-on-30mph.json");
  const std::string dir = testing::fresh_dir("hash-perturbed");
  nlohmann::json doc = read_json_file(original);
  doc["vehicles"][0]["speed_mph"] = 31;
  std::ofstream(dir + "/knight-head-on-30mph.json") << doc.dump(1);
  const std::string a = testing::fresh_dir("hash-a"), b = testing::fresh_dir("hash-b");
  ASSERT_EQ(testing::crashbench("run " + original + " -o " + a).exit_code, 0);
  ASSERT_EQ(testing::crashbench("run " + dir + "/knight-head-on-30mph.json -o " + b).exit_code, 0);
  const std::string hash_a = read_json_file(a + "/results.json")["cases"][0]["physics_hash"];
  const std::string hash_b = read_json_file(b + "/results.json")["cases"][0]["physics_hash"];
  EXPECT_NE(hash_a, hash_b);
  const testing::Outcome same = testing::crashbench("compare " + a + "/results.json " + a + "/results.json");
  EXPECT_NE(same.output.find("physics: 0 case(s) changed, 1 identical"), std::string::npos) << same.output;
  const testing::Outcome r = testing::crashbench("compare " + a + "/results.json " + b + "/results.json");
  EXPECT_EQ(r.exit_code, 0) << "a physics change alone is not a regression\n" << r.output;
  EXPECT_NE(r.output.find("knight-head-on-30mph: physics changed (hash " + hash_a + " -> " + hash_b + ")"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("physics: 1 case(s) changed, 0 identical"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace crashbench
