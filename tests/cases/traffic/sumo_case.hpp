#pragma once
// Small SUMO files written by hand for the traffic tests: an FCD of given rows, and a case on the l-rail
// that reads it (the l-rail's walls are far from the rows these tests write).
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cases/loading/case_loader.hpp"

namespace crashbench::testing {

/// One FCD row: SUMO's id, front-bumper middle, navigational angle, speed and vType.
struct FcdRow {
  std::string id;
  double x = 0, y = 0, angle_deg = 0, speed = 0;
  std::string type = "car";
};
/// One timestep's rows: vehicles, and persons (pedestrians).
struct FcdStep {
  double time = 0;
  std::vector<FcdRow> rows;
  std::vector<FcdRow> persons = {};
};

/// Writes `steps` as SUMO 1.15 writes an FCD (four decimals, as --precision 4 gives).
inline void write_fcd(const std::filesystem::path& path, const std::vector<FcdStep>& steps) {
  std::ofstream out(path);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fcd-export>\n";
  for (const FcdStep& s : steps) {
    out << fmt::format("    <timestep time=\"{:.2f}\">\n", s.time);
    for (const FcdRow& r : s.rows)
      out << fmt::format("        <vehicle id=\"{}\" x=\"{:.4f}\" y=\"{:.4f}\" angle=\"{:.4f}\" type=\"{}\" speed=\"{:.4f}\"/>\n",
                         r.id, r.x, r.y, r.angle_deg, r.type, r.speed);
    for (const FcdRow& p : s.persons)
      out << fmt::format("        <person id=\"{}\" x=\"{:.4f}\" y=\"{:.4f}\" angle=\"{:.4f}\" speed=\"{:.4f}\" pos=\"1.0000\" "
                         "edge=\":j_c0\" slope=\"0.0000\"/>\n", p.id, p.x, p.y, p.angle_deg, p.speed);
    out << "    </timestep>\n";
  }
  out << "</fcd-export>\n";
}

/// A vType file: "car", `length` x `width` [m], `mass` [kg].
inline void write_car_type(const std::filesystem::path& path, double length, double width, double mass) {
  std::ofstream(path) << fmt::format("<routes>\n  <vType id=\"car\" length=\"{}\" width=\"{}\" mass=\"{}\"/>\n</routes>\n",
                                     length, width, mass);
}

/// A case in `dir` on the l-rail with the FCD `dir`/fcd.xml (and its `extra` traffic keys), `duration` [s].
inline Case traffic_case(const std::filesystem::path& dir, double duration, nlohmann::json extra = nlohmann::json::object(),
                         const std::string& application = "reset") {
  nlohmann::json traffic = {{"sumo_fcd", "fcd.xml"}};
  traffic.update(extra);
  const nlohmann::json doc = {{"name", "sumo-traffic"},
                              {"scene", "l-rail"},
                              {"detector", "analytic"},
                              {"response", {{"model", "restitution"}, {"restitution", 0.2}}},
                              {"application", application},
                              {"duration", duration},
                              {"vehicles", nlohmann::json::array()},
                              {"traffic", traffic}};
  return parse_case(doc, (dir / "case.json").string());
}

}  // namespace crashbench::testing
