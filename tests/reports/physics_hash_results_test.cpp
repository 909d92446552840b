// The physics hash in results.json: written for every case that ran, read back, checked, and compared.
#include <gtest/gtest.h>

#include <fstream>

#include "cases/checks/physics_hash.hpp"
#include "core/error.hpp"
#include "reports/compare.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

TEST(PhysicsHashResults, EveryCaseThatRanCarriesItsHashBack) {
  const auto& written = testing::sample_results();
  const ResultsFile file = read_results_file(testing::sample_results_file("hash-roundtrip"));
  ASSERT_EQ(file.cases.size(), written.size());
  int ran = 0;
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (written[i].status == CaseStatus::kError) {
      EXPECT_FALSE(written[i].physics_hash.has_value());
      EXPECT_EQ(file.cases[i].physics_hash, "");
      continue;
    }
    ++ran;
    ASSERT_TRUE(written[i].physics_hash.has_value()) << written[i].name;
    EXPECT_EQ(parse_physics_hash(file.cases[i].physics_hash), written[i].physics_hash) << written[i].name;
  }
  EXPECT_GE(ran, 2);
}

TEST(PhysicsHashResults, AMalformedHashNamesItsPointer) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("hash-malformed-source"));
  doc["cases"][0]["physics_hash"] = "not-a-hash";
  const std::string path = (testing::fresh_temp_folder("reports-hash-malformed") / "results.json").string();
  std::ofstream(path) << doc.dump();
  try {
    read_results_file(path);
    FAIL() << "no error for a malformed physics_hash";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(path + ": /cases/0/physics_hash: expected 16 hex digits"), std::string::npos)
        << e.what();
  }
}

TEST(PhysicsHashResults, CompareListsChangedHashesWithoutCallingThemRegressions) {
  const ResultsFile a = testing::sample_results_read_back("hash-compare-a");
  ResultsFile b = testing::sample_results_read_back("hash-compare-b");
  const Comparison same = compare_results(a, b);
  EXPECT_EQ(same.physics_changed, 0);
  const int ran = same.physics_identical;
  EXPECT_GE(ran, 2) << "every case that ran has a hash";
  CaseRecord& changed = b.cases[0];
  ASSERT_FALSE(changed.physics_hash.empty());
  const std::string old_hash = changed.physics_hash;
  changed.physics_hash = physics_hash_hex(~*parse_physics_hash(old_hash));
  ASSERT_FALSE(b.cases.back().physics_hash.empty());
  b.cases.back().physics_hash.clear();  // an older results.json without hashes: not comparable
  const Comparison c = compare_results(a, b);
  EXPECT_EQ(c.physics_changed, 1);
  EXPECT_EQ(c.physics_identical, ran - 2);
  EXPECT_EQ(c.regressions, 0);
  EXPECT_NE(c.text.find(changed.name + ": physics changed (hash " + old_hash + " -> " + changed.physics_hash + ")"),
            std::string::npos)
      << c.text;
}

}  // namespace
}  // namespace crashbench
