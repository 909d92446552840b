// SUMO itself, opt-in (label realscenes; skipped without Debian's sumo): a two-lane road under a bridge,
// built by netconvert from plain nodes and edges, the bridge's nodes 6 m up, and the same network drawn
// flat (every z 0, as netconvert writes an OpenStreetMap import without elevation). Traffic on both roads
// for 100 s. SUMO reports no collision on either; neither must crashbench: on the bridge its vehicles are
// on two levels, on the flat drawing they pass where the roads cross, which the load warns of.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include "cases/loading/case_loader.hpp"
#include "cases/runner/simulation.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

/// SUMO's run of the crossing with the bridge's nodes `deck` metres up, and crashbench's of it.
RunResult overpass(double deck) {
  const auto dir = testing::fresh_temp_folder("sumo-overpass-" + std::to_string(static_cast<int>(deck)));
  std::ofstream(dir / "ov.nod.xml") << "<nodes><node id=\"w\" x=\"-300\" y=\"0\"/><node id=\"e\" x=\"300\" y=\"0\"/>"
                                       "<node id=\"s\" x=\"0\" y=\"-300\"/><node id=\"sb\" x=\"0\" y=\"-150\" z=\""
                                    << deck << "\"/><node id=\"nb\" x=\"0\" y=\"150\" z=\"" << deck
                                    << "\"/><node id=\"n\" x=\"0\" y=\"300\"/></nodes>";
  std::ofstream(dir / "ov.edg.xml") << "<edges><edge id=\"we\" from=\"w\" to=\"e\" numLanes=\"2\" speed=\"20\"/>"
                                       "<edge id=\"ew\" from=\"e\" to=\"w\" numLanes=\"2\" speed=\"20\"/>"
                                       "<edge id=\"up\" from=\"s\" to=\"sb\" speed=\"20\"/><edge id=\"over\" from=\"sb\" to=\"nb\" speed=\"20\"/>"
                                       "<edge id=\"down\" from=\"nb\" to=\"n\" speed=\"20\"/></edges>";
  std::ofstream(dir / "ov.rou.xml") << "<routes><vType id=\"car\" vClass=\"passenger\"/><route id=\"along\" edges=\"we\"/>"
                                       "<route id=\"across\" edges=\"up over down\"/><flow id=\"x\" type=\"car\" begin=\"0\" "
                                       "end=\"100\" period=\"1.5\" route=\"along\" departLane=\"random\" departSpeed=\"max\"/>"
                                       "<flow id=\"y\" type=\"car\" begin=\"0\" end=\"100\" period=\"2\" route=\"across\" "
                                       "departSpeed=\"max\"/></routes>";
  const std::string in = "cd " + dir.string() + " && ";
  const std::string log = " >> make.log 2>&1";
  for (const std::string command :
       {"netconvert -n ov.nod.xml -e ov.edg.xml -o ov.net.xml", "netconvert -s ov.net.xml --opendrive-output ov.xodr",
        "sumo -n ov.net.xml -r ov.rou.xml --step-length 0.1 --precision 4 --collision.mingap-factor 0 "
        "--collision.check-junctions --collision.action warn --end 120 --fcd-output fcd.xml --collision-output coll.xml"})
    EXPECT_EQ(std::system((in + command + log).c_str()), 0) << command << ": see " << (dir / "make.log");
  const nlohmann::json doc = {{"name", "overpass"},
                              {"scene", {{"file", "ov.xodr"}, {"collision", {{"vertical_within_deg", 90}}}}},
                              {"detector", "tree"}, {"response", {{"model", "restitution"}}}, {"duration", 119.0},
                              {"vehicles", nlohmann::json::array()},
                              {"traffic", {{"sumo_fcd", "fcd.xml"}, {"sumo_routes", "ov.rou.xml"}, {"sumo_collisions", "coll.xml"}}}};
  return run_case(parse_case(doc, (dir / "case.json").string()));
}

TEST(SumoOverpass, NeitherTheBridgeNorItsFlatDrawingMakesACollisionSumoDoesNotHave) {
  if (std::system("command -v netconvert >/dev/null 2>&1 && command -v sumo >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "SUMO is not installed (apt-get install sumo)";
  for (const double deck : {6.0, 0.0}) {
    const RunResult r = overpass(deck);
    ASSERT_TRUE(r.failure.empty()) << r.failure;
    ASSERT_TRUE(r.sumo.has_value());
    EXPECT_GT(r.sumo->vehicles, 100u);
    EXPECT_TRUE(r.sumo->episodes.empty()) << "SUMO reports no collision here";
    EXPECT_TRUE(r.events.empty()) << r.events.size() << " events with the deck " << deck << " m up";
    EXPECT_TRUE(r.tunnelling.empty());
    EXPECT_EQ(r.steps_without_surface, 0);
    if (deck > 0) EXPECT_EQ(r.sumo->flat_crossing_passes, 0);
    else EXPECT_GT(r.sumo->flat_crossing_passes, 10) << "the flows meet at the crossing every few seconds";
    std::cout << "deck " << deck << " m: " << r.sumo->vehicles << " vehicles, " << r.sumo->flat_crossing_passes
              << " pairs passed at a flat crossing\n";
  }
}

}  // namespace
}  // namespace crashbench
