// SUMO's traffic in a city's 3D model, opt-in (label realscenes; skipped without Debian's sumo and
// sumo-tools): the game scenario bs3d ships bs3.3ds, the streets and buildings of its network drawn about
// their own origin and y-up, which SUMO's 3D view places at (660, 679) turned 1.3 deg (view_B.xml). Read
// so, SUMO's vehicles drive its streets and meet no building; unplaced, the case is refused.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

constexpr const char* kGame = "/usr/share/sumo/tools/game";

/// The case of the scenario's FCD in `dir` on the 3DS model, placed as SUMO's view places it or not at all.
Case city_case(const std::filesystem::path& dir, bool placed) {
  nlohmann::json scene = {{"file", std::string(kGame) + "/bs3d/bs3.3ds"}, {"up_axis", "y"}};
  if (placed) scene["placement"] = {{"x", 660.0}, {"y", 679.0}, {"heading_deg", 1.3}};
  const nlohmann::json doc = {
      {"name", "bs3d-city"}, {"scene", scene}, {"detector", "tree"}, {"response", {{"model", "restitution"}}},
      {"duration", 119.0}, {"vehicles", nlohmann::json::array()},
      {"traffic", {{"sumo_fcd", "fcd.xml"}, {"sumo_routes", std::string(kGame) + "/bs3d/bs3d.rou.xml"},
                   {"sumo_collisions", "coll.xml"}}}};
  return parse_case(doc, (dir / "case.json").string());
}

TEST(SumoCityModel, TheBs3dScenariosTrafficDrivesItsPlacedCityModelsStreets) {
  if (std::system("command -v sumo >/dev/null 2>&1") != 0 || !std::filesystem::exists(std::string(kGame) + "/bs3d"))
    GTEST_SKIP() << "SUMO's game scenarios are not installed (apt-get install sumo sumo-tools)";
  const auto dir = testing::fresh_temp_folder("sumo-city-model");
  const std::string sumo = "cd " + dir.string() + " && sumo -c " + kGame +
                           "/bs3d.sumocfg --step-length 0.1 --precision 4 --collision.mingap-factor 0 "
                           "--collision.check-junctions --collision.action warn --end 120 --fcd-output fcd.xml "
                           "--collision-output coll.xml --gui-settings-file '' > make.log 2>&1";
  ASSERT_EQ(std::system(sumo.c_str()), 0) << "see " << (dir / "make.log");

  const RunResult r = run_case(city_case(dir, true));
  ASSERT_TRUE(r.failure.empty()) << r.failure;
  ASSERT_TRUE(r.sumo.has_value());
  EXPECT_GT(r.sumo->vehicles, 10u);
  EXPECT_TRUE(r.events.empty()) << r.events.size() << " events";
  EXPECT_TRUE(r.tunnelling.empty());
  EXPECT_EQ(r.sumo->on_path_without_road, 0);
  EXPECT_EQ(r.status, CaseStatus::kPassed);

  const std::string unplaced = testing::error_message([&] { (void)run_case(city_case(dir, false)); });
  EXPECT_NE(unplaced.find("SUMO vehicles first appear with their front over no road of the scene"), std::string::npos)
      << unplaced;
}

}  // namespace
}  // namespace crashbench
