// A scene file whose primitives index past the vertex array (found by the scene-loader fuzzer, kept in
// fuzz/regressions/scene_loader/) is refused with one error naming the problem, never read out of bounds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <iterator>

#include <osg/Group>

#include "detectors/scenes/scene_library.hpp"
#include "detectors/scenes/triangle_extraction.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"

namespace crashbench {
namespace {

TEST(CorruptScene, IndicesPastTheVertexArrayAreAnErrorNotARead) {
  // The fuzzer's input: its first byte chose the extension (.osgt), the rest is the file.
  std::ifstream in(testing::source_path("fuzz/regressions/scene_loader/osgt-index-beyond-vertex-array.bin"),
                   std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  ASSERT_GT(bytes.size(), 1u);
  const auto path = std::filesystem::temp_directory_path() / ("crashbench-corrupt-" + std::to_string(::getpid()) + ".osgt");
  std::ofstream(path, std::ios::binary) << bytes.substr(1);
  try {
    load_scene(path.string());
    ADD_FAILURE() << "the corrupt scene was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("indexes past"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

// A graph that contains itself (an .osgt's unique ids can make one; fuzz/regressions/scene_loader keeps
// the file): the traversal stops with an error instead of recursing until the stack overflows.
TEST(CorruptScene, AGraphThatContainsItselfIsAnErrorNotAStackOverflow) {
  osg::ref_ptr<osg::Group> group = new osg::Group;
  group->setName("loop");
  group->addChild(group.get());
  const std::string message = testing::error_message([&] { (void)collision_triangles(*group, false); });
  group->removeChild(group.get());  // break the reference cycle
  EXPECT_NE(message.find("nests deeper than"), std::string::npos) << message;
}

}  // namespace
}  // namespace crashbench
