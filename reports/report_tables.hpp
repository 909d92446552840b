#pragma once
// The report's HTML tables, built from a results file.
#include <string>

#include "reports/results_reader.hpp"

namespace crashbench {

/// Knight's Table 6-1 (thesis 000_..., chapter 6) measured here: a row per scene and detector and a
/// no-collision baseline (the dynamics phase alone), a column per response model, cells the mean whole
/// step cost over the cases with that scene, detector and model; the figures published for the scene
/// (its scene registry entry: Knight's 2002 times on a 300 MHz Pentium II for his test rail and Watkins
/// Glen) beside them, with the ratio published/now.
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
