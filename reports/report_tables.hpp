#pragma once
// The report's HTML tables, built from a results file.
#include <string>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// Knight's Table 6-1 (his 2002 thesis, chapter 6) measured here: a row per scene (labelled with the
/// collision triangles and walls its cases recorded) and detector, and a no-collision baseline (the dynamics
/// phase alone); a column per response model, every model that ran in the results, whose cell is the median
/// of the cases' median step costs with the worst case's p99 beside it ("not run" where no case ran); then a
/// column per published source of the scenes' registry entries (Knight's times on a 300 MHz Pentium II, and
/// his Creator-optimised Watkins Glen apart), with the ratio published/now against the first.
std::string performance_table_html(const ResultsFile& results);

/// One row per case: each phase's median, the step's p99, max and mean, and the share of the dt budget.
std::string cost_table_html(const ResultsFile& results);

/// One row per case (failures first), one column per invariant: worst residual against tolerance;
/// error cases show their error.
std::string invariant_table_html(const ResultsFile& results);

/// Response models side by side on each impact, like Table 2 of Zhou et al. (2008): cases that differ
/// only in `response.model` are paired, and for each impact the rows give pre- and post-impact states,
/// impulse, energy kept and the model's status.
std::string impacts_side_by_side_html(const ResultsFile& results);

}  // namespace crashbench
