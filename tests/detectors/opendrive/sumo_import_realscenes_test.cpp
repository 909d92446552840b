// SUMO's own reading of every real OpenDRIVE file against ours (label `realscenes`; needs Debian's `sumo` for
// netconvert, and is skipped saying so without it, as SumoGrid is): netconvert writes each file's edges, and
// every vertex of every edge lies where SUMO lays it on our roads within the surface bound.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "detectors/scenes/opendrive/odr_reader.hpp"
#include "detectors/scenes/opendrive/opendrive_options.hpp"
#include "tests/support/opendrive_data.hpp"
#include "tests/support/sumo_plain_edges.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

TEST(SumoImportData, EveryEdgeVertexOfEveryFileLiesOnOurCentreLanes) {
  const std::vector<std::string> files = testing::opendrive_data_files();
  if (files.empty()) GTEST_SKIP() << "no .xodr files in " << testing::opendrive_data_folder();
  if (std::system("command -v netconvert > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "SUMO is not installed (apt-get install sumo): netconvert is the check";
  const std::filesystem::path work = testing::fresh_temp_folder("sumo-import");
  for (const std::string& file : files) {
    const std::string prefix = (work / std::filesystem::path(file).stem()).string();
    const std::string command = "SUMO_HOME=${SUMO_HOME:-/usr/share/sumo} netconvert --opendrive-files '" + file +
                                "' --plain-output-prefix '" + prefix +
                                "' --offset.disable-normalization --precision 6 --no-warnings --xml-validation never"
                                " > '" + prefix +
                                ".log' 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const odr::Network net = odr::read_network(file);
    const testing::SumoComparison c = testing::compare_with_sumo(net, prefix);
    testing::expect_every_road_matched(net, c, file);
    EXPECT_LE(c.worst.across, kDefaultSurfaceTolerance) << file << ": edge " << c.farthest_across;
    EXPECT_LE(c.worst.up, kDefaultSurfaceTolerance) << file << ": edge " << c.farthest_up;
    EXPECT_LE(c.worst.across_inside, testing::kInsideBound) << file << ": edge " << c.farthest_inside;
    // The vertices beside sharp turns are few (A10KW 3 %, spreewaldring's hairpins 27 %): a line read wrong
    // could make every turn sharp and leave `across` nothing to check.
    EXPECT_LE(2 * c.worst.beside_sharp_turns, c.worst.vertices) << file;
    std::cout << std::filesystem::path(file).filename().string() << ": " << c.edges << " edges, "
              << c.worst.vertices << " vertices (" << c.worst.beside_sharp_turns
              << " beside turns sharper than their lanes are wide, left out of across), across <= " << c.worst.across
              << " m (" << c.worst.across_inside
              << " m inside, edge " << c.farthest_inside << "), up <= " << c.worst.up << " m\n";
  }
}

}  // namespace
}  // namespace crashbench
