#include "cases/loading/json_parse.hpp"

#include <gtest/gtest.h>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/runner/batch.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

using testing::error_of;

/// The message of the Error `parse_json_text(text)` throws, or "" when it parses.
std::string parse_error(const std::string& text) {
  return testing::error_message([&] { parse_json_text(text, "in.json"); });
}

TEST(JsonParse, DepthSixtyFourParsesAndSixtyFiveIsRefusedWhereItStarts) {
  EXPECT_EQ(parse_error(std::string(64, '[') + std::string(64, ']')), "");
  // Root object, "a" array and "b" object are three levels: the 62nd array inside "b" is the 65th level.
  std::string pointer = "/a/1/b";
  for (int i = 0; i < 61; ++i) pointer += "/0";
  EXPECT_EQ(parse_error(R"({"a": [1, {"b": )" + std::string(61, '[') + std::string(61, ']') + "}]}"), "");
  EXPECT_EQ(parse_error(R"({"a": [1, {"b": )" + std::string(62, '[') + std::string(62, ']') + "}]}"),
            "in.json: " + pointer + ": nested deeper than 64 arrays and objects: expected at most 64 levels");
  EXPECT_NE(parse_error(std::string(1000000, '[')).find("nested deeper than 64"), std::string::npos);
}

TEST(JsonParse, DuplicateKeyIsNamedByItsPointer) {
  EXPECT_EQ(parse_error(R"({"v": [{"a": 1}, {"a": 1, "b": 2, "a": 3}]})"),
            "in.json: /v/1/a: duplicate key: expected each key once per object (which one should count?)");
  EXPECT_EQ(parse_error(R"({"a": {"x": 1}, "b": {"x": 1}})"), "") << "the same key in two objects is fine";
  EXPECT_EQ(parse_error(R"({"a/b~": 1, "a/b~": 2})").substr(0, 17), "in.json: /a~1b~0:") << "RFC 6901 escapes";
}

TEST(JsonParse, EveryLibraryExceptionBecomesOneErrorWithTheFile) {
  EXPECT_EQ(parse_error(R"({"dt": [0, 1e400]})").substr(0, 24), "in.json: /dt/1: expected");
  EXPECT_NE(parse_error("{\"name\": \"a\xFF\"}").find("in.json: /name: not JSON"), std::string::npos);
  EXPECT_EQ(parse_error(R"({"a": [1, 2)"), "in.json: the file ends early (truncated?): expected JSON complete to its last bracket");
  EXPECT_EQ(parse_error(" \n"), "in.json: the file is empty: expected a JSON document");
  EXPECT_NE(parse_error("{} x").find("not JSON"), std::string::npos);
}

// nlohmann's parser with a callback scanned the enclosing array again at the end of every object: three
// million empty objects (9 MB) would have taken about an hour, past ctest's 600 s timeout, which is this
// test's guard (no test times anything); read in one pass, well under a second.
TEST(JsonParse, AnArrayOfThreeMillionObjectsIsReadInOnePass) {
  constexpr std::size_t kObjects = 3'000'000;
  std::string text = R"({"x": [{})";
  for (std::size_t i = 1; i < kObjects; ++i) text += ",{}";
  text += R"(, {"last": [1, 2.5, "three", null, true]}]})";
  const nlohmann::json doc = parse_json_text(text, "in.json");
  ASSERT_EQ(doc.at("x").size(), kObjects + 1);
  EXPECT_EQ(doc.at("x")[kObjects - 1], nlohmann::json::object());
  EXPECT_EQ(doc.at("x").back(), nlohmann::json::parse(R"({"last": [1, 2.5, "three", null, true]})"));
}

TEST(JsonParse, AFolderOrADeviceIsNamedAsSuch) {
  for (const auto& [path, says] : {std::pair<std::string, std::string>{CRASHBENCH_TESTDATA_DIR, "is a folder"},
                                   {"/dev/null", "is not a regular file"},
                                   {"/no/such/file.json", "No such file or directory"}}) {
    try {
      read_json_file(path);
      ADD_FAILURE() << path;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
  }
}

TEST(JsonParse, ShardOutOfIntRangeIsRefusedNotWrapped) {
  EXPECT_THROW(parse_shard("1/99999999999"), Error);
  EXPECT_THROW(parse_shard("1/2x"), Error);
  EXPECT_THROW(parse_shard("-1/2"), Error);
  EXPECT_EQ(parse_shard("2147483647/2147483647").count, 2147483647);
}

/// A matrix of the shipped head-on case; `vary` as given.
nlohmann::json head_on_matrix(nlohmann::json vary) {
  return {{"matrix", "m"}, {"cases", {testing::source_path("cases/library/knight-head-on-30mph.json")}}, {"vary", vary}};
}

TEST(MatrixLimits, TheProductIsCheckedBeforeExpanding) {
  const nlohmann::json thousand = std::vector<double>(1000, 0.01);
  const Error e = error_of([&] { expand_matrix(head_on_matrix({{"dt", thousand}, {"duration", thousand}}), "/m.json"); });
  EXPECT_EQ(e.pointer(), "/vary");
  EXPECT_NE(e.problem().find("1 listed x 1000 x 1000"), std::string::npos) << e.what();
  EXPECT_NE(e.problem().find("--max-cases"), std::string::npos) << e.what();
  InputLimits raised;
  raised.max_cases = 1000000;
  EXPECT_EQ(expand_matrix(head_on_matrix({{"dt", std::vector<double>(1000, 0.01)}, {"duration", {1.0}}}), "/m.json",
                          raised).size(), 1000u);
}

TEST(MatrixLimits, HugeOrSignedArrayIndexIsAPathThatDoesNotExist) {
  for (const char* path : {"vehicles.99999999999999999999.speed_mph", "vehicles.-1.speed_mph", "vehicles.1.speed_mph"}) {
    const auto inputs = expand_matrix(head_on_matrix({{path, {10}}}), "/m.json");
    ASSERT_EQ(inputs.size(), 1u);
    ASSERT_TRUE(inputs[0].error) << path;
    EXPECT_NE(std::string(inputs[0].error->what()).find("does not exist"), std::string::npos);
  }
}

TEST(CaseLimits, EachCapNamesItsFlag) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  doc["dt"] = 1e-5;
  doc["duration"] = 3600;
  const Error steps = error_of([&] { parse_case(doc, "c.json"); });
  EXPECT_EQ(steps.pointer(), "/duration");
  EXPECT_NE(steps.problem().find("360000000 steps"), std::string::npos) << steps.what();
  EXPECT_NE(steps.problem().find("--max-steps"), std::string::npos) << steps.what();
  InputLimits no_vehicles;
  no_vehicles.max_vehicles = 0;
  const nlohmann::json head_on = read_json_file(testing::source_path("cases/library/knight-head-on-30mph.json"));
  const Error vehicles = error_of([&] { parse_case(head_on, "m.json", no_vehicles, "/cases/3"); });
  EXPECT_EQ(vehicles.pointer(), "/cases/3/vehicles") << "an inline case's errors point into the matrix";
  EXPECT_NE(vehicles.problem().find("--max-vehicles"), std::string::npos) << vehicles.what();
}

}  // namespace
}  // namespace crashbench
