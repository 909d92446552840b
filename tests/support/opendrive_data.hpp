#pragma once
// The real OpenDRIVE files of ../shared/data/opendrive (esmini's and CARLA's Town01), which the repository
// does not hold: the suites on them carry the opt-in label `realscenes`. CRASHBENCH_OPENDRIVE_DATA names
// another folder.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "detectors/scenes/opendrive/lane_path.hpp"
#include "detectors/scenes/opendrive/odr_reader.hpp"

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

/// Whether a road of `file` outside junctions has a travel lane (odr::kTravelLaneTypes): a file without one
/// has no lane to stand or drive on (netconvert writes every lane of SUMO's racing network, where only
/// cars of class vip drive, as "restricted").
inline bool has_travel_lane(const std::string& file) {
  for (const odr::Road& road : odr::read_network(file).roads)
    for (const odr::LaneSection& section : road.sections)
      for (const auto* side : {&section.left, &section.right})
        for (const odr::Lane& lane : *side)
          if (!road.in_junction() && odr::is_travel_lane(lane)) return true;
  return false;
}

}  // namespace crashbench::testing
