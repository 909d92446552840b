#pragma once
// OpenSceneGraph's AC3D reader (osgdb_ac, 3.6.5) reads the count after "kids", "numvert", "numsurf" and
// "data" into a variable it never initialises. When the file ends right after such a word the count is
// whatever that memory held, and differs from one read to the next: the child (contained_read.hpp) may
// read the file in a moment and the second read then make billions of empty child objects until memory
// runs out (the scene-loader campaign's 2 GB stops; fuzz/regressions/scene_loader). A file that ends so is
// refused before either read.
#include <string>

namespace crashbench {

/// Throws Error(path) naming the word when the last word of the AC3D file `path` announces a count.
void refuse_ac3d_count_at_end(const std::string& path);

}  // namespace crashbench
