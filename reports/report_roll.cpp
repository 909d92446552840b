#include "reports/report_roll.hpp"

#include <string>
#include <utility>
#include <vector>

#include "reports/plot_readability.hpp"

namespace crashbench {
namespace {

using nlohmann::json;

/// Smallest y span [m/s or deg/s]: a vehicle that neither slows nor rolls draws a flat line.
constexpr double kMinSpan = 2.0;

json line(const std::string& name, const json& x, const json& y, bool dashed) {
  return {{"type", "scatter"}, {"mode", "lines"}, {"name", name}, {"x", x}, {"y", y},
          {"line", {{"dash", dashed ? "dash" : "solid"}}}};
}

/// One figure of `keys` (with their labels) for every vehicle of the case that has them.
Figure responses(const CaseRecord& c, const std::string& what, const std::string& unit,
                 const std::vector<std::pair<std::string, std::string>>& keys) {
  const json& trajectory = c.raw["trajectory"];
  Figure f{"trajectories", c.name + ": " + what, json::array(),
           plot_layout(c.name + ": " + what + " over time (Zhou et al. 2008, Fig. 7)", "time [s]", unit)};
  for (const json& v : trajectory["vehicles"]) {
    if (!v.contains("roll_rate_deg_s")) continue;
    bool dashed = false;
    for (const auto& [key, label] : keys) {
      f.data.push_back(line(v.value("name", "?") + " " + label, trajectory["time"], v[key], dashed));
      dashed = !dashed;
    }
  }
  keep_min_span(f, "yaxis", kMinSpan);
  return f;
}

/// A case that ran, rolled, and is not a point of a numeric sweep (the sweep's contours show those).
bool rolled(const CaseRecord& c) {
  if (c.status == "error" || !c.raw.contains("trajectory")) return false;
  for (const auto& [path, value] : c.variation.items())
    if (value.is_number()) return false;
  for (const json& v : c.raw["trajectory"]["vehicles"])
    if (v.contains("roll_rate_deg_s")) return true;
  return false;
}

}  // namespace

std::vector<Figure> roll_figures(const ResultsFile& results) {
  std::vector<Figure> out;
  for (const auto& c : results.cases) {
    if (!rolled(c)) continue;
    out.push_back(responses(c, "body-frame velocity", "velocity [m/s]", {{"u", "u (forward)"}, {"v", "v (left)"}}));
    out.push_back(responses(c, "yaw and roll rate", "rate [deg/s]",
                            {{"yaw_rate_deg_s", "yaw rate"}, {"roll_rate_deg_s", "roll rate"}}));
  }
  return out;
}

}  // namespace crashbench
