#pragma once
// The OpenDRIVE test bend (tests/testdata/opendrive/bend.xodr) moved to a UTM position, as a georeferenced
// file places its roads: a float rounds a coordinate there by up to half a metre.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <tuple>

#include "core/math.hpp"
#include "tests/support/paths.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

/// How far the bend is moved: a northing of 5,000 km [m].
inline const Vec2 kFar(512345.0, 5012345.0);

/// The bend with its three plan-view records each moved by kFar, written to a temporary folder.
inline std::filesystem::path far_bend() {
  std::ifstream in(testdata_path("opendrive/bend.xodr"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::tuple<std::string, double, double> starts[] = {{R"(x="0" y="0")", 0, 0},
                                                            {R"(x="30" y="0")", 30, 0},
                                                            {R"(x="49.920148011" y="1.329528655")", 49.920148011,
                                                             1.329528655}};
  for (const auto& [from, x, y] : starts) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos)
      text.replace(at, from.size(), fmt::format(R"(x="{:.9f}" y="{:.9f}")", kFar.x() + x, kFar.y() + y));
  }
  const auto file = temp_folder("opendrive-far") / "far-bend.xodr";
  std::ofstream(file) << text;
  return file;
}

}  // namespace crashbench::testing
