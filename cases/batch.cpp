#include "cases/batch.hpp"

#include "cases/case_loader.hpp"
#include "cases/simulation.hpp"

namespace crashbench {
namespace {

RunResult error_result(const CaseInput& input, const std::string& message) {
  RunResult r;
  r.name = input.label;
  r.source_file = input.file;
  r.status = CaseStatus::kError;
  r.error = message;
  return r;
}

RunResult run_input(const CaseInput& input) {
  if (input.error) return error_result(input, input.error->what());
  try {
    return run_case(parse_case(input.doc, input.file));
  } catch (const Error& e) {
    return error_result(input, e.in_file(input.file).what());
  } catch (const std::exception& e) {
    return error_result(input, input.file + ": the case crashed: " + e.what());
  }
}

}  // namespace

std::vector<RunResult> run_inputs(const std::vector<CaseInput>& inputs, const ProgressFn& progress) {
  std::vector<RunResult> results;
  results.reserve(inputs.size());
  for (const auto& input : inputs) {
    results.push_back(run_input(input));
    if (progress) progress(results.back(), results.size(), inputs.size());
  }
  return results;
}

int batch_exit_code(const std::vector<RunResult>& results) {
  int code = 0;
  for (const auto& r : results) {
    if (r.status == CaseStatus::kError) return 2;
    if (r.status == CaseStatus::kFailed) code = 1;
  }
  return code;
}

}  // namespace crashbench
