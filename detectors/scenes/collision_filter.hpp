#pragma once
// What in a scene file collides (a case's `scene.collision`, `crashbench scene info --exclude ...`): node
// names and an OSG node mask select the geometry that can be hit, so that a tree sprite or a start banner
// of a real track is scenery, not a wall. The road under the car is found among all triangles either way.
#include <cstdint>
#include <string>
#include <vector>

namespace crashbench {

struct CollisionFilter {
  /// Name globs (`*`, `?`, `[...]`): when any is given, only geometry under a node whose name matches one
  /// collides.
  std::vector<std::string> include;
  /// Name globs: geometry under a node whose name matches one never collides (exclusion wins).
  std::vector<std::string> exclude;
  /// Nodes whose mask shares no bit with this one are skipped with their subtree (OSG's convention).
  std::uint32_t node_mask = 0xffffffffu;
};

/// Whether `name` matches the shell-style glob `pattern` as a whole (POSIX fnmatch, no flags).
bool glob_matches(const std::string& pattern, const std::string& name);

}  // namespace crashbench
