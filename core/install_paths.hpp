#pragma once
// Where an installed crashbench keeps its shipped data: found from the running executable, so that an
// install tree can be moved as a whole (no absolute path baked in at build time).
#include <filesystem>

namespace crashbench {

/// <prefix>/share/crashbench when the running executable is <prefix>/bin/NAME and that folder exists;
/// empty otherwise (a build tree, a test binary).
std::filesystem::path installed_data_dir();

}  // namespace crashbench
