#pragma once
// `crashbench crash-test --matrix FILE`: a matrix over the test's case that runs every registered
// response model on it and, with --band, draws the inputs the header lacks that a dotted path can reach
// (each vehicle's CG height and yaw inertia), so that `crashbench run FILE --report DIR` gives the
// report's measured-crashes section with a band per model.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "validation/test_case.hpp"

namespace crashbench {

/// The matrix listing `case_file` (relative to `matrix_file`'s folder); `case_doc` is its document.
/// `draws` 0: no draws.
nlohmann::json crash_test_matrix(const nlohmann::json& case_doc, const std::string& case_file,
                                 const std::string& matrix_file, int draws, std::uint64_t seed,
                                 const MissingInputs& rules = {});

}  // namespace crashbench
