// One physics from every compiler (docs/architecture.md, "Floating point"): the physics hash of every
// case of every shipped file (cases/library) against the committed tests/golden/physics-hashes.json,
// checked by the GCC release build and the clang sanitizer build alike. A commit that changes physics
// regenerates the file and says why:
//   CRASHBENCH_WRITE_GOLDEN=1 build/release/tests/crashbench_cases_golden_tests
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "cases/checks/physics_hash.hpp"
#include "cases/loading/json_parse.hpp"
#include "cases/runner/batch.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

const char* const kGoldenFile = "tests/golden/physics-hashes.json";

/// The file's cases without their reference detector (`check_against`): it checks the detector's contacts
/// on every step and moves nothing, so a passing case hashes the same without it, and it is most of the
/// shipped files' cost (brute force on every step of the track matrix: 80 s of 90 under the sanitizers).
/// ShippedCases (library_scenario_test.cpp) runs them with it.
std::vector<CaseInput> without_reference(std::vector<CaseInput> inputs) {
  for (CaseInput& input : inputs)
    if (input.doc.is_object()) input.doc.erase("check_against");
  return inputs;
}

/// "file.json: case label" -> hash of every case the shipped files expand to, in file order.
std::map<std::string, std::string> shipped_hashes() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(testing::source_path("cases/library")))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::map<std::string, std::string> hashes;
  for (const auto& file : files)
    for (const RunResult& r : run_inputs(without_reference(expand_input_file(file.string())), {}, 2)) {
      const std::string key = file.filename().string() + ": " + r.name;
      if (!r.physics_hash) {
        ADD_FAILURE() << key << " did not run: " << r.error;
        continue;
      }
      EXPECT_TRUE(hashes.emplace(key, physics_hash_hex(*r.physics_hash)).second) << key << " twice";
    }
  return hashes;
}

TEST(GoldenPhysics, EveryShippedCaseHasItsCommittedHash) {
  const std::map<std::string, std::string> now = shipped_hashes();
  ASSERT_GE(now.size(), 100u) << "the shipped files expand to over a hundred cases";
  const std::string golden_path = testing::source_path(kGoldenFile);
  if (std::getenv("CRASHBENCH_WRITE_GOLDEN")) {
    nlohmann::json doc = read_json_file(golden_path);  // keeps what the file says it holds for
    doc["hashes"] = now;
    std::ofstream(golden_path) << doc.dump(2) << '\n';
    GTEST_SKIP() << "wrote " << now.size() << " hashes to " << golden_path;
  }
  const nlohmann::json golden = read_json_file(golden_path).at("hashes");
  int changed = 0;
  for (const auto& [key, hash] : now) {
    if (!golden.contains(key)) {
      ADD_FAILURE() << key << ": no golden hash (a new case: regenerate " << kGoldenFile << ")";
      continue;
    }
    changed += golden[key] != hash;
    EXPECT_EQ(golden[key], hash) << key;
  }
  for (const auto& [key, hash] : golden.items())
    EXPECT_TRUE(now.contains(key)) << key << ": in " << kGoldenFile << " but no shipped case has that name";
  EXPECT_EQ(changed, 0) << changed << " of " << now.size() << " shipped cases compute other physics than "
                        << kGoldenFile << " records";
}

}  // namespace
}  // namespace crashbench
