#pragma once
// A case's `scene.opendrive` block (docs/case-files.md): which lane types of an OpenDRIVE file are driven
// on, whether edge walls stand and how tall, how closely the surface follows the exact one.
#include "cases/case.hpp"
#include "core/json_reader.hpp"

namespace crashbench {

/// Reads `scene.opendrive` (`field`) into `scene.opendrive`; refused for a scene that is not a .xodr file.
void parse_opendrive(const JsonReader& field, SceneSpec& scene);

/// Refuses (at /scene/opendrive/edges/height) edge walls lower than any vehicle's CG height + 0.1 m: the
/// rectangle at CG height could never meet them.
void check_edge_height(const JsonReader& root, const Case& c);

}  // namespace crashbench
