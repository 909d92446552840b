#pragma once
// Runs a list of expanded case inputs. A case that cannot be read or run becomes a result with
// status kError and its message; the others still run.
#include <functional>
#include <vector>

#include "cases/matrix.hpp"
#include "cases/run_result.hpp"

namespace crashbench {

/// Called after each case with the result and how many are done.
using ProgressFn = std::function<void(const RunResult&, std::size_t done, std::size_t total)>;

std::vector<RunResult> run_inputs(const std::vector<CaseInput>& inputs, const ProgressFn& progress = {});

/// The exit code of a batch: 2 if any input was bad, else 1 if any invariant failed, else 0.
int batch_exit_code(const std::vector<RunResult>& results);

}  // namespace crashbench
