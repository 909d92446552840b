#include "reports/html_report.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "detectors/scenes/registry/builtin_walls.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "reports/plot_library.hpp"
#include "reports/report_figures.hpp"
#include "reports/report_tables.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

const ResultsFile& sample_file() {
  static const ResultsFile file = read_results_file(testing::sample_results_file("html"));
  return file;
}

/// The JSON inside <script type=application/json id=figures>.
nlohmann::json embedded_figures(const std::string& page) {
  const std::string open = "<script type=application/json id=figures>";
  const auto begin = page.find(open) + open.size();
  return nlohmann::json::parse(page.substr(begin, page.find("</script>", begin) - begin));
}

TEST(HtmlReport, IsOnePageWithTheLibraryInlinedAndEveryFigureEmbedded) {
  const std::string library = "window.Plotly = { stub: true };";
  const std::string page = report_html(sample_file(), library);
  EXPECT_EQ(page.find("src="), std::string::npos) << "the page must not load anything";
  // The library is packed: deflated, then base64 (reports/plot_library.hpp).
  EXPECT_NE(page.find("id=plotting-library>" + base64(zlib_deflate(library)) + "</script>"), std::string::npos);
  const nlohmann::json figures = embedded_figures(page);
  EXPECT_EQ(figures.size(), all_figures(sample_file()).size());
  for (const auto& f : figures) {
    EXPECT_FALSE(f["data"].empty()) << f["title"];
    EXPECT_NE(page.find("id=plots-" + f["section"].get<std::string>()), std::string::npos) << f["section"];
  }
  for (const char* heading : {"Knight's Table 6-1", "Invariant verdicts", "side by side", "Trajectories", "Sweeps"})
    EXPECT_NE(page.find(heading), std::string::npos) << heading;
}

/// The page without its <script> elements: what a reader sees, not the figures' embedded data.
std::string visible_part(const std::string& page) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t open; (open = page.find("<script", at)) != std::string::npos;) {
    out += page.substr(at, open - at);
    at = page.find("</script>", open) + std::string("</script>").size();
  }
  return out + page.substr(at);
}

TEST(HtmlReport, FailedAndErrorCasesAppearWithTheirErrorsAndTheOthersToo) {
  const std::string page = visible_part(report_html(sample_file(), ""));
  ASSERT_EQ(page.find("id=figures"), std::string::npos);
  for (const auto& c : sample_file().cases) {
    EXPECT_NE(page.find(c.name), std::string::npos) << c.name;
    if (c.status == "error") {
      EXPECT_NE(page.find(c.error), std::string::npos) << c.error;
    }
  }
  EXPECT_TRUE(std::any_of(sample_file().cases.begin(), sample_file().cases.end(),
                          [](const CaseRecord& c) { return c.status == "error"; }))
      << "the sample must hold an error case";
  EXPECT_NE(page.find("<b>1</b> failed"), std::string::npos);
}

TEST(HtmlReport, ScriptTextCannotCloseItsElement) {
  const std::string page = report_html(sample_file(), "var s = '</script><b>';");
  EXPECT_EQ(page.find("'</script><b>'"), std::string::npos);
  EXPECT_EQ(page.find("<b>'"), std::string::npos);
}

TEST(ReportFigures, PlanViewDrawsTheScenesWallsAndEveryContactPoint) {
  const auto figures = trajectory_figures(sample_file());
  const auto plan = std::find_if(figures.begin(), figures.end(), [](const Figure& f) {
    return f.title.find("knight-head-on-30mph: plan view") != std::string::npos;
  });
  ASSERT_NE(plan, figures.end());
  const auto& walls = plan->data[0];
  EXPECT_EQ(walls["x"][0], kStraightWall[0].ax);
  EXPECT_EQ(walls["x"][1], kStraightWall[0].bx);
  EXPECT_EQ(walls["y"][0], kStraightWall[0].ay);
  std::size_t markers = 0;
  for (const auto& trace : plan->data)
    if (trace["mode"] == "markers") markers += trace["x"].size();
  EXPECT_EQ(markers, sample_file().cases[0].raw["events"].size());
}

TEST(ReportFigures, PlanViewOutlinesTheVehicleAtTheStartBeforeEachImpactAndAtTheEnd) {
  const CaseRecord& head_on = sample_file().cases[0];
  const auto figures = trajectory_figures(sample_file());
  const auto plan = std::find_if(figures.begin(), figures.end(), [](const Figure& f) {
    return f.title.find("knight-head-on-30mph: plan view") != std::string::npos;
  });
  ASSERT_NE(plan, figures.end());
  const auto outlines = std::find_if(plan->data.begin(), plan->data.end(), [](const nlohmann::json& trace) {
    return trace["name"].get<std::string>().starts_with("outlines");
  });
  ASSERT_NE(outlines, plan->data.end());
  // Closed rectangles of 5 points and a gap each: one at the start, one per impact, one at the end.
  const auto& x = (*outlines)["x"];
  const auto& y = (*outlines)["y"];
  const std::size_t rectangles = 2 + static_cast<std::size_t>(head_on.impacts);
  ASSERT_EQ(x.size(), 6 * rectangles);
  const auto& params = head_on.raw["config"]["vehicle_params"][0];
  const double length = params["cg_to_front"].get<double>() + params["cg_to_rear"].get<double>();
  const double width = params["width"].get<double>();
  for (std::size_t r = 0; r < rectangles; ++r) {
    const auto corner = [&](std::size_t i) { return Vec2{x[6 * r + i].get<double>(), y[6 * r + i].get<double>()}; };
    EXPECT_NEAR((corner(1) - corner(0)).norm(), length, 1e-9);
    EXPECT_NEAR((corner(2) - corner(1)).norm(), width, 1e-9);
    EXPECT_NEAR((corner(4) - corner(0)).norm(), 0.0, 1e-12);
    EXPECT_TRUE(x[6 * r + 5].is_null());
  }
  // The first rectangle is around the starting CG, offset along the heading by (front - rear) / 2.
  const auto& vehicle = head_on.raw["trajectory"]["vehicles"][0];
  const Vec2 start{vehicle["x"][0].get<double>(), vehicle["y"][0].get<double>()};
  const Vec2 centre = Vec2{x[0].get<double>() + x[2].get<double>(), y[0].get<double>() + y[2].get<double>()} / 2;
  const double offset = (params["cg_to_front"].get<double>() - params["cg_to_rear"].get<double>()) / 2;
  EXPECT_NEAR((centre - start).norm(), std::abs(offset), 1e-9);
}

TEST(ReportFigures, SweepOverTwoNumericFieldsGivesContours) {
  ResultsFile file;
  for (double e : {0.1, 0.2, 0.3})
    for (double mu : {0.0, 0.4}) {
      CaseRecord c;
      c.name = "side-" + std::to_string(file.cases.size());  // the name plays no part: the variation does
      c.listed_name = "side";
      c.variation = {{"response.model", "restitution"}, {"response.restitution", e}, {"response.friction", mu}};
      c.status = "passed";
      c.raw = {{"events", {{{"impact", 0}, {"time", 0.5}, {"status", "ok"}, {"vehicle", 0}, {"energy_before", 10.0},
                            {"energy_after", 10.0 * e}, {"impulse", {1.0, 2.0}},
                            {"pre", {{"position", {0, 0}}, {"velocity", {1, 0}}, {"heading_deg", 0}, {"yaw_rate_deg_s", 0}}},
                            {"post", {{"position", {0, 0}}, {"velocity", {0, 1}}, {"heading_deg", 0}, {"yaw_rate_deg_s", 100 * mu}}}}}}};
      file.cases.push_back(c);
    }
  // |delta-V|, yaw rate and energy kept; no roll rate panel, as no model gave an end-of-impact state.
  const auto figures = sweep_figures(file);
  ASSERT_EQ(figures.size(), 3u);
  const auto& yaw = figures[1].data[0];
  EXPECT_EQ(yaw["type"], "contour");
  ASSERT_EQ(yaw["x"].size(), 2u);  // response.friction sorts first
  ASSERT_EQ(yaw["y"].size(), 3u);
  EXPECT_DOUBLE_EQ(yaw["z"][2][1].get<double>(), 100 * 0.4);
  EXPECT_DOUBLE_EQ(figures[0].data[0]["z"][0][0].get<double>(), std::sqrt(2.0));  // (1, 0) -> (0, 1)
  EXPECT_DOUBLE_EQ(figures[2].data[0]["z"][2][0].get<double>(), 0.3);
  // Both axes name their field with its unit and label every grid value.
  EXPECT_EQ(figures[1].layout["xaxis"]["title"]["text"], "response.friction [-]");
  EXPECT_EQ(figures[1].layout["yaxis"]["tickvals"], nlohmann::json({0.1, 0.2, 0.3}));
}

TEST(ReportFigures, SweepOfFourDofCasesPlotsTheEndOfImpactStates) {
  // Zhou's Figure 8: the target's |delta-V|, yaw and roll rate at the end of the 4-DOF impact, not the
  // states right after the impulse.
  ResultsFile file;
  for (double angle : {0.0, 30.0})
    for (double offset : {-0.5, 0.5}) {
      CaseRecord c;
      c.listed_name = "rear-end";
      c.variation = {{"vehicles.1.heading_deg", angle}, {"contact.point_B.1", offset}};
      c.status = "passed";
      const nlohmann::json state = {{"position", {0, 0}}, {"velocity", {29, 0}}, {"heading_deg", 90}, {"yaw_rate_deg_s", 0}};
      c.raw = {{"events", {{{"impact", 0}, {"time", 0.1}, {"status", "ok"}, {"vehicle", 0}, {"energy_before", 10.0},
                            {"energy_after", 9.0}, {"impulse", {1.0, 0.0}}, {"pre", state}, {"post", state},
                            {"model_end", {{"duration", 0.15}, {"vehicle", {{"velocity_B", {-29.0, 3.0}},
                                           {"yaw_rate_deg_s", angle}, {"roll_rate_deg_s", offset}}}}}}}}};
      file.cases.push_back(c);
    }
  const auto figures = sweep_figures(file);
  ASSERT_EQ(figures.size(), 4u);
  // Pre-impact (29, 0) world at heading 90 deg is (0, -29) in the body frame; the end is (-29, 3).
  EXPECT_NEAR(figures[0].data[0]["z"][1][1].get<double>(), std::hypot(29.0, 32.0), 1e-9);
  EXPECT_DOUBLE_EQ(figures[1].data[0]["z"][1][0].get<double>(), 30.0);  // row: heading 30, column: offset -0.5
  EXPECT_DOUBLE_EQ(figures[2].data[0]["z"][1][0].get<double>(), -0.5);
  EXPECT_EQ(figures[2].layout["xaxis"]["title"]["text"], "contact.point_B.1 [m]");
  EXPECT_EQ(figures[2].layout["yaxis"]["title"]["text"], "vehicles.1.heading_deg [deg]");
}

}  // namespace
}  // namespace crashbench
