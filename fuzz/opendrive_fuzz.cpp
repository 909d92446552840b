// libFuzzer harness: bytes as an OpenDRIVE file (.xodr), through the loader a case's "scene": {"file":
// "road.xodr"} uses and `crashbench scene info` (crashbench's own reader, expat, the tessellation with
// edge walls on, then the scene's triangles and trees). Every input must end in a scene or a clean Error.
#include <osg/Notify>

#include <cstdint>

#include "detectors/scenes/registry/scene_report.hpp"
#include "fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  osg::setNotifyLevel(osg::FATAL);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace crashbench;
  const std::string path = fuzz::write_input("road.xodr", data, size);
  SceneOptions options;
  options.opendrive.edge_height = 1.0;
  // The seeds make 44 and 764 triangles. A mutant asking for more is refused once past 10,000: a fan of
  // 58,000 slivers cost half a minute of the index's build under the sanitizers, and a bigger mesh finds
  // nothing a smaller one would not.
  options.opendrive.most_triangles = 10'000;
  fuzz::expect_clean_errors("describe_scene_file", [&] { (void)describe_scene_file(path, options); });
  return 0;
}
