// libFuzzer harness: bytes as a scene file, through the loader a case's "scene": {"file": ...} uses
// (osgDB's plugin for the extension, then triangle extraction and the scene's trees) and through
// `crashbench scene info`. The first byte picks the extension, so one corpus covers five plugins.
//
// osgDB's own readers crash on some malformed files (docs/fuzzing.md lists what was found); crashbench reads
// each file in a child process that sends the graph back as .osgb, and so does this harness. A crash in
// this process (in OSG's .osgb serializers, or in the second read of a graph the round trip did not keep
// whole) is attributed by ci/fuzz.sh, which runs the harness in fork mode and fails only on a crash whose
// top frame is not in OpenSceneGraph. An `.ac` input is parsed by crashbench's own AC3D parser in this
// process (ac3d_parse.hpp), and only what it declines goes to the child: a crash there is crashbench's.
#include <osg/Notify>

#include <array>
#include <cstdint>

#include "detectors/scenes/files/contained_read.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/scene_report.hpp"
#include "fuzz/fuzz_support.hpp"

namespace {

/// The osgDB formats fuzzed: OSG's own ASCII formats, AC3D, Wavefront OBJ, OpenFlight.
constexpr std::array<const char*, 5> kExtensions = {"osgt", "osg", "ac", "obj", "flt"};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // osgDB narrates every malformed line at the default level; the fuzzer's log needs none of it.
  osg::setNotifyLevel(osg::FATAL);
  // Files are read as crashbench reads them: in a child process (contained_read.hpp), where a crash of
  // osgDB's own plugins ends as a clean error instead of ending the fuzzing run; the graph of a file the
  // child survived comes back here, where the fuzzer sees the coverage of what follows. The child is cut
  // short after 3 s, within the harness's 10 s timeout.
  crashbench::set_scene_read_timeout(3);
  // OSG's readers allocate what a count in the file announces: the child's 1 GB keeps a second read here
  // (of a graph the round trip did not keep whole) within libFuzzer's 2 GB (-rss_limit_mb).
  crashbench::set_scene_read_memory_limit(1024);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  if (size == 0) return 0;
  const std::string extension = kExtensions[data[0] % kExtensions.size()];
  // OSG's deprecated .osg reader loops on some malformed files, and not always the same way twice (a
  // child may finish a read that this process then never ends): each such input would cost the harness
  // its whole timeout. The read is OSG's; what follows it is the same for every format, so .osg is left out.
  if (extension == "osg") return 0;
  const std::string path = fuzz::write_input("scene." + extension, data + 1, size - 1);
  // `scene info` loads the scene as a case does (load_scene) and then describes it: one call reaches both.
  fuzz::expect_clean_errors("describe_scene_file", [&] { (void)describe_scene_file(path); });
  return 0;
}
