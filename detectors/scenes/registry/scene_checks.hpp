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
/// height (Z extent) exceeds both 10 m and twice the Y extent. `triangles` are every face the scene draws,
/// not its collision set, which may be its walls alone.
std::string up_axis_warning(const std::string& name, const std::vector<Triangle>& triangles, UpAxis read_as);

/// A warning when the graph's float vertex arrays hold coordinates so far from their origin that a float
/// rounds them by more than 1 cm (beyond 2^18 m = 262 km: a UTM easting or northing), "" otherwise. A
/// transform above the geometry keeps its offset in double, so only the arrays' own values count.
std::string float_precision_warning(const std::string& name, osg::Node& graph);

}  // namespace crashbench
