#include "cases/loading/case_loader.hpp"

#include <gtest/gtest.h>

#include "cases/loading/matrix.hpp"
#include "core/units.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

using testing::source_path;
using testing::testdata_path;

Case load(const std::string& path) { return parse_case(read_json_file(path), path); }

TEST(CaseLoader, ConvertsEdgeUnitsToSi) {
  const Case c = load(source_path("cases/library/knight-head-on-30mph.json"));
  ASSERT_EQ(c.vehicles.size(), 1u);
  const PlanarState& s = c.vehicles[0].initial;
  // 30 mph = 30 x 1609.344 m / 3600 s, heading -90 deg = due south.
  EXPECT_NEAR(s.velocity_W.norm(), 30 * 1609.344 / 3600, 1e-12);
  EXPECT_NEAR(s.velocity_W.x(), 0.0, 1e-12);
  EXPECT_LT(s.velocity_W.y(), 0.0);
  EXPECT_NEAR(s.heading, -std::numbers::pi / 2, 1e-15);
  EXPECT_EQ(c.application, Application::kImpulseReset);
  EXPECT_EQ(c.dt, 0.005);
}

TEST(CaseLoader, ResponseLawsOutsideTheirRangeAtAnyAngleAreBadInput) {
  // mu = 0.3 cos 2 alpha + 0.1 is -0.2 head-on; e = 0.2 cos 2 alpha + 0.9 is 1.1 glancing.
  for (const auto& [key, law] : {std::pair{"friction", nlohmann::json{{"cos2", 0.3}, {"offset", 0.1}}},
                                 std::pair{"restitution", nlohmann::json{{"cos2", 0.2}, {"offset", 0.9}}},
                                 std::pair{"energy_kept", nlohmann::json(1.2)}}) {
    nlohmann::json doc = read_json_file(source_path("cases/library/knight-head-on-30mph.json"));
    if (std::string(key) == "energy_kept") doc["response"]["model"] = "energy-loss";  // the model that has P
    doc["response"][key] = law;
    try {
      parse_case(doc, "head-on.json");
      ADD_FAILURE() << "no error for " << key;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(std::string("head-on.json: /response/") + key + ": expected values in"),
                std::string::npos)
          << e.what();
    }
  }
}

// The model owns its keys: energy_kept means nothing to the restitution model, so it is refused (the
// loader whitelists nothing), and four-dof's impact duration is a key of its own object.
TEST(CaseLoader, ResponseKeysAreTheModelsOwn) {
  nlohmann::json doc = read_json_file(source_path("cases/library/knight-head-on-30mph.json"));
  doc["response"]["energy_kept"] = 0.5;
  try {
    parse_case(doc, "head-on.json");
    ADD_FAILURE() << "energy_kept accepted by the restitution model";
  } catch (const Error& e) {
    EXPECT_EQ(e.pointer(), "/response/energy_kept");
  }
  doc["response"] = {{"model", "four-dof"}, {"duration", 0.08}};
  const Case c = parse_case(doc, "head-on.json");
  EXPECT_EQ(c.response.at("duration"), 0.08);
  doc["response"]["duration"] = -0.1;
  EXPECT_THROW(parse_case(doc, "head-on.json"), Error);
}

TEST(CaseLoader, PublishedResultsAreReadInSi) {
  const Case c = load(source_path("cases/library/zhou-rear-end.json"));
  ASSERT_TRUE(c.published.has_value());
  ASSERT_EQ(c.published->columns.size(), 3u);
  const PublishedColumn& carsim = c.published->columns[0];
  EXPECT_EQ(carsim.label, "CarSim");
  EXPECT_DOUBLE_EQ(carsim.velocity_B->x(), 31.3);
  EXPECT_NEAR(*carsim.yaw_rate, -89.9 * std::numbers::pi / 180, 1e-15);
  EXPECT_FALSE(c.published->columns[2].roll_rate.has_value());  // the planar column has no roll
}

TEST(CaseLoader, PublishedResultsNameTheBadField) {
  nlohmann::json doc = read_json_file(source_path("cases/library/zhou-rear-end.json"));
  doc["published"]["columns"][0]["yaw_rate"] = -89.9;
  EXPECT_THROW(
      {
        try {
          parse_case(doc, "zhou.json");
        } catch (const Error& e) {
          EXPECT_NE(std::string(e.what()).find("/published/columns/0/yaw_rate"), std::string::npos) << e.what();
          throw;
        }
      },
      Error);
  doc["published"]["columns"][0].erase("yaw_rate");
  doc["published"]["impact"] = 0;
  EXPECT_THROW(parse_case(doc, "zhou.json"), Error);
}

struct BrokenCase {
  std::string file;
  std::string pointer;   ///< the field the message must name
  std::string expected;  ///< a phrase of what was expected
};

class BrokenCaseTest : public ::testing::TestWithParam<BrokenCase> {};

TEST_P(BrokenCaseTest, OneLineNamingFileFieldAndExpectation) {
  const BrokenCase& broken = GetParam();
  const std::string path = testdata_path(broken.file);
  try {
    load(path);
    FAIL() << "no error for " << broken.file;
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_NE(message.find(broken.file), std::string::npos) << message;
    EXPECT_NE(message.find(broken.pointer), std::string::npos) << message;
    EXPECT_NE(message.find(broken.expected), std::string::npos) << message;
  }
}

INSTANTIATE_TEST_SUITE_P(
    TestData, BrokenCaseTest,
    ::testing::Values(BrokenCase{"wrong-field.json", "/duraton", "unknown field"},
                      BrokenCase{"missing-field.json", "missing field 'vehicles'", "missing"},
                      BrokenCase{"negative-mass.json", "/vehicles/0/params/mass", "expected a positive number"},
                      BrokenCase{"unknown-detector.json", "/detector", "expected one of: analytic"},
                      BrokenCase{"unknown-model.json", "/response/model", "expected one of:"},
                      BrokenCase{"wrong-type.json", "/dt", "expected a number"},
                      BrokenCase{"not-json.json", "not-json.json", "expected JSON"}),
    [](const ::testing::TestParamInfo<BrokenCase>& info) {
      std::string name = info.param.file.substr(0, info.param.file.find('.'));
      for (char& ch : name) ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
      return name;
    });

TEST(Matrix, ExpandsTheProductOfVariations) {
  const nlohmann::json matrix = {
      {"matrix", "m"},
      {"cases", {source_path("cases/library/knight-head-on-30mph.json")}},
      {"vary", {{"response.model", {"restitution", "energy-loss"}}, {"application", {"reset", "force"}}}}};
  const auto inputs = expand_matrix(matrix, "/m.json");
  // Paths vary in alphabetical order, the last fastest: application, then response.model.
  ASSERT_EQ(inputs.size(), 4u);
  EXPECT_EQ(inputs[0].doc["application"], "reset");
  EXPECT_EQ(inputs[1].doc["response"]["model"], "energy-loss");
  EXPECT_EQ(inputs[1].doc["application"], "reset");
  EXPECT_EQ(inputs[2].doc["response"]["model"], "restitution");
  EXPECT_EQ(inputs[2].doc["application"], "force");
  EXPECT_EQ(inputs[3].label, "knight-head-on-30mph[application=force,response.model=energy-loss]");
  EXPECT_EQ(inputs[3].doc["name"], inputs[3].label);
}

TEST(Matrix, UnreadableCasesBecomeErrorEntriesAndTheOthersRemain) {
  const auto inputs = expand_input_file(testdata_path("matrix-with-bad-cases.json"));
  ASSERT_EQ(inputs.size(), 5u);
  EXPECT_FALSE(inputs[0].error);
  EXPECT_FALSE(inputs[1].error);  // readable JSON; its defect shows when parsed
  ASSERT_TRUE(inputs[2].error);
  EXPECT_NE(std::string(inputs[2].error->what()).find("expected JSON"), std::string::npos);
  ASSERT_TRUE(inputs[3].error);
  EXPECT_NE(std::string(inputs[3].error->what()).find("cannot open"), std::string::npos);
  EXPECT_FALSE(inputs[4].error);
}

}  // namespace
}  // namespace crashbench
