#pragma once
// "Which detector should I use here?": for each scene and response model in a results file, the fastest
// detector whose contacts agreed with the reference detector (check_against) on every step and whose worst
// p99 step fits the budget (the case's dt: 5 ms at 200 Hz), with the runner-up and the margin.
#include <optional>
#include <string>
#include <vector>

#include "reports/results/results_reader.hpp"

namespace crashbench {

/// One detector's cases on one scene with one response model.
struct DetectorStanding {
  std::string detector;
  double median_ns = 0;      ///< median of the cases' median step costs [ns]
  double p99_ns = 0;         ///< worst of the cases' p99 step costs [ns]
  double budget_ns = 0;      ///< the smallest dt among the cases [ns]
  int cases = 0;
  int steps_checked = 0;     ///< over all cases, against the reference
  int steps_differing = 0;   ///< of those, steps with a missing, extra or moved contact
  bool cross_checked = false;  ///< every case was checked against the reference (or is the reference)

  bool agrees() const { return cross_checked && steps_differing == 0; }
  bool fits() const { return p99_ns <= budget_ns; }
  /// Why it cannot be chosen ("disagrees with brute-force on 12 steps", "p99 6.10 ms over the 5.00 ms
  /// budget", "not cross-checked"), or "" when it can.
  std::string why_not(const std::string& reference) const;
};

/// The verdict for one scene and response model.
struct SceneVerdict {
  std::string scene, model;
  std::string reference;                   ///< "" when no case of this scene and model was cross-checked
  std::vector<DetectorStanding> standings; ///< fastest first (by median step)
  std::optional<std::size_t> best, runner_up;  ///< indices into `standings` of the two fastest eligible

  bool cross_checked() const { return !reference.empty(); }
  /// Runner-up median over the best's [-], when both exist.
  std::optional<double> margin() const;
};

/// A verdict per scene and response model, in name order; error cases are left out.
std::vector<SceneVerdict> scene_verdicts(const ResultsFile& results);

/// One line saying how the verdict is reached, shown above the table.
std::string verdict_note();

/// The verdicts as an HTML table (names escaped); a sentence when there are none.
std::string verdict_table_html(const std::vector<SceneVerdict>& verdicts);
/// The same as Markdown (cells escaped).
std::string verdict_table_markdown(const std::vector<SceneVerdict>& verdicts);

}  // namespace crashbench
