// The SUMO readers on well-formed files: every value as the hand-written text says, a timestep's counts and
// precision, vTypes wherever SUMO puts them, and collisions (streaming: sumo_fcd_stream_test.cpp).
#include "cases/traffic/sumo_files.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/sumo_text.hpp"

namespace crashbench::sumo {
namespace {

using testing::fcd_text;
using testing::line_of;
using testing::write_sumo_file;

TEST(SumoFcd, ReadsEachVehicleAsWrittenAndCountsPersonsKeepingOnlyTheirIdsAndContainers) {
  const std::string text = fcd_text(R"(    <timestep time="0.00">
        <vehicle id="0" x="1.6000" y="14.2050" angle="180.0000" type="car" speed="13.8900" pos="5.1000" lane="A0A1_0" slope="0.0000"/>
        <person id="p0" x="3.20" y="-7.5" angle="90.00" speed="1.20" pos="0.50" edge="A0A1" slope="0.00"/>
        <container id="c0" x="5.0" y="6.0" angle="0.00" speed="0.00" pos="1.00" edge="A0A1" slope="0.00"/>
        <vehicle id="truck.7" x="-250.125" y="1e3" angle="-12.5" speed="0" lane="A1B1_0" colour="red"/>
    </timestep>
    <timestep time="0.50">
        <vehicle id="0" x="1.6000" y="7.2600" angle="180.0000" type="car" speed="13.9000" pos="12.0500" lane="A0A1_0" slope="0.0000"/>
    </timestep>
)");
  const std::string path = write_sumo_file("values.fcd.xml", text);
  FcdReader reader(path);
  EXPECT_EQ(reader.file(), path);
  FcdFrame frame;

  ASSERT_TRUE(reader.next(frame));
  EXPECT_EQ(frame.time, 0.0);
  EXPECT_EQ(frame.line, line_of(text, R"(<timestep time="0.00">)"));
  ASSERT_EQ(frame.count, 2u);
  EXPECT_EQ(frame.persons, 1);
  EXPECT_EQ(frame.person_ids.at(0), "p0");
  EXPECT_EQ(frame.containers, 1);
  EXPECT_EQ(frame.position_decimals, 0) << "y=\"1e3\" has no '.'";
  const FcdVehicle& car = frame.vehicles[0];
  EXPECT_EQ(car.id, "0");
  EXPECT_EQ(car.type, "car");
  EXPECT_EQ(car.front_W, Vec2(1.6, 14.205));
  EXPECT_EQ(car.angle_deg, 180.0);
  EXPECT_EQ(car.speed, 13.89);
  EXPECT_EQ(car.line, line_of(text, R"(<vehicle id="0" x="1.6000" y="14.2050")"));
  const FcdVehicle& truck = frame.vehicles[1];
  EXPECT_EQ(truck.id, "truck.7");
  EXPECT_EQ(truck.type, "") << "a row without a type";
  EXPECT_EQ(truck.front_W, Vec2(-250.125, 1000.0));
  EXPECT_EQ(truck.angle_deg, -12.5);
  EXPECT_EQ(truck.speed, 0.0);
  EXPECT_EQ(truck.line, line_of(text, R"(<vehicle id="truck.7")"));

  ASSERT_TRUE(reader.next(frame));
  EXPECT_EQ(frame.time, 0.5);
  EXPECT_EQ(frame.line, line_of(text, R"(<timestep time="0.50">)"));
  ASSERT_EQ(frame.count, 1u);
  EXPECT_EQ(frame.persons, 0);
  EXPECT_EQ(frame.containers, 0) << "counted afresh each timestep";
  EXPECT_EQ(frame.position_decimals, 4);
  EXPECT_EQ(frame.vehicles[0].front_W, Vec2(1.6, 7.26));
  EXPECT_EQ(frame.vehicles.size(), 2u) << "the second vehicle's buffers are kept for later timesteps";

  EXPECT_FALSE(reader.next(frame));
  EXPECT_FALSE(reader.next(frame)) << "the end stays the end";
}

TEST(SumoFcd, AGzippedFileGivesThePlainFilesFrames) {
  const std::string text = fcd_text(R"(    <timestep time="0.00">
        <vehicle id="a" x="1.6000" y="14.2050" angle="180.0000" type="car" speed="13.8900"/>
        <vehicle id="b" x="-3.5000" y="2.0000" angle="90.0000" type="car" speed="7.0000"/>
    </timestep>
    <timestep time="0.10">
        <vehicle id="a" x="1.6000" y="12.8160" angle="180.0000" type="car" speed="13.8900"/>
    </timestep>
)");
  FcdReader plain(write_sumo_file("frames.fcd.xml", text));
  FcdReader gzipped(testing::write_gzipped_sumo_file("frames.fcd.xml.gz", text));
  FcdFrame a, b;
  int timesteps = 0;
  while (plain.next(a)) {
    ASSERT_TRUE(gzipped.next(b));
    ++timesteps;
    EXPECT_EQ(a.time, b.time);
    EXPECT_EQ(a.line, b.line);
    ASSERT_EQ(a.count, b.count);
    for (std::size_t k = 0; k < a.count; ++k) {
      EXPECT_EQ(a.vehicles[k].id, b.vehicles[k].id);
      EXPECT_EQ(a.vehicles[k].front_W, b.vehicles[k].front_W);
      EXPECT_EQ(a.vehicles[k].speed, b.vehicles[k].speed);
    }
  }
  EXPECT_FALSE(gzipped.next(b));
  EXPECT_EQ(timesteps, 2);
}

TEST(SumoFcd, PositionDecimalsAreTheFewestDigitsAfterThePointOfAnyXOrYIncludingPersons) {
  const std::string text = fcd_text(R"(    <timestep time="1.00">
        <vehicle id="a" x="1.123" y="2.12345" angle="0" speed="1"/>
    </timestep>
    <timestep time="2.00">
        <vehicle id="a" x="1.123" y="2.12345" angle="0" speed="1"/>
        <person id="p" x="4.10" y="4.1234" angle="0" speed="1"/>
    </timestep>
    <timestep time="3.00"/>
    <timestep time="4.00">
        <person id="p" x="4.12" y="-4" angle="0" speed="1"/>
    </timestep>
)");
  FcdReader reader(write_sumo_file("decimals.fcd.xml", text));
  FcdFrame frame;
  const int expected[] = {3, 2, 0, 0};  // 1.123; 4.10; none written; -4
  for (int decimals : expected) {
    ASSERT_TRUE(reader.next(frame));
    EXPECT_EQ(frame.position_decimals, decimals) << "timestep at " << frame.time;
  }
  EXPECT_FALSE(reader.next(frame));
}

TEST(SumoFcd, AnEmptyTimestepHasNoVehiclesButKeepsTheBuffersOfEarlierOnes) {
  const std::string text = fcd_text(R"(    <timestep time="10.00">
        <vehicle id="a" x="1.00" y="2.00" angle="0.00" speed="1.00"/>
        <vehicle id="b" x="3.00" y="4.00" angle="0.00" speed="1.00"/>
    </timestep>
    <timestep time="11.00"/>
    <timestep time="12.00">
    </timestep>
)");
  FcdReader reader(write_sumo_file("empty.fcd.xml", text));
  FcdFrame frame;
  ASSERT_TRUE(reader.next(frame));
  ASSERT_EQ(frame.count, 2u);
  for (double time : {11.0, 12.0}) {
    ASSERT_TRUE(reader.next(frame));
    EXPECT_EQ(frame.time, time);
    EXPECT_EQ(frame.count, 0u);
    EXPECT_EQ(frame.persons, 0);
    EXPECT_EQ(frame.position_decimals, 0);
    EXPECT_EQ(frame.vehicles.size(), 2u);
  }
  EXPECT_FALSE(reader.next(frame));
}

TEST(SumoFcd, TimesAsSumosHumanReadableTimeWritesThemAreReadInSeconds) {
  // sumo -H (--human-readable-time): H:MM:SS.ss, hours past 23 as SUMO 1.15 writes them; days before them as
  // later versions may.
  const std::string text = fcd_text(R"(    <timestep time="00:59:59.75"/>
    <timestep time="01:00:00.00"/>
    <timestep time="24:00:00"/>
    <timestep time="1:00:00:00.10"/>
    <timestep time="2:03:04:05.5"/>
)");
  FcdReader reader(write_sumo_file("clock.fcd.xml", text));
  FcdFrame frame;
  for (double seconds : {3599.75, 3600.0, 86400.0, 86400.1, 2 * 86400.0 + 3 * 3600 + 4 * 60 + 5.5}) {
    ASSERT_TRUE(reader.next(frame));
    EXPECT_DOUBLE_EQ(frame.time, seconds);
  }
  EXPECT_FALSE(reader.next(frame));
  const std::vector<Collision> collisions = read_collisions(write_sumo_file(
      "clock.collisions.xml", R"(<collisions><collision time="00:00:19.70" collider="a" victim="b" colliderSpeed="1" )"
                              R"(victimSpeed="0"/></collisions>)"));
  ASSERT_EQ(collisions.size(), 1u);
  EXPECT_DOUBLE_EQ(collisions[0].time, 19.7);
}

TEST(SumoFcd, AFileWithoutTimestepsEndsAtOnce) {
  FcdReader reader(write_sumo_file("none.fcd.xml", fcd_text("")));
  FcdFrame frame;
  EXPECT_FALSE(reader.next(frame));
}

TEST(SumoVehicleTypes, ReadsEveryVTypeInFileOrderAlsoInDistributionsAndSkipsTheRest) {
  const std::string text = R"(<?xml version="1.0" encoding="UTF-8"?>
<!-- a route file -->
<routes xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://sumo.dlr.de/xsd/routes_file.xsd">
    <vType id="car" length="4.30" width="1.80" mass="1350" accel="2.6" decel="4.5" sigma="0.5">
        <param key="has.rerouting.device" value="true"/>
    </vType>
    <route id="r0" edges="A0A1 A1B1"/>
    <vehicle id="0" type="car" route="r0" depart="0.00"/>
    <vTypeDistribution id="mixed">
        <vType id="bus" length="12" vClass="bus" probability="0.2"/>
        <vType id="bike" width="0.65" mass="90.5" vClass="bicycle" probability="0.1"/>
    </vTypeDistribution>
    <trip id="1" type="bus" depart="1.00" from="A0A1" to="B1B2"/>
    <vType id="plain"/>
</routes>
)";
  const std::vector<VehicleType> types = read_vehicle_types(write_sumo_file("types.rou.xml", text));
  ASSERT_EQ(types.size(), 4u);
  EXPECT_EQ(types[0].id, "car");
  EXPECT_EQ(types[0].length, 4.3);
  EXPECT_EQ(types[0].width, 1.8);
  EXPECT_EQ(types[0].mass, 1350.0);
  EXPECT_EQ(types[0].line, line_of(text, R"(<vType id="car")"));
  EXPECT_EQ(types[1].id, "bus");
  EXPECT_EQ(types[1].length, 12.0);
  EXPECT_FALSE(types[1].width);
  EXPECT_FALSE(types[1].mass);
  EXPECT_EQ(types[1].line, line_of(text, R"(<vType id="bus")"));
  EXPECT_EQ(types[2].id, "bike");
  EXPECT_FALSE(types[2].length);
  EXPECT_EQ(types[2].width, 0.65);
  EXPECT_EQ(types[2].mass, 90.5);
  EXPECT_EQ(types[3].id, "plain");
  EXPECT_FALSE(types[3].length || types[3].width || types[3].mass);
  EXPECT_EQ(types[3].line, line_of(text, R"(<vType id="plain")"));
}

TEST(SumoVehicleTypes, AnAdditionalFileServesAndAVTypeAfterManyChunksOfTripsIsFound) {
  std::string text = "<additional>\n";
  for (int i = 0; i < 5000; ++i)
    text += "    <trip id=\"t" + std::to_string(i) + "\" depart=\"0\" from=\"a\" to=\"b\"/>\n";
  text += "    <vType id=\"late\" length=\"7.5\"/>\n</additional>\n";
  ASSERT_GT(text.size(), 2u * 64 * 1024);
  const std::vector<VehicleType> types = read_vehicle_types(write_sumo_file("late.add.xml", text));
  ASSERT_EQ(types.size(), 1u);
  EXPECT_EQ(types[0].id, "late");
  EXPECT_EQ(types[0].length, 7.5);
  EXPECT_EQ(types[0].line, line_of(text, R"(<vType id="late")"));
}

TEST(SumoVehicleTypes, AnAdditionalFileUnderTheOlderRootAddServesAndAnotherRootIsRefused) {
  // SUMO reads <add> as an additional file's root; sumo-tools' racing game has one beside its routes, and
  // a case naming it with the routes was refused ("expected the root <routes> or <additional>").
  const std::vector<VehicleType> types =
      read_vehicle_types(write_sumo_file("old.add.xml", R"(<add><vType id="truck" length="12"/></add>)"));
  ASSERT_EQ(types.size(), 1u);
  EXPECT_EQ(types[0].id, "truck");
  EXPECT_EQ(types[0].length, 12.0);
  const Error e = testing::error_of(
      [] { (void)read_vehicle_types(write_sumo_file("net.add.xml", R"(<net><vType id="x"/></net>)")); });
  EXPECT_NE(e.problem().find("expected the root <routes> or <additional> or <add> of a SUMO route or additional "
                             "file, found <net>"), std::string::npos) << e.problem();
}

TEST(SumoCollisions, ReadsEachCollisionAsWrittenAndAcceptsTwoAtTheSameTime) {
  const std::string text = R"(<?xml version="1.0" encoding="UTF-8"?>
<!-- generated by Eclipse SUMO sumo Version 1.15.0 -->
<collisions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://sumo.dlr.de/xsd/collision_file.xsd">
    <collision time="19.700" type="junction" lane=":B1_9_0" pos="7.1810" collider="51" victim="43" colliderType="car" victimType="car" colliderSpeed="3.6146" victimSpeed="4.1686"/>
    <collision time="19.700" type="collision" lane="A1B1_0" pos="20.00" collider="7" victim="flow.3" colliderType="car" victimType="bus" colliderSpeed="0" victimSpeed="11.25"/>
    <collision time="23.1" collider="8" victim="9" colliderSpeed="1e1" victimSpeed="2.5"/>
</collisions>
)";
  const std::vector<Collision> collisions = read_collisions(write_sumo_file("collisions.xml", text));
  ASSERT_EQ(collisions.size(), 3u);
  const Collision& first = collisions[0];
  EXPECT_EQ(first.time, 19.7);
  EXPECT_EQ(first.type, "junction");
  EXPECT_EQ(first.lane, ":B1_9_0");
  EXPECT_EQ(first.collider, "51");
  EXPECT_EQ(first.victim, "43");
  EXPECT_EQ(first.collider_speed, 3.6146);
  EXPECT_EQ(first.victim_speed, 4.1686);
  EXPECT_EQ(first.line, line_of(text, R"(collider="51")"));
  EXPECT_EQ(collisions[1].time, 19.7);
  EXPECT_EQ(collisions[1].type, "collision");
  EXPECT_EQ(collisions[1].victim, "flow.3");
  EXPECT_EQ(collisions[1].collider_speed, 0.0);
  EXPECT_EQ(collisions[1].victim_speed, 11.25);
  EXPECT_EQ(collisions[2].type, "") << "no type written";
  EXPECT_EQ(collisions[2].lane, "");
  EXPECT_EQ(collisions[2].collider_speed, 10.0);
  EXPECT_EQ(collisions[2].line, line_of(text, R"(collider="8")"));
}

TEST(SumoCollisions, AnOutputWithoutCollisionsIsEmpty) {
  EXPECT_TRUE(read_collisions(write_sumo_file("none.collisions.xml", "<collisions/>\n")).empty());
}

TEST(SumoNet, TheLocationsOffsetIsReadAndTheRestOfTheNetworkStreamedPast) {
  // netconvert's import of CARLA's Town01 (--opendrive-files): the original bounds moved by netOffset are the
  // network's, to the file's two decimals.
  const std::string text = R"(<?xml version="1.0" encoding="UTF-8"?>
<net version="1.9" junctionCornerDetail="5" limitTurnSpeed="5.50">
    <location netOffset="0.06,328.61" convBoundary="0.00,0.00,394.44,328.66" origBoundary="-0.06,-328.61,394.38,0.05" projParameter="!"/>
    <edge id="e" from="a" to="b"/>
</net>
)";
  const NetLocation l = read_net_location(write_sumo_file("town.net.xml", text));
  EXPECT_EQ(l.net_offset, Vec2(0.06, 328.61));
  EXPECT_EQ(l.line, line_of(text, "<location"));
  // The bounds say nothing of the frame: SUMO's own networks keep a stale origBoundary after an edit, or
  // 1e10 where it was never set (its game scenarios `grid6` and `hiking`), and an OpenDRIVE file with a
  // geoReference (esmini's e6mini) gives a projParameter and an origBoundary of zeros.
  const std::pair<const char*, Vec2> others[] = {
      {R"(<location netOffset="150.00,150.00" convBoundary="0.00,0.00,660.00,570.00" origBoundary="0.00,0.00,360.00,280.00" projParameter="!"/>)",
       {150, 150}},
      {R"(<location netOffset="100.00,100.00" convBoundary="0.00,0.00,200.00,200.00" origBoundary="-10000000000.00,-10000000000.00,10000000000.00,10000000000.00" projParameter="!"/>)",
       {100, 100}},
      {R"(<location netOffset="2.60,0.01" convBoundary="0.00,0.00,162.04,1452.43" origBoundary="0.000000,0.000000,0.000000,0.000000" projParameter="+proj=utm +lat_0=37.35429341239328 +lon_0=-122.0859797650754 +k_0=1 +x_0=0 +y_0=0 +zone=32 +units=m +no_defs"/>)",
       {2.60, 0.01}}};
  for (const auto& [location, offset] : others) {
    SCOPED_TRACE(location);
    const std::string network = std::string("<net>\n  ") + location + "\n</net>\n";
    EXPECT_EQ(read_net_location(write_sumo_file("other.net.xml", network)).net_offset, offset);
  }
}

}  // namespace
}  // namespace crashbench::sumo
