#pragma once
// Collision needs no pixels, but `scene.collision`'s texture globs need each texture's file name. OSG's AC3D
// reader drops a texture whose image it cannot find, name and all (real tracks miss many: their shared
// textures live elsewhere), so a tree sprite would escape an exclusion on its texture. Scenes are read with
// these options: a texture image that cannot be found or read becomes a 1x1 placeholder that keeps the
// file name, and the miss is still sent as an error notification (counted in the load's summary).
#include <osgDB/Options>

namespace crashbench {

/// osgDB options for reading a scene file, keeping missing textures by their file names.
osg::ref_ptr<osgDB::Options> options_keeping_texture_names();

}  // namespace crashbench
