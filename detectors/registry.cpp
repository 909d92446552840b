#include <array>

#include "core/registry_json.hpp"

#include "detectors/analytic_detector.hpp"
#include "detectors/brute_force_detector.hpp"
#include "detectors/detector.hpp"
#include "detectors/osg_detector.hpp"
#include "detectors/tree_detector.hpp"

namespace crashbench {
namespace {

constexpr std::array<RegistryEntry<DetectorFactory>, 6> kDetectors{{
    {"analytic", "exact rectangle-wall and rectangle-rectangle tests at CG height", &without_options<&make_analytic_detector>},
    // Scene-graph and triangle detectors (detectors/osg_detector, tree_detector, brute_force_detector).
    {"osg", "Knight: 4 edge segments through osgUtil::IntersectionVisitor, graph as loaded", &without_options<&make_osg_detector>},
    {"osg-optimized", "osg after osgUtil::Optimizer spatialisation of the groups", &without_options<&make_osg_optimized_detector>},
    {"osg-kdtree", "osg with osg::KdTree on every drawable", &without_options<&make_osg_kdtree_detector>},
    {"tree", "uniform 2D grid over the collision triangles' footprints", &make_tree_detector},
    {"brute-force", "every collision triangle, every step (reference)", &without_options<&make_brute_force_detector>},
}};

}  // namespace

Registry<RegistryEntry<DetectorFactory>>& detector_registry() {
  static Registry<RegistryEntry<DetectorFactory>> registry =
      registry_with<RegistryEntry<DetectorFactory>>("detector", kDetectors);
  return registry;
}

std::span<const RegistryEntry<DetectorFactory>> detectors() { return detector_registry().entries(); }

std::unique_ptr<Detector> make_detector(const JsonReader& detector) {
  return make_registered(detector, detectors(), "detector", "name");
}

std::unique_ptr<Detector> make_detector(std::string_view name) {
  return make_registered(name, detectors(), "detector", "name", "/detector");
}

}  // namespace crashbench
