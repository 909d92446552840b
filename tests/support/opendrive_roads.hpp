#pragma once
// OpenDRIVE roads written by hand for the tests: straight roads of one driving lane each side, at a height.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace crashbench::testing {

/// A 200 m straight road `id` from (x, y) along `heading` [rad] at height `z`, a 3.5 m lane of `type` each side.
inline std::string straight_road_xml(const std::string& id, double x, double y, double heading, double z,
                                     const std::string& type = "driving") {
  return fmt::format("<road id=\"{}\" length=\"200\" junction=\"-1\"><planView><geometry s=\"0\" x=\"{}\" y=\"{}\" hdg=\"{}\" "
                     "length=\"200\"><line/></geometry></planView><elevationProfile><elevation s=\"0\" a=\"{}\" b=\"0\" c=\"0\" "
                     "d=\"0\"/></elevationProfile><lanes><laneSection s=\"0\"><left><lane id=\"1\" type=\"{}\"><width "
                     "sOffset=\"0\" a=\"3.5\" b=\"0\" c=\"0\" d=\"0\"/></lane></left><center><lane id=\"0\" type=\"none\"/>"
                     "</center><right><lane id=\"-1\" type=\"{}\"><width sOffset=\"0\" a=\"3.5\" b=\"0\" c=\"0\" "
                     "d=\"0\"/></lane></right></laneSection></lanes></road>", id, x, y, heading, z, type, type);
}

/// Straight road `id` of `length` [m] from (`x`, `y`) along `heading` [rad], a 3.5 m driving lane either side,
/// its start joining junction `predecessor` and its end junction `successor` (each "" for none).
inline std::string junction_road_xml(const std::string& id, double x, double y, double heading, double length,
                                     const std::string& predecessor, const std::string& successor) {
  const auto link = [](const char* end, const std::string& junction) {
    if (junction.empty()) return std::string();
    return fmt::format("<{} elementType=\"junction\" elementId=\"{}\"/>", end, junction);
  };
  return fmt::format("<road id=\"{}\" length=\"{}\" junction=\"-1\"><link>{}{}</link><planView><geometry s=\"0\" "
                     "x=\"{}\" y=\"{}\" hdg=\"{}\" length=\"{}\"><line/></geometry></planView><lanes><laneSection "
                     "s=\"0\"><left><lane id=\"1\" type=\"driving\"><width sOffset=\"0\" a=\"3.5\" b=\"0\" c=\"0\" "
                     "d=\"0\"/></lane></left><center><lane id=\"0\" type=\"none\"/></center><right><lane id=\"-1\" "
                     "type=\"driving\"><width sOffset=\"0\" a=\"3.5\" b=\"0\" c=\"0\" d=\"0\"/></lane></right>"
                     "</laneSection></lanes></road>", id, length, link("predecessor", predecessor),
                     link("successor", successor), x, y, heading, length);
}

/// Road "k" as a polyline of two lines, as LGSVL draws its curves: 100.5 m along +X, then turned `turn` [rad]
/// left at (100.5, 0) for `after` m; a 3.5 m driving lane either side (centres 1.75 m off the line).
inline std::string kinked_road_xml(double turn, double after = 99.5) {
  return fmt::format(
      R"(<road id="k" length="{}"><planView><geometry s="0" x="0" y="0" hdg="0" length="100.5"><line/></geometry>)"
      R"(<geometry s="100.5" x="100.5" y="0" hdg="{}" length="{}"><line/></geometry></planView><lanes>)"
      R"(<laneSection s="0"><left><lane id="1" type="driving"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>)"
      R"(</left><center><lane id="0" type="none"/></center><right><lane id="-1" type="driving"><width sOffset="0" )"
      R"(a="3.5" b="0" c="0" d="0"/></lane></right></laneSection></lanes></road>)", 100.5 + after, turn, after);
}

/// Road "r", 20 m along +X, as CARLA's Town06 draws a driving lane that runs on while a 3.5 m lane of type
/// none inside it ends: up to s = 10 a laneOffset of 3.5 m, lane -1 of type none and the driving lane -2;
/// from s = 10 no offset and the driving lane -1 (-2's successor). The driving lane lies 0 to 3.5 m right of
/// the line throughout.
inline std::string offset_section_road_xml() {
  const auto lane = [](int id, const char* type, const std::string& links) {
    return fmt::format(R"(<lane id="{}" type="{}"><link>{}</link><width sOffset="0" a="3.5" b="0" c="0" d="0"/>)"
                       "</lane>", id, type, links);
  };
  return R"(<road id="r" length="20" junction="-1"><planView><geometry s="0" x="0" y="0" hdg="0" length="20">)"
         R"(<line/></geometry></planView><lanes><laneOffset s="0" a="3.5" b="0" c="0" d="0"/>)"
         R"(<laneOffset s="10" a="0" b="0" c="0" d="0"/><laneSection s="0"><center><lane id="0" type="none"/>)"
         "</center><right>" + lane(-1, "none", "") + lane(-2, "driving", R"(<successor id="-1"/>)") +
         R"(</right></laneSection><laneSection s="10"><center><lane id="0" type="none"/></center><right>)" +
         lane(-1, "driving", R"(<predecessor id="-2"/>)") + "</right></laneSection></lanes></road>";
}

/// Road "w", 100 m along +X: a 3.5 m driving lane -1, and beside it a driving lane -2 that opens from no
/// width to 3.5 m over x 0 to 20, closes again over x 80 to 90, each taper straight, and runs on with no
/// width to the end; then a shoulder. The outer edge of the drivable lanes runs from (0, -3.5) to (20, -7),
/// along y = -7, back to (90, -3.5) and on to (100, -3.5).
inline std::string tapered_lane_road_xml() {
  const auto section = [](double s, const std::string& opening) {
    return fmt::format(R"(<laneSection s="{}"><center><lane id="0" type="none"/></center><right>)"
                       R"(<lane id="-1" type="driving"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>)"
                       R"(<lane id="-2" type="driving"><width sOffset="0" {}/></lane>)"
                       R"(<lane id="-3" type="shoulder"><width sOffset="0" a="1" b="0" c="0" d="0"/></lane>)"
                       "</right></laneSection>", s, opening);
  };
  return R"(<road id="w" length="100" junction="-1"><planView><geometry s="0" x="0" y="0" hdg="0" length="100">)"
         R"(<line/></geometry></planView><lanes>)" + section(0, R"(a="0" b="0.175" c="0" d="0")") +
         section(20, R"(a="3.5" b="0" c="0" d="0")") + section(80, R"(a="3.5" b="-0.35" c="0" d="0")") +
         section(90, R"(a="0" b="0" c="0" d="0")") + "</lanes></road>";
}

/// Writes an OpenDRIVE 1.4 file of `roads` to `path`, its header holding `header` (elements such as
/// geoReference); returns the path as a string.
inline std::string write_opendrive(const std::filesystem::path& path, const std::string& roads,
                                   const std::string& header = "") {
  std::ofstream(path) << "<OpenDRIVE><header revMajor=\"1\" revMinor=\"4\">" << header << "</header>" << roads
                      << "</OpenDRIVE>";
  return path.string();
}

}  // namespace crashbench::testing
