// Every AC3D file of Debian's torcs-data (tracks, reliefs, the .ac-only speedways) is taken by crashbench's
// own AC3D reader and gives the graph and notifications OpenSceneGraph's reader gives. Opt-in: label
// `realscenes`, skipped without torcs-data. CRASHBENCH_AC3D_DATA=DIR reads DIR's AC3D files instead (such
// as FlightGear's models, Debian's flightgear-data-models): every file the reader takes must match OSG's,
// and the ones it declines for OSG's reader are counted by reason.
#include <gtest/gtest.h>

#include <osgDB/ReadFile>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>

#include "detectors/scenes/files/ac3d_reader.hpp"
#include "detectors/scenes/files/acc_reader.hpp"
#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/files/texture_placeholders.hpp"
#include "testkit/osg_graph_match.hpp"
#include "tests/support/torcs_tracks.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

TEST(Ac3dReaderOnTorcs, EveryFileReadsAsOsgsReaderReadsIt) {
  const char* other = std::getenv("CRASHBENCH_AC3D_DATA");
  const fs::path folder = other ? fs::path(other) : fs::path(testing::kTorcsTracks);
  if (!fs::exists(folder)) GTEST_SKIP() << folder << " does not exist (torcs-data: apt-get install torcs-data)";
  install_osg_notify_handler();
  register_acc_reader();
  int files = 0;
  std::map<std::string, int> declines;  // by reason, its first words
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".ac" && ext != ".acc") continue;
    const std::string path = entry.path().string();
    ++files;
    const osg::ref_ptr<osgDB::Options> options = options_keeping_texture_names(false);
    const OsgNoticeScope by_osg;
    const osg::ref_ptr<osg::Node> want = osgDB::readRefNodeFile(path, options.get());
    const OsgNotices want_notices = by_osg.finish();
    const OsgNoticeScope by_us;
    std::string declined;
    const osg::ref_ptr<osg::Node> got = read_ac3d_here(path, options.get(), declined);
    const OsgNotices got_notices = by_us.finish();
    if (!got && other) {
      const std::size_t reason = declined.find(": ");  // after "line N: "
      ++declines[declined.substr(reason == std::string::npos ? 0 : reason + 2, 40)];
      continue;
    }
    ASSERT_TRUE(want) << path;
    ASSERT_TRUE(got) << path << " declined: " << declined;
    EXPECT_EQ(testing::graph_difference(*got, *want), "") << path;
    EXPECT_EQ(got_notices.errors, want_notices.errors) << path;
    EXPECT_EQ(got_notices.warnings, want_notices.warnings) << path;
    EXPECT_EQ(got_notices.first, want_notices.first) << path;
  }
  for (const auto& [reason, count] : declines) std::cout << count << " declined: " << reason << "\n";
  std::cout << files << " AC3D files in " << folder << "\n";
  EXPECT_GE(files, other ? 1 : 43);
}

}  // namespace
}  // namespace crashbench
