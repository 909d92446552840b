#include "detectors/scenes/registry/l_rail.hpp"

#include "detectors/scenes/mesh_builder.hpp"

namespace crashbench {
namespace {

/// A wall box with its front face on a->b, `back_W` the unit direction from the front face into the wall,
/// cut into `panels` along its length: per panel front, back and top quads; plus two end caps.
void add_wall_box(MeshBuilder& mesh, const Vec2& a_W, const Vec2& b_W, const Vec2& back_W, int panels) {
  const Vec2 depth_W = back_W * kLRailThickness;
  const auto at = [](const Vec2& p, double z) { return Vec3(p.x(), p.y(), z); };
  const double h = kLRailHeight;
  for (int k = 0; k < panels; ++k) {
    const Vec2 p0 = a_W + (b_W - a_W) * (static_cast<double>(k) / panels);
    const Vec2 p1 = a_W + (b_W - a_W) * (static_cast<double>(k + 1) / panels);
    const Vec2 q0 = p0 + depth_W, q1 = p1 + depth_W;
    mesh.quad(at(p0, 0), at(p1, 0), at(p1, h), at(p0, h));  // front
    mesh.quad(at(q1, 0), at(q0, 0), at(q0, h), at(q1, h));  // back
    mesh.quad(at(p0, h), at(p1, h), at(q1, h), at(q0, h));  // top
    if (k % 4 == 3) mesh.end_chunk();
  }
  mesh.quad(at(a_W + depth_W, 0), at(a_W, 0), at(a_W, h), at(a_W + depth_W, h));  // cap at a
  mesh.quad(at(b_W, 0), at(b_W + depth_W, 0), at(b_W + depth_W, h), at(b_W, h));  // cap at b
  mesh.end_chunk();
}

/// Flat ground z = 0 over the inside of the L, nx by ny quads, one chunk per row.
void add_ground(MeshBuilder& mesh, int nx, int ny) {
  const double x0 = kLRailSideStartX, dx = (kLRailCornerX - kLRailSideStartX) / nx;
  const double dy = kLRailEndWallY / ny;
  for (int j = 0; j < ny; ++j) {
    for (int i = 0; i < nx; ++i) {
      const double xa = x0 + i * dx, xb = xa + dx, ya = j * dy, yb = ya + dy;
      mesh.quad({xa, ya, 0}, {xb, ya, 0}, {xb, yb, 0}, {xa, yb, 0});
    }
    mesh.end_chunk();
  }
}

}  // namespace

GeneratedScene make_l_rail() {
  MeshBuilder walls("l-rail-walls", {0.7f, 0.7f, 0.7f, 1});
  // Side wall: front face Y = 0, thickness towards -Y; 26 panels of 5 m -> 26 * 6 + 4 = 160 triangles.
  add_wall_box(walls, {kLRailSideStartX, 0}, {kLRailCornerX, 0}, {0, -1}, 26);
  // End wall: front face X = 100 from behind the side wall to Y = 40, thickness towards +X;
  // 8 panels -> 52 triangles.
  add_wall_box(walls, {kLRailCornerX, -kLRailThickness}, {kLRailCornerX, kLRailEndWallY}, {1, 0}, 8);
  MeshBuilder ground("l-rail-ground", {0.3f, 0.5f, 0.3f, 1});
  add_ground(ground, 20, 10);  // 400 triangles

  osg::ref_ptr<osg::Group> root = new osg::Group;
  root->setName("l-rail");
  root->addChild(walls.finish().get());
  root->addChild(ground.finish().get());
  GeneratedScene out;
  out.graph = root;
  out.walls = {{{kLRailSideStartX, 0}, {kLRailCornerX, 0}}, {{kLRailCornerX, 0}, {kLRailCornerX, kLRailEndWallY}}};
  return out;
}

GeneratedScene make_straight_wall_scene() {
  const WallFootprint& w = kStraightWall[0];
  MeshBuilder walls("straight-wall", {0.7f, 0.7f, 0.7f, 1});
  // Front face Y = 0 from X = -50 to 250 m, thickness towards -Y; 60 panels of 5 m -> 364 triangles.
  add_wall_box(walls, {w.ax, w.ay}, {w.bx, w.by}, {0, -1}, 60);
  osg::ref_ptr<osg::Group> root = new osg::Group;
  root->setName("straight-wall");
  root->addChild(walls.finish().get());
  GeneratedScene out;
  out.graph = root;
  out.walls = {w.segment()};
  return out;
}

}  // namespace crashbench
