// Loading a scene file is quiet and says what looks wrong: OSG's notifications are counted and summarised
// in one line per load, and a file read on its side (up axis) gets a warning naming the option.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <osg/MatrixTransform>

#include "detectors/scenes/files/osg_notify.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

/// Five textured quads whose textures do not exist: OSG's AC3D reader warns once per object.
fs::path five_missing_textures() {
  const fs::path file = testing::temp_folder("hygiene") / "five.ac";
  std::ofstream out(file);
  out << "AC3Db\nMATERIAL \"\" rgb 1 1 1 amb 1 1 1 emis 0 0 0 spec 0 0 0 shi 0 trans 0\nOBJECT world\nkids 5\n";
  for (int i = 0; i < 5; ++i)
    out << "OBJECT poly\nname \"q" << i << "\"\ntexture \"missing" << i << ".rgb\"\nnumvert 4\n"
        << i << " 0 0\n" << i + 1 << " 0 0\n" << i + 1 << " 1 0\n" << i << " 1 0\n"
        << "numsurf 1\nSURF 0x20\nmat 0\nrefs 4\n0 0 0\n1 1 0\n2 1 1\n3 0 1\nkids 0\n";
  return file;
}

int count_lines(const std::string& text, const std::string& needle) {
  int n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(SceneHygiene, OsgWarningsAreCountedAndSummarisedInOneLine) {
  set_osg_verbose(false);
  const fs::path file = five_missing_textures();
  ::testing::internal::CaptureStderr();
  const Scene scene = load_scene(file.string());
  const std::string err = ::testing::internal::GetCapturedStderr();
  // The AC3D reader sends a missing texture as FATAL: five of them, and only the summary quotes the first.
  EXPECT_EQ(count_lines(err, "could not find texture"), 1) << err;
  EXPECT_EQ(count_lines(err, "\n"), 1) << err;
  ASSERT_EQ(scene.notes.size(), 1U);
  EXPECT_NE(scene.notes[0].find("5 errors, 0 warnings"), std::string::npos) << scene.notes[0];
  EXPECT_NE(scene.notes[0].find("missing0.rgb"), std::string::npos) << scene.notes[0];
  EXPECT_NE(scene.notes[0].find("--verbose"), std::string::npos) << scene.notes[0];
  EXPECT_EQ(scene.triangles.size(), 10U);
}

TEST(SceneHygiene, VerboseShowsEveryNotification) {
  const fs::path file = five_missing_textures();
  set_osg_verbose(true);
  ::testing::internal::CaptureStderr();
  load_scene(file.string());
  const std::string err = ::testing::internal::GetCapturedStderr();
  set_osg_verbose(false);
  EXPECT_EQ(count_lines(err, "could not find texture"), 6) << err;  // five notices and the summary
}

/// track-visual (road and terrain) written with its up axis as file +Y.
fs::path track_written_y_up() {
  const Scene g = make_registered_scene("track-visual");
  osg::ref_ptr<osg::MatrixTransform> to_file = new osg::MatrixTransform(osg::Matrixd::rotate(-osg::PI_2, osg::Vec3d(1, 0, 0)));
  to_file->addChild(g.graph.get());
  const fs::path file = testing::temp_folder("hygiene") / "track_visual_yup.osgb";
  write_scene_graph(*to_file, file.string());
  return file;
}

bool warns_about_up_axis(const Scene& scene, const std::string& wanted) {
  for (const std::string& n : scene.notes)
    if (n.find("\"up_axis\": \"" + wanted + "\"") != std::string::npos) return true;
  return false;
}

TEST(SceneHygiene, AFileReadOnItsSideGetsAWarningNamingUpAxis) {
  const fs::path y_up = track_written_y_up();
  SceneOptions as_y;
  as_y.up = UpAxis::kY;
  EXPECT_TRUE(warns_about_up_axis(load_scene(y_up.string()), "y"));
  EXPECT_TRUE(load_scene(y_up.string(), as_y).notes.empty());
  // The other way round: a z-up file read as y-up.
  const fs::path z_up = testing::temp_folder("hygiene") / "track_visual_zup.osgb";
  write_scene_graph(*make_registered_scene("track-visual").graph, z_up.string());
  EXPECT_TRUE(warns_about_up_axis(load_scene(z_up.string(), as_y), "z"));
  EXPECT_TRUE(load_scene(z_up.string()).notes.empty());
}

TEST(SceneHygiene, WallsOnlyNeverLookSideways) {
  // The collision track has no flat area: no warning either way it is read.
  const fs::path file = testing::temp_folder("hygiene") / "track_walls.osgb";
  write_scene_graph(*make_registered_scene("track").graph, file.string());
  SceneOptions as_y;
  as_y.up = UpAxis::kY;
  EXPECT_TRUE(load_scene(file.string()).notes.empty());
  EXPECT_TRUE(load_scene(file.string(), as_y).notes.empty());
}

TEST(SceneHygiene, AClimbingRoadWhoseCollisionSetIsItsWallsIsNotOnItsSide) {
  // A road 200 m along X, 6 m wide, climbing 30 m, with a 1 m wall along each edge: z-up and rightly read.
  // A case's default collision set keeps the walls alone (faces within 45 deg of vertical), and those face
  // +-Y: judged by them, the scene stood 31 m tall and 6 m deep with its flat area sideways. Its road faces up.
  MeshBuilder mesh("ramp", osg::Vec4(1, 1, 1, 1));
  const auto at = [](double x, double y, double up) { return Vec3(x, y, 0.15 * x + up); };
  mesh.quad(at(0, -3, 0), at(200, -3, 0), at(200, 3, 0), at(0, 3, 0));
  for (const double y : {-3.0, 3.0}) mesh.quad(at(0, y, 0), at(200, y, 0), at(200, y, 1), at(0, y, 1));
  const fs::path file = testing::temp_folder("hygiene") / "ramp.osgb";
  write_scene_graph(*mesh.finish(), file.string());
  SceneOptions as_a_case;
  as_a_case.vertical_only = true;
  as_a_case.vertical_tolerance_deg = 45;
  const Scene scene = load_scene(file.string(), as_a_case);
  EXPECT_EQ(scene.triangles.size(), 4u);  // the walls: the collision set the old rule judged by
  EXPECT_FALSE(warns_about_up_axis(scene, "y"));
}

}  // namespace
}  // namespace crashbench
