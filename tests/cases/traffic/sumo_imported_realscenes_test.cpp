// SUMO on the shared OpenDRIVE files, opt-in (label realscenes; skipped without Debian's sumo and sumo-tools or
// without ../shared/data): each file imported by netconvert (--opendrive-files, no turnarounds at dead ends,
// which SUMO would drive off the road's end), a minute of random trips, and crashbench run on the file itself
// with the network named as sumo_net. On any file (CRASHBENCH_OPENDRIVE_DATA names another folder) the run
// holds the comparison's contract: every SUMO collision matched or explained and none a detector's miss,
// every contact SUMO did not report explained, every invariant passed, no vehicle off the scene. On the
// shared files, clean roads, SUMO reports no collision; neither must crashbench, and every vehicle must
// stand on the file's road at every step (on netconvert's exports of OpenStreetMap towns SUMO's random
// trips collide, and cars released at a kerb leave the road). Without sumo_net, a file that netconvert
// moved (Town01 by 328 m, e6mini by 2.6 m) is refused naming it, and one it did not move runs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "cases/traffic/sumo_files.hpp"
#include "core/error.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/opendrive_data.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// The case of SUMO's traffic on `xodr` in `dir`, with or without the network as sumo_net.
Case imported_traffic_case(const std::filesystem::path& dir, const std::string& xodr, bool with_net) {
  nlohmann::json traffic = {{"sumo_fcd", "fcd.xml"}, {"sumo_routes", "routes.rou.xml"}, {"sumo_collisions", "coll.xml"}};
  if (with_net) traffic["sumo_net"] = "net.net.xml";
  const nlohmann::json doc = {{"name", "imported"},
                              {"scene", {{"file", xodr}, {"opendrive", {{"edges", {{"height", 1.0}}}}}}},
                              {"detector", "tree"}, {"response", {{"model", "restitution"}}}, {"application", "reset"},
                              {"duration", 89.0}, {"vehicles", nlohmann::json::array()}, {"traffic", traffic}};
  return parse_case(doc, (dir / "case.json").string());
}

TEST(SumoImported, EverySharedOpenDriveFilesTrafficRunsOnItWithSumoNet) {
  if (std::system("command -v netconvert >/dev/null 2>&1 && command -v sumo >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "SUMO is not installed (apt-get install sumo sumo-tools)";
  const std::vector<std::string> files = testing::opendrive_data_files();
  if (files.empty()) GTEST_SKIP() << "no OpenDRIVE files in " << testing::opendrive_data_folder();
  const bool shared = std::getenv("CRASHBENCH_OPENDRIVE_DATA") == nullptr;
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    const std::string name = std::filesystem::path(file).filename().string();
    if (!testing::has_travel_lane(file)) {  // nothing SUMO drives: netconvert imports no "restricted" lane
      std::cout << name << ": no travel lane outside junctions, no traffic\n";
      continue;
    }
    const auto dir = testing::fresh_temp_folder("sumo-imported-" + std::filesystem::path(file).stem().string());
    std::filesystem::copy_file(file, dir / name);
    const std::string in = "cd " + dir.string() + " && export SUMO_HOME=${SUMO_HOME:-/usr/share/sumo} && ";
    for (const std::string& command :
         // A file naming its schema (xsi:noNamespaceSchemaLocation, as VIRES's exports do) stops netconvert
         // with "invalid document structure" where SUMO_HOME has no such schema: no validation.
         {"netconvert --opendrive-files " + name + " --no-turnarounds --xml-validation never -o net.net.xml",
          std::string("python3 $SUMO_HOME/tools/randomTrips.py -n net.net.xml -r routes.rou.xml -e 60 -p 1 --seed 11 "
                      "--allow-fringe --fringe-factor 10"),
          std::string("sumo -n net.net.xml -r routes.rou.xml --step-length 0.1 --precision 4 --collision.mingap-factor 0 "
                      "--collision.check-junctions --end 90 --fcd-output fcd.xml --collision-output coll.xml")})
      ASSERT_EQ(std::system((in + command + " >> make.log 2>&1").c_str()), 0) << command << ": see " << (dir / "make.log");

    const RunResult r = run_case(imported_traffic_case(dir, name, true));
    ASSERT_TRUE(r.failure.empty()) << r.failure;
    ASSERT_TRUE(r.sumo.has_value());
    EXPECT_GT(r.sumo->vehicles, 0u);
    for (const SumoEpisode& e : r.sumo->episodes) {
      EXPECT_TRUE(e.matched || !e.why.empty()) << e.collider << "/" << e.victim << " at " << e.time;
      EXPECT_EQ(e.why.find("detector's miss"), std::string::npos) << e.why;
    }
    for (const SumoExtraContact& x : r.sumo->extra) EXPECT_FALSE(x.why.empty());
    for (const InvariantSummary& i : r.invariants) EXPECT_EQ(i.failed, 0);
    EXPECT_TRUE(r.tunnelling.empty());
    EXPECT_EQ(r.sumo->off_scene, 0u);
    if (shared) {
      EXPECT_GT(r.sumo->vehicles, 20u);
      EXPECT_TRUE(r.sumo->episodes.empty()) << "SUMO reports no collision here";
      EXPECT_TRUE(r.events.empty()) << r.events.size() << " events";
      EXPECT_EQ(r.steps_without_surface, 0);
    }

    // How far netconvert moved the file's roads: netOffset, less the header offset it folded in.
    const Vec2 offset = -sumo::scene_from_network(sumo::read_net_location((dir / "net.net.xml").string()),
                                                  (dir / name).string());
    const std::string refused = testing::error_message([&] { (void)run_case(imported_traffic_case(dir, name, false)); });
    // Moved by more than a lane's half width (e6mini by 2.6 m), most fronts stand beside the file's roads
    // (on the shared files; any file's, moved by more than a lane's width).
    if (offset.norm() > (shared ? 2.0 : 4.0)) {
      EXPECT_NE(refused.find("\"sumo_net\""), std::string::npos) << refused;
    } else if (offset.isZero()) {
      EXPECT_EQ(refused, "");
    }
    std::cout << name << ": moved by (" << offset.x() << ", " << offset.y() << "), " << r.sumo->vehicles
              << " vehicles; without sumo_net: " << (refused.empty() ? "ran" : "refused") << "\n";
  }
}

}  // namespace
}  // namespace crashbench
