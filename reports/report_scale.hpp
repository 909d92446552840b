#pragma once
// The report's section for cases of many vehicles (CaseRecord::aggregated: the trajectory went to an HDF5
// file): instead of a trace, an outline and a marker per vehicle and event, which a browser cannot draw at
// 10,000 vehicles, it shows where and when contacts happened (density over the plan and over time),
// percentiles over the vehicles, and a few sampled trajectories. The run binned them (reports/results/record_store.hpp),
// so the page carries a fixed number of points whatever the vehicle and event counts.
#include <string>
#include <vector>

#include "reports/figure.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

/// Per aggregated case: contact density over the plan (with the walls and sampled trajectories), contacts
/// and the speed percentiles over time. Section "scale".
std::vector<Figure> scale_figures(const ResultsFile& results);

/// A table of the aggregated cases: vehicles, events, and the percentiles over vehicles of each one's peak
/// speed, final speed, peak yaw rate, distance and events; "" when no case is aggregated.
std::string scale_table_html(const ResultsFile& results);

/// The section's note: what is aggregated and where every vehicle's trajectory is.
std::string scale_section_note();

}  // namespace crashbench
