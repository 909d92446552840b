// The road under SUMO's vehicles on their paths (cases/traffic/sumo_scene_checks.hpp, require_road_under_paths):
// SUMO drives on lanes, so a step of a vehicle on its path with no road of the scene under its CG is a place
// where SUMO's network and the scene part. A few are counted and warned of; more than 1 % refuse the case,
// as a network netconvert moved along its own straight road does, though its vehicles enter on the road.
#include <gtest/gtest.h>

#include <cstdio>
#include <numbers>
#include <string>
#include <tuple>

#include "cases/runner/simulation.hpp"
#include "core/error.hpp"
#include "reports/sumo_text.hpp"
#include "tests/cases/traffic/sumo_case.hpp"
#include "tests/support/error_message.hpp"

namespace crashbench {
namespace {

using testing::Drive;
using testing::fcd_folder;

/// The two counts of a refusal's "N of M steps of SUMO vehicles on their paths had no road".
std::pair<long long, long long> refused_counts(const std::string& message) {
  long long without = -1, steps = -1;
  const auto at = message.find("/traffic/sumo_fcd: ");
  if (at != std::string::npos) std::sscanf(message.c_str() + at, "/traffic/sumo_fcd: %lld of %lld", &without, &steps);
  return {without, steps};
}

TEST(SumoRoadUnderPaths, ATeleportIsAnAbsenceNotACrossingOfTheWallsItJumps) {
  // Two parallel roads 20 m apart with edge walls; SUMO teleports 'jumper' 75 m on and across both
  // roads' kerbs in 0.1 s, from road 1's lane -1 to road 2's.
  const std::string roads =
      testing::straight_road_xml("1", -100, 0, 0, 0) + testing::straight_road_xml("2", -100, 20, 0, 0);
  const auto dir = fcd_folder("sumo-teleport", 1.0, {{"jumper", 0.0, 0.5, -80, -1.75, 90, 10},
                                                     {"jumper", 0.6, 1.0, 0, 18.25, 90, 10}});
  const Case c = testing::road_traffic_case(dir, roads, 0.95, true);
  Simulation sim(c);
  while (sim.time() < 0.55 - 1e-9) sim.step();
  EXPECT_GE((sim.state(0).position_W - c.traffic->parking_W).minCoeff(), -1e-9) << "parked while absent";
  while (sim.time() < 0.75 - 1e-9) sim.step();
  EXPECT_GT(sim.state(0).position_W.y(), 15);
  const RunResult r = sim.run();
  EXPECT_TRUE(r.events.empty());
  EXPECT_TRUE(r.tunnelling.empty());
  ASSERT_TRUE(r.sumo.has_value());
  EXPECT_GT(r.sumo->on_path_steps, 0);
  EXPECT_EQ(r.sumo->on_path_without_road, 0);
}

TEST(SumoRoadUnderPaths, ANetworkMovedAlongItsOwnRoadIsRefusedThoughItsVehiclesEnterOnIt) {
  // LGSVL's Straight2LaneSame.xodr is one straight road; netconvert moved it by 72 m, mostly along itself.
  // Here a 200 m road along +X (x -100 to 100) moved 150 m along X: both vehicles of its FCD enter with
  // their fronts on the scene's road (at x 55 and 65) and drive 149 m east, off its end at x = 100.
  const double dx = 150;
  const auto dir = fcd_folder("sumo-moved-along", 15.0, {{"a", 0, 15.0, -95 + dx, -1.75, 90, 10},
                                                         {"b", 0, 15.0, -85 + dx, 1.75, 90, 10}});
  const std::string road = testing::straight_road_xml("1", -100, 0, 0, 0);
  const double duration = 14.9;
  const std::string refused =
      testing::error_message([&] { (void)run_case(testing::road_traffic_case(dir, road, duration, false)); });
  EXPECT_NE(refused.find("steps of SUMO vehicles on their paths had no road of the scene under the CG"),
            std::string::npos) << refused;
  EXPECT_NE(refused.find("the first: 'b' at "), std::string::npos) << refused;
  EXPECT_NE(refused.find("\"sumo_net\""), std::string::npos) << refused;
  EXPECT_NE(refused.find("SUMO's lanes run where the scene's roads do not"), std::string::npos) << refused;
  // By hand: each is present every step; its CG (cg_to_front behind its front, at 55 + 10 t or 65 + 10 t)
  // is past x = 100 from t = (45 + cg_to_front) / 10 or (35 + cg_to_front) / 10 to the end.
  testing::write_network(dir / "net.net.xml", dx, 0);
  const Case c = testing::road_traffic_case(dir, road, duration, false, {{"sumo_net", "net.net.xml"}});
  const double cg_to_front = c.vehicles[0].params.body.cg_to_front, dt = c.dt;
  const double off_time = (duration - (45 + cg_to_front) / 10) + (duration - (35 + cg_to_front) / 10);
  const auto [without, steps] = refused_counts(refused);
  EXPECT_EQ(steps, 2 * std::llround(duration / dt));
  EXPECT_NEAR(static_cast<double>(without), off_time / dt, 2.0);

  // With the network, its netOffset comes off SUMO's positions: on the road throughout.
  const RunResult r = run_case(c);
  ASSERT_TRUE(r.sumo.has_value());
  EXPECT_EQ(r.sumo->on_path_steps, steps);
  EXPECT_EQ(r.sumo->on_path_without_road, 0);
  EXPECT_EQ(r.steps_without_surface, 0);
}

TEST(SumoRoadUnderPaths, AHeaderOffsetNetconvertFoldedIntoNetOffsetIsNotTakenOffTheVehicles) {
  // netconvert's OpenDRIVE export of an OpenStreetMap network (SUMO's A10KW) writes a UTM geoReference and a
  // header <offset> of -402990.32, -5794389.48; imported again, its network has netOffset -403321.31,
  // -5795720.44 and its roads moved only by the difference (-330.99, -1330.96). Taking the whole netOffset
  // off SUMO's positions put every vehicle 5,800 km away: the case was refused. Here the road of x -100 to
  // 100 moved by (100, 5) as netconvert moves what it reads, the header's offset added to the netOffset.
  const double dx = 100, dy = 5, ox = -402990.32, oy = -5794389.48;
  const std::string road = testing::straight_road_xml("1", -100, 0, 0, 0);
  const std::string header = fmt::format("<geoReference><![CDATA[+proj=utm +zone=33 +ellps=WGS84 +datum=WGS84 "
                                         "+units=m +no_defs]]></geoReference><offset x=\"{}\" y=\"{}\" z=\"0\" "
                                         "hdg=\"0\"/>", ox, oy);
  const double duration = 9.9;
  const auto dir = fcd_folder("sumo-header-offset", 10.0, {{"a", 0, 10.0, -90 + dx, -1.75 + dy, 90, 10},
                                                           {"b", 0, 10.0, -80 + dx, 1.75 + dy, 90, 10}});
  const auto run_with_network = [&](double net_x, double net_y, const std::string& projection) {
    testing::write_network(dir / "net.net.xml", net_x, net_y, projection);
    return run_case(testing::road_traffic_case(dir, road, duration, false, {{"sumo_net", "net.net.xml"}}, header));
  };
  for (const auto& [net_x, net_y, projection] :
       {std::tuple{dx + ox, dy + oy, std::string("+proj=utm +zone=33 +ellps=WGS84 +datum=WGS84 +units=m +no_defs")},
        // netconvert read no projection (a geoReference it cannot use): the offset is not in netOffset.
        std::tuple{dx, dy, std::string("!")}}) {
    SCOPED_TRACE(projection);
    const RunResult r = run_with_network(net_x, net_y, projection);
    // By hand: a's front enters at (-90, -1.75) in the file's frame, driving east.
    const VehicleSetup& a = r.config.vehicles[0];
    EXPECT_NEAR(a.initial.position_W.x(), -90 - a.params.body.cg_to_front, 1e-6);
    EXPECT_NEAR(a.initial.position_W.y(), -1.75, 1e-6);
    ASSERT_TRUE(r.sumo.has_value());
    EXPECT_EQ(r.sumo->on_path_without_road, 0);
    EXPECT_EQ(r.steps_without_surface, 0);
  }
}

TEST(SumoRoadUnderPaths, AnEntryBeforeTheRoadsStartIsForgivenWithinTheVehiclesLength) {
  // SUMO inserts a vehicle with departPos "free" with its front at its lane's start, its CG before the road
  // (SUMO's ramp scenario with departSpeed 0: 26,310 of 3,123,105 steps, near the 1 % that refuses). A
  // 200 m road along +X from x = 0; 'slow' enters with its front at x = 0.5 and creeps at 1 m/s: off the
  // road until its CG passes x = 0, forgiven. 'far' enters 10 m before the road at 5 m/s, in the other
  // lane: counted. 'ahead' drives on the road throughout.
  const std::string road = testing::straight_road_xml("1", 0, 0, 0, 0);
  const double duration = 9.9;
  const Drive slow{"slow", 0, 10.0, 0.5, -1.75, 90, 1}, far{"far", 0, 10.0, -10, 1.75, 90, 5},
      ahead{"ahead", 0, 10.0, 100, -1.75, 90, 5};
  const RunResult r =
      run_case(testing::road_traffic_case(fcd_folder("sumo-entry", 10.0, {slow, ahead}), road, duration, false));
  ASSERT_TRUE(r.sumo.has_value());
  const double cg_to_front = r.config.vehicles[0].params.body.cg_to_front, dt = r.config.dt;
  // By hand: 'slow''s CG, at 0.5 - cg_to_front + t, is off the road until t = cg_to_front - 0.52 (the road
  // mesh reaches 2 cm past the road's start, road_mesh.cpp).
  EXPECT_NEAR(static_cast<double>(r.steps_without_surface), (cg_to_front - 0.52) / dt, 2.0);
  EXPECT_EQ(r.sumo->on_path_without_road, 0);
  // 'far''s CG, at -10 - cg_to_front + 5 t, until t = (10 + cg_to_front) / 5: 8 % of the steps, refused.
  const auto dir = fcd_folder("sumo-entry-far", 10.0, {slow, far, ahead});
  const std::string refused =
      testing::error_message([&] { (void)run_case(testing::road_traffic_case(dir, road, duration, false)); });
  const auto [without, steps] = refused_counts(refused);
  EXPECT_EQ(steps, 3 * std::llround(duration / dt)) << refused;
  EXPECT_NEAR(static_cast<double>(without), (10 + cg_to_front) / 5 / dt, 2.0) << refused;
  EXPECT_NE(refused.find("the first: 'far' at 0.005 s"), std::string::npos) << refused;
}

TEST(SumoRoadUnderPaths, AFewStepsOffTheRoadAreWarnedOfAndMoreRefused) {
  // On the l-rail's floor (x -30 to 100, y 0 to 40) 'a' and 'b' drive 10 s; 'elsewhere' is in the FCD
  // 5 km away, for 0.1 s (under 1 % of the steps on paths), or for 1 s (over it).
  const std::vector<Drive> on_floor{{"a", 0, 10.0, -25, 10, 90, 10}, {"b", 0, 10.0, -25, 30, 90, 10}};
  const auto with_visit = [&](const std::string& name, double visit) {
    std::vector<Drive> drives = on_floor;
    drives.push_back({"elsewhere", 0, visit, 5000, 30, 90, 10});
    return fcd_folder(name, 10.0, drives);
  };
  const double duration = 9.9;
  const RunResult r = run_case(testing::traffic_case(with_visit("sumo-brief-visit", 0.1), duration));
  ASSERT_TRUE(r.sumo.has_value());
  const SumoComparison& s = *r.sumo;
  const long long floor_steps = 2 * std::llround(duration / r.config.dt);  // 'a' and 'b', on the floor throughout
  EXPECT_GT(s.on_path_without_road, 0);
  EXPECT_EQ(s.on_path_steps - s.on_path_without_road, floor_steps) << "every step of 'elsewhere' is off the road";
  EXPECT_LE(s.on_path_without_road, 0.01 * static_cast<double>(s.on_path_steps));
  EXPECT_EQ(r.steps_without_surface, s.on_path_without_road);
  EXPECT_EQ(s.first_without_road, "elsewhere");
  EXPECT_DOUBLE_EQ(s.first_without_road_time, r.config.dt);
  const std::string summary = sumo_summary(s);
  EXPECT_NE(summary.find(fmt::format("warning: {} of {} steps of SUMO vehicles on their paths had no road of the scene "
                                     "under the CG (the first: 'elsewhere' at 0.005 s",
                                     s.on_path_without_road, s.on_path_steps)),
            std::string::npos) << summary;
  EXPECT_EQ(s.off_scene, 1u);
  EXPECT_NE(summary.find("warning: 1 of 3 SUMO vehicles first appear more than 50 m beyond"), std::string::npos)
      << summary;

  const auto long_visit = with_visit("sumo-long-visit", 1.0);
  const std::string refused =
      testing::error_message([&] { (void)run_case(testing::traffic_case(long_visit, duration)); });
  const auto [without, steps] = refused_counts(refused);
  EXPECT_EQ(steps - without, floor_steps) << refused;
  EXPECT_GT(static_cast<double>(without), 0.01 * static_cast<double>(steps)) << refused;

  const RunResult on = run_case(testing::traffic_case(fcd_folder("sumo-on-floor", 10.0, on_floor), duration));
  ASSERT_TRUE(on.sumo.has_value());
  EXPECT_EQ(on.sumo->on_path_without_road, 0);
  EXPECT_EQ(on.sumo->off_scene, 0u);
  EXPECT_EQ(sumo_summary(*on.sumo).find("no road"), std::string::npos);
}

}  // namespace
}  // namespace crashbench
