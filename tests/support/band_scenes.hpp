#pragma once
// Small scenes with the overhead traps of real tracks, for the height-band tests (detectors and cases):
// start banners over a road, one sagging into the rectangle's plane, and a bridge over a road.
#include <osg/Group>

#include <string>

#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/files/scene_io.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

using Build = void (*)(MeshBuilder&);

inline void add_object(osg::Group& root, const char* name, Build build) {
  MeshBuilder mesh(name, osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  build(mesh);
  root.addChild(mesh.finish().get());
}

/// A road along X from `x0` to `x1` [m], |Y| < `half_width`, at z = 0, between barriers 1 m tall.
inline void add_road_between_barriers(osg::Group& root, double x0, double x1, double half_width) {
  MeshBuilder road("road", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f)), barriers("barriers", osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  road.quad({x0, -half_width, 0}, {x1, -half_width, 0}, {x1, half_width, 0}, {x0, half_width, 0});
  for (double y : {-half_width, half_width}) barriers.quad({x0, y, 0}, {x1, y, 0}, {x1, y, 1}, {x0, y, 1});
  root.addChild(road.finish().get());
  root.addChild(barriers.finish().get());
}

/// A road along X (|Y| < 8, z = 0) between barriers 1 m tall; a banner across it at X = 60 from 4 to 5 m
/// up; a second one at X = 120 whose lower edge sags to 0.4 m over the middle 6 m of the road (below the
/// rectangle's plane at CG height, 0.55 m, across more than the car's width); between them at X = 90 a
/// gantry drawn as one face, its posts beyond the barriers and its beam 4 to 5 m up, in one plane.
inline osg::ref_ptr<osg::Group> banner_graph() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  add_road_between_barriers(*root, -20, 200, 8);
  add_object(*root, "banner", [](MeshBuilder& m) { m.quad({60, -8, 4}, {60, 8, 4}, {60, 8, 5}, {60, -8, 5}); });
  add_object(*root, "gantry", [](MeshBuilder& m) {
    for (double y : {-9.0, 8.0}) m.quad({90, y, 0}, {90, y + 1, 0}, {90, y + 1, 5}, {90, y, 5});
    m.quad({90, -8, 4}, {90, 8, 4}, {90, 8, 5}, {90, -8, 5});
  });
  add_object(*root, "sagging-banner", [](MeshBuilder& m) {  // lower edge: 4 m at the barriers, 0.4 m for |Y| < 3
    m.triangle({120, -8, 4}, {120, -3, 0.4}, {120, -8, 5});
    m.triangle({120, -3, 0.4}, {120, 3, 0.4}, {120, -8, 5});
    m.triangle({120, 3, 0.4}, {120, 8, 5}, {120, -8, 5});
    m.triangle({120, 3, 0.4}, {120, 8, 4}, {120, 8, 5});
  });
  return root;
}

/// A road along X (|Y| < 8, z = 0) between barriers 1 m tall, and across it at X = 60 a banner on legs, all
/// in one plane: legs at 8 < |Y| < 9 drawn as TORCS draws tall things, in pieces 2 m high from the ground
/// to 8 m, and a beam from 6 to 8 m up. Each piece's heights overlap the next one's.
inline osg::ref_ptr<osg::Group> banner_on_legs_graph() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  add_road_between_barriers(*root, -20, 200, 8);
  add_object(*root, "banner", [](MeshBuilder& m) {
    for (double y : {-9.0, 8.0})
      for (double z = 0; z < 8; z += 2) m.quad({60, y, z}, {60, y + 1, z}, {60, y + 1, z + 2}, {60, y, z + 2});
    m.quad({60, -8, 6}, {60, 8, 6}, {60, 8, 8}, {60, -8, 8});
  });
  return root;
}

/// A road along X (|Y| < 6, z = 0) between barriers 1 m tall, and over it at 94 < X < 106 a bridge along
/// Y: a deck 0.5 m thick (top at z = 5, underside, fascia faces at X = 94 and 106) with parapets 1 m tall
/// on both edges.
inline osg::ref_ptr<osg::Group> bridge_graph() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  add_road_between_barriers(*root, -50, 200, 6);
  add_object(*root, "deck", [](MeshBuilder& m) {
    m.quad({94, -60, 5}, {106, -60, 5}, {106, 60, 5}, {94, 60, 5});
    m.quad({94, -60, 4.5}, {94, 60, 4.5}, {106, 60, 4.5}, {106, -60, 4.5});
    for (double x : {94.0, 106.0}) m.quad({x, -60, 4.5}, {x, 60, 4.5}, {x, 60, 5}, {x, -60, 5});
  });
  add_object(*root, "parapets", [](MeshBuilder& m) {
    for (double x : {94.0, 106.0}) m.quad({x, -60, 5}, {x, 60, 5}, {x, 60, 6}, {x, -60, 6});
  });
  return root;
}

/// `graph` written to FOLDER/NAME (a temporary folder, testing::temp_folder); returns the file's path.
inline std::string written_scene(const osg::Node& graph, const std::string& folder, const std::string& name) {
  const std::string path = (temp_folder(folder) / name).string();
  write_scene_graph(graph, path);
  return path;
}

}  // namespace crashbench::testing
