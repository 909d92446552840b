// Walls written once per scene: results.json, results.jsonl and merge keep one copy of each scene's walls
// and every case gets its own back when read.
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "reports/results/merge.hpp"
#include "reports/results/results_stream.hpp"
#include "reports/results/shared_walls.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// The matrix's runs that ran (errors have no walls), each case's own walls as to_json writes them alone.
std::vector<std::pair<const RunResult*, json>> ran_with_walls() {
  std::vector<std::pair<const RunResult*, json>> out;
  for (const RunResult& r : testing::sample_results())
    if (r.status != CaseStatus::kError) out.push_back({&r, to_json(r)["scene_walls"]});
  return out;
}

TEST(SharedWalls, ResultsJsonHoldsEachScenesWallsOnceAndTheReaderGivesEveryCaseItsOwn) {
  const auto ran = ran_with_walls();
  ASSERT_GE(ran.size(), 2u);
  const json doc = to_json(testing::sample_results());
  std::set<std::string> distinct;
  for (const auto& [r, walls] : ran) distinct.insert(walls.dump());
  ASSERT_LT(distinct.size(), ran.size()) << "the matrix should run several cases on one scene";
  EXPECT_EQ(doc["scenes"].size(), distinct.size());
  for (const auto& c : doc["cases"]) EXPECT_FALSE(c.contains("scene_walls")) << c["name"];
  const ResultsFile back = parse_results(doc, "results.json");
  std::size_t k = 0;
  for (const CaseRecord& c : back.cases) {
    if (c.status == "error") continue;
    ASSERT_LT(k, ran.size());
    EXPECT_EQ(c.raw["scene_walls"], ran[k].second) << c.name;
    EXPECT_EQ(c.scene_walls, ran[k].second.size()) << c.name;
    EXPECT_FALSE(c.raw.contains("scene_walls_ref"));
    ++k;
  }
}

TEST(SharedWalls, TheKeyFollowsTheWallsContentAndNotTheirPrintedForm) {
  const json walls = json::parse("[[0.0, 1.5, -2.25, 3e-7], [4.0, 5.0, 6.0, 7.0]]");
  const auto key = [](json w) {
    json c = {{"scene_walls", std::move(w)}};
    json taken;
    return take_scene_walls(c, taken);
  };
  // The same numbers written otherwise (an integer, an exponent) are the same walls.
  EXPECT_EQ(key(walls), key(json::parse("[[0, 1.5, -2.25, 0.0000003], [4, 5.0, 6e0, 7]]")));
  for (const char* other : {"[[0.0, 1.5, -2.25, 3.0000000000000004e-7], [4.0, 5.0, 6.0, 7.0]]",  // one ulp
                            "[[-0.0, 1.5, -2.25, 3e-7], [4.0, 5.0, 6.0, 7.0]]",
                            "[[0.0, 1.5, -2.25, 3e-7, 4.0], [5.0, 6.0, 7.0]]",  // other grouping
                            "[[4.0, 5.0, 6.0, 7.0], [0.0, 1.5, -2.25, 3e-7]]", "[[0.0, 1.5, -2.25, 3e-7]]"})
    EXPECT_NE(key(walls), key(json::parse(other))) << other;
}

TEST(SharedWalls, ARunsWallsGetTheKeyOfTheirJsonWithoutWritingIt) {
  RunResult odd = *ran_with_walls().front().first;
  // A coordinate not finite is written as a string, and keyed as one.
  odd.scene_walls.front().b_W.x() = std::numeric_limits<double>::infinity();
  odd.scene_walls.back().a_W.y() = std::numeric_limits<double>::quiet_NaN();
  auto cases = ran_with_walls();
  cases.push_back({&odd, to_json(odd)["scene_walls"]});
  EXPECT_EQ(cases.back().second.front()[2], "inf");
  EXPECT_EQ(walls_json(odd), cases.back().second);
  for (const auto& [r, walls] : cases) {
    json c = to_json(*r), taken;
    EXPECT_EQ(walls_key(*r), take_scene_walls(c, taken)) << r->name;
    EXPECT_EQ(to_json(*r, "", WallsAs::kKey)["scene_walls_ref"], walls_key(*r)) << r->name;
  }
  EXPECT_NE(walls_key(odd), walls_key(*ran_with_walls().front().first));
}

TEST(SharedWalls, AReferenceToAbsentWallsIsAnErrorNamingIt) {
  json doc = to_json(testing::sample_results());
  doc["scenes"] = json::object();
  try {
    parse_results(doc, "results.json");
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(e.pointer().find("scene_walls_ref"), std::string::npos) << e.what();
    EXPECT_NE(e.problem().find("/scenes"), std::string::npos) << e.what();
  }
}

TEST(SharedWalls, TheStreamWritesASceneLineOnceAndReadsTheWallsBack) {
  const auto dir = testing::fresh_temp_folder("shared-walls-stream");
  const std::string path = (dir / "results.jsonl").string();
  const auto ran = ran_with_walls();
  {
    ResultsStream stream(path, {"matrix.json"}, {}, ran.size());
    for (std::size_t i = 0; i < ran.size(); ++i) stream.add(*ran[i].first, i);
    stream.finish();
  }
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::set<std::string> distinct;
  for (const auto& [r, walls] : ran) distinct.insert(walls.dump());
  std::size_t scene_lines = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) scene_lines += json::parse(line).value("kind", "") == "scene";
  EXPECT_EQ(scene_lines, distinct.size());
  const ResultsFile back = parse_results_stream(text, path);
  ASSERT_EQ(back.cases.size(), ran.size());
  for (std::size_t i = 0; i < ran.size(); ++i) EXPECT_EQ(back.cases[i].raw["scene_walls"], ran[i].second);
}

TEST(SharedWalls, MergeWritesEachScenesWallsOnce) {
  const ResultsFile one = parse_results(to_json(testing::sample_results()), "results.json");
  const json merged = merge_results({one});
  EXPECT_EQ(merged["scenes"], to_json(testing::sample_results())["scenes"]);
  for (const auto& c : merged["cases"]) EXPECT_FALSE(c.contains("scene_walls")) << c["name"];
}

}  // namespace
}  // namespace crashbench
