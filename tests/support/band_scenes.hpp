#pragma once
// Small scenes with the overhead traps of real tracks, for the height-band tests (detectors and cases):
// start banners over a road, one sagging into the rectangle's plane, and a bridge over a road.
#include <osg/Group>

#include <string>

#include "detectors/scenes/mesh_builder.hpp"
#include "detectors/scenes/scene_io.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

using Build = void (*)(MeshBuilder&);

inline void add_object(osg::Group& root, const char* name, Build build) {
  MeshBuilder mesh(name, osg::Vec4(0.5f, 0.5f, 0.5f, 1.0f));
  build(mesh);
  root.addChild(mesh.finish().get());
}

/// A road along X (|Y| < 8, z = 0) between barriers 1 m tall; a banner across it at X = 60 from 4 to 5 m
/// up; a second one at X = 120 whose lower edge sags to 0.4 m over the middle 6 m of the road (below the
/// rectangle's plane at CG height, 0.55 m, across more than the car's width); between them at X = 90 a
/// gantry drawn as one face, its posts beyond the barriers and its beam 4 to 5 m up, in one plane.
inline osg::ref_ptr<osg::Group> banner_graph() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  add_object(*root, "road", [](MeshBuilder& m) { m.quad({-20, -8, 0}, {200, -8, 0}, {200, 8, 0}, {-20, 8, 0}); });
  add_object(*root, "barriers", [](MeshBuilder& m) {
    for (double y : {-8.0, 8.0}) m.quad({-20, y, 0}, {200, y, 0}, {200, y, 1}, {-20, y, 1});
  });
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

/// A road along X (|Y| < 6, z = 0) between barriers 1 m tall, and over it at 94 < X < 106 a bridge along
/// Y: a deck 0.5 m thick (top at z = 5, underside, fascia faces at X = 94 and 106) with parapets 1 m tall
/// on both edges.
inline osg::ref_ptr<osg::Group> bridge_graph() {
  osg::ref_ptr<osg::Group> root = new osg::Group;
  add_object(*root, "road", [](MeshBuilder& m) { m.quad({-50, -6, 0}, {200, -6, 0}, {200, 6, 0}, {-50, 6, 0}); });
  add_object(*root, "barriers", [](MeshBuilder& m) {
    for (double y : {-6.0, 6.0}) m.quad({-50, y, 0}, {200, y, 0}, {200, y, 1}, {-50, y, 1});
  });
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
