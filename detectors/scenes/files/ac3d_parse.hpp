#pragma once
// The AC3D text of a scene file read as OpenSceneGraph's AC3D reader (osgdb_ac, 3.6.5) reads it, word for
// word and float for float, into plain data: for the files that reader reads without a complaint, which are
// every AC3D file of torcs-data. Anything else (a word it would warn about, a concave polygon it would hand
// to the GLU tessellator, a light, a number `stream >> float` would read otherwise, a count the file does
// not hold) is declined with the reason, and the file goes to OpenSceneGraph's reader in its own process
// (contained_read.hpp), its counts checked first (ac3d_guard.hpp).
// ac3d_reader.hpp turns the data into the graph that reader makes.
#include <osg/Vec2>
#include <osg/Vec3>
#include <osg/Vec4>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace crashbench {

struct Ac3dMaterial {
  std::string name;
  osg::Vec4 diffuse, ambient, emission, specular;  ///< as read: alpha 0 until the transparency sets it
  float shininess = 0;
  float transparency = 0;
};

/// One of an object's geodes: the lines of one material, or its surfaces with one pair of shading and
/// sidedness flags.
struct Ac3dBin {
  unsigned material = 0;
  bool lines = false;
  bool line_loops = false;  ///< lines drawn closed (as the bin's first line says: the reader's rule)
  bool smooth = false;
  bool two_sided = false;
  int texture = -1;  ///< into Ac3dModel::textures; -1 for none
  /// Every corner of the bin's triangles, then of its quads, then of its polygons, in file order within each
  /// (the order OSG's reader lays its primitives out in), with its texture coordinates (offset and repeat applied).
  std::vector<osg::Vec3> corners;
  std::vector<osg::Vec2> texcoords;
  std::size_t triangle_corners = 0;
  std::size_t quad_corners = 0;
  std::vector<unsigned> polygon_sizes;
  std::vector<unsigned> line_sizes;  ///< each line's corners, in turn (a line bin has nothing else)
};

struct Ac3dObject {
  std::string name;
  std::vector<std::string> urls;
  std::vector<Ac3dBin> geodes;  ///< the group's first children, in the reader's order
  std::vector<Ac3dObject> kids;  ///< then these
};

struct Ac3dModel {
  std::vector<Ac3dMaterial> materials;
  std::vector<std::string> textures;  ///< each texture name once, in the order the file first names it
  /// Materials and textures in the order the reader makes them (a material as it is read, a texture as it
  /// is first named), each {is a texture, index}: what they send OSG's notifications in that order.
  std::vector<std::pair<bool, int>> made;
  Ac3dObject root;
};

struct Ac3dParse {
  std::optional<Ac3dModel> model;
  std::string declined;  ///< why the text is left to OSG's reader ("line N: ..."), when there is no model
};

/// The AC3D text `text` (the header word first) as OSG's AC3D reader reads it, or why not.
Ac3dParse parse_ac3d(std::string_view text);

}  // namespace crashbench
