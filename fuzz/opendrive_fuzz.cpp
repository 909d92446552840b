// libFuzzer harness: bytes as an OpenDRIVE file (.xodr), through the loader a case's "scene": {"file":
// "road.xodr"} uses and `crashbench scene info` (crashbench's own reader, expat, the tessellation with
// edge walls on, then the scene's triangles and trees), and the first road's driving lanes as routes
// (`scene centreline --odr-lane`). Every input must end in a scene and routes or a clean Error.
#include <osg/Notify>

#include <cmath>
#include <cstdint>
#include <vector>

#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"
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
  // Each driving lane of the first road as `scene centreline --odr-lane` writes it (kinks, section ends).
  fuzz::expect_clean_errors("lane_route", [&] {
    const odr::Network net = odr::read_network(path);
    if (net.roads.empty()) return;
    for (const int lane : odr::driving_lanes(net.roads.front())) {
      const std::vector<odr::LanePoint> points = odr::lane_route(net, path, {net.roads.front().id}, lane);
      for (const odr::LanePoint& p : points) fuzz::require(std::isfinite(p.heading), "lane headings are finite");
    }
  });
  return 0;
}
