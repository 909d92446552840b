#pragma once
// The plain-text summary `crashbench run` prints: one row per case.
#include <span>
#include <string>

#include "cases/run_result.hpp"

namespace crashbench {

/// The table: a header, one row per case, the count line (summary_count_line) and, when a row shows an
/// impacts column (a case that ran), the note on what an impact is. Names and errors escaped.
std::string summary_table(std::span<const RunResult> results);

/// "N cases: P passed, F failed, E errors (times are medians per step)" and a newline.
std::string summary_count_line(std::span<const RunResult> results);

}  // namespace crashbench
