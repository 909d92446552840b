#pragma once
// The plain-text summary `crashbench run` prints: one row per case.
#include <span>
#include <string>

#include "cases/run_result.hpp"

namespace crashbench {

std::string summary_table(std::span<const RunResult> results);

}  // namespace crashbench
