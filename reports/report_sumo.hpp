#pragma once
// The report's SUMO section (docs/case-files.md, "SUMO traffic"): per traffic case, every SUMO collision
// episode with crashbench's answer (time, impulse, delta-V) or why there is none, and the contacts SUMO did
// not report, by kind.
#include <string>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// HTML for the cases whose results hold a "sumo" object; empty when none does.
std::string sumo_section_html(const ResultsFile& results);

}  // namespace crashbench
