// The report's measured-crashes section: cases grouped into tests by their listed case and into models
// by response model, a model's runs into its band; the closest model named; against hand-made results.
#include "reports/report_measured.hpp"

#include <gtest/gtest.h>

#include "core/units.hpp"
#include "reports/summary_markdown.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

const json kMeasured = {{"source", "two sills"}, {"window", 0.15},
                        {"vehicles", {{{"delta_v_B", {-10, 0}}, {"uncertainty", 0.5}, {"yaw_rate_change_deg_s", 100},
                                       {"yaw_is_estimate", true}},
                                      {{"delta_v_B", {0, 8}}, {"uncertainty", 0.4}}}}};

/// A case of test `test` run with `model`, simulating changes of `first` and `second` [m/s] along the
/// measured directions (errors as the run would write them).
CaseRecord run_of(const std::string& test, const std::string& model, double first, double second) {
  CaseRecord c;
  c.name = c.listed_name = test;
  c.status = "passed";
  c.config["response_model"] = model;
  c.raw = {{"config", {{"measured", kMeasured}}},
           {"measured_comparison",
            {{{"simulated_B", {-first, 0}}, {"magnitude_error", first - 10}, {"direction_error_deg", 0},
              {"yaw_rate_change_deg_s", 110}, {"yaw_rate_error_deg_s", 10}},
             {{"simulated_B", {0, second}}, {"magnitude_error", second - 8}, {"direction_error_deg", 0}}}}};
  return c;
}

ResultsFile sample() {
  ResultsFile r;
  // "wide": three draws whose |dV| range holds both measured values; median 10 and 8.5.
  r.cases.push_back(run_of("t1", "wide", 9, 7));
  r.cases.push_back(run_of("t1", "wide", 10, 8.5));
  r.cases.push_back(run_of("t1", "wide", 12, 9));
  // "near": one run, off by 0.5 and 0.5 (mean 0.5): the closest.
  r.cases.push_back(run_of("t1", "near", 10.5, 7.5));
  // "far": off by 3 and 2; one of its two cases could not run.
  r.cases.push_back(run_of("t1", "far", 13, 10));
  CaseRecord failed = run_of("t1", "far", 0, 0);
  failed.status = "error";
  failed.raw.erase("measured_comparison");
  r.cases.push_back(failed);
  // "exact": right on both vehicles, but its run failed an invariant: shown, never ranked.
  CaseRecord exact = run_of("t1", "exact", 10, 8);
  exact.status = "failed";
  r.cases.push_back(exact);
  r.cases.emplace_back().name = "unmeasured";
  return r;
}

TEST(ReportMeasured, GroupsRunsIntoTestsModelsAndBands) {
  const auto tests = measured_tests(sample());
  ASSERT_EQ(tests.size(), 1u);
  const MeasuredTest& t = tests.front();
  ASSERT_EQ(t.models.size(), 4u);
  const ModelOnTest& wide = t.models[0];
  EXPECT_EQ(wide.model, "wide");
  ASSERT_EQ(wide.vehicles.size(), 2u);
  EXPECT_EQ(wide.vehicles[0].runs, 3);
  EXPECT_DOUBLE_EQ(wide.vehicles[0].median, 10);
  EXPECT_DOUBLE_EQ(wide.vehicles[0].low, 9);
  EXPECT_DOUBLE_EQ(wide.vehicles[0].high, 12);
  EXPECT_TRUE(wide.vehicles[0].inside());
  EXPECT_DOUBLE_EQ(wide.vehicles[1].median, 8.5);
  EXPECT_TRUE(wide.vehicles[1].inside());  // 8 within [7, 9]
  EXPECT_DOUBLE_EQ(wide.mean_abs_error(), 0.25);  // (0 + 0.5) / 2
  EXPECT_DOUBLE_EQ(wide.vehicles[0].yaw_error_deg_s, 10);
  EXPECT_FALSE(t.models[1].vehicles[0].inside());  // one run is no band
  EXPECT_EQ(t.models[2].errors, 1);
  EXPECT_DOUBLE_EQ(t.models[2].mean_abs_error(), 2.5);
  EXPECT_EQ(t.models[3].failed, 1);
  EXPECT_DOUBLE_EQ(t.models[3].mean_abs_error(), 0);
  // Closest first; "exact" is right on both vehicles but its run failed: never ranked.
  const auto ranked = t.ranked();
  ASSERT_EQ(ranked.size(), 3u);
  EXPECT_EQ(ranked[0]->model, "wide");
  EXPECT_EQ(ranked[1]->model, "near");
  EXPECT_EQ(ranked[2]->model, "far");
}

TEST(ReportMeasured, TheSectionAndSummaryNameTheClosestModelAndTheBand) {
  const ResultsFile r = sample();
  const std::string html = measured_section_html(r);
  EXPECT_NE(html.find("<h3>t1</h3>"), std::string::npos) << html;
  EXPECT_EQ(html.find("unmeasured"), std::string::npos);
  EXPECT_NE(html.find("wide came closest: |dV| off by +0.0 and +1.8 km/h (mean |error| 0.9 km/h); next near, 1.8 km/h"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("36.0 &plusmn; 1.8"), std::string::npos) << "measured 10 m/s +- 0.5 in km/h: " << html;
  EXPECT_NE(html.find("(1 errors)"), std::string::npos);
  EXPECT_NE(html.find("Not ranked: exact (1 of its runs failed an invariant)."), std::string::npos) << html;
  // Bands: wide's two vehicles; near and far have at most one run per vehicle.
  EXPECT_NE(html.find("band (the range over its runs): 2 of 2 (test, model, vehicle)"), std::string::npos) << html;
  const std::string summary = summary_markdown(r);
  EXPECT_NE(summary.find("## Measured crashes"), std::string::npos) << summary;
  EXPECT_NE(summary.find("**t1**: wide came closest"), std::string::npos) << summary;
}

TEST(ReportMeasured, AFigurePerTestWithTheMeasuredBarsFirst) {
  const auto figures = measured_figures(sample());
  ASSERT_EQ(figures.size(), 1u);
  const json& data = figures.front().data;
  ASSERT_EQ(data.size(), 5u);  // measured + four models
  EXPECT_EQ(data[0]["name"], "measured");
  EXPECT_NEAR(data[0]["y"][1].get<double>(), 8 * kMpsToKmh, 1e-9);
  EXPECT_NEAR(data[1]["error_y"]["array"][0].get<double>(), 2 * kMpsToKmh, 1e-9);  // wide: 12 - 10
  EXPECT_NEAR(data[1]["error_y"]["arrayminus"][0].get<double>(), 1 * kMpsToKmh, 1e-9);
  EXPECT_FALSE(data[2]["error_y"]["visible"].get<bool>());  // near: one run, no band
}

// Results come from files: malformed measured blocks and comparisons are left out, never thrown on.
TEST(ReportMeasured, MalformedBlocksAreLeftOutNotThrownOn) {
  ResultsFile r;
  for (const char* raw : {R"({"config": {"measured": 3}})", R"({"config": {"measured": {"vehicles": [{"delta_v_B": "x"}]}}})",
                          R"({"config": 1})", R"([1])",
                          R"({"config": {"measured": {"source": 5, "vehicles": [{"delta_v_B": [1, 2], "yaw_is_estimate": 3}]}},
                              "measured_comparison": {"a": 1}})",
                          R"({"config": {"measured": {"vehicles": [{"delta_v_B": [1, 2]}]}},
                              "measured_comparison": [{"simulated_B": [1]}, 7]})"}) {
    CaseRecord& c = r.cases.emplace_back();
    c.name = c.listed_name = "hostile";
    c.status = "passed";
    c.raw = json::parse(raw);
  }
  EXPECT_NO_THROW(measured_section_html(r));
  EXPECT_NO_THROW(measured_figures(r));
  const auto tests = measured_tests(r);
  ASSERT_EQ(tests.size(), 1u);  // the two readable blocks, one test
  EXPECT_EQ(tests.front().source, "");
  EXPECT_EQ(tests.front().models.front().vehicles.front().runs, 0);  // no readable comparison
}

TEST(ReportMeasured, NothingWithoutMeasuredCases) {
  ResultsFile r;
  r.cases.emplace_back().name = "plain";
  EXPECT_TRUE(measured_section_html(r).empty());
  EXPECT_TRUE(measured_figures(r).empty());
  EXPECT_TRUE(measured_summary_markdown(r).empty());
}

}  // namespace
}  // namespace crashbench
