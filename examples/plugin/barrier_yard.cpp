// A generated scene as a crashbench plugin: a yard closed by four concrete walls, built panel by panel as
// a modelling tool would, with the wall footprints (Scene::walls) the `analytic` detector drives against.
// Each panel gives one footprint piece; collinear pieces that continue one another are merged into one
// footprint per wall face before the scene is returned: the analytic detector reports one contact per
// footprint, so a face left in pieces would be hit once per piece it crosses (docs/plugins.md).
// World frame W (X east, Y north, Z up) [m].
#include <array>
#include <cmath>
#include <span>
#include <vector>

#include "cases/plugin.hpp"
#include "detectors/scenes/mesh_builder.hpp"

namespace {

using crashbench::Vec2;
using crashbench::Vec3;
using crashbench::WallSegment;

constexpr double kLength = 80;      // the yard's inside along X [m]
constexpr double kWidth = 30;       // and along Y [m]
constexpr double kThickness = 0.3;  // each wall's thickness behind its face [m]
constexpr double kHeight = 1.0;     // wall height above the ground (z = 0) [m]
constexpr double kPanel = 4;        // panel length along a wall [m]
constexpr double kJoin = 1e-9;      // pieces closer than this continue one another [m]

/// A wall's face towards the yard, from `a` to `b`, the yard on its left.
struct Face {
  Vec2 a_W, b_W;
};

/// The faces counter-clockwise from the south-west corner. Each starts behind the previous wall (by the
/// thickness) so that the wall boxes fill the corners without overlapping.
const std::array<Face, 4> kFaces{{
    {{-kThickness, 0}, {kLength, 0}},                // south, face Y = 0
    {{kLength, -kThickness}, {kLength, kWidth}},     // east, face X = 80
    {{kLength + kThickness, kWidth}, {0, kWidth}},   // north, face Y = 30
    {{0, kWidth + kThickness}, {0, 0}},              // west, face X = 0
}};

Vec3 at(const Vec2& p, double z) { return {p.x(), p.y(), z}; }

/// The wall box behind `face`, in panels of at most kPanel: per panel its front, back and top quads and its
/// footprint piece (the front face seen from above); the two end caps close the box.
void add_wall(crashbench::MeshBuilder& mesh, const Face& face, std::vector<WallSegment>& pieces) {
  const Vec2 along = face.b_W - face.a_W;
  const Vec2 depth = -crashbench::perp(along.normalized()) * kThickness;  // away from the yard, on the right
  const int panels = static_cast<int>(std::ceil(along.norm() / kPanel));
  for (int k = 0; k < panels; ++k) {
    const Vec2 p0 = face.a_W + along * (static_cast<double>(k) / panels);
    const Vec2 p1 = face.a_W + along * (static_cast<double>(k + 1) / panels);
    mesh.quad(at(p0, 0), at(p1, 0), at(p1, kHeight), at(p0, kHeight));                              // front
    mesh.quad(at(p1 + depth, 0), at(p0 + depth, 0), at(p0 + depth, kHeight), at(p1 + depth, kHeight));  // back
    mesh.quad(at(p0, kHeight), at(p1, kHeight), at(p1 + depth, kHeight), at(p0 + depth, kHeight));   // top
    pieces.push_back({p0, p1});
  }
  const Vec2 a = face.a_W, b = face.b_W;
  mesh.quad(at(a + depth, 0), at(a, 0), at(a, kHeight), at(a + depth, kHeight));  // cap at a
  mesh.quad(at(b, 0), at(b + depth, 0), at(b + depth, kHeight), at(b, kHeight));  // cap at b
  mesh.end_chunk();
}

/// Whether `piece` continues `wall`: it starts where the wall ends and runs the same way on its line.
bool continues(const WallSegment& wall, const WallSegment& piece) {
  const Vec2 d = (wall.b_W - wall.a_W).normalized(), e = piece.b_W - piece.a_W;
  return (piece.a_W - wall.b_W).norm() <= kJoin && std::abs(crashbench::cross(d, e)) <= kJoin && d.dot(e) > 0;
}

/// One footprint per run of pieces that continue one another. crashbench merges the footprints it derives
/// from a file's triangles (wall_footprints), but takes a generator's walls as given.
std::vector<WallSegment> merge_collinear(std::span<const WallSegment> pieces) {
  std::vector<WallSegment> walls;
  for (const WallSegment& piece : pieces) {
    if (!walls.empty() && continues(walls.back(), piece)) walls.back().b_W = piece.b_W;
    else walls.push_back(piece);
  }
  return walls;
}

crashbench::Scene make_barrier_yard() {
  crashbench::MeshBuilder mesh("barrier-yard-walls", {0.7f, 0.7f, 0.7f, 1});
  std::vector<WallSegment> pieces;
  for (const Face& face : kFaces) add_wall(mesh, face, pieces);
  osg::ref_ptr<osg::Group> root = new osg::Group;
  root->setName("barrier-yard");
  root->addChild(mesh.finish().get());
  // 58 pieces become the 4 faces; make_scene extracts the collision triangles for the triangle detectors.
  return crashbench::make_scene({root, merge_collinear(pieces)});
}

void register_parts(crashbench::PluginHost& host) {
  host.add_scene({"barrier-yard", "example plugin: an 80 x 30 m yard inside four walls of 4 m panels",
                  &make_barrier_yard});
}

}  // namespace

CRASHBENCH_PLUGIN(register_parts)
