#pragma once
// Turns one case document (JSON, see docs/case-files.md) into a checked Case. Every problem is a
// crashbench::Error naming the file, the JSON pointer and what was expected.
#include <nlohmann/json.hpp>

#include <string>

#include "cases/case.hpp"

namespace crashbench {

/// `file` is the document's origin, used in errors and to resolve relative scene paths.
Case parse_case(const nlohmann::json& doc, const std::string& file);

}  // namespace crashbench
