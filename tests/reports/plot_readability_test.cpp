// The report's plots stay readable: flat series draw flat, long legends fold, every axis has a unit, the
// energy-loss model's fallbacks have their own marker, Figure 4-5 carries Knight's restitution point,
// and the plotting library travels packed.
#include "reports/plot_readability.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/units.hpp"
#include "reports/knight_curves.hpp"
#include "reports/plot_library.hpp"
#include "reports/report_figures.hpp"
#include "tests/reports/report_test_support.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

json line(const json& y, const char* axis = "y") {
  return {{"type", "scatter"}, {"mode", "lines"}, {"x", {0, 1, 2}}, {"y", y}, {"yaxis", axis}};
}

TEST(PlotReadability, AFlatSeriesGetsTheMinimumSpanAroundIt) {
  Figure f;
  f.data.push_back(line({2e-15, -1e-15, nullptr}, "y2"));
  f.data.push_back(line({0, 50, 100}));  // the other axis's traces play no part
  keep_min_span(f, "yaxis2", 2.0);
  ASSERT_TRUE(f.layout["yaxis2"].contains("range"));
  EXPECT_NEAR(f.layout["yaxis2"]["range"][0].get<double>(), -1.0, 1e-12);
  EXPECT_NEAR(f.layout["yaxis2"]["range"][1].get<double>(), 1.0, 1e-12);
  keep_min_span(f, "yaxis", 2.0);  // spans 100 already: autoscaled as before
  EXPECT_FALSE(f.layout.contains("yaxis"));
}

TEST(PlotReadability, ALongLegendFoldsAndAGroupCountsOnce) {
  Figure f;
  for (int variant = 0; variant < kLegendEntriesShown; ++variant)
    for (int trace = 0; trace < 3; ++trace) {
      json t = line({0, 1, 2});
      group_trace(t, "variant " + std::to_string(variant), variant, trace == 0);
      f.data.push_back(t);
    }
  EXPECT_EQ(legend_entries(f), kLegendEntriesShown);
  fold_long_legend(f);
  EXPECT_EQ(f.folded_legend_entries, 0) << "as many entries as are shown: no fold";
  EXPECT_EQ(f.data[0]["line"]["color"], f.data[2]["line"]["color"]) << "a group draws in one colour";
  EXPECT_NE(f.data[0]["line"]["color"], f.data[3]["line"]["color"]);
  f.data.push_back(line({0, 1, 2}));
  fold_long_legend(f);
  EXPECT_EQ(f.folded_legend_entries, kLegendEntriesShown + 1);
}

TEST(PlotReadability, LongTitlesWrapAtSpaces) {
  EXPECT_EQ(wrapped_title("short title"), "short title");
  const std::string words = "Force magnitude vs energy kept, front-centre hit at 30 mph, F0 = J0/0.005 s (thesis Fig. 4-5)";
  const std::string wrapped = wrapped_title(words);
  std::vector<std::string> lines;
  for (std::size_t start = 0;;) {
    const auto at = wrapped.find("<br>", start);
    lines.push_back(wrapped.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) break;
    start = at + 4;
  }
  EXPECT_GT(lines.size(), 1u) << "a title that long wraps";
  std::string rejoined;
  for (const auto& line : lines) {
    EXPECT_LE(line.size(), kTitleLineChars) << line;
    rejoined += (rejoined.empty() ? "" : " ") + line;
  }
  EXPECT_EQ(rejoined, words) << "only spaces become line breaks";
}

TEST(PlotReadability, MatrixFieldsGetTheirUnits) {
  for (const auto& [path, unit] : std::vector<std::pair<std::string, std::string>>{
           {"vehicles.1.heading_deg", "deg"}, {"contact.point_B.1", "m"}, {"vehicles.0.speed_mph", "mph"},
           {"dt", "s"}, {"response.restitution", "-"}})
    EXPECT_EQ(field_axis_title(path), path + " [" + unit + "]");
}

TEST(PlotReadability, EveryAxisOfEveryPlotHasAUnitAndGrowsItsMargin) {
  const ResultsFile file = testing::sample_results_read_back("readability");
  for (const Figure& f : all_figures(file)) {
    const bool categories = !f.data.empty() && f.data[0].value("type", "") == "bar";
    for (const char* axis : {"xaxis", "yaxis", "yaxis2"}) {
      if (!f.layout.contains(axis) || (categories && std::string(axis) == "xaxis")) continue;
      const std::string title = f.layout[axis]["title"]["text"];
      EXPECT_NE(title.find('['), std::string::npos) << f.title << " " << axis << ": " << title;
      EXPECT_EQ(f.layout[axis].value("automargin", false), true) << f.title << " " << axis;
    }
  }
}

/// A results file with one energy-loss case: an e = 0 fallback event and an ordinary one.
ResultsFile energy_loss_events() {
  CaseRecord c;
  c.name = c.listed_name = "glancing";
  c.status = "passed";
  const json state = {{"position", {0, 0}}, {"velocity", {1, 0}}, {"heading_deg", 0}, {"yaw_rate_deg_s", 0}};
  const auto event = [&](const char* status, double alpha) {
    return json{{"impact", 0}, {"time", 0.5}, {"status", status}, {"vehicle", 0}, {"energy_before", 10.0},
                {"energy_after", 5.0}, {"impulse", {1.0, 0.0}}, {"pre", state}, {"post", state},
                {"angle_of_attack_deg", alpha}, {"restitution", 0.0}};
  };
  c.raw = {{"config", {{"response", {{"model", "energy-loss"}}}}},
           {"events", {event("no_real_root", 5.0), event("ok", 60.0)}}};
  ResultsFile file;
  file.cases.push_back(c);
  return file;
}

TEST(PlotReadability, EnergyLossFallbacksHaveTheirOwnMarker) {
  const Figure e = law_figures(energy_loss_events())[0];
  json used, fallback;
  for (const json& t : e.data) {
    if (t["name"] == "events: e used") used = t;
    if (t["name"].get<std::string>().find("fallback") != std::string::npos) fallback = t;
  }
  ASSERT_FALSE(fallback.is_null());
  EXPECT_EQ(fallback["x"], json({5.0}));
  EXPECT_EQ(used["x"], json({60.0}));
}

// The laws are drawn as the case recorded them (its model's curves), whatever the model calls its
// parameters; Figure 4-5 takes e(90 deg) from them too.
TEST(PlotReadability, LawsAreTheCurvesTheCasesRecorded) {
  ResultsFile file = energy_loss_events();
  CaseRecord& c = file.cases[0];
  c.dt = 0.005;
  c.raw["config"]["response"] = {{"model", "my-law"}, {"bounciness", 7}};
  c.raw["config"]["vehicle_params"] = json::array({{{"mass", 1500.0}, {"yaw_inertia", 2500.0}, {"cg_to_front", 2.25}}});
  c.response_curves = {{"restitution", {0, 45, 90}, {0.3, 0.2, 0.05}}, {"mu_limit", {0, 90}, {0.2, 0.1}}};
  const std::vector<Figure> figures = law_figures(file);
  json e, mu;
  for (const json& t : figures[0].data) {
    if (t["name"] == "e(alpha) (my-law)") e = t;
    if (t["name"] == "mu(alpha) (my-law)") mu = t;
  }
  EXPECT_EQ(e["x"], json({0.0, 45.0, 90.0}));
  EXPECT_EQ(e["y"], json({0.3, 0.2, 0.05}));
  EXPECT_EQ(mu["y"], json({0.2, 0.1}));
  // The restitution method at 90 deg keeps e^2 of the energy, with e = 0.05.
  const json& point = figures[2].data.back();
  EXPECT_NEAR(point["x"][0].get<double>(), 100 * 0.05 * 0.05, 1e-12);
}

TEST(PlotReadability, Figure45CarriesTheRestitutionPointOnTheLargerRoot) {
  // Knight: the 90-degree restitution result lies on the energy method's larger-force curve.
  const Figure f = law_figures(ResultsFile{})[2];
  const json& point = f.data.back();
  ASSERT_NE(point["name"].get<std::string>().find("restitution"), std::string::npos);
  const double kept = point["x"][0].get<double>() / 100, force = point["y"][0].get<double>() * 1000;
  const EnergyLossCurve curve = energy_loss_curve(Body{1500, 2500, {}}, 2.25, 30 * kMphToMps, 90, KnightLaws{}.friction,
                                                  0.005, 2001);
  const auto i = static_cast<std::size_t>(kept * 2000);
  const double w = kept * 2000 - i;
  const double on_curve = (1 - w) * curve.force_larger[i] + w * curve.force_larger[i + 1];
  EXPECT_NEAR(force, on_curve, 1e-3 * on_curve);
  EXPECT_NEAR(kept, std::pow(KnightLaws{}.restitution.at(90 * kDegToRad), 2), 1e-12);
  EXPECT_EQ(legend_entries(f), 6) << "an entry per angle (both roots) and the restitution point";
}

TEST(PlotLibrary, Base64IsTheStandardAlphabetWithPadding) {
  // RFC 4648, section 10, and two bytes from the top of the alphabet.
  for (const auto& [bytes, text] : std::vector<std::pair<std::string, std::string>>{
           {"", ""}, {"f", "Zg=="}, {"fo", "Zm8="}, {"foo", "Zm9v"}, {"foobar", "Zm9vYmFy"}, {"\xff\xfe", "//4="}})
    EXPECT_EQ(base64(bytes), text) << bytes;
}

TEST(PlotLibrary, DeflatedTextInflatesBackAndIsSmaller) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "function f" + std::to_string(i % 37) + "() { return Plotly; }\n";
  const std::string packed = zlib_deflate(text);
  EXPECT_LT(packed.size(), text.size() / 4);
  std::string back(text.size(), '\0');
  uLongf size = back.size();
  ASSERT_EQ(uncompress(reinterpret_cast<Bytef*>(back.data()), &size, reinterpret_cast<const Bytef*>(packed.data()),
                       packed.size()), Z_OK);
  EXPECT_EQ(back.substr(0, size), text);
}

}  // namespace
}  // namespace crashbench
