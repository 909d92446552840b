// A scene file whose primitives index past the vertex array (found by the scene-loader fuzzer, kept in
// fuzz/regressions/scene_loader/) is refused with one error naming the problem, never read out of bounds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <iterator>
#include <limits>

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Group>

#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/triangle_extraction.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

TEST(CorruptScene, IndicesPastTheVertexArrayAreAnErrorNotARead) {
  // The fuzzer's input: its first byte chose the extension (.osgt), the rest is the file.
  std::ifstream in(testing::source_path("fuzz/regressions/scene_loader/osgt-index-beyond-vertex-array.bin"),
                   std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  ASSERT_GT(bytes.size(), 1u);
  const auto path = testing::temp_folder("corrupt") / "index-beyond-vertex-array.osgt";
  std::ofstream(path, std::ios::binary) << bytes.substr(1);
  try {
    load_scene(path.string());
    ADD_FAILURE() << "the corrupt scene was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("indexes past"), std::string::npos) << e.what();
  }
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

/// The error collision_triangles gives for `vertices` drawn as one indexed triangle list of `index_count`
/// indices (0, 1, 2, ...), in a geometry named `name`.
std::string error_for_triangle_list(osg::Array* vertices, unsigned short index_count, const std::string& name) {
  osg::ref_ptr<osg::Geometry> geometry = new osg::Geometry;
  geometry->setName(name);
  geometry->setVertexArray(vertices);
  osg::ref_ptr<osg::DrawElementsUShort> list = new osg::DrawElementsUShort(osg::PrimitiveSet::TRIANGLES);
  for (unsigned short i = 0; i < index_count; ++i) list->push_back(i);
  geometry->addPrimitiveSet(list.get());
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(geometry.get());
  return testing::error_message([&] { (void)collision_triangles(*geode, false); });
}

// OpenSceneGraph's TriangleFunctor takes vertices only from a Vec3Array: given another type it keeps a null
// vertex pointer and then reads indexed triangles through it (the fuzzer's finding on an .osgt with a 2D
// vertex array). Such a geometry is an error naming it.
TEST(CorruptScene, AVertexArrayOfAnotherTypeIsAnErrorNotANullRead) {
  osg::ref_ptr<osg::Vec2Array> vertices = new osg::Vec2Array;
  for (const osg::Vec2 v : {osg::Vec2(0, 0), osg::Vec2(1, 0), osg::Vec2(0, 1)}) vertices->push_back(v);
  const std::string message = error_for_triangle_list(vertices.get(), 3, "flat");
  EXPECT_NE(message.find("flat"), std::string::npos) << message;
  EXPECT_NE(message.find("3-component float"), std::string::npos) << message;
}

// The functor reads a triangle list in whole triples, past the end of a list whose count is no multiple of 3.
TEST(CorruptScene, ATriangleListThatIsNoWholeNumberOfTrianglesIsAnError) {
  osg::ref_ptr<osg::Vec3Array> vertices = new osg::Vec3Array;
  for (int i = 0; i < 4; ++i) vertices->push_back({static_cast<float>(i), static_cast<float>(i % 2), 0});
  const std::string message = error_for_triangle_list(vertices.get(), 4, "strip");
  EXPECT_NE(message.find("not a multiple of 3"), std::string::npos) << message;
}

// Runs of a DrawArrayLengths that go past the vertex array, whether plainly or hidden by a negative run that
// brings the sum back in range, are an error: the functor draws each run as it stands.
TEST(CorruptScene, ArrayLengthsPastTheVerticesAreAnErrorEvenWhenTheirSumIsInRange) {
  for (const std::vector<int>& runs : {std::vector<int>{3, 3}, std::vector<int>{30, -27}, std::vector<int>{3, -1, 1}}) {
    osg::ref_ptr<osg::Vec3Array> vertices = new osg::Vec3Array;
    for (int i = 0; i < 4; ++i) vertices->push_back({static_cast<float>(i), 0, static_cast<float>(i % 2)});
    osg::ref_ptr<osg::Geometry> geometry = new osg::Geometry;
    geometry->setVertexArray(vertices.get());
    osg::ref_ptr<osg::DrawArrayLengths> lengths = new osg::DrawArrayLengths(osg::PrimitiveSet::TRIANGLE_STRIP, 0);
    for (const int r : runs) lengths->push_back(r);
    geometry->addPrimitiveSet(lengths.get());
    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->addDrawable(geometry.get());
    const std::string message = testing::error_message([&] { (void)collision_triangles(*geode, false); });
    EXPECT_NE(message.find("indexes past"), std::string::npos) << runs[0] << ", " << runs[1] << ": " << message;
  }
}

// A vertex at infinity or NaN (an OBJ can say "v inf 0 0"; the fuzzer's input is kept in
// fuzz/regressions/scene_loader) would reach every grid's cell arithmetic: an error naming the geometry.
TEST(CorruptScene, AVertexThatIsNotAFiniteNumberIsAnError) {
  for (const float bad : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
    osg::ref_ptr<osg::Vec3Array> vertices = new osg::Vec3Array;
    for (const osg::Vec3 v : {osg::Vec3(0, 0, 0), osg::Vec3(bad, 0, 0), osg::Vec3(0, 1, 1)}) vertices->push_back(v);
    const std::string message = error_for_triangle_list(vertices.get(), 3, "far");
    EXPECT_NE(message.find("far"), std::string::npos) << message;
    EXPECT_NE(message.find("not a finite number"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace crashbench
