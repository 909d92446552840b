#include "detectors/scenes/collision_filter.hpp"

#include <fnmatch.h>

namespace crashbench {

bool glob_matches(const std::string& pattern, const std::string& name) {
  return ::fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

}  // namespace crashbench
