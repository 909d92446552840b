// Our reading of OpenDRIVE geometry against SUMO's (netconvert 1.15, tests/testdata/opendrive/sumo/generate.sh):
// every vertex of SUMO's edge shapes lies on our centre lane (reference line moved by the lane offset, and
// its elevation) within the surface bound, on test roads with every kind of plan-view record. SUMO samples
// curves every 2 m, so only its vertices, not its chords, are compared.
#include <gtest/gtest.h>

#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "tests/support/sumo_plain_edges.hpp"

namespace crashbench {
namespace {

std::string testdata(const std::string& name) { return std::string(CRASHBENCH_TESTDATA_DIR) + "/opendrive/" + name; }

TEST(SumoImport, ItsEdgeVerticesLieOnOurCentreLanesWithinTheSurfaceBound) {
  for (const std::string road : {"bend", "curves"}) {
    const odr::Network net = odr::read_network(testdata(road + ".xodr"));
    const testing::SumoComparison c = testing::compare_with_sumo(net, testdata("sumo/" + road));
    testing::expect_every_road_matched(net, c, road);
    EXPECT_GT(c.worst.vertices, 20) << road;
    EXPECT_LE(c.worst.across, kDefaultSurfaceTolerance) << road;
    EXPECT_LE(c.worst.up, kDefaultSurfaceTolerance) << road;
    EXPECT_LE(c.worst.across_inside, testing::kInsideBound) << road;
    std::cout << road << ": " << c.worst.vertices << " vertices, across <= " << c.worst.across << " m (" << c.worst.across_inside
              << " m inside), up <= " << c.worst.up << " m\n";
  }
}

TEST(SumoImport, TheCheckSeesARecordOrAnElevationMovedByTwoCentimetres) {
  for (const std::string road : {"bend", "curves"}) {
    const std::string edges = testdata("sumo/" + road);
    odr::Network net = odr::read_network(testdata(road + ".xodr"));
    net.roads.back().plan_view.back().y += 0.02;
    EXPECT_GT(testing::compare_with_sumo(net, edges).worst.across, 0.015) << road;
    net.roads.back().plan_view.back().y -= 0.02;
    net.roads.back().elevation.front().a += 0.02;
    EXPECT_GT(testing::compare_with_sumo(net, edges).worst.up, 0.015) << road;
  }
}

}  // namespace
}  // namespace crashbench
