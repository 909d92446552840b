#pragma once
// What the suites iterate instead of lists of names: the registered parts, filtered by capability.
#include <cctype>
#include <string>
#include <vector>

#include "detectors/detector.hpp"
#include "detectors/scenes/registry/scene_library.hpp"
#include "models/dynamics/vehicle_dynamics.hpp"
#include "models/integrators/integrator.hpp"

namespace crashbench::testing {

/// Every registered detector's name.
inline std::vector<std::string> detector_names() {
  std::vector<std::string> names;
  for (const auto& e : detectors()) names.emplace_back(e.name);
  return names;
}

/// The registered detectors that read the scene's triangles (Detector::geometry()).
inline std::vector<std::string> triangle_detector_names() {
  std::vector<std::string> names;
  for (const auto& e : detectors())
    if (make_detector(e.name)->geometry() == SceneGeometry::kTriangles) names.emplace_back(e.name);
  return names;
}

/// The registered detectors that promise to allocate nothing per step (Detector::allocation_free).
inline std::vector<std::string> allocation_free_detector_names() {
  std::vector<std::string> names;
  for (const auto& e : detectors())
    if (make_detector(e.name)->allocation_free()) names.emplace_back(e.name);
  return names;
}

/// The registered scenes with a drive, except the benchmark-only million-triangle copies.
inline std::vector<const SceneEntry*> driven_scenes() {
  std::vector<const SceneEntry*> out;
  for (const SceneEntry& e : scene_registry().entries())
    if (e.drive && !e.benchmark_only) out.push_back(&e);
  return out;
}

/// Every registered integrator's name.
inline std::vector<std::string> integrator_names() {
  std::vector<std::string> names;
  for (const auto& e : integrators()) names.emplace_back(e.name);
  return names;
}

/// Every registered dynamics model's name.
inline std::vector<std::string> dynamics_names() {
  std::vector<std::string> names;
  for (const auto& e : dynamics_models()) names.emplace_back(e.name);
  return names;
}

/// A registered name as a GoogleTest parameter name ("osg-kdtree" -> "osg_kdtree").
inline std::string test_name(std::string name) {
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
}

}  // namespace crashbench::testing
