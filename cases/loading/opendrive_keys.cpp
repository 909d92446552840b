#include "cases/loading/opendrive_keys.hpp"

#include <fmt/format.h>

#include "detectors/scenes/opendrive/opendrive_scene.hpp"

namespace crashbench {

/// `scene.opendrive`: how an OpenDRIVE file becomes a scene (docs/case-files.md).
void parse_opendrive(const JsonReader& field, SceneSpec& scene) {
  if (!is_opendrive_file(scene.file)) field.fail("applies to OpenDRIVE files (.xodr) only");
  field.only_keys({"drivable", "edges", "tolerance"});
  if (const auto list = field.find("drivable")) {
    scene.opendrive.drivable.clear();
    for (std::size_t i = 0; i < list->array_size(); ++i) {
      scene.opendrive.drivable.push_back(list->at(i).string());
      if (scene.opendrive.drivable.back().empty()) list->at(i).fail("expected a lane type such as \"driving\"");
    }
  }
  if (const auto edges = field.find("edges")) {
    if (!edges->is_object()) edges->fail("expected {\"height\": metres} (an empty object: 1 m)");
    edges->only_keys({"height"});
    scene.opendrive.edge_height = edges->has("height") ? edges->at("height").number_in(0.1, 100.0) : kDefaultEdgeHeight;
  }
  if (const auto t = field.find("tolerance")) scene.opendrive.tolerance = t->number_in(1e-4, 1.0);
}

/// Edge walls lower than a car's CG plane + 0.1 m are walls its rectangle cannot see: refused.
void check_edge_height(const JsonReader& root, const Case& c) {
  if (!(c.scene.opendrive.edge_height > 0)) return;
  for (std::size_t i = 0; i < c.vehicles.size(); ++i)
    if (c.scene.opendrive.edge_height < c.vehicles[i].params.cg_height + 0.1)
      root.at("scene").at("opendrive").at("edges").at("height").fail(fmt::format(
          "{:g} m is lower than vehicle {}'s CG height {:g} m + 0.1 m: its rectangle at CG height would never meet "
          "the walls", c.scene.opendrive.edge_height, i, c.vehicles[i].params.cg_height));
}

}  // namespace crashbench
