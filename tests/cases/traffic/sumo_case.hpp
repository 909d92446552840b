#pragma once
// Small SUMO files written by hand for the traffic tests: an FCD of given rows or drives, and a case on the
// l-rail (whose walls are far from the rows these tests write) or on OpenDRIVE roads that reads it.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>
#include <vector>

#include "cases/loading/case_loader.hpp"
#include "tests/support/opendrive_roads.hpp"
#include "tests/support/temp_folder.hpp"

namespace crashbench::testing {

/// One FCD row: SUMO's id, front-bumper middle, navigational angle, speed and vType.
struct FcdRow {
  std::string id;
  double x = 0, y = 0, angle_deg = 0, speed = 0;
  std::string type = "car";
};
/// One timestep's rows: vehicles, persons (pedestrians) and containers (freight).
struct FcdStep {
  double time = 0;
  std::vector<FcdRow> rows;
  std::vector<FcdRow> persons = {};
  std::vector<FcdRow> containers = {};
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
    for (const auto& [element, rows] : {std::pair{"person", &s.persons}, std::pair{"container", &s.containers}})
      for (const FcdRow& p : *rows)
        out << fmt::format("        <{} id=\"{}\" x=\"{:.4f}\" y=\"{:.4f}\" angle=\"{:.4f}\" speed=\"{:.4f}\" "
                           "pos=\"1.0000\" edge=\":j_c0\" slope=\"0.0000\"/>\n",
                           element, p.id, p.x, p.y, p.angle_deg, p.speed);
    out << "    </timestep>\n";
  }
  out << "</fcd-export>\n";
}

/// A vehicle driving at `speed` along navigational `angle_deg` from front position (`x0`, `y0`) at `t0`
/// until `t1` [s].
struct Drive {
  std::string id;
  double t0 = 0, t1 = 0, x0 = 0, y0 = 0, angle_deg = 0, speed = 0;
};

/// A fresh folder `name` holding fcd.xml: a timestep every 0.1 s from 0 to `last` with the rows of `drives`,
/// of `walks` as persons and of `freight` as containers.
inline std::filesystem::path fcd_folder(const std::string& name, double last, const std::vector<Drive>& drives,
                                        const std::vector<Drive>& walks = {}, const std::vector<Drive>& freight = {}) {
  std::vector<FcdStep> steps;
  for (int k = 0; k * 0.1 <= last + 1e-9; ++k) steps.push_back({k * 0.1, {}});
  for (const auto& [moves, rows] : {std::pair{&drives, &FcdStep::rows}, std::pair{&walks, &FcdStep::persons},
                                    std::pair{&freight, &FcdStep::containers}})
    for (const Drive& d : *moves) {
      const double a = (90.0 - d.angle_deg) * std::numbers::pi / 180.0;
      for (FcdStep& s : steps)
        if (s.time >= d.t0 - 1e-9 && s.time <= d.t1 + 1e-9)
          (s.*rows).push_back({d.id, d.x0 + d.speed * (s.time - d.t0) * std::cos(a),
                               d.y0 + d.speed * (s.time - d.t0) * std::sin(a), d.angle_deg, d.speed});
    }
  const auto dir = fresh_temp_folder(name);
  write_fcd(dir / "fcd.xml", steps);
  return dir;
}

/// A vType file: "car", `length` x `width` [m], `mass` [kg].
inline void write_car_type(const std::filesystem::path& path, double length, double width, double mass) {
  std::ofstream(path) << fmt::format("<routes>\n  <vType id=\"car\" length=\"{}\" width=\"{}\" mass=\"{}\"/>\n</routes>\n",
                                     length, width, mass);
}

/// `drives` moved by (dx, dy) [m].
inline std::vector<Drive> moved(std::vector<Drive> drives, double dx, double dy) {
  for (Drive& d : drives) d.x0 += dx, d.y0 += dy;
  return drives;
}

/// A SUMO network's <location> as netconvert writes it for what it read in metres moved by (dx, dy), the
/// l-rail's box its original bounds, and `projection` its projParameter ("!": none) (crashbench reads only
/// the netOffset and whether there is a projection).
inline void write_network(const std::filesystem::path& path, double dx, double dy,
                          const std::string& projection = "!") {
  std::ofstream(path) << fmt::format(
      "<net version=\"1.9\">\n  <location netOffset=\"{:.2f},{:.2f}\" convBoundary=\"{:.2f},{:.2f},{:.2f},{:.2f}\" "
      "origBoundary=\"-30.00,0.00,100.00,40.00\" projParameter=\"{}\"/>\n</net>\n",
      dx, dy, -30 + dx, dy, 100 + dx, 40 + dy, projection);
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

/// A case in `dir` on `dir`/roads.xodr, written of OpenDRIVE `roads` (opendrive_roads.hpp), with the FCD
/// `dir`/fcd.xml (and its `extra` traffic keys), `duration` [s], tree; every face colliding, or the roads'
/// edge walls 1 m tall; the file's header holding `header`.
inline Case road_traffic_case(const std::filesystem::path& dir, const std::string& roads, double duration,
                              bool edge_walls, nlohmann::json extra = nlohmann::json::object(),
                              const std::string& header = "") {
  write_opendrive(dir / "roads.xodr", roads, header);
  nlohmann::json traffic = {{"sumo_fcd", "fcd.xml"}};
  traffic.update(extra);
  const nlohmann::json doc = {
      {"name", dir.filename().string()},
      {"scene", edge_walls ? nlohmann::json{{"file", "roads.xodr"}, {"opendrive", {{"edges", {{"height", 1.0}}}}}}
                           : nlohmann::json{{"file", "roads.xodr"}, {"collision", {{"vertical_within_deg", 90}}}}},
      {"detector", "tree"}, {"response", {{"model", "restitution"}, {"restitution", 0.2}}},
      {"duration", duration}, {"vehicles", nlohmann::json::array()}, {"traffic", traffic}};
  return parse_case(doc, (dir / "case.json").string());
}

}  // namespace crashbench::testing
