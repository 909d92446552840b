#pragma once
// OpenSceneGraph's .osgt reader (osgdb_serializers_osg, 3.6.5) makes room for as many elements as a list
// announces ("vector 15000000 {") and then tries to read each one, throwing and catching an exception per
// element once the file is used up: a 2 KB file announcing 15 million vertices takes some 11 s and 200 MB
// per read, and crashbench reads a file twice (contained_read.hpp). Every announced list size is checked
// against what the rest of the file can hold before either read.
#include <string>

namespace crashbench {

/// Throws Error(path) naming the line when a list in the .osgt file `path` ("NAME N {") announces more
/// elements than the bytes after its "{" can hold (2 bytes at least each: the element and a blank).
/// Words are split as OSG's reader splits them: quoted strings are skipped whole.
void check_osgt_counts(const std::string& path);

}  // namespace crashbench
