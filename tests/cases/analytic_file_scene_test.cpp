// The analytic detector on a scene read from a file: its walls come from the vertical triangles, and it
// hits them where the brute-force detector hits the triangles.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "cases/loading/case_loader.hpp"
#include "cases/loading/matrix.hpp"
#include "cases/loading/scene_source.hpp"
#include "cases/runner/simulation.hpp"
#include "detectors/detector.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

/// Knight's L-rail run on `scene_file` (the generated L-rail written through osgDB) with `detector`.
RunResult l_rail_run(const std::string& scene_file, const std::string& detector) {
  nlohmann::json doc = read_json_file(testing::source_path("cases/library/knight-l-rail.json"));
  doc["scene"] = {{"file", scene_file}};
  doc["detector"] = detector;
  doc["application"] = "reset";
  return run_case(parse_case(doc, "test.json"));
}

TEST(AnalyticOnAFileScene, HitsTheWallsWhereBruteForceHitsTheTriangles) {
  const fs::path dir = testing::temp_folder("file-walls");
  const std::string file = (dir / "l-rail.osgb").string();
  write_scene_graph(*make_registered_scene("l-rail").graph, file);
  EXPECT_FALSE(build_scene({.builtin = "", .file = file}).walls.empty());

  const RunResult analytic = l_rail_run(file, "analytic");
  const RunResult brute = l_rail_run(file, "brute-force");
  ASSERT_GE(brute.impacts, 3);  // Knight's side wall twice, then the end wall
  EXPECT_EQ(analytic.impacts, brute.impacts);
  ASSERT_EQ(analytic.events.size(), brute.events.size());
  for (std::size_t i = 0; i < brute.events.size(); ++i) {
    const ImpactEvent &a = analytic.events[i], &b = brute.events[i];
    EXPECT_EQ(a.step, b.step) << i;
    EXPECT_LT((a.contact.point_W - b.contact.point_W).norm(), 0.05) << i;
    EXPECT_GT(a.contact.normal_W.dot(b.contact.normal_W), std::cos(1.0 * std::numbers::pi / 180)) << i;
  }
  EXPECT_EQ(analytic.status, CaseStatus::kPassed);
}

TEST(AnalyticOnAFileScene, WithVerticalTrianglesAndNoWallsItRefusesNamingTheScene) {
  Scene scene = load_scene("l-rail");
  scene.name = "walls.osgt";
  scene.walls.clear();
  // Every detector that reads wall footprints refuses the scene; the ones that read triangles take it.
  int refused = 0, taken = 0;
  for (const auto& entry : detectors()) {
    const auto detector = make_detector(entry.name);
    if (detector->geometry() != SceneGeometry::kWalls) {
      EXPECT_NO_THROW(require_walls(scene, *detector)) << entry.name;
      ++taken;
      continue;
    }
    try {
      require_walls(scene, *detector);
      ADD_FAILURE() << entry.name << " ran with no walls";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("walls.osgt"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("vertical triangles"), std::string::npos) << e.what();
    }
    ++refused;
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(taken, 0);
}

}  // namespace
}  // namespace crashbench
