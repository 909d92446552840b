// TORCS `.acc` files (AC3D with multi-texture records) read like any scene format: a small file written
// here, a road quad and a barrier wall with two texture lines each, gives the triangles it describes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "detectors/scenes/files/acc_reader.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench {
namespace {

namespace fs = std::filesystem;

/// A road quad 20 m x 8 m at file height y = 0.5 and a 1 m barrier wall along its left edge (x = -4),
/// y-up as TORCS writes them; each object names two textures and each reference two coordinate pairs,
/// vertex lines carry normals, surfaces are triangle strips (SURF type 4: references in pairs across the
/// quad), and the lines end in CRLF as two shipped tracks do.
const char* const kAcc =
    "AC3Db\r\n"
    "MATERIAL \"\" rgb 0.4 0.4 0.4 amb 0.8 0.8 0.8 emis 0.4 0.4 0.4 spec 0.5 0.5 0.5 shi 50 trans 0\r\n"
    "OBJECT world\r\nkids 2\r\n"
    "OBJECT poly\r\nname \"TKMN0\"\r\n"
    "texture \"road.rgb\" base\r\ntexture \"shadow2.rgb\" tiled\r\ntexture empty_texture_no_mapping skids\r\n"
    "numvert 4\r\n"
    "-4 0.5 0 0 1 0\r\n4 0.5 0 0 1 0\r\n4 0.5 -20 0 1 0\r\n-4 0.5 -20 0 1 0\r\n"
    "numsurf 1\r\nSURF 0x34\r\nmat 0\r\nrefs 4\r\n"
    "0 0 0 0.1 0.1\r\n1 1 0 0.2 0.1\r\n3 0 1 0.1 0.2\r\n2 1 1 0.2 0.2\r\n"
    "kids 0\r\n"
    "OBJECT poly\r\nname \"BrLt0\"\r\n"
    "texture \"barrier.rgb\" base\r\ntexture \"shadow2.rgb\" tiled\r\n"
    "numvert 4\r\n"
    "-4 0.5 0 1 0 0\r\n-4 1.5 0 1 0 0\r\n-4 1.5 -20 1 0 0\r\n-4 0.5 -20 1 0 0\r\n"
    "numsurf 1\r\nSURF 0x24\r\nmat 0\r\nrefs 4\r\n"
    "0 0 0 0 0\r\n1 1 0 0 0\r\n3 0 1 0 0\r\n2 1 1 0 0\r\n"
    "kids 0\r\n";

fs::path write_acc() {
  const fs::path file = testing::temp_folder("acc") / "small.acc";
  std::ofstream(file, std::ios::binary) << kAcc;
  return file;
}

TEST(AccToAc3d, KeepsTheFirstTextureOnePairPerReferencePositionsOnlyAndSplitsStrips) {
  std::istringstream in(kAcc);
  const std::string plain = acc_to_ac3d(in);
  EXPECT_EQ(plain.find('\r'), std::string::npos);
  EXPECT_NE(plain.find("texture \"road.rgb\"\n"), std::string::npos);
  EXPECT_NE(plain.find("texture \"barrier.rgb\"\n"), std::string::npos);
  EXPECT_EQ(plain.find("shadow2"), std::string::npos);
  EXPECT_EQ(plain.find("empty_texture_no_mapping"), std::string::npos);
  EXPECT_NE(plain.find("\n2 1 1\n"), std::string::npos);        // a reference cut to index u v
  EXPECT_NE(plain.find("\n4 0.5 -20\n"), std::string::npos);    // a vertex cut to its position
  EXPECT_EQ(plain.find("0.2 0.2"), std::string::npos);
  // Each four-reference strip became two triangles: polygons (type 0) with the other flags kept.
  EXPECT_EQ(plain.find("numsurf 1"), std::string::npos);
  EXPECT_NE(plain.find("numsurf 2\nSURF 0x30\nmat 0\nrefs 3\n0 0 0\n1 1 0\n3 0 1\nSURF 0x30\nmat 0\nrefs 3\n1 1 0\n3 0 1\n2 1 1\n"),
            std::string::npos) << plain;
  EXPECT_NE(plain.find("SURF 0x20\n"), std::string::npos);
}

TEST(AccReader, ReadsTheRoadAndTheWallThroughOsgDb) {
  const fs::path file = write_acc();
  SceneOptions options;
  options.up = UpAxis::kY;
  const Scene scene = load_scene(file.string(), options);
  // Two quads, two triangles each.
  ASSERT_EQ(scene.triangles.size(), 4U);
  int vertical = 0;
  double road_area = 0, wall_area = 0;
  for (const Triangle& t : scene.triangles) {
    const double area = 0.5 * (t.b_W - t.a_W).cross(t.c_W - t.a_W).norm();
    if (is_vertical(t)) {
      ++vertical;
      wall_area += area;
      // The wall stands on x = -4 from world z 0.5 to 1.5 (file y is world z; file -z is world y).
      for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) {
        EXPECT_NEAR(v->x(), -4, 1e-6);
        EXPECT_TRUE(std::abs(v->z() - 0.5) < 1e-6 || std::abs(v->z() - 1.5) < 1e-6) << v->z();
      }
    } else {
      road_area += area;
      for (const Vec3* v : {&t.a_W, &t.b_W, &t.c_W}) {
        EXPECT_NEAR(v->z(), 0.5, 1e-6);
        EXPECT_GE(v->y(), -1e-6);
        EXPECT_LE(v->y(), 20 + 1e-6);
      }
    }
  }
  EXPECT_EQ(vertical, 2);
  EXPECT_NEAR(road_area, 8.0 * 20.0, 1e-6);
  EXPECT_NEAR(wall_area, 1.0 * 20.0, 1e-6);
}

TEST(AccReader, AMissingAccFileIsAnErrorNamingIt) {
  const std::string missing = (fs::temp_directory_path() / "no_such_track.acc").string();
  try {
    read_scene_graph(missing);
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_EQ(e.file(), missing);
  }
}

}  // namespace
}  // namespace crashbench
