// crashbench's own AC3D reader makes the graph OpenSceneGraph's AC3D reader makes, with the same
// notifications, of every file it takes; what it would not read the same it leaves to that reader.
// (Every torcs-data file: ac3d_reader_realscenes_test.cpp.)
#include <gtest/gtest.h>

#include <osg/TriangleFunctor>
#include <osgDB/ReadFile>

#include <fstream>
#include <regex>

#include "detectors/scenes/files/ac3d_parse.hpp"
#include "detectors/scenes/files/ac3d_reader.hpp"
#include "detectors/scenes/files/acc_reader.hpp"
#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/files/texture_placeholders.hpp"
#include "testkit/osg_graph_match.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/textured_sprite_scene.hpp"

namespace crashbench {
namespace {

/// Two materials (one translucent), three objects: a road deck moved by `loc`, with a texture whose
/// coordinates are offset and repeated, a data block, a url, and a triangle, a quad, a convex pentagon and a
/// triangle in four bins; a wall under a rotated and moved group, with a texture that does not exist; and
/// an object with words the reader skips, its flags written in decimal, and an open line.
const char* const kScene = R"(AC3Db
MATERIAL "grey" rgb 0.5 0.5 0.5  amb 0.2 0.2 0.2  emis 0 0 0  spec 0.1 0.1 0.1  shi 10  trans 0
MATERIAL "glass" rgb 0.1 0.2 0.9  amb 0.2 0.2 0.2  emis 0 0 0  spec 0.5 0.5 0.5  shi 64  trans 0.5
OBJECT world
name "the world"
kids 3
OBJECT poly
name "road deck"
data 8
exterior
texture "asphalt.png"
texrep 2 4
texoff 0.5 0.25
crease 45.0
url http://example.org/deck
loc 10 0.5 -3
numvert 6
-4 0 0
4 0 0
4 0 -20
-4 0 -20
0 0 -25
1e-1 +0.0 -.5
numsurf 4
SURF 0x30
mat 0
refs 3
0 0 0
1 1 0
2 1 1
SURF 0x10
mat 0
refs 4
0 0 0
1 1 0
2 1 1
3 0 1
SURF 0x20
mat 1
refs 5
0 0 0
1 1 0
2 1 1
4 0.5 1.2
3 0 1
SURF 0x0
mat 1
refs 3
5 0.3 0.3
0 0 0
1 1 0
kids 0
OBJECT group
name "turned"
rot 0 0 -1 0 1 0 1 0 0
loc 1 2 3
kids 1
OBJECT poly
name "wall"
texture "missing/wall.png"
numvert 4
0 0 0
0 1 0
0 1 5
0 0 5
numsurf 1
SURF 0x0
mat 0
refs 4
0 0 0
1 0 1
2 1 1
3 1 0
kids 0
OBJECT poly
name "skipped words"
subdiv 3
numvert 3
0 0 0
1 0 0
0 0 1
numsurf 2
SURF 16
mat 0
refs 3
0 0 0
1 0 0
2 0 0
SURF 0x2
mat 0
refs 2
0 0 0
2 1 1
kids 0
)";

std::string write(const std::string& name, const std::string& text) {
  const std::string path = (testing::temp_folder("ac3d-reader") / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

struct Read {
  osg::ref_ptr<osg::Node> graph;
  OsgNotices notices;
  std::string declined;
};

/// `path` read by OpenSceneGraph's reader in this process, as the child reads it.
Read read_by_osg(const std::string& path) {
  install_osg_notify_handler();
  register_acc_reader();
  const OsgNoticeScope scope;
  Read read;
  read.graph = osgDB::readRefNodeFile(path, options_keeping_texture_names(false).get());
  read.notices = scope.finish();
  return read;
}

Read read_by_crashbench(const std::string& path) {
  install_osg_notify_handler();
  const OsgNoticeScope scope;
  Read read;
  read.graph = read_ac3d_here(path, options_keeping_texture_names(false).get(), read.declined);
  read.notices = scope.finish();
  return read;
}

int triangle_count(osg::Node& graph) {
  struct Count {
    int* n;
    void operator()(const osg::Vec3&, const osg::Vec3&, const osg::Vec3&) { ++*n; }
  };
  struct Visitor : osg::NodeVisitor {
    Visitor() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
    void apply(osg::Drawable& d) override {
      osg::TriangleFunctor<Count> count;
      count.n = &n;
      d.accept(count);
    }
    int n = 0;
  } visitor;
  graph.accept(visitor);
  return visitor.n;
}

void expect_same_read(const std::string& path) {
  const Read osg = read_by_osg(path);
  const Read ours = read_by_crashbench(path);
  ASSERT_TRUE(osg.graph) << path;
  ASSERT_TRUE(ours.graph) << path << ": declined: " << ours.declined;
  EXPECT_EQ(testing::graph_difference(*ours.graph, *osg.graph), "") << path;
  EXPECT_EQ(ours.notices.errors, osg.notices.errors) << path;
  EXPECT_EQ(ours.notices.warnings, osg.notices.warnings) << path;
  EXPECT_EQ(ours.notices.first, osg.notices.first) << path;
}

TEST(Ac3dReader, MakesTheGraphOfOsgsReaderWithItsNotifications) {
  const std::string path = write("scene.ac", kScene);
  expect_same_read(path);
  // And what that is, counted by hand: 1 + 2 + 3 + 1 triangles on the deck, 2 on the wall, 1 skipped-words
  // triangle (its line has none); the deck's first corner is (-4, 0, 0) moved by loc (10, 0.5, -3); two textures, neither on disk.
  const Read ours = read_by_crashbench(path);
  ASSERT_TRUE(ours.graph);
  EXPECT_EQ(triangle_count(*ours.graph), 10);
  EXPECT_EQ(ours.notices.errors, 2);
  const osg::Group* deck = ours.graph->asGroup()->getChild(0)->asGroup();
  ASSERT_TRUE(deck);
  EXPECT_EQ(deck->getName(), "road deck");
  EXPECT_EQ(deck->getNumChildren(), 4u);  // smooth two-sided, smooth one-sided of material 0; two of material 1
  const auto* first = dynamic_cast<const osg::Vec3Array*>(deck->getChild(0)->asGeode()->getDrawable(0)->asGeometry()->getVertexArray());
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)[0], osg::Vec3(6, 0.5f, -3));
  // The open line is a geode of its own, ahead of the surfaces of its material.
  const osg::Group* skipped = ours.graph->asGroup()->getChild(2)->asGroup();
  ASSERT_TRUE(skipped);
  ASSERT_EQ(skipped->getNumChildren(), 2u);
  EXPECT_EQ(skipped->getChild(0)->asGeode()->getDrawable(0)->asGeometry()->getPrimitiveSet(0)->getMode(),
            osg::PrimitiveSet::LINE_STRIP);
}

TEST(Ac3dReader, SendsItsNotificationsInTheReadersOrder) {
  // A material whose shininess OSG clamps (a warning), read after a texture that is not found (an error):
  // the reader makes each as it reads it, so the error comes first.
  std::string text = kScene;
  const std::string texture = "texture \"asphalt.png\"\n";
  text.insert(text.find(texture) + texture.size(),
              "MATERIAL \"late\" rgb 1 1 1 amb 1 1 1 emis 0 0 0 spec 0 0 0 shi -5 trans 0\n");
  const std::string path = write("late-material.ac", text);
  expect_same_read(path);
  const Read ours = read_by_crashbench(path);
  EXPECT_GE(ours.notices.warnings, 1);
  EXPECT_NE(ours.notices.first.find("asphalt.png"), std::string::npos) << ours.notices.first;
}

TEST(Ac3dReader, ReadsATorcsAccAsOsgsReaderReadsItsPlainText) {
  const std::string path = (testing::temp_folder("ac3d-reader") / "sprite.acc").string();
  testing::write_textured_sprite_scene(path);
  expect_same_read(path);
  const std::string plain = (testing::temp_folder("ac3d-reader") / "sprite.ac").string();
  testing::write_textured_sprite_scene(plain);
  expect_same_read(plain);
}

TEST(Ac3dReader, LeavesToOsgsReaderWhatItWouldNotReadTheSame) {
  // Each a change to kScene that OSG's reader would read otherwise than this one could: warned about,
  // tessellated, lit, drawn as a line, or a word `stream >> float` reads in part.
  const struct {
    const char* from;
    const char* to;
    const char* reason;
  } kChanges[] = {
      {"0 0 -25", "0 0 -10", "concave"},  // the pentagon's fourth corner moved inside
      {"OBJECT group", "OBJECT light", "light"},
      {"-4 0 -20", "-4 0 -20x", "not a plain decimal"},
      {"-4 0 -20", "-4 0 inf", "not a plain decimal"},
      {"-4 0 -20", "-4 0 1e60", "out of range"},
      {"refs 3\n5 0.3 0.3\n0 0 0\n", "refs 2\n5 0.3 0.3\n0 0 0\n", "too few references"},
      {"5 0.3 0.3", "6 0.3 0.3", "past the object's vertices"},
      {"SURF 0x10", "SRF 0x10", "expected 'SURF'"},
      {"mat 1\nrefs 3", "mat 2\nrefs 3", "material number"},
      {"SURF 0x2\nmat 0\nrefs 2", "SURF 0x2\nmat 0\nrefs 1", "too few references"},
      {"name \"skipped words\"", "name \"skipped words", "closing quote"},
      {"texture \"asphalt.png\"", "texture \"\"", "empty texture"},
      {"AC3Db", "AC3 b", "header"},
      {"kids 3", "kids 99999999", "more objects than the rest of the file holds"},
      {"kids 3", "kids 5", "announces more objects than the 4 OBJECT records after it"},
      {"texture \"asphalt.png\"", "texture \"asphalt\x01.png\"", "control character"},
  };
  for (const auto& change : kChanges) {
    std::string text = kScene;
    const std::size_t at = text.find(change.from);
    ASSERT_NE(at, std::string::npos) << change.from;
    text.replace(at, std::string(change.from).size(), change.to);
    const Ac3dParse parsed = parse_ac3d(text);
    EXPECT_FALSE(parsed.model) << change.to;
    EXPECT_NE(parsed.declined.find(change.reason), std::string::npos) << change.to << ": " << parsed.declined;
    EXPECT_TRUE(std::regex_search(parsed.declined, std::regex("^line [0-9]+: "))) << parsed.declined;
  }
  // Deeper nesting than the reader's stack allows here.
  std::string deep = "AC3Db\nMATERIAL \"\" rgb 1 1 1 amb 1 1 1 emis 0 0 0 spec 0 0 0 shi 0 trans 0\n";
  for (int i = 0; i < 300; ++i) deep += "OBJECT group\nkids 1\n";
  EXPECT_NE(parse_ac3d(deep).declined.find("nest"), std::string::npos);
}

TEST(Ac3dReader, AFileItDeclinesIsStillReadByOsgsReader) {
  std::string text = kScene;
  text.replace(text.find("0 0 -25"), 7, "0 0 -10");  // the pentagon's fourth corner moved inside: concave
  const std::string path = write("concave.ac", text);
  EXPECT_FALSE(read_by_crashbench(path).graph);
  const osg::ref_ptr<osg::Node> graph = read_scene_graph(path);
  ASSERT_TRUE(graph);
  EXPECT_EQ(triangle_count(*graph), 10);  // the pentagon tessellated into 3 triangles all the same
}

}  // namespace
}  // namespace crashbench
