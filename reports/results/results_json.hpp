#pragma once
// results.json: everything a run produced, for machines (CI, `crashbench report`, `compare`).
#include <nlohmann/json.hpp>

#include <span>
#include <string>

#include "cases/run_result.hpp"

namespace crashbench {

inline constexpr std::string_view kResultsFormat = "crashbench-results/1";
/// How config.vehicle_params echoes a vehicle: 2 (config.vehicle_params_version), the shared numbers and
/// the dynamics model's own keys only (VehicleDynamics::vehicle_parameters; "resistance" with dugoff alone).
/// Files without the field are version 1: every vehicle also echoed "resistance". Readers take both.
inline constexpr int kVehicleParamsVersion = 2;

/// How a batch was run: written under "run" so that reports can say whether timing ran serially, and
/// so that `crashbench merge` can put shards back in order.
struct RunInfo {
  int jobs = 1;                           ///< worker threads; timings are trustworthy only with 1
  int shard_index = 0;                    ///< K of --shard K/N (1-based), 0 when not sharded
  int shard_count = 0;                    ///< N of --shard K/N, 0 when not sharded
  std::size_t total_cases = 0;            ///< cases in the full expanded list (0: results.size())
  std::vector<std::size_t> case_indices;  ///< each result's position in the full list (empty: 0, 1, ...)
  /// Each result's trajectory file relative to results.json (reports/results/record_store.hpp); "" or
  /// missing: inline. The files themselves are written by write_trajectory_h5.
  std::vector<std::string> trajectory_files;
};

/// How a case's JSON holds its scene's walls: the walls themselves ("scene_walls"), or their key alone
/// ("scene_walls_ref", reports/results/shared_walls.hpp), the caller writing each key's walls once
/// (walls_json).
enum class WallsAs { kWalls, kKey };

/// One case. With `trajectory_file`, results.json keeps a few sampled vehicles, percentiles and binned
/// contacts, and names the file that holds every vehicle's trajectory and every event.
nlohmann::json to_json(const RunResult& result, const std::string& trajectory_file = "",
                       WallsAs walls = WallsAs::kWalls);
/// The scene's walls as a case's "scene_walls" holds them: [[ax, ay, bx, by], ...].
nlohmann::json walls_json(const RunResult& result);

/// Replaces every NaN or infinite number in `doc` with the string "nan", "inf" or "-inf" (nlohmann would
/// write null). A run stops at its first non-finite value, so its results hold none; this is the backstop.
void write_non_finite_as_strings(nlohmann::json& doc);
/// The string write_non_finite_as_strings writes for a non-finite `x`.
const char* non_finite_text(double x);
/// The whole document; each scene's walls written once under "scenes" (reports/results/shared_walls.hpp).
nlohmann::json to_json(std::span<const RunResult> results, const RunInfo& info = {});

/// Writes `results` to `path` (directories created) atomically: a temporary file in the same folder,
/// flushed and renamed into place (reports/results/output_file.hpp); Error naming the path and the reason on failure.
void write_results_file(const std::string& path, std::span<const RunResult> results, const RunInfo& info = {});

/// Writes any JSON document to `path` the same way; text that is not valid UTF-8 is written as U+FFFD.
void write_json_file(const std::string& path, const nlohmann::json& doc);

}  // namespace crashbench
