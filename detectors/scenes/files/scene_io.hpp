#pragma once
// Scene graphs to and from files through osgDB: any format with a reader/writer plugin
// (.osgt, .osgb, .ive, OpenFlight .flt, .obj, .3ds, .ac, ...). Problems throw crashbench::Error naming the file.
#include <osg/Node>
#include <osg/ref_ptr>
#include <string>

namespace crashbench {

/// Reads `path` (already resolved by the caller), texture images kept by name only unless
/// `decode_images` (texture_placeholders.hpp). Throws Error(path) if the file is missing, no plugin
/// handles its extension, or the plugin cannot read it.
osg::ref_ptr<osg::Node> read_scene_graph(const std::string& path, bool decode_images = false);

/// Writes `graph` to `path` in the format its extension names. Throws Error(path) on failure.
void write_scene_graph(const osg::Node& graph, const std::string& path);

}  // namespace crashbench
