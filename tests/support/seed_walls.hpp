#pragma once
// The fuzz harness's seed walls (fuzz/seeds/scene/wall-EXT.bin: the first byte is the harness's format
// choice, the rest the file) as scene text, and a way to write an edited one where a test can load it.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/support/paths.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

/// The text of the seed wall in format `extension` ("ac", "osgt", ...).
inline std::string seed_wall_text(const std::string& extension) {
  std::ifstream in(source_path("fuzz/seeds/scene/wall-" + extension + ".bin"), std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return bytes.empty() ? bytes : bytes.substr(1);
}

/// Writes `text` as NAME.EXTENSION in the temporary folder `folder`; returns its path.
inline std::string write_scene_text(const std::string& folder, const std::string& name, const std::string& extension,
                                    const std::string& text) {
  const std::string path = (temp_folder(folder) / (name + "." + extension)).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace crashbench::testing
