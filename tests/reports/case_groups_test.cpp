#include "reports/case_groups.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reports/report_tables.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

json state(double vx, double vy, double yaw) {
  return {{"position", {1.0, 2.0}}, {"heading_deg", 10.0}, {"velocity", {vx, vy}}, {"yaw_rate_deg_s", yaw}};
}

json event(int impact, double time, double jx, double before, double after, double post_vx) {
  return {{"impact", impact}, {"time", time}, {"status", "ok"}, {"vehicle", 0}, {"other", 1},
          {"impulse", {jx, -2.0}}, {"energy_before", before}, {"energy_after", after},
          {"pre", state(20, 0, 0)}, {"post", state(post_vx, 1, 5)},
          {"other_pre", state(-3, 0, 0)}, {"other_post", state(4.25, -0.5, -7.5)}};
}

TEST(CaseGroups, VariationKeysCompareTheDataLeavingOutOnePath) {
  const json v = {{"application", "reset"}, {"position", {1, 2}}, {"response.model", "energy-loss"}};
  json other = v;
  other["response.model"] = "restitution";
  EXPECT_NE(variation_key("side", v), variation_key("side", other));
  EXPECT_EQ(variation_key("side", v, "response.model"), variation_key("side", other, "response.model"));
  EXPECT_NE(variation_key("side", v, "response.model"), variation_key("head-on", other, "response.model"));
  // A name that merely looks like a variation is not one.
  EXPECT_NE(variation_key("side[application=reset]", json::object()), variation_key("side", {{"application", "reset"}}));
  EXPECT_EQ(variation_text(v), "application=reset,position=[1,2],response.model=energy-loss");
  EXPECT_EQ(variation_text(json::object()), "");
}

TEST(CaseGroups, ImpactsJoinTheirEventsFirstPreLastPostSummedImpulse) {
  const json events = {event(0, 0.5, 100, 1000, 900, 18), event(0, 0.505, 50, 880, 800, 17),
                       event(1, 1.2, 10, 700, 690, 16)};
  const auto impacts = impacts_of(events);
  ASSERT_EQ(impacts.size(), 2u);
  EXPECT_EQ(impacts[0].events, 2);
  EXPECT_DOUBLE_EQ(impacts[0].time, 0.5);
  EXPECT_DOUBLE_EQ(impacts[0].impulse_W.x(), 150.0);
  EXPECT_DOUBLE_EQ(impacts[0].impulse_W.y(), -4.0);
  EXPECT_DOUBLE_EQ(impacts[0].energy_kept, 800.0 / 1000.0);
  EXPECT_DOUBLE_EQ(impacts[0].post.velocity_W.x(), 17.0);
  EXPECT_DOUBLE_EQ(impacts[1].energy_kept, 690.0 / 700.0);
}

/// A passed case `base[response.model=MODEL]` with one event.
CaseRecord model_case(const std::string& base, const std::string& model, const json& the_event) {
  CaseRecord c;
  c.name = base + "[response.model=" + model + "]";
  c.listed_name = base;
  c.variation = {{"response.model", model}};
  c.status = "passed";
  c.config = {{"response_model", model}};
  c.raw = {{"events", {the_event}}};
  return c;
}

TEST(CaseGroups, SideBySideShowsEachModelAndTheOtherVehicle) {
  ResultsFile file;
  for (const char* model : {"restitution", "brach-planar"})
    file.cases.push_back(model_case("pair", model, event(0, 0.5, 100, 1000, 900, 18)));
  const std::string html = impacts_side_by_side_html(file);
  EXPECT_NE(html.find("<th>restitution</th><th>brach-planar</th>"), std::string::npos) << html;
  EXPECT_NE(html.find("<tr><th>other vehicle: post vX, vY [m/s]</th><td>4.250, -0.500</td><td>4.250, -0.500</td>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("pair &mdash; 1 impact(s)"), std::string::npos) << html;
}

TEST(CaseGroups, SideBySidePairsByTheVariationDataNotByTheName) {
  ResultsFile file;
  for (const char* model : {"restitution", "brach-planar"})
    file.cases.push_back(model_case("pair", model, event(0, 0.5, 100, 1000, 900, 18)));
  file.cases[1].listed_name = "another";  // same-looking names, different listed cases: two tables
  const std::string html = impacts_side_by_side_html(file);
  EXPECT_NE(html.find("pair &mdash; 1 impact(s)"), std::string::npos) << html;
  EXPECT_NE(html.find("another &mdash; 1 impact(s)"), std::string::npos) << html;
  EXPECT_EQ(html.find("<th>restitution</th><th>brach-planar</th>"), std::string::npos) << html;
}

TEST(CaseGroups, SideBySideShowsTheEndOfImpactAndThePublishedColumns) {
  ResultsFile file;
  json with_end = event(0, 0.5, 100, 1000, 900, 18);
  with_end["model_end"] = {{"duration", 0.15},
                           {"vehicle", {{"velocity_B", {31.25, 4.5}}, {"yaw_rate_deg_s", -95.5}, {"roll_rate_deg_s", -15.75}}},
                           {"other", {{"velocity_B", {30.5, 0.125}}, {"yaw_rate_deg_s", -4.0}, {"roll_rate_deg_s", -0.5}}}};
  file.cases.push_back(model_case("rear-end", "brach-planar", event(0, 0.5, 100, 1000, 900, 18)));
  file.cases.push_back(model_case("rear-end", "four-dof", with_end));
  file.cases[0].raw["config"]["published"] = {
      {"source", "Table 2"}, {"impact", 1},
      {"columns", {{{"label", "CarSim"}, {"velocity_B", {31.3, 4.3}}, {"yaw_rate_deg_s", -89.9}}}}};
  const auto impacts = impacts_of(file.cases[1].raw["events"]);
  ASSERT_TRUE(impacts[0].end.has_value());
  EXPECT_DOUBLE_EQ(impacts[0].end->roll_rate_deg_s, -15.75);
  EXPECT_FALSE(impacts_of(file.cases[0].raw["events"])[0].end.has_value());
  const std::string html = impacts_side_by_side_html(file);
  EXPECT_NE(html.find("<th class=published>CarSim</th>"), std::string::npos) << html;
  // An instant model's end is its post state (18, 1) m/s turned into the body frame at impact (heading 10 deg).
  const double h = 10.0 * std::numbers::pi / 180;
  const std::string planar_end = fmt::format("{:.3f}, {:.3f}", 18 * std::cos(h) + 1 * std::sin(h), -18 * std::sin(h) + 1 * std::cos(h));
  EXPECT_NE(html.find("V_x, V_y [m/s]</th><td>" + planar_end + "</td><td>31.250, 4.500</td><td class=published>31.3, 4.3</td>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("yaw rate, roll rate [deg/s]</th><td>5.00, &mdash;</td><td>-95.50, -15.75</td>"
                      "<td class=published>-89.9, &mdash;</td>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<td>30.500, 0.125; -4.00</td>"), std::string::npos) << html;
  // Rows the paper does not give stay empty in its column.
  const std::string j = fmt::format("{:.1f}", std::hypot(100.0, 2.0));  // the event's impulse (100, -2)
  EXPECT_NE(html.find("|J| [N s]</th><td>" + j + "</td><td>" + j + "</td><td class=na>&mdash;</td>"), std::string::npos)
      << html;
  EXPECT_NE(html.find("Published: Table 2"), std::string::npos) << html;
}

}  // namespace
}  // namespace crashbench
