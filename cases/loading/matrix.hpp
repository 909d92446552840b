#pragma once
// Reads what `crashbench run` is given -- a case file or a matrix file -- and expands it into one
// document per case. A matrix lists case files (or inline cases) and the fields to vary; the product
// of the variations is applied to each listed case. A case that cannot be read becomes an entry with
// its error, so the other cases still run.
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "cases/loading/json_parse.hpp"
#include "cases/loading/limits.hpp"
#include "core/error.hpp"

namespace crashbench {

struct CaseInput {
  std::string file;                  ///< where the case came from (for errors and relative paths)
  std::string pointer;               ///< where in `file` the case is ("/cases/1" when inline in a matrix, else "")
  std::string label;                 ///< case name and variation, for reports when the case is unreadable
  nlohmann::json doc;                ///< the case document with the variation applied
  std::optional<Error> error;        ///< set when the case could not be read
  std::string listed_name = {};      ///< the listed case's name, before the variation ("" = `label`)
  nlohmann::json variation = nlohmann::json::object();  ///< the matrix values applied: dotted path -> value
};

/// Expands `path`. Throws Error only when `path` itself is unreadable or malformed, or when it would
/// expand to more than `limits.max_cases` cases (checked before expanding).
std::vector<CaseInput> expand_input_file(const std::string& path, const InputLimits& limits = {});

/// Expands an already parsed matrix document (for tests); `file` for errors and relative paths.
std::vector<CaseInput> expand_matrix(const nlohmann::json& matrix, const std::string& file,
                                     const InputLimits& limits = {});

}  // namespace crashbench
