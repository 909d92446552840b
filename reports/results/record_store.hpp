#pragma once
// Where a case's per-step record (trajectory and events) goes: inline in results.json (small cases: one
// self-contained file), or an HDF5 file beside it (reports/results/case_h5.hpp) with only a few sampled vehicles,
// percentiles over all vehicles and binned contacts left in results.json, so that a case of thousands of
// vehicles stays small to write, read and plot. docs/reports.md says what each holds.
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cases/run_result.hpp"

namespace crashbench {

/// `run --trajectories`: json (always inline), h5 (always a file), auto (a file from kManyVehicles on).
enum class TrajectoryMode : std::uint8_t { kAuto, kJson, kH5 };
TrajectoryMode parse_trajectory_mode(std::string_view text);  ///< Error naming the option on an unknown name

/// From this many vehicles, `auto` writes a case's record to HDF5 and the report aggregates it.
inline constexpr std::size_t kManyVehicles = 100;
/// Vehicles whose whole trajectory results.json keeps when the rest go to the file.
inline constexpr std::size_t kSampledTrajectories = 8;

/// The HDF5 file of the case at `index` of the full case list, relative to results.json; "" when its
/// record stays inline (and always for a case that did not run).
std::string trajectory_file_for(const RunResult& result, TrajectoryMode mode, std::size_t index);

/// `kSampledTrajectories` vehicle indices spread evenly over `count` (all of them when fewer).
std::vector<std::size_t> sampled_vehicles(std::size_t count);

/// The percentiles results.json and the report give over vehicles: name and fraction.
inline constexpr std::pair<const char*, double> kPercentiles[] = {{"p5", 0.05}, {"p25", 0.25}, {"p50", 0.5},
                                                                  {"p75", 0.75}, {"p95", 0.95}, {"max", 1.0}};
/// Nearest-rank kPercentiles of `values` (sorted in place) as {"p5": ..., ..., "max": ...}; {} when empty.
nlohmann::json percentiles_json(std::vector<double>& values);

/// Percentiles over the vehicles of each one's peak speed, final speed, peak yaw rate and distance, and
/// of the speed at each sample time: {"per_vehicle": {...}, "speed_over_time": {...}} (docs/reports.md).
nlohmann::json trajectory_summary_json(const RunResult& result);

/// Bins of the contact summary: a grid this many cells wide over the plan, this many over time.
inline constexpr int kDensityCells = 60;
inline constexpr int kTimeBins = 50;

/// The events binned: {"plan": {"x": [lo, hi], "y": [lo, hi], "counts": rows (y) of columns (x)},
/// "over_time": {"end": t, "counts": [...]}, "per_vehicle": percentiles of events per vehicle}.
nlohmann::json contact_summary_json(const RunResult& result);

}  // namespace crashbench
