// Every AC3D file of Debian's torcs-data (tracks, reliefs, the .ac-only speedways) is taken by crashbench's
// own AC3D reader and gives the graph and notifications OpenSceneGraph's reader gives. Opt-in: label
// `realscenes`, skipped without torcs-data.
#include <gtest/gtest.h>

#include <osgDB/ReadFile>

#include <filesystem>

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
  if (!fs::exists(testing::kTorcsTracks)) GTEST_SKIP() << "torcs-data is not installed: apt-get install torcs-data";
  install_osg_notify_handler();
  register_acc_reader();
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(testing::kTorcsTracks)) {
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
    ASSERT_TRUE(want) << path;
    ASSERT_TRUE(got) << path << " declined: " << declined;
    EXPECT_EQ(testing::graph_difference(*got, *want), "") << path;
    EXPECT_EQ(got_notices.errors, want_notices.errors) << path;
    EXPECT_EQ(got_notices.warnings, want_notices.warnings) << path;
    EXPECT_EQ(got_notices.first, want_notices.first) << path;
  }
  EXPECT_GE(files, 43);
}

}  // namespace
}  // namespace crashbench
