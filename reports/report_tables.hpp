#pragma once
// The report's HTML tables, built from a results file.
#include <string>

#include "reports/results_reader.hpp"

namespace crashbench {

/// Knight's Table 6-1 (thesis 000_..., chapter 6) measured here: a row per scene and detector and a
/// no-collision baseline (the dynamics phase alone), a column per response model, cells the mean whole
/// step cost over the cases with that scene, detector and model; the 2002 figures (300 MHz Pentium II)
/// beside them for the l-rail ("Test Rail") and track ("Watkins Glen") scenes, with the ratio 2002/now.
std::string performance_table_html(const ResultsFile& results);

/// One row per case: each phase's median, the step's p99 and max, and the share of the dt budget.
std::string cost_table_html(const ResultsFile& results);

/// One row per case (failures first), one column per invariant: worst residual against tolerance;
/// error cases show their error.
std::string invariant_table_html(const ResultsFile& results);

/// Response models side by side on each impact, like Table 2 of Zhou et al. (2008): cases that differ
/// only in `response.model` are paired, and for each impact the rows give pre- and post-impact states,
/// impulse, energy kept and the model's status.
std::string impacts_side_by_side_html(const ResultsFile& results);

}  // namespace crashbench
