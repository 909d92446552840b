#pragma once
// The report's contact table: force-answering models (penalty) beside the impulse models on the same
// cases, one row per case and response, the energy kept under each integrator.
#include <string>

#include "reports/results_reader.hpp"

namespace crashbench {

/// HTML table for results that hold a force-answered contact (docs/penalty.md); empty otherwise.
std::string contact_table_html(const ResultsFile& results);

}  // namespace crashbench
