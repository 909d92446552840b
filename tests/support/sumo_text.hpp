#pragma once
// Hand-written SUMO files for the reader tests: written to a temporary folder, with the line of any piece of
// text found in the text itself, so that no expected line number is taken from the reader.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <string>

#include <zlib.h>
#include <string_view>

#include "cases/traffic/sumo_files.hpp"
#include "core/error.hpp"
#include "tests/support/error_message.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

/// Writes `text` to `name` in this process's SUMO test folder; returns the path.
inline std::string write_sumo_file(const std::string& name, std::string_view text) {
  const std::string path = (temp_folder("sumo-files") / name).string();
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  return path;
}

/// Writes `text` gzipped (as SUMO writes an output named *.gz) to `name`; returns the path.
inline std::string write_gzipped_sumo_file(const std::string& name, std::string_view text) {
  const std::string path = (temp_folder("sumo-files") / name).string();
  gzFile out = gzopen(path.c_str(), "wb");
  EXPECT_NE(out, nullptr) << path;
  if (!out) return path;
  EXPECT_EQ(gzwrite(out, text.data(), static_cast<unsigned>(text.size())), static_cast<int>(text.size()));
  gzclose(out);
  return path;
}

/// The line (from 1) on which `needle` first appears in `text`.
inline int line_of(std::string_view text, std::string_view needle) {
  const auto at = text.find(needle);
  EXPECT_NE(at, std::string_view::npos) << "'" << needle << "' is not in the test's text";
  int line = 1;
  for (std::size_t i = 0; i < at && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

/// `row` with the attribute `key` set to `value`, or removed when `value` is nullopt.
inline std::string with_attribute(std::string row, std::string_view key, std::optional<std::string_view> value) {
  const std::string start = " " + std::string(key) + "=\"";
  const auto at = row.find(start);
  EXPECT_NE(at, std::string::npos) << "no " << key << " in " << row;
  const auto close = row.find('"', at + start.size());
  if (value)
    row.replace(at + start.size(), close - at - start.size(), *value);
  else
    row.erase(at, close + 1 - at);
  return row;
}

/// An FCD file as SUMO 1.15 writes it (a comment with its configuration first) around `timesteps`.
inline std::string fcd_text(std::string_view timesteps) {
  return std::string(R"(<?xml version="1.0" encoding="UTF-8"?>

<!-- generated on 2026-11-27 10:00:00 by Eclipse SUMO sumo Version 1.15.0
<configuration xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://sumo.dlr.de/xsd/sumoConfiguration.xsd">
    <input>
        <net-file value="grid.net.xml"/>
    </input>
    <output>
        <fcd-output value="fcd.xml"/>
    </output>
</configuration>
-->

<fcd-export xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://sumo.dlr.de/xsd/fcd_file.xsd">
)") + std::string(timesteps) +
         "</fcd-export>\n";
}

/// Reads a whole FCD file; returns the number of timesteps.
inline int read_whole_fcd(const std::string& path) {
  sumo::FcdReader reader(path);
  sumo::FcdFrame frame;
  int timesteps = 0;
  while (reader.next(frame)) ++timesteps;
  return timesteps;
}

/// Expects `e` to name `file` and `pointer` exactly, and its problem to contain `says`.
inline void expect_error(const Error& e, const std::string& file, const std::string& pointer, std::string_view says) {
  EXPECT_EQ(e.file(), file);
  EXPECT_EQ(e.pointer(), pointer);
  EXPECT_NE(e.problem().find(says), std::string::npos) << "'" << says << "' not in: " << e.problem();
}

}  // namespace crashbench::testing
