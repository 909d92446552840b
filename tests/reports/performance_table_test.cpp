// Knight's Table 6-1 from hand-made results: medians with p99 beside them, scene labels and published
// figures from what the cases recorded of their scene, each published source in its own column, every
// model column filled.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/published_step_time.hpp"
#include "reports/report_tables.hpp"

namespace crashbench {
namespace {

/// A case that ran `model` with `detector` on `scene`: step mean, median and p99 [ns], dynamics median 450 ns.
CaseRecord timed(const std::string& scene, const std::string& detector, const std::string& model, double mean_ns,
                 double median_ns, double p99_ns, int triangles = -1, std::size_t walls = 0) {
  CaseRecord c;
  c.name = scene + "/" + detector + "/" + model;
  c.status = "passed";
  c.dt = 0.005;
  c.config = {{"scene", scene}, {"detector", detector}, {"response_model", model}};
  c.timing["step"] = {mean_ns, median_ns, p99_ns, 2 * p99_ns, {}};
  c.timing["dynamics"] = {900, 450, 600, 700, {}};
  c.scene_triangles = triangles;
  c.scene_walls = walls;
  return c;
}

/// Knight 2002, thesis Table 6-1, Watkins Glen (1838 collision triangles): 4.69 / 4.64 ms with energy loss /
/// restitution; the same database optimised by MultiGen Creator: 3.88 / 3.90 ms.
std::vector<CaseRecord::PublishedTime> watkins_glen() {
  const std::string knight(kKnight2002Source), creator = "Knight 2002, optimised by MultiGen Creator";
  return {{"Watkins Glen (1838 collision triangles)", knight, "energy-loss", 4.69},
          {"Watkins Glen (1838 collision triangles)", knight, "restitution", 4.64},
          {"Watkins Glen, optimised", creator, "energy-loss", 3.88},
          {"Watkins Glen, optimised", creator, "restitution", 3.90}};
}

/// timed(), on "track" with 1838 triangles and 400 walls, and Knight's Watkins Glen figures recorded.
CaseRecord on_watkins_glen(const std::string& detector, const std::string& model, double median_ns, double p99_ns) {
  CaseRecord c = timed("track", detector, model, 3000, median_ns, p99_ns, 1838, 400);
  c.scene_published = watkins_glen();
  return c;
}

/// The text of the row whose detector cell is `detector` under `scene`'s rows (the first after it).
std::string row_of(const std::string& table, const std::string& scene, const std::string& detector) {
  const auto scene_at = table.find(scene);
  const auto at = table.find("<td class=label>" + detector + "</td>", scene_at);
  if (scene_at == std::string::npos || at == std::string::npos) return "";
  return table.substr(at, table.find("</tr>", at) - at);
}

TEST(PerformanceTable, CellsAreMediansOfTheCasesMediansWithTheWorstP99NotMeans) {
  ResultsFile file;
  // Three cases: one slow step each pulls the means far up (10.77 us) while the medians stay near 0.5 us.
  file.cases = {timed("straight-wall", "osg-kdtree", "energy-loss", 10770, 530, 900),
                timed("straight-wall", "osg-kdtree", "energy-loss", 9000, 510, 4200),
                timed("straight-wall", "osg-kdtree", "energy-loss", 12000, 560, 1000)};
  const std::string table = performance_table_html(file);
  const std::string row = row_of(table, "straight-wall", "osg-kdtree");
  EXPECT_NE(row.find("0.53 us <small>p99 4.20</small><br><small>n=3</small>"), std::string::npos) << row;
  EXPECT_EQ(row.find("10.77"), std::string::npos) << row;  // no mean in Table 6-1
  // An even count: the mean of the two middle medians, (0.51 + 0.53) / 2 = 0.52 us.
  file.cases.pop_back();
  EXPECT_NE(performance_table_html(file).find("0.52 us <small>p99 4.20</small>"), std::string::npos);
  // The detail table keeps each case's mean.
  EXPECT_NE(cost_table_html(file).find("<td>10.77</td>"), std::string::npos) << cost_table_html(file);
}

TEST(PerformanceTable, SceneLabelsComeFromTheRecordedSceneNotTheRegistrysText) {
  ResultsFile file;
  file.cases = {on_watkins_glen("tree", "restitution", 1000, 2000),
                timed("track-visual", "tree", "restitution", 3000, 1200, 2000, 8780, 400)};
  const std::string table = performance_table_html(file);
  EXPECT_NE(table.find("track<br><small>1838 collision triangles, 400 walls</small>"), std::string::npos) << table;
  EXPECT_NE(table.find("track-visual<br><small>8780 collision triangles, 400 walls</small>"), std::string::npos) << table;
  // Knight's Watkins Glen figures belong to the cases that recorded them: the visual track has none of them.
  const auto visual = table.find("track-visual<br>");
  EXPECT_EQ(table.find("1838", visual), std::string::npos) << table.substr(visual);
}

TEST(PerformanceTable, EachPublishedSourceHasItsOwnColumnAndTheRatioUsesTheFirst) {
  // Knight 2002, thesis Table 6-1: Watkins Glen 4.69 / 4.64 ms; optimised by MultiGen Creator 3.88 / 3.90 ms.
  ResultsFile file;
  file.cases = {on_watkins_glen("tree", "energy-loss", 1000, 2000), on_watkins_glen("tree", "restitution", 2000, 3000)};
  const std::string table = performance_table_html(file);
  const auto header_end = table.find("</tr>");
  const std::string header = table.substr(0, header_end);
  ASSERT_NE(header.find("MultiGen Creator"), std::string::npos) << header;
  ASSERT_NE(header.find(std::string(kKnight2002Source)), std::string::npos) << header;
  EXPECT_LT(header.find(std::string(kKnight2002Source)), header.find("MultiGen Creator"));
  const std::string row = row_of(table, "track<br>", "tree");
  // The two sources' figures in two cells, in the header's order.
  const auto plain = row.find("energy-loss: 4.69 ms, restitution: 4.64 ms");
  const auto creator = row.find("energy-loss: 3.88 ms, restitution: 3.90 ms");
  ASSERT_NE(plain, std::string::npos) << row;
  ASSERT_NE(creator, std::string::npos) << row;
  EXPECT_NE(row.substr(plain, creator - plain).find("</td><td"), std::string::npos) << row;
  // published/now against the unoptimised figure: 4.69 ms / 1.00 us and 4.64 ms / 2.00 us.
  EXPECT_NE(row.find("1.00 us <small>p99 2.00</small><br><small>n=1, published/now 4690</small>"), std::string::npos) << row;
  EXPECT_NE(row.find("2.00 us <small>p99 3.00</small><br><small>n=1, published/now 2320</small>"), std::string::npos) << row;
  // The baseline, per model (one case each): the dynamics median 0.45 us against Knight's 0.99 ms.
  EXPECT_NE(table.find("0.45 us <small>p99 0.60</small><br><small>n=1, published/now 2200</small>"), std::string::npos)
      << table;
}

TEST(PerformanceTable, EveryModelThatRanHasAColumnAndAMissingCombinationSaysNotRun) {
  ResultsFile file;
  file.cases = {timed("track", "tree", "energy-loss", 3000, 1000, 2000, 1838, 400),
                timed("track", "osg", "restitution", 3000, 1500, 2500, 1838, 400),
                timed("l-rail", "osg", "energy-loss", 3000, 700, 900, 612, 2)};
  const std::string table = performance_table_html(file);
  EXPECT_NE(table.find("<th>energy-loss<br><small>median step (p99)</small></th><th>restitution<br>"), std::string::npos)
      << table;
  const std::string tree = row_of(table, "track<br>", "tree");
  EXPECT_NE(tree.find("1.00 us"), std::string::npos) << tree;
  EXPECT_NE(tree.find("<td class=na>not run</td>"), std::string::npos) << tree;
  const std::string osg = row_of(table, "track<br>", "osg");
  EXPECT_NE(osg.find("1.50 us"), std::string::npos) << osg;
  EXPECT_NE(osg.find("<td class=na>not run</td>"), std::string::npos) << osg;  // no energy-loss case with osg
  const std::string rail = row_of(table, "l-rail<br>", "osg");
  EXPECT_NE(rail.find("0.70 us"), std::string::npos) << rail;
  EXPECT_NE(rail.find("<td class=na>not run</td>"), std::string::npos) << rail;
}

TEST(PerformanceTable, PublishedFiguresAreTheOnesTheCasesRecordedNotLookedUpByName) {
  // A case on a scene named "track" that recorded no figures (a file of that name, an older results
  // file) gets none: no ratio, a dash in each published column but the baseline's.
  ResultsFile file;
  file.cases = {timed("track", "tree", "energy-loss", 3000, 1000, 2000, 1838, 400)};
  const std::string bare = performance_table_html(file);
  const std::string bare_row = row_of(bare, "track<br>", "tree");
  EXPECT_EQ(bare_row.find("published/now"), std::string::npos) << bare;
  EXPECT_EQ(bare.find("Watkins Glen"), std::string::npos) << bare;
  // Figures recorded for a scene of any name are shown on its row.
  file.cases[0].scene_published = watkins_glen();
  file.cases[0].config["scene"] = "my-glen.flt";
  const std::string recorded = performance_table_html(file);
  EXPECT_NE(row_of(recorded, "my-glen.flt", "tree").find("published/now 4690"), std::string::npos) << recorded;
}

TEST(PerformanceTable, NamesFromTheResultsAreEscaped) {
  ResultsFile file;
  file.cases = {timed("<img src=x onerror=alert(1)>", "<b>", "<i>", 3000, 1000, 2000)};
  const std::string table = performance_table_html(file);
  EXPECT_EQ(table.find("<img"), std::string::npos) << table;
  EXPECT_EQ(table.find("<b>"), std::string::npos) << table;
  EXPECT_NE(table.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos) << table;
}

}  // namespace
}  // namespace crashbench
