#pragma once
// The fixed parts of report.html: style sheet and scripts (reports/report_assets.cpp).
#include <string_view>

namespace crashbench {

/// The page's CSS.
std::string_view report_css();
/// Runs before anything else: records uncaught errors and console.error calls so the page can show them.
std::string_view console_capture_script();
/// Draws every figure of the JSON element #figures with Plotly, then writes #render-status with
/// data-expected, data-rendered and data-errors (read by the headless-browser test).
std::string_view render_script();

}  // namespace crashbench
