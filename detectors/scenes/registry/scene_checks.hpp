#pragma once
// Checks of a loaded scene that catch a wrong load option before it silently gives zero impacts.
#include <string>
#include <vector>

#include "detectors/scenes/registry/scene_library.hpp"

namespace crashbench {

/// A warning naming the `up_axis` option when the scene, read with `read_as`, looks as if its file's up
/// axis were the other one; "" otherwise. A driving scene's flat area (road, terrain) faces up and it is
/// wider than it is tall; read on its side, its flat area faces +-Y and it stands taller than it is deep.
/// The rule: the area facing +-Y (normal within 30 deg of Y) exceeds twice the area facing +-Z, and the
/// height (Z extent) exceeds both 10 m and twice the Y extent. Scenes of walls only never trigger it.
std::string up_axis_warning(const std::string& name, const std::vector<Triangle>& triangles, UpAxis read_as);

}  // namespace crashbench
