#pragma once
// The per-step record of a case of many vehicles as a compact columnar HDF5 file beside results.json
// (docs/reports.md lists every dataset): the trajectory as one 2-D dataset per quantity (a row per
// vehicle, a column per sample) and the events as one column per field in the group /events; chunked,
// shuffled and deflate-compressed, readable with h5py or any HDF5 tool. Debian's libhdf5 (C API).
#include <string>
#include <string_view>

#include "cases/run_result.hpp"

namespace crashbench {

inline constexpr std::string_view kCaseH5Format = "crashbench-case-h5/1";

/// Writes `result`'s trajectory and events to `path` (folders created) as a temporary file renamed into
/// place when complete, so a kill never leaves a file that looks whole but is not. Error naming `path`.
void write_case_h5(const std::string& path, const RunResult& result);

}  // namespace crashbench
