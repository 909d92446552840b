#pragma once
// The report's contact table: force-answering models (penalty) beside the impulse models on the same
// cases, one row per case and response, the energy kept under each integrator; and its bar charts.
#include <string>
#include <vector>

#include "reports/figure.hpp"
#include "reports/results/results_reader.hpp"


namespace crashbench {

/// HTML table for results that hold a force-answered contact (docs/penalty.md); empty otherwise.
std::string contact_table_html(const ResultsFile& results);

/// The same first impacts as grouped bar charts (a group per case, a bar per response): delta-V and
/// energy kept, section "contacts"; none without a force-answered contact.
std::vector<Figure> contact_figures(const ResultsFile& results);

}  // namespace crashbench
