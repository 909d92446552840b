#pragma once
// The report's "measured crashes" section (docs/validation.md): every listed case that carries a staged
// crash test's measurements (`measured`, written by `crashbench crash-test`) is one test; its cases are
// grouped by response model, and a model's several cases (a matrix's draws of the inputs the test does
// not give) are its band. Per test: each model's delta-V beside the measured one, the errors, whether
// the measured value falls inside the band, and which model came closest.
#include <string>
#include <vector>

#include "reports/figure.hpp"
#include "reports/results/results_reader.hpp"

namespace crashbench {

/// One vehicle's measured change, as the case carries it [m/s, rad/s].
struct MeasuredValue {
  double x = 0, y = 0, magnitude = 0, uncertainty = 0;
  bool has_yaw = false, yaw_is_estimate = false;
  double yaw_rate_change_deg_s = 0;
};

/// One model on one vehicle over its runs: the median and range of |dV|, the median errors.
struct ModelOnVehicle {
  int runs = 0;                              ///< runs that recorded the window
  double median = 0, low = 0, high = 0;      ///< |dV| [m/s]
  double magnitude_error = 0;                ///< median |dV| - measured |dV| [m/s]
  double direction_error_deg = 0;            ///< median signed angle from measured to simulated
  bool has_yaw = false;
  double yaw_error_deg_s = 0;                ///< median, where a yaw rate was measured
  bool inside() const;                       ///< more than one run, and measured |dV| within [low, high]
  double measured = 0;                       ///< the measured |dV| it is compared with [m/s]
};

struct ModelOnTest {
  std::string model;
  std::vector<ModelOnVehicle> vehicles;  ///< per measured vehicle
  int errors = 0;                        ///< cases of this model that could not run
  int failed = 0;                        ///< cases that ran but failed an invariant (not trusted)
  /// Mean over the vehicles of |median |dV| - measured|; what "closest" ranks by [m/s].
  double mean_abs_error() const;
};

struct MeasuredTest {
  std::string name, source;
  std::vector<MeasuredValue> measured;
  std::vector<ModelOnTest> models;  ///< in the order the results first name them
  /// The models that ran on every vehicle with every run passing its invariants (a run that failed one is
  /// no evidence), closest first (smallest mean_abs_error).
  std::vector<const ModelOnTest*> ranked() const;
};

/// Every test in `results`, in the order of their first case.
std::vector<MeasuredTest> measured_tests(const ResultsFile& results);

/// The section's HTML (tables, the closest model, the band's hit rate); empty without measured cases.
std::string measured_section_html(const ResultsFile& results);

/// Per test: |dV| per vehicle, a bar per model (its band as error bars) beside the measured value
/// (its uncertainty as error bars).
std::vector<Figure> measured_figures(const ResultsFile& results);

/// The summary.md lines: per test, the closest model and by how much; empty without measured cases.
std::string measured_summary_markdown(const ResultsFile& results);

}  // namespace crashbench
