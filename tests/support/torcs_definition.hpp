#pragma once
// Small TORCS track definitions (TRACK.xml) for tests, written as TORCS's files are: a DOCTYPE that
// declares an external entity and uses it, sections of attnum/attstr values with units.
#include <fmt/format.h>

#include <string>
#include <vector>

namespace crashbench::testing {

/// A straight segment `lg` long in `unit`.
inline std::string torcs_straight(const std::string& name, double lg, const std::string& unit = "m") {
  return fmt::format("<section name=\"{}\">\n<attstr name=\"type\" val=\"str\"/>\n"
                     "<attnum name=\"lg\" unit=\"{}\" val=\"{}\"/>\n</section>\n", name, unit, lg);
}

/// A curve (`type` lft or rgt) of `radius` metres turning `arc_deg`; `extra` adds attributes or sections.
inline std::string torcs_curve(const std::string& name, const std::string& type, double radius, double arc_deg,
                               const std::string& extra = "") {
  return fmt::format("<section name=\"{}\">\n<attstr name=\"type\" val=\"{}\"/>\n"
                     "<attnum name=\"radius\" unit=\"m\" val=\"{}\"/>\n<attnum name=\"arc\" unit=\"deg\" val=\"{}\"/>\n"
                     "{}</section>\n", name, type, radius, arc_deg, extra);
}

/// A version 4 definition ("Track Segments") of a road `width` metres wide; `main_extra` adds to the
/// Main Track section (sides, borders).
inline std::string torcs_definition(double width, const std::vector<std::string>& segments,
                                    const std::string& main_extra = "", const std::string& list = "Track Segments") {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<!DOCTYPE params SYSTEM \"../../../src/libs/tgf/params.dtd\" [\n"
      "<!ENTITY default-surfaces SYSTEM \"/nonexistent/surfaces.xml\">\n]>\n"
      "<params name=\"small\" type=\"trackdef\" mode=\"mw\">\n"
      "<section name=\"Surfaces\"><section name=\"List\">&default-surfaces;</section></section>\n"
      "<section name=\"Main Track\">\n";
  out += fmt::format("<attnum name=\"width\" unit=\"m\" val=\"{}\"/>\n{}<section name=\"{}\">\n", width, main_extra, list);
  for (const std::string& s : segments) out += s;
  return out + "</section>\n</section>\n</params>\n";
}

}  // namespace crashbench::testing
