#pragma once
// AC3D files (`.ac`, and TORCS's `.acc` through acc_reader.hpp) read in this process, about ten times
// faster than OpenSceneGraph's own AC3D reader in its child process: OSG parses every number with
// `stream >> float`, and the child then sends its graph back as `.osgb` (contained_read.hpp), which costs as
// much again. On forza.acc the whole `scene info` took about 1 s and 0.5 s was the read.
//
// The graph is the one OSG's reader (osgdb_ac, 3.6.5) makes: a group per object with its name and urls,
// a geode per material and shading/sidedness pair with its state (material, texture, culling, shading), a
// geometry with the same vertices in the same primitives in the same order, the root named as that reader
// names it. It differs in what collision never reads: no normals (the reader smooths them across a
// crease angle) and no shared vertices (a primitive's corners are laid out in turn). scene_io.cpp uses it
// only where images are not decoded (`scene convert` keeps OSG's reader for its textures and normals).
// What ac3d_parse.hpp declines still goes to OSG's reader in the child, as every file did before.
#include <osg/Group>
#include <osgDB/Options>

#include <string>

#include "detectors/scenes/files/ac3d_parse.hpp"

namespace crashbench {

/// The graph OSG's AC3D reader makes of `model`, its textures looked up through `options` as that reader
/// looks them up (osgDB::findDataFile, then osgDB::readRefImageFile), each name once, in the order the
/// file first names them: the same notifications, in the same order. `root_name` names the root.
osg::ref_ptr<osg::Group> build_ac3d_graph(const Ac3dModel& model, const osgDB::Options* options,
                                          const std::string& root_name);

/// The AC3D or `.acc` file `path` read in this process with `options` (texture_placeholders.hpp) as
/// osgDB would read it with OSG's reader, or null when ac3d_parse.hpp declines it (`declined` then says why).
osg::ref_ptr<osg::Node> read_ac3d_here(const std::string& path, const osgDB::Options* options, std::string& declined);

}  // namespace crashbench
