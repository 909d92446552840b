#pragma once
// Reads results.json ("crashbench-results/1") back for `report`, `compare` and `merge`. Every problem --
// a missing or truncated file, text that is not JSON, another format version, a field of the wrong
// type -- is a crashbench::Error naming the file, the JSON pointer and what was expected.
#include <nlohmann/json.hpp>

#include <climits>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "models/response/response_model.hpp"

namespace crashbench {

/// Order statistics of one phase's per-step cost [ns]; `histogram` as in reports/results/phase_stats.hpp.
struct PhaseCost {
  double mean_ns = 0, median_ns = 0, p99_ns = 0, max_ns = 0;
  std::vector<int> histogram;  ///< counts on the fixed log bins, empty when not written
};

/// One invariant over a whole case.
struct InvariantRecord {
  std::string name;
  int checked = 0, failed = 0;
  double worst_residual = 0, tolerance = 0;
};

/// One case of a results file. Fields the report needs are typed; `raw` keeps the whole case object
/// (events, trajectory, walls, and fields later versions of the runner add) for plots and merging.
struct CaseRecord {
  std::size_t index = 0;                      ///< position in the full expanded case list
  std::string name, source_file;
  std::string listed_name;                    ///< the listed case's name before the matrix variation
  nlohmann::json variation = nlohmann::json::object();  ///< matrix values applied: dotted path -> value
  std::string status;                         ///< "passed", "failed" or "error"
  std::string error;                          ///< when status is "error"
  std::map<std::string, std::string> config;  ///< every string-valued config field (scene, detector, ...)
  double dt = 0;                              ///< [s]
  int steps = 0, impacts = 0;
  std::string physics_hash;                   ///< 16 hex digits (cases/checks/physics_hash.hpp); empty when not written
  bool impacts_ok = true;                     ///< impact count within the case's expectation
  int impacts_min = 0, impacts_max = INT_MAX; ///< that expectation (INT_MAX: no upper bound)
  bool first_impact_ok = true;                ///< first impact within the case's time window, if it has one
  std::vector<InvariantRecord> invariants;
  std::string failure;                        ///< why the run stopped early (a non-finite value), or ""
  int unchecked_events = 0;                   ///< events with no invariant checked
  std::map<std::string, PhaseCost> timing;    ///< by phase name ("step", "detect", ...)
  int scene_triangles = -1;                   ///< the scene's collision triangles; -1 when not written
  std::size_t scene_walls = 0;                ///< the scene's analytic walls
  /// A step time published for the case's scene (scene_published), which Table 6-1 sets beside the run's.
  struct PublishedTime {
    std::string label, source, response_model;
    double step_ms = 0;  ///< [ms]
  };
  std::vector<PublishedTime> scene_published;  ///< empty: none published, or an older file
  std::vector<LawCurve> response_curves;       ///< the response model's laws; empty: none, or an older file
  /// The HDF5 file holding every vehicle's trajectory, relative to the results file; "" when results.json
  /// holds them all. With a file, raw["trajectory"]["vehicles"] holds a few sampled vehicles only.
  std::string trajectory_file;
  /// With check_against: the reference detector and how many of the checked steps differed from it.
  struct Agreement {
    std::string reference;
    int steps_checked = 0, steps_differing = 0;
  };
  std::optional<Agreement> agreement;         ///< absent when the case named no reference detector
  nlohmann::json raw;

  bool failed() const { return status != "passed"; }
  /// A case of many vehicles (its trajectory in a file): the report aggregates it instead of plotting each one.
  bool aggregated() const { return !trajectory_file.empty(); }
  /// config[key], or "" when absent.
  std::string config_value(const std::string& key) const;
  /// Mean / median cost of `phase` [ns]; 0 when not timed.
  double mean_ns(const std::string& phase) const;
  double median_ns(const std::string& phase) const;
};

struct ResultsFile {
  std::string path;
  nlohmann::json run = nlohmann::json::object();  ///< how the batch ran (jobs, timing_serial, shard)
  std::vector<CaseRecord> cases;
  bool interrupted = false;       ///< read from the results.jsonl of a run that did not finish
  std::size_t planned_cases = 0;  ///< cases the interrupted run was to run (0 when not `interrupted`)

  /// "interrupted: N of M cases finished" for an interrupted run, else "".
  std::string interruption_note() const;

  /// True unless the run says its timings came from several cases at once.
  bool timing_serial() const;

  /// How many cases passed, failed and could not run.
  struct StatusCounts {
    int passed = 0, failed = 0, errors = 0;
  };
  StatusCounts status_counts() const;
};

/// Reads and checks `path`: a results.json, a results.jsonl (reports/results/results_stream.hpp; by its extension),
/// or an output folder holding either (results.json first).
ResultsFile read_results_file(const std::string& path);
/// Checks an already parsed document; `path` names it in errors.
ResultsFile parse_results(const nlohmann::json& doc, const std::string& path);

}  // namespace crashbench
