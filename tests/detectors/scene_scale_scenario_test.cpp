// The scaled tracks (10^4 to 10^6 triangles, docs/scale.md): exact triangle counts, every triangle
// vertical, none degenerate. A scenario test: building the million-triangle scenes takes minutes under
// the sanitizers.
#include <gtest/gtest.h>

#include "detectors/scenes/registry/scene_library.hpp"

namespace crashbench {
namespace {

TEST(ScaledScenes, ScaledTracksHaveFourTrianglesPerSegmentAndTwoPerLap) {
  const std::vector<std::pair<const char*, int>> expected{
      {"track-10k", 4 * 2500 + 2},     {"track-100k", 4 * 25000 + 2}, {"track-1m", 4 * 250000 + 2},
      {"track-tiled-10k", 5 * 1838},   {"track-tiled-100k", 54 * 1838}, {"track-tiled-1m", 544 * 1838}};
  for (const auto& [name, count] : expected) {
    const Scene s = make_registered_scene(name);
    const TriangleCensus c = census(*s.graph);
    EXPECT_EQ(c.total, count) << name;
    EXPECT_EQ(c.vertical, count) << name;
    EXPECT_EQ(c.degenerate, 0) << name;
  }
}

}  // namespace
}  // namespace crashbench
