#pragma once
// A case's `measured` block (docs/case-files.md): a staged crash test's measurements, read and checked.
#include <cstddef>

#include "cases/measured_crash.hpp"
#include "core/json_reader.hpp"

namespace crashbench {

/// Reads a case's `measured`: at most the case's `vehicles`, over a window no longer than its `duration`.
MeasuredCrash parse_measured(const JsonReader& field, std::size_t vehicles, double duration);

}  // namespace crashbench
