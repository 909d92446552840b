#pragma once
// Collision needs no pixels, but `scene.collision`'s texture globs need each texture's file name. OSG's AC3D
// reader drops a texture whose image it cannot find, name and all (real tracks miss many: their shared
// textures live elsewhere), so a tree sprite would escape an exclusion on its texture. Scenes are read with
// these options: a texture image becomes a 1x1 placeholder that keeps the file name, undecoded (two thirds
// of a TORCS track's read went to decoding images collision never looks at), and one that cannot be
// found is still sent as an error notification (counted in the load's summary). A conversion to another
// file format asks for the images themselves.
#include <osgDB/Options>

namespace crashbench {

/// osgDB options for reading a scene file, keeping textures by their file names; with `decode_images` the
/// images that can be read are read (`scene convert`), the others still kept by name.
osg::ref_ptr<osgDB::Options> options_keeping_texture_names(bool decode_images = false);

}  // namespace crashbench
