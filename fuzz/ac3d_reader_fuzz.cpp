// libFuzzer harness, differential: bytes as an AC3D file, read by crashbench's own AC3D parser
// (ac3d_reader.hpp) and, where it takes the file, by OpenSceneGraph's AC3D reader in this process. The two
// graphs must be the same scene to everything crashbench reads of one (testkit/osg_graph_match.hpp), with
// the same notifications: the parser's promise is to read what it takes exactly as OSG does, and to
// decline the rest. OSG's reader is run only on files the parser took, which it reads without a warning.
#include <osg/Notify>
#include <osgDB/ReadFile>

#include <cstdint>
#include <string>

#include "detectors/scenes/files/ac3d_reader.hpp"
#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/files/texture_placeholders.hpp"
#include "fuzz/fuzz_support.hpp"
#include "testkit/osg_graph_match.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  crashbench::install_osg_notify_handler();
  return 0;
}

namespace {

/// Hands on what an earlier read left in OSG's notification stream without ending its line, so that it
/// is counted with neither read (a fresh process, as the CLI is, starts with none).
void flush_osg_notifications() {
  for (const auto severity : {osg::FATAL, osg::WARN, osg::NOTICE}) osg::notify(severity).flush();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  const std::string path = fuzz::write_input("scene.ac", data, size);
  const osg::ref_ptr<osgDB::Options> options = options_keeping_texture_names(false);
  std::string declined;
  osg::ref_ptr<osg::Node> ours;
  flush_osg_notifications();
  const OsgNoticeScope by_us;
  fuzz::expect_clean_errors("read_ac3d_here", [&] { ours = read_ac3d_here(path, options.get(), declined); });
  const OsgNotices our_notices = by_us.finish();
  if (!ours) return 0;
  flush_osg_notifications();
  const OsgNoticeScope by_osg;
  const osg::ref_ptr<osg::Node> theirs = osgDB::readRefNodeFile(path, options.get());
  const OsgNotices their_notices = by_osg.finish();
  fuzz::require(theirs.valid(), "OSG's AC3D reader reads a file crashbench's parser took");
  const std::string difference = testing::graph_difference(*ours, *theirs);
  if (!difference.empty()) std::fprintf(stderr, "crashbench fuzz: %s\n", difference.c_str());
  fuzz::require(difference.empty(), "crashbench's parser makes OSG's graph of a file it takes");
  const bool same_notices = our_notices.errors == their_notices.errors &&
                            our_notices.warnings == their_notices.warnings && our_notices.first == their_notices.first;
  if (!same_notices)
    std::fprintf(stderr, "crashbench fuzz: notifications %d errors, %d warnings ('%s') against OSG's %d, %d ('%s')\n",
                 our_notices.errors, our_notices.warnings, our_notices.first.c_str(), their_notices.errors,
                 their_notices.warnings, their_notices.first.c_str());
  fuzz::require(same_notices, "crashbench's parser sends OSG's notifications");
  return 0;
}
