#pragma once
// The real OpenDRIVE files of ../shared/data/opendrive (esmini's and CARLA's Town01), which the repository
// does not hold: the suites on them carry the opt-in label `realscenes`. CRASHBENCH_OPENDRIVE_DATA names
// another folder.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace crashbench::testing {

inline std::filesystem::path opendrive_data_folder() {
  if (const char* env = std::getenv("CRASHBENCH_OPENDRIVE_DATA")) return env;
  return std::filesystem::path(CRASHBENCH_SOURCE_DIR) / ".." / "shared" / "data" / "opendrive";
}

/// The .xodr files in opendrive_data_folder(), sorted; none if the folder is missing.
inline std::vector<std::string> opendrive_data_files() {
  std::error_code ec;
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(opendrive_data_folder(), ec))
    if (e.path().extension() == ".xodr") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace crashbench::testing
