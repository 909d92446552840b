#include "reports/plot_readability.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>
#include <utility>

namespace crashbench {
namespace {

using nlohmann::json;

/// Colours for legend groups (colour-blind safe, Okabe & Ito's order), reused past the end.
constexpr std::array<const char*, 8> kPalette = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                 "#E69F00", "#56B4E9", "#000000", "#F0E442"};

bool ends_with(std::string_view text, std::string_view tail) {
  return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

/// Whether `trace` is drawn against y axis `axis` ("yaxis" is Plotly's "y", "yaxis2" its "y2").
bool on_axis(const json& trace, const std::string& axis) {
  return "yaxis" + trace.value("yaxis", std::string("y")).substr(1) == axis;
}

}  // namespace

int legend_entries(const Figure& f) {
  return static_cast<int>(std::count_if(f.data.begin(), f.data.end(),
                                        [](const json& t) { return t.value("showlegend", true); }));
}

void fold_long_legend(Figure& f) {
  const int entries = legend_entries(f);
  if (entries > kLegendEntriesShown) f.folded_legend_entries = entries;
}

void group_trace(json& trace, const std::string& group, std::size_t colour, bool first) {
  const char* c = kPalette[colour % kPalette.size()];
  trace["legendgroup"] = group;
  trace["showlegend"] = first;
  if (trace.value("mode", std::string()).find("lines") != std::string::npos) trace["line"]["color"] = c;
  if (trace.value("mode", std::string()).find("markers") != std::string::npos) trace["marker"]["color"] = c;
}

void keep_min_span(Figure& f, const std::string& axis, double min_span) {
  if (f.layout.contains(axis) && f.layout[axis].contains("range")) return;
  double lo = INFINITY, hi = -INFINITY;
  for (const json& trace : f.data) {
    if (!on_axis(trace, axis) || !trace.contains("y")) continue;
    for (const json& y : trace["y"])
      if (y.is_number() && std::isfinite(y.get<double>())) lo = std::min(lo, y.get<double>()), hi = std::max(hi, y.get<double>());
  }
  if (!(lo <= hi) || hi - lo >= min_span) return;
  const double middle = 0.5 * (lo + hi);
  f.layout[axis]["range"] = {middle - 0.5 * min_span, middle + 0.5 * min_span};
}

std::string wrapped_title(const std::string& title) {
  std::string out, line;
  std::size_t start = 0;
  while (start <= title.size()) {
    std::size_t end = title.find(' ', start);
    if (end == std::string::npos) end = title.size();
    const std::string word = title.substr(start, end - start);
    if (!line.empty() && line.size() + 1 + word.size() > kTitleLineChars) out += line + "<br>", line.clear();
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  return out + line;
}

std::string field_axis_title(const std::string& path) {
  // Units by the field's name; the case format names its angles *_deg and its imperial speeds *_mph.
  static const std::array<std::pair<std::string_view, std::string_view>, 9> kUnits = {{
      {"_deg", "deg"}, {"_mph", "mph"}, {"speed", "m/s"}, {"dt", "s"}, {"duration", "s"},
      {"restitution", "-"}, {"friction", "-"}, {"mass", "kg"}, {"yaw_inertia", "kg m^2"}}};
  for (const auto& [tail, unit] : kUnits)
    if (ends_with(path, tail)) return path + " [" + std::string(unit) + "]";
  // Positions and contact points (point_B.1, position.0) are lengths in the body or world frame.
  if (path.find("point_B.") != std::string::npos || path.find("position.") != std::string::npos) return path + " [m]";
  return path + " [case-file units]";
}

}  // namespace crashbench
