// What the child that reads a scene file sends back (read_reply.hpp): the graph comes back whole, with its
// texture file names and the notifications of the read; a reply cut short is no reply; and a graph the
// .osgb round trip does not keep whole is refused, so that the caller reads the file itself.
#include <gtest/gtest.h>

#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Group>
#include <osg/Texture2D>

#include <string>

#include "detectors/scenes/files/contained_read.hpp"
#include "detectors/scenes/files/read_reply.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/triangle_extraction.hpp"
#include "tests/support/seed_walls.hpp"
#include "tests/support/temp_folder.hpp"
#include "tests/support/textured_sprite_scene.hpp"

namespace crashbench {
namespace {

/// A unit quad in the plane x = `x`, textured with an image known by its file name only.
osg::ref_ptr<osg::Geode> textured_quad(double x, const std::string& texture_name) {
  osg::ref_ptr<osg::Geometry> quad = new osg::Geometry;
  osg::ref_ptr<osg::Vec3Array> corners = new osg::Vec3Array;
  for (const auto& [y, z] : {std::pair{0, 0}, {1, 0}, {1, 1}, {0, 1}})
    corners->push_back(osg::Vec3(static_cast<float>(x), static_cast<float>(y), static_cast<float>(z)));
  quad->setVertexArray(corners.get());
  quad->addPrimitiveSet(new osg::DrawArrays(GL_QUADS, 0, 4));
  osg::ref_ptr<osg::Image> image = new osg::Image;
  image->allocateImage(1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE);
  image->setFileName(texture_name);
  quad->getOrCreateStateSet()->setTextureAttribute(0, new osg::Texture2D(image.get()));
  osg::ref_ptr<osg::Geode> geode = new osg::Geode;
  geode->addDrawable(quad.get());
  return geode;
}

/// The texture file names under `graph`, in traversal order.
std::vector<std::string> texture_names(osg::Node& graph) {
  struct Names : osg::NodeVisitor {
    Names() : osg::NodeVisitor(TRAVERSE_ALL_CHILDREN) {}
    void apply(osg::Drawable& drawable) override {
      if (const osg::StateSet* state = drawable.getStateSet())
        if (const auto* texture = dynamic_cast<const osg::Texture*>(
                state->getTextureAttribute(0, osg::StateAttribute::TEXTURE)))
          found.push_back(texture->getImage(0)->getFileName());
    }
    std::vector<std::string> found;
  } names;
  graph.accept(names);
  return names.found;
}

bool same_triangles(osg::Node& a, osg::Node& b) {
  const std::vector<Triangle> ta = all_triangles(a), tb = all_triangles(b);
  if (ta.size() != tb.size()) return false;
  for (std::size_t i = 0; i < ta.size(); ++i)
    if (ta[i].a_W != tb[i].a_W || ta[i].b_W != tb[i].b_W || ta[i].c_W != tb[i].c_W) return false;
  return true;
}

TEST(ReadReply, EveryRegisteredSceneComesBackWithTheSameTriangles) {
  int sent = 0;
  for (const SceneEntry& entry : scene_registry().entries()) {
    if (entry.benchmark_only) continue;
    const Scene scene = make_registered_scene(entry.name);
    if (!scene.graph) continue;  // walls only
    ++sent;
    const std::optional<ReadReply> reply = decode_read_reply(encode_read_reply({}, scene.graph.get()));
    ASSERT_TRUE(reply) << entry.name;
    const osg::ref_ptr<osg::Node> back = graph_of(*reply);
    ASSERT_TRUE(back) << entry.name;
    EXPECT_TRUE(same_triangles(*scene.graph, *back)) << entry.name;
  }
  EXPECT_GT(sent, 0);
}

/// Reads in this process only (no child) while it lives.
struct ReadHereOnly {
  ReadHereOnly() { set_scene_read_timeout(0); }
  ~ReadHereOnly() { set_scene_read_timeout(kSceneReadLimitFromSize); }
};

TEST(ReadReply, TheGraphOfEveryFormatTheFuzzerSeedsComesBackWhole) {
  // The harness's seed wall in each format it reads, and a TORCS .acc with textures known by name.
  std::vector<std::string> files;
  for (const std::string extension : {"ac", "flt", "obj", "osg", "osgt"})
    files.push_back(testing::write_scene_text("read-reply", "wall", extension, testing::seed_wall_text(extension)));
  files.push_back((testing::temp_folder("read-reply") / "sprite.acc").string());
  testing::write_textured_sprite_scene(files.back());
  for (const std::string& file : files) {
    const osg::ref_ptr<osg::Node> here = [&] {
      const ReadHereOnly no_child;
      return read_scene_graph(file);
    }();
    const std::optional<ReadReply> reply = decode_read_reply(encode_read_reply({}, here.get()));
    ASSERT_TRUE(reply) << file;
    const osg::ref_ptr<osg::Node> back = graph_of(*reply);
    ASSERT_TRUE(back) << file << ": the round trip would read this format twice";
    EXPECT_TRUE(same_triangles(*here, *back)) << file;
    EXPECT_EQ(texture_names(*here), texture_names(*back)) << file;
    // And what load_scene reads through the child is that graph.
    EXPECT_TRUE(same_triangles(*read_scene_graph(file), *here)) << file;
  }
}

TEST(ReadReply, TextureNamesAndNotificationsComeBack) {
  osg::ref_ptr<osg::Group> graph = new osg::Group;
  graph->addChild(textured_quad(0, "trees/tree_gum_arbor_n.png"));
  graph->addChild(textured_quad(5, "asphalt.png"));
  const std::vector<std::pair<osg::NotifySeverity, std::string>> notices = {
      {osg::FATAL, "could not find texture \"x.png\"\n"}, {osg::WARN, "a warning\n"}};
  const std::optional<ReadReply> reply = decode_read_reply(encode_read_reply(notices, graph.get()));
  ASSERT_TRUE(reply);
  EXPECT_TRUE(reply->read_a_graph);
  EXPECT_EQ(reply->notices, notices);
  const osg::ref_ptr<osg::Node> back = graph_of(*reply);
  ASSERT_TRUE(back);
  EXPECT_EQ(texture_names(*back), (std::vector<std::string>{"trees/tree_gum_arbor_n.png", "asphalt.png"}));
  EXPECT_TRUE(same_triangles(*graph, *back));
}

TEST(ReadReply, NoGraphIsSaidAsSuch) {
  const std::optional<ReadReply> reply = decode_read_reply(encode_read_reply({{osg::WARN, "empty\n"}}, nullptr));
  ASSERT_TRUE(reply);
  EXPECT_FALSE(reply->read_a_graph);
  EXPECT_EQ(reply->notices.size(), 1U);
  EXPECT_FALSE(graph_of(*reply));
}

TEST(ReadReply, AReplyCutShortIsNoReply) {
  const std::string whole = encode_read_reply({{osg::WARN, "a warning\n"}}, textured_quad(0, "a.png").get());
  ASSERT_TRUE(decode_read_reply(whole));
  // Every cut in the header and the notices, and a sample of cuts through the .osgb bytes.
  for (std::size_t size = 0; size < whole.size(); size += size < 200 ? 1 : 97)
    EXPECT_FALSE(decode_read_reply(std::string_view(whole).substr(0, size))) << size;
}

/// A group class of its own: OSG's .osgb writer has no serializer for it and leaves it out.
class UnknownGroup : public osg::Group {
 public:
  UnknownGroup() = default;
  UnknownGroup(const UnknownGroup& other, const osg::CopyOp& copy) : osg::Group(other, copy) {}
  META_Node(crashbench_test, UnknownGroup)
};

TEST(ReadReply, AGraphTheRoundTripDoesNotKeepWholeIsRefused) {
  osg::ref_ptr<osg::Group> graph = new osg::Group;
  graph->addChild(textured_quad(0, "road.png"));
  osg::ref_ptr<UnknownGroup> unknown = new UnknownGroup;
  unknown->addChild(textured_quad(5, "wall.png"));
  graph->addChild(unknown.get());
  const std::optional<ReadReply> reply = decode_read_reply(encode_read_reply({}, graph.get()));
  ASSERT_TRUE(reply);
  EXPECT_FALSE(graph_of(*reply));
}

}  // namespace
}  // namespace crashbench
