// SUMO's vehicles as case vehicles (cases/traffic/): SUMO's frame converted, vehicles entering and leaving
// when the FCD has them, a teleport taken as an absence, two vehicles released by their contact, and the
// files a comparison cannot trust refused. FCDs written by hand (sumo_case.hpp), on the l-rail away from its walls.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

#include "cases/loading/vehicle_presets.hpp"
#include "cases/runner/simulation.hpp"
#include "core/error.hpp"
#include "reports/sumo_text.hpp"
#include "tests/cases/traffic/sumo_case.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

using testing::Drive;
using testing::FcdRow;
using testing::FcdStep;
using testing::fcd_folder;
using testing::moved;
using testing::write_network;

bool parked(const Case& c, const PlanarState& s) {
  return (s.position_W - c.traffic->parking_W).minCoeff() >= -1e-9;
}

/// The contact SUMO did not report between `a` and `b` (either order; "" for the scene) in `r`, or null.
const SumoExtraContact* extra_contact(const RunResult& r, const std::string& a, const std::string& b) {
  for (const SumoExtraContact& x : r.sumo->extra)
    if ((x.vehicle == a && x.other == b) || (x.vehicle == b && x.other == a)) return &x;
  return nullptr;
}

TEST(SumoTraffic, TheFrontBumperAndTheNavigationalAngleBecomeTheCgAndTheHeading) {
  const auto dir = fcd_folder("sumo-frame", 0.1, {{"east", 0, 0.1, 20, 30, 90, 10}, {"north", 0, 0.1, 40, 20, 0, 5}});
  testing::write_car_type(dir / "types.xml", 4.0, 2.0, 1200);
  const Case c = testing::traffic_case(dir, 0.1, {{"sumo_routes", "types.xml"}});
  ASSERT_EQ(c.vehicles.size(), 2u);
  for (const VehicleSetup& v : c.vehicles) {
    EXPECT_DOUBLE_EQ(v.params.body.cg_to_front + v.params.body.cg_to_rear, 4.0);
    EXPECT_DOUBLE_EQ(v.params.body.width, 2.0);
    EXPECT_DOUBLE_EQ(v.params.mass, 1200);
  }
  const VehicleSetup& east = c.vehicles[0];
  EXPECT_EQ(east.name, "east");
  EXPECT_NEAR(east.initial.heading, 0.0, 1e-12);
  EXPECT_NEAR(east.initial.position_W.x(), 20 - east.params.body.cg_to_front, 1e-9);
  EXPECT_NEAR(east.initial.position_W.y(), 30, 1e-9);
  EXPECT_NEAR(east.initial.velocity_W.x(), 10, 1e-9);
  const VehicleSetup& north = c.vehicles[1];
  EXPECT_NEAR(north.initial.heading, std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(north.initial.position_W.x(), 40, 1e-9);
  EXPECT_NEAR(north.initial.position_W.y(), 20 - north.params.body.cg_to_front, 1e-9);
  // No route file: the sedan as it is, and its type named as sized by default.
  const Case unsized = testing::traffic_case(dir, 0.1);
  EXPECT_EQ(unsized.vehicles[0].params.mass, find_entry(vehicle_presets(), "sedan", "").make().shared.mass);
  EXPECT_EQ(unsized.traffic->defaulted_types, std::vector<std::string>{"car"});
}

TEST(SumoTraffic, ATypeWithoutItsSizeTakesItsClassesSumoDefaultsOverEveryRouteFile) {
  // SUMO 1.15's class defaults as TraCI reports them (traci.vehicletype.getLength/getWidth) and its
  // documentation's masses: truck 7.1 x 2.4 m, 12 t; bicycle 1.6 x 0.65 m, 10 kg; passenger (no vClass)
  // 5 x 1.8 m, 1.5 t. The types lie in two files, as SUMO's route-files list them.
  const auto dir = testing::fresh_temp_folder("sumo-vclass");
  std::vector<FcdRow> rows;
  for (const char* type : {"lorry", "bike", "plain", "DEFAULT_BIKETYPE", "hover", "hover_sized"})
    rows.push_back({std::string("v-") + type, 20.0 * static_cast<double>(rows.size()), 30, 90, 10, type});
  testing::write_fcd(dir / "fcd.xml", {{0.0, rows}, {0.1, rows}});
  std::ofstream(dir / "a.rou.xml") << "<routes><vType id=\"lorry\" vClass=\"truck\"/><vType id=\"bike\" vClass=\"bicycle\" "
                                      "length=\"1.8\"/><vType id=\"plain\" width=\"2\"/></routes>";
  std::ofstream(dir / "b.add.xml") << "<additional><vType id=\"hover\" vClass=\"hovercraft\" length=\"3\"/>"
                                      "<vType id=\"hover_sized\" vClass=\"hovercraft\" length=\"3\" width=\"1.5\" mass=\"900\"/></additional>";
  const Case c = testing::traffic_case(dir, 0.1, {{"sumo_routes", {"a.rou.xml", "b.add.xml"}}});
  const VehicleParams sedan = find_entry(vehicle_presets(), "sedan", "").make().shared;
  const std::vector<std::array<double, 3>> want{{7.1, 2.4, 12000}, {1.8, 0.65, 10}, {5.0, 2.0, 1500}, {1.6, 0.65, 10},
                                               {sedan.body.cg_to_front + sedan.body.cg_to_rear, sedan.body.width, sedan.mass},
                                               {3.0, 1.5, 900}};
  ASSERT_EQ(c.vehicles.size(), want.size());
  for (std::size_t k = 0; k < want.size(); ++k) {
    const VehicleParams& p = c.vehicles[k].params;
    EXPECT_NEAR(p.body.cg_to_front + p.body.cg_to_rear, want[k][0], 1e-12) << c.vehicles[k].name;
    EXPECT_DOUBLE_EQ(p.body.width, want[k][1]) << c.vehicles[k].name;
    EXPECT_DOUBLE_EQ(p.mass, want[k][2]) << c.vehicles[k].name;
  }
  // A class the table lacks, with a size missing: the case's vehicle as it is, and the type named.
  EXPECT_EQ(c.traffic->defaulted_types, std::vector<std::string>{"hover"});
  // One id in two files, as SUMO refuses it.
  std::ofstream(dir / "c.rou.xml") << "<routes>\n<vType id=\"lorry\" vClass=\"bus\"/></routes>";
  const std::string twice =
      testing::error_message([&] { testing::traffic_case(dir, 0.1, {{"sumo_routes", {"a.rou.xml", "c.rou.xml"}}}); });
  EXPECT_NE(twice.find("c.rou.xml: <vType> (line 2): 'id': 'lorry' again"), std::string::npos) << twice;
}

TEST(SumoTraffic, VehiclesEnterAndLeaveWhenTheFcdHasThemAndMoveAsItSaysBetweenRows) {
  const auto dir = fcd_folder("sumo-enter-leave", 1.0, {{"early", 0.0, 0.6, 10, 30, 90, 10}, {"late", 0.5, 1.0, 50, 30, 90, 10}});
  const Case c = testing::traffic_case(dir, 0.95);
  Simulation sim(c);
  const double cg_to_front = c.vehicles[0].params.body.cg_to_front;
  while (sim.time() < 0.25 - 1e-9) sim.step();
  // Between rows 0.2 and 0.3: interpolated linearly, 10 m/s east.
  EXPECT_NEAR(sim.state(0).position_W.x(), 10 + 10 * sim.time() - cg_to_front, 1e-9);
  EXPECT_NEAR(sim.state(0).velocity_W.x(), 10, 1e-9);
  EXPECT_TRUE(parked(c, sim.state(1))) << "not in the FCD before 0.5 s";
  while (sim.time() < 0.8 - 1e-9) sim.step();
  EXPECT_TRUE(parked(c, sim.state(0))) << "not in the FCD after 0.6 s";
  EXPECT_NEAR(sim.state(1).position_W.x(), 50 + 10 * (sim.time() - 0.5) - cg_to_front, 1e-9);
  const RunResult r = sim.run();
  EXPECT_TRUE(r.events.empty());
  EXPECT_TRUE(r.tunnelling.empty());
  EXPECT_EQ(r.steps_without_surface, 0);
}

/// Two sedans head-on along y = 30, each at 10 m/s, fronts 20 m apart, until `last`: SUMO drives them
/// through each other.
/// SUMO's collision rows as --collision-output writes them, both vehicles at 10 m/s: into `dir`/collisions.xml.
struct CollisionRow {
  std::string time, type, collider, victim;
};
void write_collisions(const std::filesystem::path& dir, const std::vector<CollisionRow>& rows) {
  std::ofstream out(dir / "collisions.xml");
  out << "<collisions>\n";
  for (const CollisionRow& r : rows)
    out << fmt::format("  <collision time=\"{}\" type=\"{}\" lane=\"l\" pos=\"1\" collider=\"{}\" victim=\"{}\" "
                       "colliderSpeed=\"10\" victimSpeed=\"10\"/>\n", r.time, r.type, r.collider, r.victim);
  out << "</collisions>\n";
}

std::vector<Drive> head_on(double last) { return {{"a", 0, last, 20, 30, 90, 10}, {"b", 0, last, 40, 30, 270, 10}}; }

TEST(SumoTraffic, TwoVehiclesThatMeetAreReleasedToTheirDynamicsByTheirContact) {
  const auto dir = fcd_folder("sumo-head-on", 2.0, head_on(2.0));
  for (const std::string application : {"reset", "force"}) {
    const RunResult r = run_case(testing::traffic_case(dir, 1.9, nlohmann::json::object(), application));
    ASSERT_TRUE(r.failure.empty()) << r.failure;
    ASSERT_FALSE(r.events.empty()) << application;
    const ImpactEvent& first = r.events.front();
    EXPECT_TRUE(first.two_body());
    // The fronts meet after 20 m / 20 m/s.
    EXPECT_NEAR(first.time, 1.0, 0.0101) << application;
    for (const InvariantSummary& s : r.invariants) EXPECT_EQ(s.failed, 0) << application;
    if (application == "reset") {
      // Equal masses head-on with restitution 0.2: each rebounds at 0.2 x 10 m/s.
      EXPECT_NEAR(first.post_a.state.velocity_W.norm(), 2.0, 1e-6);
      EXPECT_NEAR(r.other_of(first)->post.state.velocity_W.norm(), 2.0, 1e-6);
    }
    // Released: at the end neither is where SUMO has it, 19 m on from its start (CG behind the front).
    const double cg_to_front = r.config.vehicles[0].params.body.cg_to_front;
    const double sumo_a = 20 + 19 - cg_to_front, sumo_b = 40 - 19 + cg_to_front;
    EXPECT_GT(std::abs(r.tracks[0].states.back().position_W.x() - sumo_a), 5.0) << application;
    EXPECT_GT(std::abs(r.tracks[1].states.back().position_W.x() - sumo_b), 5.0) << application;
    EXPECT_TRUE(r.tunnelling.empty());
  }
}

TEST(SumoTraffic, AVehicleOnItsSumoPathPassesThroughAWreckUnlessSecondaryImpactsAreAsked) {
  // 'late' follows along y = 30 and reaches the wreck of a and b (met at x = 30, t = 1 s) at about 1.6 s.
  std::vector<Drive> drives = head_on(2.5);
  drives.push_back({"late", 0, 2.5, 0, 30, 90, 20});
  const auto dir = fcd_folder("sumo-wreck", 2.5, drives);
  const RunResult passing = run_case(testing::traffic_case(dir, 2.4));
  ASSERT_TRUE(passing.failure.empty()) << passing.failure;
  for (const ImpactEvent& e : passing.events) EXPECT_NE(e.contact.other, 2) << "at " << e.time;
  for (const ImpactEvent& e : passing.events) EXPECT_NE(e.contact.vehicle, 2) << "at " << e.time;
  EXPECT_TRUE(passing.tunnelling.empty());
  // Still on its path: where the FCD has it at the end (front at 20 m/s x 2.4 s).
  EXPECT_NEAR(passing.tracks[2].states.back().position_W.x(), 48 - passing.config.vehicles[2].params.body.cg_to_front, 1e-6);
  ASSERT_TRUE(passing.sumo.has_value());
  EXPECT_EQ(passing.sumo->released, 2u);

  const RunResult meeting = run_case(testing::traffic_case(dir, 2.4, {{"secondary_impacts", true}}));
  ASSERT_TRUE(meeting.failure.empty()) << meeting.failure;
  const auto hits_late = [](const ImpactEvent& e) { return e.contact.vehicle == 2 || e.contact.other == 2; };
  EXPECT_TRUE(std::any_of(meeting.events.begin(), meeting.events.end(), hits_late));
  EXPECT_EQ(meeting.sumo->released, 3u);
  for (const InvariantSummary& i : meeting.invariants) EXPECT_EQ(i.failed, 0);
}

TEST(SumoTraffic, TheCollisionsSumoReportsAreMatchedOrExplained) {
  std::vector<Drive> drives = head_on(2.0);
  drives.push_back({"far", 0, 2.0, 20, 10, 90, 10});  // 20 m beside them
  const auto dir = fcd_folder("sumo-compare", 2.0, drives);
  write_collisions(dir, {{"1.00", "collision", "a", "b"},
                         {"1.10", "collision", "a", "b"},
                         {"1.50", "junction", "far", "a"}});
  const RunResult r = run_case(testing::traffic_case(dir, 1.9, {{"sumo_collisions", "collisions.xml"}}));
  ASSERT_TRUE(r.sumo.has_value());
  const SumoComparison& s = *r.sumo;
  ASSERT_EQ(s.episodes.size(), 2u) << "the two rows of a and b 0.1 s apart are one episode";
  EXPECT_TRUE(s.episodes[0].matched);
  EXPECT_NEAR(s.episodes[0].contact_time, 1.0, 0.2);
  EXPECT_GT(s.episodes[0].impulse, 0);
  EXPECT_FALSE(s.episodes[1].matched);
  // 'a' left its path at its contact with 'b', before SUMO's 'far' and 'a' row.
  EXPECT_NE(s.episodes[1].why.find("'a' left its SUMO path"), std::string::npos) << s.episodes[1].why;
  EXPECT_TRUE(s.extra.empty());
  EXPECT_EQ(s.released, 2u);
}

TEST(SumoTraffic, ACollisionJustAfterAVehicleLeftItsPathByAnotherContactIsExplainedSo) {
  // SUMO's acosta: a car meets one car at a junction and, 0.1 s later in SUMO, a second. crashbench released it
  // at the first contact, and a released car and one on its path pass through each other, so the second
  // episode was called "a detector's miss". Here 'a' meets 'b' head-on at 1.0 s; 'c' crosses 'a''s path
  // northwards at x = 28 and its front reaches 'a''s side (y = 29.1) at 1.01 s, overlapping it 0.9 m at 1.1.
  std::vector<Drive> drives = head_on(2.0);
  drives.push_back({"c", 0, 2.0, 28, 19, 0, 10});
  const auto dir = fcd_folder("sumo-third-party", 2.0, drives);
  write_collisions(dir, {{"1.00", "collision", "a", "b"}, {"1.10", "junction", "c", "a"}});
  const RunResult r = run_case(testing::traffic_case(dir, 1.9, {{"sumo_collisions", "collisions.xml"}}));
  ASSERT_TRUE(r.sumo.has_value());
  const SumoComparison& s = *r.sumo;
  ASSERT_EQ(s.episodes.size(), 2u);
  EXPECT_TRUE(s.episodes[0].matched);
  EXPECT_FALSE(s.episodes[1].matched) << "'a' and 'c' pass through each other once 'a' is released";
  EXPECT_NE(s.episodes[1].why.find("'a' left its SUMO path at 1.0"), std::string::npos) << s.episodes[1].why;
  EXPECT_NE(s.episodes[1].why.find("(contact with 'b'), within two SUMO steps of this collision"), std::string::npos)
      << s.episodes[1].why;
}

TEST(SumoTraffic, AWreckMeetingTheSceneIsASecondaryImpactAndACarOnItsPathASceneContact) {
  // 'a' and 'b' meet head-on 4 m short of the l-rail's end wall (face x = 100) and rebound at 2 m/s; released,
  // 'b' rolls back into the wall. 'c' drives on its SUMO path into the side wall (face y = 0).
  const std::vector<Drive> drives{{"a", 0, 4.0, 89, 30, 90, 10}, {"b", 0, 4.0, 93, 30, 270, 10},
                                  {"c", 0, 4.0, 50, 6, 180, 10}};
  const RunResult r = run_case(testing::traffic_case(fcd_folder("sumo-wreck-wall", 4.0, drives), 3.9));
  ASSERT_TRUE(r.failure.empty()) << r.failure;
  ASSERT_TRUE(r.sumo.has_value());
  const auto contact = [&](const std::string& a, const std::string& b) { return extra_contact(r, a, b); };
  const SumoExtraContact *pair = contact("a", "b"), *wreck = contact("b", ""), *on_path = contact("c", "");
  ASSERT_TRUE(pair && wreck && on_path);
  EXPECT_EQ(pair->kind, SumoExtraContact::Kind::kUnreported) << pair->why;
  EXPECT_NEAR(pair->time, 0.2, 0.0101);  // fronts 4 m apart closing at 20 m/s
  EXPECT_EQ(wreck->kind, SumoExtraContact::Kind::kSecondary) << wreck->why;
  EXPECT_NE(wreck->why.find("'b' left its SUMO path at 0.20"), std::string::npos) << wreck->why;
  EXPECT_GT(wreck->time, pair->time);
  EXPECT_EQ(on_path->kind, SumoExtraContact::Kind::kScene) << on_path->why;
  EXPECT_EQ(contact("a", ""), nullptr);  // 'a' rolls back along y = 30 into open ground
}

TEST(SumoTraffic, AContactRightAfterSumoMovedAVehicleFartherThanItDrivesSaysSo) {
  // 'a' drives at 10 m/s along y = 20 to x = 29 at 0.9 s; at 1.0 s the FCD has it at (54.5, 30), 27.4 m on
  // (hypot(25.5, 10)) where its speed drives 1 m: a teleport, or a junction crossed at once on a network without
  // internal lanes. It comes back a metre or less behind 'b', standing with its front at x = 60, and meets it
  // within the next SUMO step. 'c' and 'd' meet head-on on their paths.
  const std::vector<Drive> drives{{"a", 0, 0.9, 20, 20, 90, 10}, {"a", 1.0, 2.0, 54.5, 30, 90, 10},
                                  {"b", 0, 2.0, 60, 30, 90, 0},   {"c", 0, 2.0, 20, 12, 90, 10},
                                  {"d", 0, 2.0, 40, 12, 270, 10}};
  const RunResult r = run_case(testing::traffic_case(fcd_folder("sumo-jump", 2.0, drives), 1.9));
  ASSERT_TRUE(r.failure.empty()) << r.failure;
  ASSERT_TRUE(r.sumo.has_value());
  const auto contact = [&](const std::string& a, const std::string& b) { return extra_contact(r, a, b); };
  const SumoExtraContact *jumped = contact("a", "b"), *head_on = contact("c", "d");
  ASSERT_TRUE(jumped && head_on) << r.sumo->extra.size() << " contacts SUMO did not report";
  EXPECT_EQ(jumped->kind, SumoExtraContact::Kind::kUnreported);
  EXPECT_GT(jumped->time, 1.0);
  EXPECT_LT(jumped->time, 1.2);
  EXPECT_NE(jumped->why.find("'a' moved 27.4 m in the SUMO step to 1.000 s, where its speed drives 1.0 m"),
            std::string::npos) << jumped->why;
  EXPECT_EQ(head_on->why.find("moved"), std::string::npos) << head_on->why;
  EXPECT_NE(head_on->why.find("both on their SUMO paths"), std::string::npos) << head_on->why;
}

TEST(SumoTraffic, CollisionsWithAPersonAreCountedAndLeftOutOfTheComparison) {
  // SUMO with pedestrians reports a car running one down at a crossing: crashbench moves no person, so such a
  // row is neither matched nor an error, only counted (found on SUMO's own output, 5 Dec 2026).
  const auto dir = fcd_folder("sumo-person", 2.0, head_on(2.0), {{"ped", 0, 2.0, 20, 50, 90, 1.2}});
  std::ofstream(dir / "collisions.xml")
      << "<collisions>\n"
         "  <collision time=\"0.40\" type=\"crossing\" lane=\"c\" pos=\"1\" collider=\"a\" victim=\"ped\" colliderSpeed=\"10\" victimSpeed=\"1\"/>\n"
         "  <collision time=\"1.00\" type=\"collision\" lane=\"l\" pos=\"1\" collider=\"a\" victim=\"b\" colliderSpeed=\"10\" victimSpeed=\"10\"/>\n"
         "  <collision time=\"1.20\" type=\"walkingarea\" lane=\"w\" pos=\"1\" collider=\"ped\" victim=\"b\" colliderSpeed=\"1\" victimSpeed=\"1\"/>\n"
         "</collisions>\n";
  const Case c = testing::traffic_case(dir, 1.9, {{"sumo_collisions", "collisions.xml"}});
  ASSERT_EQ(c.traffic->collisions.size(), 1u);
  EXPECT_EQ(c.traffic->collisions[0].victim, "b");
  EXPECT_EQ(c.traffic->person_collision_rows, 2);
  EXPECT_EQ(c.vehicles.size(), 2u) << "the person is no vehicle";
  const RunResult r = run_case(c);
  ASSERT_TRUE(r.sumo.has_value());
  EXPECT_EQ(r.sumo->collision_rows, 1u);
  EXPECT_EQ(r.sumo->person_collision_rows, 2);
  EXPECT_EQ(r.sumo->persons, 21) << "a row in each of the 21 timesteps";
  ASSERT_EQ(r.sumo->episodes.size(), 1u);
  EXPECT_TRUE(r.sumo->episodes[0].matched);
}

TEST(SumoTraffic, ContainerRowsAreCountedAndNoVehicle) {
  // SUMO writes the freight it moves as <container> rows; they were skipped without a word.
  const auto dir = fcd_folder("sumo-container", 2.0, head_on(2.0), {}, {{"box", 0.5, 1.0, 20, 50, 90, 0}});
  const Case c = testing::traffic_case(dir, 1.9);
  EXPECT_EQ(c.vehicles.size(), 2u) << "the container is no vehicle";
  const RunResult r = run_case(c);
  ASSERT_TRUE(r.sumo.has_value());
  EXPECT_EQ(r.sumo->containers, 6) << "a row in each of the 6 timesteps from 0.5 to 1.0 s";
  EXPECT_EQ(r.sumo->persons, 0);
  EXPECT_NE(sumo_summary(*r.sumo).find("6 <container> rows of the FCD ignored"), std::string::npos);
}

TEST(SumoTraffic, AnFcdOfPersonsAloneInACaseOfNoVehiclesIsRefused) {
  // SUMO's game scenario "hiking" has walkers only: the case ran nothing and said "passed", 0/0 invariants.
  const auto dir = fcd_folder("sumo-persons-only", 1.0, {}, {{"ped", 0, 1.0, 20, 30, 90, 1.2}});
  const Error e = testing::error_of([&] { (void)testing::traffic_case(dir, 0.9); });
  EXPECT_EQ(e.file(), (dir / "fcd.xml").string());
  EXPECT_NE(e.problem().find("no road vehicle in the FCD (11 <person> rows, 0 <container> rows, 0 vehicles of rail "
                             "and water classes left out) and none in the case"), std::string::npos) << e.problem();
}

TEST(SumoTraffic, ACaseEndingBeforeTheFcdsVehiclesEnterIsRefused) {
  // The FCD's one vehicle enters at 3 s; a case of 2 s moves nothing.
  const auto dir = fcd_folder("sumo-late-vehicle", 4.0, {{"late", 3.0, 4.0, 20, 30, 90, 10}},
                              {{"ped", 0, 4.0, 20, 10, 90, 1.2}});
  const Error e = testing::error_of([&] { (void)run_case(testing::traffic_case(dir, 2.0)); });
  EXPECT_EQ(e.pointer(), "/duration");
  EXPECT_NE(e.problem().find("2 s, and none of the FCD's 1 vehicles was on the road within it"), std::string::npos)
      << e.problem();
  EXPECT_NO_THROW((void)run_case(testing::traffic_case(dir, 3.9)));
}

TEST(SumoTraffic, AnFcdOfANetworkImportedFromTheSceneComesOntoItWithSumoNetAndIsRefusedWithout) {
  // netconvert moves what it imports (--opendrive-files) by its netOffset: an FCD of that network lay beside
  // the scene file it came from, its vehicles hit the scene's edges, and the case passed with a warning.
  const double dx = 100, dy = -50;
  const auto dir = fcd_folder("sumo-net-offset", 2.0, moved(head_on(2.0), dx, dy));
  write_network(dir / "net.net.xml", dx, dy);
  const Error refused = testing::error_of([&] { (void)run_case(testing::traffic_case(dir, 1.9)); });
  EXPECT_EQ(refused.pointer(), "/traffic/sumo_fcd");
  EXPECT_NE(refused.problem().find("2 of 2 SUMO vehicles first appear with their front over no road of the scene"),
            std::string::npos) << refused.problem();
  EXPECT_NE(refused.problem().find("\"sumo_net\""), std::string::npos) << refused.problem();
  EXPECT_NE(refused.problem().find("a lane type outside opendrive.drivable"), std::string::npos) << refused.problem();

  const Case c = testing::traffic_case(dir, 1.9, {{"sumo_net", "net.net.xml"}});
  EXPECT_EQ(c.traffic->scene_from_sumo, Vec2(-dx, -dy));
  // "a" drives east from its front at (20, 30) in the scene's frame: its CG cg_to_front behind.
  const VehicleSetup& a = c.vehicles[0];
  EXPECT_NEAR(a.initial.position_W.x(), 20 - a.params.body.cg_to_front, 1e-9);
  EXPECT_NEAR(a.initial.position_W.y(), 30, 1e-9);
  // The same run as the FCD written in the scene's frame.
  const RunResult r = run_case(c);
  const RunResult same = run_case(testing::traffic_case(fcd_folder("sumo-net-none", 2.0, head_on(2.0)), 1.9));
  ASSERT_TRUE(r.failure.empty()) << r.failure;
  ASSERT_FALSE(same.events.empty());
  ASSERT_EQ(r.events.size(), same.events.size());
  EXPECT_NEAR(r.events.front().time, same.events.front().time, 1e-12);
  EXPECT_NEAR((r.events.front().post_a.state.velocity_W - same.events.front().post_a.state.velocity_W).norm(), 0, 1e-9);
  ASSERT_TRUE(r.sumo.has_value());
  EXPECT_EQ(r.sumo->off_scene, 0u);
  EXPECT_EQ(r.sumo->released, 2u);

  // The network's offset taken off an FCD already in the scene's frame (its OpenDRIVE export) is refused too.
  const auto exported = fcd_folder("sumo-net-exported", 2.0, head_on(2.0));
  write_network(exported / "net.net.xml", dx, dy);
  const std::string wrong = testing::error_message(
      [&] { (void)run_case(testing::traffic_case(exported, 1.9, {{"sumo_net", "net.net.xml"}})); });
  EXPECT_NE(wrong.find("leave sumo_net out"), std::string::npos) << wrong;
}

/// A traffic case on two roads crossing at right angles outside a junction, the second `over` metres up,
/// with the FCD of `drives` (3.9 s); every face colliding, or the roads' edge walls 1 m tall.
RunResult at_crossing(const std::string& name, double over, const std::vector<Drive>& drives, bool edge_walls = false) {
  const std::string roads = testing::straight_road_xml("1", -100, 0, 0, 0) +
                            testing::straight_road_xml("2", 0, -100, std::numbers::pi / 2, over);
  return run_case(testing::road_traffic_case(fcd_folder(name, 4.0, drives), roads, 3.9, edge_walls));
}

TEST(SumoTraffic, VehiclesOnTheirPathsDrivingAcrossAFlatCrossingPassAsInSumo) {
  // One car on each road reaching the crossing together. Drawn at one height (as netconvert writes
  // OpenStreetMap's bridges without elevation) SUMO's two edges never meet, and neither do its vehicles
  // here: they pass, counted and noted; with the second road 7 m up they are on two levels.
  const std::vector<Drive> across{{"east", 0, 4.0, -27.75, -1.75, 90, 10}, {"north", 0, 4.0, 1.75, -27.75, 0, 10}};
  const RunResult flat = at_crossing("sumo-flat-crossing", 0.0, across);
  ASSERT_TRUE(flat.sumo.has_value());
  EXPECT_TRUE(flat.events.empty()) << flat.events.size() << " events";
  EXPECT_TRUE(flat.tunnelling.empty());
  EXPECT_EQ(flat.sumo->flat_crossing_passes, 1);
  EXPECT_NE(sumo_summary(*flat.sumo).find("note: 1 pairs of vehicles on their SUMO paths passed through each other where "
                                          "two roads cross outside a junction at one height"),
            std::string::npos) << sumo_summary(*flat.sumo);
  // With the roads' edge walls, neither road's kerb stands across the other there.
  const RunResult walled = at_crossing("sumo-flat-crossing-walls", 0.0, across, true);
  ASSERT_TRUE(walled.sumo.has_value());
  EXPECT_TRUE(walled.events.empty()) << walled.events.size() << " events";
  EXPECT_TRUE(walled.sumo->extra.empty());
  EXPECT_EQ(walled.sumo->flat_crossing_passes, 1);
  const RunResult bridge = at_crossing("sumo-bridge-crossing", 7.0, across);
  ASSERT_TRUE(bridge.sumo.has_value());
  EXPECT_TRUE(bridge.events.empty());
  EXPECT_EQ(bridge.sumo->flat_crossing_passes, 0);
  // One road's traffic nose to tail at the flat crossing still meets: a faster car catches the first one there.
  const RunResult chase = at_crossing("sumo-chase-at-crossing", 0.0, {{"east", 0, 4.0, -27.75, -1.75, 90, 10},
                                                                      {"chaser", 0, 4.0, -45.75, -1.75, 90, 15}});
  ASSERT_TRUE(chase.sumo.has_value());
  EXPECT_EQ(chase.sumo->flat_crossing_passes, 0);
  ASSERT_EQ(chase.sumo->extra.size(), 1u);
  EXPECT_EQ(chase.sumo->extra[0].kind, SumoExtraContact::Kind::kUnreported) << chase.sumo->extra[0].why;
}

TEST(SumoTraffic, AnFcdOfSumosMesoscopicModelIsRefusedNamingIt) {
  // SUMO run with --mesosim reports a vehicle at the start of its 100 m road segment until it leaves it:
  // at 10 m/s it stands for 10 s, then jumps; crashbench's vehicles would stand and teleport.
  std::vector<FcdStep> steps;
  for (int k = 0; k <= 200; ++k) steps.push_back({k * 0.1, {{"meso", 20 + 100.0 * (k / 100), 30, 90, 10}}});
  const auto dir = testing::fresh_temp_folder("sumo-meso");
  testing::write_fcd(dir / "fcd.xml", steps);
  const std::string message = testing::error_message([&] { testing::traffic_case(dir, 5.0); });
  EXPECT_NE(message.find("fcd.xml: <vehicle> 'x', 'y': 198 of 200 rows of vehicles driving"), std::string::npos) << message;
  EXPECT_NE(message.find("--mesosim"), std::string::npos) << message;
}

TEST(SumoTraffic, RailAndWaterVehiclesAreLeftOutCountedAndTheirCollisionsIgnored) {
  // A train of SUMO's own rail type (135 m, no road vehicle's rectangle) beside a car, and a tram-class type
  // of a route file (22 m, a road vehicle), a collision row between the train and the car.
  std::vector<FcdStep> steps;
  for (int k = 0; k <= 20; ++k)
    steps.push_back({k * 0.1, {{"train", 20 + k * 2.0, 30, 90, 20, "DEFAULT_RAILTYPE"}, {"car", 20 + k * 1.0, 15, 90, 10},
                              {"boat", 20 + k * 1.0, 90, 90, 10, "ferry"}, {"tram", 20 + k * 1.0, 35, 90, 10, "streetcar"}}});
  const auto dir = testing::fresh_temp_folder("sumo-rail");
  testing::write_fcd(dir / "fcd.xml", steps);
  std::ofstream(dir / "types.xml") << "<routes><vType id=\"ferry\" vClass=\"ship\"/><vType id=\"streetcar\" vClass=\"tram\"/>"
                                      "<vType id=\"car\" length=\"4.5\" width=\"1.8\"/></routes>";
  std::ofstream(dir / "collisions.xml")
      << "<collisions>\n  <collision time=\"1.00\" type=\"collision\" lane=\"l\" pos=\"1\" collider=\"train\" victim=\"car\" "
         "colliderSpeed=\"20\" victimSpeed=\"10\"/>\n</collisions>\n";
  const Case c = testing::traffic_case(dir, 1.9, {{"sumo_routes", "types.xml"}, {"sumo_collisions", "collisions.xml"}});
  ASSERT_EQ(c.vehicles.size(), 2u);
  EXPECT_EQ(c.vehicles[0].name, "car");
  EXPECT_EQ(c.vehicles[1].name, "tram");
  const RunResult r = run_case(c);
  ASSERT_TRUE(r.sumo.has_value()) << r.failure;
  EXPECT_EQ(r.sumo->left_out, 2u);
  EXPECT_EQ(r.sumo->left_out_collision_rows, 1);
  EXPECT_EQ(r.sumo->collision_rows, 0u);
  EXPECT_NE(sumo_summary(*r.sumo).find("note: 2 SUMO vehicles of rail or water classes left out"), std::string::npos)
      << sumo_summary(*r.sumo);
}

TEST(SumoTraffic, AnFcdInDegreesIsRefusedNamingSumosGeoOption) {
  // SUMO's --fcd-output.geo writes longitude and latitude: a car at 15 m/s for 10 s moves 0.0013 deg, and
  // the case would crowd every vehicle into a metre. Its speeds say how far the positions must move.
  std::vector<FcdStep> steps;
  for (int k = 0; k <= 100; ++k) steps.push_back({k * 0.1, {{"geo", 13.6025 + k * 1.3e-5, 52.3086, 90, 15}}});
  const auto dir = testing::fresh_temp_folder("sumo-geo");
  testing::write_fcd(dir / "fcd.xml", steps);
  const std::string message = testing::error_message([&] { testing::traffic_case(dir, 5.0); });
  EXPECT_NE(message.find("fcd.xml: <vehicle> 'x', 'y': the vehicles' positions moved"), std::string::npos) << message;
  EXPECT_NE(message.find("where their speeds say they drove 150 m"), std::string::npos) << message;
  EXPECT_NE(message.find("--fcd-output.geo"), std::string::npos) << message;
  // The same drive in metres is read.
  for (int k = 0; k <= 100; ++k) steps[static_cast<std::size_t>(k)].rows[0].x = 20 + k * 1.5;
  testing::write_fcd(dir / "fcd.xml", steps);
  EXPECT_EQ(testing::traffic_case(dir, 5.0).vehicles.size(), 1u);
}

TEST(SumoTraffic, AnFcdTooCoarseForTheComparisonIsRefusedWithTheReason) {
  const auto dir = testing::fresh_temp_folder("sumo-coarse");
  std::vector<FcdStep> coarse = {{0.0, {{"a", 20, 30, 90, 10}}}, {0.2, {{"a", 22, 30, 90, 10}}}};
  testing::write_fcd(dir / "fcd.xml", coarse);
  try {
    (void)testing::traffic_case(dir, 0.1);
    FAIL() << "an FCD 0.2 s apart was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--step-length"), std::string::npos) << e.what();
    // A SUMO run of 0.1 s steps writes its FCD this coarse with --device.fcd.period 0.2.
    EXPECT_NE(std::string(e.what()).find("--device.fcd.period"), std::string::npos) << e.what();
    EXPECT_NE(e.file().find("fcd.xml"), std::string::npos);
  }
  std::ofstream(dir / "fcd.xml") << "<fcd-export>\n<timestep time=\"0.00\"><vehicle id=\"a\" x=\"1.25\" y=\"2.50\" angle=\"0.00\" speed=\"1.00\"/></timestep>\n"
                                    "<timestep time=\"0.10\"><vehicle id=\"a\" x=\"1.25\" y=\"2.60\" angle=\"0.00\" speed=\"1.00\"/></timestep>\n</fcd-export>\n";
  try {
    (void)testing::traffic_case(dir, 0.1);
    FAIL() << "positions with 2 decimals were accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--precision"), std::string::npos) << e.what();
  }
}

TEST(SumoTraffic, ACollisionOfAVehicleTheFcdDoesNotHaveIsRefusedWithItsLine) {
  const auto dir = fcd_folder("sumo-unknown-id", 0.5, head_on(0.5));
  std::ofstream(dir / "collisions.xml")
      << "<collisions>\n"
         "  <collision time=\"0.30\" type=\"collision\" lane=\"l\" pos=\"1\" collider=\"a\" victim=\"ghost\" colliderSpeed=\"1\" victimSpeed=\"1\"/>\n"
         "</collisions>\n";
  try {
    (void)testing::traffic_case(dir, 0.4, {{"sumo_collisions", "collisions.xml"}});
    FAIL() << "an unknown victim was accepted";
  } catch (const Error& e) {
    EXPECT_NE(e.file().find("collisions.xml"), std::string::npos);
    EXPECT_NE(e.pointer().find("line 2"), std::string::npos) << e.pointer();
    EXPECT_NE(e.problem().find("'ghost' is neither a vehicle nor a person"), std::string::npos) << e.problem();
  }
}

}  // namespace
}  // namespace crashbench
