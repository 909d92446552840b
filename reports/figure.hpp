#pragma once
// One plot of the report as a Plotly figure (traces and layout as JSON), and the layout every figure
// starts from: the floor each figure file builds on (report_figures.hpp gathers them in page order).
#include <nlohmann/json.hpp>

#include <string>

namespace crashbench {

/// One plot: Plotly `data` (traces) and `layout`; `section` is the page section it belongs to.
struct Figure {
  std::string section;  ///< "trajectories", "laws", "costs", "sweeps" or "contacts"
  std::string title;
  nlohmann::json data = nlohmann::json::array();
  nlohmann::json layout = nlohmann::json::object();
  int folded_legend_entries = 0;  ///< > 0: the legend starts hidden behind a button (reports/plot_readability.hpp)
};

/// A Plotly layout with a title and axis titles, its margins growing to fit the tick labels and titles.
nlohmann::json plot_layout(const std::string& title, const std::string& x_title, const std::string& y_title);

}  // namespace crashbench
