#include "reports/results/results_reader.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "cases/loading/json_parse.hpp"
#include "core/error.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/reports/report_test_support.hpp"
#include "tests/support/error_message.hpp"

namespace crashbench {
namespace {

std::string write_text(const std::string& name, const std::string& text) {
  const std::string path = (testing::temp_folder(name) / "results.json").string();
  std::ofstream(path) << text;
  return path;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The message of the Error reading `path` throws ("" when it does not throw).
std::string read_error(const std::string& path) {
  return testing::error_message([&] { read_results_file(path); });
}

TEST(ResultsReader, ReadsBackWhatTheRunWrote) {
  const auto& written = testing::sample_results();
  const ResultsFile file = read_results_file(testing::sample_results_file("roundtrip"));
  ASSERT_EQ(file.cases.size(), written.size());
  EXPECT_TRUE(file.timing_serial());
  for (std::size_t i = 0; i < written.size(); ++i) {
    const CaseRecord& c = file.cases[i];
    EXPECT_EQ(c.name, written[i].name);
    EXPECT_EQ(c.index, i);
    EXPECT_EQ(c.status, to_string(written[i].status));
    if (written[i].status == CaseStatus::kError) {
      EXPECT_EQ(c.error, written[i].error);
      continue;
    }
    EXPECT_EQ(c.config_value("response_model"), written[i].config.response_model);
    EXPECT_EQ(c.config_value("scene"), written[i].config.scene.builtin);
    EXPECT_EQ(c.config_value("dynamics"), written[i].config.dynamics);  // from config.dynamics.model
    EXPECT_EQ(c.impacts, written[i].impacts);
    EXPECT_EQ(c.raw["events"].size(), written[i].events.size());
    EXPECT_GT(c.median_ns("step"), 0.0);
    // The step histogram counts every step once.
    int counted = 0;
    for (int n : c.timing.at("step").histogram) counted += n;
    EXPECT_EQ(counted, written[i].steps);
  }
  EXPECT_EQ(file.cases.back().status, "failed");
}

// Files written before dynamics models had options carry config.dynamics as the model's name alone.
TEST(ResultsReader, ReadsAnOlderFilesDynamicsNamedByAString) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("dynamics-string-source"));
  int ran = 0;
  for (auto& c : doc.at("cases"))
    if (c.contains("config")) c["config"]["dynamics"] = "four-dof", ++ran;
  ASSERT_GT(ran, 0);
  const ResultsFile file = read_results_file(write_text("dynamics-string", doc.dump()));
  for (const CaseRecord& c : file.cases)
    if (c.status != "error") {
      EXPECT_EQ(c.config_value("dynamics"), "four-dof") << c.name;
    }
}

TEST(ResultsReader, TruncatedFileSaysSo) {
  const std::string whole = slurp(testing::sample_results_file("truncated-source"));
  const std::string path = write_text("truncated", whole.substr(0, whole.size() / 2));
  const std::string message = read_error(path);
  EXPECT_NE(message.find(path + ": the file ends early (truncated?)"), std::string::npos) << message;
}

TEST(ResultsReader, AnotherFormatVersionNamesBoth) {
  const std::string path = write_text("version", R"({"format": "crashbench-results/2", "cases": []})");
  const std::string message = read_error(path);
  EXPECT_NE(message.find(path + ": /format: format 'crashbench-results/2' is not supported: expected "
                                "'crashbench-results/1'"),
            std::string::npos)
      << message;
}

TEST(ResultsReader, NotJsonSaysSo) {
  const std::string path = write_text("not-json", "case,status\nhead-on,passed\n");
  const std::string message = read_error(path);
  EXPECT_NE(message.find(path + ": not JSON: expected JSON text"), std::string::npos) << message;
}

TEST(ResultsReader, JsonThatIsNotAResultsFileSaysSo) {
  const std::string path = write_text("other-json", R"({"name": "a case file, not results"})");
  EXPECT_NE(read_error(path).find("not a crashbench results file"), std::string::npos) << read_error(path);
}

TEST(ResultsReader, MissingFieldNamesItsPointer) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("missing-field-source"));
  doc["cases"][0]["events"][0].erase("pre");
  const std::string path = write_text("missing-field", doc.dump());
  const std::string message = read_error(path);
  EXPECT_NE(message.find(path + ": /cases/0/events/0"), std::string::npos) << message;
  EXPECT_NE(message.find("pre"), std::string::npos) << message;
}

TEST(ResultsReader, EventOfAVehicleTheCaseDoesNotHaveNamesItsPointer) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("vehicle-range-source"));
  doc["cases"][0]["events"][0]["vehicle"] = 3;
  const std::string path = write_text("vehicle-range", doc.dump());
  const std::string message = read_error(path);
  EXPECT_NE(message.find(path + ": /cases/0/events/0/vehicle"), std::string::npos) << message;
}

TEST(ResultsReader, MalformedModelEndNamesItsPointer) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("model-end-source"));
  doc["cases"][0]["events"][0]["model_end"] = {{"duration", 0.15}, {"vehicle", {{"velocity_B", {31.0}}}}};
  const std::string path = write_text("model-end", doc.dump());
  const std::string message = read_error(path);
  EXPECT_NE(message.find(path + ": /cases/0/events/0/model_end/vehicle/velocity_B: expected [x, y]"), std::string::npos)
      << message;
}

/// Each malformed field the report would read gives an Error naming it, never a crash further on.
TEST(ResultsReader, FieldsThePlotsReadAreCheckedFirst) {
  const nlohmann::json good = read_json_file(testing::sample_results_file("plot-fields-source"));
  const auto broken = [&](const std::string& pointer, nlohmann::json value) {
    nlohmann::json doc = good;
    doc[nlohmann::json::json_pointer(pointer)] = std::move(value);
    return read_error(write_text("plot-fields", doc.dump()));
  };
  for (const auto& [pointer, value] :
       {std::pair<std::string, nlohmann::json>{"/cases/0/events/0/point", nlohmann::json::array()},
        {"/cases/0/events/0/pre/velocity", {1.0, "fast"}},
        {"/cases/0/trajectory/vehicles/0/x", {0.0}},
        // The walls are kept once per scene (reports/results/shared_walls.hpp).
        {"/scenes/" + good["cases"][0]["scene_walls_ref"].get<std::string>() + "/walls/0", {0.0, 1.0, 2.0}},
        {"/cases/0/response_curves/0/value/3", "steep"},
        {"/cases/0/response_curves/1/angle_deg/2", 120.0},
        {"/cases/0/config/vehicle_params/0/mass", -1.0},
        {"/cases/0/scene_triangles", -5},
        {"/cases/0/impacts_expected/max", "many"},
        {"/cases/0/detector_agreement", {{"reference", "brute-force"}, {"steps_checked", 3}, {"steps_differing", "some"}}}}) {
    const std::string message = broken(pointer, value);
    EXPECT_NE(message.find(pointer), std::string::npos) << pointer << ": " << message;
  }
}

TEST(ResultsReader, SceneDataAndTheImpactExpectationReadBack) {
  const ResultsFile file = read_results_file(testing::sample_results_file("scene-data"));
  int ran = 0;
  for (const CaseRecord& c : file.cases) {
    if (c.status == "error") continue;
    ++ran;
    // The scene rebuilt from the registry, not the writer's number.
    const Scene scene = make_registered_scene(c.config_value("scene"));
    EXPECT_EQ(c.scene_triangles, static_cast<int>(scene.triangles.size())) << c.name;
    EXPECT_EQ(c.scene_walls, scene.walls.size()) << c.name;
    EXPECT_EQ(c.impacts_min, c.raw.at("impacts_expected").at("min").get<int>()) << c.name;
    EXPECT_EQ(c.impacts_max, c.raw.at("impacts_expected").at("max").get<int>()) << c.name;
    EXPECT_FALSE(c.agreement) << c.name;  // the sample names no reference detector
  }
  EXPECT_GT(ran, 0);
}

// A scene's published step times, as the run recorded them, written and read back whole; a wrong one
// names its pointer.
TEST(ResultsReader, PublishedStepTimesReadBack) {
  std::vector<RunResult> written = testing::sample_results();
  ASSERT_EQ(written[0].status, CaseStatus::kPassed);
  written[0].scene_published = {{"Test rail", "Knight 2002", "energy-loss", 1.41}};
  nlohmann::json doc = to_json(written, {});
  const ResultsFile file = parse_results(doc, "published.json");
  ASSERT_EQ(file.cases[0].scene_published.size(), 1u);
  EXPECT_EQ(file.cases[0].scene_published[0].label, "Test rail");
  EXPECT_EQ(file.cases[0].scene_published[0].source, "Knight 2002");
  EXPECT_EQ(file.cases[0].scene_published[0].response_model, "energy-loss");
  EXPECT_EQ(file.cases[0].scene_published[0].step_ms, 1.41);
  EXPECT_TRUE(file.cases.back().scene_published.empty());
  doc["cases"][0]["scene_published"][0]["step_ms"] = -1;
  const std::string message = testing::error_message([&] { parse_results(doc, "published.json"); });
  EXPECT_NE(message.find("/cases/0/scene_published/0/step_ms"), std::string::npos) << message;
}

TEST(ResultsReader, DetectorAgreementReadsBack) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("agreement-source"));
  doc["cases"][0]["detector_agreement"] = {{"reference", "brute-force"}, {"steps_checked", 300}, {"steps_differing", 7},
                                           {"missing", 0}, {"extra", 0}, {"moved", 9}};
  const ResultsFile file = read_results_file(write_text("agreement", doc.dump()));
  ASSERT_TRUE(file.cases[0].agreement);
  EXPECT_EQ(file.cases[0].agreement->reference, "brute-force");
  EXPECT_EQ(file.cases[0].agreement->steps_checked, 300);
  EXPECT_EQ(file.cases[0].agreement->steps_differing, 7);
}

TEST(ResultsReader, VehicleSizesMustMatchTheTrajectory) {
  nlohmann::json doc = read_json_file(testing::sample_results_file("vehicle-params-source"));
  doc["cases"][0]["config"]["vehicle_params"].push_back(doc["cases"][0]["config"]["vehicle_params"][0]);
  const std::string path = write_text("vehicle-params", doc.dump());
  const std::string message = read_error(path);
  EXPECT_NE(message.find(path + ": /cases/0/config/vehicle_params: expected one entry per vehicle"), std::string::npos)
      << message;
}

TEST(ResultsReader, MissingFileSaysSo) {
  EXPECT_NE(read_error("/nonexistent/results.json").find("/nonexistent/results.json: cannot open"), std::string::npos);
}

}  // namespace
}  // namespace crashbench
