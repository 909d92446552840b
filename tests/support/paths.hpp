#pragma once
// Paths of the source tree and the broken case files, for tests.
#include <string>

namespace crashbench::testing {

inline std::string source_path(const std::string& relative) { return std::string(CRASHBENCH_SOURCE_DIR) + "/" + relative; }
inline std::string testdata_path(const std::string& name) { return std::string(CRASHBENCH_TESTDATA_DIR) + "/" + name; }

}  // namespace crashbench::testing
