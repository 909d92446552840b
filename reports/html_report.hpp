#pragma once
// report.html: one self-contained page (the plotting library inlined, packed; no network) with the performance
// table, costs, invariant verdicts, response models side by side and the plots; and summary.md beside it.
#include <string>
#include <string_view>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// Debian's python3-plotly copy of plotly.js, the default plotting library.
inline constexpr std::string_view kDebianPlotlyJs = "/usr/share/python3-plotly/plotly.js";

/// The plotting library to inline: $CRASHBENCH_PLOTLY_JS when set, else plotly.js in an installed
/// crashbench's data folder (<prefix>/share/crashbench) when a packager put one there, else kDebianPlotlyJs.
std::string plotting_library_path();

/// The text of the plotting library at `path`; Error naming the path and the package that ships it.
std::string load_plotting_library(const std::string& path);

/// The whole page. `plotting_js` is inlined packed (reports/plot_library.hpp); it must define `Plotly`.
std::string report_html(const ResultsFile& results, std::string_view plotting_js);

struct ReportPaths {
  std::string html;     ///< DIR/report.html
  std::string summary;  ///< DIR/summary.md
};

/// Writes report.html and summary.md into `dir` (created); Error naming the path on failure.
ReportPaths write_report(const ResultsFile& results, const std::string& dir, std::string_view plotting_js);

}  // namespace crashbench
