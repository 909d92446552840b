#include "detectors/scenes/collision_filter.hpp"

#include <fnmatch.h>

namespace crashbench {

bool glob_matches(const std::string& pattern, const std::string& name) {
  return ::fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

namespace {

bool any_matches(const std::vector<std::string>& globs, const std::vector<std::string>& names) {
  for (const std::string& glob : globs)
    for (const std::string& name : names)
      if (glob_matches(glob, name)) return true;
  return false;
}

}  // namespace

bool CollisionFilter::selects_by_name_or_texture() const {
  return !include.empty() || !exclude.empty() || !include_textures.empty() || !exclude_textures.empty();
}

bool CollisionFilter::admits_textures(const std::vector<std::string>& file_names) const {
  if (any_matches(exclude_textures, file_names)) return false;
  return include_textures.empty() || any_matches(include_textures, file_names);
}

}  // namespace crashbench
