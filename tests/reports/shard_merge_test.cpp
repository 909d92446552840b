// --jobs and --shard: the same results as one serial run, in the same order; merge puts shards together.
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "reports/results/merge.hpp"
#include "reports/progress_line.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

/// A results document without what differs run to run: timings and run metadata.
nlohmann::json without_timing(nlohmann::json doc) {
  doc.erase("run");
  for (auto& c : doc["cases"]) c.erase("timing");
  return doc;
}

const std::vector<CaseInput>& matrix() {
  static const auto inputs = expand_input_file(testing::source_path("cases/library/matrix.json"));
  return inputs;
}

const nlohmann::json& serial_doc() {
  static const nlohmann::json doc = without_timing(to_json(run_inputs(matrix())));
  return doc;
}

TEST(Jobs, ParallelRunIsBitIdenticalToSerialAndInInputOrder) {
  ASSERT_GE(matrix().size(), 4u);
  std::vector<std::size_t> seen;
  const auto parallel = run_inputs(matrix(), [&](const RunResult&, std::size_t, std::size_t done, std::size_t) { seen.push_back(done); }, 3);
  EXPECT_EQ(without_timing(to_json(parallel)), serial_doc());  // dump() equality: every double bit for bit
  ASSERT_EQ(seen.size(), matrix().size());
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(seen[i], i + 1);
  EXPECT_FALSE(to_json(parallel, RunInfo{3, 0, 0, 0, {}, {}})["run"]["timing_serial"].get<bool>());
}

TEST(Shards, AreDisjointCoverTheListAndMergeIntoTheSingleRun) {
  const ShardSpec spec{0, 3};
  std::vector<ResultsFile> shards;
  std::vector<int> owner(matrix().size(), 0);
  for (int k = 1; k <= spec.count; ++k) {
    const auto positions = shard_positions(matrix().size(), {k, spec.count});
    std::vector<CaseInput> slice;
    for (auto i : positions) slice.push_back(matrix()[i]), ++owner[i];
    const RunInfo info{1, k, spec.count, matrix().size(), positions, {}};
    // Merge the shards in reverse order: the result must not depend on it.
    shards.insert(shards.begin(), parse_results(to_json(run_inputs(slice), info), "shard" + std::to_string(k)));
  }
  for (int n : owner) EXPECT_EQ(n, 1);
  const nlohmann::json merged = merge_results(shards);
  EXPECT_EQ(without_timing(merged), serial_doc());
  EXPECT_TRUE(merged["run"]["timing_serial"].get<bool>());
}

TEST(Shards, MergeRefusesOverlapsGapsAndForeignShards) {
  const auto positions = shard_positions(matrix().size(), {1, 2});
  std::vector<CaseInput> slice;
  for (auto i : positions) slice.push_back(matrix()[i]);
  const RunInfo info{1, 1, 2, matrix().size(), positions, {}};
  const ResultsFile first = parse_results(to_json(run_inputs(slice), info), "first.json");
  EXPECT_THROW(merge_results({first}), Error);          // shard 2 missing
  EXPECT_THROW(merge_results({first, first}), Error);   // overlap
  RunInfo other = info;
  other.total_cases += 1;
  const ResultsFile foreign = parse_results(to_json(run_inputs(slice), other), "foreign.json");
  const auto merge_error = [](const std::vector<ResultsFile>& files) -> std::string {
    try {
      merge_results(files);
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(merge_error({first, foreign}).find("foreign.json: /run/total_cases"), std::string::npos)
      << merge_error({first, foreign});
  const std::string overlap = merge_error({first, first});
  EXPECT_NE(overlap.find("first.json"), std::string::npos) << overlap;
  EXPECT_NE(overlap.find("overlap"), std::string::npos) << overlap;
  // A case whose index lies beyond the run's list cannot be placed.
  ResultsFile stray = first;
  stray.path = "stray.json";
  stray.cases.front().index = matrix().size();
  EXPECT_NE(merge_error({stray}).find("stray.json: /cases (index"), std::string::npos) << merge_error({stray});
}

TEST(Shards, SpecParsing) {
  const ShardSpec s = parse_shard("2/8");
  EXPECT_EQ(s.index, 2);
  EXPECT_EQ(s.count, 8);
  for (const char* bad : {"0/3", "4/3", "2", "2/3x", "a/b", "-1/3", "1/0"}) EXPECT_THROW(parse_shard(bad), Error) << bad;
  EXPECT_EQ(shard_positions(7, {2, 3}), (std::vector<std::size_t>{1, 4}));
}

TEST(Progress, LineShowsDoneFailuresAndTimeLeft) {
  // 3 of 12 done in 6 s: 2 s a case, 9 left, 18 s.
  EXPECT_EQ(progress_text(3, 12, 1, 6.0, "last"), "[ 3/12]  25% | 1 failed | 6.0 s elapsed, ~18.0 s left | last");
}

}  // namespace
}  // namespace crashbench
