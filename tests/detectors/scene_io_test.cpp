// Scenes written through osgDB and read back (.osgt, .osgb, .ive, OpenFlight .flt) keep their
// triangles; loading applies the up axis and unit scale once; bad files give an Error naming the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <osg/MatrixTransform>

#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "detectors/scenes/registry/track.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kRoundTripTriangles = 9000;  // the scaled copies add only time

double total_area(const std::vector<Triangle>& ts) {
  double a = 0;
  for (const Triangle& t : ts) a += 0.5 * (t.b_W - t.a_W).cross(t.c_W - t.a_W).norm();
  return a;
}

class SceneRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(SceneRoundTrip, KeepsEveryTriangleOfEveryRegisteredScene) {
  int written = 0;
  for (const SceneEntry& entry : scene_registry().entries()) {
    if (entry.benchmark_only) continue;
    const Scene made = make_registered_scene(entry.name);
    // Walls-only scenes have no graph; the scaled copies repeat their generator's geometry.
    if (!made.graph || made.triangles.size() > kRoundTripTriangles) continue;
    ++written;
    const fs::path file = testing::temp_folder("scene-io") / (std::string(entry.name) + GetParam());
    write_scene_graph(*made.graph, file.string());
    const Scene read = load_scene(file.string());
    ASSERT_EQ(read.triangles.size(), made.triangles.size()) << file;
    EXPECT_NEAR(total_area(read.triangles), total_area(made.triangles), 1e-6 * total_area(made.triangles)) << file;
    const TriangleCensus a = census(*read.graph), b = census(*made.graph);
    EXPECT_EQ(a.vertical, b.vertical) << file;
    EXPECT_LT((a.lo_W - b.lo_W).norm() + (a.hi_W - b.hi_W).norm(), 1e-4) << file;
  }
  EXPECT_GT(written, 0);
}

INSTANTIATE_TEST_SUITE_P(Formats, SceneRoundTrip, ::testing::Values(".osgt", ".osgb", ".ive", ".flt", ".obj"),
                         [](const auto& info) { return info.param.substr(1); });

TEST(SceneLoading, YUpAndUnitScaleAreAppliedOnce) {
  // The track in feet with Y up: scale 0.3048 and a quarter turn about X must give back metres, Z up.
  const Scene g = make_registered_scene("track");
  const double ft = 0.3048;
  osg::ref_ptr<osg::MatrixTransform> to_file =
      new osg::MatrixTransform(osg::Matrixd::rotate(-osg::PI_2, osg::Vec3d(1, 0, 0)) * osg::Matrixd::scale(1 / ft, 1 / ft, 1 / ft));
  to_file->addChild(g.graph.get());
  const fs::path file = testing::temp_folder("scene-io") / "track_yup_feet.osgb";
  write_scene_graph(*to_file, file.string());
  SceneOptions options;
  options.up = UpAxis::kY;
  options.unit_scale = ft;
  const Scene back = load_scene(file.string(), options);
  const Scene made = make_scene("track", g.graph, g.walls);
  ASSERT_EQ(back.triangles.size(), made.triangles.size());
  for (std::size_t i = 0; i < made.triangles.size(); i += 97)
    EXPECT_LT((back.triangles[i].b_W - made.triangles[i].b_W).norm(), 1e-3) << i;
}

/// An OBJ file of one upright quad, 20 m long (x from -10 to 10), standing 1.5 m tall at world y = 5, written
/// z-up as the file (x, y, z) = world (X, Y, Z), or y-up as (X, Z, -Y).
fs::path upright_quad_obj(const std::string& name, bool y_up) {
  const fs::path file = testing::temp_folder("scene-io") / name;
  std::ofstream out(file);
  for (const auto& [x, z] : {std::pair{-10.0, 0.0}, {10.0, 0.0}, {10.0, 1.5}, {-10.0, 1.5}})
    out << "v " << x << ' ' << (y_up ? z : 5.0) << ' ' << (y_up ? -5.0 : z) << '\n';
  out << "f 1 2 3\nf 1 3 4\n";
  return file;
}

TEST(SceneLoading, AnObjFileStandsUpAsItsUpAxisSaysWhicheverWayItWasWritten) {
  // OSG's OBJ reader turns every file a quarter, taking it as y-up: a z-up file read so lay on its side, and
  // "up_axis": "y" turned a y-up one twice. The file's own axis, y for OBJ when not given, is what counts.
  const auto expect_upright = [](const fs::path& file, std::optional<UpAxis> up) {
    SceneOptions options;
    options.up = up;
    const Scene s = load_scene(file.string(), options);
    ASSERT_EQ(s.triangles.size(), 2u) << file;
    for (const Triangle& t : s.triangles)
      for (const Vec3& p : {t.a_W, t.b_W, t.c_W}) {
        EXPECT_NEAR(std::abs(p.x()), 10.0, 1e-12) << file;
        EXPECT_NEAR(p.y(), 5.0, 1e-12) << file;
        EXPECT_TRUE(std::abs(p.z()) < 1e-12 || std::abs(p.z() - 1.5) < 1e-12) << file << ": z " << p.z();
      }
  };
  const fs::path y_up = upright_quad_obj("quad_yup.obj", true), z_up = upright_quad_obj("quad_zup.obj", false);
  expect_upright(y_up, std::nullopt);
  expect_upright(y_up, UpAxis::kY);
  expect_upright(z_up, UpAxis::kZ);
  EXPECT_EQ(format_up_axis(y_up.string()), UpAxis::kY);
  EXPECT_EQ(format_up_axis("scene.OBJ"), UpAxis::kY);
  EXPECT_EQ(format_up_axis("scene.osgb"), UpAxis::kZ);
}

void expect_error_naming(const std::string& path, const std::string& words, const SceneOptions& options = {}) {
  try {
    load_scene(path, options);
    ADD_FAILURE() << "no error for " << path;
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(SceneLoading, AColladaFileStandsUpAsItDeclaresAndRefusesAnUpAxis) {
  // COLLADA declares its up axis and OSG's reader applies it: "up_axis": "y" turned a Y_UP file twice.
  const fs::path file = testing::temp_folder("scene-io") / "quad_yup.dae";
  std::ofstream(file) << R"(<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <asset><unit name="meter" meter="1"/><up_axis>Y_UP</up_axis></asset>
  <library_geometries><geometry id="quad"><mesh>
    <source id="p"><float_array id="pa" count="12">-10 0 -5 10 0 -5 10 1.5 -5 -10 1.5 -5</float_array>
      <technique_common><accessor source="#pa" count="4" stride="3">
        <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/>
      </accessor></technique_common></source>
    <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
    <triangles count="2"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2 0 2 3</p></triangles>
  </mesh></geometry></library_geometries>
  <library_visual_scenes><visual_scene id="s"><node id="n"><instance_geometry url="#quad"/></node></visual_scene>
  </library_visual_scenes>
  <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
)";
  const Scene s = load_scene(file.string());
  ASSERT_EQ(s.triangles.size(), 2u);
  for (const Triangle& t : s.triangles)
    for (const Vec3& p : {t.a_W, t.b_W, t.c_W}) {
      EXPECT_NEAR(p.y(), 5.0, 1e-6) << "file z = -5 is world y = 5 for a Y_UP file";
      EXPECT_TRUE(std::abs(p.z()) < 1e-6 || std::abs(p.z() - 1.5) < 1e-6) << p.z();
    }
  for (const UpAxis up : {UpAxis::kY, UpAxis::kZ}) {
    SceneOptions given;
    given.up = up;
    expect_error_naming(file.string(), "declares its own up axis", given);
  }
}

TEST(SceneLoading, VerticesFarFromTheFilesOriginAreNamedInAWarning) {
  // A float vertex at a UTM northing (5,000 km) is rounded to the half metre: the load says so.
  const fs::path file = testing::temp_folder("scene-io") / "quad_utm.obj";
  std::ofstream(file) << "v 500000 5000005 0\nv 500020 5000005 0\nv 500020 5000005 1.5\nv 500000 5000005 1.5\n"
                         "f 1 2 3\nf 1 3 4\n";
  SceneOptions z_up;
  z_up.up = UpAxis::kZ;
  const auto far_note = [](const Scene& s) {
    return std::count_if(s.notes.begin(), s.notes.end(),
                         [](const std::string& n) { return n.find("km from") != n.npos; });
  };
  EXPECT_EQ(far_note(load_scene(file.string(), z_up)), 1);
  EXPECT_EQ(far_note(load_scene(upright_quad_obj("quad_near.obj", false).string(), z_up)), 0);
}

TEST(SceneLoading, BadFilesGiveAnErrorNamingTheFile) {
  const fs::path dir = testing::temp_folder("scene-io");
  expect_error_naming((dir / "missing.osgb").string(), "not found");
  std::ofstream(dir / "scene.nosuchformat") << "x";
  expect_error_naming((dir / "scene.nosuchformat").string(), "unsupported");
  std::ofstream(dir / "garbage.osgb") << "this is not a scene";
  expect_error_naming((dir / "garbage.osgb").string(), "could not read");
  // Only the flat ground of the visual track's road would remain... here: a scene with no vertical faces.
  osg::ref_ptr<osg::Group> empty = new osg::Group;
  write_scene_graph(*empty, (dir / "empty.osgt").string());
  expect_error_naming((dir / "empty.osgt").string(), "the scene has no collision triangles: it draws none");
}

TEST(SceneLoading, ASceneWithoutCollisionTrianglesSaysWhyAndWhatMakesThemCollide) {
  // FlightGear's Models/Volcanoes/Kilauea/kilauea.ac is one 2 m card: "no collision triangles" said nothing
  // of why. A 2 m upright card standing alone is a sprite, scenery by default.
  const fs::path file = testing::temp_folder("scene-io") / "card.obj";
  std::ofstream(file) << "v -1 0 0\nv 1 0 0\nv 1 2 0\nv -1 2 0\nf 1 2 3\nf 1 3 4\n";
  expect_error_naming(file.string(), "the scene has no collision triangles of the 2 it draws; 1 drawables are sprites, "
                                     "scenery by default (\"sprites\": true in a case, --sprites in scene info, make "
                                     "them collide)");
  // A flat floor alone has no face a case's default collision set takes.
  const fs::path floor = testing::temp_folder("scene-io") / "floor.obj";
  std::ofstream(floor) << "v -10 0 10\nv 10 0 10\nv 10 0 -10\nv -10 0 -10\nf 1 2 3\nf 1 3 4\n";
  SceneOptions case_default;
  case_default.vertical_only = true;
  case_default.vertical_tolerance_deg = kDefaultVerticalWithinDeg;
  expect_error_naming(floor.string(), "the scene has no collision triangles of the 2 it draws; none other lies within "
                                      "45 deg of vertical, so a car can hit nothing (\"collision\": "
                                      "{\"vertical_within_deg\": 90} in a case", case_default);
  SceneOptions sprites_collide;
  sprites_collide.collision.sprites = true;
  EXPECT_EQ(load_scene(file.string(), sprites_collide).triangles.size(), 2u);
}

}  // namespace
}  // namespace crashbench

// OpenSceneGraph 3.6.5's plugins leak: the OpenFlight writer its vertex palette and export visitor on
// every write, the .osgb reader an options object (with osgDB strings) when a file fails to read. Under
// the asan preset LeakSanitizer would fail this binary for them; our own code is not suppressed.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:osgdb_openflight.so\nleak:osgdb_osg.so\nleak:libosgDB.so\n";
}
