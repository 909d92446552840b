#pragma once
// The tracks of Debian's torcs-data, for the opt-in `realscenes` tests: each track's definition
// (TRACK.xml) and the scene file it names as its "3d description".
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace crashbench::testing {

inline const std::filesystem::path kTorcsTracks = "/usr/share/games/torcs/tracks";

/// The collision set a real track needs (docs/scenes.md "Driving the tracks"): walls within 45 degrees of
/// vertical, no tree sprites (nodes named TREE*, textures named tree* or *-trees*) nor dirt-3's grass clumps.
inline nlohmann::json torcs_collision_set() {
  return {{"vertical_within_deg", 45},
          {"exclude", {"TREE*"}},
          {"exclude_textures", {"[Tt]ree*", "*-trees*", "grass-clump*"}}};
}

/// A track: its definition and its scene file.
struct TorcsTrackFiles {
  std::filesystem::path definition, scene;
  std::string name() const { return definition.stem().string(); }
};

/// Every track whose definition names a scene file that exists, in path order.
inline std::vector<TorcsTrackFiles> torcs_tracks() {
  namespace fs = std::filesystem;
  std::vector<TorcsTrackFiles> out;
  if (!fs::is_directory(kTorcsTracks)) return out;
  const std::regex attr("name=\"3d description\"\\s+val=\"([^\"]+)\"");
  for (const auto& entry : fs::recursive_directory_iterator(kTorcsTracks)) {
    if (entry.path().extension() != ".xml") continue;
    std::ifstream in(entry.path());
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::smatch m;
    if (std::regex_search(text, m, attr) && fs::exists(entry.path().parent_path() / m[1].str()))
      out.push_back({entry.path(), entry.path().parent_path() / m[1].str()});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.definition < b.definition; });
  return out;
}

}  // namespace crashbench::testing
