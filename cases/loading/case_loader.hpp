#pragma once
// Turns one case document (JSON, see docs/case-files.md) into a checked Case. Every problem is a
// crashbench::Error naming the file, the JSON pointer and what was expected.
#include <nlohmann/json.hpp>

#include <string>

#include "cases/case.hpp"
#include "cases/loading/limits.hpp"

namespace crashbench {

/// `file` is the document's origin, used in errors and to resolve relative scene paths; `pointer` is where
/// the document sits in it ("/cases/1" for a matrix's inline case, "" for a whole file). A case asking for
/// more steps, recorded states or vehicles than `limits` allows is an Error naming the cap and its flag.
Case parse_case(const nlohmann::json& doc, const std::string& file, const InputLimits& limits = {},
                const std::string& pointer = "");

}  // namespace crashbench
