#include "detectors/scenes/ac3d_guard.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>

#include "core/error.hpp"

namespace crashbench {

void refuse_ac3d_count_at_end(const std::string& path) {
  // The last word lies in the file's tail: a tail with no blank in it ends with no such short word.
  constexpr std::streamoff kTail = 64;
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  const std::streamoff size = in.tellg();
  if (!in || size <= 0) return;
  in.seekg(std::max<std::streamoff>(0, size - kTail));
  std::string tail(static_cast<std::size_t>(std::min(size, kTail)), '\0');
  in.read(tail.data(), static_cast<std::streamsize>(tail.size()));
  const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!tail.empty() && blank(tail.back())) tail.pop_back();
  const auto start = std::find_if(tail.rbegin(), tail.rend(), blank).base();
  const std::string last(start, tail.end());
  for (const char* word : std::array{"kids", "numvert", "numsurf", "data"})
    if (last == word)
      throw Error(path, "", "the file ends at '" + last + "' without the count it announces (OpenSceneGraph's "
                            "AC3D reader would take the count from uninitialised memory)");
}

}  // namespace crashbench
