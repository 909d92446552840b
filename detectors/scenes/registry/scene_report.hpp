#pragma once
// What `crashbench scene info` prints about a scene graph: triangle counts, bounds, how many are vertical.
#include <string>

#include "detectors/scenes/registry/scene_library.hpp"

namespace crashbench {

/// A few lines describing the scene at `path` (read through osgDB, `options` applied): triangles in all,
/// degenerate, vertical (normal within the tolerance of horizontal), collision triangles, bounds [m], the
/// height band and how many collision triangles lie wholly above it (overhead).
/// Throws Error naming the file if it cannot be read.
std::string describe_scene_file(const std::string& path, const SceneOptions& options = {});

}  // namespace crashbench
