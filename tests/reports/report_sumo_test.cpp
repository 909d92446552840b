// The report's SUMO section: a traffic case's episodes with crashbench's answer or the reason, its extra
// contacts; nothing for results without traffic.
#include <gtest/gtest.h>

#include "reports/report_sumo.hpp"

namespace crashbench {
namespace {

TEST(ReportSumo, ShowsEachEpisodeWithItsAnswerOrReasonAndTheExtraContacts) {
  ResultsFile results;
  CaseRecord& c = results.cases.emplace_back();
  c.name = "grid";
  c.raw = nlohmann::json::parse(R"({"sumo": {"vehicles": 5, "most_present": 4, "released": 2, "episodes_matched": 1,
    "episodes": [{"collider": "a", "victim": "b", "type": "junction", "time": 7.8, "collider_speed": 13, "victim_speed": 10,
                  "matched": true, "contact_time": 7.777, "impulse": 11337, "collider_dv": 7.56, "victim_dv": 7.55},
                 {"collider": "c", "victim": "d<e", "type": "collision", "time": 9.0, "collider_speed": 1, "victim_speed": 2,
                  "matched": false, "why": "'c' left its SUMO path"}],
    "extra_contacts": [{"kind": "secondary", "vehicle": "a", "other": "c", "time": 8.5, "why": "a secondary impact"}]}})");
  results.cases.emplace_back().name = "no-traffic";
  const std::string html = sumo_section_html(results);
  EXPECT_NE(html.find("<h3>grid</h3>"), std::string::npos) << html;
  EXPECT_EQ(html.find("no-traffic"), std::string::npos) << html;
  EXPECT_NE(html.find("<td>7.777</td><td>11337</td><td>7.56, 7.55</td>"), std::string::npos) << html;
  EXPECT_NE(html.find("d&lt;e"), std::string::npos) << "names are escaped";
  EXPECT_NE(html.find("&#39;c&#39; left its SUMO path"), std::string::npos) << html;
  EXPECT_NE(html.find("<td>secondary</td>"), std::string::npos) << html;
}

TEST(ReportSumo, IsEmptyWithoutTraffic) {
  ResultsFile results;
  results.cases.emplace_back().name = "plain";
  EXPECT_TRUE(sumo_section_html(results).empty());
}

}  // namespace
}  // namespace crashbench
